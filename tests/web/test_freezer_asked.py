"""Issue 26 items 4 and 10, checked in Chromium: Clean up with a freezer is asked only when there
is something to choose, and then as one decision with the counts; a lesson begun and left is
taken up again from the lesson list at the step reached (the list said "Not done" and started
it over in a new game), and "Start again" still starts afresh.

facts.md E.7: the freezer (First to throw away drink/food) keeps up to 10 items, chosen freely,
and does not work in the Clean up in which it was earned. So a chain with a freezer and nothing
in stock is not asked, nor is a chain that earned its freezer this round (its goods are
discarded); a chain holding items its freezer may keep is asked once, told it may keep them
all, and keeps them with one click."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from fcm import lessons
from tests.web.test_phone import device  # noqa: F401
from tests.web.test_tutorial import Walk
from tests.web.ui import wait_until

pytestmark = pytest.mark.browser
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def cleanup(stock: dict[str, int], earned: int) -> dict[str, Any]:
    """Round 3's Clean up; seat 0 has First to throw away from round ``earned``."""
    return {
        "format": "fcm-scenario/1", "players": 2, "tiles": TILES, "round": 3,
        "phase": "cleanup",
        "companies": [{"cash": 40, "milestones": {"first_throw_away": earned}, "stock": stock,
                       "hand": ["waitress"]},
                      {"cash": 10, "hand": ["waitress"]}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    }


def open_game(browser: Any, server: str, scenario: dict[str, Any],
              errors: list[str]) -> tuple[Any, str, str]:
    fcm.load_scenario(scenario)  # a position the engine accepts
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector("[data-test=decision][data-kinds]")
    return page, game, token


def state(server: str, game: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def log_events(server: str, game: str, token: str) -> list[dict[str, Any]]:
    r = httpx.get(f"{server}/api/games/{game}/log", headers={"authorization": f"Bearer {token}"})
    return [e for entry in r.json()["entries"] for e in entry["events"]]


@pytest.mark.parametrize(
    ("stock", "earned", "discarded"),
    [({}, 2, False), ({"burger": 3, "soda": 1}, 3, True)],
    ids=["nothing-held", "earned-this-round"],
)
def test_a_freezer_with_nothing_to_choose_is_not_asked(
    browser: Any, server: str, stock: dict[str, int], earned: int, discarded: bool
) -> None:
    errors: list[str] = []
    page, game, token = open_game(browser, server, cleanup(stock, earned), errors)
    st = state(server, game, token)
    # Clean up went by without a decision: the next round's Restructuring is the page's
    assert (st["round"], st["phase"]) == (4, "restructuring"), (st["round"], st["phase"])
    assert "throw_away" not in (page.locator("[data-test=decision]").get_attribute("data-kinds")
                                or "")
    assert page.locator("[data-test=freezer-why]").count() == 0
    kinds = [e["kind"] for e in log_events(server, game, token)]
    assert "freezer_kept" not in kinds
    assert ("goods_discarded" in kinds) is discarded
    assert st["view"]["players"][0]["stock"].get("burger", 0) == 0
    page.context.close()
    assert not errors, errors


def test_a_freezer_that_may_keep_it_all_is_one_click(browser: Any, server: str) -> None:
    errors: list[str] = []
    page, game, token = open_game(browser, server, cleanup({"burger": 3, "soda": 1}, 2), errors)
    assert "throw_away" in page.locator("[data-test=decision]").get_attribute("data-kinds")
    why = page.locator("[data-test=freezer-why]").inner_text()
    assert "may keep all 4 items" in why, why
    assert "Keeping 4 of 4 items." in page.locator("[data-test=freezer-summary]").inner_text()
    counts = page.locator("[data-test=freezer-keep]")
    assert [counts.nth(i).input_value() for i in range(counts.count())] == ["3", "1"]
    apply = page.locator("[data-test=freezer-apply]")
    assert apply.inner_text() == "Keep everything" and apply.is_enabled()
    apply.click()
    st = wait_until(lambda: (s := state(server, game, token))["phase"] != "cleanup" and s,
                    "the freezer kept everything")
    assert st["round"] == 4
    held = {k: v for k, v in st["view"]["players"][0]["stock"].items() if v}
    assert held == {"burger": 3, "soda": 1}
    kept = [e for e in log_events(server, game, token) if e["kind"] == "freezer_kept"]
    assert kept == [{"kind": "freezer_kept", "seat": 0, "goods": ["burger"] * 3 + ["soda"]}]
    page.context.close()
    assert not errors, errors


def test_a_lesson_left_half_way_is_taken_up_again_from_the_list(
    device: Any, server: str  # noqa: F811
) -> None:
    pg = device(390, 844)
    w = Walk(pg, True)
    pg.goto(f"{server}/#/lessons")
    w.press(pg.locator("[data-test=lesson-dinnertime]"))
    pg.wait_for_selector("[data-test=connection][data-state=live]")
    w.next("welcome", "cook")
    game = pg.evaluate("location.hash")  # #/game/ID/0
    of = len(next(x for x in lessons.all_lessons() if x["id"] == "dinnertime")["steps"])

    pg.goto(f"{server}/#/lessons")
    pg.reload()  # remembered in this browser, not in the page
    row = pg.locator("li.lesson[data-lesson=dinnertime]")
    row.wait_for()
    assert row.get_attribute("data-done") == "going"
    assert f"In progress · step 2 of {of}" in row.inner_text()
    assert pg.locator("[data-test=lesson-dinnertime]").get_attribute("href") == game
    box = pg.locator("[data-test=lesson-again-dinnertime]").bounding_box()
    assert box is not None and box["height"] >= 44  # a tap target
    w.press(pg.locator("[data-test=lesson-dinnertime]"))
    w.at("cook")  # the same game, at the step reached
    assert pg.evaluate("location.hash") == game

    pg.goto(f"{server}/#/lessons")
    w.press(pg.locator("[data-test=lesson-again-dinnertime]"))
    w.at("welcome")  # a new game from the start
    assert pg.evaluate("location.hash") != game
