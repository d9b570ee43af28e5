"""The OpenSpiel game python_fcm (issue 12, item 4)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, random_agent

import fcm
import fcm.env.openspiel as fos
from fcm.core.actions import DONE
from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.env.aec import ROUND_LIMIT
from fcm.env.encoding import encode
from fcm.env.observation import OBS_SIZE
from fcm.modules.reserve_prices.actions import ChooseReservePrice


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
    # the view, then two floats for each of the 16 + 4 setup outcomes and 100 steps per seat
    # and round over the 60 rounds of the default cap (issue 29 item 6)
    assert game.information_state_tensor_size() == OBS_SIZE + 2 * (20 + 100 * 4 * 60)
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
        assert state.information_state_string(1).endswith(f",1:{state.history()[-1]}")
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
        state.apply_actions([encode(state.fcm, ChooseReservePrice(200, p)) for p in (price, 10)])
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


# -- issue 29 item 6: perfect recall, resampling, undo, rl_environment, IS-MCTS ------------------


def reserve_of(state: pyspiel.State, money: int) -> int:
    return encode(state.fcm, fcm.ChooseReserve(money))


def test_information_state_recalls_what_the_view_forgets() -> None:
    """Perfect recall: seat 1 sends the same two cards to work in either order during a
    Restructuring (excerpt 000 "Phase 1": chosen secretly, revealed together). Once revealed,
    seat 0 has the same observation and the same information state either way (what was sent
    is revealed, not in which order), while seat 1's information state remembers its order;
    before the reveal seat 0's information state does not show the cards."""
    game = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 0})
    rng = np.random.RandomState(11)
    state = setup_done(game, 4)
    done = encode(state.fcm, DONE)
    while True:  # random play up to a Restructuring where seat 1 has two different cards
        play_some(state, rng, 1)
        f = state.fcm
        if f.turn.phase is fcm.Phase.RESTRUCTURING and set(f.turn.pending) == {0, 1}:
            sends = [a for a in state.legal_actions(1) if a != done]
            if len(sends) >= 2 and not any(f.turn.drafts.values()):
                break
    infos = []
    for order in (sends[:2], sends[1::-1]):
        s = state.clone()
        s.apply_actions([done, order[0]])
        s.apply_action(order[1])  # seat 0 has committed: seat 1 decides alone
        hidden = s.information_state_string(0)
        s.apply_action(done)
        infos.append(
            (
                s.observation_tensor(0),
                s.information_state_string(0),
                s.information_state_tensor(0),
                s.information_state_tensor(1),
                hidden,
            )
        )
    (obs_a, str_a, t0_a, t1_a, hid_a), (obs_b, str_b, t0_b, t1_b, hid_b) = infos
    assert obs_a == obs_b and str_a == str_b and t0_a == t0_b
    assert t1_a != t1_b  # seat 1 recalls its own order
    assert hid_a == hid_b and hid_a.endswith(f",1:{done}") is False
    revealed = str_a.split(" moves:")[1]
    assert revealed.endswith(f"1:{min(sends[:2])},1:{max(sends[:2])},1:{done}")
    assert not hid_a.split(" moves:")[1].endswith(f"1:{max(sends[:2])}")


def test_information_state_tensor_lists_the_seats_moves_and_the_public_ones() -> None:
    """The tensor is the observation, then (who, action) per move: 1 chance, 2 the seat itself,
    3 the next seat; rivals' secret reserve cards are not there until the first bank break."""
    game = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 2})
    state = setup_done(game, 5)
    state.apply_actions([reserve_of(state, 100), reserve_of(state, 300)])
    t0 = np.asarray(state.information_state_tensor(0), np.float32)
    assert np.array_equal(t0[:OBS_SIZE], state.observation_tensor(0))
    moves = t0[OBS_SIZE:].reshape(-1, 2)
    chance = len(state.fcm.tiles) * len(state.fcm.tiles[0]) + 2
    assert (moves[:chance, 0] == 1).all()
    assert moves[chance].tolist() == [2, reserve_of(state, 100)]  # its own card
    assert (moves[chance + 1 :] == 0).all()  # seat 1's card: secret
    t1 = np.asarray(state.information_state_tensor(1)).reshape(-1)[OBS_SIZE:].reshape(-1, 2)
    assert t1[chance].tolist() == [2, reserve_of(state, 300)]


def play_some(state: pyspiel.State, rng: np.random.RandomState, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            legal = [state.legal_actions(p) for p in range(state.num_players())]
            state.apply_actions([int(rng.choice(a)) for a in legal])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", ["python_fcm", "python_fcm_sequential"])
def test_resample_from_infostate_keeps_the_seats_information_and_redraws_the_rest(
    name: str,
) -> None:
    """Resampled states have the seat's information state, observation and legal actions,
    and differ from the real one only in what the seat cannot see: the rivals' reserve cards
    (and open drafts). Over many positions of random play, some resample changes a secret."""
    game = pyspiel.load_game(name, {"players": 3, "round_limit": 3})
    rng = np.random.RandomState(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for _position in range(12):
        state = game.new_initial_state()
        play_some(state, rng, int(rng.randint(5, 120)))
        if state.is_terminal() or state.fcm is None:
            continue
        for seat in range(3):
            for _ in range(3):
                other = state.resample_from_infostate(seat, sampler)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert other.legal_actions(seat) == state.legal_actions(seat)
                assert other.current_player() == state.current_player()
                # what differs is hidden from the seat
                assert (
                    fcm.view(other.fcm, seat).canonical_json()
                    == fcm.view(state.fcm, seat).canonical_json()
                )
                changed += other.fcm.state_hash() != state.fcm.state_hash()
                play_some(other, rng, 30)  # and the resampled state plays on
    assert changed > 0


def test_resample_keeps_reserve_cards_once_revealed() -> None:
    """After the first bank break every reserve card is public (excerpt 'Bank'): the resampled
    states keep them."""
    game = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 0})
    state = setup_done(game, 8)
    state.apply_actions([reserve_of(state, 100), reserve_of(state, 300)])
    state.fcm.bank_breaks = 1  # what the first break reveals
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(0, sampler)
        assert [p.reserve for p in other.fcm.players] == [100, 300]


def test_undo_action_restores_the_previous_state() -> None:
    """undo_action takes back the last node (a seat's move, a joint action, a chance outcome):
    state, history and move number are those before it."""
    game = pyspiel.load_game("python_fcm", {"players": 2, "round_limit": 2})
    rng = np.random.RandomState(9)
    state = game.new_initial_state()
    before = state.clone()
    state.apply_action(state.chance_outcomes()[3][0])
    state.undo_action(pyspiel.PlayerId.CHANCE, before.chance_outcomes()[3][0])
    assert str(state) == str(before) and state.history() == [] and state.move_number() == 0
    play_some(state, rng, 11)  # the rest of the setup
    assert state.is_simultaneous_node()
    before = state.clone()
    joint = [reserve_of(state, 200), reserve_of(state, 100)]
    state.apply_actions(joint)
    with pytest.raises(ValueError, match="joint action"):
        state.undo_action(0, joint[0])
    legal0, legal1 = before.legal_actions(0), before.legal_actions(1)
    state.undo_action(
        pyspiel.PlayerId.SIMULTANEOUS,
        legal0.index(joint[0]) + len(legal0) * legal1.index(joint[1]),
    )
    assert state.fcm.state_hash() == before.fcm.state_hash()
    assert state.history() == before.history() and state.move_number() == before.move_number()
    flat = state.legal_actions(pyspiel.PlayerId.SIMULTANEOUS)[-1]  # a flat joint action
    state.apply_action(flat)
    assert state.fcm.state_hash() != before.fcm.state_hash()
    state.undo_action(pyspiel.PlayerId.SIMULTANEOUS, flat)
    assert state.fcm.state_hash() == before.fcm.state_hash()
    assert state.history() == before.history()
    for _ in range(40):
        play_some(state, rng, 1)
        if not state.is_simultaneous_node() and not state.is_terminal():
            break
    before = state.clone()
    seat, action = state.current_player(), state.legal_actions()[-1]
    state.apply_action(action)
    with pytest.raises(ValueError, match="last move"):
        state.undo_action(seat, action + 1)
    state.undo_action(seat, action)
    assert state.fcm.state_hash() == before.fcm.state_hash()
    assert state.information_state_string(seat) == before.information_state_string(seat)
    assert state.history() == before.history()


def test_rl_environment_with_stock_random_agents_and_pass() -> None:
    """OpenSpiel's rl_environment drives the simultaneous form with its own RandomAgents: with
    ``all_simultaneous`` every decision is a joint step, each seat with nothing to decide has
    PASS as its one legal action, and a short game plays to the end."""
    game = pyspiel.load_game(
        "python_fcm", {"players": 3, "round_limit": 2, "all_simultaneous": True}
    )
    env = rl_environment.Environment(
        game, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    env.seed(3)
    np.random.seed(3)  # RandomAgent draws from numpy's global generator
    agents = [random_agent.RandomAgent(p, game.num_distinct_actions()) for p in range(3)]
    step = env.reset()
    steps, passes = 0, 0
    while not step.last():
        legal = step.observations["legal_actions"]
        assert all(legal), "every seat has a legal action, PASS at least"
        passes += sum(a == [fos.PASS] for a in legal)
        step = env.step([agent.step(step).action for agent in agents])
        steps += 1
    assert passes > 0 and steps > 10
    assert sorted(step.rewards) == [-1.0, 0.0, 1.0]


def test_ismcts_plays_a_short_game_to_the_end() -> None:
    """OpenSpiel's IS-MCTS (open_spiel.python.algorithms.ismcts, resampling with this game's
    resample_from_infostate at every simulation) plays seat 0 of the sequential form against
    uniform random seats until a 2-round game ends."""
    game = pyspiel.load_game("python_fcm_sequential", {"players": 2, "round_limit": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(5)
    )
    resampled = []
    real = fos.FcmState.resample_from_infostate

    def counting(self: fos.FcmState, player: int, sampler: object) -> fos.FcmState:
        resampled.append(player)
        return real(self, player, sampler)

    rng = np.random.RandomState(6)
    state = game.new_initial_state()
    fos.FcmState.resample_from_infostate = counting  # type: ignore[method-assign]
    try:
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(int(bot.step(state)))
                decisions += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    finally:
        fos.FcmState.resample_from_infostate = real  # type: ignore[method-assign]
    assert state.fcm.round == 2 and decisions > 0
    assert resampled and set(resampled) == {0}
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_sequential_form_passes_random_sim_test() -> None:
    game = pyspiel.load_game("python_fcm_sequential", {"players": 3, "round_limit": 2})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
