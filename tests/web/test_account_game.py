"""Issue 26 item 1: an account's lobby game, played by the session cookie alone (no invitation
token in the browser), has the Rewind panel and "Ask to pause" like a token seat, and the
clock names the seats by their accounts (never "Player 1" or "null")."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.ui import PASSWORD

pytestmark = pytest.mark.browser
VIEWPORTS = [(390, 844), (1440, 900)]


class Account:
    """An account signed up over HTTP: its cookie goes into a browser context."""

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.http = httpx.Client(base_url=base, timeout=60)
        r = self.http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        r.raise_for_status()
        self.csrf = r.json()["csrf"]

    def post(self, path: str, body: Any = None) -> Any:
        r = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        r.raise_for_status()
        return r.json()

    def get(self, path: str) -> Any:
        r = self.http.get(path)
        r.raise_for_status()
        return r.json()

    def cookies(self, base: str) -> list[dict[str, Any]]:
        return [{"name": k, "value": v, "url": base} for k, v in self.http.cookies.items()]


def lobby_game(base: str, clock: dict[str, Any] | None = None) -> tuple[str, Account, Account]:
    """Ann opens a two-human game in the lobby, Bob joins it: it starts with both seats
    claimed by their accounts (no invitation links)."""
    ann = Account(base, f"ann{secrets.token_hex(3)}")
    bob = Account(base, f"bob{secrets.token_hex(3)}")
    body: dict[str, Any] = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    if clock:
        body["clock"] = clock
    oid = ann.post("/api/lobby", body)["id"]
    entry = bob.post(f"/api/lobby/{oid}/join", {})
    assert entry["status"] == "started", entry
    return str(entry["game"]), ann, bob


@pytest.fixture
def device(browser: Any, server: str) -> Iterator[Any]:
    contexts: list[Any] = []
    errors: list[str] = []

    def make(acct: Account, width: int, height: int) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.add_cookies(acct.cookies(server))
        contexts.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        return pg

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_an_account_game_has_rewind_pause_and_a_clock_with_the_seats_names(
    device: Any, server: str, artifacts: Any, width: int, height: int
) -> None:
    game, ann, bob = lobby_game(server, {"limit": "1h", "fallback": "bot_move"})
    a, b = device(ann, width, height), device(bob, width, height)
    for pg in (a, b):
        pg.goto(f"{server}/#/game/{game}")
        pg.wait_for_selector("[data-test=decision][data-version]")
        assert pg.evaluate("window.fcmScreen.entry.cookie") is True
        assert pg.evaluate("localStorage.getItem('fcm.games.v1')") is None  # no token here
    # both choose a reserve card (the clock names who decides, by account)
    clock = a.locator("[data-test=clock]")
    clock.locator(".clock-seat").first.wait_for()
    # the clock redraws each second with the seats' names from the game's state
    a.wait_for_function(
        "n => document.querySelector('[data-test=clock]').innerText.includes(n)", arg=ann.name)
    text = clock.inner_text()
    assert ann.name in text and bob.name in text, text
    assert "Player" not in text and "null" not in text and "undefined" not in text, text
    for pg in (a, b):
        pg.locator("[data-test=decision] button[data-type=choose_reserve]").first.click()
    # ask to pause: the clock stops once both have asked
    a.locator("[data-test=clock-pause]").click()
    a.locator(f"[data-test=clock] :text('pause asked by {ann.name}')").wait_for()
    b.locator("[data-test=clock-pause]:text('Ask to pause')").click()
    for pg in (a, b):
        pg.locator("[data-test=clock] .clock-head:text('paused')").wait_for()
    assert ann.get(f"/api/games/{game}/clock")["paused"] is True
    # rewind: Ann asks to go back to the start; Bob agrees from his page
    a.locator("[data-test=rewind-open]").click()
    a.locator("[data-test=rewind-ask]").click()
    vote = b.locator("[data-test=rewind-vote]")
    vote.wait_for()
    assert ann.name in vote.inner_text()
    a.screenshot(path=str(artifacts / f"account-game-{width}.png"))
    b.locator("[data-test=rewind-accept]").click()
    for pg in (a, b):
        pg.wait_for_function(
            "() => (document.querySelector('[data-test=notice-text]') || {}).textContent"
            "?.includes('Everyone agreed')")
    st = ann.get(f"/api/games/{game}")
    assert st["phase"] == "setup_reserve" and st["actors"] == [0, 1]
