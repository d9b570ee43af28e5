"""The browser draws a buyer's route: each route choice carries one route (road squares) or
flight (tiles) from the engine's geometry, and the action it sends with that route is legal and
collects exactly the choice's suppliers (excerpt 002 "Collecting drinks")."""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm.core.actions import action_from_json
from fcm.core.engine import current_actors
from fcm.presentation import present

LINE: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["L", 0], ["Q", 0], ["N", 0]]],
    "phase": "working",
    "restaurants": [{"owner": 0, "cell": [3, 0], "entrance": "nw"}],
}


@pytest.mark.parametrize(
    ("card", "kind"), [("truck_driver", "route"), ("zeppelin_pilot", "flight")]
)
def test_route_choices_carry_a_drawable_legal_route(card: str, kind: str) -> None:
    data = {**LINE, "companies": [{"at_work": [card]}],
            "working": {"seat": 0, "step": "food_and_drinks"}}
    state = fcm.load_scenario(data)
    seat = current_actors(state)[0]
    legal = fcm.legal_actions(state, seat)
    pres = present(fcm.view(state, seat), seat, legal)
    routes = [a for a in pres["actions"] if a["action"]["type"] == "get_drinks"]
    assert routes and all(kind in a and "drawn" in a for a in routes)
    for note in routes:
        drawn = action_from_json(note["drawn"])
        assert list(map(list, drawn.route)) == note[kind]
        _, events = fcm.apply(state, seat, drawn)
        (got,) = [e for e in events if e.kind == "drinks_collected"]
        assert [s["cell"] for s in got.data["suppliers"]] == note["action"]["suppliers"]
        assert got.data["route"] == note[kind]
