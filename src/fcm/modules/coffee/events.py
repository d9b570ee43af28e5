"""The event kinds Coffee emits (ketchup.md 4), each with its record; ``texts.py`` gives the
report and the browser their templates."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class CoffeeShopPlaced(TypedDict):
    """A coffee shop placed (or moved: ``origin``) on ``cell``, after a training (``by``
    ``"training"``) or with First coffee sold (``"milestone"``); ``cell`` None: none was
    (``why``: ``"declined"`` or ``"no_square"``)."""

    seat: Seat
    by: str
    cell: list[int] | None
    origin: NotRequired[list[int]]
    why: NotRequired[str]


class CoffeeSale(TypedDict):
    """One location's coffee sold to a house on its way: the chain, ``place`` (``"shop"`` or
    ``"restaurant"``), its square, the price paid."""

    seat: Seat
    place: str
    cell: list[int]
    amount: int


class CoffeeSold(TypedDict):
    """Dinnertime: coffee a house bought on its shortest route to ``winner`` (ketchup.md 4):
    ``sales`` in route order, ``route`` one such route's road squares, ``skipped`` the
    locations passed by only some of the tied best routes (none sells), ``routes`` how many
    different best routes tied."""

    house: int
    winner: Seat
    distance: int
    sales: list[CoffeeSale]
    route: list[list[int]]
    skipped: list[list[int]]
    routes: int
    amount: int


COFFEE_SHOP_PLACED = define_event("coffee_shop_placed", CoffeeShopPlaced)
COFFEE_SOLD = define_event("coffee_sold", CoffeeSold)

EVENTS = (COFFEE_SHOP_PLACED, COFFEE_SOLD)
