"""Perft: counting the legal action sequences from a position (as chess engines do).

At each position the moves are every ``(seat, action)`` with ``seat`` among the current actors
(several at a simultaneous secret decision) and ``action`` among its legal actions. Pinned
counts at fixture positions catch any change in what the legal-action generator offers.
"""

from __future__ import annotations

from fcm.core.actions import Action
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState
from fcm.core.types import Seat


def moves(state: GameState) -> list[tuple[Seat, Action]]:
    """Every ``(seat, action)`` that may be played now."""
    return [(seat, a) for seat in current_actors(state) for a in legal_actions(state, seat)]


def perft(state: GameState, depth: int) -> int:
    """How many distinct move sequences of length ``depth`` start here (a game that ends
    earlier counts once, as a leaf). ``state`` is not changed."""
    if depth <= 0:
        return 1
    found = moves(state)
    if not found:
        return 1
    if depth == 1:
        return len(found)
    total = 0
    for seat, action in found:
        child = state.clone()
        apply_in_place(child, seat, action)
        total += perft(child, depth - 1)
    return total
