"""Rooms in a real browser (issue 14 #5): one account opens a game in the lobby, another joins
it from the lobby's list, the game starts with both seated (played by the session cookie, no
token), a third account watches it from the lobby as a spectator; the turn timer's bot plays
it to its end (time injected: the server reads it from a file the test moves), and from the
game-over screen the players make one rematch, seats rotated."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.procs import Server
from tests.web.ui import FileClock, sign_up, wait_until

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1500, "height": 950}  # the browser tests' usual viewport (conftest)


@pytest.fixture
def rooms(tmp_path: Path, server: str) -> Iterator[tuple[Server, FileClock]]:
    """A server of its own (``server``: the browser tests' checks have passed) whose clock
    reads the time from a file and looks every 50 ms."""
    clock = FileClock(tmp_path / "now")
    srv = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log",
                 clock_interval="0.05", test_clock_file=str(clock.path), bot_think_ms="200",
                 bot_delay_ms="0")
    srv.start()
    try:
        yield srv, clock
    finally:
        srv.close()


def new_page(browser: Any, errors: list[str]) -> Any:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(20_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def state(page: Any, game: str) -> dict[str, Any]:
    """The game as the page's session sees it (the cookie authenticates the request)."""
    return dict(page.evaluate("(g) => fetch(`/api/games/${g}`).then((r) => r.json())", game))


def test_open_a_game_join_it_from_the_lobby_watch_it_and_rematch(
    browser: Any, rooms: tuple[Server, FileClock]
) -> None:
    srv, clock = rooms
    errors: list[str] = []
    ann, bob, eve = (f"{n}{secrets.token_hex(3)}" for n in ("ann", "bob", "eve"))
    a = new_page(browser, errors)
    sign_up(a, srv.base, ann)
    # ann opens a 2-player game in the lobby: 5 minutes a decision, then a bot takes over
    a.select_option("[data-test=players]", "2")
    a.select_option("[data-test=seat-kind-0]", "human")
    a.select_option("[data-test=seat-kind-1]", "human")
    a.select_option("[data-test=clock-limit]", "5m")
    a.select_option("[data-test=clock-fallback]", "bot_takeover")
    a.fill("[data-option=round_limit]", "1")
    a.check("[data-test=open-lobby]")
    a.click("[data-test=create]")
    created = a.locator("[data-test=open-created]")
    created.wait_for()
    oid = created.get_attribute("data-open")
    assert "1 more player" in created.inner_text()
    a.locator(f"[data-test=open-games] [data-open='{oid}'] [data-test=leave]").wait_for()

    # bob finds it in the lobby's list (who sits, the options) and joins
    b = new_page(browser, errors)
    sign_up(b, srv.base, bob)
    row = b.locator(f"[data-test=open-games] [data-open='{oid}']")
    row.wait_for()
    text = row.inner_text()
    assert ann in text and "free seat" in text and "5m per decision" in text
    listed = b.evaluate("fetch('/api/lobby').then((r) => r.text())")
    assert oid in listed and "token" not in listed and "/join/" not in listed
    row.locator("[data-test=join]").click()
    b.locator(f"[data-test=started-{oid}] [data-test=play-started]").click()
    b.wait_for_selector("[data-test=decision]")
    game = b.evaluate("window.fcmScreen.game")
    assert b.evaluate("window.fcmScreen.entry.cookie") is True
    assert state(b, game)["seat"] == 1
    # ann's lobby tells her the game started
    a.locator(f"[data-test=started-{oid}] [data-test=play-started]").click()
    a.wait_for_selector("[data-test=decision]")
    assert state(a, game)["seat"] == 0

    # eve watches it from the lobby: the spectator's view, no decisions
    e = new_page(browser, errors)
    sign_up(e, srv.base, eve)
    e.locator(f"[data-test=live-games] [data-live='{game}'] [data-test=watch]").click()
    e.wait_for_selector(f".game-screen[data-game='{game}'][data-seat='spectator']")
    assert state(e, game)["seat"] is None
    assert e.locator("[data-test=decision] button").count() == 0
    a.locator("[data-test=room] [data-test=spectators]:text('1 watching')").wait_for()

    # nobody moves: the timer's bot takes each seat and plays to the end (round limit 1)
    def over() -> bool:
        if state(a, game)["status"] == "over":
            return True
        clock.advance(301)
        return False

    wait_until(over, "the end of the game", timeout=180)
    # game over: ann asks for the rematch and lands on her new seat (seats rotated)
    a.locator("[data-test=room] [data-test=rematch]").click()
    a.wait_for_function("(g) => window.fcmScreen && window.fcmScreen.game !== g", arg=game)
    rematch = a.evaluate("window.fcmScreen.game")
    a.wait_for_selector(f".game-screen[data-game='{rematch}'][data-seat='1']")
    assert state(a, rematch)["seat"] == 1
    # bob's game-over screen offers the same rematch: pressing it makes no second game
    b.locator("[data-test=room] [data-test=rematch-open]").click()
    b.wait_for_selector(f".game-screen[data-game='{rematch}'][data-seat='0']")
    assert state(b, rematch)["seat"] == 0
    names = [s["name"] for s in state(b, rematch)["seats"]]
    assert names == [bob, ann]
    assert not errors, errors
    for p in (a, b, e):
        p.context.close()
