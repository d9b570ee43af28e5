"""The OpenSpiel game python_fcm (issue 12, item 4)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import fcm
import fcm.env.openspiel as fos
from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.env.aec import ROUND_LIMIT
from fcm.env.encoding import encode
from fcm.env.observation import OBS_SIZE


def setup_done(game: pyspiel.Game, seed: int) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_test_with_serialization(players: int) -> None:
    """OpenSpiel's own consistency test, serialization included (short games: round limit)."""
    game = pyspiel.load_game("python_fcm", {"players": players, "round_limit": 3})
    pyspiel.random_sim_test(game, num_sims=2 if players < 4 else 1, serialize=True, verbose=False)


def test_game_shape() -> None:
    game = pyspiel.load_game("python_fcm", {"players": 4})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == fos.NUM_ACTIONS + 1
    assert game.observation_tensor_size() == OBS_SIZE
    assert game.information_state_tensor_size() == OBS_SIZE
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


def test_setup_chance_nodes_build_the_map_and_turn_order() -> None:
    """16 tile nodes (4 x 4 tiles, each letter once, 4 rotations, uniform), then 4 turn-order
    nodes; the reserve-card choice that follows is a simultaneous node of all 4 seats."""
    game = pyspiel.load_game("python_fcm", {"players": 4})
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert len(first) == 80 and sum(p for _, p in first) == pytest.approx(1.0)
    chosen = [4 * 19 + 2] + [4 * k for k in range(15)]  # T turned twice, then A..O unturned
    for outcome in chosen:
        state.apply_action(outcome)
    assert [p for p, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    for seat in (2, 0, 3, 1):
        state.apply_action(seat)
    assert state.fcm.tiles[0][0] == ("T", 2) and state.fcm.turn_order == [2, 0, 3, 1]
    assert state.is_simultaneous_node()
    reserve = [encode(state.fcm, fcm.ChooseReserve(m)) for m in (100, 200, 300)]
    assert all(state.legal_actions(p) == reserve for p in range(4))


def test_simultaneous_decision_keeps_secrets() -> None:
    """A joint step: each seat's reserve card is its own secret; the observation tensors of
    seat 1 are the same whatever seat 0 chose, and differ for seat 0."""
    game = pyspiel.load_game("python_fcm", {"players": 2})
    tensors = []
    for money in (100, 300):
        state = setup_done(game, 1)
        state.apply_actions([encode(state.fcm, fcm.ChooseReserve(m)) for m in (money, 200)])
        tensors.append((state.observation_tensor(0), state.observation_tensor(1)))
        assert state.information_state_string(1).endswith(f"moves:{state.history()[-1]}")
    assert tensors[0][1] == tensors[1][1]
    assert tensors[0][0] != tensors[1][0]


def test_pass_is_the_only_move_of_a_seat_with_nothing_to_decide() -> None:
    """With 3 seats, one that has committed its Restructuring passes while the others decide."""
    game = pyspiel.load_game("python_fcm", {"players": 3})
    state = setup_done(game, 2)
    state.apply_actions([encode(state.fcm, fcm.ChooseReserve(300))] * 3)
    rng = np.random.RandomState(0)
    saw_pass = False
    while not state.is_terminal() and state.fcm.round < 5:
        if state.is_simultaneous_node():
            legal = [state.legal_actions(p) for p in range(3)]
            saw_pass |= any(actions == [fos.PASS] for actions in legal)
            state.apply_actions([int(rng.choice(a)) for a in legal])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert saw_pass


def test_random_rollout_evaluation_end_to_end() -> None:
    """OpenSpiel algorithms run on the game: uniform random bots play a whole (short) game with
    evaluate_bots, and MCTS's random-rollout evaluator values a position."""
    game = pyspiel.load_game("python_fcm", {"players": 3, "round_limit": 4})
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sorted(returns) == [-1.0, 0.0, 1.0]
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=3, random_state=np.random.RandomState(2))
    value = evaluator.evaluate(setup_done(game, 3))
    assert value.shape == (3,) and abs(float(np.sum(value))) < 1e-9


MODULES = "fry_chefs,gourmet_food_critics,hard_choices,ketchup,mass_marketeers,movie_stars,night_shift_managers,reserve_prices"  # noqa: E501


@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test_with_modules(players: int) -> None:
    """Issue 15 item 3: the game parameter ``modules`` plays the expansion modules; OpenSpiel's
    consistency test with serialization passes and the sizes are the ruleset's."""
    game = pyspiel.load_game(
        "python_fcm", {"players": players, "round_limit": 3, "modules": MODULES}
    )
    assert game.options.modules == frozenset(MODULES.split(","))
    assert game.num_distinct_actions() == game.encoding.num_actions + 1 > fos.NUM_ACTIONS + 1
    assert game.observation_tensor_size() == game.layout.OBS_SIZE > OBS_SIZE
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_reserve_prices_stay_secret_in_a_joint_step() -> None:
    """Reserve Prices (ketchup.md 14): seat 1's tensor is the same whatever price seat 0's
    card shows."""
    game = pyspiel.load_game("python_fcm", {"players": 2, "modules": "reserve_prices"})
    tensors = []
    for price in (5, 20):
        state = setup_done(game, 1)
        state.apply_actions([encode(state.fcm, fcm.ChooseReserve(200, p)) for p in (price, 10)])
        tensors.append((state.observation_tensor(0), state.observation_tensor(1)))
    assert tensors[0][1] == tensors[1][1]
    assert tensors[0][0] != tensors[1][0]


def play_random(state: pyspiel.State, rng: np.random.RandomState, until_round: int) -> None:
    """Random moves (chance, sequential and joint) until the game ends or ``until_round``."""
    while not state.is_terminal() and (state.fcm is None or state.fcm.round < until_round):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            legal = [state.legal_actions(p) for p in range(state.num_players())]
            state.apply_actions([int(rng.choice(a)) for a in legal])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_round_limit_default_and_zero_agree_with_the_aec_env_and_the_cli() -> None:
    """Issue 29 item 4: default 60 rounds (the AEC env's, the CLI's); 0 (or None) means no
    cap, as ``--round-limit 0`` does on the CLI (it used to end the game after round 1)."""
    assert pyspiel.load_game("python_fcm").options.round_limit == ROUND_LIMIT == 60
    for no_cap in ({"round_limit": 0}, {"round_limit": None}):
        game = fos.FcmGame({"players": 2, **no_cap})
        assert game.options.round_limit is None
        assert game.get_parameters()["round_limit"] == 0
    state = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 0}).new_initial_state()
    play_random(state, np.random.RandomState(5), until_round=2)
    assert not state.is_terminal() and state.fcm.round == 2
    with pytest.raises(ValueError, match="round_limit"):
        fos.FcmGame({"players": 2, "round_limit": -3})


def test_a_capped_game_is_terminal_with_the_engines_ranking() -> None:
    state = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 1}).new_initial_state()
    play_random(state, np.random.RandomState(6), until_round=99)
    assert state.is_terminal() and state.fcm.round == 1
    assert state.fcm.end_reason == ROUND_LIMIT_REASON
    assert sorted(state.returns()) == [-1.0, 1.0]
