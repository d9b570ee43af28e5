"""The chat of a game (issue 14 #5): stored and numbered, read by seats and spectators, posted
by seats (a token, or the account's seat with the CSRF token), rate-limited, length-checked,
kept as plain text (the page shows it as text), and never holding a token."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import create, settings_for
from tests.server.test_notify import Acct


@pytest.fixture(params=["sqlite", "postgresql"])
def both(request: pytest.FixtureRequest, db_url: str) -> Iterator[TestClient]:
    url = db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))
    with TestClient(create_app(settings_for(url))) as c:
        yield c


def test_seats_post_everyone_reads_and_nothing_is_interpreted(both: TestClient) -> None:
    client = both
    g = create(client, players=2, seed=3)
    evil = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>'
    r = g.post(0, {"text": "  hello\u0007 table  "}, path="chat")
    assert r.status_code == 201, r.text
    assert r.json()["text"] == "hello table" and r.json()["seq"] == 1
    assert g.post(1, {"text": evil}, path="chat").json()["seq"] == 2
    for token in (g.tokens[0], g.spectator):
        r = client.get(f"/api/games/{g.id}/chat", headers=g.auth(token))
        assert r.status_code == 200
        msgs = r.json()["messages"]
        assert [(m["seq"], m["seat"], m["name"]) for m in msgs] == [
            (1, 0, "Player 1"), (2, 1, "Player 2")]
        assert msgs[1]["text"] == evil  # stored as sent; JSON, shown as text by chat.js
        assert all(set(m) == {"seq", "seat", "name", "text", "at"} for m in msgs)
    after = client.get(f"/api/games/{g.id}/chat?after=1", headers=g.auth(g.spectator))
    assert [m["seq"] for m in after.json()["messages"]] == [2]
    r = client.post(f"/api/games/{g.id}/chat", json={"text": "hi"}, headers=g.auth(g.spectator))
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/spectator"
    r = client.get(f"/api/games/{g.id}/chat")
    assert r.status_code == 401
    text = client.get(f"/api/games/{g.id}/chat", headers=g.auth(g.spectator)).text
    assert all(t not in text for t in [*g.tokens.values(), g.spectator])


def test_bad_messages_are_refused_and_posting_is_rate_limited(client: TestClient) -> None:
    g = create(client, players=2, seed=3)
    for body, status, code in [({"text": "   "}, 422, "chat/empty"),
                               ({"text": "x" * 501}, 422, "chat/too_long"),
                               ({"text": 5}, 422, "request/invalid"),
                               ({"text": "a", "seat": 1}, 422, "request/invalid")]:
        r = g.post(0, body, path="chat")
        assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    client.app.state.chat.monotonic = lambda: 50.0  # type: ignore[attr-defined]
    codes = [g.post(0, {"text": f"m{i}"}, path="chat").status_code for i in range(7)]
    assert codes == [201] * 5 + [429] * 2
    r = g.post(0, {"text": "again"}, path="chat")
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert g.post(1, {"text": "seat 1 has its own allowance"}, path="chat").status_code == 201
    client.app.state.chat.monotonic = lambda: 53.0  # type: ignore[attr-defined]
    assert g.post(0, {"text": "later"}, path="chat").status_code == 201
    msgs = client.get(f"/api/games/{g.id}/chat", headers=g.auth(g.spectator)).json()["messages"]
    assert [m["seq"] for m in msgs] == list(range(1, 8))  # nothing refused was stored


def test_an_account_posts_from_its_cookie_with_the_csrf_token(client: TestClient) -> None:
    ann = Acct(client, "ann")
    g = create(client, players=2, seed=3)
    ann.claim(g, 1)
    r = ann.request("POST", f"/api/games/{g.id}/chat", csrf=False, json={"text": "hi"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/csrf"
    r = ann.request("POST", f"/api/games/{g.id}/chat", json={"text": "hi"})
    assert r.status_code == 201 and r.json()["seat"] == 1 and r.json()["name"] == ann.name
    assert ann.request("GET", f"/api/games/{g.id}/chat").json()["messages"][0]["text"] == "hi"
