"""Issue 26 item 6, phones: at 390x844 and the first (default) zoom, the board's squares are
44 px and its numbers and names 12 px or more; every button, tab and list of the decision, the
tab bar and the board's tools is a 44 px tap target with 12 px text or more; the side panel is
the one scroller; the map/panel toggle is always on screen."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.test_accessibility import device  # noqa: F401  (the fixture)
from tests.web.test_board import busy_scenario
from tests.web.test_phone import open_placement
from tests.web.ui import UI

pytestmark = pytest.mark.browser

CONTROLS = (
    "[data-test=decision] button, [data-test=decision] select, .tabs button, "
    ".board-tools button, [data-test=sheet-toggle]"
)


def small_controls(pg: Any) -> list[str]:
    """The key controls shown under 44x44 px or with text under 12 px."""
    return list(pg.evaluate("""(sel) => [...document.querySelectorAll(sel)]
        .filter((e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed')
        .map((e) => { const r = e.getBoundingClientRect();
            return [e.outerHTML.slice(0, 60), r.width, r.height,
                    parseFloat(getComputedStyle(e).fontSize)]; })
        .filter(([, w, h, f]) => w < 44 || h < 44 || f < 12)
        .map((x) => JSON.stringify(x))""", CONTROLS))


def test_tap_targets_text_and_one_scroller_on_a_phone(device: Any, server: str) -> None:  # noqa: F811
    pg = device(390, 844)
    game, seat = open_placement(pg, server)
    UI(pg, server).wait_my_turn(game, seat)
    pg.wait_for_selector("[data-hl-anchor]")
    assert small_controls(pg) == []

    # the board at its first zoom: 44 px squares, readable numbers and names
    square = pg.locator("[data-sq='0,0']").bounding_box()
    assert square["width"] >= 43.5, square
    tiny = pg.evaluate("""() => {
        const svg = document.querySelector('svg.board-svg');
        const k = svg.getScreenCTM().a;
        return [...svg.querySelectorAll('.house-number, g.restaurant text, .duration')]
            .map((t) => Number(t.getAttribute('font-size')) * k).filter((px) => px < 12);
    }""")
    assert tiny == [], tiny

    # one scroller (the side panel), and the toggle stays on screen while it scrolls
    scrollers = pg.evaluate("""() => [...document.querySelectorAll('.game-screen *')]
        .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)
                       && e.scrollHeight > e.clientHeight + 1)
        .map((e) => e.className)""")
    assert scrollers in ([], ["side"]), scrollers
    pg.evaluate("document.querySelector('.side').scrollTop = 100000")
    toggle = pg.locator("[data-test=sheet-toggle]").bounding_box()
    assert toggle["x"] >= 0 and toggle["x"] + toggle["width"] <= 390, toggle
    assert toggle["y"] >= 0 and toggle["y"] + toggle["height"] <= 844, toggle
    for tab in ("companies", "supply", "log", "rules"):
        pg.click(f"button[data-tab={tab}]")
        assert small_controls(pg) == [], tab
    pg.locator("[data-test=sheet-toggle]").tap()
    pg.wait_for_selector(".game-main.sheet-full")
    assert small_controls(pg) == []


def test_every_word_and_letter_of_a_busy_board_is_12_px_on_a_phone(
    device: Any, server: str, artifacts: Any  # noqa: F811
) -> None:
    """Issue 26 item 6, the board's small print: at the phone's first zoom every text of a busy
    board (suppliers' names, campaign kinds in words, good tokens' letters, durations, house
    and restaurant names, airplanes) is 12 px or more."""
    scenario = busy_scenario()
    made = httpx.post(f"{server}/api/games", json={"players": 5, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    pg = device(390, 844)
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector("[data-test=board] .campaign-kind")
    assert pg.locator("[data-test=board] .supplier text").count()
    assert pg.locator("[data-test=board] .good-token text").count()
    square = pg.locator("[data-sq='0,0']").bounding_box()
    assert square["width"] >= 43.5, square
    tiny = pg.evaluate("""() => {
        const svg = document.querySelector('svg.board-svg');
        const k = svg.getScreenCTM().a;
        return [...svg.querySelectorAll('text')]
            .map((t) => [t.closest('g')?.getAttribute('class'), t.textContent,
                         Number(t.getAttribute('font-size')) * k])
            .filter(([, , px]) => px < 12);
    }""")
    assert tiny == [], tiny
    pg.click("[data-test=board] .board-tools button:nth-child(1)")  # zoom in on the print
    pg.screenshot(path=str(artifacts / "phone-board-print.png"))
