"""Issue 25 item 2 / issue 24's board: a module's placement is offered on the map like the base
ones. Coffee (ketchup.md 4) declares its coffee shop actions placements on their cell
(``ActionType.placement``); right after a Barista training the board highlights exactly the
server's legal squares (also listed for the keyboard), a tap or click on one and Confirm places
the shop, and the shop is drawn in its owner's chain colour with the chain's shape
(``PieceKind.owner``). board.js and decisions.js name no module."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from tests.modules.test_coffee_on_the_board import AFTER_BARISTA
from tests.web.test_accessibility import device  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser
VIEWPORTS = [(390, 844), (1440, 900)]



def legal_shop_squares() -> set[str]:
    state = fcm.load_scenario(AFTER_BARISTA)
    return {f"{a.cell[0]},{a.cell[1]}" for a in fcm.legal_actions(state, 0)
            if a.type == "place_coffee_shop"}


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_coffee_shop_is_placed_by_clicking_its_square(
    device: Any, server: str, artifacts: Any, size: tuple[int, int]  # noqa: F811
) -> None:
    legal = legal_shop_squares()
    assert legal
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": AFTER_BARISTA})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    pg = device(*size)
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector("[data-hl-anchor]")
    shown = set(pg.locator("[data-hl-anchor]").evaluate_all(
        "els => els.map(e => e.dataset.hlAnchor)"))
    assert shown == legal
    # the keyboard's list of legal squares holds the same squares, and each square is a button
    listed = set(pg.locator("[data-test=placement-list] option").evaluate_all(
        "els => els.map(e => e.value).filter(Boolean)"))
    assert listed == legal
    assert pg.locator("[data-hl-anchor]").first.get_attribute("tabindex") == "0"
    if size[0] >= 1000:
        # a square that is not legal: the engine says why, in the game's words (next to no road)
        assert "4,4" not in legal
        pg.locator('[data-sq="4,4"]').click()
        assert "road" in pg.locator("[data-test=error-message]").inner_text()
    # pick a highlighted square wholly on screen and not under the board's tools (a phone
    # shows part of the map)
    board = pg.locator("svg.board-svg").bounding_box()
    target = None
    for cell in sorted(legal):
        sq = pg.locator(f'[data-sq="{cell}"]').bounding_box()
        if (sq["x"] >= board["x"] and sq["y"] >= board["y"]
                and sq["x"] + sq["width"] <= board["x"] + board["width"]
                and sq["y"] + sq["height"] <= board["y"] + board["height"]
                and pg.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('svg')",
                                [sq["x"] + sq["width"] / 2, sq["y"] + sq["height"] / 2])):
            target = cell
            break
    assert target is not None, "no highlighted square on screen"
    square = pg.locator(f'[data-sq="{target}"]')
    (square.tap if size[0] < 1000 else square.click)()
    pg.wait_for_selector(f"[data-hl-anchor='{target}'].selected")
    confirm = pg.locator("[data-test=confirm]")
    (confirm.tap if size[0] < 1000 else confirm.click)()
    shop = pg.locator(f"[data-test=board] .piece.owned[data-cell='{target}']")
    shop.wait_for()
    assert shop.get_attribute("data-owner") == "0"
    assert shop.locator(".chain-shape").count() == 1
    got = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    pieces = got.json()["view"]["pieces"]
    assert {"kind": "coffee_shop", "cell": [int(x) for x in target.split(",")]} in pieces
    svg = pg.evaluate("document.querySelector('[data-test=board] svg').outerHTML")
    assert "NaN" not in svg
    pg.screenshot(path=str(artifacts / f"coffee-shop-placed-{size[0]}.png"))
