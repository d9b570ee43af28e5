"""Ids and kinds shared by every part of the rules engine.

Coordinates follow the project conventions: a square is ``(row, col)``, 0-based from the
top-left square of the map; a tile is 5x5 squares; distances count tile borders crossed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

Cell: TypeAlias = tuple[int, int]
"""A square of the map, ``(row, col)``."""

Seat: TypeAlias = int
"""A player, 0-based in the order the game was created (not the turn order)."""

EmployeeId: TypeAlias = str
"""An employee card type, e.g. ``"kitchen_trainee"``."""

MilestoneId: TypeAlias = str
"""A milestone, e.g. ``"first_billboard"``."""

TILE_SIZE = 5


class Good(StrEnum):
    BURGER = "burger"
    PIZZA = "pizza"
    SODA = "soda"
    LEMONADE = "lemonade"
    BEER = "beer"

    @property
    def is_drink(self) -> bool:
        return self in DRINKS

    @property
    def is_food(self) -> bool:
        return self in FOODS


FOODS: frozenset[Good] = frozenset({Good.BURGER, Good.PIZZA})
DRINKS: frozenset[Good] = frozenset({Good.SODA, Good.LEMONADE, Good.BEER})


class CampaignType(StrEnum):
    RADIO = "radio"
    AIRPLANE = "airplane"
    MAILBOX = "mailbox"
    BILLBOARD = "billboard"


class Corner(StrEnum):
    """The entrance corner of a 2x2 restaurant."""

    NW = "nw"
    NE = "ne"
    SW = "sw"
    SE = "se"


class Edge(StrEnum):
    """A side of the map (airplanes) or of a tile."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"


class Orientation(StrEnum):
    """The long side of a non-square campaign tile."""

    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"


def tile_of(cell: Cell) -> tuple[int, int]:
    """The ``(tile_row, tile_col)`` a square lies on."""
    return (cell[0] // TILE_SIZE, cell[1] // TILE_SIZE)


def corner_cell(top_left: Cell, corner: Corner) -> Cell:
    """The square of a 2x2 footprint at ``corner``."""
    r, c = top_left
    return {
        Corner.NW: (r, c),
        Corner.NE: (r, c + 1),
        Corner.SW: (r + 1, c),
        Corner.SE: (r + 1, c + 1),
    }[corner]


def square_cells(top_left: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The squares of a ``height`` x ``width`` rectangle, row by row."""
    r, c = top_left
    return tuple((r + dr, c + dc) for dr in range(height) for dc in range(width))


def orthogonal_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four squares sharing a side with ``cell`` (may lie off the map)."""
    r, c = cell
    return ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
