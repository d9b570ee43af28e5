"""Six Players (ketchup.md 17) in the browser: the lobby offers 6 players and shows what they
need, a six-seat game is created from it, and the board and company views draw the sixth
chain (its colour and its own shape, a hexagon) on the 4 x 6 map."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser
TILES = [[[c, 0] for c in row] for row in ("ABCDEF", "GHIJKL", "MNOPQR", "STUVWX")]


def test_ketchup_17_the_lobby_offers_six_players_and_names_what_they_need(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    page.wait_for_selector("input[data-module=six_players]")
    page.select_option("[data-test=players]", "6")
    assert page.locator("[data-test^=seat-kind-]").count() == 6
    assert "6 players" in page.inner_text("[data-conflict=players]")
    page.check("input[data-module=new_districts]")
    page.check("input[data-module=six_players]")
    assert page.inner_text("[data-conflict=players]").strip() == ""
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    r = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    view = r.json()["view"]
    assert len(view["players"]) == 6 and [len(row) for row in view["tiles"]] == [6] * 4


def test_ketchup_17_the_board_and_companies_draw_the_sixth_chain(
    browser: Any, server: str
) -> None:
    scenario = {
        "format": "fcm-scenario/1", "players": 6, "tiles": TILES,
        "modules": ["new_districts", "six_players"], "phase": "restructuring",
        "restaurants": [{"owner": 5, "cell": [0, 0], "entrance": "se"},
                        {"owner": 0, "cell": [13, 28], "entrance": "sw"}],
    }
    seats = [{"kind": "human"}] * 6  # nobody moves while the page is read
    made = httpx.post(f"{server}/api/games", json={"seats": seats, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/#/join/{game}/{token}")
    sixth = page.locator("[data-test=board] .restaurant[data-owner='5']")
    sixth.wait_for(state="attached")
    shape = sixth.locator("path.chain-shape")
    assert shape.get_attribute("data-shape") == "hexagon"
    assert page.locator("[data-test=board] .restaurant[data-owner='0'] path.chain-shape"
                        ).get_attribute("data-shape") == "square"
    assert page.locator("[data-test=board] rect[data-sq='19,29']").count() == 1  # 20 x 30
    assert page.locator("article.company[data-seat]").count() == 6
    assert errors == []
