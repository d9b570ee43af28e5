"""Working 9–5 step 5: prep food and drinks.

Sources: excerpt 002 "Working 9–5" ("Prep food and drinks", "Collecting drinks"), facts.md A.1
(outputs and ranges), B (First burger/pizza produced, First errand boy played, First cart
operator played), D.1 (routes, zeppelin), E.2, 9.2 (production is all or nothing).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import Cook, Done, GetDrinks
from fcm.core.engine import legal_actions
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Good

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

# One row of six tiles (L Q N L Q N): the road on row 2 runs through all of them.
#   lemonade (3,3) tile 0, soda (3,6) tile 1, beer (1,11) tile 2,
#   lemonade (3,18) tile 3, soda (3,21) tile 4, beer (1,26) tile 5.
LINE = [[("L", 0), ("Q", 0), ("N", 0), ("L", 0), ("Q", 0), ("N", 0)]]
LEM, SODA, BEER = (3, 3), (3, 6), (1, 11)


def food_step(
    at_work: list[str],
    tiles: Any = None,
    restaurant: tuple[Any, str] = ((3, 3), "nw"),
    milestones: tuple[str, ...] = (),
) -> GameState:
    """Seat 0 (first) at its food-and-drinks step; no supply left to hire."""
    state = make_state(tiles=tiles)
    add_restaurant(state, 0, *restaurant)
    p = state.players[0]
    p.at_work = sorted(at_work)
    for m in milestones:
        p.milestones[m] = 1
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    assert state.turn.working is not None and state.turn.working.step is WorkStep.FOOD_AND_DRINKS
    return state


def drinks(state: GameState, card: str) -> set[tuple[tuple[int, int], ...]]:
    return {
        a.suppliers
        for a in legal_actions(state, 0)
        if isinstance(a, GetDrinks) and a.employee == card
    }


def test_excerpt_002_kitchen_trainee_makes_1_burger_or_pizza() -> None:
    """Excerpt 002: Kitchen Trainee "1 or 1" (burger or pizza)."""
    state = food_step(["kitchen_trainee"])
    assert [a for a in legal_actions(state, 0) if isinstance(a, Cook)] == [
        Cook("kitchen_trainee", Good.BURGER),
        Cook("kitchen_trainee", Good.PIZZA),
    ]
    state, events = run(state, 0, Cook("kitchen_trainee", Good.PIZZA))
    assert state.players[0].stock[Good.PIZZA] == 1
    assert kinds(events, "cooked")[0].data["amount"] == 1


def test_facts_9_2_cook_makes_all_or_nothing() -> None:
    """facts.md 9.2 (designer ruling): production is all or nothing: a Burger Chef makes 8
    burgers in one action (there is no smaller amount to choose), and never pizza."""
    state = food_step(["burger_chef", "kitchen_trainee"])
    assert {
        a for a in legal_actions(state, 0) if isinstance(a, Cook) and a.employee == "burger_chef"
    } == {Cook("burger_chef", Good.BURGER)}
    illegal(state, 0, Cook("burger_chef", Good.PIZZA), "'Prep food and drinks'", "8 burger")
    state, _ = run(state, 0, Cook("burger_chef", Good.BURGER))
    assert state.players[0].stock[Good.BURGER] == 8


def test_facts_b_first_burger_produced_gives_a_burger_cook() -> None:
    """facts.md B "First burger produced": gain a Burger Cook (on the beach)."""
    state = food_step(["burger_cook", "kitchen_trainee"])
    state.supply["burger_cook"] = 2
    state, _ = run(state, 0, Cook("burger_cook", Good.BURGER))
    assert state.players[0].has("first_burger_produced")
    assert state.players[0].beach == ["burger_cook"]
    assert state.supply["burger_cook"] == 1
    assert state.players[0].stock[Good.BURGER] == 3


def test_facts_b_first_pizza_produced_with_empty_pile_gives_nothing() -> None:
    """facts.md B "First pizza produced": none left -> nothing."""
    state = food_step(["pizza_cook"])
    state, _ = run(state, 0, Cook("pizza_cook", Good.PIZZA))
    assert state.players[0].has("first_pizza_produced")
    assert state.players[0].beach == []


def test_excerpt_002_each_card_acts_once() -> None:
    """Excerpt 002: each employee gains its goods once; a second cook needs a second card."""
    state = food_step(["kitchen_trainee", "kitchen_trainee", "errand_boy"])
    state, _ = run(state, 0, Cook("kitchen_trainee", Good.BURGER))
    assert Cook("kitchen_trainee", Good.BURGER) in legal_actions(state, 0)
    state, _ = run(state, 0, Cook("kitchen_trainee", Good.BURGER))
    illegal(state, 0, Cook("kitchen_trainee", Good.BURGER), "no kitchen_trainee at work is left")
    assert state.players[0].stock[Good.BURGER] == 2


def test_excerpt_002_gaining_is_optional() -> None:
    """Excerpt 002: "Gaining is optional": Done without cooking."""
    state = food_step(["kitchen_trainee"])
    state, _ = run(state, 0, Done())
    assert state.players[0].stock[Good.BURGER] == 0


def test_excerpt_002_errand_boy_one_drink_of_any_kind() -> None:
    """Excerpt 002: Errand Boy: 1 drink of any kind, no supplier needed."""
    state = food_step(["errand_boy", "kitchen_trainee"])
    assert {a.good for a in legal_actions(state, 0) if isinstance(a, GetDrinks)} == {
        Good.SODA,
        Good.LEMONADE,
        Good.BEER,
    }
    state, _ = run(state, 0, GetDrinks("errand_boy", good=Good.BEER))
    assert state.players[0].stock[Good.BEER] == 1


def test_facts_b_errand_boy_milestone_gives_two() -> None:
    """facts.md B "First errand boy played": errand boy 2 identical drinks."""
    state = food_step(["errand_boy"], milestones=("first_errand_boy",))
    state, events = run(state, 0, GetDrinks("errand_boy", good=Good.LEMONADE))
    assert state.players[0].stock[Good.LEMONADE] == 2
    assert kinds(events, "drinks_collected")[0].data["total"] == {"lemonade": 2}


def test_excerpt_002_cart_operator_chooses_its_route() -> None:
    """Excerpt 002: a Cart Operator takes 2 drinks from each supplier on a road route of range
    2 and must collect from every supplier next to the route. On the small map, from the
    restaurant at (3,3): soda alone (south), lemonade alone (east then south) or both."""
    state = food_step(["cart_operator"])
    assert drinks(state, "cart_operator") == {((6, 1),), ((6, 6),), ((6, 1), (6, 6))}
    state, events = run(state, 0, GetDrinks("cart_operator", suppliers=((6, 1), (6, 6))))
    stock = state.players[0].stock
    assert (stock[Good.SODA], stock[Good.LEMONADE]) == (2, 2)
    detail = kinds(events, "drinks_collected")[0].data["suppliers"]
    assert detail == [
        {"cell": [6, 1], "good": "soda", "amount": 2},
        {"cell": [6, 6], "good": "lemonade", "amount": 2},
    ]


def test_excerpt_002_route_must_collect_every_supplier_passed() -> None:
    """Excerpt 002: "You must collect from every supplier orthogonally next to the route": on
    the line, soda can't be reached without passing the lemonade first."""
    state = food_step(["cart_operator"], tiles=LINE, restaurant=((3, 0), "nw"))
    assert drinks(state, "cart_operator") == {(LEM,), (LEM, SODA), (BEER, LEM, SODA)}
    illegal(state, 0, GetDrinks("cart_operator", suppliers=(SODA,)), "every supplier next to it")


def test_excerpt_002_truck_driver_range_3_and_three_per_supplier() -> None:
    """Excerpt 002: Truck Driver: 3 drinks from each supplier on a road route, range 3."""
    state = food_step(["truck_driver"], tiles=LINE, restaurant=((3, 0), "nw"))
    longest = (BEER, LEM, SODA, (3, 18))
    assert longest in drinks(state, "truck_driver")
    state, _ = run(state, 0, GetDrinks("truck_driver", suppliers=longest))
    stock = state.players[0].stock
    assert (stock[Good.LEMONADE], stock[Good.SODA], stock[Good.BEER]) == (6, 3, 3)


def test_facts_b_cart_operator_milestone_adds_range_errand_milestone_adds_drinks() -> None:
    """facts.md B: First cart operator played: +1 range for carts; First errand boy played:
    +1 drink per source (cart 3)."""
    state = food_step(
        ["cart_operator"],
        tiles=LINE,
        restaurant=((3, 0), "nw"),
        milestones=("first_cart_operator", "first_errand_boy"),
    )
    longest = (BEER, LEM, SODA, (3, 18))
    assert longest in drinks(state, "cart_operator")
    state, _ = run(state, 0, GetDrinks("cart_operator", suppliers=longest))
    assert state.players[0].stock[Good.BEER] == 3


def test_excerpt_002_zeppelin_collects_on_every_tile_range_4() -> None:
    """Excerpt 002: a Zeppelin Pilot collects from every supplier on each tile it enters,
    including its starting tile, range 4 by air: on the line, tiles 0..4."""
    state = food_step(["zeppelin_pilot"], tiles=LINE, restaurant=((3, 0), "nw"))
    flights = drinks(state, "zeppelin_pilot")
    five_tiles = (BEER, LEM, SODA, (3, 18), (3, 21))
    assert max(flights, key=len) == five_tiles
    assert (LEM,) in flights  # staying on the start tile
    state, _ = run(state, 0, GetDrinks("zeppelin_pilot", suppliers=five_tiles))
    stock = state.players[0].stock
    assert (stock[Good.LEMONADE], stock[Good.SODA], stock[Good.BEER]) == (4, 4, 2)


def test_facts_b_zeppelin_with_cart_operator_milestone_flies_5() -> None:
    """facts.md B: First cart operator played also gives zeppelins +1 range."""
    state = food_step(
        ["zeppelin_pilot"],
        tiles=LINE,
        restaurant=((3, 0), "nw"),
        milestones=("first_cart_operator",),
    )
    assert len(max(drinks(state, "zeppelin_pilot"), key=len)) == 6


def test_conventions_11_coming_soon_is_no_route_start() -> None:
    """conventions.md #11: routes start at entrances of open restaurants only."""
    state = make_state(tiles=LINE)
    add_restaurant(state, 0, (3, 0), "nw", open=False)
    state.players[0].at_work = ["cart_operator", "kitchen_trainee"]
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    assert drinks(state, "cart_operator") == set()
    illegal(state, 0, GetDrinks("cart_operator", suppliers=(LEM,)), "no route")
