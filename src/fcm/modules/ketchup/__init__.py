"""Ketchup (ketchup.md 8): the milestone "Someone sells your demand".

Awarded at the end of Dinnertime to every player whose marketeer created demand on a house
that another player sold to in that Dinnertime (several owners may claim from one sale; your
own sale to your own demand does not count). From the next Dinnertime on the owner's score is
unit price + distance - 1 (no clamp, 19.1 row 16; ranges unchanged).

Demand remembers who made it: ``module_data["ketchup"]["demand_by"]`` maps a house number to
the seats whose campaigns put tokens on it that are still there (every campaign of these
modules is placed by a marketeer). A sale removes all of a house's demand, so its entry goes.
Demand set by a scenario without ``demand_by`` has no known maker.
"""

from __future__ import annotations

from dataclasses import replace

from fcm.core import milestones
from fcm.core.events import EventLog
from fcm.core.extensions import DemandPlaced, Extensions, HouseSold, Moment, Notice, Offer
from fcm.core.state import Campaign, GameState, House
from fcm.core.types import Seat
from fcm.modules._data import add_milestones, own_data
from fcm.modules.ketchup import ids
from fcm.rulesets import Module, known_modules

ID = "ketchup"
MILESTONE = ids.SOMEONE_SELLS_YOUR_DEMAND


# why the milestone is claimed, as the log says it (the texts say it per language: texts.py)
SOLD_YOUR_DEMAND = "another chain sold to house(s) {houses}, where its marketeer made demand"

def demand_placed(
    state: GameState, camp: Campaign, house: House, placed: int, log: EventLog
) -> None:
    if placed <= 0:
        return
    by: dict[str, list[int]] = own_data(state, ID).setdefault("demand_by", {})
    seats = by.setdefault(str(house.number), [])
    if camp.owner not in seats:
        seats.append(camp.owner)
        seats.sort()


def sold(state: GameState, seat: Seat, house: House, log: EventLog) -> None:
    data = state.module_data.get(ID)
    if not data:
        return
    makers = data.get("demand_by", {}).pop(str(house.number), [])
    owed: dict[str, list[int]] = data.setdefault("owed", {})
    for maker in makers:
        if maker != seat:
            owed.setdefault(str(maker), []).append(house.number)
    if not owed:
        del data["owed"]


def dinnertime_end(state: GameState, log: EventLog) -> None:
    data = state.module_data.get(ID)
    if not data or "owed" not in data:
        return
    owed = data.pop("owed")
    for seat in state.turn_order:
        houses = owed.get(str(seat))
        if houses:
            where = ", ".join(str(h) for h in sorted(houses))
            milestones.claim(
                state,
                seat,
                MILESTONE,
                log,
                reason=SOLD_YOUR_DEMAND.format(houses=where),
            )


def offer(state: GameState, seat: Seat, terms: Offer) -> Offer:
    """-1 from the Dinnertime after the one it was earned in (awarded at the end)."""
    if state.players[seat].has_before(MILESTONE, state.round):
        return replace(terms, adjust=terms.adjust - 1)
    return terms


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    if isinstance(notice, DemandPlaced):
        demand_placed(state, notice.campaign, notice.house, notice.placed, log)
    elif isinstance(notice, HouseSold):
        sold(state, notice.seat, notice.house, log)


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=lambda raw, chosen: add_milestones(raw, ID),
        extensions=Extensions(
            offer=(offer,), react=(react,), at=((Moment.DINNERTIME_END, dinnertime_end),)
        ),
    )
