"""The action type Rural Marketeers brings (ketchup.md 12): placing a freeway with First rural
marketeer used, registered through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell


@dataclass(frozen=True, slots=True)
class PlaceFreeway(Action):
    """Place a freeway on ``cell``, a square just outside the map beside an edge road square
    (First rural marketeer used)."""

    type: ClassVar[str] = "place_freeway"
    cell: Cell


def _label(msg: str, lang: str, **fields: Any) -> str:
    """A button's text in ``lang`` (the catalogs load only when a page asks)."""
    from fcm.i18n import t

    return t(msg, lang, **fields)


def _at(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


ACTIONS = (
    ActionType(
        PlaceFreeway,
        fields={"cell": "cell"},
        notation=lambda a: f"freeway at {_at(a.cell)}",
        label=lambda a, lang: _label("rural_marketeers.action.freeway", lang, cell=_at(a.cell)),
        placement=("cell",),
        placing=lambda lang: _label("rural_marketeers.place.what", lang),
    ),
)
