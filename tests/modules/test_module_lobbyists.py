"""Lobbyists (ketchup.md 2, with 0.2, 18 and 19.1 rows 12-14): the Lobbyist card, its Working
9-5 step, roads under construction with roadworks, parks, First lobbyist used.

The map of every position: tiles A B over R T (rows 0-9, columns 0-9)::

     0 ..r....rHH      house 4 at (0, 8), house 2 at (3, 0)
     1 ..r....rHH
     2 rrrrrrrrrr
     3 HHr....r..
     4 HHr....r..
     5 ..r....r..
     6 .sr...lr..
     7 rrrrrrrrrr
     8 ..r....r..
     9 ..r....r..
"""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm.core.actions import DONE, Hire
from fcm.core.company import board_of
from fcm.core.engine import apply, check_action, current_actors, legal_actions
from fcm.core.errors import IllegalActionError
from fcm.core.events import EventLog
from fcm.core.phases import dinnertime
from fcm.core.state import Phase, Piece
from fcm.core.types import Corner
from fcm.modules import lobbyists
from fcm.modules.lobbyists.actions import BuildPark, BuildRoad
from fcm.modules.lobbyists.ids import FIRST_LOBBYIST_USED, LOBBYIST, LOBBYISTS

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def at_step(at_work: list[str] | None = None, **more: Any) -> fcm.GameState:
    """Seat 0's Working 9-5 turn at the Lobbyists step; its restaurant at (0, 0), entrance
    (1, 1) next to the roads (1, 2) and (2, 1)."""
    return fcm.load_scenario({
        "players": 2, "tiles": TILES, "modules": ["lobbyists"], "phase": "working",
        "round": 2, "turn_order": [0, 1],
        "companies": [{"reserve": 300, "at_work": at_work or ["lobbyist"]}, {"reserve": 100}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        "working": {"seat": 0, "step": "lobbyists"},
        **more,
    })


def dinner(**more: Any) -> list[dict[str, Any]]:
    """Dinnertime for house 4 or 2 (burger demand): seat 0's restaurant at (3, 8) (entrance
    (3, 8), by the roads (2, 8) and (3, 7)), seat 1's at (3, 5) (entrance (3, 6))."""
    raw: dict[str, Any] = {
        "players": 2, "tiles": TILES, "modules": ["lobbyists"], "phase": "restructuring",
        "turn_order": [0, 1],
        "companies": [{"stock": {"burger": 1}}, {"stock": {"burger": 1}}],
        "restaurants": [{"owner": 0, "cell": [3, 8], "entrance": "nw"},
                        {"owner": 1, "cell": [3, 5], "entrance": "ne"}],
        "houses": [{"number": 4, "demand": ["burger"]}],
    }
    raw.update(more)
    s = fcm.load_scenario(raw)
    s.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.finish(s, log)
    return [{"kind": str(e.kind), **e.data} for e in log
            if e.kind in ("house_served", "roadworks_crossed")]


def refused(s: fcm.GameState, action: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        check_action(s, 0, action)
    return str(err.value)


def test_the_lobbyist_is_an_entry_level_salaried_card_with_road_range_2():
    """ketchup.md 2 "The card" and 0.2 (salaried entry-level cards): hired directly, paid $5."""
    s = fcm.new_game(2, 3, fcm.Options(modules=frozenset({"lobbyists"})))
    card = s.rules.catalog.employees[LOBBYIST]
    assert card.entry_level and card.salary and not card.unique
    assert (card.range_kind, card.range, card.colour) == ("road", 2, "purple")
    assert s.supply[LOBBYIST] == 6
    assert FIRST_LOBBYIST_USED in s.milestones_available
    hiring = at_step(["lobbyist"], working={"seat": 0, "step": "hire"})
    assert Hire(LOBBYIST) in legal_actions(hiring, 0)
    assert LOBBYIST not in fcm.new_game(2, 3).rules.catalog.employees


def test_the_lobbyists_step_comes_between_houses_and_restaurants():
    """ketchup.md 2 "Working 9-5 - new step 'lobbyists'" between houses and restaurants."""
    s = at_step()
    steps = [r.step for r in s.rules.work_steps]
    assert steps[-3:] == ["houses", LOBBYISTS, "restaurants"]
    with pytest.raises(IllegalActionError, match="'Place houses and gardens' is over"):
        check_action(s, 0, fcm.PlaceHouse(1, (5, 3), ()))
    early = at_step(working={"seat": 0, "step": "hire"})
    assert "'Lobbyists' comes later" in refused(early, BuildRoad(((0, 3), (1, 3))))


def test_legal_actions_offer_roads_and_parks_next_to_a_road_in_range_2():
    """ketchup.md 2: empty squares, next to a road square within road range 2; RTJoe's tile
    set (19.1 row 14): straight 2 and 4, L-3 roads; I, T, L parks, any rotation, mirrored."""
    legal = legal_actions(at_step(), 0)
    roads = [a for a in legal if isinstance(a, BuildRoad)]
    parks = [a for a in legal if isinstance(a, BuildPark)]
    assert legal[-1] == DONE and roads and parks
    assert BuildRoad(((0, 3), (1, 3))) in roads  # its south arrow points at road (2, 3)
    assert BuildRoad(((0, 3), (0, 4), (1, 4))) in roads  # L: arrow at (2, 4)
    assert BuildPark(((5, 0), (5, 1), (6, 0), (6, 1))) not in parks  # a square: no park tile
    assert BuildPark(((3, 3), (3, 4), (3, 5), (3, 6))) in parks  # I, next to (2, 3)
    assert BuildPark(((3, 3), (3, 4), (3, 5), (4, 4))) in parks  # T
    assert BuildPark(((3, 3), (4, 3), (5, 3), (5, 4))) in parks  # L
    assert BuildPark(((3, 4), (4, 4), (5, 3), (5, 4))) in parks  # L mirrored
    # nothing covers a road, a house or a supplier
    covered = {c for a in legal if isinstance(a, BuildRoad | BuildPark) for c in a.cells}
    board = board_of(at_step())
    assert all(board.is_blank(c) for c in covered)
    # no Lobbyist at work: no step
    none = at_step(["errand_boy"], working={"seat": 0, "step": "houses"})
    assert not any(isinstance(a, BuildRoad | BuildPark) for a in legal_actions(none, 0))


def test_a_road_is_placed_under_construction_with_roadworks_where_its_arrows_point():
    """ketchup.md 2 "New roads": under construction side up, unusable; a roadworks marker on
    every existing road square an arrow points at; First lobbyist used is claimed."""
    s = at_step()
    s, ev = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    assert s.pieces == [Piece("road_under_construction", (0, 3)),
                        Piece("road_under_construction", (1, 3)), Piece("roadworks", (2, 3))]
    board = board_of(s)
    assert not board.is_road((0, 3)) and not board.is_blank((0, 3))
    assert board.is_road((2, 3))  # roadworks stay a road
    built = [e.data for e in ev if e.kind == "lobbyist_built"]
    assert built == [{"seat": 0, "piece": "road", "shape": "straight_2",
                      "cells": [[0, 3], [1, 3]], "roadworks": [[2, 3]]}]
    assert s.players[0].has(FIRST_LOBBYIST_USED)
    assert s.module_data["lobbyists"]["used"] == {"straight_2": 1}


def test_an_arrow_at_the_players_own_entrance_anchors_a_road_without_roadworks():
    """ketchup.md 2: one arrow must point at an existing road or at your restaurant entrance;
    no marker on the entrance."""
    # a restaurant at (3, 3), entrance sw (4, 3); an L road (5, 3)-(6, 3)-(6, 4): its arrows
    # point at (4, 3) (the entrance) and (6, 5) (empty)
    own = [{"owner": 0, "cell": [3, 3], "entrance": "sw"}]
    s = at_step(restaurants=own)
    road = BuildRoad(((5, 3), (6, 3), (6, 4)))
    assert road in legal_actions(s, 0)
    s, _ = apply(s, 0, road)
    assert [p.kind for p in s.pieces] == ["road_under_construction"] * 3
    # arrows at (3, 3) and (3, 6), both empty: refused
    why = refused(at_step(), BuildRoad(((3, 4), (3, 5))))
    assert "ketchup.md 2" in why and "arrows must point at an existing road" in why


def test_illegal_placements_are_refused_naming_the_rule():
    """ketchup.md 2: empty squares only, not off the map, next to a road in range 2, tiles
    limited, one tile per Lobbyist."""
    s = at_step()
    assert "only on empty squares; 2,3 is not empty" in refused(s, BuildRoad(((1, 3), (2, 3))))
    assert "hang off the map" in refused(s, BuildRoad(((0, 9), (0, 10))))
    assert "form no road tile" in refused(s, BuildRoad(((0, 3), (1, 4))))
    assert "form no park tile" in refused(s, BuildPark(((5, 0), (5, 1), (6, 0), (5, 3))))
    # two Lobbyists may each place one tile; a third placement is refused
    two = at_step(["lobbyist", "lobbyist"])
    two, _ = apply(two, 0, BuildRoad(((0, 3), (1, 3))))
    two, _ = apply(two, 0, DONE)  # no extra map tile (First lobbyist used)
    two, _ = apply(two, 0, BuildPark(((3, 3), (3, 4), (3, 5), (3, 6))))
    assert two.turn.working is not None and two.turn.working.seat == 1  # nothing left to do
    used = at_step(module_data={"lobbyists": {"used": {"straight_2": 4}}})
    assert "no straight_2 road tile is left" in refused(used, BuildRoad(((0, 3), (1, 3))))
    assert not any(isinstance(a, BuildRoad) and len(a.cells) == 2
                   for a in legal_actions(used, 0))


def test_a_tile_out_of_road_range_2_is_refused():
    """ketchup.md 2 "Range: road range 2 from your restaurant entrance": a restaurant on
    tile R (entrance (9, 1), next to road (9, 2)) reaches tiles R, A, T (1 border) and B
    (2 borders), so a square next to tile C's road 3 borders away is out of range."""
    s = at_step(restaurants=[{"owner": 0, "cell": [8, 0], "entrance": "se"}],
                tiles=[[["A", 0], ["B", 0], ["C", 0]], [["R", 0], ["T", 0], ["D", 0]]])
    board = board_of(s)
    spots = [((8, 0), Corner("se"), False)]
    in_range = board.squares_in_road_range(spots, 2)
    park = BuildPark(((9, 10), (9, 11), (9, 12), (9, 13)))  # tile D's bottom row
    assert all(board.is_blank(c) and c not in in_range for c in park.cells)
    assert "within road range 2" in refused(s, park)
    assert park not in legal_actions(s, 0)


def test_roadworks_add_one_to_dinnertime_distance_and_change_who_serves_the_house():
    """ketchup.md 2 and 18 step 3: every roadworks marker a route crosses adds +1; the report
    says so for the winner's route."""
    plain = dinner()
    assert [(e["winner"], e["decided_by"]) for e in plain] == [(0, "turn_order")]
    works = dinner(pieces=[{"kind": "roadworks", "cell": [2, 8]},
                           {"kind": "roadworks", "cell": [3, 7]}])
    (served,) = works
    assert served["winner"] == 1
    assert [(c["seat"], c["distance"]) for c in served["chains"]] == [(0, 1), (1, 0)]
    alone = dinner(pieces=[{"kind": "roadworks", "cell": [2, 8]},
                           {"kind": "roadworks", "cell": [3, 7]}],
                   restaurants=[{"owner": 0, "cell": [3, 8], "entrance": "nw"}])
    assert [e["kind"] for e in alone] == ["roadworks_crossed", "house_served"]
    assert alone[0] == {"kind": "roadworks_crossed", "house": 4, "seat": 0, "count": 1,
                        "distance": 1}


def test_roadworks_do_not_change_ranges():
    """19.1 row 12 (default): roadworks slow Dinnertime routes only, not a marketeer's or a
    lobbyist's range."""
    s = at_step(pieces=[{"kind": "roadworks", "cell": [1, 2]},
                        {"kind": "roadworks", "cell": [2, 1]}])
    plain = at_step()
    spots = [((0, 0), Corner("se"), False)]
    assert board_of(s).squares_in_road_range(spots, 2) == board_of(plain).squares_in_road_range(
        spots, 2)
    assert legal_actions(s, 0) == legal_actions(plain, 0)


def test_clean_up_removes_roadworks_and_opens_the_roads():
    """ketchup.md 2 "Clean up: remove all markers, flip the tiles; from now on normal roads"."""
    s = at_step()
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    log = EventLog()
    lobbyists.open_roads(s, log)
    assert s.pieces == [Piece("road_tile", (0, 3)), Piece("road_tile", (1, 3))]
    assert board_of(s).is_road((0, 3)) and board_of(s).is_road((1, 3))
    assert [e.data for e in log] == [{"cells": [[0, 3], [1, 3]], "roadworks": [[2, 3]]}]


def test_clean_up_runs_in_a_whole_round():
    """ketchup.md 2: the road placed in Working 9-5 is open after that round's Clean up."""
    s = at_step()
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    for _ in range(200):
        if s.round > 2 or s.turn.phase is Phase.GAME_OVER:
            break
        seat = current_actors(s)[0]
        s, _ = apply(s, seat, legal_actions(s, seat)[-1])
    assert s.round == 3
    assert {p.kind for p in s.pieces} == {"road_tile"}


def test_a_park_doubles_the_price_and_triples_it_with_a_garden():
    """ketchup.md 2 "Parks" and 18 step 4: a house touching a park pays x2 per item, x3 with a
    garden; the payment line names the multiplier. House 2 at (3, 0): (5, 0) touches it."""
    one = dict(restaurants=[{"owner": 0, "cell": [5, 3], "entrance": "nw"}],
               houses=[{"number": 2, "demand": ["burger"]}])
    (plain,) = dinner(**one)
    assert plain["amount"] == 10
    park = [{"kind": "park", "cell": [5, 0]}, {"kind": "park", "cell": [6, 0]}]
    (served,) = dinner(pieces=park, **one)
    assert served["lines"][-1] == {"kind": "park", "multiplier": 2, "amount": 10}
    assert served["amount"] == 20
    # two parks touching the house: one bonus
    two = [{"kind": "park", "cell": [5, 0]}, {"kind": "park", "cell": [5, 1]}]
    (once,) = dinner(pieces=two, **one)
    assert once["amount"] == 20


def test_a_park_touching_only_the_garden_counts():
    """ketchup.md 2: "A garden touching the park makes its house adjacent"."""
    garden = dict(restaurants=[{"owner": 0, "cell": [5, 3], "entrance": "nw"}],
                  houses=[{"number": 2, "demand": ["burger"], "garden": [[5, 0], [5, 1]]}])
    (served,) = dinner(pieces=[{"kind": "park", "cell": [6, 0]}], **garden)
    assert [ln["kind"] for ln in served["lines"]] == ["items", "garden", "park"]
    assert served["lines"][-1] == {"kind": "park", "multiplier": 3, "amount": 10}
    assert served["amount"] == 30


def test_anchor_in_range_switch_needs_the_anchor_road_within_range_2():
    """19.1 row 13, reading B (option ``lobbyists_anchor_in_range``): the arrow's road square
    must itself be within road range 2; with the default the tile only needs to be next to a
    road in range."""
    far = dict(restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
               tiles=[[["A", 0], ["B", 0], ["C", 0]], [["R", 0], ["T", 0], ["D", 0]]])
    s = at_step(**far)
    opt = at_step(options={"lobbyists_anchor_in_range": True}, **far)
    # an L whose only road arrow points at (5, 10) on tile C, 3 borders from the entrance
    road = BuildRoad(((4, 8), (5, 8), (5, 9)))
    assert road in legal_actions(s, 0)
    assert "arrows must point at an existing road" in refused(opt, road)
    a, b = legal_actions(s, 0), legal_actions(opt, 0)
    assert set(b) < set(a)
    assert all(not isinstance(x, BuildPark) or x in b for x in a)  # parks need no anchor


def test_a_base_game_has_no_pieces_and_the_same_board():
    """Base-game speed: no overlay, the printed board (docs/modules.md)."""
    s = fcm.new_game(2, 5)
    assert not s.pieces and board_of(s) is board_of(s.clone())


def test_the_report_explains_roadworks_and_a_parks_multiplier_in_every_language():
    """ketchup.md 2: the events say why a route is longer and why a house pays more."""
    from fcm.report import event_line

    works = dinner(pieces=[{"kind": "roadworks", "cell": [2, 8]},
                           {"kind": "roadworks", "cell": [3, 7]}],
                   restaurants=[{"owner": 0, "cell": [3, 8], "entrance": "nw"}])
    crossed = {k: v for k, v in works[0].items() if k != "kind"}
    line = event_line({"kind": "roadworks_crossed", **crossed})
    assert "crosses 1 roadworks marker, +1 distance" in line
    park = dinner(pieces=[{"kind": "park", "cell": [5, 0]}],
                  restaurants=[{"owner": 0, "cell": [5, 3], "entrance": "nw"}],
                  houses=[{"number": 2, "demand": ["burger"]}])
    served = {k: v for k, v in park[0].items() if k != "kind"}
    assert "park x2 = +$10" in event_line({"kind": "house_served", **served})
    for lang in ("de", "es", "fr", "zh-Hans"):
        assert "{" not in event_line({"kind": "roadworks_crossed", **crossed}, lang=lang)
        assert "x2" in event_line({"kind": "house_served", **served}, lang=lang)


def test_the_bots_place_a_park_beside_the_house_nearest_their_restaurant():
    """Bot advice (docs/modules.md "Satellites"): a park that touches a house, the nearest
    house first; a Lobbyist hired only with a second hire, from round 3."""
    from fcm.modules.lobbyists import bots

    assert bots.working(at_step(), 0, legal_actions(at_step(), 0)) is None  # no park fits a house
    s = at_step(houses=[{"number": 1, "cell": [3, 3]}])  # a new house at (3, 3) on tile A
    choice = bots.working(s, 0, legal_actions(s, 0))
    assert choice == BuildPark(((3, 5), (4, 5), (5, 5), (6, 5)))  # touches house 1
    hiring = at_step(["lobbyist"], round=3, working={"seat": 0, "step": "hire"})
    assert bots.hire(hiring, 0, legal_actions(hiring, 0)) is None  # one hire only this turn


def test_tile_z_joins_the_pool_and_its_printed_parks_double_a_house():
    """ketchup.md 0.1 and 2: tile Z (two printed 2x2 parks, crossroads) is used only with
    Lobbyists; a house touching one of its parks pays x2. Map A Z / R T: Z's parks cover
    (0, 5)-(1, 6) and (3, 8)-(4, 9); a house at (5, 8) touches the second."""
    rules = fcm.new_game(2, 1, fcm.Options(modules=frozenset({"lobbyists"}))).rules
    assert rules.catalog.tiles["Z"].grid == ("PPr..", "PPr..", "rrrrr", "..rPP", "..rPP")
    assert "Z" not in fcm.new_game(2, 1).rules.catalog.tiles
    maps = [fcm.new_game(3, seed, fcm.Options(modules=frozenset({"lobbyists"}))).tiles
            for seed in range(12)]
    assert any("Z" in [t for row in m for t, _ in row] for m in maps)
    (served,) = dinner(tiles=[[["A", 0], ["Z", 0]], [["R", 0], ["T", 0]]],
                       restaurants=[{"owner": 0, "cell": [8, 8], "entrance": "nw"}],
                       houses=[{"number": 1, "cell": [5, 8], "demand": ["burger"]}])
    assert served["lines"][-1] == {"kind": "park", "multiplier": 2, "amount": 10}
    assert served["amount"] == 20
    board = board_of(at_step(tiles=[[["A", 0], ["Z", 0]], [["R", 0], ["T", 0]]]))
    assert board.square_kind((3, 8)) == "P" and not board.is_blank((3, 8))


def test_roadworks_never_stack_on_one_square():
    """ketchup.md 2 (DLX-K): an arrow may point at a square that already has a marker placed
    this turn; markers do not stack."""
    s = at_step(["lobbyist", "lobbyist"])
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))  # roadworks at (2, 3)
    s, _ = apply(s, 0, DONE)  # no extra map tile (First lobbyist used)
    s, ev = apply(s, 0, BuildRoad(((3, 3), (4, 3))))  # arrows at (2, 3) and (5, 3)
    assert [p.cell for p in s.pieces if p.kind == "roadworks"] == [(2, 3)]
    (built,) = [e.data for e in ev if e.kind == "lobbyist_built"]
    assert built["roadworks"] == []


def test_roads_and_parks_are_placements_clicked_on_their_squares():
    """Issue 25 item 2: a Lobbyist's road and park tiles are offered on the board like the base
    placements (``ActionType.placement`` on the tile's ``cells``): each legal tile is annotated
    with its first square (the one clicked) and every square it covers; the pieces are drawn
    by their kind's mark."""
    from fcm.presentation import present

    s = at_step()
    out = present(fcm.view(s, 0), 0, legal_actions(s, 0))
    tiles = [a for a in out["actions"] if a["action"]["type"] in ("build_road", "build_park")]
    assert tiles and all(a.get("placement") for a in tiles)
    (road,) = [a for a in tiles if a["action"] == {"type": "build_road",
                                                    "cells": [[0, 3], [1, 3]]}]
    assert road["anchor"] == [0, 3] and road["cells"] == [[0, 3], [1, 3]]
    assert road["placing"] == "a road tile"
    park = next(a for a in tiles if a["action"]["type"] == "build_park")
    assert park["placing"] == "a park tile" and len(park["cells"]) == 4
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    drawn = {p["kind"]: p for p in present(fcm.view(s, 0), 0)["pieces"]}
    assert drawn["roadworks"]["square"] == "w" and drawn["roadworks"]["label"] == "+1"
    assert drawn["road_under_construction"]["label"] != drawn.get("park", {}).get("label")


def test_first_lobbyist_used_adds_an_extra_map_tile_and_the_map_stops_being_a_rectangle():
    """ketchup.md 2 "First lobbyist used": the claimer at once places one extra map tile from
    the leftover tiles, turned as it likes, sharing one full side with a tile of the map; the
    map is then no rectangle (here A B C over R T and a gap). The tile's printed house joins
    the game, its squares are on the map, the gap's are not."""
    from fcm.core.actions import DONE
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s, ev = apply(at_step(["lobbyist", "lobbyist"]), 0, BuildRoad(((0, 3), (1, 3))))
    assert s.players[0].has(FIRST_LOBBYIST_USED)
    legal = legal_actions(s, 0)
    tiles = [a for a in legal if isinstance(a, PlaceMapTile)]
    assert legal[-1] == DONE and len(legal) == len(tiles) + 1  # the decision's only actions
    # the leftover tiles: the pool's (A-T and Z) not on the map
    assert {a.letter for a in tiles} == set("CDEFGHIJKLMNOPQSZ")
    # on every side of the map (-1: north or west of it), every rotation
    assert {(a.row, a.col) for a in tiles} == {
        (0, 2), (1, 2), (2, 0), (2, 1), (-1, 0), (-1, 1), (0, -1), (1, -1)}
    assert {a.rotation for a in tiles} == {0, 1, 2, 3}
    assert "not one of the leftover tiles" in refused(s, PlaceMapTile("A", 0, 0, 2))
    assert "share one full side" in refused(s, PlaceMapTile("C", 0, 2, 2))  # a corner only
    assert "first place the extra map tile" in refused(s, BuildRoad(((3, 3), (4, 3))))
    s, ev = apply(s, 0, PlaceMapTile("C", 0, 0, 2))
    assert s.tiles == [[("A", 0), ("B", 0), ("C", 0)], [("R", 0), ("T", 0), ("", 0)]]
    (added,) = [e.data for e in ev if e.kind == "map_tile_added"]
    assert added == {"seat": 0, "letter": "C", "rotation": 0, "row": 0, "col": 2, "houses": [5]}
    assert s.houses[5].printed and set(s.houses[5].cells) <= set(board_of(s).tile_cells((0, 2)))
    board = board_of(s)
    assert (board.height, board.width) == (10, 15)
    assert board.in_map((0, 12)) and not board.in_map((5, 12)) and not board.full
    # the step goes on: the second Lobbyist places its tile; no second extra tile
    assert any(isinstance(a, BuildPark) for a in legal_actions(s, 0))
    assert not any(isinstance(a, PlaceMapTile) for a in legal_actions(s, 0))
    # saved and loaded with the gap
    assert fcm.state_from_dict(s.to_dict()).tiles == s.tiles


def test_the_extra_map_tile_is_optional_and_needs_a_leftover_tile_and_a_free_side():
    """ketchup.md 2: the reward "allows" a tile (Done declines it); none left, nothing; not on
    a side where an airplane sits. A scenario names the leftover tiles."""
    from fcm.core.actions import DONE
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s, _ = apply(at_step(), 0, BuildRoad(((0, 3), (1, 3))))
    s, ev = apply(s, 0, DONE)
    assert [e.data for e in ev if e.kind == "map_tile_added"] == [
        {"seat": 0, "letter": "", "rotation": 0, "row": -1, "col": -1, "houses": [],
         "declined": True}]
    assert len(s.tiles[0]) == 2
    gone = at_step(module_data={"lobbyists": {"leftover": []}})
    _, ev = apply(gone, 0, BuildRoad(((0, 3), (1, 3))))
    assert [e.data.get("none_left") for e in ev if e.kind == "map_tile_added"] == [True]
    # one leftover tile named by the scenario; an airplane on the east side covering rows 0-4
    plane = [{"number": 4, "owner": 1, "good": "beer", "edge": "e", "first": 0,
              "remaining": 2}]
    one = at_step(module_data={"lobbyists": {"leftover": ["Q"]}}, campaigns=plane)
    one, _ = apply(one, 0, BuildRoad(((0, 3), (1, 3))))
    places = {(a.letter, a.row, a.col) for a in legal_actions(one, 0)
              if isinstance(a, PlaceMapTile)}
    # not (0, 2) beside the airplane
    assert places == {("Q", 1, 2), ("Q", 2, 0), ("Q", 2, 1), ("Q", -1, 0), ("Q", -1, 1),
                      ("Q", 0, -1), ("Q", 1, -1)}
    # a gap on the east side (A B C over R T and a gap) beside an airplane covering rows 5-9
    grown = at_step(tiles=[[["A", 0], ["B", 0], ["C", 0]], [["R", 0], ["T", 0], ["", 0]]],
                    campaigns=[{**plane[0], "first": 5}])
    grown, _ = apply(grown, 0, BuildRoad(((0, 3), (1, 3))))
    places = {(a.row, a.col) for a in legal_actions(grown, 0) if isinstance(a, PlaceMapTile)}
    # the gap (1, 2) faces the airplane
    assert places == {(0, 3), (2, 0), (2, 1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (1, -1)}


def test_a_game_goes_on_over_a_map_that_is_no_rectangle():
    """ketchup.md 2 "The map can therefore grow and stops being a rectangle": after an extra
    tile south of the map (a gap beside it), random bots play on; every invariant holds, the
    state saves and loads unchanged, and the research encoding gives every legal action an
    index and the gap in_map 0."""
    import json

    from fcm.bots import make_bot
    from fcm.core.actions import DONE
    from fcm.core.invariants import check_invariants
    from fcm.env.encoding import encode
    from fcm.env.observation import Observer
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s, _ = apply(at_step(["lobbyist", "lobbyist"]), 0, BuildRoad(((0, 3), (1, 3))))
    s, _ = apply(s, 0, PlaceMapTile("C", 1, 2, 0))  # south: a third tile row and a gap
    assert s.tiles[2] == [("C", 1), ("", 0)]
    assert 5 in s.houses  # C's printed house
    s, _ = apply(s, 0, DONE)  # the second Lobbyist places nothing
    obs = Observer()
    bots = [make_bot("random", 5), make_bot("random", 6)]
    for _ in range(250):
        if fcm.is_over(s):
            break
        seat = fcm.current_actors(s)[0]
        legal = fcm.legal_actions(s, seat)
        o = obs.observe(fcm.view(s, seat), seat)
        assert o["action_mask"].sum() == len(legal)
        assert {encode(s, a) for a in legal} == set(o["action_mask"].nonzero()[0])
        s, _ = apply(s, seat, bots[seat].choose(fcm.view(s, seat), seat, legal))
        check_invariants(s)
    o = obs.observe(fcm.view(s, 0), 0)
    board = board_of(s)
    assert not board.in_map((12, 7)) and board.in_map((12, 2))
    in_map = o["board"][0]
    assert in_map[12, 7] == 0 and in_map[12, 2] == 1
    again = fcm.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.canonical_json() == s.canonical_json()


# A 3x3 map (A B D over R T E over F G H) for the extra tile north or west of it.
TILES_3X3 = [[["A", 0], ["B", 0], ["D", 0]], [["R", 0], ["T", 0], ["E", 0]],
             [["F", 0], ["G", 0], ["H", 0]]]
# an airplane along the west side over rows 0-4, a mailbox on tile R at (8, 3)
WEST_PLANE = {"number": 4, "owner": 1, "good": "beer", "edge": "w", "first": 0, "remaining": 2}
MAILBOX = {"number": 11, "owner": 1, "good": "pizza", "cell": [8, 3],
           "orientation": "horizontal", "remaining": 2, "marketeer": "marketing_trainee"}


def claimed_on_3x3(**more: Any) -> fcm.GameState:
    """Seat 0 has just claimed First lobbyist used on the 3x3 map with a road at (0, 3)-(1, 3)
    (roadworks at (2, 3)); it owes the extra map tile."""
    more.setdefault("campaigns", [WEST_PLANE, MAILBOX])
    s = at_step(["lobbyist", "lobbyist"], tiles=TILES_3X3, **more)
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    return s


def test_the_extra_map_tile_may_go_north_or_west_of_a_3x3_map():
    """ketchup.md 2 "First lobbyist used": the tile shares one full side with a tile of the
    map, on any side: north (tile row -1) and west (tile column -1) are offered as east and
    south are; not a corner, nor the west side beside the airplane (rows 0-4)."""
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s = claimed_on_3x3()
    places = {(a.row, a.col) for a in legal_actions(s, 0) if isinstance(a, PlaceMapTile)}
    north = {(-1, 0), (-1, 1), (-1, 2)}
    west = {(1, -1), (2, -1)}  # (0, -1) faces the airplane over rows 0-4
    east, south = {(0, 3), (1, 3), (2, 3)}, {(3, 0), (3, 1), (3, 2)}
    assert places == north | west | east | south
    assert "share one full side" in refused(s, PlaceMapTile("C", 0, -1, -1))  # a corner only
    assert "share one full side" in refused(s, PlaceMapTile("C", 0, -2, 0))  # not beside it
    beside_plane = refused(s, PlaceMapTile("C", 0, 0, -1))
    assert "First lobbyist used (Lobbyists (ketchup.md 2))" in beside_plane
    assert "airplane" in beside_plane


def test_a_tile_north_of_the_map_renumbers_every_square_and_joins_the_routes():
    """ketchup.md 2 "First lobbyist used" with conventions.md "Board geometry" (squares from
    the map's top-left): tile C placed north of A renumbers the squares 5 rows down: the
    restaurant (0, 0) is at (5, 0), the road and its roadworks, the printed houses, the mailbox
    and the west airplane's rows move with it, and the event says so. C's house 5 (rows 1-2,
    columns 2-3) reaches seat 0's entrance (6, 1) over C's ring road and A's road (5, 2):
    one tile border, distance 1. The game saves, loads and replays to the same state."""
    import json

    from fcm.core.extensions import house_distances
    from fcm.core.geometry import restaurant_entrances
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s = claimed_on_3x3()
    before = {n: h.cell for n, h in s.houses.items()}
    s, ev = apply(s, 0, PlaceMapTile("C", 0, -1, 0))
    assert [[t for t, _ in row] for row in s.tiles] == [
        ["C", "", ""], ["A", "B", "D"], ["R", "T", "E"], ["F", "G", "H"]]
    (added,) = [e.data for e in ev if e.kind == "map_tile_added"]
    assert added == {"seat": 0, "letter": "C", "rotation": 0, "row": 0, "col": 0,
                     "houses": [5], "moved_rows": 5, "moved_cols": 0}
    assert s.restaurants[0].cell == (5, 0)
    assert {(p.kind, p.cell) for p in s.pieces} == {
        ("road_under_construction", (5, 3)), ("road_under_construction", (6, 3)),
        ("roadworks", (7, 3))}
    assert all(s.houses[n].cell == (r + 5, c) for n, (r, c) in before.items())
    assert s.houses[5].cell == (1, 2) and s.houses[5].printed
    assert s.campaigns[11].cells[0] == (13, 3)
    assert (s.campaigns[4].edge, s.campaigns[4].first) == ("w", 5)
    board = board_of(s)
    assert (board.height, board.width) == (20, 15)
    assert board.in_map((1, 2)) and not board.in_map((1, 7))  # C, and the holes beside it
    entrances = restaurant_entrances((5, 0), Corner.SE, False)
    table = house_distances(s, board, s.houses[5])
    assert min(table[r * board.width + c] for r, c in entrances) == 1
    route = board.house_route(s.houses[5].footprint, entrances)
    assert route is not None and route[1] == 1
    # the report says the squares moved, in every language
    from fcm.report import event_line

    grew = {"kind": "map_tile_added", **added}
    for lang in ("en", "de", "es", "fr", "zh-Hans"):
        text = event_line(grew, lang=lang)
        assert "5" in text and "{" not in text, (lang, text)
    assert "every square moves 5 rows down and 0 columns right" in event_line(grew)
    again = fcm.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.canonical_json() == s.canonical_json()


def test_a_tile_west_of_the_map_moves_columns_and_an_airplane_along_the_north():
    """ketchup.md 2 (the map grows; an airplane covers full rows/columns of the current map):
    tile C west of R renumbers the squares 5 columns right: an airplane along the north side
    from column 0 now starts at column 5, the restaurant (0, 0) is at (0, 5)."""
    from fcm.modules.lobbyists.actions import PlaceMapTile

    north_plane = {**WEST_PLANE, "edge": "n"}
    s = claimed_on_3x3(campaigns=[north_plane])
    assert (-1, 0) not in {(a.row, a.col) for a in legal_actions(s, 0)
                           if isinstance(a, PlaceMapTile)}  # beside the airplane
    s, ev = apply(s, 0, PlaceMapTile("C", 1, 1, -1))
    assert s.tiles[1][0] == ("C", 1) and s.tiles[0][0] == ("", 0)
    (added,) = [e.data for e in ev if e.kind == "map_tile_added"]
    assert (added["row"], added["col"], added["moved_rows"], added["moved_cols"]) == (1, 0, 0, 5)
    assert s.restaurants[0].cell == (0, 5)
    assert s.campaigns[4].first == 5
    assert board_of(s).width == 20


def test_a_freeway_beside_the_map_blocks_its_side_and_moves_with_a_coffee_shop():
    """ketchup.md 2 "First lobbyist used": not on a side where a freeway sits (Rural
    Marketeers, 12): the freeway at (-1, 2) beside A's road takes (-1, 0) away. Tile C west of
    the map then moves the freeway and a coffee shop (Coffee, 4: its piece and its owner's
    list) 5 columns right with every other square."""
    from fcm.core.state import Piece
    from fcm.modules.coffee import shops
    from fcm.modules.lobbyists.actions import PlaceMapTile

    s = at_step(["lobbyist", "lobbyist"], tiles=TILES_3X3,
                modules=["lobbyists", "rural_marketeers", "coffee"])
    s.pieces.extend([Piece("freeway", (-1, 2)), Piece("coffee_shop", (3, 3))])
    s.module_data.setdefault("coffee", {})["shops"] = [[1, 3, 3]]
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    places = {(a.row, a.col) for a in legal_actions(s, 0) if isinstance(a, PlaceMapTile)}
    assert (-1, 0) not in places and {(-1, 1), (0, -1)} <= places
    assert "freeway" in refused(s, PlaceMapTile("C", 0, -1, 0))
    s, _ = apply(s, 0, PlaceMapTile("C", 0, 0, -1))
    assert {Piece("freeway", (-1, 7)), Piece("coffee_shop", (3, 8))} <= set(s.pieces)
    assert shops(s) == [(1, (3, 8))]


@pytest.mark.parametrize("place", [(-1, 1), (1, -1)], ids=["north", "west"])
def test_a_game_grown_north_or_west_plays_on_and_replays_exactly(place: tuple[int, int]) -> None:
    """ketchup.md 2: after an extra tile north (west) of the map, random bots play on with
    Coffee and Rural Marketeers too; every invariant holds, every legal action has a research
    index, and the actions, written as JSON and applied again from the start, give the same
    state (the growth replays exactly)."""
    from fcm.bots import make_bot
    from fcm.core.actions import action_from_json
    from fcm.core.invariants import check_invariants
    from fcm.env.encoding import encode
    from fcm.modules.lobbyists.actions import PlaceMapTile

    start = at_step(["lobbyist", "lobbyist"], tiles=TILES_3X3,
                    modules=["lobbyists", "coffee", "rural_marketeers"])
    s = start.clone()
    played = []
    for seat, a in ((0, BuildRoad(((0, 3), (1, 3)))), (0, PlaceMapTile("C", 0, *place))):
        s, _ = apply(s, seat, a)
        played.append((seat, a.to_json()))
    assert s.restaurants[0].cell == ((5, 0) if place[0] < 0 else (0, 5))
    bots = [make_bot("random", 7), make_bot("random", 8)]
    for _ in range(300):
        if fcm.is_over(s):
            break
        seat = fcm.current_actors(s)[0]
        legal = fcm.legal_actions(s, seat)
        assert all(encode(s, a) >= 0 for a in legal)
        a = bots[seat].choose(fcm.view(s, seat), seat, legal)
        s, _ = apply(s, seat, a)
        played.append((seat, a.to_json()))
        check_invariants(s)
    again = start.clone()
    for seat, raw in played:
        again, _ = apply(again, seat, action_from_json(raw, again.rules))
    assert again.canonical_json() == s.canonical_json()
