"""Coffee (ketchup.md 4, 0.2, 18 step 5, 19.1 rows 5, 8, 25, 19.3 "Coffee routes" and "Coffee
shop range"): baristas, coffee shops, coffee sold on the house's shortest route, First coffee
sold.

Map: tests.helpers.SMALL_MAP (tiles 5x5: A top-left, B top-right, R bottom-left, T
bottom-right; roads on column 2 / 7 and row 2 / 7 of each tile, a crossroads each):

    ..r....rHH  0      House 2 covers (3,0)-(4,1) on tile A, house 4 (0,8)-(1,9) on B.
    ..r....rHH  1      A restaurant at (3,5) nw (entrance (3,5), road (2,5) on tile B) is at
    rrrrrrrrrr  2      distance 1 from house 2; one at (8,8) nw (tile T) at distance 2, by
    HHr....r..  3      two shortest routes: A -> B -> T along row 2 and column 7, or
    HHr....r..  4      A -> R -> T along column 2 and row 7.
    ..r....r..  5
    .sr...lr..  6
    rrrrrrrrrr  7
    ..r....r..  8
    ..r....r..  9
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import (
    add_restaurant,
    assert_illegal,
    current_actors,
    dinner,
    kinds,
    legal_actions,
    make_state,
    play,
    served,
    start_phase,
)

import fcm
from fcm.core.actions import ChooseAdvert, Cook, Done, Hire, Train
from fcm.core.phases import cleanup
from fcm.core.phases.working.common import open_spots
from fcm.core.phases.working.goods import supplier_sets
from fcm.core.state import GameState, Phase, Piece, WorkStep
from fcm.core.types import Cell, Corner, Good
from fcm.games import state_from_dict
from fcm.modules.coffee.actions import MoveCoffeeShop, PlaceCoffeeShop
from fcm.modules.coffee.ids import BARISTA, BARISTA_TRAINEE, COFFEE, LEAD_BARISTA

ON = frozenset({"coffee"})
B, SODA, LEMONADE = Good.BURGER, Good.SODA, Good.LEMONADE


def shop(s: GameState, seat: int, cell: Cell) -> None:
    """A coffee shop of ``seat`` on ``cell`` (the board piece and its owner)."""
    s.module_data.setdefault("coffee", {}).setdefault("shops", []).append([seat, *cell])
    s.pieces.append(Piece("coffee_shop", cell))


def sold(ev: list[Any], house: int) -> dict[str, Any]:
    (d,) = [e.data for e in ev if e.kind == "coffee_sold" and e.data["house"] == house]
    return d


def to_house_2(players: int = 2) -> GameState:
    """House 2 wants a burger; seat 1 alone has one, at (3,5) nw (distance 1, along row 2)."""
    s = make_state(players, modules=ON)
    add_restaurant(s, 1, (3, 5), "nw")
    s.players[1].stock[B] = 1
    s.houses[2].demand = [B]
    return s


# -- the data (0.2, 4) -------------------------------------------------------------------------


def test_ketchup_4_cards_career_coffee_as_data_and_the_extra_luxuries_manager() -> None:
    """ketchup.md 4 and 0.2: Barista Trainee (entry, no salary, 1) -> Barista (salary, 2) ->
    Lead Barista (1x, salary, 5); coffee is neither food nor drink, never marketed; one extra
    Luxuries Manager after the 1x cut."""
    s = make_state(modules=ON)
    emp = s.rules.catalog.employees
    assert (emp[BARISTA_TRAINEE].entry_level, emp[BARISTA_TRAINEE].salary) == (True, False)
    assert emp[BARISTA_TRAINEE].trains_into == (BARISTA,)
    assert emp[BARISTA].trains_into == (LEAD_BARISTA,) and emp[BARISTA].salary
    assert [emp[c].food_amount for c in (BARISTA_TRAINEE, BARISTA, LEAD_BARISTA)] == [1, 2, 5]
    assert not COFFEE.is_food and not COFFEE.is_drink
    assert COFFEE in s.rules.goods and COFFEE not in s.rules.marketable
    g = fcm.new_game(3, 1, fcm.Options(modules=ON))
    base = fcm.new_game(3, 1)
    assert g.supply["luxuries_manager"] == base.supply["luxuries_manager"] + 1
    assert g.supply[LEAD_BARISTA] == 1  # 1x: one copy at 3 players


def test_ketchup_4_baristas_make_coffee_in_the_food_and_drinks_step() -> None:
    """ketchup.md 4 "Production": 1 / 2 / 5 coffee, in the food and drinks step."""
    s = make_state(modules=ON)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = sorted([BARISTA_TRAINEE, BARISTA, LEAD_BARISTA])
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.FOOD_AND_DRINKS
    for card in (BARISTA_TRAINEE, BARISTA, LEAD_BARISTA):
        s, _ = play(s, 0, Cook(card, COFFEE))
    assert s.players[0].stock[COFFEE] == 8
    assert not s.players[0].milestones  # no "produced" milestone for coffee


def test_ketchup_4_coffee_cannot_be_advertised() -> None:
    """ketchup.md 0.2 / 4: no campaign may advertise coffee (refused naming the good)."""
    s = make_state(modules=ON)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["marketing_trainee"]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.CAMPAIGNS
    assert not any(getattr(a, "good", None) == COFFEE for a in legal_actions(s, 0))
    assert_illegal(s, 0, ChooseAdvert(COFFEE, 1), "coffee")


# -- Dinnertime (4 steps 1-5, 18 step 5) -------------------------------------------------------


def test_ketchup_4_a_house_buys_one_coffee_at_a_shop_on_its_route() -> None:
    """ketchup.md 4 steps 1-3, 5: house 2 eats at seat 1 (coffee ignored in the choice) and on
    its way along row 2 passes seat 0's shop at (1,3) (next to road (2,3)): it buys 1 coffee,
    $10, paid to seat 0; seat 0 claims First coffee sold."""
    s = to_house_2()
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 3
    ev = dinner(s)
    assert served(ev, 2)["winner"] == 1 and s.players[1].cash == 10
    d = sold(ev, 2)
    assert d["sales"] == [{"seat": 0, "place": "shop", "cell": [1, 3], "amount": 10}]
    assert (d["winner"], d["distance"], d["routes"], d["count"]) == (1, 1, 1, 1)
    assert d["cells"] == [[1, 3]] and "skipped" not in d
    assert [2, 3] in d["route"]
    assert s.players[0].cash == 10 and s.players[0].stock[COFFEE] == 2
    assert s.players[0].milestones.get("first_coffee_sold") == 1
    assert s.module_data["coffee"]["owed"] == [0]


def test_ketchup_4_coffee_priced_like_an_item_garden_doubles_no_drink_bonus() -> None:
    """ketchup.md 4 step 5: the seller's unit price ($10, -$1 Pricing Manager, -$1 First to
    lower prices: $8), doubled by the garden; no +$5 First drink marketed bonus (coffee is no
    drink)."""
    s = to_house_2()
    s.houses[2].garden = ((5, 0), (5, 1))
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 1
    s.players[0].at_work = ["pricing_manager"]
    s.players[0].milestones["first_drink_marketed"] = 0
    ev = dinner(s)
    assert sold(ev, 2)["sales"][0]["amount"] == 16
    assert s.players[0].cash == 16


def test_ketchup_4_no_coffee_in_stock_sells_nothing_and_nothing_is_frozen_or_bought() -> None:
    """ketchup.md 4 step 3: only a chain that has coffee in stock sells."""
    s = to_house_2()
    shop(s, 0, (1, 3))
    ev = dinner(s)
    assert not kinds(ev, "coffee_sold") and s.players[0].cash == 0


def test_ketchup_4_never_at_the_destination_restaurant_but_at_the_winners_shop() -> None:
    """ketchup.md 4 step 3: the house never buys coffee at its destination restaurant, but a
    coffee shop of the winning chain on the way sells."""
    s = to_house_2()
    s.players[1].stock[COFFEE] = 5
    ev = dinner(s)
    assert not kinds(ev, "coffee_sold")
    s = to_house_2()
    s.players[1].stock[COFFEE] = 5
    shop(s, 1, (1, 3))
    ev = dinner(s)
    assert sold(ev, 2)["sales"] == [{"seat": 1, "place": "shop", "cell": [1, 3], "amount": 10}]
    assert s.players[1].cash == 20 and s.players[1].stock[COFFEE] == 4


def test_ketchup_4_the_route_selling_the_most_coffee_is_taken() -> None:
    """ketchup.md 4 step 4: of the shortest routes, one starting on (2,1) passes seat 0's
    restaurant entrance (1,1) and its shop (1,3): it sells 2, more than any other."""
    s = to_house_2()
    add_restaurant(s, 0, (0, 0), "se")
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 2
    ev = dinner(s)
    d = sold(ev, 2)
    assert [(x["place"], x["cell"]) for x in d["sales"]] == [
        ("restaurant", [0, 0]), ("shop", [1, 3])
    ]
    assert d["routes"] == 1 and s.players[0].cash == 20


def test_ketchup_4_tied_routes_sell_only_where_they_agree_kx_example() -> None:
    """ketchup.md 4 step 4 and the KX example (19.1 row 25): house 2 eats at seat 1's (8,8)
    by two shortest routes of distance 2; one passes seat 0's restaurant (3,8), the other seat
    2's (8,3); both pass seat 0's shop (6,8): each route sells 2, so only the shop, common to
    both, sells one."""
    s = make_state(3, modules=ON)
    add_restaurant(s, 1, (8, 8), "nw")
    add_restaurant(s, 0, (3, 8), "nw")
    add_restaurant(s, 2, (8, 3), "nw")
    shop(s, 0, (6, 8))
    s.players[1].stock[B] = 1
    s.players[0].stock[COFFEE] = 3
    s.players[2].stock[COFFEE] = 3
    s.houses[2].demand = [B]
    ev = dinner(s)
    assert served(ev, 2)["winner"] == 1
    d = sold(ev, 2)
    assert d["distance"] == 2 and d["routes"] == 2
    assert d["sales"] == [{"seat": 0, "place": "shop", "cell": [6, 8], "amount": 10}]
    assert sorted(d["skipped"]) == [[3, 8], [8, 3]]
    assert (s.players[0].stock[COFFEE], s.players[2].stock[COFFEE]) == (2, 3)


def test_ketchup_19_1_row_25_tied_routes_past_the_same_chain_are_skipped_too() -> None:
    """ketchup.md 19.1 row 25: the two tied routes pass two restaurants of the same chain:
    skipped all the same (only the common shop sells)."""
    s = make_state(2, modules=ON)
    add_restaurant(s, 1, (8, 8), "nw")
    add_restaurant(s, 0, (3, 8), "nw")
    add_restaurant(s, 0, (8, 3), "nw")
    shop(s, 0, (6, 8))
    s.players[1].stock[B] = 1
    s.players[0].stock[COFFEE] = 3
    s.houses[2].demand = [B]
    d = sold(dinner(s), 2)
    assert [x["cell"] for x in d["sales"]] == [[6, 8]] and d["routes"] == 2


def test_ketchup_19_1_row_5_no_u_turn_into_a_dead_end() -> None:
    """ketchup.md 19.1 row 5 / 19.3: a route never steps back onto the square it just left,
    so the shop at (0,3), next only to the dead end (0,2) of column 2, is never passed."""
    s = to_house_2()
    shop(s, 0, (0, 3))
    s.players[0].stock[COFFEE] = 3
    assert not kinds(dinner(s), "coffee_sold")


def test_ketchup_4_a_house_that_stays_home_buys_no_coffee() -> None:
    """ketchup.md 4: houses with no sale travel nowhere and buy no coffee."""
    s = to_house_2()
    s.players[1].stock[B] = 0
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 3
    ev = dinner(s)
    assert kinds(ev, "house_stays_home") and not kinds(ev, "coffee_sold")


def test_ketchup_4_the_cfo_counts_coffee_and_a_fry_chef_pays_once_a_house() -> None:
    """ketchup.md 4 step 5 (CFO counts it [M]) and "Interactions" (a chain selling coffee to a
    house gets its fry bonus once for that house): seat 0 sells 2 coffee ($20) + $10 Fry Chef,
    and its CFO adds half: $15."""
    s = make_state(modules=frozenset({"coffee", "fry_chefs"}))
    add_restaurant(s, 1, (3, 5), "nw")
    s.players[1].stock[B] = 1
    s.houses[2].demand = [B]
    add_restaurant(s, 0, (0, 0), "se")
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 2
    s.players[0].at_work = ["cfo", "fry_chef"]
    ev = dinner(s)
    assert len(sold(ev, 2)["sales"]) == 2
    (cfo,) = [e.data for e in ev if e.kind == "cfo_bonus" and e.data["seat"] == 0]
    assert (cfo["earned"], cfo["amount"]) == (30, 15)
    assert s.players[0].cash == 45


# -- coffee is never frozen (4 "Production") ---------------------------------------------------


def test_ketchup_4_coffee_is_thrown_away_when_clean_up_begins_even_with_a_freezer() -> None:
    """ketchup.md 4: coffee cannot be frozen; all coffee is discarded in Clean up. Seat 0 has
    the freezer (First to throw away, earlier round): its burgers stay to choose, its coffee
    is gone."""
    s = make_state(modules=ON)
    s.round = 3
    s.players[0].milestones["first_throw_away"] = 1
    s.players[0].stock.update({B: 2, COFFEE: 4})
    s.players[1].stock.update({COFFEE: 1})
    ev = start_phase(s, Phase.CLEANUP)
    discarded = [e.data for e in kinds(ev, "goods_discarded")]
    assert {"seat": 0, "goods": ["coffee"] * 4} in discarded
    assert s.players[0].stock[COFFEE] == 0 and s.players[0].stock[B] == 2
    assert s.players[1].stock[COFFEE] == 0


# -- coffee shops after training (4 "Coffee shops", 19.1 row 8, 19.3) --------------------------


def training(beach: list[str], *, restaurant: bool = True) -> GameState:
    """Seat 0's Train step with a Trainer at work, ``beach`` to train, a restaurant at (0,0) se
    (entrance (1,1) on tile A)."""
    s = make_state(modules=ON)
    if restaurant:
        add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["trainer"]
    s.players[0].beach = sorted(beach)
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = WorkStep.TRAIN
    return s


def test_ketchup_4_training_a_barista_offers_coffee_shops_within_range_2() -> None:
    """ketchup.md 4: right after Barista Trainee -> Barista the chain may place a coffee shop on
    an empty square next to a road within road range 2 of its restaurant: the only legal
    actions are those placements and Done (it is optional, 19.1 row 8); (1,3) on tile A is one,
    a square next to no road is not, and tiles more than 2 borders away are out of reach."""
    s = training([BARISTA_TRAINEE])
    s, _ = play(s, 0, Train("trainer", BARISTA_TRAINEE, BARISTA))
    legal = legal_actions(s, 0)
    cells = {a.cell for a in legal if isinstance(a, PlaceCoffeeShop)}
    assert set(legal) == {PlaceCoffeeShop(c) for c in cells} | {Done()}
    assert (1, 3) in cells and (0, 0) not in cells and (3, 3) in cells
    assert (4, 4) not in cells  # next to no road
    s, ev = play(s, 0, PlaceCoffeeShop((1, 3)))
    assert kinds(ev, "coffee_shop_placed")[0].data == {"seat": 0, "cells": [[1, 3]]}
    assert Piece("coffee_shop", (1, 3)) in s.pieces
    assert s.module_data["coffee"]["shops"] == [[0, 1, 3]]


def test_ketchup_4_illegal_coffee_shop_placements_are_refused_naming_the_rule() -> None:
    """ketchup.md 4: one coffee shop per tile (any chain's), an empty square, next to a road,
    within range 2; a shop is placed only right after such a training."""
    s = training([BARISTA_TRAINEE])
    shop(s, 1, (8, 0))  # tile R has seat 1's shop
    assert_illegal(s, 0, PlaceCoffeeShop((1, 3)), "only right after training")
    s, _ = play(s, 0, Train("trainer", BARISTA_TRAINEE, BARISTA))
    assert_illegal(s, 0, PlaceCoffeeShop((5, 3)), "one per tile")
    assert_illegal(s, 0, PlaceCoffeeShop((2, 3)), "empty square")  # a road
    assert_illegal(s, 0, PlaceCoffeeShop((4, 4)), "next to a road")
    assert_illegal(s, 0, Hire(BARISTA_TRAINEE), "coffee shop", "or decline it")
    s, ev = play(s, 0, Done())
    assert kinds(ev, "coffee_shop_placed")[0].data["declined"]
    assert "placing" not in s.module_data["coffee"]


def test_ketchup_19_3_range_counts_from_own_locations_option_any_chain() -> None:
    """ketchup.md 19.3: the range starts from the player's own restaurants and shops (seat 0
    has none: no square, no decision, the event says so); switch coffee_shop_range_any_chain:
    from anybody's (seat 1's restaurant at (3,5) reaches (1,6))."""
    s = training([BARISTA_TRAINEE], restaurant=False)
    add_restaurant(s, 1, (3, 5), "nw")
    s, ev = play(s, 0, Train("trainer", BARISTA_TRAINEE, BARISTA))
    assert kinds(ev, "coffee_shop_placed")[0].data["no_square"]
    assert "coffee" not in s.module_data
    s = make_state(modules=ON, switches=frozenset({"coffee_shop_range_any_chain"}))
    add_restaurant(s, 1, (3, 5), "nw")
    s.players[0].at_work = ["trainer"]
    s.players[0].beach = [BARISTA_TRAINEE]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.TRAIN
    s, _ = play(s, 0, Train("trainer", BARISTA_TRAINEE, BARISTA))
    assert PlaceCoffeeShop((1, 6)) in legal_actions(s, 0)


def test_ketchup_4_training_into_the_lead_barista_places_too_and_with_three_a_shop_moves() -> None:
    """ketchup.md 4: Barista -> Lead Barista lets the chain place one too; with all three of
    its shops on the map it may move one instead (placing a fourth is refused)."""
    s = training([BARISTA])
    for cell in ((1, 3), (8, 0), (0, 6)):
        shop(s, 0, cell)
    s, _ = play(s, 0, Train("trainer", BARISTA, LEAD_BARISTA))
    legal = legal_actions(s, 0)
    assert not [a for a in legal if isinstance(a, PlaceCoffeeShop)]
    assert MoveCoffeeShop((1, 3), (3, 3)) in legal
    assert MoveCoffeeShop((8, 0), (8, 1)) in legal  # within its own tile
    assert_illegal(s, 0, PlaceCoffeeShop((3, 3)), "move one instead")
    s, ev = play(s, 0, MoveCoffeeShop((1, 3), (3, 3)))
    assert kinds(ev, "coffee_shop_placed")[0].data["origin"] == [[1, 3]]
    assert sorted(p.cell for p in s.pieces) == [(0, 6), (3, 3), (8, 0)]


def test_ketchup_4_a_coffee_shop_starts_the_range_of_every_card() -> None:
    """ketchup.md 4: a coffee shop is a starting point for ranges. On a row of four tiles (A B R
    T, road along row 2) seat 0's restaurant at (0,0) se on tile A reaches the soda of tile R
    with a Cart Operator (range 2) but not the lemonade at (1,16) of tile T (3 borders); its
    shop at (3,18) on tile T (next to road (2,18)) reaches it."""
    s = make_state(modules=ON, tiles=[[("A", 0), ("B", 0), ("R", 0), ("T", 0)]])
    add_restaurant(s, 0, (0, 0), "se")
    before = {c for sset in supplier_sets(s, 0, "cart_operator") for c in sset}
    assert (1, 16) not in before
    shop(s, 0, (3, 18))
    assert ((3, 18), Corner.NW, False) in open_spots(s, 0)
    after = {c for sset in supplier_sets(s, 0, "cart_operator") for c in sset}
    assert (1, 16) in after
    assert ((3, 18), Corner.NW, False) not in open_spots(s, 1)


def test_ketchup_4_a_coffee_shop_is_no_restaurant() -> None:
    """ketchup.md 4: it sells only coffee; a chain with a shop but no restaurant is no
    candidate for a house."""
    s = make_state(modules=ON)
    shop(s, 0, (1, 3))
    s.players[0].stock[B] = 1
    s.houses[2].demand = [B]
    ev = dinner(s)
    assert kinds(ev, "house_stays_home")


# -- First coffee sold (4) ---------------------------------------------------------------------


def test_ketchup_4_first_coffee_sold_places_a_shop_anywhere_in_clean_up_in_turn_order() -> None:
    """ketchup.md 4 "First coffee sold": the first seller places one coffee shop in that round's
    Clean up, anywhere (no range), one per tile still applies; only that decision is asked
    before the freezers."""
    s = to_house_2()
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 1
    dinner(s)
    assert s.module_data["coffee"]["owed"] == [0]
    start_phase(s, Phase.CLEANUP)
    assert current_actors(s) == [0]
    legal = legal_actions(s, 0)
    cells = {a.cell for a in legal if isinstance(a, PlaceCoffeeShop)}
    assert (8, 8) in cells  # tile T: far from anything of seat 0
    assert not any(c[0] < 5 and c[1] < 5 for c in cells)  # tile A has its shop
    assert_illegal(s, 0, PlaceCoffeeShop((3, 3)), "one per tile")
    s, ev = play(s, 0, PlaceCoffeeShop((8, 8)))
    assert kinds(ev, "coffee_shop_placed")[0].data == {
        "seat": 0, "cells": [[8, 8]], "milestone": "first_coffee_sold"
    }
    assert "owed" not in s.module_data.get("coffee", {})
    assert s.turn.phase is not Phase.CLEANUP and s.round == 2


def test_ketchup_4_a_shop_in_scenarios_and_saves_round_trips() -> None:
    """ketchup.md 4: the shops (pieces and owners) are saved and loaded with the state."""
    s = to_house_2()
    shop(s, 0, (1, 3))
    again = state_from_dict(s.to_dict())
    assert again.pieces == s.pieces and again.module_data == s.module_data
    assert again.state_hash() == s.state_hash()


@pytest.mark.parametrize("seed", [3, 4])
def test_ketchup_4_whole_games_with_coffee_keep_invariants(seed: int) -> None:
    """ketchup.md 4 in whole games: the random bots place shops; every invariant holds."""
    from fcm.verify import check_game

    check_game(seed, "random", ON)


def test_ketchup_4_the_owed_clean_up_shop_comes_first() -> None:
    """ketchup.md 4: while the First coffee sold shop is owed in Clean up, nothing else is
    legal (refused naming the rule)."""
    s = make_state(modules=ON)
    s.module_data["coffee"] = {"owed": [1]}
    s.players[1].stock[B] = 2
    s.players[1].milestones["first_throw_away"] = 0
    s.round = 2
    start_phase(s, Phase.CLEANUP)
    assert current_actors(s) == [1]
    assert_illegal(s, 1, Done(), "First coffee sold")
    assert cleanup.actors(s) == [1]


def test_ketchup_4_coffee_pays_no_salary_with_first_beer_sold() -> None:
    """ketchup-milestones.json, First beer sold ("kimchi, sushi, noodles count; coffee does
    not") and ketchup.md 4 ("coffee is not food for First beer sold"): with New Milestones a
    holder with beer and coffee is offered only the beer; coffee is refused naming the rule."""
    from fcm.modules.new_milestones.actions import PaySalary

    s = make_state(modules=frozenset({"coffee", "new_milestones"}))
    s.players[0].at_work = ["brand_manager"]
    s.players[0].cash = 20
    s.players[0].stock.update({Good.BEER: 1, COFFEE: 3})
    s.players[0].milestones["first_beer_sold"] = 1
    s.turn.phase = Phase.PAYDAY
    start_phase(s, Phase.PAYDAY)
    for seat in (0, 1):  # nobody fires voluntarily
        if seat in current_actors(s):
            s, _ = play(s, seat, Done())
    assert legal_actions(s, 0) == [PaySalary(Good.BEER), Done()]
    assert_illegal(s, 0, PaySalary(COFFEE), "only food and drinks pay salaries")


def test_ketchup_4_first_coffee_sold_stays_with_new_milestones_and_hard_choices() -> None:
    """ketchup-milestones.json general rules: module milestones are used whenever their module
    is on, with either set (19.2: yes [M]); New Milestones replaces only the base set."""
    for other in ("new_milestones", "hard_choices"):
        s = fcm.new_game(2, 7, fcm.Options(modules=frozenset({"coffee", other})))
        assert "first_coffee_sold" in s.rules.catalog.milestones
    nm = fcm.new_game(2, 7, fcm.Options(modules=frozenset({"coffee", "new_milestones"})))
    assert "first_burger_marketed" not in nm.rules.catalog.milestones


def test_ketchup_4_a_chain_out_of_coffee_sells_no_more_nearer_locations_first() -> None:
    """ketchup.md 4 [L-M]: every route east passes seat 0's restaurant entrance (3,3) (next to
    (2,3), distance 0 from house 2) and its shop at (1,5) on tile B (next to (2,5), distance
    1); with 1 coffee only the nearer location sells, with 2 both."""
    for coffee, cells in ((1, [[3, 3]]), (2, [[3, 3], [1, 5]])):
        s = to_house_2()
        add_restaurant(s, 0, (3, 3), "nw")
        shop(s, 0, (1, 5))
        s.players[0].stock[COFFEE] = coffee
        d = sold(dinner(s), 2)
        assert d["cells"] == cells and d["routes"] == 1
        assert s.players[0].stock[COFFEE] == 0


def test_ketchup_4_a_drive_in_sells_at_any_corner_the_route_passes() -> None:
    """ketchup.md 4: "a drive-in restaurant sells at any corner the route passes" [M]: seat 0's
    restaurant at (0,0) has its entrance at (0,0), next to no road; with a drive-in its corner
    (1,1), next to road (2,1), sells."""
    for drive_in, count in ((False, 0), (True, 1)):
        s = to_house_2()
        add_restaurant(s, 0, (0, 0), "nw", drive_in=drive_in)
        s.players[0].stock[COFFEE] = 1
        ev = dinner(s)
        assert len([x for e in kinds(ev, "coffee_sold") for x in e.data["sales"]]) == count


def test_ketchup_4_a_coming_soon_restaurant_sells_no_coffee() -> None:
    """ketchup.md 4 (reading: a Coming Soon restaurant does nothing until Clean up,
    conventions.md #11): seat 0's restaurant at (3,3), passed by every route east, sells only
    once open."""
    for is_open, count in ((False, 0), (True, 1)):
        s = to_house_2()
        add_restaurant(s, 0, (3, 3), "nw", open=is_open)
        s.players[0].stock[COFFEE] = 1
        ev = dinner(s)
        assert len([x for e in kinds(ev, "coffee_sold") for x in e.data["sales"]]) == count


def test_ketchup_2_and_4_a_park_doubles_the_coffee_sold_on_the_way() -> None:
    """ketchup.md 2 (a house beside a park pays double the unit price per item, coffee
    included) and 4 step 5: house 2, beside a park, buys 1 coffee at seat 0's shop on its way
    to seat 1: $10 x 2 = $20 to seat 0. (A whole game with every module stopped here once: the
    park's rule found no meal's line in a coffee sale.)"""
    s = make_state(modules=frozenset({"coffee", "lobbyists"}))
    add_restaurant(s, 1, (3, 5), "nw")
    s.players[1].stock[B] = 1
    s.houses[2].demand = [B]
    s.pieces += [Piece("park", (5, 0)), Piece("park", (6, 0))]
    shop(s, 0, (1, 3))
    s.players[0].stock[COFFEE] = 1
    ev = dinner(s)
    assert sold(ev, 2)["sales"] == [{"seat": 0, "place": "shop", "cell": [1, 3], "amount": 10}]
    assert s.players[0].cash == 20


def test_ketchup_2_4_18_a_park_doubles_the_winners_own_coffee_a_fry_chef_pays_once() -> None:
    """ketchup.md 2 (a house beside a park pays double per item, "coffee and kimchi
    included"), 4 step 5 (coffee priced "with garden (and park) multiplier") and 18 steps 4-5:
    the park multiplies every coffee the house buys, the winner's own on its route too. House 2,
    beside a park, eats a burger at seat 1 ($10 x 2 = $20, + $10 for its Fry Chef) and on its
    way buys 1 coffee at seat 1's own shop at (1,3): $10 x 2 = $20, and no second Fry Chef
    bonus (once a house, 4 "Interactions"): seat 1 has $50 (before: $40, the coffee not
    doubled)."""
    s = make_state(modules=frozenset({"coffee", "lobbyists", "fry_chefs"}))
    add_restaurant(s, 1, (3, 5), "nw")
    s.players[1].stock[B] = 1
    s.houses[2].demand = [B]
    s.pieces += [Piece("park", (5, 0)), Piece("park", (6, 0))]
    shop(s, 1, (1, 3))
    s.players[1].stock[COFFEE] = 1
    s.players[1].at_work = ["fry_chef"]
    assert s.players[1].cash == 0
    ev = dinner(s)
    assert [line["kind"] for line in served(ev, 2)["lines"]] == ["items", "fry_chef", "park"]
    d = sold(ev, 2)
    assert d["sales"] == [{"seat": 1, "place": "shop", "cell": [1, 3], "amount": 10}]
    assert d["amount"] == 20
    assert s.players[1].cash == 50
