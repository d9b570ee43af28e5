"""``fcm backup`` and ``fcm restore`` (issue 28, Running a site): a SQLite database copied
while its server runs and writes, restored into a fresh place, serves every game and account
as they were at the backup."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fcm.cli.main import main
from fcm.server import create_app
from tests.server.conftest import Game, create, settings_for
from tests.server.test_notify import PASSWORD

RESERVE = {"type": "choose_reserve", "money": 300}


def test_a_backup_taken_while_serving_restores_into_a_fresh_server(
    tmp_path: Path, capsys: Any
) -> None:
    live_url = f"sqlite:///{tmp_path}/live.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    with TestClient(create_app(settings_for(live_url))) as c:
        r = c.post("/api/account/signup", json={"name": "ann", "password": PASSWORD})
        csrf = r.json()["csrf"]
        g = create(c, players=2, seed=5)
        assert c.post(f"/api/games/{g.id}/claim",
                      headers={**g.auth(g.tokens[0]), "x-csrf-token": csrf}).status_code == 200
        g.play(0, RESERVE)
        assert g.post(1, {"text": "good luck"}, path="chat").status_code == 201
        at_backup = g.state(1)
        assert main(["backup", str(backup), "--database-url", live_url]) == 0  # served live
        assert "backed up" in capsys.readouterr().out
        g.play(1, RESERVE)  # after the backup: not in it
        assert main(["backup", str(backup), "--database-url", live_url]) == 2  # no overwrite
    fresh_url = f"sqlite:///{tmp_path}/restored/fcm.sqlite3"
    assert main(["restore", str(backup), "--database-url", fresh_url]) == 0
    assert main(["restore", str(backup), "--database-url", fresh_url]) == 2  # exists
    assert "--force" in capsys.readouterr().out
    assert main(["restore", str(backup), "--database-url", fresh_url, "--force"]) == 0
    with TestClient(create_app(settings_for(fresh_url))) as c2:
        g2 = Game(c2, g.data)
        st = g2.state(1)  # the invitation links, the game as it was at the backup
        assert st["version"] == at_backup["version"] and st["view"] == at_backup["view"]
        assert g2.state(None)["status"] == "active"
        r = c2.post("/api/account/login", json={"name": "ann", "password": PASSWORD})
        assert r.status_code == 200  # the account, its password and its seat
        games = c2.get("/api/account/games").json()["games"]
        assert [(x["game"], x["seat"]) for x in games] == [(g.id, 0)]
        chat = c2.get(f"/api/games/{g.id}/chat", headers=g.auth(g.tokens[0])).json()
        assert [m["text"] for m in chat["messages"]] == ["good luck"]
        g2.play(1, RESERVE)  # it plays on
        assert g2.state(0)["version"] > at_backup["version"]


def test_a_damaged_backup_or_a_postgresql_url_is_refused(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.sqlite3"
    sqlite3.connect(bad).execute("CREATE TABLE t (x)").connection.commit()
    url = f"sqlite:///{tmp_path}/x.sqlite3"
    assert main(["restore", str(bad), "--database-url", url]) == 2
    assert "not a database of this server" in capsys.readouterr().out
    assert not (tmp_path / "x.sqlite3").exists()
    assert main(["backup", str(tmp_path / "b"), "--database-url",
                 "postgresql://u:p@127.0.0.1/db"]) == 2
    assert "pg_dump" in capsys.readouterr().out
