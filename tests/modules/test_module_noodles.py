"""Noodles (ketchup.md 7 and 0.2): noodle cooks and chefs, houses that buy one noodle per
demand token only when no chain can serve them normally, all or nothing, paid like any item.

Positions as in test_module_sushi.py (tests.helpers.SMALL_MAP; house 2 at distance 0 from a
restaurant at (0,0) se, 1 from one at (3,5) nw).
"""

from __future__ import annotations

from tests.helpers import assert_illegal, dinner, kinds, legal_actions, play, served
from tests.modules.test_module_sushi import SODA, B, P, cooks, trains, two_chains

import fcm
from fcm.core.actions import Cook
from fcm.core.types import Good
from fcm.modules.noodles.ids import NOODLE_CHEF, NOODLE_COOK, NOODLES

NOODLES_ON = frozenset({"noodles"})


def test_ketchup_7_a_chain_that_can_serve_normally_beats_noodles_whatever_the_price() -> None:
    """ketchup.md 7: noodles only when no chain can serve the house normally: seat 1 (score
    11) with the burger wins against seat 0 (score 10) with noodles only."""
    s = two_chains(NOODLES_ON, garden=False)
    s.players[0].stock.update({NOODLES: 6})
    s.players[1].stock.update({B: 1})
    s.houses[2].demand = [B]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"]) == (1, "only_candidate") and "order" not in d
    assert s.players[0].stock[NOODLES] == 6


def test_ketchup_7_nobody_can_serve_the_house_eats_one_noodle_per_token() -> None:
    """ketchup.md 7: no chain has burger + burger + soda: the house buys 3 noodles from the
    chain that has them (with or without a garden; here with one: x2), paid as any item, no
    +$5 bonus (noodles are no burger or drink); the demand goes with the noodles."""
    s = two_chains(NOODLES_ON)
    s.players[0].stock.update({B: 2})  # no soda: cannot serve normally
    s.players[1].stock.update({NOODLES: 4})
    s.players[1].milestones.update({"first_burger_marketed": 1, "first_drink_marketed": 1})
    s.houses[2].demand = [B, B, SODA]
    d = served(dinner(s), 2)
    assert (d["winner"], d["order"], d["sold"]) == (1, "noodles", ["noodles"] * 3)
    assert d["lines"] == [
        {"kind": "items", "count": 3, "price": 10, "amount": 30},
        {"kind": "garden", "amount": 30},
    ]
    assert s.players[1].stock[NOODLES] == 1 and s.players[0].stock[B] == 2
    assert s.houses[2].demand == []


def test_ketchup_7_houses_without_a_garden_eat_noodles_too() -> None:
    s = two_chains(NOODLES_ON, garden=False)
    s.players[1].stock.update({NOODLES: 1})
    s.houses[2].demand = [P]
    d = served(dinner(s), 2)
    assert (d["winner"], d["order"], d["amount"]) == (1, "noodles", 10)


def test_ketchup_7_all_or_nothing_too_few_noodles_the_house_stays_home() -> None:
    """ketchup.md 7: one noodle per demand token, all or nothing: 2 noodles for 3 tokens."""
    s = two_chains(NOODLES_ON)
    s.players[1].stock.update({NOODLES: 2})
    s.houses[2].demand = [B, B, SODA]
    ev = dinner(s)
    assert not kinds(ev, "house_served") and s.players[1].stock[NOODLES] == 2
    assert s.houses[2].demand == [B, B, SODA]


def test_ketchup_7_among_noodle_chains_the_normal_comparison_decides() -> None:
    s = two_chains(NOODLES_ON, garden=False)
    s.players[0].stock.update({NOODLES: 1})
    s.players[1].stock.update({NOODLES: 1})
    s.players[0].at_work = ["luxuries_manager"]  # $20 + 0 against $10 + 1
    s.houses[2].demand = [SODA]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"], d["order"], d["amount"]) == (
        1,
        "lowest_total",
        "noodles",
        10,
    )


def test_ketchup_7_the_noodle_cook_makes_6_and_the_chef_16() -> None:
    """ketchup.md 7: produced like food; a noodle cook makes only noodles."""
    s = cooks(NOODLES_ON, [NOODLE_COOK, NOODLE_CHEF])
    assert set(legal_actions(s, 0)) >= {Cook(NOODLE_COOK, NOODLES), Cook(NOODLE_CHEF, NOODLES)}
    assert_illegal(s, 0, Cook(NOODLE_CHEF, Good.PIZZA), "makes 16 noodles, nothing else")
    s, _ = play(s, 0, Cook(NOODLE_COOK, NOODLES))
    s, _ = play(s, 0, Cook(NOODLE_CHEF, NOODLES))
    assert s.players[0].stock[NOODLES] == 22


def test_ketchup_7_career_kitchen_trainee_to_noodle_cook_to_noodle_chef() -> None:
    """ketchup.md 7 and 0.2 (any-cook trainees); Noodle Cook -> Fry Chef with Fry Chefs (9)."""
    into = trains(NOODLES_ON, ["kitchen_trainee", NOODLE_COOK])
    assert ("kitchen_trainee", NOODLE_COOK) in into and (NOODLE_COOK, NOODLE_CHEF) in into
    assert not any(dst == "fry_chef" for _, dst in into)
    both = trains(frozenset({"noodles", "sushi", "fry_chefs"}), ["kitchen_trainee", NOODLE_COOK])
    assert {("kitchen_trainee", "sushi_cook"), ("kitchen_trainee", NOODLE_COOK)} <= both
    assert (NOODLE_COOK, "fry_chef") in both and ("kitchen_trainee", "fry_chef") not in both


def test_ketchup_0_2_noodles_one_extra_luxuries_manager_and_the_noodle_chef_is_1x() -> None:
    for players, lux, chefs in ((3, 2, 1), (4, 3, 2)):
        s = fcm.new_game(players, 1, fcm.Options(modules=NOODLES_ON))
        assert (s.supply["luxuries_manager"], s.supply[NOODLE_CHEF]) == (lux, chefs)
        assert s.supply[NOODLE_COOK] == 6


def test_ketchup_7_noodles_are_food_and_cannot_be_marketed() -> None:
    rules = two_chains(NOODLES_ON).rules
    assert NOODLES in rules.goods and NOODLES not in rules.marketable and NOODLES.is_food
