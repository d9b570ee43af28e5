"""Accounts (issue 14 #1): sign-up, log-in, log-out, deletion; session cookies; CSRF; session
fixation; log-in rate limits; claimed guest seats and "my games"; no password or session id
in any log."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from fcm.server.accounts import COOKIE
from tests.server.conftest import Game, create, settings_for
from tests.server.procs import Server

RESERVE = {"type": "choose_reserve", "money": 300}
PASSWORD = "correct horse battery"


def signup(client: TestClient, name: str, password: str = PASSWORD) -> str:
    """Sign up (the client keeps the cookie); returns the CSRF token."""
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    assert r.json()["account"]["name"] == name
    return str(r.json()["csrf"])


def login(client: TestClient, name: str, password: str = PASSWORD) -> httpx.Response:
    return client.post("/api/account/login", json={"name": name, "password": password})


def error(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code, r.text


def set_cookie_header(r: httpx.Response) -> str:
    headers = [v for k, v in r.headers.multi_items() if k == "set-cookie"]
    assert len(headers) == 1, headers
    return headers[0]


def test_signup_sets_an_httponly_samesite_cookie_and_answers_the_csrf_token(
    client: TestClient,
) -> None:
    r = client.post("/api/account/signup", json={"name": "ann", "password": PASSWORD})
    assert r.status_code == 201, r.text
    cookie = set_cookie_header(r).lower()
    assert cookie.startswith(f"{COOKIE}=") and "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie  # plain http here (see the next test)
    me = client.get("/api/account")
    assert me.status_code == 200 and me.json()["account"]["name"] == "ann"
    assert me.json()["csrf"] == r.json()["csrf"]
    assert "password" not in me.text and PASSWORD not in me.text


def test_the_cookie_is_secure_behind_an_https_origin(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, public_origin="https://fcm.test"))) as c:
        r = c.post("/api/account/signup", json={"name": "ann", "password": PASSWORD})
        assert "secure" in set_cookie_header(r).lower()


def test_names_are_unique_without_regard_to_case_and_checked(client: TestClient) -> None:
    signup(client, "Ann")
    client.cookies.clear()
    r = client.post("/api/account/signup", json={"name": "aNN", "password": PASSWORD})
    error(r, 409, "account/name_taken")
    error(client.post("/api/account/signup", json={"name": "a", "password": PASSWORD}),
          422, "account/invalid_name")
    error(client.post("/api/account/signup", json={"name": "bob", "password": "short"}),
          422, "account/invalid_password")
    r = client.post("/api/account/signup", content=b'{"name": "bob", "password": "long enough"}',
                    headers={"content-type": "text/plain"})
    assert r.status_code in (415, 422), r.text  # no form can sign up or log in cross-site
    r = client.post("/api/account/signup", json={"name": "bob", "password": PASSWORD},
                    headers={"origin": "https://evil.example"})
    error(r, 403, "auth/origin")


def test_login_logout_and_a_wrong_password(client: TestClient) -> None:
    signup(client, "ann")
    client.cookies.clear()
    error(login(client, "ann", "wrong password"), 401, "auth/bad_login")
    error(login(client, "nobody", PASSWORD), 401, "auth/bad_login")  # the same answer
    r = login(client, "ANN")
    assert r.status_code == 200 and r.json()["account"]["name"] == "ann"
    csrf = r.json()["csrf"]
    r = client.post("/api/account/logout", headers={"x-csrf-token": csrf})
    assert r.status_code == 204
    assert client.get("/api/account").json() == {"account": None, "csrf": None}


def test_login_rotates_the_session_id_no_fixation(client: TestClient) -> None:
    """A session id planted before the log-in (by an attacker who set the cookie) is never
    the one that ends up logged in; a valid session presented at log-in is ended."""
    signup(client, "ann")
    first = client.cookies[COOKIE]
    planted = secrets.token_urlsafe(32)
    client.cookies.clear()
    client.cookies.set(COOKIE, planted, domain="testserver.local")
    r = login(client, "ann")
    assert r.status_code == 200
    new = client.cookies[COOKIE]
    assert new not in (planted, first)
    attacker = TestClient(client.app)
    attacker.cookies.set(COOKIE, planted, domain="testserver.local")
    assert attacker.get("/api/account").json()["account"] is None
    # logging in again with a valid session: that session ends, a new one starts
    r = login(client, "ann")
    newer = client.cookies[COOKIE]
    assert newer != new
    old = TestClient(client.app)
    old.cookies.set(COOKIE, new, domain="testserver.local")
    assert old.get("/api/account").json()["account"] is None


def test_every_cookie_authenticated_change_needs_the_csrf_token(client: TestClient) -> None:
    csrf = signup(client, "ann")
    g = create(client, players=2, seed=3)
    r = client.post(f"/api/games/{g.id}/claim", headers=g.auth(g.tokens[0]))
    error(r, 403, "auth/csrf")
    r = client.post(f"/api/games/{g.id}/claim",
                    headers={**g.auth(g.tokens[0]), "x-csrf-token": "forged"})
    error(r, 403, "auth/csrf")
    r = client.post(f"/api/games/{g.id}/claim",
                    headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf})
    assert r.status_code == 200 and r.json()["seat"] == 0
    # the cookie alone now authenticates seat 0: reads need no CSRF token, changes do
    state = client.get(f"/api/games/{g.id}")
    assert state.status_code == 200 and state.json()["seat"] == 0
    body = {"version": state.json()["version"], "action": RESERVE}
    error(client.post(f"/api/games/{g.id}/actions", json=body), 403, "auth/csrf")
    error(client.post(f"/api/games/{g.id}/undo", json={"version": 0}), 403, "auth/csrf")
    assert client.get(f"/api/games/{g.id}").json() == state.json()  # nothing changed
    r = client.post(f"/api/games/{g.id}/actions", json=body, headers={"x-csrf-token": csrf})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == body["version"] + 1
    # the bearer-token API is unchanged, cookie or not: no CSRF token needed
    r = g.act(1, RESERVE)
    assert r.status_code == 200, r.text
    error(client.post("/api/account/logout"), 403, "auth/csrf")
    assert client.get("/api/account").json()["account"]["name"] == "ann"
    error(client.request("DELETE", "/api/account", json={"password": PASSWORD}),
          403, "auth/csrf")


def test_a_websocket_from_another_site_is_refused_with_the_cookie(client: TestClient) -> None:
    csrf = signup(client, "ann")
    g = create(client, players=2, seed=3)
    client.post(f"/api/games/{g.id}/claim", headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf})
    with client.websocket_connect(f"/api/games/{g.id}/ws") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0
    with client.websocket_connect(f"/api/games/{g.id}/ws",
                                  headers={"origin": "https://evil.example"}) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"]["code"] == "auth/origin"


def test_login_is_rate_limited_per_account_and_per_address(client: TestClient) -> None:
    client.app.state.accounts.limit_now = lambda: 1000.0  # type: ignore[attr-defined]
    signup(client, "ann")
    client.cookies.clear()
    codes = [login(client, "ann", "wrong password").status_code for _ in range(5)]
    assert codes == [401] * 5
    r = login(client, "ann")  # the right password, but too many tries on this account
    error(r, 429, "request/rate_limited")
    assert r.json()["error"]["retry_after"] >= 1
    # per address: many names from one address (its failures count: 5 on ann, then 15)
    codes = [login(client, f"user{i}", "wrong password").status_code for i in range(16)]
    assert codes[:15] == [401] * 15 and codes[15:] == [429]  # 20 failures from one address


def test_a_guest_seat_is_claimed_and_listed_in_my_games(client: TestClient) -> None:
    csrf = signup(client, "ann")
    g1 = create(client, players=2, seed=3)
    g2 = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot"}], seed=4)
    for g in (g1, g2):
        r = client.post(f"/api/games/{g.id}/claim",
                        headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf})
        assert r.status_code == 200, r.text
    # the same seat again is fine; a second seat of the same game is not
    r = client.post(f"/api/games/{g1.id}/claim",
                    headers={**g1.auth(g1.tokens[1]), "x-csrf-token": csrf})
    error(r, 409, "seat/already_yours")
    games = client.get("/api/account/games").json()["games"]
    assert {x["game"] for x in games} == {g1.id, g2.id}
    for x in games:
        assert x["seat"] == 0 and isinstance(x["your_turn"], bool) and x["waiting_for"]
    # another account cannot claim ann's seat, even with its token
    bob = TestClient(client.app)
    bob_csrf = signup(bob, "bob")
    r = bob.post(f"/api/games/{g1.id}/claim",
                 headers={**g1.auth(g1.tokens[0]), "x-csrf-token": bob_csrf})
    error(r, 409, "seat/claimed")
    error(bob.get(f"/api/games/{g1.id}"), 403, "auth/not_your_game")
    r = bob.post(f"/api/games/{g1.id}/claim",
                 headers={**g1.auth(g1.spectator), "x-csrf-token": bob_csrf})
    error(r, 403, "auth/spectator")
    # the guest link still works for whoever holds it
    assert g1.state(0)["seat"] == 0


def test_deleting_the_account_needs_its_password_and_frees_its_seats(client: TestClient) -> None:
    csrf = signup(client, "ann")
    g = create(client, players=2, seed=3)
    client.post(f"/api/games/{g.id}/claim", headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf})
    r = client.request("DELETE", "/api/account", json={"password": "wrong password"},
                       headers={"x-csrf-token": csrf})
    error(r, 403, "auth/bad_login")
    r = client.request("DELETE", "/api/account", json={"password": PASSWORD},
                       headers={"x-csrf-token": csrf})
    assert r.status_code == 204
    assert client.get("/api/account").json() == {"account": None, "csrf": None}
    error(login(client, "ann"), 401, "auth/bad_login")
    assert g.state(0)["seat"] == 0  # a guest seat again
    bob = TestClient(client.app)
    bob_csrf = signup(bob, "bob")
    r = bob.post(f"/api/games/{g.id}/claim",
                 headers={**g.auth(g.tokens[0]), "x-csrf-token": bob_csrf})
    assert r.status_code == 200


def test_no_password_session_id_or_csrf_token_in_the_log_at_trace_level(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", log, log_level="trace").start()
    secrets_seen: list[str] = [PASSWORD]
    try:
        http = server.http
        r = http.post("/api/account/signup", json={"name": "ann", "password": PASSWORD})
        assert r.status_code == 201
        secrets_seen += [r.cookies[COOKIE], r.json()["csrf"]]
        http.cookies.clear()
        r = http.post("/api/account/login", json={"name": "ann", "password": PASSWORD})
        sid, csrf = r.cookies[COOKIE], r.json()["csrf"]
        secrets_seen += [sid, csrf]
        http.cookies.set(COOKIE, sid)
        data = server.create(players=2, seed=1)
        token = data["seats"][0]["token"]
        secrets_seen.append(token)
        gid = data["game"]
        r = http.post(f"/api/games/{gid}/claim",
                      headers={"authorization": f"Bearer {token}", "x-csrf-token": csrf})
        assert r.status_code == 200, r.text
        state: Any = http.get(f"/api/games/{gid}").json()
        r = http.post(f"/api/games/{gid}/actions", headers={"x-csrf-token": csrf},
                      json={"version": state["version"], "action": RESERVE})
        assert r.status_code == 200, r.text
        http.post("/api/account/login", json={"name": "ann", "password": "wrong " + PASSWORD})
        http.post("/api/account/logout", headers={"x-csrf-token": csrf})
    finally:
        server.close()
    text = log.read_text()
    assert "/api/account/login" in text and "TRACE" in text  # the lines are there...
    for s in secrets_seen:
        assert s not in text  # ...without the secrets


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_accounts_work_on_both_databases(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    url = db_url if backend == "sqlite" else request.getfixturevalue("pg_url")
    with TestClient(create_app(settings_for(url))) as c:
        name = f"u{secrets.token_hex(4)}"
        csrf = signup(c, name)
        g = create(c, players=2, seed=3)
        r = c.post(f"/api/games/{g.id}/claim",
                   headers={**g.auth(g.tokens[1]), "x-csrf-token": csrf})
        assert r.status_code == 200, r.text
        c.cookies.clear()
        assert login(c, name).status_code == 200
        games = c.get("/api/account/games").json()["games"]
        assert [(x["game"], x["seat"]) for x in games] == [(g.id, 1)]
        assert Game(c, g.data).state(1)["seat"] == 1


def test_the_game_page_plays_from_the_session_cookie_alone(client: TestClient) -> None:
    """Issue 14: with an account the game page needs no token: its presentation, hints and
    clock answer the claimed seat by the cookie."""
    csrf = signup(client, "ann")
    g = create(client, players=2, seed=3, clock={"limit": "1d"})
    r = client.post(f"/api/games/{g.id}/claim",
                    headers={**g.auth(g.tokens[1]), "x-csrf-token": csrf})
    assert r.status_code == 200
    pres = client.get(f"/api/games/{g.id}/presentation")
    assert pres.status_code == 200, pres.text
    assert pres.json()["seat"] == 1
    assert client.get(f"/api/games/{g.id}/clock").status_code == 200
    client.cookies.clear()
    error(client.get(f"/api/games/{g.id}/presentation"), 401, "auth/missing_token")
