"""The random bot: uniform over the legal actions (of each step of a staged decision)."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.core.actions import Action
from fcm.core.rng import Rng
from fcm.core.state import GameState
from fcm.core.types import Seat


class RandomBot:
    name = "random"
    reads_view = False  # uniform over the legal actions: the position is never looked at

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        return legal[self._rng.below(len(legal))]
