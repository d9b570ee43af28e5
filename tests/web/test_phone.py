"""Issue #13 item 1, phones and tablets: at 390x844, 768x1024 and 1440x900 the page never
scrolls sideways, the board is full width on phones and tablets, a placement is made by taps,
two fingers pinch-zoom the board, and house, card and milestone texts come by tap (nothing is
reachable by hover only)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import fcm
from tests.web.ui import UI

pytestmark = pytest.mark.browser

VIEWPORTS = [(390, 844), (768, 1024), (1440, 900)]

SETUP: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 1,
    "phase": "setup_restaurants",
    "turn_order": [1, 0],
    "companies": [{"reserve": 300}, {"reserve": 100}],
    "houses": [{"number": 2, "demand": ["burger"]}],
}


@pytest.fixture
def device(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A factory of pages of a given viewport (touch and mobile below 1000 px wide); fails
    the test on any JavaScript error."""
    made: list[Any] = []
    errors: list[str] = []

    def open_page(width: int, height: int) -> Any:
        touch = width < 1000
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch, device_scale_factor=1)
        made.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(60_000)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        return pg

    try:
        yield open_page
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        for ctx in made:
            ctx.close()


def open_placement(pg: Any, server: str) -> tuple[str, int]:
    fcm.load_scenario(SETUP)
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": SETUP}).json()
    game = made["game"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    st = httpx.get(f"{server}/api/games/{game}",
                   headers={"authorization": f"Bearer {tokens[0]}"}).json()
    seat = st["actors"][0]
    pg.goto(f"{server}/#/join/{game}/{tokens[seat]}")
    pg.wait_for_selector(f".game-screen[data-seat='{seat}']")
    return game, seat


def no_sideways_scroll(pg: Any) -> None:
    wide = pg.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide}"


def no_page_scroll(pg: Any) -> None:
    """The game screen fits the window: its panels scroll inside themselves, so the page
    never scrolls the board away (the chat and room panels live in the side panel)."""
    tall = pg.evaluate("[document.scrollingElement.scrollHeight, window.innerHeight]")
    assert tall[0] <= tall[1], f"the page scrolls: {tall}"


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_layout_and_a_placement_by_tap(
    device: Any, server: str, width: int, height: int, artifacts: Any
) -> None:
    pg = device(width, height)
    game, seat = open_placement(pg, server)
    ui = UI(pg, server)
    ui.wait_my_turn(game, seat)
    pg.wait_for_selector("[data-hl-anchor]")
    no_sideways_scroll(pg)
    pg.wait_for_selector("[data-test=chat]")
    no_page_scroll(pg)
    board = pg.locator("svg.board-svg").bounding_box()
    if width <= 900:  # phones and tablets: the board is the full width
        assert board["width"] >= width - 16, board
        assert board["height"] >= 200, board
    else:
        assert board["width"] >= 700, board
    for tab in ("supply", "log", "results", "rules", "companies"):
        pg.click(f"button[data-tab={tab}]")
        no_sideways_scroll(pg)
    pg.screenshot(path=str(artifacts / f"phone-{width}x{height}.png"))
    before = ui.server_state(game, seat)["version"]
    anchor = on_screen_anchor(pg, ui)
    square = pg.locator(f'[data-sq="{anchor[0]},{anchor[1]}"]')
    if width < 1000:
        square.tap()
    else:
        square.click()
    variant = pg.locator("[data-test=decision] button[data-variant]").first
    variant.wait_for()
    (variant.tap if width < 1000 else variant.click)()
    confirm = pg.locator("[data-test=confirm]")
    (confirm.tap if width < 1000 else confirm.click)()
    pg.wait_for_function(
        "(v) => Number(document.querySelector('[data-test=decision]').dataset.version) > v",
        arg=before,
    )
    after = ui.server_state(game, seat)
    assert any(r["owner"] == seat for r in after["view"]["restaurants"])
    no_sideways_scroll(pg)


def on_screen_anchor(pg: Any, ui: UI) -> tuple[int, int]:
    """A highlighted square wholly inside the board's box (a phone shows part of the map)."""
    board = pg.locator("svg.board-svg").bounding_box()
    for anchor in ui.anchors():
        sq = pg.locator(f'[data-sq="{anchor[0]},{anchor[1]}"]').bounding_box()
        if (sq["x"] >= board["x"] and sq["y"] >= board["y"]
                and sq["x"] + sq["width"] <= board["x"] + board["width"]
                and sq["y"] + sq["height"] <= board["y"] + board["height"]):
            return anchor
    raise AssertionError("no highlighted square on screen")


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind,
        "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
    })


def view_box(pg: Any) -> list[float]:
    return [float(x) for x in pg.locator("svg.board-svg").get_attribute("viewBox").split()]


def test_pinch_zoom_pan_and_information_by_tap_on_a_phone(device: Any, server: str) -> None:
    pg = device(390, 844)
    game, seat = open_placement(pg, server)
    pg.wait_for_selector("g.house[data-house='2']")
    box = pg.locator("svg.board-svg").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = pg.context.new_cdp_session(pg)
    start = view_box(pg)
    # two fingers spread apart: zoom in around their middle
    touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for d in (40, 60, 80):
        touch(cdp, "touchMove", [(cx - d, cy), (cx + d, cy)])
    touch(cdp, "touchEnd", [])
    zoomed = view_box(pg)
    assert zoomed[2] < start[2] * 0.7, (start, zoomed)
    # one finger drags: the map pans
    touch(cdp, "touchStart", [(cx, cy)])
    for d in (15, 30, 45):
        touch(cdp, "touchMove", [(cx + d, cy)])
    touch(cdp, "touchEnd", [])
    panned = view_box(pg)
    assert panned[0] < zoomed[0] and panned[2] == pytest.approx(zoomed[2]), (zoomed, panned)
    pg.locator(".board-tools button", has_text="Fit").click()
    pg.wait_for_function(
        "() => document.querySelector('svg.board-svg').getAttribute('viewBox').startsWith('0 0 ')"
    )  # the whole map (the phone's first view shows part of it, readable)
    fitted = view_box(pg)
    assert fitted[2] > start[2] and fitted[3] > start[3], (start, fitted)

    # a tap on a house pins what hover shows on a desktop
    token = UI(pg, server).token(game, seat)
    pres = httpx.get(f"{server}/api/games/{game}/presentation",
                     headers={"authorization": f"Bearer {token}"}).json()
    house = next(h for h in pres["houses"] if h["number"] == 2)
    r, c = house["cells"][0]
    sq = pg.locator(f"[data-sq='{r},{c}']").bounding_box()
    pg.touchscreen.tap(sq["x"] + sq["width"] / 2, sq["y"] + sq["height"] / 2)
    tip = pg.locator("[data-test=tooltip]:not(.hidden)")
    tip.wait_for()
    assert "House 2" in tip.inner_text()
    pg.locator("[data-test=tooltip-close]").tap()
    assert pg.locator("[data-test=tooltip].hidden").count() == 1

    # cards and milestones: their texts by tap (the Rules tab lists every one)
    pg.click("button[data-tab=supply]")
    chip = pg.locator("[data-test=supply] .card-chip[data-card=waitress]")
    chip.tap()
    info = pg.locator("[data-test=info-pop]")
    info.wait_for()
    assert "Waitress" in info.inner_text() and "No salary" in info.inner_text()
    pg.locator("[data-test=milestones-available] [data-milestone]").first.tap()
    assert "Claimed when" in pg.locator("[data-test=info-pop]").inner_text()
    pg.click("button[data-tab=rules]")
    rules = pg.locator("[data-test=rules]")
    pg.locator("[data-rules=glossary] summary").tap()
    assert "Price + distance" in rules.inner_text()
    no_sideways_scroll(pg)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS[:2])
def test_the_lobby_fits_a_phone(device: Any, server: str, width: int, height: int) -> None:
    pg = device(width, height)
    pg.goto(f"{server}/")
    pg.wait_for_selector("[data-test=create]")
    no_sideways_scroll(pg)
