"""Issue 26 item 10, the lesson library, on a 390x844 phone: the lobby's "Lessons" opens the
list (every lesson of fcm.lessons, each "Not done"); the Dinnertime lesson starts a game at its
position against the easy bot; its coach points at the cook button and moves on only when the
engine has cooked, then explains house 2 (distance) and house 4 (a tie won by the Waitress) as
Dinnertime serves them; finished, it hides, and the list says "Done" for it in this browser."""

from __future__ import annotations

from typing import Any

import pytest

from fcm import lessons
from tests.web.test_phone import device, no_sideways_scroll  # noqa: F401
from tests.web.test_tutorial import Walk

pytestmark = pytest.mark.browser


def test_a_lesson_played_to_the_end_on_a_phone(
    device: Any, server: str, artifacts: Any  # noqa: F811
) -> None:
    pg = device(390, 844)
    w = Walk(pg, True)
    pg.goto(f"{server}/")
    w.press(pg.locator("[data-test=lessons-link]"))
    pg.wait_for_selector("[data-test=lessons] li.lesson")
    listed = pg.locator("[data-test=lessons] li.lesson[data-lesson]")
    ids = [listed.nth(i).get_attribute("data-lesson") for i in range(listed.count())]
    assert ids == ["tutorial", *[x["id"] for x in lessons.all_lessons()]]
    row = pg.locator("li.lesson[data-lesson=dinnertime]")
    assert row.get_attribute("data-done") == "no"
    assert "Not done" in row.inner_text()
    no_sideways_scroll(pg)
    pg.screenshot(path=str(artifacts / "lessons-390x844.png"))

    w.press(pg.locator("[data-test=lesson-dinnertime]"))
    pg.wait_for_selector(".game-screen[data-seat='0']")
    pg.wait_for_selector("[data-test=connection][data-state=live]")
    w.at("welcome")
    assert "Dinnertime" in pg.locator("[data-test=coach-name]").inner_text()
    assert pg.locator("[data-test=coach-lessons]").get_attribute("href") == "#/lessons"
    w.next("welcome", "cook")
    w.use("cook", "[data-type=cook][data-key*=burger]", "distance")
    pg.wait_for_selector("[data-test=coach][data-step=distance][data-state=ready]",
                         timeout=60_000)
    w.next("distance", "tie")
    pg.wait_for_selector("[data-test=coach][data-step=tie][data-state=ready]")
    w.next("tie", "price")
    no_sideways_scroll(pg)
    w.next("price", None)
    pg.wait_for_selector("[data-test=coach].hidden", state="attached")

    pg.goto(f"{server}/#/lessons")
    pg.wait_for_selector("li.lesson[data-lesson=dinnertime][data-done=yes]")
    assert "Done" in pg.locator("li.lesson[data-lesson=dinnertime]").inner_text()
    assert pg.locator("li.lesson[data-lesson=bank]").get_attribute("data-done") == "no"
