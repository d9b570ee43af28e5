"""New Districts (ketchup.md 1): five map tiles join the pool, two of them apartment buildings.

- Setup: tiles U (three lemonades), V (houses 21 and 22), W (house 25 with a printed garden),
  X (apartment π) and Y (apartment 9¾) join the base tiles; a random map draws from all of
  them, so it may hold none (``add_tiles``: the catalog's tile pool).
- Three lemonades on U are three suppliers (the board's suppliers are squares); house 25 has a
  garden from the start (x2, cap 5) and never gets another; its road ends against it.
- An apartment (``HouseKind`` ``apartment``, 3x3) is a house for every rule unless said:
  every campaign that would place one token places two (First radio campaign: four), it has
  no demand cap, it never gets a garden, and Dinnertime and Marketing take it between houses
  3 and 4 (π) or 9 and 10 (9¾). Sold all or nothing, x1.
- Events: ``apartment_demand`` (Marketing) and ``apartment_served`` (Dinnertime) say so.
"""

from __future__ import annotations

from typing import Any

from fcm.core.errors import Reason
from fcm.core.events import EventLog
from fcm.core.extensions import DemandPlaced, Extensions, HouseKind, HouseSold, Notice
from fcm.core.state import GameState
from fcm.modules._data import add_tiles
from fcm.modules.new_districts.events import APARTMENT_DEMAND, APARTMENT_SERVED, EVENTS
from fcm.modules.new_districts.ids import APARTMENT, LABELS
from fcm.modules.new_districts.tiles import TILES
from fcm.rulesets import Module, known_modules

ID = "new_districts"


def apartment_order(number: int) -> float:
    """An apartment's place in house order: π = 3.14, 9¾ = 9.75 (its number / 100)."""
    return number / 100


def label(number: int) -> str:
    """The printed name of a house of this module (π, 9¾; a house: its number)."""
    return LABELS.get(number, str(number))


APARTMENT_KIND = HouseKind(
    APARTMENT,
    size=3,
    cap=None,  # no demand cap (1)
    garden_cap=None,
    per_campaign=2,  # two tokens for each one a campaign would place (1)
    order=apartment_order,
    no_garden=Reason("new_districts.no_garden", "ketchup.md 1: an apartment cannot get a garden"),
    label=label,
)


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    add_tiles(raw, TILES)


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    """Explain an apartment's demand and sale in the events (1)."""
    if isinstance(notice, DemandPlaced) and notice.house.kind == APARTMENT and notice.placed:
        log.emit(
            APARTMENT_DEMAND,
            house=notice.house.number,
            label=label(notice.house.number),
            campaign=notice.campaign.number,
            good=notice.campaign.good.value,
            placed=notice.placed,
            demand=len(notice.house.demand),
        )
    elif isinstance(notice, HouseSold) and notice.house.kind == APARTMENT:
        log.emit(
            APARTMENT_SERVED,
            seat=notice.seat,
            house=notice.house.number,
            label=label(notice.house.number),
            items=sum(notice.goods.values()),
        )


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=_data,
        extensions=Extensions(react=(react,)),
        events=EVENTS,
        houses=(APARTMENT_KIND,),
    )
