"""Issue 25, done means: "a browser game with all of them can be created from the lobby and
played to the end". Ann creates a game in the lobby with every playable module (all but Hard
Choices, which New Milestones excludes), an easy bot in the other seat and a 5-minute timer that
hands a seat to the bot when it runs out. Her time runs out (the server reads a clock file the
test moves), the bot plays her seat, and the page follows the whole game live, with no
JavaScript error, to its end: the results tab with the final ranking of both chains."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fcm.rulesets import playable_modules
from tests.server.procs import Server
from tests.web.ui import FileClock, clocked_server, wait_until

pytestmark = pytest.mark.browser
ALL = sorted(set(playable_modules()) - {"hard_choices"})  # ketchup.md 0.2: not with New Milestones


@pytest.fixture(scope="module")
def timed(
    tmp_path_factory: pytest.TempPathFactory, server: str
) -> Iterator[tuple[Server, FileClock]]:
    yield from clocked_server(tmp_path_factory.mktemp("all-modules-end"))


def test_a_game_with_every_module_is_created_in_the_lobby_and_played_to_the_end(
    browser: Any, timed: tuple[Server, FileClock], artifacts: Path
) -> None:
    srv, clock = timed
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(srv.base + "/")
    pg.select_option("[data-test=players]", "2")
    pg.fill("[data-test=seat-name-0]", "Ann")
    pg.select_option("[data-test=seat-kind-1]", "bot")
    pg.select_option("[data-test=seat-bot-1]", "easy")
    pg.select_option("[data-test=bot-pause]", "0")
    pg.select_option("[data-test=clock-limit]", "5m")
    pg.select_option("[data-test=clock-fallback]", "bot_takeover")
    for module in ALL:
        pg.check(f"input[data-module={module}]")
    pg.click("[data-test=create]")
    pg.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = pg.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    auth = {"authorization": f"Bearer {token}"}
    first = httpx.get(f"{srv.base}/api/games/{game}", headers=auth).json()
    assert first["view"]["options"]["modules"] == ALL

    pg.goto(invite)
    pg.wait_for_selector("svg.board-svg [data-sq]")
    # Ann lets her 5 minutes pass: the easy bot takes her seat for the rest of the game
    wait_until(lambda: any(d["seat"] == 0 for d in httpx.get(
        f"{srv.base}/api/games/{game}/clock", headers=auth).json()["deadlines"]),
        "Ann's clock running")
    clock.advance(301)
    pg.locator("[data-test=notice][data-kind=timer-bot],"
               " [data-test=notice][data-kind=taken-over]").wait_for()
    # the page follows every move live; the game ends at the second bank break
    # no more time passes: each of her decisions is due at once and the bot plays it
    pg.locator("[data-test=ranking]").wait_for(timeout=600_000)
    over = httpx.get(f"{srv.base}/api/games/{game}", headers=auth).json()
    assert over["status"] == "over"
    shown = pg.locator("[data-test=round]").get_attribute("data-round")
    assert over["view"]["round"] == int(shown or 0)
    ranking = pg.locator("[data-test=ranking]").inner_text()
    assert "Ann" in ranking
    pg.screenshot(path=str(artifacts / "all-modules-the-end-390.png"))
    ctx.close()
    assert not errors, errors
