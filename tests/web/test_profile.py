"""Ratings in the browser (issue 14 #4): after a rated game, a player's profile shows the
rating, wins and the rating's history as an SVG plot, and the account's archive links to the
replay, which opens from the session cookie alone (this browser holds no token)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.procs import Server
from tests.web.ui import PASSWORD, FileClock

pytestmark = pytest.mark.browser


@pytest.fixture
def online(tmp_path: Path, server: str) -> Iterator[tuple[Server, FileClock]]:
    clock = FileClock(tmp_path / "now", time.time() // 86400 * 86400 + 8 * 3600)  # 08:00 UTC
    srv = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log",
                 clock_interval="0.05", test_clock_file=str(clock.path),
                 rated_test_rules="1")  # a one-round rated game (issue 28 item 6)
    srv.start()
    try:
        yield srv, clock
    finally:
        srv.close()


def test_profile_plot_and_archive_replay_after_a_rated_game(
    page: Any, online: tuple[Server, FileClock]
) -> None:
    srv, clock = online
    # a rated game is made by an account, and each seat claimed by consent (issue 28 item 6)
    names = [f"p{seat}{secrets.token_hex(3)}" for seat in (0, 1)]
    https = [httpx.Client(base_url=srv.base, timeout=30) for _ in names]
    csrf = [http.post("/api/account/signup", json={"name": name, "password": PASSWORD}
                      ).json()["csrf"] for http, name in zip(https, names, strict=True)]
    r = https[0].post("/api/games", headers={"x-csrf-token": csrf[0]}, json={
        "players": 2, "seed": 11, "options": {"round_limit": 1}, "table": {"rated": True},
        "clock": {"limit": "5m", "fallback": "bot_takeover", "bot": "random"}})
    assert r.status_code == 201, r.text
    game = r.json()
    gid = game["game"]
    for seat, http in enumerate(https):
        r = http.post(f"/api/games/{gid}/claim", json={"consent": True}, headers={
            "x-csrf-token": csrf[seat],
            "authorization": f"Bearer {game['seats'][seat]['token']}"})
        assert r.status_code == 200, r.text
        http.close()
    token = game["spectator"]["token"]  # the seats' links were revoked by the claims
    deadline = time.monotonic() + 300  # a whole game by the fallback bot, on a loaded machine
    while srv.state(gid, token)["status"] != "over":  # the timer's bot plays both seats
        assert time.monotonic() < deadline
        clock.advance(301)
        time.sleep(0.05)
    deadline = time.monotonic() + 60
    while not srv.http.get(f"/api/players/{names[0]}").json()["rated_games"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)

    page.goto(srv.base + "/")
    page.fill("[data-test=account-name]", names[0])
    page.fill("[data-test=account-password]", PASSWORD)
    page.click("[data-test=login]")
    page.click("[data-test=profile-link]")
    page.wait_for_selector("[data-test=profile] [data-test=rating-plot]")
    profile = srv.http.get(f"/api/players/{names[0]}").json()
    assert page.inner_text("[data-test=rating]") == f"{profile['rating']['ordinal']:.1f}"
    assert page.locator("[data-test=rating-plot] circle").count() == 2  # the start, one game
    assert page.inner_text("[data-test=wins]").startswith(str(profile["wins"]))
    link = page.locator(f"[data-test=archive] [data-game='{gid}'] [data-test=replay-link]")
    link.click()
    page.wait_for_selector(f"[data-test=replay][data-game='{gid}']")
    assert page.evaluate("localStorage.getItem('fcm.games.v1')") in (None, "{}")
    page.wait_for_selector("[data-test=replay-label]")
