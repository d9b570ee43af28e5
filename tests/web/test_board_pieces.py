"""Issue 24's map on screen: the board draws a module's pieces from what the presentation sends
(the square each becomes and its kind's mark; board.js names no module) and houses of any
footprint (New Districts' 3x3 apartments, ketchup.md: numbered π and 9¾, no demand cap), on a
phone and a desktop. The modules are the engine tests' test-only ones (tests/web/extra_modules.py).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser
VIEWPORTS = [(390, 844), (1440, 900)]
SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "modules": ["test_roads", "test_apartments"], "phase": "restructuring",
    "houses": [{"number": 101, "kind": "test_apartment", "cell": [3, 3],
                "demand": ["burger", "burger", "pizza", "pizza", "soda"]}],
    "pieces": [{"kind": "test_park", "cell": [0, 4]}, {"kind": "test_road", "cell": [8, 4]}],
}


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_board_draws_module_pieces_and_a_3x3_house(
    browser: Any, module_server: str, artifacts: Any, size: tuple[int, int]
) -> None:
    made = httpx.post(f"{module_server}/api/games", json={"players": 2, "scenario": SCENARIO})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    errors: list[str] = []
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{module_server}/#/join/{game}/{token}")
    flat = page.locator("[data-test=board] .house[data-house='101']")
    flat.wait_for(state="attached")

    def square(cell: str) -> Any:
        return page.locator(f"[data-test=board] rect[data-sq='{cell}']").evaluate(
            "e => { const b = e.getBBox(); return [b.x, b.y, b.width]; }")

    # the apartment covers its 3x3 squares: from (3,3)'s corner to (5,5)'s
    frame = flat.locator("rect").first.evaluate(
        "e => { const b = e.getBBox(); return [b.x, b.y, b.width, b.height]; }")
    x0, y0, side = square("3,3")
    x2, y2, _ = square("5,5")
    assert frame[0] < x0 + side / 2 and frame[1] < y0 + side / 2
    assert frame[0] + frame[2] > x2 + side / 2 and frame[1] + frame[3] > y2 + side / 2
    # a base house stays 2x2
    base = page.locator("[data-test=board] .house[data-house='2'] rect").first.evaluate(
        "e => e.getBBox().width")
    assert base < 2 * side < frame[2]
    # no cap: its five demand tokens, and no empty places
    assert flat.locator(".demand-token").count() == 5
    assert flat.locator("circle[stroke-dasharray]").count() == 0
    # the pieces: the park as neither road nor empty with its mark, the road as a road
    park = page.locator("[data-test=board] .piece[data-cell='0,4']")
    assert park.get_attribute("data-square") == "#"
    assert "piece-blocked" in (park.get_attribute("class") or "")
    assert park.locator(".piece-label").text_content() == "P"
    road = page.locator("[data-test=board] .piece[data-cell='8,4']")
    assert "piece-road" in (road.get_attribute("class") or "")
    assert road.locator(".piece-label").count() == 0
    svg = page.evaluate("document.querySelector('[data-test=board] svg').outerHTML")
    assert "NaN" not in svg and "null" not in svg
    page.screenshot(path=str(artifacts / f"board-overlay-{size[0]}.png"))
    page.context.close()
    assert not errors, errors
