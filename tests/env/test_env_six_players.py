"""The research environment at a six-player table (ketchup.md 17, Six Players): the encoding
and observation are sized from the ruleset (6 seats, the 4 x 6 map's 20 x 30 grid), the
PettingZoo and OpenSpiel wrappers play 6 seats, and 6 seats without the module are refused
naming it. The base encoding is untouched (test_env_encoding, test_env_module_pins)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import fcm
from fcm.env import aec_env
from fcm.env.encoding import BASE, EncodingError, decode, encode, encoding_for
from fcm.env.observation import BASE_LAYOUT, layout_for, observe
from fcm.rulesets import get_ruleset

SIX = ("new_districts", "six_players")


def _six_game(seed: int = 4, more: tuple[str, ...] = ()) -> fcm.GameState:
    return fcm.new_game(6, seed, fcm.Options(modules=frozenset((*SIX, *more))))


def test_ketchup_17_encoding_is_sized_for_six_seats_and_the_4x6_map() -> None:
    """ketchup.md 17: a 4 x 6 map of tiles is 20 x 30 squares; six turn positions, six player
    rows, six restaurant planes; New Districts alone keeps the base grid and five seats."""
    rules = get_ruleset("base", SIX)
    enc, lay = encoding_for(rules), layout_for(rules)
    assert (enc.height, enc.width, enc.seats) == (20, 30, 6)
    assert enc.blocks["choose_turn_order"].dims == (6,)
    assert enc.blocks["place_campaign"].dims == (600, 3)
    assert enc.blocks["place_airplane"].dims == (4, 30)
    assert lay.seats == 6 and lay.SQ == 600
    assert "restaurant_5" in lay.P and "advert_owner_5" in lay.P
    assert lay.global_field("players").stop - lay.global_field("players").start == 5  # 2..6
    nd = encoding_for(get_ruleset("base", ["new_districts"]))
    assert (nd.height, nd.width, nd.seats) == (BASE.height, BASE.width, BASE.seats) == (20, 25, 5)
    assert layout_for(get_ruleset("base", ["new_districts"])).SQ == BASE_LAYOUT.SQ == 500


def test_ketchup_17_a_six_player_position_is_observed_and_every_action_round_trips() -> None:
    """A 6-player game at its first decisions: the board is 20 x 30 with the whole map in it,
    six player rows, the count's one-hot on 6, and every legal index decodes to its action;
    a square off the 20 x 30 grid is refused by name."""
    state = _six_game()
    seen = 0
    for _ in range(40):
        seat = fcm.current_actors(state)[0]
        v = fcm.view(state, seat)
        obs = observe(v, seat)
        assert obs["board"].shape[1:] == (20, 30) and obs["players"].shape[0] == 6
        lay = layout_for(state.rules)
        assert obs["board"][lay.plane("in_map")].sum() == 600  # the whole 4 x 6 map
        assert obs["globals"][lay.global_field("players")].tolist() == [0, 0, 0, 0, 1]
        for a in fcm.legal_actions(state, seat):
            assert decode(v, encode(v, a)) == a
            seen += 1
        fcm.apply_in_place(state, seat, fcm.legal_actions(state, seat)[-1])
    assert seen > 100
    with pytest.raises(EncodingError, match="20 x 30"):
        encoding_for(state.rules).square((0, 30))


def test_ketchup_17_pettingzoo_plays_six_seats() -> None:
    from pettingzoo.test import api_test

    env = aec_env(players=6, seed=3, modules=SIX)
    assert len(env.possible_agents) == 6
    assert env.observation_space("player_5")["observation"].shape[0] == env.layout.OBS_SIZE
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=200)
    # the rgb picture: the whole 4 x 6 map, 16 pixels a square
    env = aec_env(players=6, seed=3, modules=SIX, render_mode="rgb_array")
    env.reset()
    assert env.render().shape == (20 * 16, 30 * 16, 3)


def test_ketchup_17_openspiel_plays_six_seats() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import fcm.env.openspiel  # noqa: F401  (registers python_fcm)

    params = {"players": 6, "round_limit": 2, "modules": "+".join(SIX)}
    game = pyspiel.load_game("python_fcm", params)
    assert game.num_players() == 6
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(120):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions([
                int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else 0
                for p in range(6)
            ])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.observation_tensor(0)) == layout_for(get_ruleset("base", SIX)).OBS_SIZE


def test_ketchup_17_six_seats_without_the_module_are_refused_naming_it() -> None:
    rule = r"6 players need module 'six_players' \(ketchup.md 17\)"
    with pytest.raises(fcm.ScenarioError, match=rule):
        aec_env(players=6, seed=1)
    with pytest.raises(fcm.ScenarioError, match="six_players"):
        aec_env(players=6, seed=1, modules="new_districts")
