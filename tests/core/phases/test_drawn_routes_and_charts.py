"""Routes and structures as players draw them: a buyer's action with its route, and
Restructuring as an org chart.

Sources: excerpt 002 "Working 9–5" ("Collecting drinks": a road route starts at an entrance of
one of your open restaurants and moves square by square along roads; a Zeppelin Pilot collects
on each tile it enters and may not enter a tile twice), facts.md D.1 (range counts tile borders;
no U-turn; bridges straight; diagonal contact never counts), E.2 (ranges), 9.1 #8; excerpt 000
"Phase 1" and facts.md A.3 (the pyramid: managers only in CEO slots, slots per card).

LINE (L Q N L Q N): the road on row 2 runs through all six tiles; lemonade (3,3) on tile 0,
soda (3,6) on tile 1, beer (1,11) on tile 2. Seat 0's restaurant at (3,0) entrance nw steps
onto (2,0) on its own tile.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import ArrangeStructure, Done, GetDrinks, SendToWork, action_from_json
from fcm.core.engine import current_actors, is_legal, legal_actions
from fcm.core.geometry import board_from_text
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Good

LINE = [[("L", 0), ("Q", 0), ("N", 0), ("L", 0), ("Q", 0), ("N", 0)]]
LEM, SODA, BEER = (3, 3), (3, 6), (1, 11)


def row2(last: int) -> tuple[tuple[int, int], ...]:
    return tuple((2, c) for c in range(last + 1))


@pytest.fixture
def food(hold_at_dinnertime: None) -> Any:
    def make(card: str, tiles: Any = None, restaurant: Any = ((3, 0), "nw"), **options: Any
             ) -> GameState:
        state = make_state(tiles=tiles or LINE, **options)
        add_restaurant(state, 0, *restaurant)
        state.players[0].at_work = [card]
        for c in state.supply:
            state.supply[c] = 0
        start_phase(state, Phase.WORKING)
        turn = state.turn.working
        assert turn is not None and turn.step is WorkStep.FOOD_AND_DRINKS
        return state

    return make


# -- cart and truck routes --------------------------------------------------------------------


def test_excerpt_002_drawn_cart_route_collects_every_supplier_next_to_it(food: Any) -> None:
    """Excerpt 002: the route from (2,0) to (2,7) passes the lemonade (3,3) and the soda (3,6),
    crossing 1 border: both are collected (2 each), and the event shows the route drawn."""
    state = food("cart_operator")
    action = GetDrinks("cart_operator", route=row2(7))
    assert is_legal(state, 0, action)
    state, events = run(state, 0, action)
    assert state.players[0].stock[Good.LEMONADE] == 2 and state.players[0].stock[Good.SODA] == 2
    (got,) = kinds(events, "drinks_collected")
    assert got.data["route"] == [[2, c] for c in range(8)]
    assert [s["cell"] for s in got.data["suppliers"]] == [[3, 3], [3, 6]]


def test_excerpt_002_a_drawn_route_must_name_the_suppliers_it_passes(food: Any) -> None:
    """Excerpt 002: "You must collect from every supplier orthogonally next to the route"."""
    state = food("cart_operator")
    illegal(
        state, 0, GetDrinks("cart_operator", suppliers=(LEM,), route=row2(7)),
        "must collect from every supplier", "[3, 3], [3, 6]",
    )


def test_facts_d1_a_route_beyond_its_range_is_refused(food: Any) -> None:
    """facts.md D.1 / E.2: a cart has range 2; (2,0) to (2,15) crosses 3 tile borders."""
    state = food("cart_operator")
    illegal(state, 0, GetDrinks("cart_operator", route=row2(15)), "3 tile borders", "range 2")
    # a truck (range 3) may
    truck = food("truck_driver")
    assert is_legal(truck, 0, GetDrinks("truck_driver", route=row2(15)))


def test_facts_d1_no_jump_between_roads_meeting_at_a_corner(food: Any) -> None:
    """facts.md D.1: diagonal contact never counts; a route moves orthogonally, square by
    square: (2,1) to (1,2) is a jump across the corner of the crossing."""
    state = food("cart_operator")
    illegal(
        state, 0, GetDrinks("cart_operator", route=((2, 0), (2, 1), (1, 2), (0, 2))),
        "only meet at a corner",
    )


def test_facts_d1_no_u_turn_and_start_at_an_entrance(food: Any) -> None:
    """facts.md D.1: no stepping straight back; excerpt 002: a route starts at an entrance of
    one of your open restaurants."""
    state = food("cart_operator")
    illegal(
        state, 0, GetDrinks("cart_operator", route=((2, 0), (2, 1), (2, 2), (2, 1))),
        "no U-turn",
    )
    illegal(state, 0, GetDrinks("cart_operator", route=((2, 5), (2, 6), (2, 7))),
            "starts on a road square next to an entrance")
    illegal(state, 0, GetDrinks("cart_operator", route=((3, 1),)), "not a road square")


def test_facts_d1_a_route_goes_straight_over_a_bridge(food: Any) -> None:
    """facts.md D.1: the two roads of a bridge are separate; a route goes straight over it.
    Map G P: bridges at (2,2) and (2,7); the restaurant at (3,0) steps onto (2,1); the lemonade
    at (1,5) is next to (2,5)."""
    state = food("cart_operator", tiles=[[("G", 0), ("P", 0)]], restaurant=((3, 0), "ne"))
    straight = GetDrinks("cart_operator", route=tuple((2, c) for c in range(1, 7)))
    assert is_legal(state, 0, straight)
    for turning in (((2, 1), (2, 2), (1, 2)), (*tuple((2, c) for c in range(1, 8)), (1, 7))):
        illegal(state, 0, GetDrinks("cart_operator", route=turning), "straight over a bridge")


def test_facts_9_1_8_drawn_route_must_use_the_whole_range(food: Any) -> None:
    """facts.md 9.1 #8 (option carts_use_whole_range): stopping at (2,7) after 1 of 2 borders is
    refused; by default (DLX) it is fine."""
    assert is_legal(food("cart_operator"), 0, GetDrinks("cart_operator", route=row2(7)))
    state = food("cart_operator", carts_use_whole_range=True)
    illegal(state, 0, GetDrinks("cart_operator", route=row2(7)), "whole range")
    assert is_legal(state, 0, GetDrinks("cart_operator", route=row2(10)))


# -- zeppelin flights ---------------------------------------------------------------------------


def test_excerpt_002_zeppelin_flight_tile_by_tile(food: Any) -> None:
    """Excerpt 002: a Zeppelin collects on each tile it enters, its starting tile included, and
    may not enter a tile twice; range 4 by air."""
    state = food("zeppelin_pilot")
    flight = ((0, 0), (0, 1), (0, 2))
    _state2, events = run(state, 0, GetDrinks("zeppelin_pilot", route=flight))
    (got,) = kinds(events, "drinks_collected")
    assert [s["cell"] for s in got.data["suppliers"]] == [[1, 11], [3, 3], [3, 6]]
    assert got.data["route"] == [[0, 0], [0, 1], [0, 2]]
    illegal(state, 0, GetDrinks("zeppelin_pilot", route=((0, 0), (0, 1), (0, 0))), "twice")
    illegal(
        state, 0, GetDrinks("zeppelin_pilot", route=tuple((0, c) for c in range(6))),
        "5 tile steps", "range 4",
    )
    illegal(state, 0, GetDrinks("zeppelin_pilot", route=((0, 1), (0, 2))), "tile of an entrance")


def test_drawn_route_json_round_trips_and_set_only_form_stays(food: Any) -> None:
    state = food("cart_operator")
    action = GetDrinks("cart_operator", route=row2(7))
    assert action_from_json(action.to_json()) == action
    assert GetDrinks("cart_operator", suppliers=(LEM, SODA)) in legal_actions(state, 0)


def test_geometry_roads_meeting_only_at_a_corner_do_not_connect() -> None:
    """facts.md D.1 on a drawn board: (0,1) and (1,2) touch only at a corner."""
    board = board_from_text("rr...\n..r..\n..r..\n..r..\n..r..")
    _, problem = board.check_road_route([((3, 0), "nw", False)], [(0, 1), (1, 2)], 3)
    assert problem is not None and "corner" in problem


# -- Restructuring drawn as an org chart --------------------------------------------------------


def restructuring(hand: list[str], ceo_slots: int = 3) -> GameState:
    state = make_state()
    state.ceo_slots = ceo_slots
    state.players[0].hand = sorted(hand)
    state.players[1].hand = ["waitress"]
    start_phase(state, Phase.RESTRUCTURING)
    return state


def test_excerpt_000_org_chart_sends_its_cards_to_work() -> None:
    """Excerpt 000 "Phase 1": a management trainee (2 slots) in a CEO slot with a
    waitress under it, and an errand boy in another CEO slot."""
    state = restructuring(["management_trainee", "waitress", "errand_boy", "burger_cook"])
    chart = ArrangeStructure(
        (("management_trainee", ("waitress",)), ("errand_boy", ()))
    )
    assert action_from_json(chart.to_json()) == chart
    state, events = run(state, 0, chart)
    assert 0 not in current_actors(state)
    state, events = run(state, 1, Done())
    (mine,) = [e for e in kinds(events, "structure_revealed") if e.data["seat"] == 0]
    assert mine.data["at_work"] == ["errand_boy", "management_trainee", "waitress"]
    assert mine.data["beach"] == ["burger_cook"]


@pytest.mark.parametrize(
    ("chart", "words"),
    [
        ((("waitress", ("errand_boy",)),), "only managers have cards under them"),
        ((("management_trainee", ("junior_vice_president",)),), "managers sit only in the CEO"),
        ((("waitress", ()), ("errand_boy", ()), ("burger_cook", ()), ("trainer", ())),
         "CEO has 3 slots"),
        ((("cfo", ()),), "in hand"),
        ((("wat", ()),), "no employee type 'wat'"),
    ],
)
def test_facts_a3_org_chart_illegal_as_drawn_is_refused(chart: Any, words: str) -> None:
    """facts.md A.3: managers only in CEO slots; only managers have slots. The first chart's
    cards would fit some pyramid; drawn this way they do not."""
    state = restructuring(
        ["management_trainee", "junior_vice_president", "waitress", "errand_boy", "burger_cook",
         "trainer"]
    )
    illegal(state, 0, ArrangeStructure(chart), "Restructuring", words)


def test_org_chart_is_drawn_at_once_and_the_set_only_form_stays() -> None:
    state = restructuring(["waitress", "errand_boy"])
    state, _ = run(state, 0, SendToWork("waitress"))
    illegal(state, 0, ArrangeStructure((("errand_boy", ()),)), "drawn at once")
    state, _ = run(state, 0, SendToWork("errand_boy"), Done())
    assert 0 not in current_actors(state)


# -- the notation of drawn actions reads back ---------------------------------------------------


def test_drawn_routes_parse_back_and_illegal_ones_name_the_rule(food: Any) -> None:
    """``fcm.parse_action`` reads a route in full (road squares, or a Zeppelin's tiles) and the
    rules check it: excerpt 002 / facts.md D.1 (range in tile borders; a tile entered once)."""
    from fcm.core.errors import NoSuchActionError
    from fcm.core.parse import parse_action

    cart = food("cart_operator")
    drawn = GetDrinks("cart_operator", route=row2(7))
    assert str(drawn) == "cart_operator route via  along " + " ".join(
        f"2,{c}" for c in range(8)
    )
    assert parse_action(cart, 0, str(drawn)) == drawn
    named = GetDrinks("cart_operator", suppliers=(LEM, SODA), route=row2(7))
    assert parse_action(cart, 0, str(named)) == named
    assert parse_action(cart, 0, "Cart_Operator route via 3, 3 3, 6 along " + " ".join(
        f"[2, {c}]" for c in range(8))) == named
    with pytest.raises(NoSuchActionError, match="range 2"):
        parse_action(cart, 0, str(GetDrinks("cart_operator", route=row2(15))))
    with pytest.raises(NoSuchActionError, match="does not read as an action"):
        parse_action(cart, 0, "cart_operator route via along 2,x")
    zeppelin = food("zeppelin_pilot")
    flight = GetDrinks("zeppelin_pilot", route=((0, 0), (0, 1)))
    assert parse_action(zeppelin, 0, str(flight)) == flight
    with pytest.raises(NoSuchActionError, match="twice"):
        parse_action(zeppelin, 0, str(GetDrinks("zeppelin_pilot", route=((0, 0), (0, 1), (0, 0)))))
