"""The HTTP API: creating games, tokens, redacted views, and every kind of bad input (each
answered with a clear 4xx naming the problem, and changing nothing)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import RESTRUCTURING, Game, create, settings_for

RESERVE_300 = {"type": "choose_reserve", "money": 300}


def fingerprint(game: Game) -> Any:
    """Everything every viewer can read about a game (to check that nothing changed)."""
    seats = [*game.tokens, None]
    views = {s: game.state(s) for s in seats}
    log = game.client.get(f"/api/games/{game.id}/log", headers=game.auth(game.spectator))
    return views, log.json()


def error(r: Any, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"]["code"] == code, body
    assert body["error"]["message"]
    return str(body["error"]["message"])


# -- creating games --------------------------------------------------------------------------


def test_create_game_gives_a_secret_link_per_human_seat_and_a_spectator_link(
    client: TestClient,
) -> None:
    g = create(
        client,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
               {"kind": "human"}],
        options={"introductory": False},
        seed=11,
    )
    seats = g.data["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[1]["token"] is None and seats[1]["bot"] == "random"
    tokens = [seats[0]["token"], seats[2]["token"], g.spectator]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    assert seats[0]["token"] in seats[0]["url"] and seats[0]["ws"].startswith("ws://")
    assert g.state(0)["seat"] == 0 and g.state(2)["seat"] == 2
    assert g.state(None)["seat"] is None
    assert g.state(0)["seats"][0]["name"] == "Ann"


def test_create_game_with_players_shortcut_and_intro_options(client: TestClient) -> None:
    g = create(client, players=2, options={"introductory": True}, seed=3)
    s = g.state(0)
    assert len(g.tokens) == 2 and s["view"]["options"]["introductory"] is True
    assert s["phase"] == "setup_restaurants"  # no reserve cards in the introductory game


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"seats": [{"kind": "human"}]}, 422, "request/invalid", "seats"),
        ({"seats": [{"kind": "human"}] * 7}, 422, "request/invalid", "seats"),
        # six seats need Six Players (ketchup.md 17)
        ({"seats": [{"kind": "human"}] * 6}, 422, "game/invalid", "six_players"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, 422, "game/invalid",
         "genius"),
        ({"players": 2, "options": {"turbo": True}}, 422, "game/invalid", "turbo"),
        ({"players": 2, "options": {"introductory": "yes"}}, 422, "game/invalid", "introductory"),
        ({}, 422, "request/invalid", "seats"),
        ({"players": 2, "colour": "red"}, 422, "request/invalid", "colour"),
        ({"players": 3, "scenario": RESTRUCTURING}, 422, "game/invalid", "scenario"),
        ({"players": 2, "scenario": {"players": 2}}, 422, "scenario/invalid", "tiles"),
    ],
)
def test_create_game_rejects_bad_requests(
    client: TestClient, body: Any, status: int, code: str, words: str
) -> None:
    r = client.post("/api/games", json=body)
    assert words in error(r, status, code)


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/undo", "/api/games/{game_id}/log",
                 "/api/games/{game_id}/dinnertime/{round_}", "/api/games/{game_id}/record"):
        assert path in spec["paths"], path
    assert client.get("/api/health").json()["storage"] == "sqlite"


# -- views -----------------------------------------------------------------------------------


def test_a_seat_never_sees_another_seats_reserve_card(client: TestClient) -> None:
    g = create(client, players=3, seed=5)
    mine = g.play(0, RESERVE_300)
    assert mine["view"]["players"][0]["reserve"] == 300
    assert any(e["kind"] == "reserve_card" and e["money"] == 300 for e in mine["events"])
    for viewer in (1, 2, None):
        s = g.state(viewer)
        assert s["view"]["players"][0]["reserve"] is None, viewer
        assert s["view"]["rng"] == 0
    log1 = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[1])).json()
    entry = log1["entries"][-1]
    assert entry["seat"] == 0 and entry["action"] is None  # who chose is public, not what
    assert all(e["kind"] != "reserve_card" for e in entry["events"])
    log0 = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0])).json()
    assert log0["entries"][-1]["action"] == RESERVE_300


def test_restructuring_drafts_and_their_number_stay_secret(client: TestClient) -> None:
    g = create(client, players=2, scenario=RESTRUCTURING)
    before = {s: g.state(s) for s in (0, 1, None)}
    assert before[0]["actors"] == [0, 1]
    mine = g.play(0, {"type": "send_to_work", "employee": "waitress"})
    assert mine["view"]["drafts"]["0"] == ["waitress"]
    assert mine["version"] == before[0]["version"] + 1
    for viewer in (1, None):
        s = g.state(viewer)
        # nothing moved for the others: not the draft, not even the version
        assert s["view"]["drafts"].get("0", []) == [], viewer
        assert s["version"] == before[viewer]["version"], viewer
        assert s["view"] == before[viewer]["view"], viewer
    log1 = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[1])).json()
    assert len(log1["entries"]) == 1  # only the start: seat 0's secret step is not there
    # seat 1 decides on the version it has: no 409 from another seat's secret step
    g.act(1, {"type": "send_to_work", "employee": "errand_boy"}, before[1]["version"])
    g.play(0, {"type": "done"})
    done = g.play(1, {"type": "done"})
    assert done["phase"] == "order_of_business"
    revealed = [e for e in done["events"] if e["kind"] == "structure_revealed"]
    assert {e["seat"]: e["at_work"] for e in revealed} == {0: ["waitress"], 1: ["errand_boy"]}


# -- bad input: each answered with a clear error and changing nothing ---------------------------


@pytest.fixture
def game(client: TestClient) -> Game:
    g = create(client, players=3, seed=5)
    g.play(1, RESERVE_300)
    return g


def test_stale_version_is_409_and_never_a_lost_update(game: Game) -> None:
    v = game.state(0)["version"]
    game.play(0, RESERVE_300)
    before = fingerprint(game)
    msg = error(game.act(2, RESERVE_300, version=v - 1), 409, "action/stale_version")
    assert "version" in msg
    r = game.act(2, RESERVE_300, version=v - 1)
    assert r.json()["error"]["current_version"] == game.state(2)["version"]
    assert fingerprint(game) == before


def test_tokens(game: Game, client: TestClient) -> None:
    before = fingerprint(game)
    body = {"version": game.state(0)["version"], "action": RESERVE_300}
    url = f"/api/games/{game.id}/actions"
    error(client.post(url, json=body), 401, "auth/missing_token")
    error(client.post(url, json=body, headers=game.auth("x" * 32)), 403, "auth/bad_token")
    other = create(client, players=2)
    error(client.post(url, json=body, headers=game.auth(other.tokens[0])), 403, "auth/wrong_game")
    error(client.post(url, json=body, headers=game.auth(game.spectator)), 403, "auth/spectator")
    # another seat's token: seat 2 tries to act as seat 0
    msg = error(game.post(2, {**body, "seat": 0}), 403, "auth/wrong_seat")
    assert "seat 2" in msg
    error(client.get(f"/api/games/{game.id}", headers=game.auth("nope")), 403, "auth/bad_token")
    error(client.get(f"/api/games/{game.id}"), 401, "auth/missing_token")
    assert fingerprint(game) == before


def test_acting_out_of_turn(game: Game) -> None:
    before = fingerprint(game)
    msg = error(game.act(1, RESERVE_300), 409, "action/not_your_turn")
    assert "seat 1 may not act now" in msg
    assert fingerprint(game) == before


def test_illegal_and_malformed_actions(game: Game, client: TestClient) -> None:
    before = fingerprint(game)
    v = game.state(0)["version"]
    msg = error(game.act(0, {"type": "choose_reserve", "money": 150}, v), 422, "action/illegal")
    assert "reserve" in msg
    msg = error(game.act(0, {"type": "fly_to_moon"}, v), 400, "action/invalid")
    assert "unknown action type 'fly_to_moon'" in msg and "choose_reserve" in msg
    msg = error(game.act(0, {"type": "choose_reserve"}, v), 400, "action/invalid")
    assert "money" in msg
    msg = error(game.act(0, {"type": "choose_reserve", "money": "lots"}, v), 400,
                "action/invalid")
    assert "integer" in msg
    error(game.post(0, {"action": RESERVE_300}), 422, "request/invalid")
    error(game.post(0, {"version": -1, "action": RESERVE_300}), 422, "request/invalid")
    error(game.post(0, {"version": v, "action": "reserve"}), 422, "request/invalid")
    r = client.post(
        f"/api/games/{game.id}/actions",
        content=b'{"version": 1, "action": {"type": ',
        headers={**game.auth(game.tokens[0]), "content-type": "application/json"},
    )
    assert "not valid JSON" in error(r, 400, "request/malformed_json")
    error(client.get("/api/games/nope", headers=game.auth(game.tokens[0])), 403,
          "auth/wrong_game")
    assert fingerprint(game) == before


def test_oversized_body_is_413(game: Game, client: TestClient) -> None:
    before = fingerprint(game)
    big = {"version": 1, "action": {"type": "done", "pad": "x" * 100_000}}
    r = game.post(0, big)
    assert "limit" in error(r, 413, "request/too_large")

    def chunks() -> Any:  # no content-length: counted while streaming
        yield b'{"version": 1, "action": {"type": "done", "pad": "'
        for _ in range(100):
            yield b"x" * 1000
        yield b'"}}'

    r = client.post(
        f"/api/games/{game.id}/actions", content=chunks(),
        headers={**game.auth(game.tokens[0]), "content-type": "application/json"},
    )
    error(r, 413, "request/too_large")
    assert fingerprint(game) == before


def test_floods_get_429_per_token(db_url: str) -> None:
    settings = settings_for(db_url, rate_per_second=2.0, rate_burst=5)
    with TestClient(create_app(settings)) as client:
        g = create(client, players=2, seed=1)
        url = f"/api/games/{g.id}"
        codes = [client.get(url, headers=g.auth(g.tokens[0])).status_code for _ in range(12)]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
        r = client.get(url, headers=g.auth(g.tokens[0]))
        assert "too many requests" in error(r, 429, "request/rate_limited")
        assert int(r.headers["retry-after"]) >= 1
        # another token has its own bucket, and the flood changed nothing
        assert client.get(url, headers=g.auth(g.tokens[1])).status_code == 200
        r = client.post(f"/api/games/{g.id}/actions", headers=g.auth(g.tokens[0]),
                        json={"version": 0, "action": RESERVE_300})
        error(r, 429, "request/rate_limited")
        assert client.get(url, headers=g.auth(g.tokens[1])).json()["version"] == 0


def test_unknown_routes_and_games(client: TestClient) -> None:
    error(client.get("/api/nothing"), 404, "http/404")
    g = create(client, players=2)
    r = client.get("/api/games/missing/log", headers=g.auth(g.tokens[0]))
    error(r, 403, "auth/wrong_game")


# -- reading -----------------------------------------------------------------------------------


def test_game_list_for_tokens(client: TestClient) -> None:
    a = create(client, players=2, seed=1)
    b = create(client, players=3, seed=2)
    r = client.get("/api/games", params={"token": [a.tokens[1], b.spectator]},
                   headers=a.auth(b.tokens[2]))
    games = r.json()["games"]
    assert [(x["game"], x["seat"]) for x in games] == [(b.id, 2), (a.id, 1), (b.id, None)]
    assert games[0]["your_turn"] is True and games[0]["actors"] == [0, 1, 2]
    error(client.get("/api/games"), 401, "auth/missing_token")
    error(client.get("/api/games", params={"token": "bad"}), 403, "auth/bad_token")


def test_record_only_after_the_game_and_dinnertime_of_a_round(game: Game) -> None:
    c = game.client
    r = c.get(f"/api/games/{game.id}/record", headers=game.auth(game.tokens[0]))
    assert "once the game is over" in error(r, 409, "record/game_in_progress")
    r = c.get(f"/api/games/{game.id}/dinnertime/1", headers=game.auth(game.spectator))
    error(r, 404, "dinnertime/not_found")


def test_engine_failures_are_500_and_store_nothing(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in the engine (not a user error) is a 500 naming it; nothing is stored."""
    import fcm.server.match as match

    def broken(*args: Any) -> Any:
        raise NotImplementedError("phase not written")

    before = fingerprint(game)
    monkeypatch.setattr(match, "apply", broken)
    r = game.act(0, RESERVE_300)
    assert "NotImplementedError" in error(r, 500, "server/engine_error")
    monkeypatch.undo()
    assert fingerprint(game) == before
