"""Reserve Prices (ketchup.md 14) for the easy and medium bots: the $20 base-price card (every
later sale pays twice as much)."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, register_advice
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import Seat
from fcm.modules.reserve_prices.actions import ChooseReservePrice


def reserve(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    priced = [a for a in legal if isinstance(a, ChooseReservePrice)]
    if not priced:
        return None
    return max(priced, key=lambda a: (a.reserve_price, a.money))


register_advice("reserve_prices", Advice(order=60, reserve=reserve))
