"""Perft: pinned counts of legal actions and of action sequences at fixture positions.

As with chess engines' perft, any change to what the legal-action generator offers (a rule
fixed, a placement lost, an option leaking into the default game) changes a count here. The
moves at a position are every (seat, action) of the current actors, so simultaneous secret
decisions (reserve cards, Restructuring, Payday firing) count each seat's choices.

When a count changes on purpose, re-pin it and say in the commit which rule changed it.
"""

from __future__ import annotations

from typing import Any

import pytest

from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.perft import moves, perft
from fcm.core.state import GameState, Options
from fcm.games import load_scenario, new_game

BASE: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
}
TWO_RESTAURANTS = [
    {"owner": 0, "cell": [0, 0], "entrance": "se"},
    {"owner": 1, "cell": [8, 8], "entrance": "nw"},
]


def _after_setup(players: int, seed: int) -> GameState:
    """The first position after setup, every setup decision being the first legal one."""
    state = new_game(players, seed)
    while state.turn.phase.value.startswith("setup"):
        seat = current_actors(state)[0]
        apply_in_place(state, seat, legal_actions(state, seat)[0])
    return state


POSITIONS: dict[str, Any] = {
    "new_2p_seed1": lambda: new_game(2, 1),
    "new_intro_3p_seed2": lambda: new_game(3, 2, Options(introductory=True)),
    "round1_2p_seed1": lambda: _after_setup(2, 1),
    "working_mid_turn": lambda: load_scenario(
        {
            **BASE,
            "phase": "working",
            "turn_order": [1, 0],
            "companies": [{"at_work": ["burger_cook", "errand_boy"]}, {}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            "working": {"seat": 0, "step": "food_and_drinks", "acted": ["burger_cook"]},
        }
    ),
    "working_round4": lambda: load_scenario(
        {
            **BASE,
            "round": 4,
            "phase": "working",
            "companies": [
                {
                    "cash": 30,
                    "at_work": [
                        "recruiting_girl", "trainer", "marketing_trainee", "cart_operator",
                        "kitchen_trainee",
                    ],
                    "beach": ["waitress"],
                },
                {"cash": 20, "at_work": ["pizza_cook", "errand_boy"]},
            ],
            "restaurants": TWO_RESTAURANTS,
        }
    ),
    "restructuring_round3": lambda: load_scenario(
        {
            **BASE,
            "round": 3,
            "companies": [
                {"hand": ["recruiting_girl", "trainer", "waitress", "management_trainee"]},
                {"hand": ["kitchen_trainee", "errand_boy"]},
            ],
            "restaurants": TWO_RESTAURANTS,
        }
    ),
    "payday_round3": lambda: load_scenario(
        {
            **BASE,
            "round": 3,
            "phase": "payday",
            "companies": [
                {"cash": 4, "at_work": ["burger_cook", "recruiting_manager"],
                 "beach": ["trainer"]},
                {"cash": 30, "at_work": ["pizza_cook"]},
            ],
            "restaurants": TWO_RESTAURANTS,
        }
    ),
}

# position -> counts at depth 1, 2, 3, ...
PINNED: dict[str, tuple[int, ...]] = {
    "new_2p_seed1": (6, 18, 1746),
    "new_intro_3p_seed2": (149, 19677),
    "round1_2p_seed1": (2, 18, 162),
    "working_mid_turn": (4, 12, 20, 28),
    "working_round4": (9, 76, 343),
    "restructuring_round3": (8, 50, 246, 976),
    "payday_round3": (6, 26, 82, 178),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_perft_counts_are_pinned(name: str) -> None:
    state = POSITIONS[name]()
    before = state.canonical_json()
    counts = tuple(perft(state, depth) for depth in range(1, len(PINNED[name]) + 1))
    assert counts == PINNED[name]
    assert state.canonical_json() == before  # perft never changes the position


def test_perft_counts_simultaneous_decisions_per_seat() -> None:
    """Reserve cards (facts.md C): both seats choose among 3 at once: 6 moves, then the
    other seat's 3 after each: 18."""
    state = new_game(2, 1)
    assert current_actors(state) == [0, 1]
    assert len(moves(state)) == 6 and perft(state, 2) == 18
    assert perft(state, 0) == 1
