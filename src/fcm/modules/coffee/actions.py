"""The action types Coffee brings (ketchup.md 4): placing a coffee shop, or moving one when all
three are on the map, registered through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell


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


def _label(msg: str, lang: str, **fields: Any) -> str:
    """A button's text in ``lang`` (the catalogs load only when a page asks)."""
    from fcm.i18n import t

    return t(msg, lang, **fields)


def _at(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


ACTIONS = (
    ActionType(
        PlaceCoffeeShop,
        fields={"cell": "cell"},
        notation=lambda a: f"coffee shop at {_at(a.cell)}",
        label=lambda a, lang: _label("coffee.action.place", lang, cell=_at(a.cell)),
        placement=("cell",),
        placing=lambda lang: _label("coffee.place.what", lang),
    ),
    ActionType(
        MoveCoffeeShop,
        fields={"origin": "cell", "cell": "cell"},
        notation=lambda a: f"move coffee shop {_at(a.origin)} to {_at(a.cell)}",
        label=lambda a, lang: _label(
            "coffee.action.move", lang, origin=_at(a.origin), cell=_at(a.cell)
        ),
        placement=("cell",),
        placing=lambda lang: _label("coffee.place.what", lang),
    ),
)
