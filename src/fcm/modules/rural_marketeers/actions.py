"""The action type Rural Marketeers brings (ketchup.md 12): placing a freeway with First rural
marketeer used, registered through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell
from fcm.modules._actions import square, text


@dataclass(frozen=True, slots=True)
class PlaceFreeway(Action):
    """Place a freeway on ``cell``, a square just outside the map beside an edge road square
    (First rural marketeer used)."""

    type: ClassVar[str] = "place_freeway"
    cell: Cell


ACTIONS = (
    ActionType(
        PlaceFreeway,
        fields={"cell": "cell"},
        notation=lambda a: f"freeway at {square(a.cell)}",
        label=lambda a, lang: text("rural_marketeers.action.freeway", lang, cell=square(a.cell)),
        placement=("cell",),
        placing=lambda lang: text("rural_marketeers.place.what", lang),
    ),
)
