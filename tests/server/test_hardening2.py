"""Hardening II (issue 28): the probes of a hostile or careless client against the surfaces
that landed since the first hardening round, one test per numbered item of the issue."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import RESTRUCTURING, Game, create, settings_for

# -- 1. secret steps are never counted in what a seat receives -----------------------------------


def _numbers(g: Game, seat: int) -> dict[str, Any]:
    """Every number seat ``seat`` receives that could count actions: its version, its live
    hint's ``at``/``total``, its rewind points and its replay's step versions."""
    c, h = g.client, g.auth(g.token(seat))
    hint = c.get(f"/api/games/{g.id}/hint", headers=h)
    assert hint.status_code == 200, hint.text
    rewind = c.get(f"/api/games/{g.id}/rewind", headers=h).json()
    replay = c.get(f"/api/games/{g.id}/replay", headers=h).json()
    last = replay["steps"][-1]["step"]
    step = c.get(f"/api/games/{g.id}/replay/{last}", headers=h).json()
    return {"version": g.state(seat)["version"],
            "hint": (hint.json()["at"], hint.json()["total"]),
            "points": rewind["points"],
            "replay": [(s["step"], s["version"]) for s in replay["steps"]],
            "step": (step["step"], step["version"], step["total"])}


def test_another_seats_secret_steps_move_none_of_a_seats_numbers(db_url: str) -> None:
    """docs/server.md, Versions: "you never learn how many secret steps another seat took"
    (issue 28 item 1): the hint's at/total, the rewind points and the replay's versions
    counted log positions, so two secret Restructuring steps of seat 1 moved seat 0's."""
    s = settings_for(db_url, hint_think_ms=50, hint_every_ms=0)
    with TestClient(create_app(s)) as c:
        g = create(c, players=2, scenario=RESTRUCTURING, table={"hints": True})
        before = _numbers(g, 0)
        for card in ("kitchen_trainee", "errand_boy"):  # seat 1's secret steps
            g.play(1, {"type": "send_to_work", "employee": card})
        assert _numbers(g, 0) == before
        g.play(0, {"type": "send_to_work", "employee": "waitress"})  # seat 0's own step
        after = _numbers(g, 0)
        assert after["version"] == before["version"] + 1
        assert after["replay"][-1] == (1, 1) and after["step"] == (1, 1, 1)
        assert after["hint"] == (after["version"], after["version"])
        # seat 1 sees its own two steps in its own numbers, and a point before them
        mine = _numbers(g, 1)
        assert mine["replay"][-1] == (2, 2)
        assert [p["to"] for p in mine["points"]] == [0]


# -- 2, 7, 9, 13: passwords: no hashing for a refused sign-up, limits nobody can turn into a
# lock-out, deletion limited too, no common or name-derived password -------------------------

PASSWORD = "correct horse battery"


def _client(app: Any, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


def _signup(c: TestClient, name: str, password: str = PASSWORD) -> Any:
    return c.post("/api/account/signup", json={"name": name, "password": password})


def _login(c: TestClient, name: str, password: str = PASSWORD) -> int:
    c.cookies.clear()
    return c.post("/api/account/login", json={"name": name, "password": password}).status_code


def test_a_refused_sign_up_hashes_nothing_and_an_address_signs_up_boundedly(db_url: str) -> None:
    """Issue 28 item 2: a sign-up for a taken name was hashed first (200 ms of CPU each)."""
    with TestClient(create_app(settings_for(db_url))) as c:
        accounts = c.app.state.accounts  # type: ignore[attr-defined]
        hashed: list[str] = []
        real = accounts._ph

        class Counting:  # the hasher, counting its hashes
            def hash(self, pw: str) -> str:
                hashed.append(pw)
                return str(real.hash(pw))

            def verify(self, stored: str, pw: str) -> bool:
                return bool(real.verify(stored, pw))

        accounts._ph = Counting()
        accounts.limit_now = lambda: 1000.0
        assert _signup(c, "ann").status_code == 201 and len(hashed) == 1
        for name in ("ann", "ANN", "x", "bob"):  # taken, taken, a bad name, a weak password
            r = _signup(c, name, "password" if name == "bob" else PASSWORD)
            assert r.status_code in (409, 422), r.text
        assert len(hashed) == 1
        codes = [_signup(c, f"user{i}").status_code for i in range(31)]
        assert codes[:29] == [201] * 29 and codes[29:] == [429] * 2  # 30 from one address
        assert len(hashed) == 30
        assert _signup(_client(c.app, "198.51.100.7"), "someone").status_code == 201


def test_a_stranger_cannot_lock_the_owner_out(db_url: str) -> None:
    """Issue 28 item 7: five wrong passwords from anywhere gave the owner 429 everywhere."""
    with TestClient(create_app(settings_for(db_url))) as c:
        c.app.state.accounts.limit_now = lambda: 1000.0  # type: ignore[attr-defined]
        assert _signup(c, "ann").status_code == 201
        stranger = _client(c.app, "203.0.113.9")
        codes = [_login(stranger, "ann", f"guess {i}!") for i in range(8)]
        assert codes == [401] * 5 + [429] * 3  # the stranger locks out the stranger
        assert _login(stranger, "ann") == 429  # even with the right password now
        assert _login(c, "ann") == 200  # the owner, from an address that has not failed
        # many addresses guessing: the name's own limit (20) stops those that failed on it
        for i in range(5):
            guesser = _client(c.app, f"192.0.2.{i}")
            assert [_login(guesser, "ann", f"guess {i}{j}!") for j in range(3)] == [401] * 3
        assert _login(_client(c.app, "192.0.2.0"), "ann", "again!") == 429
        assert _login(_client(c.app, "192.0.2.99"), "ann", "fresh guess!") == 401
        assert _login(c, "ann") == 200  # the owner still logs in


def test_deleting_the_account_is_limited_like_a_log_in(db_url: str) -> None:
    """Issue 28 item 9: DELETE /api/account checked passwords without any limit."""
    with TestClient(create_app(settings_for(db_url))) as c:
        c.app.state.accounts.limit_now = lambda: 1000.0  # type: ignore[attr-defined]
        csrf = _signup(c, "ann").json()["csrf"]
        codes = [c.request("DELETE", "/api/account", json={"password": f"guess {i}!"},
                           headers={"x-csrf-token": csrf}).status_code for i in range(7)]
        assert codes == [403] * 5 + [429] * 2
        r = c.request("DELETE", "/api/account", json={"password": PASSWORD},
                      headers={"x-csrf-token": csrf})
        assert r.status_code == 429  # this address failed: it waits like a log-in would
        c.app.state.accounts.limit_now = lambda: 1031.0  # type: ignore[attr-defined]
        r = c.request("DELETE", "/api/account", json={"password": PASSWORD},
                      headers={"x-csrf-token": csrf})
        assert r.status_code == 204


def test_common_and_name_derived_passwords_are_refused(client: TestClient) -> None:
    """Issue 28 item 13: any 8 characters were a password (``password``, ``12345678``, the
    name itself)."""
    for name, password in [("ann", "password"), ("ann", "12345678"), ("annabelle", "annabelle"),
                           ("annabelle", "annabelle1"), ("bobby", "bobby-bobby-bobby"),
                           ("carol", "qwertyuiop"), ("dave", "iloveyou1")]:
        r = _signup(client, name, password)
        assert r.status_code == 422, (password, r.text)
        assert r.json()["error"]["code"] == "account/weak_password"
        assert "harder to guess" in r.json()["error"]["message"]
    assert _signup(client, "annabelle", "annabelle plays quiet river tables").status_code == 201


# -- 3. webhooks: the checked address is the one connected to; no redirect; checked on save ------


def _receiver(status: int, location: str = "") -> tuple[Any, list[str], str]:
    """A local HTTP receiver answering ``status`` (with ``Location``); returns the server, the
    requests it got and its URL."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    got: list[str] = []
    bodies: list[bytes] = []

    class Handler(BaseHTTPRequestHandler):
        def _any(self) -> None:
            got.append(f"{self.command} {self.path}")
            bodies.append(self.rfile.read(int(self.headers.get("content-length") or 0)))
            self.send_response(status)
            if location:
                self.send_header("location", location)
            self.send_header("content-length", "0")
            self.end_headers()

        do_GET = do_POST = _any

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.bodies = bodies  # type: ignore[attr-defined]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, got, f"http://127.0.0.1:{httpd.server_address[1]}"


def _message() -> Any:
    from fcm.server.notify import Message

    return Message("Food Chain Magnate: your turn", "ann, it is your turn.")


def test_a_webhook_redirect_is_never_followed(db_url: str) -> None:
    """Issue 28 item 3: a redirect from a public host was followed to 127.0.0.1."""
    inner, inner_got, inner_url = _receiver(204)
    outer, outer_got, outer_url = _receiver(302, inner_url + "/admin")
    s = settings_for(db_url, notify_webhooks=True, notify_allow_http=True,
                     notify_allow_private=True)  # the receivers here are local
    try:
        with TestClient(create_app(s)) as c:
            notifier = c.app.state.notifier  # type: ignore[attr-defined]
            with pytest.raises(ValueError, match="302"):
                notifier._post(outer_url + "/hook", _message())
    finally:
        outer.shutdown()
        inner.shutdown()
    assert outer_got == ["POST /hook"] and inner_got == []


def test_a_webhook_connects_to_the_address_it_checked(db_url: str, monkeypatch: Any) -> None:
    """Issue 28 item 3: the host name was resolved to check it, then again to connect, so a
    name that changes its address in between (DNS rebinding) reached loopback."""
    import socket

    receiver, got, _ = _receiver(204)
    port = receiver.server_address[1]
    real_getaddrinfo, real_connect = socket.getaddrinfo, socket.create_connection
    looked_up: list[str] = []

    def rebinding(host: Any, *args: Any, **kw: Any) -> Any:
        if host != "hook.example":
            return real_getaddrinfo(host, *args, **kw)
        looked_up.append(host)  # public the first time, loopback after
        ip = "93.184.216.34" if len(looked_up) == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port))]

    connected: list[str] = []

    def connect(address: Any, *args: Any, **kw: Any) -> Any:
        host = address[0]
        ip = host if host[0].isdigit() else rebinding(host, address[1])[0][4][0]
        connected.append(ip)
        if ip != "127.0.0.1":
            raise OSError("no route to the public address in this test")
        return real_connect((ip, address[1]), *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    monkeypatch.setattr(socket, "create_connection", connect)
    s = settings_for(db_url, notify_webhooks=True, notify_allow_http=True)
    try:
        with TestClient(create_app(s)) as c:
            notifier = c.app.state.notifier  # type: ignore[attr-defined]
            with contextlib.suppress(OSError, ValueError):
                notifier._post(f"http://hook.example:{port}/hook", _message())
    finally:
        receiver.shutdown()
    assert got == [] and "127.0.0.1" not in connected
    assert connected == ["93.184.216.34"] and looked_up == ["hook.example"]


def test_a_private_webhook_is_refused_when_saved(db_url: str) -> None:
    """Issue 28 item 3: addresses were checked only when a webhook was used."""
    s = settings_for(db_url, notify_webhooks=True, notify_allow_http=True)
    with TestClient(create_app(s)) as c:
        csrf = _signup(c, "ann").json()["csrf"]
        for hook in ("http://127.0.0.1:9/x", "http://10.0.0.7/x", "http://[::1]/x",
                     "http://[::ffff:127.0.0.1]/x", "http://localhost/x"):
            r = c.put("/api/account/notifications", json={"webhook": hook},
                      headers={"x-csrf-token": csrf})
            assert r.status_code == 422, (hook, r.text)
            assert r.json()["error"]["code"] == "notify/webhook"
        assert c.get("/api/account/notifications").json()["webhook"] is None


# -- 11. no Slack or Discord mention through a name ---------------------------------------------


def test_names_cannot_mention_anyone_on_slack_or_discord(db_url: str) -> None:
    """docs/server.md, Notifications: "no mentions" (issue 28 item 11): a seat named
    ``<!channel>`` reached Slack verbatim."""
    receiver, got, url = _receiver(204)
    s = settings_for(db_url, notify_webhooks=True, notify_allow_http=True,
                     notify_allow_private=True, clock_interval=0.0, notify_interval=0.0)
    try:
        with TestClient(create_app(s)) as c:
            notifier = c.app.state.notifier  # type: ignore[attr-defined]
            csrf = _signup(c, "ann").json()["csrf"]
            g = create(c, seats=[{"kind": "human", "name": "<!channel>"},
                                 {"kind": "human", "name": "@everyone <@123> <!here|x>"}],
                       seed=7)
            r = c.post(f"/api/games/{g.id}/claim",
                       headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf})
            assert r.status_code == 200
            message = c.portal.call(notifier.render, "id", "ann", "end", g.id, 0)
            assert "<!channel>" in message.text  # the name is in the message...
            notifier._post(url + "/hook", message)
    finally:
        receiver.shutdown()
    assert got == ["POST /hook"]
    body = json.loads(receiver.bodies[0])  # type: ignore[attr-defined]
    for mention in ("<!channel>", "<!here", "<@123>"):  # ...but pings nobody
        assert mention not in body["text"] and mention not in body["content"]
    assert "&lt;!channel&gt;" in body["text"]
    assert "@everyone" not in body["content"] and body["allowed_mentions"] == {"parse": []}


# -- 4. a start that a killed server left half done is finished by the next request ---------------


def _two_servers(url: str, fake: Any) -> tuple[TestClient, TestClient]:
    from tests.server.test_lobby import app_client

    a, b = app_client(url, fake), app_client(url, fake)
    for c in (a, b):
        c.__enter__()
        c.app.state.lobby.now = fake  # type: ignore[attr-defined]
    return a, b


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


def test_a_lobby_game_left_starting_by_a_killed_server_is_started_later(url: str) -> None:
    """Issue 28 item 4: a server killed while it started a full lobby game left it
    ``starting`` forever (nobody could play, join or leave it)."""
    from tests.server.test_lobby import join, open_game
    from tests.server.test_notify import Acct, FakeTime

    fake = FakeTime()
    a, b = _two_servers(url, fake)
    try:
        ann, bob, cid = Acct(a, "ann"), Acct(a, "bob"), Acct(a, "cid")
        lobby_a = a.app.state.lobby  # type: ignore[attr-defined]

        # A simulated kill: the server does nothing more after the step before (the answer
        # it gives here is never seen by anyone).
        async def dies_at_once(oid: str, by: Any) -> str:
            return ""  # right after the join that moved it to ``starting`` committed

        made = open_game(ann)
        lobby_a._start = dies_at_once
        join(bob, made["id"])
        assert ann.request("GET", f"/api/lobby/{made['id']}").json()["status"] == "starting"
        fake.t += 31  # the dead server's lease runs out: the other server finishes the start
        ann_b = Acct.__new__(Acct)
        ann_b.__dict__.update(ann.__dict__, client=b)
        entry = ann_b.request("GET", f"/api/lobby/{made['id']}").json()
        assert entry["status"] == "started" and entry["game"], entry
        state = ann_b.request("GET", f"/api/games/{entry['game']}").json()
        assert state["seat"] == 0 and {s["name"] for s in state["seats"]} == {ann.name, bob.name}

        # killed after making the game, before the seats were claimed: made once, not twice
        made2 = open_game(cid)
        async def start_and_die(oid: str, by: Any) -> str:
            from fcm.server.storage import SeatSpec

            pending = await lobby_a.store.transact(lambda tx: tx.execute(
                "SELECT pending_id FROM open_games WHERE id = ?", (oid,)).fetchone()[0])
            await lobby_a.service.create_game([SeatSpec(), SeatSpec()], {}, game_id=pending)
            return ""  # killed after making the game, before anything else

        lobby_a._start = start_and_die
        join(ann, made2["id"])
        assert cid.request("GET", f"/api/lobby/{made2['id']}").json()["status"] != "started"
        del lobby_a._start
        fake.t += 31
        r = join(bob, made2["id"])  # a join finds it started (not open any more)
        assert r.status_code == 409 and r.json()["error"]["code"] == "lobby/not_open"
        entry2 = cid.request("GET", f"/api/lobby/{made2['id']}").json()
        assert entry2["status"] == "started"
        assert cid.request("GET", f"/api/games/{entry2['game']}").json()["seat"] == 0
        assert ann.request("GET", f"/api/games/{entry2['game']}").json()["seat"] == 1
    finally:
        for c in (a, b):
            c.__exit__(None, None, None)


def test_a_rematch_left_unmade_by_a_killed_server_is_made_later(url: str) -> None:
    """Issue 28 item 4: rematches have the same shape (a ``rematches`` row inserted, then
    the game made): a server killed in between left every later "rematch" at 409."""
    import fcm.server.lobby as lobby_module
    from tests.server.test_lobby import CLOCK, finish, join, open_game
    from tests.server.test_notify import Acct, FakeTime

    fake = FakeTime()
    a, b = _two_servers(url, fake)
    try:
        ann, bob = Acct(a, "ann"), Acct(a, "bob")
        made = open_game(ann, seats=[{"kind": "human"}, {"kind": "human"}],
                         options={"round_limit": 1}, clock=CLOCK)
        gid = join(bob, made["id"]).json()["game"]
        finish(a, gid, fake, ann)
        lobby_a = a.app.state.lobby  # type: ignore[attr-defined]

        async def dies(*args: Any, **kw: Any) -> str:
            return "dead"  # a simulated kill after the ``rematches`` row was inserted

        lobby_a._make_rematch = lobby_a._make = dies
        with contextlib.suppress(Exception):  # (the old code stored the dead game's id)
            ann.request("POST", f"/api/games/{gid}/rematch")
        old_wait, lobby_module.REMATCH_WAIT = lobby_module.REMATCH_WAIT, 0.2
        try:
            r = bob.request("POST", f"/api/games/{gid}/rematch")  # the lease still holds
            assert r.status_code == 409 and r.json()["error"]["code"] == "rematch/in_progress"
            fake.t += 31
            bob_b = Acct.__new__(Acct)
            bob_b.__dict__.update(bob.__dict__, client=b)
            r = bob_b.request("POST", f"/api/games/{gid}/rematch")
        finally:
            lobby_module.REMATCH_WAIT = old_wait
        assert r.status_code == 200, r.text
        new = r.json()["game"]
        assert r.json()["seat"] == 0  # bob had seat 1: seats rotate by one
        assert bob_b.request("GET", f"/api/games/{new}").json()["seat"] == 0
        del lobby_a._make_rematch, lobby_a._make
        again = ann.request("POST", f"/api/games/{gid}/rematch").json()
        assert again["game"] == new and again["seat"] == 1
    finally:
        for c in (a, b):
            c.__exit__(None, None, None)


# -- 5. bots before hints; hints bounded per game and per address ---------------------------------


def test_queued_hints_never_delay_a_bot() -> None:
    """Issue 28 item 5: hints and bot moves shared one queue: 20 queued hint requests delayed
    another game's bot from 0.5 s to 19 s. A bot job now waits for at most the hint a worker
    is busy with, and with two workers for none."""
    import asyncio
    import time

    from fcm.server.thinking import BOT, HINT, ThinkPool
    from tests.server.bot_jobs import nap_job
    from tests.server.conftest import run_async

    async def main() -> tuple[float, float]:
        for size in (2, 1):
            pool = ThinkPool(size)
            try:  # start the workers first (a fresh interpreter takes a while)
                await asyncio.gather(*(pool.run(nap_job, (0.0,), 60) for _ in range(size)))
                hints = [asyncio.create_task(pool.run(nap_job, (0.6,), 60, priority=HINT))
                         for _ in range(8)]
                await asyncio.sleep(0.1)  # the hints are queued (one or more running)
                began = time.monotonic()
                await pool.run(nap_job, (0.1,), 60, priority=BOT)
                waited = time.monotonic() - began
                if size == 2:
                    two = waited
                else:
                    one = waited
                for h in hints:
                    h.cancel()
                await asyncio.gather(*hints, return_exceptions=True)
            finally:
                await pool.close()
        return two, one

    two, one = run_async(main())
    assert two < 0.5, two  # a worker is always free for the bots
    assert one < 1.0, one  # at most the one running hint (0.6 s), never the 7 queued


def test_hints_are_bounded_per_game_and_per_address() -> None:
    """Issue 28 item 5: hints bounded per game and per address (and in the process)."""
    from fcm.server.errors import ApiError
    from fcm.server.hints import HintLimiter

    limiter = HintLimiter(0.0)
    limiter.acquire(("g1", 0), "198.51.100.1")
    limiter.acquire(("g1", 1), "198.51.100.2")
    with pytest.raises(ApiError, match="for this game"):
        limiter.acquire(("g1", 2), "198.51.100.3")  # a third hint of one game
    limiter.acquire(("g2", 0), "198.51.100.1")
    with pytest.raises(ApiError, match="your address"):
        limiter.acquire(("g3", 0), "198.51.100.1")  # a third hint from one address
    limiter.release(("g1", 0))
    limiter.acquire(("g3", 0), "198.51.100.1")
    for i in range(4, 9):  # g1, g2, g3 and these five: eight in flight
        limiter.acquire((f"g{i}", 0), f"203.0.113.{i}")
    with pytest.raises(ApiError, match="many hints"):
        limiter.acquire(("g9", 0), "203.0.113.9")  # eight in flight in the process


# -- 6. rated games: made by an account, standard rules, the server's seed, seats by consent ------


def test_one_person_cannot_move_ratings_alone(db_url: str) -> None:
    """Issue 28 item 6: anyone could create a rated game without an account, with any options
    (``round_limit: 1``) and a chosen seed; opening a link while signed in claimed the seat
    without asking; and the sender's token still played the claimed seat."""
    from tests.server.test_lobby import open_game
    from tests.server.test_notify import Acct

    with TestClient(create_app(settings_for(db_url))) as c:
        rated = {"players": 2, "table": {"rated": True}}
        r = c.post("/api/games", json=rated)
        assert r.status_code == 401 and r.json()["error"]["code"] == "auth/not_logged_in"
        ann, bob = Acct(c, "ann"), Acct(c, "bob")
        for extra, what in [({"options": {"round_limit": 1}}, "round_limit"),
                            ({"seed": 7}, "seed"),
                            ({"options": {"introductory": True}}, "introductory")]:
            r = ann.request("POST", "/api/games", json={**rated, **extra})
            assert r.status_code == 422, r.text
            assert r.json()["error"]["code"] == "game/invalid" and what in r.text
        r = ann.request("POST", "/api/lobby", json={"seats": [{"kind": "human"}] * 2,
                                                     "options": {"round_limit": 1},
                                                     "table": {"rated": True}})
        assert r.status_code == 422 and "round_limit" in r.text
        assert open_game(ann, table={"rated": True})["rated"] is True
        r = ann.request("POST", "/api/games", json=rated)
        assert r.status_code == 201, r.text
        g = Game(c, r.json())
        # bob opens seat 1's link: claiming it needs his explicit consent
        r = bob.request("POST", f"/api/games/{g.id}/claim", headers=g.auth(g.tokens[1]))
        assert r.status_code == 409 and r.json()["error"]["code"] == "seat/consent_needed"
        assert g.state(1)["seat"] == 1  # nothing changed: the link still works
        r = bob.request("POST", f"/api/games/{g.id}/claim", headers=g.auth(g.tokens[1]),
                        json={"consent": True})
        assert r.status_code == 200 and r.json()["link_revoked"] is True
        # the sender's copy of the link no longer plays the seat; bob's session does
        r = c.get(f"/api/games/{g.id}", headers=g.auth(g.tokens[1]))
        assert r.status_code == 403 and r.json()["error"]["code"] == "auth/bad_token"
        r = g.post(1, {"version": 0, "action": {"type": "choose_reserve", "money": 300}})
        assert r.status_code == 403
        assert bob.request("GET", f"/api/games/{g.id}").json()["seat"] == 1
        # an unrated game's link is claimed as before, and keeps working
        u = create(c, players=2)
        r = bob.request("POST", f"/api/games/{u.id}/claim", headers=u.auth(u.tokens[0]))
        assert r.status_code == 200 and r.json()["link_revoked"] is False
        assert u.state(0)["seat"] == 0


# -- 8. two acceptances of a rewind at once both count ------------------------------------------


def test_two_acceptances_at_once_on_two_servers_both_count(url: str) -> None:
    """Issue 28 item 8: two acceptances of a rewind at once: one was lost (3 of 8 rounds on
    SQLite, 4 of 8 on PostgreSQL). Both requests here read the vote before either writes
    (held together at that point), on two servers sharing the database."""
    import asyncio
    import threading

    from fcm.server.rewind import Rewinds
    from tests.server.test_rewind import propose, rewind, vote

    barrier = threading.Barrier(2, timeout=10)
    waits = {"left": 0}
    real_read = Rewinds._read

    async def read_together(self: Rewinds, game_id: str) -> Any:
        found = await real_read(self, game_id)
        if waits["left"] > 0:  # the two votes' first reads: both before either writes
            waits["left"] -= 1
            await asyncio.to_thread(barrier.wait)
        return found

    s = settings_for(url)
    with TestClient(create_app(s)) as c1, TestClient(create_app(s)) as c2:
        g = create(c1, players=3, seed=2)
        while not rewind(g, 0)["points"]:  # a point to go back to (the start)
            st = g.state(0)
            g.play(st["actors"][0], g.state(st["actors"][0])["legal"][0])
        before = g.state(0)["version"]
        r = propose(g, 0, 0)
        assert r.status_code == 200, r.text
        vote_id = r.json()["vote"]["id"]
        g2 = Game(c2, g.data)
        answers: list[Any] = [None, None]

        def accept(i: int, game: Game, seat: int) -> None:
            answers[i] = vote(game, seat, vote_id, True)

        Rewinds._read = read_together  # type: ignore[method-assign]
        waits["left"] = 2
        try:
            threads = [threading.Thread(target=accept, args=(0, g, 1)),
                       threading.Thread(target=accept, args=(1, g2, 2))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
        finally:
            Rewinds._read = real_read  # type: ignore[method-assign]
        assert all(a is not None and a.status_code == 200 for a in answers), answers
        info = rewind(g, 0)
        assert info["vote"]["status"] == "done", info["vote"]
        assert info["vote"]["accepted"] == [0, 1, 2]
        # (the server that made the rewind may be the other one: this one learns it by polling)
        g.wait(lambda st: st["version"] > before and st["round"] == 1, seat=0)


# -- 10. every integer parameter is bounded -------------------------------------------------------


def _integers(schema: Any, spec: dict[str, Any], where: str, seen: set[str]) -> list[str]:
    """Integer schemas without both bounds, under ``schema`` (``$ref`` followed once)."""
    if not isinstance(schema, dict):
        return []
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return []
        seen.add(name)
        return _integers(spec["components"]["schemas"][name], spec, name, seen)
    out = []
    bounds = set(schema)
    if schema.get("type") == "integer" and not (
        {"maximum", "exclusiveMaximum"} & bounds and {"minimum", "exclusiveMinimum"} & bounds
    ):
        out.append(where)
    for key in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(schema.get(key, [])):
            out += _integers(sub, spec, f"{where}[{i}]", seen)
    for name, sub in (schema.get("properties") or {}).items():
        out += _integers(sub, spec, f"{where}.{name}", seen)
    if isinstance(schema.get("items"), dict):
        out += _integers(schema["items"], spec, f"{where}[]", seen)
    if isinstance(schema.get("additionalProperties"), dict):
        out += _integers(schema["additionalProperties"], spec, f"{where}{{}}", seen)
    return out


def test_every_integer_parameter_is_bounded(client: TestClient) -> None:
    """Issue 28 item 10: ``GET .../chat?after=2**63`` answered 500 on SQLite (the number
    does not fit its integers). Every integer a request carries has both bounds in the API's
    description (so it is refused with a 4xx before any code runs), and the probe is a 4xx."""
    spec = client.get("/openapi.json").json()
    unbounded = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            for p in op.get("parameters", []):
                unbounded += _integers(p.get("schema"), spec, f"{method} {path} {p['name']}",
                                       set())
            body = (op.get("requestBody") or {}).get("content", {}).get("application/json")
            if body:
                unbounded += _integers(body.get("schema"), spec, f"{method} {path} body",
                                       set())
    assert unbounded == [], unbounded
    g = create(client, players=2)
    h = g.auth(g.tokens[0])
    for path in (f"chat?after={2**63}", f"chat?after={2**64}", f"log?start={2**63}",
                 f"dinnertime/{2**63}", f"replay/{2**63}", f"hint?at={2**63}"):
        r = client.get(f"/api/games/{g.id}/{path}", headers=h)
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text)
    for path, body in (("actions", {"version": 2**63, "action": {"type": "done"}}),
                       ("undo", {"version": 2**63}), ("rewind", {"version": 0, "to": 2**63}),
                       ("branch", {"step": 2**63})):
        r = g.post(0, body, path=path)
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text)


# -- 12. no token in the log, whatever its spelling -----------------------------------------------


def test_tokens_in_other_spellings_never_reach_the_log(tmp_path: Any) -> None:
    """docs/server.md, Tokens: "No token is ever written to the server's log, at any level"
    (issue 28 item 12): ``?%74oken=`` was accepted but logged in clear, and so were a token
    in a path and ``?TOKEN=``."""
    import secrets

    from fcm.server.logs import redact
    from tests.server.procs import Server

    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", log, log_level="trace").start()
    try:
        data = server.create(players=2, seed=1)
        gid, tokens = data["game"], [s["token"] for s in data["seats"]]
        tokens.append(data["spectator"]["token"])
        http = server.http
        r = http.get(f"/api/games/{gid}?%74oken={tokens[0]}")  # accepted as ?token=
        assert r.status_code == 200 and r.json()["seat"] == 0
        http.get(f"/api/games/{gid}?%2574oken={tokens[0]}")
        http.get(f"/api/games/{gid}?TOKEN={tokens[1]}")
        http.get(f"/api/games/{gid}?Token={tokens[1]}&x=%{tokens[2]}")
        http.get(f"/api/games/{gid}/{tokens[2]}")  # a token in a path (404)
        http.get(f"/api/games/{tokens[2]}/log")
        http.get(f"/api/games/{gid}", headers={"authorization": f"BEARER {tokens[0]}"})
        http.get(f"/api/games/{gid}/ws?t%6Fken={tokens[1]}")
    finally:
        server.close()
    text = log.read_text()
    assert f"/api/games/{gid}" in text and "TRACE" in text  # the lines are there...
    for t in tokens:
        assert t not in text  # ...without the tokens
    # the identifiers a traceback names are kept; a game's id too
    kept = 'File "/srv/fcm/server/test_a_rather_long_module_name_for_this.py", in handler'
    assert redact(kept) == kept and redact(f"game {gid}") == f"game {gid}"
    token = secrets.token_urlsafe(24)
    assert token not in redact(f"GET /x?%74%6F%6B%65%6E={token}")


# -- 13. security headers ----------------------------------------------------------------


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """Issue 28 item 13: the page sent no Content-Security-Policy, X-Frame-Options or
    nosniff. The page itself needs nothing the policy forbids: no inline script (index.html
    loads one module from this origin), nothing from another origin."""
    import re as regex

    from fcm.server.web import WEB_DIR

    for path in ("/", "/web/js/app.js", "/api/health", "/api/games/nope", "/openapi.json"):
        r = client.get(path)
        assert r.headers["x-frame-options"] == "DENY", path
        assert r.headers["x-content-type-options"] == "nosniff", path
        assert r.headers["referrer-policy"] == "no-referrer", path
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp, path
        assert "default-src 'self'" in csp and "object-src 'none'" in csp
        assert "connect-src 'self' ws://testserver wss://testserver;" in csp
    assert "x-frame-options" in client.get("/docs").headers  # its viewer: no CSP, still DENY
    r = client.post("/api/games", json={"players": 2})
    assert r.status_code == 201 and r.headers["x-content-type-options"] == "nosniff"
    page = (WEB_DIR / "index.html").read_text()
    scripts = regex.findall(r"<script\b([^>]*)>(.*?)</script>", page, regex.S)
    assert scripts and all('src="/web/' in attrs and not body.strip()
                           for attrs, body in scripts)
    assert not regex.search(r"\son[a-z]+=", page)  # no inline event handler
    assert not regex.search(r"(src|href)=\"(https?:)?//", page)  # nothing from elsewhere
    for js in (WEB_DIR / "js").glob("*.js"):
        text = js.read_text()
        assert "eval(" not in text and "new Function" not in text, js.name
