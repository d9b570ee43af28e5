"""The Local Manager's range fix and the named switches for facts.md 9.1 #7, #8, #9 and #13, and
the round cap as a simulation option (not a rule).

Sources: facts.md D.1 (range counts tile borders; "if that road square lies on the neighbouring
tile, stepping onto it already costs 1"), E.2 (Local Manager: road range 3), 9.1 #7, #8, #9, #13,
E.9 (the game ends only by the bank), E.10 (introductory game).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, current_actors, kinds, make_state, play, start_phase
from tests.helpers import assert_illegal as illegal

from fcm.core.actions import Done, Fire, GetDrinks, PlaceRestaurant
from fcm.core.company import board_of
from fcm.core.engine import ROUND_LIMIT_REASON, legal_actions
from fcm.core.geometry import board_from_text
from fcm.core.state import GameState, Options, Phase, WorkStep
from fcm.core.types import Corner
from fcm.games import new_game
from fcm.rulesets import base_ruleset

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

# L Q N C Q N: tile 3 (C) is a ring road whose east side runs along column 19, the border with
# tile 4.  The restaurant at (3,0) entrance nw steps onto (2,0) on its own tile (cost 0), so the
# ring of tile 3 is reached at range 3.
RING = [[("L", 0), ("Q", 0), ("N", 0), ("C", 0), ("Q", 0), ("N", 0)]]


def working(
    at_work: list[str], tiles: Any, restaurant: tuple[Any, str], **options: Any
) -> GameState:
    state = make_state(tiles=tiles, **options)
    add_restaurant(state, 0, *restaurant)
    state.players[0].at_work = sorted(at_work)
    for card in state.supply:
        state.supply[card] = 0
    start_phase(state, Phase.WORKING)
    return state


# -- facts.md D.1: the Local Manager counts the step onto the entrance --------------------------


def test_facts_d1_local_manager_range_counts_the_step_onto_another_tiles_entrance() -> None:
    """facts.md D.1 / E.2: the new entrance at (0,20) is on tile 4; its only road square (0,19)
    is tile 3's ring, reached at range 3, so stepping onto the entrance makes 4 > 3: refused.
    (Before the fix it was offered.) Likewise (0,14) on tile 2 next only to the ring; but the
    same restaurant with its entrance at (1,14), next to tile 2's own road at range 2, is fine."""
    state = working(["local_manager"], RING, ((3, 0), "nw"))
    assert state.turn.working is not None and state.turn.working.step is WorkStep.RESTAURANTS
    offered = set(legal_actions(state, 0))
    assert PlaceRestaurant((0, 20), Corner.NW, "local_manager") not in offered
    assert PlaceRestaurant((0, 13), Corner.NE, "local_manager") not in offered
    illegal(
        state, 0, PlaceRestaurant((0, 20), Corner.NW, "local_manager"), "road range 3"
    )
    assert PlaceRestaurant((0, 13), Corner.SE, "local_manager") in offered


def test_facts_d1_local_manager_fix_holds_in_the_any_road_reading() -> None:
    """facts.md 9.1 #1 with D.1: in the "any road" reading some square of the new restaurant
    must be in road range 3, the step off the road onto another tile counting 1."""
    state = working(["local_manager"], RING, ((3, 0), "nw"), local_manager_any_road=True)
    offered = set(legal_actions(state, 0))
    assert PlaceRestaurant((0, 20), Corner.NW, "local_manager") not in offered
    assert PlaceRestaurant((0, 13), Corner.NE, "local_manager") in offered  # (0,13) in range


# -- facts.md 9.1 #7: roads meet only at tile-edge midpoints -------------------------------------


def test_facts_9_1_7_roads_meet_only_at_midpoints_geometry() -> None:
    """facts.md 9.1 #7: two roads along the top edges of neighbouring tiles touch at (0,4)-(0,5),
    not a midpoint: they connect by default (DLX), not with the older ruling."""
    picture = "rrrrr rrrrr\n..... .....\n..... .....\n..... .....\n..... ....."
    plain = board_from_text(picture)
    first, last = plain.road_nodes[0], plain.road_nodes[-1]
    assert plain.road_distance(first, last) == 1
    midpoints = board_from_text(picture, midpoints_only=True)
    assert midpoints.road_distance(first, last) is None


def test_facts_9_1_7_option_changes_a_cart_route_in_a_game() -> None:
    """facts.md 9.1 #7 in play: on this map the cart from (4,8) sw reaches soda (3,6) and beer
    (6,6) together only through a non-midpoint joint; with the option that route is gone."""
    tiles = [[("A", 1), ("M", 2)], [("N", 1), ("E", 0)]]
    route = GetDrinks("cart_operator", suppliers=((3, 6), (6, 6)))
    default = working(["cart_operator"], tiles, ((4, 8), "sw"))
    assert route in legal_actions(default, 0)
    switched = working(["cart_operator"], tiles, ((4, 8), "sw"), roads_meet_at_midpoints=True)
    assert board_of(switched) is not board_of(default)
    assert route not in legal_actions(switched, 0)


# -- facts.md 9.1 #8: carts must use their whole range ------------------------------------------

LINE = [[("L", 0), ("Q", 0), ("N", 0), ("L", 0), ("Q", 0), ("N", 0)]]


def test_facts_9_1_8_carts_use_their_whole_range() -> None:
    """facts.md 9.1 #8: by default (DLX) a cart from (3,0) may stop after the lemonade on its own
    tile; with the designer ruling it drives on until its range 2 is used (or the road ends):
    lemonade alone is no longer a route."""
    lem, soda, beer = (3, 3), (3, 6), (1, 11)
    free = working(["cart_operator"], LINE, ((3, 0), "nw"))
    routes = {a.suppliers for a in legal_actions(free, 0) if isinstance(a, GetDrinks)}
    assert routes == {(lem,), (lem, soda), (beer, lem, soda)}
    whole = working(["cart_operator"], LINE, ((3, 0), "nw"), carts_use_whole_range=True)
    routes = {a.suppliers for a in legal_actions(whole, 0) if isinstance(a, GetDrinks)}
    # (3,3)+(3,6): the route may end at the dead end north of tile 1 before its range is used
    assert routes == {(lem, soda), (beer, lem, soda)}


# -- facts.md 9.1 #9: Payday firing in turn order -----------------------------------------------


def test_facts_9_1_9_payday_firing_in_turn_order() -> None:
    """facts.md 9.1 #9: by default both chains fire at once; with the ruling, one at a time in
    turn order (seat 1 first here), each firing revealed when that chain commits."""
    def payday(**options: Any) -> GameState:
        s = make_state(turn_order=[1, 0], **options)
        s.turn.phase = Phase.DINNERTIME
        s.players[0].at_work = ["burger_cook"]
        s.players[1].at_work = ["pizza_cook"]
        s.players[1].beach = ["waitress"]
        s.players[0].cash = s.players[1].cash = 10
        start_phase(s, Phase.PAYDAY)
        return s

    assert current_actors(payday()) == [1, 0]
    s = payday(payday_firing_in_turn_order=True)
    assert current_actors(s) == [1]
    assert legal_actions(s, 0) == []
    s, _ = play(s, 1, Fire("waitress"))
    s, events = play(s, 1, Done())
    assert [e.data for e in kinds(events, "employees_fired")] == [
        {"seat": 1, "employees": ["waitress"]}
    ]
    assert s.players[1].beach == []  # revealed before seat 0 decides
    assert current_actors(s) == [0]
    s, events = play(s, 0, Done())
    paid = [(e.data["seat"], e.data["amount"]) for e in kinds(events, "salaries_paid")]
    assert paid == [(1, 5), (0, 5)]


# -- facts.md 9.1 #13: all three drinks in the introductory game --------------------------------


def _drinks_on(state: GameState) -> set[str]:
    return {g.value for g in board_of(state).suppliers.values()}


def test_facts_9_1_13_introductory_map_with_all_three_drinks() -> None:
    """facts.md 9.1 #13 / E.10 (DLX): with the option, the introductory game's random map shows
    soda, lemonade and beer; without it the map is drawn as usual."""
    seed = next(
        s
        for s in range(1, 200)
        if len(_drinks_on(new_game(2, s, Options(introductory=True)))) < 3
    )
    plain = new_game(2, seed, Options(introductory=True))
    full = new_game(2, seed, Options(introductory=True, introductory_all_drinks=True))
    assert len(_drinks_on(plain)) < 3
    assert _drinks_on(full) == {"soda", "lemonade", "beer"}
    # a normal game ignores the switch (the map is the seed's usual one)
    assert new_game(2, seed, Options(introductory_all_drinks=True)).tiles == new_game(2, seed).tiles


# -- the round cap is a simulation option ----------------------------------------------------


def test_round_limit_is_off_in_real_games_and_named_when_it_ends_one() -> None:
    """facts.md E.9: the game ends only when the bank breaks; the round cap exists for
    simulations only, is off by default and says so when it ends a game."""
    assert Options().round_limit is None
    state = make_state(round_limit=1)
    state.turn.phase = Phase.MARKETING
    events = start_phase(state, Phase.CLEANUP)
    assert state.turn.phase is Phase.GAME_OVER and state.end_reason == ROUND_LIMIT_REASON
    assert "simulation" in ROUND_LIMIT_REASON and "not a rule" in ROUND_LIMIT_REASON
    assert kinds(events, "game_over")[0].data["reason"] == ROUND_LIMIT_REASON
    uncapped = make_state()
    uncapped.turn.phase = Phase.MARKETING
    uncapped.round = 500
    start_phase(uncapped, Phase.CLEANUP)
    assert uncapped.turn.phase is not Phase.GAME_OVER and uncapped.round == 501


def test_switches_are_off_by_default() -> None:
    """conventions.md: each other reading is a named option, off by default."""
    o = Options()
    assert not (
        o.roads_meet_at_midpoints
        or o.carts_use_whole_range
        or o.payday_firing_in_turn_order
        or o.introductory_all_drinks
    )
    assert base_ruleset().catalog.employees["local_manager"].range == 3


def test_saved_games_keep_loading_and_hashing_as_before() -> None:
    """A game saved before these switches (round cap 60 in its options) loads with that cap,
    and switches that are off are not written, so such a game's hash is unchanged."""
    old = {
        "introductory": False, "milestones": True, "local_manager_any_road": False,
        "airplanes_may_not_overlap": False, "bank_breaks_when_short": False,
        "first_100_at_end_of_dinnertime": False, "round_limit": 60,
    }
    loaded = Options.from_dict(old)
    assert loaded.round_limit == 60 and not loaded.carts_use_whole_range
    assert loaded.to_dict() == old
    assert Options(carts_use_whole_range=True).to_dict()["carts_use_whole_range"] is True
    assert "roads_meet_at_midpoints" in Options().to_dict(complete=True)
