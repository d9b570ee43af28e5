"""Issue 26 item 11: Dinnertime is shown with the goods travelling from the restaurant to the
house, along a road route the server sends (the browser finds no route itself). Each sale's
route must be a real road route of the sale's distance (facts.md D.1: distance is the tile
borders crossed on the road route; a house steps onto a road next to it, free on a tile it
covers; a restaurant's entrance onto a road next to it, free on the entrance's tile;
conventions.md default 7: a bridge is crossed straight)."""

from __future__ import annotations

import itertools
import json
from typing import Any

from fcm.core.actions import action_from_json
from fcm.core.company import board_of
from fcm.core.engine import apply
from fcm.core.geometry import restaurant_entrances
from fcm.core.state import GameState, Options
from fcm.core.types import TILE_SIZE, Cell
from fcm.games import new_game_with_events
from fcm.presentation import dinnertime_routes
from tests.golden.transcript import FILE


def _tile(cell: Cell) -> tuple[int, int]:
    return (cell[0] // TILE_SIZE, cell[1] // TILE_SIZE)


def _next_to(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _route_distance(state: GameState, sale: dict[str, Any], route: list[Cell]) -> int:
    """The route's Dinnertime distance counted square by square, after checking it is a road
    route from the house to an entrance of the restaurant that served it."""
    board = board_of(state)
    house = next(h for h in state.houses.values() if h.number == sale["house"])
    spot = next(r for r in state.restaurants
                if (r.owner, r.number) == (sale["winner"], sale["restaurant"]))
    entrances = restaurant_entrances(spot.cell, spot.entrance, spot.drive_in)
    assert all(board.is_road(c) for c in route), route
    assert all(_next_to(a, b) for a, b in itertools.pairwise(route)), route
    for i in range(1, len(route) - 1):  # a bridge is crossed straight, never turned on
        if board.is_bridge(route[i]):
            a, b = route[i - 1], route[i + 1]
            assert a[0] == b[0] or a[1] == b[1], f"turns on the bridge {route[i]}"
    first, last = route[0], route[-1]
    beside_house = [c for c in house.footprint if _next_to(c, first)]
    assert beside_house, f"{first} is not next to house {sale['house']}"
    start = 0 if _tile(first) in {_tile(c) for c in house.footprint} else 1
    beside_door = [c for c in entrances if _next_to(c, last)]
    assert beside_door, f"{last} is not next to an entrance {entrances}"
    end = min(0 if _tile(c) == _tile(last) else 1 for c in beside_door)
    borders = sum(_tile(a) != _tile(b) for a, b in itertools.pairwise(route))
    return start + borders + end


def test_each_sale_of_the_golden_game_comes_with_a_road_route_of_its_distance() -> None:
    lines = FILE.read_text().splitlines()
    first = json.loads(lines[0])
    state, _ = new_game_with_events(
        first["players"], first["seed"], Options.from_dict(first["options"])
    )
    sales = 0
    distances = set()
    for line in lines[1:-1]:
        step = json.loads(line)
        state, events = apply(state, step["seat"], action_from_json(step["action"]))
        shown = dinnertime_routes(state, [e.to_json() for e in events])
        for e in shown:
            if e["kind"] != "house_served":
                assert "route" not in e
                continue
            sales += 1
            route = [tuple(c) for c in e["route"]]
            assert _route_distance(state, e, route) == e["distance"], e
            # the goods leave by an entrance beside the route's end, arrive beside its start
            house = next(h for h in state.houses.values() if h.number == e["house"])
            assert tuple(e["route_to"]) in house.footprint
            assert _next_to(tuple(e["route_to"]), route[0])
            assert _next_to(tuple(e["route_from"]), route[-1])
            distances.add(e["distance"])
    assert sales >= 5 and max(distances) >= 1  # routes that cross tile borders, not only 0


def test_no_route_is_sent_that_disagrees_with_the_sale() -> None:
    lines = FILE.read_text().splitlines()
    first = json.loads(lines[0])
    state, _ = new_game_with_events(
        first["players"], first["seed"], Options.from_dict(first["options"])
    )
    for line in lines[1:-1]:
        step = json.loads(line)
        state, events = apply(state, step["seat"], action_from_json(step["action"]))
        sale = next((e.to_json() for e in events if e.kind == "house_served"), None)
        if sale is not None:
            break
    assert sale is not None
    wrong = {**sale, "distance": sale["distance"] + 1}
    assert "route" not in dinnertime_routes(state, [wrong])[0]
    gone = {**sale, "house": 999}  # a house the board does not hold
    assert "route" not in dinnertime_routes(state, [gone])[0]


def _dinnertimes() -> list[list[dict[str, Any]]]:
    """The golden game's Dinnertimes, each its events (from its start to its earnings)."""
    lines = FILE.read_text().splitlines()
    first = json.loads(lines[0])
    state, _ = new_game_with_events(
        first["players"], first["seed"], Options.from_dict(first["options"])
    )
    out: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] | None = None
    for line in lines[1:-1]:
        step = json.loads(line)
        state, events = apply(state, step["seat"], action_from_json(step["action"]))
        for e in events:
            j = e.to_json()
            if j["kind"] == "dinnertime_started":
                current = []
                out.append(current)
            if current is not None and e.visible_to is None:
                current.append(j)
            if j["kind"] == "dinnertime_earnings":
                current = None
    return out


def test_each_payment_says_the_bank_after_it() -> None:
    """The bank pays each sale, the Waitresses and the CFO; when it cannot, it pays what it has,
    breaks and pays the rest from the reserve added (facts.md, the bank)."""
    dinners = _dinnertimes()
    assert len(dinners) >= 3
    breaks = 0
    for events in dinners:
        shown = dinnertime_routes_only(events)
        start = shown[0]["bank"]
        bank, final = start, False
        for i, e in enumerate(shown):
            if e["kind"] in ("house_served", "waitress_income", "cfo_bonus"):
                if final:  # after the final break the box pays, not the bank
                    assert e["bank_after"] == bank
                elif e["bank_after"] != bank - e["amount"]:  # only where the bank breaks
                    assert shown[i + 1]["kind"] == "bank_broken", e
                bank = e["bank_after"]
            elif e["kind"] == "bank_broken":
                breaks += 1
                final = final or e["final"]
                bank = e["bank_after"]
        assert bank == shown[-1]["bank"]  # the bank at the end of Dinnertime
    assert breaks >= 1
    # a figure that the end contradicts is never sent
    events = dinners[0]
    forged = [*events[:-1], {**events[-1], "bank": events[-1]["bank"] + 1}]
    assert not any("bank_after" in e for e in dinnertime_routes_only(forged))


def dinnertime_routes_only(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bank figures alone (no board needed: no sale here keeps a route without a state)."""
    from fcm.presentation import _with_bank

    return _with_bank(events)
