"""Online play in a real browser (issue 14): sign up, create an asynchronous game with a turn
timer from the lobby, see its clock, play a move, and find the game under the account."""

from __future__ import annotations

import secrets
import time
from typing import Any

import pytest

from tests.web.ui import UI

pytestmark = pytest.mark.browser


def test_sign_up_create_a_timed_game_and_play_a_move(page: Any, server: str) -> None:
    page.goto(server + "/")
    name = f"ann{secrets.token_hex(3)}"
    page.fill("[data-test=account-name]", name)
    page.fill("[data-test=account-password]", "a long password")
    page.click("[data-test=signup]")
    page.wait_for_selector(f"[data-test=account-user]:text('{name}')")
    # a 2-player game against a bot, 1 day per decision
    page.select_option("[data-test=players]", "2")
    page.select_option("[data-test=seat-kind-0]", "human")
    page.select_option("[data-test=seat-kind-1]", "bot")
    page.select_option("[data-test=seat-bot-1]", "random")
    page.select_option("[data-test=clock-limit]", "1d")
    page.select_option("[data-test=clock-fallback]", "bot_takeover")
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game = invite.split("/#/join/")[1].split("/")[0]
    # the lobby claimed seat 0 for the account: it is in the account's games
    page.wait_for_selector(f"[data-test=account-games] [data-game='{game}']")
    page.click("[data-test=play-seat-0]")
    ui = UI(page, server)
    # The bot's reserve choice first: it is simultaneous with ours and everyone sees it, so
    # landing between our reading of the version and our click it would make the click stale
    # (409, "decide again"; CI failed so once the bot workers were busy with other games)
    deadline = time.monotonic() + 60
    while ui.server_state(game, 0)["actors"] != [0]:
        assert time.monotonic() < deadline, "the bot never chose its reserve card"
        time.sleep(0.05)
    st = ui.wait_my_turn(game, 0)
    clock = page.locator("[data-test=clock]")
    clock.wait_for(state="visible")
    assert "1d per decision" in clock.inner_text()
    mine = page.locator("[data-test=clock] .clock-seat.mine")
    assert mine.count() == 1
    assert 86000 < int(mine.get_attribute("data-left")) <= 86400
    assert "choose_reserve" in ui.kinds()
    ui.click_type("choose_reserve")
    # our own entry in the log, not any version rise (a bot's move raises it too)
    def mine_logged() -> bool:
        log = ui.http.get(f"/api/games/{game}/log",
                          headers={"authorization": f"Bearer {ui.token(game, 0)}"}).json()
        return any(e["seat"] == 0 and e["action"]["type"] == "choose_reserve"
                   for e in log["entries"][1:])
    deadline = time.monotonic() + 30
    while not mine_logged():
        assert page.locator("[data-test=error]:not(.hidden)").count() == 0, \
            page.inner_text("[data-test=error]")
        assert time.monotonic() < deadline, "our reserve choice never reached the log"
        time.sleep(0.05)
    assert ui.server_state(game, 0)["version"] > st["version"]
    # back in the lobby, the account's list shows the game and whose turn it is
    page.goto(server + "/")
    row = page.locator(f"[data-test=account-games] [data-game='{game}']")
    row.wait_for()
    assert "1d" in row.inner_text()
