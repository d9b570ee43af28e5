"""The board and company views draw the expansion modules' components (issue 15: "the board and
company views (new cards, milestones and campaign tiles drawn)"): a Fry Chef and a Movie Star
at work, a Mass Marketeer, a Night Shift Manager and a Gourmet Food Critic busy on a gourmet
guide (beside the board: listed with its company and a badge on every garden house it
reaches), and a New Milestones milestone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm

pytestmark = pytest.mark.browser

MODULES = ["fry_chefs", "gourmet_food_critics", "mass_marketeers", "movie_stars",
           "new_milestones", "night_shift_managers"]  # fmt: skip
SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "modules": MODULES,
    "round": 3,
    "phase": "order_of_business",
    "companies": [
        {"cash": 40, "at_work": ["fry_chef", "b_movie_star", "night_shift_manager"],
         "beach": ["mass_marketeer"], "milestones": ["first_burger_sold"]},
        {"cash": 10},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "houses": [{"number": 2, "garden": [[5, 0], [5, 1]]}],
    "campaigns": [{"number": 17, "owner": 0, "good": "burger", "marketeer": "gourmet_food_critic",
                   "remaining": 2, "eternal": False}],
}


def test_module_cards_milestones_and_a_gourmet_guide_are_drawn(page: Any, server: str) -> None:
    fcm.load_scenario(SCENARIO)  # the position is legal for the engine
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": SCENARIO})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector(".game-screen[data-seat='0']")
    # the board: the guide has no square; its badge sits on the garden house it reaches
    badge = page.wait_for_selector("g.beside-badge[data-campaign='17'][data-house='2']")
    assert badge is not None
    assert badge.query_selector("text").text_content() == "GG"  # the module's icon (fcm.texts)
    # the company view: the new cards by name, the busy critic, the guide, the milestone
    company = page.locator("article.company[data-seat='0']")
    text = company.inner_text()
    for name in ("Fry Chef", "Movie Star", "Night Shift Manager", "Mass Marketeer",
                 "Gourmet Food Critic", "First burger sold"):  # fmt: skip
        assert name.lower() in text.lower(), name
    beside = company.locator("[data-test=beside-0] li[data-campaign='17']")
    assert beside.get_attribute("data-kind") == "gourmet_guide"
    assert "2 left" in beside.inner_text() and "house 2" in beside.inner_text()
    # the supply tab lists New Milestones' set, not the base milestones
    page.locator("[data-tab=supply]").click()
    available = page.locator("[data-test=milestones-available]").inner_text()
    assert "First marketeer used" in available and "First billboard" not in available
