"""Fry Chefs (ketchup.md 9): +$10 per house sold to, per Fry Chef at work."""

from __future__ import annotations

from tests.helpers import add_restaurant, dinner, make_state, served, start_phase

from fcm.core.actions import Train
from fcm.core.engine import legal_actions
from fcm.core.state import Phase, WorkStep
from fcm.core.types import Good
from fcm.report import dinnertime_report

FRY = frozenset({"fry_chefs"})



def test_ketchup_9_example_three_burgers_at_20_with_two_fry_chefs() -> None:
    s = make_state(modules=FRY)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["fry_chef", "fry_chef", "luxuries_manager"]  # $20
    s.players[0].stock[Good.BURGER] = 3
    s.houses[2].demand = [Good.BURGER] * 3
    ev = dinner(s)
    d = served(ev, 2)
    assert d["amount"] == 60 + 20
    assert d["lines"][-1] == {"kind": "fry_chef", "count": 2, "each": 10, "amount": 20}
    assert s.players[0].cash == 80
    text = dinnertime_report(ev)
    assert "2 Fry Chefs x $10 = +$20; total $80" in text


def test_ketchup_9_per_house_not_per_item_and_drinks_only_too() -> None:
    s = make_state(modules=FRY)
    add_restaurant(s, 0, (0, 0), "se")  # reaches house 2 (distance 0) and house 4 (1)
    s.players[0].at_work = ["fry_chef"]
    s.players[0].stock[Good.SODA] = 3
    s.houses[2].demand = [Good.SODA]
    s.houses[4].demand = [Good.SODA, Good.SODA]
    ev = dinner(s)
    assert served(ev, 2)["amount"] == 10 + 10
    assert served(ev, 4)["amount"] == 20 + 10
    assert s.players[0].cash == 50


def test_ketchup_9_no_part_of_the_comparison() -> None:
    s = make_state(modules=FRY)
    add_restaurant(s, 0, (3, 5), "nw")  # distance 1, three fry chefs
    add_restaurant(s, 1, (0, 0), "se")  # distance 0
    s.players[0].at_work = ["fry_chef"] * 3
    for p in s.players:
        p.stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.BURGER]
    d = served(dinner(s), 2)
    assert d["winner"] == 1 and d["decided_by"] == "lowest_total"


def test_ketchup_9_the_cfo_counts_the_fry_chef_income() -> None:
    s = make_state(modules=FRY)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["fry_chef", "cfo"]
    s.players[0].stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.BURGER]
    ev = dinner(s)
    (cfo,) = [e.data for e in ev if e.kind == "cfo_bonus"]
    assert cfo["earned"] == 20 and cfo["amount"] == 10


def test_ketchup_9_trained_from_burger_and_pizza_cooks_only() -> None:
    s = make_state(modules=FRY)
    s.players[0].hand = ["trainer"]
    s.players[0].beach = []
    s.turn.phase = Phase.RESTRUCTURING
    s.players[0].at_work = ["trainer"]
    s.players[0].hand = []
    s.players[0].beach = ["burger_cook", "kitchen_trainee", "pizza_cook"]
    start_phase(s, Phase.WORKING)
    while s.turn.working is not None and s.turn.working.seat != 0:
        raise AssertionError("seat 0 acts first in turn order 0, 1")
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.TRAIN
    trains = [a for a in legal_actions(s, 0) if isinstance(a, Train)]
    into = {(a.employee, a.into) for a in trains}
    assert ("burger_cook", "fry_chef") in into and ("pizza_cook", "fry_chef") in into
    assert ("kitchen_trainee", "fry_chef") not in into
    assert all(a.employee != "fry_chef" for a in trains)


def test_ketchup_19_1_row_17_option_fry_chefs_on_food_sales_only() -> None:
    s = make_state(modules=FRY, switches=frozenset({"fry_chefs_food_only"}))
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["fry_chef"]
    s.players[0].stock[Good.SODA] = 1
    s.players[0].stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.SODA]
    s.houses[4].demand = [Good.BURGER]
    ev = dinner(s)
    assert served(ev, 2)["amount"] == 10  # drinks only: no fry chef bonus
    assert served(ev, 4)["amount"] == 20
