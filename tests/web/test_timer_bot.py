"""Issue 26 item 2: when a seat's time runs out and the bot takes it over, the player is told
(a notice as it happens, and again on the next visit), the game log marks the bot's moves as
the bot's (not the player's), and the player takes the seat back with one button. The server
reads the time from a file the test moves: nothing waits for a real clock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.procs import Server
from tests.web.ui import FileClock, clocked_server, wait_until

pytestmark = pytest.mark.browser
RESERVE = {"type": "choose_reserve", "money": 300}


@pytest.fixture(scope="module")
def timed(
    tmp_path_factory: pytest.TempPathFactory, server: str
) -> Iterator[tuple[Server, FileClock]]:
    yield from clocked_server(tmp_path_factory.mktemp("timer-bot"))


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_a_bot_that_takes_a_timed_out_seat_says_so_and_gives_it_back(
    browser: Any, timed: tuple[Server, FileClock], artifacts: Path, width: int, height: int
) -> None:
    srv, clock = timed
    made = httpx.post(f"{srv.base}/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        "clock": {"limit": "5m", "fallback": "bot_takeover", "bot": "random"}}).json()
    game, (t0, t1) = made["game"], [s["token"] for s in made["seats"]]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    errors: list[str] = []
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{srv.base}/#/join/{game}/{t1}")
    pg.wait_for_selector("[data-test=decision][data-version]")
    v = httpx.get(f"{srv.base}/api/games/{game}", headers=auth(t0)).json()["version"]
    httpx.post(f"{srv.base}/api/games/{game}/actions", headers=auth(t0),
               json={"version": v, "action": RESERVE}).raise_for_status()
    # Bob lets his 5 minutes pass: the bot takes his seat and chooses his reserve card
    clock.advance(301)
    notice = pg.locator("[data-test=notice]")
    pg.locator("[data-test=notice][data-kind=timer-bot],"
               " [data-test=notice][data-kind=taken-over]").wait_for()
    assert "time ran out" in notice.inner_text()
    st = httpx.get(f"{srv.base}/api/games/{game}/clock", headers=auth(t1)).json()
    assert st["taken_over"] == [1]
    # the log credits the move to the bot, not to Bob
    pg.click("[data-tab=log]")
    pg.locator("[data-test=log] li.by-bot").first.wait_for()
    marked = pg.locator("[data-test=log] li[data-kind=timer_bot_move]").inner_text()
    assert "Bob's time ran out: the random bot plays for Bob" in marked
    assert pg.locator("[data-test=log] li.by-bot .bot-tag").first.inner_text() == "bot"
    # his next visit: the page offers the seat back
    pg.reload()
    pg.locator("[data-test=notice][data-kind=taken-over]").wait_for()
    pg.screenshot(path=str(artifacts / f"timer-bot-{width}.png"))
    pg.click("[data-test=reclaim-seat]")
    pg.locator("[data-test=notice][data-kind=reclaimed]").wait_for()
    wait_until(lambda: httpx.get(f"{srv.base}/api/games/{game}/clock",
                                 headers=auth(t1)).json()["taken_over"] == [], "the seat back")
    ctx.close()
    assert not errors, errors
