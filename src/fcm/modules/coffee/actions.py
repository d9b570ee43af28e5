"""The action types Coffee brings (ketchup.md 4): placing a coffee shop, or moving one when all
three are on the map, registered through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell
from fcm.modules._actions import square, text


@dataclass(frozen=True, slots=True)
class PlaceCoffeeShop(Action):
    """Place one of your coffee shops on square ``cell`` (after training a Barista Trainee into a
    Barista or a Barista into the Lead Barista, or with First coffee sold)."""

    type: ClassVar[str] = "place_coffee_shop"
    cell: Cell


@dataclass(frozen=True, slots=True)
class MoveCoffeeShop(Action):
    """All three of your coffee shops are on the map: move the one on ``origin`` to ``cell``."""

    type: ClassVar[str] = "move_coffee_shop"
    origin: Cell
    cell: Cell


ACTIONS = (
    ActionType(
        PlaceCoffeeShop,
        fields={"cell": "cell"},
        notation=lambda a: f"coffee shop at {square(a.cell)}",
        label=lambda a, lang: text("coffee.action.place", lang, cell=square(a.cell)),
        placement=("cell",),
        placing=lambda lang: text("coffee.place.what", lang),
    ),
    ActionType(
        MoveCoffeeShop,
        fields={"origin": "cell", "cell": "cell"},
        notation=lambda a: f"move coffee shop {square(a.origin)} to {square(a.cell)}",
        label=lambda a, lang: text(
            "coffee.action.move", lang, origin=square(a.origin), cell=square(a.cell)
        ),
        placement=("cell",),
        placing=lambda lang: text("coffee.place.what", lang),
    ),
)
