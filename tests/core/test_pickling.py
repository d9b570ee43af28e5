"""A state pickles (multiprocessing and Ray send states to other processes): its ruleset is
written as the registry call that gets it again (``Ruleset.rebuild``, set by ``fcm.rulesets``),
so unpickling returns the cached ruleset and the game plays on exactly as the original."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

import fcm
from fcm.core.ruleset import build_ruleset
from fcm.core.state import GameState
from fcm.rulesets import base_ruleset, get_ruleset


def _play(state: GameState, rng: random.Random, actions: int) -> list[str]:
    """Take ``actions`` random legal actions (fewer if the game ends); the hash after each."""
    hashes = []
    for _ in range(actions):
        if fcm.is_over(state):
            break
        seat = fcm.current_actors(state)[0]
        legal = fcm.legal_actions(state, seat)
        fcm.apply_in_place(state, seat, legal[rng.randrange(len(legal))])
        hashes.append(state.state_hash())
    return hashes


def _mid_game(modules: frozenset[str]) -> GameState:
    state = fcm.new_game(3, seed=11, options=fcm.Options(modules=modules))
    _play(state, random.Random(5), 400)
    assert state.round >= 2 and not fcm.is_over(state)  # well into the game
    return state


@pytest.mark.parametrize("modules", [frozenset(), frozenset({"new_milestones"})])
def test_a_state_mid_game_pickles_and_plays_on_identically(modules: frozenset[str]) -> None:
    state = _mid_game(modules)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.state_hash() == state.state_hash()
    assert copy.rules is state.rules is get_ruleset("base", modules)  # the cached object
    assert _play(copy, random.Random(9), 300) == _play(state, random.Random(9), 300)


def test_a_state_unpickled_in_a_fresh_process_rebuilds_its_ruleset() -> None:
    """A new interpreter (multiprocessing's spawn, a Ray worker) builds the ruleset by its key."""
    state = _mid_game(frozenset({"new_milestones"}))
    code = (
        "import pickle, sys\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(state.rules.id, state.state_hash())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert out.stdout.decode().split() == ["base+new_milestones", state.state_hash()]


def test_a_view_pickles_with_its_ruleset() -> None:
    seen = fcm.view(_mid_game(frozenset()), 1)
    copy = pickle.loads(pickle.dumps(seen))
    assert copy == seen and copy.rules is base_ruleset()


def test_a_ruleset_built_by_hand_refuses_pickling_naming_it() -> None:
    """Only the registry can build a ruleset again; one made with build_ruleset and never
    registered says so instead of pickling half a game."""
    rules = build_ruleset("by_hand", base_ruleset().catalog)
    with pytest.raises(TypeError, match="ruleset 'by_hand' was built by hand"):
        pickle.dumps(rules)
