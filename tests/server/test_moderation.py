"""Moderation (issue 28, running a site): an administrator role granted only from the command
line, who sees the players' reports, hides chat messages (gone from every reader's chat),
suspends accounts (no log-in, sessions ended, links revoked: it cannot act) and closes
abandoned games (nobody acts, in any process); players report a message or a player, with a
reason, rate-limited. On SQLite, and on PostgreSQL when ``FCM_TEST_DATABASE_URL`` is set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.cli.main import main as fcm_main
from fcm.server import create_app
from tests.server.conftest import Game, create, settings_for
from tests.server.test_notify import PASSWORD, Acct

RESERVE = {"type": "choose_reserve", "money": 300}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def both(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(url))) as c:
        yield c


def admin_of(client: TestClient, url: str) -> Acct:
    boss = Acct(client, "boss")
    assert fcm_main(["admin", "grant", boss.name, "--database-url", url]) == 0
    return boss


def chat(client: TestClient, g: Game, token: str, after: int = 0) -> dict[str, Any]:
    r = client.get(f"/api/games/{g.id}/chat?after={after}", headers=g.auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_the_role_is_granted_and_revoked_only_from_the_command_line(
    both: TestClient, url: str
) -> None:
    ann = Acct(both, "ann")
    r = ann.request("GET", "/api/admin/reports")
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/not_admin"
    assert ann.request("GET", "/api/account").json()["account"]["admin"] is False
    assert both.get("/api/admin/reports").status_code == 401
    assert fcm_main(["admin", "grant", ann.name.upper(), "--database-url", url]) == 0
    assert ann.request("GET", "/api/account").json()["account"]["admin"] is True
    assert ann.request("GET", "/api/admin/reports").status_code == 200
    r = ann.request("POST", "/api/admin/games/nope/close", csrf=False)
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/csrf"
    assert fcm_main(["admin", "revoke", ann.name, "--database-url", url]) == 0
    assert ann.request("GET", "/api/admin/reports").status_code == 403  # at once
    assert fcm_main(["admin", "grant", "nobody-at-all", "--database-url", url]) == 2


def test_a_hidden_message_vanishes_from_every_readers_chat(both: TestClient, url: str) -> None:
    boss = admin_of(both, url)
    g = create(both, players=2, seed=3)
    for seat, text in ((0, "hello"), (1, "something rude"), (0, "gg")):
        assert g.post(seat, {"text": text}, path="chat").status_code == 201
    r = g.post(0, {"reason": "insults"}, path="chat/2/report")
    assert r.status_code == 201, r.text
    r = both.post(f"/api/admin/games/{g.id}/chat/2", json={"hidden": True},
                  headers=g.auth(g.tokens[0]))
    assert r.status_code == 401  # a seat's token is no administrator
    r = boss.request("POST", f"/api/admin/games/{g.id}/chat/2", json={"hidden": True})
    assert r.status_code == 200 and r.json()["hidden"] is True
    for token in (g.tokens[0], g.tokens[1], g.spectator):
        data = chat(both, g, token)
        assert [m["seq"] for m in data["messages"]] == [1, 3]
        assert "rude" not in str(data) and data["hidden"] == [2]
        assert chat(both, g, token, after=1)["hidden"] == [2]  # a page that showed it drops it
    assert g.post(1, {"reason": "again"}, path="chat/2/report").status_code == 404
    reports = boss.request("GET", "/api/admin/reports").json()["reports"]
    mine = [x for x in reports if x["game_id"] == g.id]
    assert len(mine) == 1 and mine[0]["text"] == "something rude" and mine[0]["hidden"] is True
    boss.request("POST", f"/api/admin/games/{g.id}/chat/2", json={"hidden": False})
    assert [m["seq"] for m in chat(both, g, g.spectator)["messages"]] == [1, 2, 3]
    r = boss.request("POST", f"/api/admin/games/{g.id}/chat/9", json={"hidden": True})
    assert r.status_code == 404


def test_players_report_messages_and_players_with_a_reason_and_a_limit(
    both: TestClient, url: str
) -> None:
    boss = admin_of(both, url)
    ann, bob = Acct(both, "ann"), Acct(both, "bob")
    g = create(both, players=2, seed=3)
    bob.claim(g, 1)
    assert bob.request("POST", f"/api/games/{g.id}/chat", json={"text": "spam spam"}
                       ).status_code == 201
    for body, code in (({"reason": "  "}, "report/no_reason"),
                       ({"reason": "x" * 501}, "report/too_long"),
                       ({}, "request/invalid")):
        r = g.post(0, body, path="chat/1/report")
        assert r.status_code == 422 and r.json()["error"]["code"] == code
    r = ann.request("POST", f"/api/players/{bob.name}/report",
                    json={"reason": "cheating, I think", "game": g.id})
    assert r.status_code == 201, r.text
    r = ann.request("POST", f"/api/players/{ann.name}/report", json={"reason": "me"})
    assert r.status_code == 422
    r = ann.request("POST", "/api/players/nobody-here/report", json={"reason": "x"})
    assert r.status_code == 404
    r = ann.request("POST", f"/api/players/{bob.name}/report", csrf=False, json={"reason": "x"})
    assert r.status_code == 403
    codes = [g.post(0, {"reason": f"spam {i}"}, path="chat/1/report").status_code
             for i in range(7)]
    assert codes == [201] * 5 + [429] * 2  # 5 at once, then one a minute, per reporter
    assert g.post(1, {"reason": "seat 1 reports too"}, path="chat/1/report").status_code == 201
    reports = [x for x in boss.request("GET", "/api/admin/reports").json()["reports"]
               if x["account_id"] is not None and x["name"] == bob.name]
    kinds = sorted(x["kind"] for x in reports)
    assert kinds == ["message"] * 6 + ["player"]
    player = next(x for x in reports if x["kind"] == "player")
    assert player["reporter"] == ann.name and player["game_id"] == g.id
    assert player["suspended"] is False
    assert all(x["reporter"] in ("Player 1", "Player 2") for x in reports
               if x["kind"] == "message")
    assert g.tokens[0] not in str(reports)
    r = boss.request("POST", f"/api/admin/reports/{player['id']}", json={"status": "done"})
    assert r.status_code == 200
    done = boss.request("GET", "/api/admin/reports?status=done").json()["reports"]
    assert player["id"] in [x["id"] for x in done]


def test_a_suspended_account_cannot_sign_in_or_act(both: TestClient, url: str) -> None:
    boss = admin_of(both, url)
    ann = Acct(both, "ann")
    g = create(both, players=2, seed=3)
    ann.claim(g, 0)
    assert ann.request("GET", f"/api/games/{g.id}").status_code == 200
    r = boss.request("POST", f"/api/admin/accounts/{ann.name}",
                     json={"suspended": True, "reason": "abuse"})
    assert r.status_code == 200 and r.json()["links_revoked"] == 1
    assert ann.request("GET", "/api/account").json()["account"] is None  # its session ended
    r = ann.request("POST", f"/api/games/{g.id}/actions", json={"version": 0, "action": RESERVE})
    assert r.status_code in (401, 403)
    r = g.act(0, RESERVE, version=0)  # the seat's invitation link is revoked too
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/bad_token"
    r = both.post("/api/account/login", json={"name": ann.name, "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/suspended"
    both.cookies.clear()
    listed = boss.request("GET", f"/api/admin/accounts?name={ann.name[:5]}").json()["accounts"]
    assert any(a["name"] == ann.name and a["suspended"] for a in listed)
    boss.request("POST", f"/api/admin/accounts/{ann.name}", json={"suspended": False})
    r = both.post("/api/account/login", json={"name": ann.name, "password": PASSWORD})
    assert r.status_code == 200
    csrf, sid = r.json()["csrf"], r.cookies["fcm_session"]
    both.cookies.clear()
    r = both.post(f"/api/games/{g.id}/actions", json={"version": 0, "action": RESERVE},
                  headers={"cookie": f"fcm_session={sid}", "x-csrf-token": csrf})
    assert r.status_code == 200, r.text  # it plays its claimed seat from its account again


def test_a_closed_game_refuses_every_change_in_every_process(url: str) -> None:
    settings = settings_for(url)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        boss = admin_of(a, url)
        g = create(a, players=2, seed=3)
        gb = Game(b, g.data)
        assert gb.state(1)["status"] == "active"  # cached in the other process too
        g.play(0, RESERVE)
        idle = boss.request("GET", "/api/admin/games?idle_days=0").json()["games"]
        assert g.id in [x["game"] for x in idle]
        with a.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[1]}") as ws:
            assert ws.receive_json()["status"] == "active"
            r = boss.request("POST", f"/api/admin/games/{g.id}/close")
            assert r.status_code == 200 and r.json()["status"] == "closed"
            pushed = ws.receive_json()  # pushed to every viewer: nobody's turn any more
            assert pushed["status"] == "closed" and pushed["actors"] == []
            assert pushed["legal"] == [] and not pushed["your_turn"]
        r = boss.request("POST", f"/api/admin/games/{g.id}/close")
        assert r.status_code == 409 and r.json()["error"]["code"] == "game/not_active"
        for game in (g, gb):  # this process, and the other one that had it cached
            r = game.act(1, RESERVE)
            assert r.status_code == 409 and r.json()["error"]["code"] == "game/closed", r.text
        r = g.post(0, {"version": g.state(0)["version"]}, path="undo")
        assert r.status_code == 409 and r.json()["error"]["code"] == "game/closed"
        assert g.state(None)["status"] == "closed"
        shown = a.get(f"/api/games/{g.id}/presentation", headers=g.auth(g.tokens[1])).json()
        assert shown["actions"] == [] and shown["kinds"] == []  # the page offers no decision
        idle = boss.request("GET", "/api/admin/games?idle_days=0").json()["games"]
        assert g.id not in [x["game"] for x in idle]
