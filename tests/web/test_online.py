"""Online play in a real browser (issue 14): sign up, create an asynchronous game with a turn
timer from the lobby, see its clock, play a move, and find the game under the account."""

from __future__ import annotations

import secrets
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
    st = ui.wait_my_turn(game, 0)
    clock = page.locator("[data-test=clock]")
    clock.wait_for(state="visible")
    assert "1d per decision" in clock.inner_text()
    mine = page.locator("[data-test=clock] .clock-seat.mine")
    assert mine.count() == 1
    assert 86000 < int(mine.get_attribute("data-left")) <= 86400
    assert "choose_reserve" in ui.kinds()
    ui.click_type("choose_reserve")
    # the bot's own reserve choice may raise the version first, so wait for our entry itself
    def mine_logged() -> bool:
        log = ui.http.get(f"/api/games/{game}/log",
                          headers={"authorization": f"Bearer {ui.token(game, 0)}"}).json()
        return any(e["seat"] == 0 and e["action"]["type"] == "choose_reserve"
                   for e in log["entries"][1:])
    for _ in range(200):
        if mine_logged():
            break
        page.wait_for_timeout(50)
    assert mine_logged()
    assert ui.server_state(game, 0)["version"] > st["version"]
    # back in the lobby, the account's list shows the game and whose turn it is
    page.goto(server + "/")
    row = page.locator(f"[data-test=account-games] [data-game='{game}']")
    row.wait_for()
    assert "1d" in row.inner_text()
