"""Test helpers: build concrete positions quickly and run the engine on them.

``make_state`` gives a game whose setup decisions are skipped, with an explicit small map; set
the fields a test needs, then ``start_phase`` to enter a phase the way the engine does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from fcm.core.engine import advance, apply, current_actors, enter_phase, legal_actions
from fcm.core.errors import IllegalActionError
from fcm.core.events import Event, EventLog
from fcm.core.phases import dinnertime
from fcm.core.state import GameState, Options, Phase, Restaurant
from fcm.core.types import Cell, Corner, Seat
from fcm.games import new_game

# A 2x2 map of plain crossroads tiles (A: house 2, B: house 4, R: soda, T: lemonade).
SMALL_MAP: list[list[tuple[str, int]]] = [[("A", 0), ("B", 0)], [("R", 0), ("T", 0)]]


def make_state(
    players: int = 2,
    tiles: Sequence[Sequence[tuple[str, int]]] | None = None,
    *,
    turn_order: Sequence[Seat] | None = None,
    **options: Any,
) -> GameState:
    """A game on ``tiles`` (default ``SMALL_MAP``) with setup skipped: no restaurants, every
    player with cash $0, reserve card $300 chosen, round 1, phase Restructuring (no decision)."""
    state = new_game(players, seed=1, options=Options(**options), tiles=tiles or SMALL_MAP)
    for p in state.players:
        p.reserve = None if state.options.introductory else 300
    state.turn.pending = []
    state.turn.drafts = {}
    state.turn.phase = Phase.RESTRUCTURING
    state.turn_order = list(turn_order) if turn_order is not None else list(range(players))
    return state


def add_restaurant(
    state: GameState,
    seat: Seat,
    cell: Cell,
    entrance: Corner | str,
    *,
    open: bool = True,
    drive_in: bool = False,
) -> Restaurant:
    p = state.players[seat]
    r = Restaurant(seat, p.restaurants_placed, cell, Corner(entrance), open, drive_in)
    p.restaurants_placed += 1
    state.restaurants.append(r)
    return r


def start_phase(state: GameState, phase: Phase) -> list[Event]:
    """Enter ``phase`` as the engine does and resolve until a decision is needed."""
    log = EventLog()
    enter_phase(state, phase, log)
    advance(state, log)
    return list(log)


def play(state: GameState, seat: Seat, action: Any) -> tuple[GameState, list[Event]]:
    return apply(state, seat, action)


def kinds(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


__all__ = [
    "SMALL_MAP",
    "add_restaurant",
    "current_actors",
    "kinds",
    "legal_actions",
    "make_state",
    "play",
    "start_phase",
]


def run_actions(state: GameState, seat: Seat, *actions: Any) -> tuple[GameState, list[Event]]:
    """Apply several actions of one seat through the validating path."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, seat, action)
        events += new
    return state, events


def assert_illegal(state: GameState, seat: Seat, action: Any, *words: str) -> str:
    """The action is refused with an error containing ``words`` and the state is unchanged."""
    before = state.canonical_json()
    with pytest.raises(IllegalActionError) as info:
        apply(state, seat, action)
    assert state.canonical_json() == before
    for word in words:
        assert word in str(info.value), str(info.value)
    return str(info.value)


class HoldPhase:
    """A stand-in phase that stops the game where it is (isolates one phase in a test)."""

    def __init__(self, nxt: Phase) -> None:
        self.nxt = nxt

    def begin(self, state: GameState, log: EventLog) -> None:
        pass

    def actors(self, state: GameState) -> list[Seat]:
        return [0]

    def legal(self, state: GameState, seat: Seat) -> list[Any]:
        return []

    def why_illegal(self, state: GameState, seat: Seat, action: Any) -> str | None:
        return None

    def act(self, state: GameState, seat: Seat, action: Any, log: EventLog) -> None:
        raise AssertionError("a held phase takes no action")

    def finish(self, state: GameState, log: EventLog) -> Phase:
        return self.nxt


def dinner(s: GameState) -> list[Event]:
    """Resolve a whole Dinnertime on ``s`` (set up as a test needs) and return its events."""
    s.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.begin(s, log)
    dinnertime.finish(s, log)
    return list(log)


def served(ev: Sequence[Event], house: int) -> dict[str, Any]:
    """The one ``house_served`` event of ``house``."""
    (d,) = [e.data for e in ev if e.kind == "house_served" and e.data["house"] == house]
    return d
