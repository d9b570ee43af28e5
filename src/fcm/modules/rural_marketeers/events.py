"""The event kinds Rural Marketeers emits (ketchup.md 12), each with its record; ``texts.py``
gives the report and the browser their templates. They explain what the rural area does that
a house does not: a freeway placed (or why none was), and its turn at the end of Dinnertime."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class FreewayPlaced(TypedDict):
    """First rural marketeer used: chain ``seat`` placed a freeway beside ``cell``'s road
    (``cells``: the square outside the map), or none (``cells`` empty; ``why``: "declined",
    "none_left" (all three are out) or "no_square")."""

    seat: Seat
    cells: list[list[int]]
    road: NotRequired[list[int]]  # the edge road square the freeway connects to
    why: NotRequired[str]
    left: int  # freeways still in the box


class RuralAreaTurn(TypedDict):
    """Dinnertime, after every house: the rural area's turn (it always eats last). ``demand``
    its tokens; ``freeways`` the squares it is reached through (none: nobody can sell to it);
    ``seat`` the chain that sold it everything (absent: it stayed home), ``distance`` from
    the nearest freeway."""

    house: int
    demand: list[str]
    freeways: list[list[int]]
    seat: NotRequired[Seat]
    distance: NotRequired[int]


FREEWAY_PLACED = define_event("freeway_placed", FreewayPlaced)
RURAL_AREA_TURN = define_event("rural_area_turn", RuralAreaTurn)

EVENTS = (FREEWAY_PLACED, RURAL_AREA_TURN)
