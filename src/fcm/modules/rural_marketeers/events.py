"""The event kinds Rural Marketeers emits (ketchup.md 12), each with its record; ``texts.py``
gives the report and the browser their templates. They explain what the rural area does that
a house does not: a freeway placed (or why none was), and its turn at the end of Dinnertime."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class FreewayPlaced(TypedDict):
    """First rural marketeer used: chain ``seat`` placed a freeway on ``cells`` (the square
    outside the map) beside the edge road square ``road``, or none (``cells`` empty): it
    ``declined``, ``none_left`` (all three are out), or else no square was free."""

    seat: Seat
    cells: list[list[int]]
    road: NotRequired[list[list[int]]]  # the edge road square the freeway connects to
    declined: NotRequired[bool]
    none_left: NotRequired[bool]
    left: int  # freeways still in the box


class RuralAreaTurn(TypedDict):
    """Dinnertime, after every house: the rural area's turn (it always eats last). ``demand``
    its tokens (``items`` of them); ``freeways`` the squares it is reached through
    (``no_freeway``: none, so nobody can sell to it); ``seat`` the chain that sold it
    everything (absent: it stayed home), ``distance`` from the nearest freeway."""

    house: int
    demand: list[str]
    items: int
    freeways: list[list[int]]
    no_freeway: NotRequired[bool]
    seat: NotRequired[Seat]
    distance: NotRequired[int]


FREEWAY_PLACED = define_event("freeway_placed", FreewayPlaced)
RURAL_AREA_TURN = define_event("rural_area_turn", RuralAreaTurn)

EVENTS = (FREEWAY_PLACED, RURAL_AREA_TURN)
