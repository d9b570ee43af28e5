"""Games with expansion modules over the HTTP API (issue 15): the modules are rules options
validated by the engine; a refused set names the modules; a Reserve Prices card stays secret."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import fcm
from fcm.presentation import present
from tests.server.conftest import create


def test_a_game_with_modules_is_created_and_keeps_them(client: TestClient) -> None:
    g = create(client, players=2, options={"modules": ["ketchup", "fry_chefs"]}, seed=3)
    assert g.state(0)["view"]["options"]["modules"] == ["fry_chefs", "ketchup"]


def test_a_refused_set_of_modules_names_them(client: TestClient) -> None:
    modules = ["hard_choices", "new_milestones"]
    r = client.post("/api/games", json={"players": 2, "options": {"modules": modules}})
    assert r.status_code == 422, r.text
    body: Any = r.json()
    assert "'hard_choices' and 'new_milestones' exclude each other" in body["error"]["message"]
    r = client.post("/api/games", json={"players": 2, "options": {"modules": ["mustard"]}})
    assert r.status_code == 422 and "mustard" in r.json()["error"]["message"]


def test_a_reserve_price_card_is_secret_until_the_break(client: TestClient) -> None:
    g = create(client, players=2, options={"modules": ["reserve_prices"]}, seed=5)
    g.play(0, {"type": "choose_reserve", "money": 200, "price": 20})
    other = g.state(1)["view"]["players"][0]
    assert other.get("reserve") is None and other.get("reserve_price") is None
    mine = g.state(0)["view"]["players"][0]
    assert mine["reserve"] == 200 and mine["reserve_price"] == 20


def test_ketchup_17_a_six_seat_game_is_created_with_six_players(client: TestClient) -> None:
    """Six Players (ketchup.md 17): six seats with the module (and New Districts), each seat's
    view and presentation with six chains on the 4 x 6 map."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 5
    g = create(client, seats=seats, seed=4, options={"modules": ["new_districts", "six_players"]})
    assert sorted(g.tokens) == [0] and len(g.data["seats"]) == 6
    view = g.state(0)["view"]
    assert len(view["players"]) == 6 and [len(row) for row in view["tiles"]] == [6] * 4
    state = fcm.state_from_dict(view)
    shown = present(fcm.view(state, 0), 0)
    assert len(shown["chains"]) == 6 and sorted(shown["turn_order"]) == list(range(6))


def test_ketchup_17_six_seats_without_the_module_are_refused_naming_it(
    client: TestClient,
) -> None:
    r = client.post("/api/games", json={"players": 6})
    assert r.status_code == 422, r.text
    assert "6 players need module 'six_players' (ketchup.md 17)" in r.json()["error"]["message"]
    r = client.post("/api/games", json={"players": 7})
    assert r.status_code == 422
