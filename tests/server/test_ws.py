"""WebSocket pushes: every connected client gets its own new view after each change."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import RESTRUCTURING, create

RESERVE = {"type": "choose_reserve", "money": 200}


def ws_url(game_id: str, token: str) -> str:
    return f"/api/games/{game_id}/ws?token={token}"


def test_push_to_two_clients_each_its_own_view(client: TestClient) -> None:
    g = create(client, players=2, seed=9)
    with (
        client.websocket_connect(ws_url(g.id, g.tokens[0])) as ws0,
        client.websocket_connect(ws_url(g.id, g.tokens[1])) as ws1,
        client.websocket_connect(ws_url(g.id, g.spectator)) as wss,
    ):
        first = [ws.receive_json() for ws in (ws0, ws1, wss)]
        assert [m["seat"] for m in first] == [0, 1, None]
        assert all(m["type"] == "state" and m["version"] == 0 for m in first)
        assert first[0]["legal"] and not first[2]["legal"]
        g.play(0, RESERVE)
        m0, m1, ms = ws0.receive_json(), ws1.receive_json(), wss.receive_json()
        assert m0["version"] == m1["version"] == ms["version"] == 1
        assert m0["view"]["players"][0]["reserve"] == 200
        assert m1["view"]["players"][0]["reserve"] is None
        assert ms["view"]["players"][0]["reserve"] is None
        assert any(e["kind"] == "reserve_card" for e in m0["events"])
        assert not any(e["kind"] == "reserve_card" for e in m1["events"] + ms["events"])
        assert m1["your_turn"] and m1["actors"] == [1]
        g.play(1, RESERVE)
        m0, m1 = ws0.receive_json(), ws1.receive_json()
        assert m0["phase"] == m1["phase"] == "setup_restaurants"
        assert m0["version"] == 2
        ws0.send_json({"type": "ping", "data": 7})
        assert ws0.receive_json() == {"type": "pong", "data": 7}
        ws0.send_text("hello")
        assert ws0.receive_json()["error"]["code"] == "ws/unknown_message"


def test_the_socket_opens_only_once_its_client_is_subscribed(client: TestClient) -> None:
    """A page that sees its WebSocket open may count on every later change being pushed with
    its events (the browser tests post actions then). The server subscribed after the
    handshake: a change committed in between reached the client only as a state without
    its events. Now the handshake waits for the subscription (which takes the game's lock)."""
    g = create(client, players=2, seed=9)
    portal = client.portal
    assert portal is not None
    live = portal.call(client.app.state.service.get, g.id)  # type: ignore[attr-defined]
    portal.call(live.lock.acquire)  # as while a change is being committed
    subscribed: list[int] = []

    def connect() -> None:
        with client.websocket_connect(ws_url(g.id, g.tokens[1])) as ws:
            subscribed.append(len(live.subscribers))
            assert ws.receive_json()["version"] == 0

    t = threading.Thread(target=connect, daemon=True)
    t.start()
    time.sleep(0.3)
    assert subscribed == []  # not open while the subscription waits for the lock
    portal.call(live.lock.release)
    t.join(30)
    assert subscribed == [1]


def test_a_client_that_connects_late_is_sent_the_events_it_missed(client: TestClient) -> None:
    """A page loads the state over HTTP, then opens its WebSocket (or reconnects after a
    drop): a change in between reached it as the new state without its events, and what the
    page says of them (a notice, the bank's alert) was lost. Connecting with the version it
    had (``since``), its first push carries the events it missed."""
    g = create(client, players=2, seed=9)
    with client.websocket_connect(ws_url(g.id, g.tokens[1])) as ws:
        v0 = ws.receive_json()["version"]
        g.play(0, RESERVE)
        pushed = ws.receive_json()  # what a client connected all along was sent
    assert pushed["events"] and pushed["version"] > v0
    late = f"{ws_url(g.id, g.tokens[1])}&since="
    with client.websocket_connect(late + str(v0)) as ws:
        first = ws.receive_json()
    assert (first["version"], first["events"]) == (pushed["version"], pushed["events"])
    # up to date, a version this process cannot account for, not a number: no events
    for since in (pushed["version"], v0 - 1, "x"):
        with client.websocket_connect(late + str(since)) as ws:
            first = ws.receive_json()
        assert first["version"] == pushed["version"] and first["events"] == []
    # an undo in between: no events either (the page reloads its log instead)
    assert g.post(0, {"version": g.state(0)["version"]}, path="undo").status_code == 200
    with client.websocket_connect(late + str(pushed["version"])) as ws:
        assert ws.receive_json()["events"] == []


def test_secret_steps_push_nothing_to_the_others(client: TestClient) -> None:
    g = create(client, players=2, scenario=RESTRUCTURING)
    with (
        client.websocket_connect(ws_url(g.id, g.tokens[0])) as ws0,
        client.websocket_connect(ws_url(g.id, g.tokens[1])) as ws1,
    ):
        v1 = ws1.receive_json()["version"]
        ws0.receive_json()
        g.play(0, {"type": "send_to_work", "employee": "waitress"})
        g.play(0, {"type": "send_to_work", "employee": "trainer"})
        assert ws0.receive_json()["view"]["drafts"]["0"] == ["waitress"]
        assert ws0.receive_json()["view"]["drafts"]["0"] == ["trainer", "waitress"]
        g.play(0, {"type": "done"})
        m1: dict[str, Any] = ws1.receive_json()  # the first push seat 1 gets is the commit
        assert m1["version"] == v1 + 1
        assert [e["kind"] for e in m1["events"]] == ["structure_committed"]
        assert m1["view"]["drafts"]["0"] == [] and m1["actors"] == [1]


def test_bad_tokens_are_refused(client: TestClient) -> None:
    g = create(client, players=2)
    with client.websocket_connect(f"/api/games/{g.id}/ws?token=wrong") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"]["code"] == "auth/bad_token"
    other = create(client, players=2)
    with client.websocket_connect(ws_url(g.id, other.tokens[0])) as ws:
        assert ws.receive_json()["error"]["code"] == "auth/wrong_game"
