"""The board overlay (issue 24 item 3): pieces modules place on the map during a game live in
state on top of the printed tiles, and the geometry answers over both. A test-only module
(``test_roads``) brings a road piece; one road square turns a two-border route into none, and
the house goes to the other chain (facts.md E.5: distance counts tile borders crossed; the
lowest price + distance wins)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

import fcm
from fcm.core.company import board_of
from fcm.core.events import EventLog
from fcm.core.extensions import PieceKind
from fcm.core.geometry import restaurant_entrances
from fcm.core.phases import dinnertime
from fcm.core.state import Phase, Piece, state_from_dict
from fcm.core.types import Corner
from fcm.rulesets import (
    Module,
    ModuleInfo,
    get_ruleset,
    register_module,
    rules_for,
    unregister_module,
)

ROADS = Module(
    info=ModuleInfo("test_roads", "Test roads", "a road piece placed on the map"),
    data=lambda raw, modules: None,
    pieces=(PieceKind("test_road", "r"), PieceKind("test_park", "#", label="P")),
)

# House 4 is on tile B, top right. Seat 0's restaurant below it, on tile B too, has its
# entrance (4, 9) next to a road of tile C only: two borders to the house (B -> C -> B). A road
# piece on (3, 9) joins the entrance to tile B's road under the house: no border.
TILES = [[["A", 0], ["B", 0], ["C", 0]], [["R", 0], ["T", 0], ["D", 0]]]


def scenario(**more: Any) -> dict[str, Any]:
    return {
        "players": 2, "tiles": TILES, "phase": "restructuring",
        "companies": [{"stock": {"burger": 1}}, {"stock": {"burger": 1}}],
        "restaurants": [{"owner": 0, "cell": [4, 8], "entrance": "ne"},
                        {"owner": 1, "cell": [0, 0], "entrance": "se"}],
        "houses": [{"number": 4, "demand": ["burger"]}],
        **more,
    }


@pytest.fixture
def roads() -> Iterator[None]:
    register_module(ROADS)
    yield
    unregister_module("test_roads")


def distance_to_house_4(s: fcm.GameState, seat: int) -> int | None:
    board = board_of(s)
    (r,) = [x for x in s.restaurants if x.owner == seat]
    entrances = restaurant_entrances(r.cell, Corner(r.entrance), r.drive_in)
    return board.distance_house_to_restaurant(s.houses[4].cells, entrances)


def winner(s: fcm.GameState) -> tuple[int, int]:
    s.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.finish(s, log)
    (served,) = [e.data for e in log if e.kind == "house_served"]
    return served["winner"], served["restaurant"]


def test_a_road_piece_shortens_a_distance_and_changes_who_serves_the_house(roads):
    base = fcm.load_scenario(scenario(modules=["test_roads"]))
    assert distance_to_house_4(base, 0) == 2 and distance_to_house_4(base, 1) == 1
    assert winner(base.clone())[0] == 1  # $10 + 1 beats $10 + 2
    road = fcm.load_scenario(scenario(
        modules=["test_roads"], pieces=[{"kind": "test_road", "cell": [3, 9]}]))
    assert road.pieces == [Piece("test_road", (3, 9))]
    assert board_of(road).is_road((3, 9)) and not board_of(base).is_road((3, 9))
    assert distance_to_house_4(road, 0) == 0 and distance_to_house_4(road, 1) == 1
    assert winner(road.clone())[0] == 0


def test_a_park_piece_is_no_longer_an_empty_square(roads):
    s = fcm.load_scenario(scenario(
        modules=["test_roads"], pieces=[{"kind": "test_park", "cell": [5, 5]}]))
    assert not board_of(s).is_blank((5, 5)) and not board_of(s).is_road((5, 5))


def test_without_pieces_the_printed_board_is_shared_and_nothing_is_saved(roads):
    """Base-game speed: a game without pieces uses the one cached printed board."""
    plain = fcm.load_scenario(scenario())
    module = fcm.load_scenario(scenario(modules=["test_roads"]))
    assert board_of(plain) is board_of(module)
    assert "pieces" not in plain.to_dict() and "pieces" not in module.to_dict()
    road = fcm.load_scenario(scenario(
        modules=["test_roads"], pieces=[{"kind": "test_road", "cell": [3, 9]}]))
    assert board_of(road) is not board_of(plain)
    assert board_of(road) is board_of(road.clone())  # a board per overlay, cached


def test_pieces_clone_save_load_hash_and_pickle(roads):
    s = fcm.load_scenario(scenario(
        modules=["test_roads"], pieces=[{"kind": "test_road", "cell": [3, 9]}]))
    data = s.to_dict()
    assert data["pieces"] == [{"kind": "test_road", "cell": [3, 9]}]
    again = state_from_dict(data, rules_for)
    assert again.pieces == s.pieces and again.state_hash() == s.state_hash()
    c = s.clone()
    c.pieces.append(Piece("test_park", (5, 5)))
    assert len(s.pieces) == 1 and c.state_hash() != s.state_hash()
    assert pickle.loads(pickle.dumps(s)).pieces == s.pieces
    assert get_ruleset("base", ["test_roads"]).piece_kinds["test_road"].square == "r"


def test_a_scenario_refuses_a_piece_its_game_does_not_know_or_a_square_it_cannot_change(roads):
    with pytest.raises(fcm.ScenarioError, match=r"pieces\[0\].kind: 'test_road' is no kind"):
        fcm.load_scenario(scenario(pieces=[{"kind": "test_road", "cell": [3, 9]}]))
    with pytest.raises(fcm.ScenarioError, match="houses and suppliers stay"):
        fcm.load_scenario(scenario(
            modules=["test_roads"], pieces=[{"kind": "test_road", "cell": [0, 8]}]))
    with pytest.raises(fcm.ScenarioError, match="off the map"):
        fcm.load_scenario(scenario(
            modules=["test_roads"], pieces=[{"kind": "test_road", "cell": [10, 0]}]))
