"""Fry Chefs (ketchup.md 9): +$10 per house sold to, per Fry Chef at work.

The Fry Chef is trained from any cook in play (the replacement Burger and Pizza Cooks print the
path; Sushi and Noodle Cooks too when those modules are on; never from chefs, 19.1 row 17). It
is not part of the unit price and changes no comparison: each sale to a house (any items,
drinks only included; option ``fry_chefs_food_only``: only sales with food) pays ``$10 x fry
chefs at work`` on top, a payment line ``fry_chef`` of
the Dinnertime report. The CFO counts it (it is income of the Dinnertime).
"""

from __future__ import annotations

from fcm.core.extensions import Extensions, SaleLine
from fcm.core.state import GameState, House
from fcm.core.types import Seat
from fcm.modules._data import add_cards, setup_number
from fcm.modules.fry_chefs import ids
from fcm.rulesets import Module, known_modules

FOOD_ONLY = "fry_chefs_food_only"  # the module's rule switch (ketchup.md 19.1)
ID = "fry_chefs"


def sale(state: GameState, seat: Seat, house: House, lines: list[SaleLine]) -> list[SaleLine]:
    n = state.players[seat].at_work.count(ids.FRY_CHEF)
    if not n or any(line.get("again") for line in lines):
        return lines  # once per house: the chain's earlier sale to it paid (4 "Interactions")
    if FOOD_ONLY in state.options.switches and not any(g.is_food for g in house.demand):
        return lines  # option fry_chefs_food_only (19.1 row 17, ygowill): food sales only
    each = setup_number(ID, "per_house")
    return [*lines, {"kind": "fry_chef", "count": n, "each": each, "amount": each * n}]


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        switches=(FOOD_ONLY,),
        data=lambda raw, chosen: add_cards(raw, ID),
        extensions=Extensions(sale=(sale,)),
    )
