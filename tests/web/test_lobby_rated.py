"""Issue 26 item 5: the lobby's form creates a rated game. The server fixes a rated game's
rules (docs/server.md, Ratings: the standard rules, its own seed, no hints), so ticking
"Rated" greys out the rules options, the seed, the scenario and the hints; the game is made
rated, and the creator's seat is the account's (claimed with consent)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.web.ui import sign_up, wait_until

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_the_lobby_form_creates_a_rated_game_with_the_servers_rules(
    browser: Any, server: str, artifacts: Any, width: int, height: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    errors: list[str] = []
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    name = f"rae{secrets.token_hex(3)}"
    sign_up(page, server, name)
    page.locator("input[data-option=introductory]").wait_for(state="attached")
    page.check("[data-test=hints]")
    page.check("[data-test=rated]")
    assert page.locator("input[data-option=introductory]").is_disabled()
    assert page.locator("[data-test=seed]").is_disabled()
    assert page.locator("[data-test=hints]").is_disabled()
    assert not page.locator("[data-test=hints]").is_checked()
    assert "standard rules" in page.locator("[data-test=rated-note]").inner_text()
    page.locator("[data-test=rated]").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"lobby-rated-{width}.png"))
    # unticked: the rules are the player's again
    page.uncheck("[data-test=rated]")
    assert not page.locator("input[data-option=introductory]").is_disabled()
    page.check("[data-test=rated]")
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    games = wait_until(lambda: page.evaluate(
        "fetch('/api/account/games').then((r) => r.json())")["games"], "the account's game")
    game = games[0]["game"]
    st = page.evaluate("(g) => fetch(`/api/games/${g}`).then((r) => r.json())", game)
    assert st["seat"] == 0 and st["table"]["rated"] is True and not st["table"].get("hints")
    assert st["view"]["options"]["introductory"] is False
    assert not page.locator("[data-test=create-error]").is_visible()
    ctx.close()
    assert not errors, errors
