"""The PettingZoo AEC environment (issue 12, item 3)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import fcm
from fcm.bots import make_bot
from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.env import aec_env
from fcm.env.aec import ROUND_LIMIT, final_rewards
from fcm.env.encoding import encode
from fcm.modules.reserve_prices.actions import ChooseReservePrice
from fcm.runner import SIMULATION_ROUND_LIMIT


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
    env = aec_env(players=3, seed=11, round_limit=None)  # to the end by the rules
    env.reset()
    rng = np.random.default_rng(0)
    totals = play_out(env, rng)
    state = env.game_state
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
        env.step(encode(env.game_state, fcm.ChooseReserve(money)))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
    assert seen[0]["action_mask"].sum() == 3


def test_illegal_index_is_refused_and_changes_nothing() -> None:
    env = aec_env(players=2, seed=3)
    env.reset()
    before = env.game_state.state_hash()
    with pytest.raises(ValueError, match="not legal"):
        env.step(encode(env.game_state, fcm.Done()))
    assert env.game_state.state_hash() == before


def test_render_is_text() -> None:
    env = aec_env(players=2, seed=3, render_mode="ansi")
    env.reset()
    text = env.render()
    assert "round 1" in text and "player_0" in text


# -- issue 29, item 5: rendering modes, and state() is PettingZoo's method ---------------------


def test_pettingzoo_render_test() -> None:
    """PettingZoo's render_test over every mode in the metadata: human prints and returns None,
    ansi returns the text, rgb_array an image."""
    assert aec_env().metadata["render_modes"] == ["human", "ansi", "rgb_array"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(lambda render_mode=None: aec_env(players=3, seed=2, render_mode=render_mode))


def test_human_mode_prints_the_position_and_returns_none(capsys) -> None:
    env = aec_env(players=2, seed=3, render_mode="human")
    env.reset()  # draws the first position
    assert "round 1" in capsys.readouterr().out
    assert env.render() is None
    env.step(encode(env.game_state, fcm.ChooseReserve(100)))  # and every step's
    assert "player_1" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        aec_env(render_mode="svg")


def test_rgb_array_draws_the_public_map_in_the_web_apps_colours() -> None:
    from fcm.env.render import CHAINS, ENTRANCE, GRASS, HOUSE, ROAD

    env = aec_env(players=2, seed=1, render_mode="rgb_array")
    env.reset()
    state = env.game_state
    rows, cols = 5 * len(state.tiles), 5 * len(state.tiles[0])  # the map's own size

    def centres(img: np.ndarray) -> list[tuple[int, ...]]:
        return [tuple(int(v) for v in img[r * 16 + 8, c * 16 + 8])
                for r in range(rows) for c in range(cols)]

    img = env.render()
    assert img.dtype == np.uint8 and img.shape == (rows * 16, cols * 16, 3)
    before = centres(img)
    assert {GRASS, ROAD, HOUSE} <= set(before)
    # the first restaurant placed: 4 squares, 3 in its chain's colour and the entrance marked
    while not any(isinstance(a, fcm.PlaceRestaurant) for s in fcm.current_actors(state)
                  for a in fcm.legal_actions(state, s)):
        seat = fcm.current_actors(state)[0]
        fcm.apply_in_place(state, seat, fcm.legal_actions(state, seat)[0])
    seat = fcm.current_actors(state)[0]
    place = next(a for a in fcm.legal_actions(state, seat) if isinstance(a, fcm.PlaceRestaurant))
    fcm.apply_in_place(state, seat, place)
    changed = [now for now, was in zip(centres(env.render()), before, strict=True) if now != was]
    assert sorted(changed) == sorted([CHAINS[seat]] * 3 + [ENTRANCE])


def test_state_is_pettingzoos_method_the_engine_state_is_game_state() -> None:
    """env.state() is PettingZoo's global state (the whole position, secrets included: for a
    centralised critic), no longer shadowed by an attribute; the engine state is game_state."""
    env = aec_env(players=2, seed=3)
    env.reset()
    assert callable(env.state) and isinstance(env.game_state, fcm.GameState)
    env.step(encode(env.game_state, fcm.ChooseReserve(300)))
    glob = env.state()
    assert env.state_space.contains(glob) and glob.shape == env.state_space.shape
    # seat 0's card is in the global state, not in seat 1's observation
    from fcm.env.observation import observe_flat

    assert np.array_equal(glob, observe_flat(env.game_state, 0))
    seen = env.observe("player_1")["observation"]
    assert not np.array_equal(observe_flat(env.game_state, 1), seen)


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
        env.step(encode(env.game_state, ChooseReservePrice(200, price)))
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert seen[0]["action_mask"].sum() == 3


# -- issue 29, item 4: episodes end; a cap is a truncation, the rules' end a termination -------


def ends(env, choose) -> tuple[dict[str, tuple[bool, bool, float, dict]], int]:
    """Play the episode with ``choose(env, agent, obs)``; each agent's last (terminated,
    truncated, cumulative reward, info) and the number of steps taken."""
    last: dict[str, tuple[bool, bool, float, dict]] = {}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            last[agent] = (term, trunc, reward, dict(info))
            env.step(None)
            continue
        env.step(choose(env, agent, obs))
        steps += 1
    return last, steps


def random_choice(rng):
    return lambda env, agent, obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))


def test_default_round_cap_is_the_clis_and_none_or_zero_means_no_cap() -> None:
    assert ROUND_LIMIT == SIMULATION_ROUND_LIMIT == 60
    env = aec_env(players=2, seed=1)
    assert env.round_limit == 60 and env.game_options.round_limit == 60
    env.reset()
    assert env.game_state.options.round_limit == 60
    for no_cap in (None, 0):
        env = aec_env(players=2, seed=1, round_limit=no_cap)
        assert env.round_limit is None and env.game_options.round_limit is None
    assert aec_env(players=2, round_limit=7).game_options.round_limit == 7
    with pytest.raises(ValueError, match="round_limit"):
        aec_env(players=2, round_limit=-1)
    with pytest.raises(ValueError, match="round_limit"):
        aec_env(players=2, options=fcm.Options(round_limit=30))  # two caps that disagree


def test_a_round_capped_episode_is_truncated_not_terminated() -> None:
    """The cap ends random play after 2 rounds: every agent truncated, none terminated, reward
    0 (nobody won); the ranking the engine made at the cut is in the infos."""
    env = aec_env(players=3, seed=4, round_limit=2)
    env.reset()
    last, steps = ends(env, random_choice(np.random.default_rng(1)))
    assert env.game_state.end_reason == ROUND_LIMIT_REASON and env.game_state.round == 2
    assert set(last) == set(env.possible_agents) and env.agents == []
    assert all(trunc and not term for term, trunc, _, _ in last.values())
    assert all(reward == 0.0 for _, _, reward, _ in last.values())
    assert all(info["end"] == "round_limit" for *_, info in last.values())
    cut = [last[f"player_{s}"][3]["reward_at_cut"] for s in range(3)]
    assert cut == final_rewards(env.game_state, "rank")
    assert 0 < steps < 2000


def test_a_game_ended_by_the_rules_is_terminated_under_the_default_cap() -> None:
    """Easy bots in every seat end a 2-player game at the second bank break, well inside the
    60-round default: every agent terminated (not truncated) with the rank rewards."""
    bots = [make_bot("easy", 10 + s) for s in range(2)]

    def easy(env, agent, obs):
        seat = env.possible_agents.index(agent)
        view = fcm.view(env.game_state, seat)
        return encode(view, bots[seat].choose(view, seat, fcm.legal_actions(view, seat)))

    env = aec_env(players=2, seed=3)
    env.reset()
    last, _ = ends(env, easy)
    assert env.game_state.end_reason != ROUND_LIMIT_REASON and env.game_state.round < 60
    assert all(term and not trunc for term, trunc, _, _ in last.values())
    rewards = {a: r for a, (_, _, r, _) in last.items()}
    assert rewards == {f"player_{s}": r for s, r in enumerate(final_rewards(env.game_state))}
    assert all(info == {"end": "game_over"} for *_, info in last.values())


def test_max_steps_truncates_with_no_reward() -> None:
    env = aec_env(players=2, seed=2, max_steps=25)
    env.reset()
    last, steps = ends(env, random_choice(np.random.default_rng(3)))
    assert steps == 25 and not fcm.is_over(env.game_state)
    assert all(trunc and not term and r == 0.0 for term, trunc, r, _ in last.values())
    assert all(info == {"end": "max_steps"} for *_, info in last.values())
