"""The event kinds Coffee emits (ketchup.md 4), each with its record; ``texts.py`` gives the
report and the browser their templates."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class CoffeeShopPlaced(TypedDict):
    """A coffee shop placed on ``cells`` (one square) after a barista training, or with First
    coffee sold (``milestone``); moved from ``origin``; or none placed (``cells`` empty):
    ``declined`` (the training's shop is optional) or ``no_square`` (no legal square)."""

    seat: Seat
    cells: list[list[int]]
    milestone: NotRequired[str]
    origin: NotRequired[list[list[int]]]
    declined: NotRequired[bool]
    no_square: NotRequired[bool]


class CoffeeSale(TypedDict):
    """One location's coffee sold to a house on its way: the chain, ``place`` (``"shop"`` or
    ``"restaurant"``), its square, the price paid."""

    seat: Seat
    place: str
    cell: list[int]
    amount: int


class CoffeeSold(TypedDict):
    """Dinnertime: coffee a house bought on its shortest route to ``winner`` (ketchup.md 4):
    ``count`` coffee at ``cells`` (``sales``: each location's chain, kind, square and price,
    nearest the house first), ``amount`` in all; ``route`` one such route's road squares.
    With several equally good routes (``routes`` > 1) ``skipped`` lists the locations only
    some of them pass: none of them sells."""

    house: int
    winner: Seat
    distance: int
    count: int
    cells: list[list[int]]
    sales: list[CoffeeSale]
    route: list[list[int]]
    routes: int
    amount: int
    skipped: NotRequired[list[list[int]]]


COFFEE_SHOP_PLACED = define_event("coffee_shop_placed", CoffeeShopPlaced)
COFFEE_SOLD = define_event("coffee_sold", CoffeeSold)

EVENTS = (COFFEE_SHOP_PLACED, COFFEE_SOLD)
