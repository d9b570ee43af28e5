"""Issue #13 item 4 in the browser: undo several of my own steps back to the start of my turn
(as far as the server allows: nobody else acted, nothing hidden revealed), and "why can't I
do this?" answered by the engine in the game's words."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.test_table import BILLBOARD, open_game
from tests.web.ui import UI

pytestmark = pytest.mark.browser


def test_undo_back_to_the_start_of_my_turn(page: Any, server: str) -> None:
    game, _ = open_game(page, server, {"players": 2, "scenario": BILLBOARD})
    ui = UI(page, server)
    start = ui.wait_my_turn(game, 0)
    billboard = page.locator("[data-test=decision] button[data-type=start_campaign]",
                             has_text="billboard").first
    ui.send(billboard)
    ui.place()
    ui.wait_my_turn(game, 0)
    ui.send(page.locator("[data-test=decision] button[data-type=choose_advert]").first)
    st = ui.server_state(game, 0)  # (my turn may be over: nothing else to do)
    assert st["view"]["campaigns"]  # three steps of mine: started, placed, launched
    ui.send(page.locator("[data-test=undo-turn]"))
    page.wait_for_selector("[data-test=notice]:not(.hidden)")
    assert "3 steps undone" in page.locator("[data-test=notice]").inner_text()
    back = ui.server_state(game, 0)
    assert back["view"] == start["view"] and back["legal"] == start["legal"]
    # nothing more of mine to undo: the engine's reason, no code
    ui.send(page.locator("[data-test=undo-turn]"))
    message = page.locator("[data-test=error-message]")
    message.wait_for()
    assert "undo" in message.inner_text() and "/" not in message.inner_text()


def test_why_cannot_i_hire_is_answered_in_the_games_words(page: Any, server: str) -> None:
    scenario = {
        "format": "fcm-scenario/1", "players": 2,
        "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "round": 2, "phase": "working", "turn_order": [0, 1],
        "companies": [{"reserve": 300}, {"reserve": 100}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"},
                        {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
        "supply": {"waitress": 0},
    }
    game, _ = open_game(page, server, {"players": 2, "scenario": scenario})
    ui = UI(page, server)
    st = ui.wait_my_turn(game, 0)
    assert {"type": "hire", "employee": "waitress"} not in st["legal"]
    page.locator("[data-test=why-not] summary").click()
    ui.send(page.locator("[data-test=why-not] button[data-why=waitress]"))
    message = page.locator("[data-test=error-message]")
    message.wait_for()
    text = message.inner_text()
    assert "Waitress" in text and "waitress" not in text.replace("Waitress", "")
    assert ui.server_state(game, 0)["version"] == st["version"]  # nothing changed
    token = ui.token(game, 0)
    r = httpx.post(
        f"{server}/api/games/{game}/actions", headers={"authorization": f"Bearer {token}"},
        json={"version": st["version"], "action": {"type": "hire", "employee": "waitress"}},
    )
    assert r.json()["error"]["text"] == text
