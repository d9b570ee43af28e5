"""The bot protocol: a bot sees its player's view and the legal actions, and returns one of them.

A bot never mutates the state it is given. Bots are seeded and deterministic: the same view,
legal actions and seed give the same choice.

A bot whose class says ``reads_view = False`` (the random bot) never looks at the position: the
game loop (:func:`fcm.runner.play_game`) then spares the cost of its view and passes
:data:`NO_VIEW` instead, so a bot that says so and reads the view anyway fails loudly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import Seat

# What a bot with ``reads_view = False`` is given instead of its view (see the module docstring).
NO_VIEW: GameState = None  # type: ignore[assignment]


def reads_view(bot: object) -> bool:
    """Whether ``bot`` looks at its view (every bot but those that say ``reads_view = False``)."""
    return bool(getattr(bot, "reads_view", True))


class Bot(Protocol):
    name: str

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``seat``, looking only at ``view``."""
        ...
