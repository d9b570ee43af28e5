"""The event kinds Lobbyists emits (ketchup.md 2), each with its record; ``texts.py`` gives
the report and the browser their templates."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class LobbyistBuilt(TypedDict):
    """A Lobbyist placed a road tile (under construction, with roadworks on the road squares
    its arrows point at) or a park tile."""

    seat: Seat
    piece: str  # "road" or "park"
    shape: str
    cells: list[list[int]]
    roadworks: NotRequired[list[list[int]]]  # a road's only: where its arrows put roadworks


class RoadsOpened(TypedDict):
    """Clean up: the roads under construction open and the roadworks are removed."""

    cells: list[list[int]]
    roadworks: list[list[int]]


class RoadworksCrossed(TypedDict):
    """Dinnertime: the winner's route to a house crosses roadworks, +1 distance each."""

    house: int
    seat: Seat
    count: int
    distance: int


LOBBYIST_BUILT = define_event("lobbyist_built", LobbyistBuilt)
ROADS_OPENED = define_event("roads_opened", RoadsOpened)
ROADWORKS_CROSSED = define_event("roadworks_crossed", RoadworksCrossed)



class MapTileAdded(TypedDict):
    """First lobbyist used: the claimer placed an extra map tile, or why none was placed
    (``letter`` empty and one of the flags: declined, no leftover tile, no place for one)."""

    seat: Seat
    letter: str
    rotation: int
    row: int  # the tile row and column of the grown layout (-1: none placed)
    col: int
    houses: list[int]  # the printed houses it brings
    # a tile north or west of the map: every square moved this many rows down and columns
    # right (squares are numbered from the map's top-left, conventions.md)
    moved_rows: NotRequired[int]
    moved_cols: NotRequired[int]
    declined: NotRequired[bool]
    none_left: NotRequired[bool]
    no_place: NotRequired[bool]


MAP_TILE_ADDED = define_event("map_tile_added", MapTileAdded)

EVENTS = (LOBBYIST_BUILT, ROADS_OPENED, ROADWORKS_CROSSED, MAP_TILE_ADDED)
