"""Randomised whole games: invariants after every action, save/load, replay, views.

For seeded games between random and heuristic bots (2-5 players, normal and introductory) we
check after every action: money conserved, cards conserved, goods never negative, demand caps,
1x cards unique, every game ends; at a random point save/load gives an identical state; the legal
actions computed from the acting seat's view equal those from the full state; replay from seed +
actions gives the identical final hash. ``FCM_SOAK_GAMES=N`` plays N games instead (make soak).
"""

from __future__ import annotations

import json
import os
import time

import pytest

from fcm.bots import make_bot
from fcm.core.engine import legal_actions
from fcm.core.invariants import check_invariants
from fcm.core.rng import Rng
from fcm.core.state import GameState, Options, state_from_dict
from fcm.core.views import view
from fcm.runner import play_game

SOAK = int(os.environ.get("FCM_SOAK_GAMES", "0"))


def _configs(count: int, first_seed: int, bots: str) -> list[tuple[int, int, bool, str]]:
    out = []
    for i in range(count):
        seed = first_seed + i
        players = 2 + seed % 4
        intro = seed % 5 == 0
        out.append((seed, players, intro, bots))
    return out


def _play_checked(seed: int, players: int, intro: bool, bots: str) -> GameState:
    names = [bots] * players if "," not in bots else bots.split(",")[:players]
    options = Options(introductory=intro, milestones=not intro)
    rng = Rng(seed)
    save_at = rng.below(400)
    steps = {"n": 0}

    def check(state: GameState, seat: int, action: object) -> None:
        check_invariants(state)
        steps["n"] += 1
        if steps["n"] == save_at:
            again = state_from_dict(json.loads(json.dumps(state.to_dict())))
            assert again.canonical_json() == state.canonical_json()
        if steps["n"] % 7 == 0 and not state.ranking:
            from fcm.core.engine import current_actors

            for s in current_actors(state):
                assert legal_actions(view(state, s), s) == legal_actions(state, s)
                assert legal_actions(state, s) == legal_actions(state, s)

    bot_list = [make_bot(n, seed * 10 + i) for i, n in enumerate(names)]
    result = play_game(bot_list, seed, options, on_step=check)
    state = result.state
    assert state.ranking and sorted(state.ranking) == list(range(players))
    assert state.round <= options.round_limit
    replayed = result.record.replay(check=False)
    assert replayed.state_hash() == state.state_hash()
    return state


@pytest.mark.parametrize(("seed", "players", "intro", "bots"), _configs(200, 1, "random"))
def test_random_games_keep_every_invariant(seed, players, intro, bots):
    _play_checked(seed, players, intro, bots)


@pytest.mark.parametrize(("seed", "players", "intro", "bots"), _configs(40, 1000, "heuristic"))
def test_heuristic_games_keep_every_invariant(seed, players, intro, bots):
    state = _play_checked(seed, players, intro, bots)
    assert state.end_reason != "round limit reached"


def test_checked_replay_of_a_saved_game_matches():
    bots = [make_bot("random", 1), make_bot("random", 2)]
    result = play_game(bots, 5, Options())
    text = result.record.dumps()
    from fcm.core.record import GameRecord

    again = GameRecord.loads(text).replay(check=True)
    assert again.state_hash() == result.state.state_hash() == result.record.final_hash


@pytest.mark.skipif(not SOAK, reason="set FCM_SOAK_GAMES=N (make soak) to run the soak")
def test_soak():
    start = time.perf_counter()
    rounds = 0
    for seed, players, intro, _ in _configs(SOAK, 10_000, "random"):
        bots = [make_bot("random", seed * 10 + i) for i in range(players)]
        result = play_game(bots, seed, Options(introductory=intro, milestones=not intro))
        check_invariants(result.state)
        rounds += result.state.round
    elapsed = time.perf_counter() - start
    print(f"\nsoak: {SOAK} games, {rounds} rounds in {elapsed:.1f}s")
