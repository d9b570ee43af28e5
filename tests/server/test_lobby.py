"""Rooms (issue 14 #5): open games in the lobby (seats claimed atomically: of two accounts
racing for one seat exactly one wins), rematches (made once, seats rotated, new seed, the
accounts seated and told), public games watched by signed-in accounts (the spectator's view
only), and the log-in rate limit shared by server processes on one database. Every test runs
on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from fcm.server.accounts import LOGIN_PER_ACCOUNT, take
from fcm.server.storage import SPECTATOR, open_store
from tests.server.conftest import create, run_async, settings_for
from tests.server.test_notify import PASSWORD, Acct, FakeTime

CLOCK = {"limit": "5m", "fallback": "bot_takeover", "bot": "random"}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


def app_client(url: str, fake: FakeTime | None = None, address: str = "testclient",
               **kw: Any) -> TestClient:
    s = settings_for(url, clock_interval=0.0, notify_interval=0.0, **kw)
    return TestClient(create_app(s, now=fake), client=(address, 50000))


@pytest.fixture
def tclient(url: str, fake: FakeTime) -> Iterator[TestClient]:
    with app_client(url, fake, notify_webhooks=True, notify_allow_http=True,
                    notify_allow_private=True) as c:
        yield c


def error(r: httpx.Response, status: int, code: str, field: str | None = None) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code, r.text
    if field is not None:
        assert field in r.json()["error"]["message"], r.text


def open_game(a: Acct, **body: Any) -> dict[str, Any]:
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    r = a.request("POST", "/api/lobby", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(a: Acct, oid: str, seat: int | None = None) -> httpx.Response:
    return a.request("POST", f"/api/lobby/{oid}/join", json={} if seat is None else {"seat": seat})


def at_once(*calls: Any) -> list[httpx.Response]:
    """Run the calls in threads released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def finish(c: TestClient, gid: str, fake: FakeTime, viewer: Acct) -> None:
    """Nobody moves: the clock's bot takes every seat over and plays the game to its end."""
    state: Any = c.app.state  # type: ignore[attr-defined]
    for _ in range(300):
        if viewer.request("GET", f"/api/games/{gid}").json()["status"] == "over":
            return
        fake.t += 301
        c.portal.call(state.clocks.idle)
        c.portal.call(state.clocks.tick)
    raise AssertionError("the game did not end")


# -- open games ----------------------------------------------------------------------------------

def test_an_open_game_is_listed_joined_and_started_when_full(tclient: TestClient) -> None:
    ann, bob, cid = Acct(tclient, "ann"), Acct(tclient, "bob"), Acct(tclient, "cid")
    made = open_game(ann, seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"},
                                 {"kind": "human"}],
                     table={"rated": True}, clock=CLOCK)  # rated: the standard rules
    assert made["status"] == "open" and made["you"] == 0 and made["free"] == 1
    listed = bob.request("GET", "/api/lobby").json()["open"]
    entry = next(g for g in listed if g["id"] == made["id"])
    assert [s["name"] for s in entry["seats"]] == [ann.name, None, None]
    assert [s["free"] for s in entry["seats"]] == [False, False, True]
    assert entry["rated"] is True and entry["clock"]["limit"] == "5m"
    assert entry["options"]["introductory"] is False and entry["players"] == 3
    text = bob.request("GET", "/api/lobby").text
    for secret in ("token", "invite", "seed", "secret", ann.sid, ann.csrf):
        assert secret not in text
    r = join(bob, made["id"])
    assert r.status_code == 200, r.text
    started = r.json()
    assert started["status"] == "started" and started["you"] == 2 and started["game"]
    gid = started["game"]
    assert made["id"] not in [g["id"] for g in bob.request("GET", "/api/lobby").json()["open"]]
    # each account plays its seat by its session cookie; the creator sees the start too
    assert ann.request("GET", f"/api/lobby/{made['id']}").json()["game"] == gid
    st = bob.request("GET", f"/api/games/{gid}").json()
    assert st["seat"] == 2 and [s["name"] for s in st["seats"]][::2] == [ann.name, bob.name]
    assert st["table"]["rated"] is True
    assert (gid, 0) in [(g["game"], g["seat"]) for g in
                        ann.request("GET", "/api/account/games").json()["games"]]
    assert tclient.get(f"/api/games/{gid}/clock",
                       headers={"cookie": f"fcm_session={ann.sid}"}).json()["limit"] == "5m"
    # a third account cannot join any more
    error(join(cid, made["id"]), 409, "lobby/not_open")


def test_bad_open_games_and_joins_name_the_field(tclient: TestClient) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    humans = [{"kind": "human"}, {"kind": "human"}]
    r = ann.request("POST", "/api/lobby", json={"seats": humans, "seat": 3})
    error(r, 422, "lobby/invalid", "seat")
    r = ann.request("POST", "/api/lobby", json={"seats": [{"kind": "bot"}, {"kind": "bot"}]})
    error(r, 422, "lobby/invalid", "seats")
    r = ann.request("POST", "/api/lobby", json={"seats": humans, "options": {"bogus": 1}})
    error(r, 422, "lobby/invalid", "bogus")
    r = ann.request("POST", "/api/lobby",
                    json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]})
    error(r, 422, "lobby/invalid", "seats[1].bot")
    r = ann.request("POST", "/api/lobby", json={"seats": humans, "clock": {"limit": "7m"}})
    error(r, 422, "request/invalid", "clock.limit")
    error(tclient.post("/api/lobby", json={"seats": humans}), 401, "auth/not_logged_in")
    r = ann.request("POST", "/api/lobby", csrf=False, json={"seats": humans})
    error(r, 403, "auth/csrf")
    three = open_game(ann, seats=[{"kind": "human"}] * 3)
    error(join(ann, three["id"]), 409, "lobby/already_seated")
    error(join(bob, three["id"], 0), 409, "lobby/seat_taken")
    error(join(bob, three["id"], 7), 422, "request/invalid", "seat")
    error(join(bob, "nope"), 404, "lobby/not_found")
    assert join(bob, three["id"], 2).status_code == 200
    # leave, and the creator cancels
    r = bob.request("POST", f"/api/lobby/{three['id']}/leave")
    assert r.status_code == 200 and r.json()["you"] is None and r.json()["free"] == 2
    r = ann.request("POST", f"/api/lobby/{three['id']}/leave")
    assert r.json()["status"] == "cancelled"
    error(join(bob, three["id"]), 409, "lobby/not_open")


def test_two_accounts_racing_for_one_seat_on_two_servers_exactly_one_wins(url: str) -> None:
    """Two app instances (two server processes) on one database; each race several times."""
    with app_client(url) as c1, app_client(url) as c2:
        ann = Acct(c1, "ann")
        for _ in range(4):
            made = open_game(ann, seats=[{"kind": "human"}] * 3)
            racers = [Acct(c1, "bob"), Acct(c2, "cid")]
            oid = made["id"]
            answers = at_once(*(lambda a=a, oid=oid: join(a, oid, 1) for a in racers))
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            loser = next(r for r in answers if r.status_code == 409)
            assert loser.json()["error"]["code"] == "lobby/seat_taken"
            entry = ann.request("GET", f"/api/lobby/{made['id']}").json()
            assert entry["seats"][1]["name"] in {a.name for a in racers}
            assert entry["free"] == 1


def test_the_last_two_seats_taken_at_once_start_the_game_exactly_once(url: str) -> None:
    with app_client(url) as c1, app_client(url) as c2:
        ann = Acct(c1, "ann")
        made = open_game(ann, seats=[{"kind": "human"}] * 3)
        racers = [Acct(c1, "bob"), Acct(c2, "cid")]
        answers = at_once(*(lambda a=a, i=i: join(a, made["id"], i + 1)
                            for i, a in enumerate(racers)))
        assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
        entry = ann.request("GET", f"/api/lobby/{made['id']}").json()
        assert entry["status"] == "started" and entry["game"]
        for a, seat in ((ann, 0), (racers[0], 1), (racers[1], 2)):
            st = a.request("GET", f"/api/games/{entry['game']}").json()
            assert st["seat"] == seat


# -- rematch -------------------------------------------------------------------------------------

def test_a_rematch_is_made_once_with_the_seats_rotated_and_a_new_seed(
    tclient: TestClient, fake: FakeTime
) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    bob.notify(webhook="http://127.0.0.1:9/hook", on_turn=True)
    made = open_game(ann, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                 {"kind": "human"}],
                     options={"round_limit": 1}, clock=CLOCK)
    gid = join(bob, made["id"]).json()["game"]
    error(ann.request("POST", f"/api/games/{gid}/rematch"), 409, "rematch/game_in_progress")
    finish(tclient, gid, fake, ann)
    cid = Acct(tclient, "cid")
    error(cid.request("POST", f"/api/games/{gid}/rematch"), 403, "auth/not_your_game")
    answers = at_once(*(lambda a=a: a.request("POST", f"/api/games/{gid}/rematch")
                        for a in (ann, bob)))
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    new = {r.json()["game"] for r in answers}
    assert len(new) == 1 and sorted(r.json()["created"] for r in answers) == [False, True]
    (ng,) = new
    again = ann.request("POST", f"/api/games/{gid}/rematch").json()
    assert again == {"game": ng, "seat": 2, "rematch_of": gid, "created": False}
    room = ann.request("GET", f"/api/games/{gid}/room").json()
    assert room["rematch"] == ng and room["status"] == "over" and room["public"] is True
    # seats rotated by one: seat 1 (the bot) is now seat 0, ann 0 -> 2, bob 2 -> 1
    st = ann.request("GET", f"/api/games/{ng}").json()
    assert st["seat"] == 2 and st["status"] == "active"
    assert [(s["kind"], s["name"]) for s in st["seats"]] == [
        ("bot", None), ("human", bob.name), ("human", ann.name)]
    assert bob.request("GET", f"/api/games/{ng}").json()["seat"] == 1
    service = tclient.app.state.service  # type: ignore[attr-defined]
    old_live = tclient.portal.call(service.get, gid)
    new_live = tclient.portal.call(service.get, ng)
    assert new_live.info.options == old_live.info.options
    assert new_live.info.seed != old_live.info.seed
    hdr = {"cookie": f"fcm_session={ann.sid}"}
    assert tclient.get(f"/api/games/{ng}/clock", headers=hdr).json()["limit"] == "5m"
    # bob is told of his new seat (an outbox row for his webhook), once
    rows = tclient.portal.call(service.store.transact, lambda tx: tx.execute(
        "SELECT key, seat FROM outbox WHERE kind = 'rematch' AND game_id = ?", (ng,)).fetchall())
    assert [tuple(r) for r in rows] == [(f"rematch:{ng}:1:webhook", 1)]


def test_a_rematch_needs_every_human_seat_to_be_an_accounts(
    tclient: TestClient, fake: FakeTime
) -> None:
    ann = Acct(tclient, "ann")
    g = create(tclient, players=2, seed=5, options={"round_limit": 1}, clock=CLOCK)
    ann.claim(g, 0)
    finish(tclient, g.id, fake, ann)
    error(ann.request("POST", f"/api/games/{g.id}/rematch"), 409, "rematch/guest_seat", "seat 1")


# -- spectators ----------------------------------------------------------------------------------

def test_a_signed_in_account_watches_a_public_game_as_a_spectator(tclient: TestClient) -> None:
    ann, bob, eve = Acct(tclient, "ann"), Acct(tclient, "bob"), Acct(tclient, "eve")
    made = open_game(ann)
    gid = join(bob, made["id"]).json()["game"]
    live = eve.request("GET", "/api/lobby").json()["live"]
    assert gid in [g["game"] for g in live]
    st = eve.request("GET", f"/api/games/{gid}").json()
    assert st["seat"] is None and st["legal"] == []
    service = tclient.app.state.service  # type: ignore[attr-defined]
    game = tclient.portal.call(service.get, gid)
    assert st["view"] == service.state_message(game, SPECTATOR)["view"]
    r = eve.request("POST", f"/api/games/{gid}/actions",
                    json={"version": st["version"], "action": {"type": "choose_reserve",
                                                               "money": 300}})
    assert r.status_code == 403, r.text
    with tclient.websocket_connect(f"/api/games/{gid}/ws",
                                   headers={"cookie": f"fcm_session={eve.sid}"}) as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] is None
        room = ann.request("GET", f"/api/games/{gid}/room").json()
        assert room["spectators"] == 1 and room["rematch"] is None
    # a game made with invitation links is not public: no watching without its link
    g = create(tclient, players=2, seed=3)
    error(eve.request("GET", f"/api/games/{g.id}"), 403, "auth/not_your_game")
    error(tclient.get("/api/lobby"), 401, "auth/not_logged_in")


# -- the log-in rate limit, shared ---------------------------------------------------------------

def test_the_login_rate_limit_is_shared_by_two_servers_on_one_database(url: str) -> None:
    address = f"203.0.113.{secrets.randbelow(250)}-{secrets.token_hex(3)}"  # its own bucket
    with app_client(url, address=address) as c1, app_client(url, address=address) as c2:
        for c in (c1, c2):
            c.app.state.accounts.limit_now = lambda: 5000.0  # type: ignore[attr-defined]
        name = f"ann{secrets.token_hex(3)}"
        r = c1.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201
        codes = []
        for i in range(5):  # 5 wrong tries, alternating between the two servers
            c = (c1, c2)[i % 2]
            c.cookies.clear()
            codes.append(c.post("/api/account/login",
                                json={"name": name, "password": "wrong pw!"}).status_code)
        assert codes == [401] * 5
        for c in (c1, c2):  # the right password now waits, on either server
            r = c.post("/api/account/login", json={"name": name, "password": PASSWORD})
            error(r, 429, "request/rate_limited")
        for c in (c1, c2):  # one try per 30 s comes back, for both servers together
            c.app.state.accounts.limit_now = lambda: 5031.0  # type: ignore[attr-defined]
        assert c2.post("/api/account/login",
                       json={"name": name, "password": PASSWORD}).status_code == 200
        # only failures count: c1's wrong try takes the one that came back, for both
        assert c1.post("/api/account/login",
                       json={"name": name, "password": "wrong pw!"}).status_code == 401
        error(c2.post("/api/account/login", json={"name": name, "password": PASSWORD}),
              429, "request/rate_limited")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_login_buckets_taken_at_once_by_two_stores_never_overdraw(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The storage contract of ``login_limits``: 12 tries at once from two stores (two
    processes) on one bucket of 5: exactly 5 are allowed. (``run_async``: its own thread, as
    a browser test before it in this worker may keep an event loop running here.)"""
    url = f"sqlite:///{tmp_path}/limits.sqlite3" if backend == "sqlite" \
        else str(request.getfixturevalue("pg_url"))
    key = f"n:{secrets.token_hex(4)}"
    rate, burst = LOGIN_PER_ACCOUNT

    async def main() -> list[float]:
        stores = [open_store(url), open_store(url)]
        for s in stores:
            await s.open()
        try:
            async def one(i: int) -> float:
                return await stores[i % 2].transact(lambda tx: take(tx, key, rate, burst, 100.0))

            return list(await asyncio.gather(*(one(i) for i in range(12))))
        finally:
            for s in stores:
                await s.close()

    waits = run_async(main())
    assert sum(1 for w in waits if w == 0) == burst
    assert all(25 < w <= 30 for w in waits if w > 0)  # the next try is 30 s after the 1st


def test_a_deleted_account_frees_its_open_seat_and_cancels_its_open_games(
    tclient: TestClient,
) -> None:
    ann, bob, cid = Acct(tclient, "ann"), Acct(tclient, "bob"), Acct(tclient, "cid")
    theirs = open_game(ann, seats=[{"kind": "human"}] * 3)
    assert join(bob, theirs["id"]).status_code == 200
    his = open_game(bob)
    r = bob.request("DELETE", "/api/account", json={"password": PASSWORD})
    assert r.status_code == 204, r.text
    entry = ann.request("GET", f"/api/lobby/{theirs['id']}").json()
    assert entry["free"] == 2 and entry["status"] == "open"
    error(join(cid, his["id"]), 404, "lobby/not_found")
