"""The action types Lobbyists brings (ketchup.md 2), registered with the JSON codec and the
notation through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell
from fcm.modules._actions import squares, text


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """A Lobbyist places a road tile covering ``cells`` (sorted), under construction."""

    type: ClassVar[str] = "build_road"
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class BuildPark(Action):
    """A Lobbyist places a park tile covering ``cells`` (sorted)."""

    type: ClassVar[str] = "build_park"
    cells: tuple[Cell, ...]


_TILES = (
    ActionType(
        BuildRoad,
        fields={"cells": "cells"},
        notation=lambda a: f"road at {squares(a.cells)}",
        label=lambda a, lang: text("lobbyists.action.build_road", lang, cells=squares(a.cells)),
        placement=("cells",),  # clicked on the board on its first square, like a base placement
        placing=lambda lang: text("lobbyists.place.road", lang),
    ),
    ActionType(
        BuildPark,
        fields={"cells": "cells"},
        notation=lambda a: f"park at {squares(a.cells)}",
        label=lambda a, lang: text("lobbyists.action.build_park", lang, cells=squares(a.cells)),
        placement=("cells",),
        placing=lambda lang: text("lobbyists.place.park", lang),
    ),
)


@dataclass(frozen=True, slots=True)
class PlaceMapTile(Action):
    """First lobbyist used (ketchup.md 2): the extra map tile ``letter`` (a leftover tile),
    turned ``rotation`` clockwise quarter turns, at tile ``row``/``col`` of the layout (next to
    the map: sharing one full side with a tile of it)."""

    type: ClassVar[str] = "place_map_tile"
    letter: str
    rotation: int
    row: int
    col: int


MAP_TILE = ActionType(
    PlaceMapTile,
    fields={"letter": "str", "rotation": "int", "row": "int", "col": "int"},
    notation=lambda a: f"map tile {a.letter}{a.rotation} at tile {a.row},{a.col}",
    label=lambda a, lang: text("lobbyists.action.place_map_tile", lang, letter=a.letter,
                               turns=a.rotation, row=a.row, col=a.col),
)


ACTIONS = (*_TILES, MAP_TILE)
