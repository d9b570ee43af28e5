"""Notifications (issue 14 #3): "your turn", "game over" and the daily reminder, by e-mail to a
local SMTP sink and by webhook to a local receiver (both started here, tests/server/sinks.py);
per-account settings; never a seat's link or a secret in a message; several server processes
send each message once. Time is injected: nothing sleeps to let a clock run (the sinks' own
threads are waited for)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from fcm.server.accounts import COOKIE
from fcm.server.notify import Prefs, private_host
from tests.server.conftest import Game, create, run_async, settings_for, stored_secret
from tests.server.procs import Server
from tests.server.sinks import Sinks

RESERVE = {"type": "choose_reserve", "money": 300}
PASSWORD = "correct horse battery"


class FakeTime:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


class Acct:
    """An account over the shared test client: its own session cookie on every request."""

    def __init__(self, client: TestClient, name: str) -> None:
        name += secrets.token_hex(3)  # unique in the shared PostgreSQL schema
        self.client, self.name = client, name
        r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.csrf = str(r.json()["csrf"])
        self.sid = str(r.cookies[COOKIE])
        client.cookies.clear()

    def request(self, method: str, path: str, csrf: bool = True, **kw: Any) -> httpx.Response:
        headers = {"cookie": f"{COOKIE}={self.sid}", **kw.pop("headers", {})}
        if csrf:
            headers["x-csrf-token"] = self.csrf
        return self.client.request(method, path, headers=headers, **kw)

    def claim(self, g: Game, seat: int) -> None:
        r = self.request("POST", f"/api/games/{g.id}/claim", headers=g.auth(g.tokens[seat]),
                         json={"consent": True})  # (a rated game's seat needs it)
        assert r.status_code == 200, r.text

    def notify(self, **prefs: Any) -> dict[str, Any]:
        r = self.request("PUT", "/api/account/notifications", json=prefs)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def prefs(self) -> dict[str, Any]:
        r = self.request("GET", "/api/account/notifications")
        assert r.status_code == 200, r.text
        return dict(r.json())


def on(sinks: Sinks, **kw: Any) -> dict[str, Any]:
    return dict(smtp_host="127.0.0.1", smtp_port=sinks.smtp_port, notify_webhooks=True,
                notify_allow_http=True, notify_allow_private=True, **kw)


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def tclient(url: str, fake: FakeTime, sinks: Sinks) -> Iterator[TestClient]:
    s = settings_for(url, clock_interval=0.0, notify_interval=0.0, notify_turn_delay=60.0,
                     **on(sinks))
    with TestClient(create_app(s, now=fake)) as c:
        yield c


def tick(c: TestClient) -> int:
    """The clocks' and the notifier's bookkeeping, then one look at the deadlines and one at
    the outbox."""
    state: Any = c.app.state  # type: ignore[attr-defined]
    c.portal.call(state.clocks.idle)  # type: ignore[union-attr]
    c.portal.call(state.notifier.idle)  # type: ignore[union-attr]
    c.portal.call(state.clocks.tick)  # type: ignore[union-attr]
    c.portal.call(state.clocks.idle)  # type: ignore[union-attr]
    c.portal.call(state.notifier.idle)  # type: ignore[union-attr]
    sent: int = c.portal.call(state.notifier.tick)  # type: ignore[union-attr]
    return sent


def no_secret(text: str, g: Game, secret: int) -> None:
    """A notification never holds a seat's (or the spectator's) link, nor the bots' secret."""
    for token in [*g.tokens.values(), g.spectator]:
        assert token not in text
    assert "/join/" not in text and "token=" not in text
    assert str(secret) not in text


def test_your_turn_then_game_over_by_email_and_webhook(
    tclient: TestClient, fake: FakeTime, sinks: Sinks, url: str
) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    g = create(tclient, players=2, seed=7, options={"round_limit": 1},
               clock={"limit": "5m", "fallback": "bot_takeover", "bot": "random"})
    ann.claim(g, 0)
    bob.claim(g, 1)
    ann.notify(email="ann@example.test", webhook=sinks.webhook_url, on_turn=True, on_end=True)
    bob.notify(email="bob@example.test", on_turn=True, on_end=True)
    g.play(0, RESERVE)  # now only bob decides: his turn
    assert tick(tclient) == 0  # "your turn" waits a minute (a live player needs no mail)
    fake.t += 61
    assert tick(tclient) == 1
    sinks.wait(lambda: len(sinks.mails) == 1)
    (mail,) = sinks.mails
    assert mail.to == ["bob@example.test"] and "your turn" in mail.subject
    assert g.id in mail.text and f"/#/game/{g.id}" in mail.text and bob.name in mail.text
    assert sinks.hooks == []  # bob has no webhook
    assert tick(tclient) == 0  # sent once
    recent = bob.prefs()["recent"]
    assert [(r["kind"], r["channel"], r["status"]) for r in recent] == [
        ("turn", "email", "sent")]

    # nobody moves: the clock's bot takes both seats over and plays the game to its end
    for _ in range(200):
        if g.state(None)["status"] == "over":
            break
        fake.t += 301
        tick(tclient)
    assert g.state(None)["status"] == "over"
    tick(tclient)
    sinks.wait(lambda: any("is over" in m.subject for m in sinks.mails)
               and any("is over" in h["body"]["content"] for h in sinks.hooks))
    ends = [m for m in sinks.mails if "is over" in m.subject]
    assert sorted(m.to[0] for m in ends) == ["ann@example.test", "bob@example.test"]
    for m in ends:
        assert "you placed" in m.text and "$" in m.text
    hook = next(h for h in sinks.hooks if "is over" in h["body"]["content"])
    assert hook["path"] == "/hook/abc"
    assert "is over" in hook["body"]["text"]  # Slack reads "text", Discord "content"
    assert hook["body"]["allowed_mentions"] == {"parse": []}
    assert tick(tclient) == 0  # each end message once
    assert len([m for m in sinks.mails if "is over" in m.subject]) == 2
    no_secret(sinks.everything(), g, stored_secret(url, g.id))


def test_your_turn_is_dropped_when_the_seat_has_moved_meanwhile(
    tclient: TestClient, fake: FakeTime, sinks: Sinks
) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    g = create(tclient, players=2, seed=7)
    ann.claim(g, 0)
    bob.claim(g, 1)
    bob.notify(email="bob@example.test", webhook=sinks.webhook_url)
    ann.notify(email=None, webhook=None)  # ann: no channel, nothing queued for her
    g.play(0, RESERVE)
    fake.t += 10
    g.play(1, RESERVE)  # bob moves within the minute
    fake.t += 60
    tick(tclient)
    assert sinks.mails == [] and sinks.hooks == []
    statuses = {(r["channel"], r["status"]) for r in bob.prefs()["recent"]
                if r["kind"] == "turn"}
    assert statuses == {("email", "dropped"), ("webhook", "dropped")}
    assert ann.prefs()["recent"] == []


def test_the_daily_reminder_lists_the_waiting_games_once_a_day(
    tclient: TestClient, fake: FakeTime, sinks: Sinks
) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    g1 = create(tclient, players=2, seed=7)
    g2 = create(tclient, players=2, seed=8)
    ann.claim(g1, 0)
    ann.claim(g2, 0)
    bob.claim(g1, 1)
    ann.notify(email="ann@example.test", on_turn=False, on_end=False, daily=True)
    bob.notify(email="bob@example.test", on_turn=False, on_end=False, daily=True)
    g2.play(0, RESERVE)  # g2 waits for its seat 1 only, not for ann
    g1.play(1, RESERVE)  # g1 waits for ann only
    assert tick(tclient) == 0  # the first reminder comes the next day, not at once
    fake.t += 86400
    assert tick(tclient) == 1  # ann's; bob has nothing waiting: his is dropped
    sinks.wait(lambda: len(sinks.mails) == 1)
    (mail,) = sinks.mails
    assert mail.to == ["ann@example.test"] and "1 game waiting" in mail.subject
    assert g1.id in mail.text and g2.id not in mail.text
    fake.t += 3600
    assert tick(tclient) == 0  # once a day
    fake.t += 86400
    assert tick(tclient) == 1
    assert [r["status"] for r in bob.prefs()["recent"]] == ["dropped", "dropped"]


def test_settings_need_a_session_and_the_csrf_token_and_refuse_bad_targets(
    tclient: TestClient, sinks: Sinks
) -> None:
    ann = Acct(tclient, "ann")
    assert ann.prefs()["available"] == {"email": True, "webhook": True}
    saved = ann.notify(email="ann@example.test", on_turn=True)
    assert saved["email"] == "ann@example.test" and saved["daily"] is False
    r = ann.request("PUT", "/api/account/notifications", csrf=False, json={"email": "x@y.z"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/csrf"
    r = tclient.put("/api/account/notifications", json={"email": "x@y.z"})
    assert r.status_code == 401
    for bad, code in [({"email": "ann@example.test\r\nBcc: eve@x"}, "notify/email"),
                      ({"email": "no at sign"}, "notify/email"),
                      ({"webhook": "ftp://example.test/x"}, "notify/webhook"),
                      ({"webhook": "https://u:p@example.test/x"}, "notify/webhook"),
                      ({"email": "a@b.c", "surprise": 1}, "request/invalid")]:
        r = ann.request("PUT", "/api/account/notifications", json=bad)
        assert r.status_code == 422 and r.json()["error"]["code"] == code, (bad, r.text)
    assert ann.prefs()["email"] == "ann@example.test"  # every refusal changed nothing


def test_by_default_nothing_is_sent_and_webhooks_must_be_public_https(
    db_url: str, fake: FakeTime, sinks: Sinks
) -> None:
    s = settings_for(db_url, clock_interval=0.0, notify_interval=0.0, notify_turn_delay=0.0)
    with TestClient(create_app(s, now=fake)) as c:
        ann, bob = Acct(c, "ann"), Acct(c, "bob")
        assert ann.prefs()["available"] == {"email": False, "webhook": False}
        r = ann.request("PUT", "/api/account/notifications",
                        json={"webhook": "http://example.test/x"})
        assert r.status_code == 422  # https only
        g = create(c, players=2, seed=7)
        ann.claim(g, 0)
        bob.claim(g, 1)
        bob.notify(email="bob@example.test", webhook="https://127.0.0.1/x")
        g.play(0, RESERVE)
        assert tick(c) == 0
        assert bob.prefs()["recent"] == []  # the server offers no channel: nothing queued
    assert private_host("127.0.0.1") and private_host("10.1.2.3") and private_host("::1")
    assert private_host("no-such-host.invalid")
    # webhooks on, private addresses not allowed: refused when saved (issue 28 item 3), and
    # one saved before (or whose name moved to a private address) is never reached
    s = settings_for(db_url, clock_interval=0.0, notify_interval=0.0, notify_turn_delay=0.0,
                     notify_webhooks=True, notify_allow_http=True)
    with TestClient(create_app(s, now=fake)) as c:
        ann, bob = Acct(c, "ann2"), Acct(c, "bob2")
        g = create(c, players=2, seed=7)
        ann.claim(g, 0)
        bob.claim(g, 1)
        r = bob.request("PUT", "/api/account/notifications", json={"webhook": sinks.webhook_url})
        assert r.status_code == 422 and r.json()["error"]["code"] == "notify/webhook"
        assert "private" in r.json()["error"]["message"]
        account_id = bob.request("GET", "/api/account").json()["account"]["id"]
        c.portal.call(c.app.state.notifier.save, account_id,  # type: ignore[attr-defined]
                      Prefs(None, sinks.webhook_url, True, True, False))
        g.play(0, RESERVE)
        assert tick(c) == 0
        (row,) = bob.prefs()["recent"]
        assert row["status"] == "queued"  # retried later, at most 5 times
        for _ in range(5):
            fake.t += 301
            tick(c)
        assert bob.prefs()["recent"][0]["status"] == "failed"
    assert sinks.hooks == []


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_server_processes_send_each_notification_once(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, sinks: Sinks
) -> None:
    """Two real server processes on one database, both looking at the outbox every 20 ms:
    each message reaches the sink exactly once."""
    db = f"sqlite:///{tmp_path}/fcm.sqlite3" if backend == "sqlite" \
        else request.getfixturevalue("pg_url")
    clock_file = tmp_path / "now"
    clock_file.write_text(str(time.time()))
    env = {"clock_interval": "0", "test_clock_file": str(clock_file), "notify_interval": "0.02",
           "notify_turn_delay": "0", **{k: str(v) for k, v in on(sinks).items()}}
    a = Server(db, tmp_path / "a.log", **env).start()
    b = Server(db, tmp_path / "b.log", **env).start()
    try:
        game = a.create(players=2, seed=3)
        gid = game["game"]
        tokens = [s["token"] for s in game["seats"]]
        names = []
        for i, (server, name) in enumerate([(a, "ann"), (b, "bob")]):
            name += secrets.token_hex(3)
            names.append(name)
            http = httpx.Client(base_url=server.base, timeout=60)  # argon2, loaded machine
            r = http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
            csrf = {"x-csrf-token": r.json()["csrf"]}
            assert http.post(f"/api/games/{gid}/claim", headers={
                **csrf, "authorization": f"Bearer {tokens[i]}"}).status_code == 200
            assert http.put("/api/account/notifications", headers=csrf, json={
                "email": f"{name}@example.test", "webhook": sinks.webhook_url}).status_code == 200
            http.close()
        s = a.state(gid, tokens[0])
        assert a.act(gid, tokens[0], s["version"], RESERVE).status_code == 200
        # (the shared PostgreSQL schema may hold other tests' messages: only ours count)
        def ours() -> tuple[list[str], list[Any]]:
            return ([m.to[0] for m in sinks.mails if m.to[0].split("@")[0] in names],
                    [h for h in sinks.hooks if gid in h["body"]["content"]])

        sinks.wait(lambda: f"{names[1]}@example.test" in ours()[0] and len(ours()[1]) >= 1,
                   timeout=20)
        time.sleep(0.5)  # both keep looking: neither may send anything again
        mails, hooks = ours()
        assert mails.count(f"{names[1]}@example.test") == 1
    finally:
        a.close()
        b.close()

    from fcm.server.storage import open_store

    async def rows() -> list[Any]:
        store = open_store(db)
        await store.open()
        try:
            return await store.transact(lambda tx: list(tx.execute(
                "SELECT key, status, attempts FROM outbox WHERE game_id = ?", (gid,)
            ).fetchall()), write=False)
        finally:
            await store.close()

    got = run_async(rows())
    # bob's turn, by both channels; ann's first decision too if a process looked at the game
    # after she had saved her settings (then it was sent, or dropped once she had moved)
    sent = [str(k) for k, status, _ in got if status == "sent"]
    assert sum(k.endswith(":email") for k in sent) == len(mails)
    assert sum(k.endswith(":webhook") for k in sent) == len(hooks)
    assert all(int(n) == 1 for _, _, n in got), got  # each taken by one process, once
