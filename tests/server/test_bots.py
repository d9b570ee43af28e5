"""Bots play their seats on the server, deterministically, and resume after a restart."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import (
    Game,
    check_bot_moves,
    create,
    settings_for,
    stored_record,
    stored_secret,
)

BOT = {"kind": "bot", "bot": "random"}


def log_of(g: Game) -> list[dict[str, Any]]:
    r = g.client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0]))
    return list(r.json()["entries"])


def test_bots_play_their_seats(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "human"}, BOT, BOT], seed=21)
    s = g.wait(lambda s: s["actors"] == [0])  # both bots chose a reserve card
    assert s["version"] == 2 and s["view"]["players"][1]["reserve"] is None
    g.play(0, {"type": "choose_reserve", "money": 200})
    g.wait(lambda s: 0 in s["actors"] or s["phase"] != "setup_restaurants")
    entries = log_of(g)
    assert {e["seat"] for e in entries[1:]} == {0, 1, 2}


def test_bots_are_seeded_from_a_server_secret_not_from_the_game_seed(
    db_url: str, tmp_path: Any
) -> None:
    """Issue 10 #4: two games with the same seed get different secrets, and each game's bot
    moves are the bots' choices seeded from its own secret (which no client receives)."""
    secrets = []
    for i in range(2):
        url = f"sqlite:///{tmp_path}/same{i}.sqlite3"
        with TestClient(create_app(settings_for(url))) as client:
            g = create(client, seats=[{"kind": "human"}, BOT, BOT], seed=33)
            g.wait(lambda s: s["actors"] == [0])
            g.play(0, {"type": "choose_reserve", "money": 100})
            g.wait(lambda s: 0 in s["actors"])
            assert "secret" not in str(g.state(0)).lower()
        secret = stored_secret(url, g.id)
        assert secret != 33
        record = stored_record(url, g.id)
        assert check_bot_moves(record, {1: "random", 2: "random"}, secret) >= 2
        secrets.append(secret)
    assert secrets[0] != secrets[1]


def test_bots_resume_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, bot_delay_ms=60_000))) as client:
        g = create(client, seats=[{"kind": "human"}, BOT, BOT], seed=5)
        time.sleep(0.2)
        assert g.state(0)["actors"] == [0, 1, 2]  # the bots are still "thinking"
    with TestClient(create_app(settings_for(db_url))) as client:
        g.client = client
        s = g.wait(lambda s: s["actors"] == [0])
        assert s["version"] == 2


# The think budget and crashed workers: tests/server/test_bot_workers.py
