"""Issue 24: the decision panel knows no module's action type. A card trained at work (New
Milestones, First lemonade sold, ketchup.md 3.1) is shown in a trainings' section of its own,
right after the base trainings, under the module's sentence (the presentation's ``shown_as``
and ``intro``); a salary paid with an item (First beer sold, ketchup.md 3 and 19.3) is shown
from the presentation's ``paying_good``. Both were sections named by the module's tags in
decisions.js."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]
BASE = {"format": "fcm-scenario/1", "players": 2, "tiles": TILES, "modules": ["new_milestones"],
        "round": 2, "turn_order": [0, 1],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}]}
TRAIN = {**BASE, "phase": "working", "working": {"seat": 0, "step": "train"},
         "companies": [{"at_work": ["trainer", "errand_boy"], "beach": ["kitchen_trainee"],
                        "milestones": ["first_lemonade_sold"]}, {}]}
PAYDAY = {**BASE, "phase": "payday",
          "companies": [{"cash": 30, "at_work": ["coach", "burger_chef"], "stock": {"beer": 2},
                         "milestones": ["first_beer_sold"]}, {}]}


def open_game(page: Any, server: str, scenario: dict[str, Any]) -> tuple[str, str]:
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    page.goto(f"{server}/#/join/{game}/{token}")
    return game, token


def test_a_training_at_work_is_a_trainings_section_with_the_modules_sentence(
    page: Any, server: str
) -> None:
    open_game(page, server, TRAIN)
    at_work = page.locator('button.choice[data-type="train_at_work"]')
    at_work.first.wait_for()
    sections = page.locator(".section").filter(has=page.locator("button.choice"))
    texts = [sections.nth(i).locator("p").first.inner_text() for i in range(sections.count())]
    assert texts[0].startswith("Train an employee on your beach"), texts  # the base game's
    assert texts[1].startswith("Train an employee at work"), texts  # the module's sentence
    assert "Cart Operator" in sections.nth(1).inner_text()
    assert page.locator('button.choice[data-type="train"]').count() == 2  # the base section


def test_a_salary_paid_with_an_item_shows_the_item(page: Any, server: str) -> None:
    game, token = open_game(page, server, PAYDAY)
    auth = {"authorization": f"Bearer {token}"}
    version = httpx.get(f"{server}/api/games/{game}", headers=auth).json()["version"]
    done = httpx.post(f"{server}/api/games/{game}/actions", headers=auth,
                      json={"version": version, "action": {"type": "done"}})
    assert done.status_code == 200, done.text
    pay = page.locator('button.choice[data-type="pay_salary"]')
    pay.first.wait_for()
    assert pay.count() == 1 and pay.first.inner_text().endswith(" beer")
    section = page.locator(".section").filter(has=pay)
    assert section.locator("p").first.inner_text().startswith("Pay salaries with goods")
