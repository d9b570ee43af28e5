"""The bot protocol: a bot sees its player's view and the legal actions, and returns one of them.

A bot never mutates the state it is given. Bots are seeded and deterministic: the same view,
legal actions and seed give the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import Seat


class Bot(Protocol):
    name: str

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``seat``, looking only at ``view``."""
        ...
