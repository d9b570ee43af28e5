"""Kimchi (ketchup.md 5): the Kimchi Master makes kimchi, and houses prefer a chain that adds
one to their order.

- The Kimchi Master (1x, entry level, salaried, green) does nothing in Working 9-5. In Clean
  up, after goods are thrown away or kept in freezers, each one at work makes 1 kimchi, kept
  until the next round without a freezer (``Moment.CLEANUP_DISCARDED``; 19.2: made after the
  freezer, it takes no freezer space).
- Dinnertime (``Extensions.orders``): a house first looks for chains that can deliver its
  whole order plus one kimchi; only if none can do the normal candidates compete. A kimchi
  chain wins whatever its price. The winner sells exactly one kimchi on top of the order, paid
  like any item (the garden doubles it, card modifiers apply; no +$5 milestone bonus). Each
  order a module ranks (sushi, noodles) comes first with a kimchi, then without (the combined
  priority of 5: kimchi + sushi, kimchi + order, kimchi + noodles, sushi, order, noodles):
  this fold runs after theirs (priority 100).
- Freezer (``SeatRules.freezer_limits``): up to 10 kimchi, and a freezer that keeps kimchi
  keeps nothing else.
- Setup: one extra Luxuries Manager joins the supply after the 1x cut (0.2), however many food
  modules are played.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import (
    NO_SEAT_RULES,
    Extensions,
    FreezerLimit,
    Moment,
    Order,
    SeatRules,
)
from fcm.core.state import GameState, House
from fcm.core.types import EmployeeId, Seat
from fcm.modules._data import cards_and_cut, setup_number
from fcm.modules.kimchi.ids import KIMCHI, KIMCHI_MASTER
from fcm.rulesets import Module, known_modules

ID = "kimchi"
TIER = "kimchi"  # the name of an order with a kimchi on top, in the Dinnertime report


def make_kimchi(state: GameState, log: EventLog) -> None:
    """Clean up, after the discard: each Kimchi Master at work makes kimchi (ketchup.md 5)."""
    each = setup_number(ID, "kimchi_per_master")
    for seat in state.turn_order:
        p = state.players[seat]
        masters = p.at_work.count(KIMCHI_MASTER)
        if masters:
            p.stock[KIMCHI] = p.stock.get(KIMCHI, 0) + each * masters
            log.add(
                EventKind.COOKED,
                seat=seat,
                employee=EmployeeId(KIMCHI_MASTER),
                good=KIMCHI.value,
                amount=each * masters,
            )


def orders(state: GameState, house: House, ranked: tuple[Order, ...]) -> tuple[Order, ...]:
    """Every order with one kimchi on top first, then the orders as they were (5)."""
    one = Counter({KIMCHI: 1})
    with_kimchi = tuple(
        Order(
            o.goods + one,
            TIER if o.tier == "order" else f"{TIER}+{o.tier}",
            (*o.extra, KIMCHI),
        )
        for o in ranked
    )
    return with_kimchi + ranked


@cache
def _limit() -> FreezerLimit:
    most = setup_number(ID, "freezer_kimchi_most")
    return FreezerLimit(KIMCHI, most, alone=True, rule="Kimchi, ketchup.md 5")


@cache
def _from_base() -> SeatRules:
    return replace(NO_SEAT_RULES, freezer_limits=(_limit(),))


def seat_rules(state: GameState, seat: Seat, rules: SeatRules) -> SeatRules:
    if rules is NO_SEAT_RULES:  # the usual fold (asked on every salary): built once
        return _from_base()
    return replace(rules, freezer_limits=(*rules.freezer_limits, _limit()))


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=cards_and_cut(ID),
        extensions=Extensions(
            at=((Moment.CLEANUP_DISCARDED, make_kimchi),),
            orders=(orders,),
            seat_rules=(seat_rules,),
            priority={"orders": 100},
        ),
        goods=(KIMCHI,),
    )
