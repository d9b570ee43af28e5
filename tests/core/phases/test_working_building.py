"""Working 9–5 steps 6 and 7: houses and gardens, then restaurants.

Sources: excerpt 002 "Working 9–5" ("Place houses and gardens", "Place or move restaurants"),
facts.md E.2, C (limits), conventions.md #1 (Local Manager's road) and #11 (open restaurants).

Small map (2x2 tiles, A B / R T), seat 0's restaurant at (8,3) entrance nw:
    ..r.. ..rHH
    ..r.. ..rHH
    rrrrr rrrrr
    HHr.. ..r..      house 2 at (3,0); house 4 at (0,8)
    HHr.. ..r..
    ..r.. ..r..
    .sr.. .lr..
    rrrrr rrrrr
    ..r.. ..r..
    ..r.. ..r..
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import AddGarden, Done, MoveRestaurant, PlaceHouse, PlaceRestaurant
from fcm.core.engine import legal_actions
from fcm.core.state import GameState, House, Phase, WorkStep
from fcm.core.types import Corner

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

LINE = [[("L", 0), ("Q", 0), ("N", 0), ("L", 0), ("Q", 0), ("N", 0)]]
NW, NE, SE = Corner.NW, Corner.NE, Corner.SE


def step(
    at_work: list[str],
    tiles: Any = None,
    restaurant: tuple[Any, str] = ((8, 3), "nw"),
    **options: Any,
) -> GameState:
    """Seat 0 (first) at its first step with a decision; no supply left to hire."""
    state = make_state(tiles=tiles, **options)
    add_restaurant(state, 0, *restaurant)
    state.players[0].at_work = sorted(at_work)
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    return state


# -- houses and gardens ---------------------------------------------------------------------


def test_excerpt_002_new_business_developer_places_house_with_garden() -> None:
    """Excerpt 002: place a house with a garden (any number still in the supply) on empty
    squares, with an edge next to a road."""
    state = step(["new_business_developer"])
    assert state.turn.working is not None and state.turn.working.step is WorkStep.HOUSES
    action = PlaceHouse(9, (3, 3), ((3, 5), (4, 5)))
    assert action in legal_actions(state, 0)
    state, events = run(state, 0, action)
    assert state.houses[9] == House(9, (3, 3), False, ((3, 5), (4, 5)))
    assert 9 not in state.house_supply
    assert kinds(events, "house_placed")[0].data == {
        "seat": 0,
        "number": 9,
        "cell": [3, 3],
        "garden": [[3, 5], [4, 5]],
    }
    # one action per New Business Developer: the step ended by itself
    assert state.turn.working is None or state.turn.working.step is not WorkStep.HOUSES


def test_excerpt_002_house_numbers_only_from_the_supply() -> None:
    """Excerpt 002: "any number still in the supply"."""
    state = step(["new_business_developer"])
    state.house_supply.remove(9)
    illegal(state, 0, PlaceHouse(9, (3, 3), ((3, 5), (4, 5))), "not in the supply")


def test_excerpt_002_house_and_garden_form_a_2x3_on_empty_squares() -> None:
    """Excerpt 002: never a house without its garden; the garden makes a 2 x 3 rectangle; all
    squares empty (not the road, not a restaurant)."""
    state = step(["new_business_developer"])
    illegal(state, 0, PlaceHouse(9, (3, 3), ((3, 5), (3, 6))), "2x3 rectangle")
    illegal(state, 0, PlaceHouse(9, (3, 3), ((3, 1), (4, 1))), "empty squares")  # house 2
    illegal(state, 0, PlaceHouse(9, (8, 4), ((8, 6), (9, 6))), "empty squares")  # restaurant


def test_excerpt_002_add_garden_to_a_house_without_one() -> None:
    """Excerpt 002: add a garden to a house that has none: on empty squares, a 2 x 3 rectangle
    with the house (house 2's only free side is the south)."""
    state = step(["new_business_developer"])
    gardens = [a for a in legal_actions(state, 0) if isinstance(a, AddGarden)]
    assert gardens == [AddGarden(2, ((5, 0), (5, 1)))]
    state, events = run(state, 0, AddGarden(2, ((5, 0), (5, 1))))
    assert state.houses[2].garden == ((5, 0), (5, 1))
    assert state.gardens_left == 7
    assert kinds(events, "garden_added")[0].data["house"] == 2


def test_excerpt_002_garden_only_for_a_house_without_one() -> None:
    """Excerpt 002: "A garden belongs to one house": no second garden."""
    state = step(["new_business_developer"])
    state.houses[2].garden = ((5, 0), (5, 1))
    illegal(state, 0, AddGarden(2, ((5, 0), (5, 1))), "already has a garden")


def test_facts_c_single_gardens_are_limited() -> None:
    """facts.md C: 8 garden tiles; when gone, no garden can be added."""
    state = step(["new_business_developer"])
    state.gardens_left = 0
    assert not [a for a in legal_actions(state, 0) if isinstance(a, AddGarden)]
    illegal(state, 0, AddGarden(2, ((5, 0), (5, 1))), "no garden is left")


# -- restaurants ---------------------------------------------------------------------------------


def test_excerpt_002_local_manager_coming_soon_within_road_range_3() -> None:
    """Excerpt 002: a Local Manager places a new restaurant within road range 3 of one of your
    open restaurants' entrances, with its entrance on a road the manager reached; it gets a
    Coming Soon sign."""
    state = step(["local_manager"], tiles=LINE, restaurant=((3, 0), "nw"))
    assert state.turn.working is not None and state.turn.working.step is WorkStep.RESTAURANTS
    assert PlaceRestaurant((3, 15), NW, "local_manager") in legal_actions(state, 0)  # tile 3
    illegal(
        state,
        0,
        PlaceRestaurant((3, 22), NW, "local_manager"),
        "'Place or move restaurants'",
        "road range 3",
    )  # tile 4
    state, events = run(state, 0, PlaceRestaurant((3, 15), NW, "local_manager"))
    new = state.restaurants_of(0)[1]
    assert (new.number, new.cell, new.open, new.drive_in) == (1, (3, 15), False, False)
    assert state.players[0].restaurants_placed == 2
    assert kinds(events, "restaurant_placed")[0].data["by"] == "local_manager"


def test_conventions_1_local_manager_entrance_on_a_reached_road() -> None:
    """conventions.md #1: the entrance must be on a road the manager reached: a restaurant
    across tiles 3 and 4 may have its entrance on tile 3's road, not on tile 4's."""
    state = step(["local_manager"], tiles=LINE, restaurant=((3, 0), "nw"))
    assert PlaceRestaurant((3, 19), NW, "local_manager") in legal_actions(state, 0)
    assert PlaceRestaurant((3, 19), NE, "local_manager") not in legal_actions(state, 0)


def test_facts_9_1_1_option_local_manager_any_road() -> None:
    """facts.md 9.1 #1 (RB), option local_manager_any_road: the entrance may touch any road as
    long as the restaurant is within range (some square next to a reached road)."""
    state = step(
        ["local_manager"], tiles=LINE, restaurant=((3, 0), "nw"), local_manager_any_road=True
    )
    assert PlaceRestaurant((3, 19), NE, "local_manager") in legal_actions(state, 0)
    assert PlaceRestaurant((3, 22), NW, "local_manager") not in legal_actions(state, 0)


def test_conventions_11_local_manager_range_from_open_restaurants_only() -> None:
    """conventions.md #11: a Coming Soon restaurant is no range origin."""
    state = make_state(tiles=LINE)
    add_restaurant(state, 0, (3, 0), "nw")
    add_restaurant(state, 0, (3, 15), "nw", open=False)
    state.players[0].at_work = ["local_manager"]
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    assert PlaceRestaurant((3, 22), NW, "local_manager") not in legal_actions(state, 0)


def test_excerpt_002_regional_manager_places_open_restaurant_with_drive_in() -> None:
    """Excerpt 002: a Regional Manager places a new restaurant anywhere, open at once with a
    drive-in."""
    state = step(["regional_manager"])
    state, events = run(state, 0, PlaceRestaurant((3, 3), NW, "regional_manager"))
    new = state.restaurants_of(0)[1]
    assert (new.cell, new.entrance, new.open, new.drive_in) == ((3, 3), NW, True, True)
    assert kinds(events, "restaurant_placed")[0].data == {
        "seat": 0,
        "number": 1,
        "cell": [3, 3],
        "entrance": "nw",
        "open": True,
        "drive_in": True,
        "by": "regional_manager",
    }


def test_excerpt_002_restaurant_entrance_next_to_a_road_on_empty_squares() -> None:
    """Excerpt 002: "A new restaurant covers only empty squares, with its entrance next to a
    road"."""
    state = step(["regional_manager"])
    illegal(state, 0, PlaceRestaurant((8, 8), SE, "regional_manager"), "entrance next to a road")
    illegal(state, 0, PlaceRestaurant((8, 4), NW, "regional_manager"), "empty squares")


def test_excerpt_002_regional_manager_moves_an_open_restaurant() -> None:
    """Excerpt 002: move one of your open restaurants anywhere: it stays open and keeps its
    drive-in (it got one as the Regional Manager is at work)."""
    state = step(["regional_manager"])
    state, events = run(state, 0, MoveRestaurant(0, (3, 3), NW))
    moved = state.restaurants_of(0)[0]
    assert (moved.cell, moved.entrance, moved.open, moved.drive_in) == ((3, 3), NW, True, True)
    assert state.players[0].restaurants_placed == 1
    data = kinds(events, "restaurant_moved")[0].data
    assert (data["from_cell"], data["cell"]) == ([8, 3], [3, 3])


def test_excerpt_002_regional_manager_turns_restaurant_in_place() -> None:
    """Excerpt 002: "You may also turn it in place" (same squares, another entrance); its own
    squares count as free when it moves one square over."""
    state = step(["regional_manager"])
    assert MoveRestaurant(0, (8, 3), NE) in legal_actions(state, 0)
    assert MoveRestaurant(0, (8, 4), NW) in legal_actions(state, 0)
    illegal(state, 0, MoveRestaurant(0, (8, 3), NW), "already there")
    state, _ = run(state, 0, MoveRestaurant(0, (8, 3), NE))
    assert state.restaurants_of(0)[0].entrance is NE


def test_excerpt_002_coming_soon_restaurant_cannot_be_moved() -> None:
    """Excerpt 002: the Regional Manager moves "one of your open restaurants"."""
    state = make_state()
    add_restaurant(state, 0, (8, 3), "nw")
    add_restaurant(state, 0, (3, 3), "nw", open=False)
    state.players[0].at_work = ["regional_manager"]
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    illegal(state, 0, MoveRestaurant(1, (3, 5), NW), "open restaurants")


def test_excerpt_002_three_restaurants_then_only_moving() -> None:
    """Excerpt 002: "If all three are on the map, you can't place another (but a Regional
    Manager can still move one)"."""
    state = make_state()
    add_restaurant(state, 0, (8, 3), "nw")
    add_restaurant(state, 0, (3, 3), "nw")
    add_restaurant(state, 0, (8, 8), "nw", open=False)
    state.players[0].at_work = ["regional_manager"]
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    assert not [a for a in legal_actions(state, 0) if isinstance(a, PlaceRestaurant)]
    illegal(state, 0, PlaceRestaurant((3, 5), NE, "regional_manager"), "can't place another")
    assert MoveRestaurant(0, (3, 5), NE) in legal_actions(state, 0)


def test_excerpt_002_each_manager_acts_once_and_restaurants_is_the_last_step() -> None:
    """Each manager acts once; after the last step the turn ends."""
    state = step(["regional_manager", "local_manager"])
    state, _ = run(state, 0, MoveRestaurant(0, (3, 3), NW))
    assert not [a for a in legal_actions(state, 0) if isinstance(a, MoveRestaurant)]
    assert Done() in legal_actions(state, 0)
    state, events = run(state, 0, Done())
    assert kinds(events, "turn_ended")[0].data["seat"] == 0
