"""Sushi (ketchup.md 6 and 0.2): sushi cooks and chefs, houses with a garden that prefer one
sushi per demand token, all or nothing, paid like any item, the any-cook Kitchen Trainee and
the extra Luxuries Manager.

Map: tests.helpers.SMALL_MAP. House 2 covers (3,0)-(4,1) on tile A; a restaurant at (0,0) se
is at distance 0 from it, one at (3,5) nw on tile B at distance 1 (tests.modules.
test_module_kimchi). A garden at (5,0)-(5,1) makes house 2 a garden house.
"""

from __future__ import annotations

import pytest
from tests.helpers import (
    add_restaurant,
    assert_illegal,
    dinner,
    kinds,
    legal_actions,
    make_state,
    play,
    served,
    start_phase,
)

import fcm
from fcm.core.actions import Cook, Train
from fcm.core.errors import ScenarioError
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Good
from fcm.modules.sushi.ids import SUSHI, SUSHI_CHEF, SUSHI_COOK

SUSHI_ON = frozenset({"sushi"})
B, P, SODA, BEER = Good.BURGER, Good.PIZZA, Good.SODA, Good.BEER
GARDEN = ((5, 0), (5, 1))


def two_chains(modules: frozenset[str] = SUSHI_ON, garden: bool = True) -> GameState:
    """Seat 0 at distance 0 from house 2, seat 1 at distance 1; both $10; house 2 has a
    garden unless ``garden`` is False."""
    s = make_state(modules=modules)
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (3, 5), "nw")
    if garden:
        s.houses[2].garden = GARDEN
    return s


# -- Dinnertime --------------------------------------------------------------------------------


def test_ketchup_6_a_garden_house_buys_one_sushi_per_token_from_a_farther_chain() -> None:
    """ketchup.md 6: a house with a garden first looks for chains with one sushi per demand
    token (food and drink alike) and buys sushi there instead of its order; seat 1 (score 11)
    wins against seat 0 (score 10, the exact order), sells 2 sushi, paid 2 x $10 doubled by the
    garden; the demand goes with the sushi."""
    s = two_chains()
    s.players[0].stock.update({B: 1, SODA: 1})
    s.players[1].stock.update({SUSHI: 3})
    s.houses[2].demand = [B, SODA]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"]) == (1, "only_candidate")
    assert (d["order"], d["sold"]) == ("sushi", ["sushi", "sushi"])
    assert d["lines"] == [
        {"kind": "items", "count": 2, "price": 10, "amount": 20},
        {"kind": "garden", "amount": 20},
    ]
    assert s.players[1].cash == 40 and s.players[1].stock[SUSHI] == 1
    assert (s.players[0].stock[B], s.players[0].stock[SODA], s.players[0].cash) == (1, 1, 0)
    assert s.houses[2].demand == []


def test_ketchup_6_all_or_nothing_a_chain_one_sushi_short_is_no_sushi_candidate() -> None:
    """ketchup.md 6: never mix sushi and other goods; 1 sushi for 2 tokens sells nothing, the
    normal candidates compete."""
    s = two_chains()
    s.players[0].stock.update({B: 1, SODA: 1})
    s.players[1].stock.update({SUSHI: 1, B: 1})
    s.houses[2].demand = [B, SODA]
    d = served(dinner(s), 2)
    assert d["winner"] == 0 and "order" not in d
    assert d["amount"] == 40  # 2 x $10, garden x2
    assert (s.players[1].stock[SUSHI], s.players[1].stock[B]) == (1, 1)


def test_ketchup_6_a_house_without_a_garden_never_buys_sushi() -> None:
    """ketchup.md 6: only houses with a garden want sushi: without one, a sushi chain sells
    nothing and the house buys its order (or stays home)."""
    s = two_chains(garden=False)
    s.players[1].stock.update({SUSHI: 5, B: 1})
    s.players[0].stock.update({B: 1})
    s.houses[2].demand = [B]
    d = served(dinner(s), 2)
    assert d["winner"] == 0 and "order" not in d and s.players[1].stock[SUSHI] == 5
    s = two_chains(garden=False)
    s.players[1].stock.update({SUSHI: 5})
    s.houses[2].demand = [B]
    ev = dinner(s)
    assert not kinds(ev, "house_served") and len(kinds(ev, "house_stays_home")) == 1
    assert s.players[1].stock[SUSHI] == 5 and s.houses[2].demand == [B]


def test_ketchup_6_among_sushi_chains_the_normal_comparison_decides() -> None:
    """ketchup.md 6: "normal comparison among them": both can sell sushi; seat 0 is nearer."""
    s = two_chains()
    s.players[0].stock.update({SUSHI: 1})
    s.players[1].stock.update({SUSHI: 1})
    s.houses[2].demand = [P]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"], d["order"]) == (0, "lowest_total", "sushi")
    assert s.players[0].cash == 20 and s.players[1].stock[SUSHI] == 1


def test_ketchup_6_sushi_earns_no_burger_pizza_or_drink_bonus() -> None:
    """ketchup.md 6: sushi is no burger, pizza or drink: a chain with First burger marketed
    and First drink marketed sells sushi to a burger + beer house without the +$5 bonuses; the
    same chain selling the order itself earns them."""
    s = two_chains()
    s.players[1].stock.update({SUSHI: 2})
    s.players[1].milestones.update({"first_burger_marketed": 1, "first_drink_marketed": 1})
    s.houses[2].demand = [B, BEER]
    d = served(dinner(s), 2)
    assert [line["kind"] for line in d["lines"]] == ["items", "garden"] and d["amount"] == 40
    s = two_chains()
    s.players[1].stock.update({B: 1, BEER: 1})
    s.players[1].milestones.update({"first_burger_marketed": 1, "first_drink_marketed": 1})
    s.houses[2].demand = [B, BEER]
    d = served(dinner(s), 2)
    assert [line["kind"] for line in d["lines"]] == ["items", "garden", "bonus", "bonus"]
    assert d["amount"] == 50


def test_ketchup_6_a_sushi_sale_does_not_claim_first_burger_sold() -> None:
    """ketchup.md 6 and 3: the chain sold sushi, not the burger the house demanded: New
    Milestones' First burger sold is not claimed (the sale claims what was sold)."""
    s = two_chains(frozenset({"sushi", "new_milestones"}))
    s.players[1].stock.update({SUSHI: 1})
    s.houses[2].demand = [B]
    ev = dinner(s)
    assert served(ev, 2)["order"] == "sushi"
    assert "first_burger_sold" not in s.players[1].milestones
    s = two_chains(frozenset({"sushi", "new_milestones"}))
    s.players[1].stock.update({B: 1})
    s.houses[2].demand = [B]
    dinner(s)
    assert s.players[1].milestones.get("first_burger_sold") == 1


# -- cards -------------------------------------------------------------------------------------


def cooks(modules: frozenset[str], at_work: list[str]) -> GameState:
    """Seat 0's Working 9-5 turn at the food step with ``at_work``."""
    s = make_state(modules=modules)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = sorted(at_work)
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = WorkStep.FOOD_AND_DRINKS
    return s


def test_ketchup_6_the_sushi_cook_makes_2_and_the_chef_5_sushi() -> None:
    """ketchup.md 6 (19.1 row 20: chef 5): produced like food in the food step; a cook makes
    only its sushi (refused naming the card's food)."""
    s = cooks(SUSHI_ON, [SUSHI_COOK, SUSHI_CHEF])
    assert set(legal_actions(s, 0)) >= {Cook(SUSHI_COOK, SUSHI), Cook(SUSHI_CHEF, SUSHI)}
    assert_illegal(s, 0, Cook(SUSHI_COOK, B), "makes 2 sushi, nothing else")
    s, _ = play(s, 0, Cook(SUSHI_COOK, SUSHI))
    s, _ = play(s, 0, Cook(SUSHI_CHEF, SUSHI))
    assert s.players[0].stock[SUSHI] == 7
    assert not s.players[0].milestones  # no First burger/pizza produced for sushi


def trains(modules: frozenset[str], beach: list[str]) -> set[tuple[str, str]]:
    """The (card, into) pairs a Trainer at work may train from ``beach``."""
    s = make_state(modules=modules)
    s.players[0].at_work = ["trainer"]
    s.players[0].beach = sorted(beach)
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = WorkStep.TRAIN
    return {(a.employee, a.into) for a in legal_actions(s, 0) if isinstance(a, Train)}


def test_ketchup_6_career_kitchen_trainee_to_sushi_cook_to_sushi_chef() -> None:
    """ketchup.md 6 and 0.2 (the any-cook Kitchen Trainee): Kitchen Trainee -> Sushi Cook ->
    Sushi Chef; the Sushi Cook becomes a Fry Chef only with Fry Chefs (9)."""
    into = trains(SUSHI_ON, ["kitchen_trainee", SUSHI_COOK])
    assert ("kitchen_trainee", SUSHI_COOK) in into and ("kitchen_trainee", "burger_cook") in into
    assert (SUSHI_COOK, SUSHI_CHEF) in into and ("kitchen_trainee", SUSHI_CHEF) not in into
    assert not any(dst == "fry_chef" for _, dst in into)
    with_fry = trains(frozenset({"sushi", "fry_chefs"}), [SUSHI_COOK])
    assert (SUSHI_COOK, "fry_chef") in with_fry
    rules = make_state(modules=SUSHI_ON).rules
    assert rules.employee(SUSHI_CHEF).trains_into == ()  # never from a chef (9)
    assert not rules.employee(SUSHI_COOK).entry_level and rules.employee(SUSHI_COOK).salary


def test_ketchup_6_a_trainee_cannot_skip_to_the_sushi_chef() -> None:
    """ketchup.md 6: the chef is trained from the Sushi Cook; one training step from a Kitchen
    Trainee cannot reach it (refused naming the career)."""
    s = make_state(modules=SUSHI_ON)
    s.players[0].at_work = ["trainer"]
    s.players[0].beach = ["kitchen_trainee"]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.TRAIN
    assert_illegal(
        s, 0, Train("trainer", "kitchen_trainee", SUSHI_CHEF), "one training step", "sushi_cook,"
    )


def test_ketchup_0_2_one_extra_luxuries_manager_and_the_sushi_chef_is_1x() -> None:
    """ketchup.md 0.2: one Luxuries Manager is added after the 1x cut (however many food
    modules are on); the Sushi Chef is 1x (1 at 2-3 players, 2 at 4, 3 at 5); 6 cooks."""
    for players, lux, chefs in ((2, 2, 1), (3, 2, 1), (4, 3, 2), (5, 4, 3)):
        s = fcm.new_game(players, 1, fcm.Options(modules=SUSHI_ON))
        assert (s.supply["luxuries_manager"], s.supply[SUSHI_CHEF]) == (lux, chefs)
        assert s.supply[SUSHI_COOK] == 6
    every = fcm.new_game(3, 1, fcm.Options(modules=frozenset({"sushi", "noodles", "kimchi"})))
    assert every.supply["luxuries_manager"] == 2


# -- the good --------------------------------------------------------------------------------


def test_ketchup_6_sushi_is_food_and_cannot_be_marketed() -> None:
    """ketchup.md 6 and 0.2: counts as food; no campaign may advertise it."""
    rules = make_state(modules=SUSHI_ON).rules
    assert SUSHI in rules.goods and SUSHI not in rules.marketable
    assert SUSHI.is_food and not SUSHI.is_drink


def test_ketchup_6_sushi_thrown_away_claims_first_to_throw_away() -> None:
    """ketchup.md 6: sushi counts as food for milestones: a chain that throws away only sushi
    in Clean up claims First to throw away food/drink."""
    s = make_state(modules=SUSHI_ON)
    s.turn.phase = Phase.MARKETING
    s.players[0].stock[SUSHI] = 2
    ev = start_phase(s, Phase.CLEANUP)
    assert kinds(ev, "goods_discarded")[0].data["goods"] == ["sushi", "sushi"]
    assert s.players[0].milestones.get("first_throw_away") == 1


def test_ketchup_6_a_freezer_keeps_sushi() -> None:
    """ketchup.md 6: sushi can be frozen (First to throw away held since an earlier round)."""
    s = make_state(modules=SUSHI_ON)
    s.round = 3
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 2}
    s.players[0].stock.update({SUSHI: 4, B: 1})
    start_phase(s, Phase.CLEANUP)
    s, ev = play(s, 0, fcm.core.actions.Done())
    assert kinds(ev, "freezer_kept")[0].data["goods"] == ["burger"] + ["sushi"] * 4


def test_a_scenario_gives_sushi_only_with_the_module() -> None:
    base = {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]}
    s = fcm.load_scenario({**base, "modules": ["sushi"], "companies": [{"stock": {"sushi": 2}}]})
    assert s.players[0].stock[SUSHI] == 2
    with pytest.raises(ScenarioError, match="stock"):
        fcm.load_scenario({**base, "companies": [{"stock": {"sushi": 1}}]})
