"""The PettingZoo AEC environment (issue 12, item 3)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import fcm
from fcm.env import aec_env
from fcm.env.aec import final_rewards
from fcm.env.encoding import encode


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(players=4, seed=1), num_cycles=300)


def test_pettingzoo_api_test_with_buffers() -> None:
    """copy=False: the observation and mask are the env's read-only buffers."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(players=3, seed=2, copy=False), num_cycles=300)
    env = aec_env(players=3, seed=2, copy=False)
    env.reset()
    obs, *_ = env.last()
    assert not obs["observation"].flags.writeable and not obs["action_mask"].flags.writeable
    # By default every observation is a new array: one kept across a step stays as it was.
    env = aec_env(players=3, seed=2)
    env.reset()
    kept, *_ = env.last()
    before = {k: v.copy() for k, v in kept.items()}
    env.step(int(np.flatnonzero(kept["action_mask"])[0]))
    env.last()
    assert all(np.array_equal(kept[k], before[k]) for k in kept)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: aec_env(players=3, seed=7), num_cycles=200)


def play_out(env, rng: np.random.Generator, limit: int = 100_000) -> dict[str, float]:
    totals = {a: 0.0 for a in env.possible_agents}
    for n, agent in enumerate(env.agent_iter()):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        assert n < limit
    return totals


def test_whole_game_rank_rewards_at_the_end_only() -> None:
    """A whole random game: rewards are 0 until the end, then rank-based (+1 .. -1, zero-sum)
    and agree with the engine's ranking."""
    env = aec_env(players=3, seed=11)
    env.reset()
    rng = np.random.default_rng(0)
    totals = play_out(env, rng)
    state = env.state
    assert fcm.is_over(state)
    assert totals == {f"player_{s}": r for s, r in enumerate(final_rewards(state, "rank"))}
    assert totals[f"player_{state.ranking[0]}"] == 1.0
    assert totals[f"player_{state.ranking[-1]}"] == -1.0
    assert sum(totals.values()) == pytest.approx(0.0)
    assert env.agents == []


def test_cash_share_reward() -> None:
    state = fcm.new_game(2, seed=1)
    state.players[0].cash, state.players[1].cash = 30, 10
    assert final_rewards(state, "cash_share") == [0.75, 0.25]


def test_a_later_seat_cannot_see_an_earlier_seats_secret_choice() -> None:
    """Reserve cards are chosen simultaneously and secretly: made sequential, seat 1's
    observation after seat 0 chose is the same whichever card seat 0 took."""
    seen = []
    for money in (100, 300):
        env = aec_env(players=2, seed=3)
        env.reset()
        assert env.agent_selection == "player_0"
        env.step(encode(env.state, fcm.ChooseReserve(money)))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
    assert seen[0]["action_mask"].sum() == 3


def test_illegal_index_is_refused_and_changes_nothing() -> None:
    env = aec_env(players=2, seed=3)
    env.reset()
    before = env.state.state_hash()
    with pytest.raises(ValueError, match="not legal"):
        env.step(encode(env.state, fcm.Done()))
    assert env.state.state_hash() == before


def test_render_is_text() -> None:
    env = aec_env(players=2, seed=3, render_mode="ansi")
    env.reset()
    text = env.render()
    assert "round 1" in text and "player_0" in text


MODULES = (
    "fry_chefs",
    "gourmet_food_critics",
    "hard_choices",
    "ketchup",
    "mass_marketeers",
    "movie_stars",
    "night_shift_managers",
    "reserve_prices",
)


def test_pettingzoo_api_test_with_modules() -> None:
    """Issue 15 item 3: the env plays the expansion modules, with spaces sized from the ruleset."""
    env = aec_env(players=4, seed=5, modules=MODULES)
    assert env.game_options.modules == frozenset(MODULES)
    size = env.observation_space("player_0")["observation"].shape[0]
    assert size == env.layout.OBS_SIZE and env.action_space("player_0").n > 54611
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=300)
    env = aec_env(players=3, seed=2, modules="ketchup,reserve_prices", copy=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=200)
    seed_test(lambda: aec_env(players=3, seed=7, modules=MODULES), num_cycles=100)


def test_an_unknown_module_is_refused_by_name() -> None:
    with pytest.raises(fcm.ScenarioError, match="no_such_module"):
        aec_env(players=3, modules=("no_such_module",))


def test_a_later_seat_cannot_see_an_earlier_seats_reserve_price() -> None:
    """Reserve Prices (ketchup.md 14): the base price on seat 0's secret card does not reach
    seat 1's observation."""
    seen = []
    for price in (5, 20):
        env = aec_env(players=2, seed=3, modules=("reserve_prices",))
        env.reset()
        env.step(encode(env.state, fcm.ChooseReserve(200, price)))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert seen[0]["action_mask"].sum() == 3
