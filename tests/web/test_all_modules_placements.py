"""Issue 25 item 3: a browser game with every playable module on (all but Hard Choices, which
New Milestones excludes) is created from the lobby, and the new placements are made by
clicking the board, at 390x844 (a phone, tapped) and 1440x900: a Lobbyist's road and park
(ketchup.md 2), a coffee shop (4) and a billboard beside an apartment (1). The positions are
scenarios the server loads (``POST /api/games`` with ``scenario``), each with every module
on; the page shows each piece and the server's view holds it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fcm.lessons import position
from fcm.rulesets import playable_modules
from tests.web.test_accessibility import device  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser
VIEWPORTS = [(390, 844), (1440, 900)]
ALL = sorted(set(playable_modules()) - {"hard_choices"})  # 0.2: not with New Milestones
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]

LOBBYISTS = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES, "modules": ALL,
    "phase": "working", "round": 2, "turn_order": [0, 1],
    "companies": [{"at_work": ["lobbyist", "lobbyist"]}, {}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "working": {"seat": 0, "step": "lobbyists"},
}
COFFEE = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES, "modules": ALL,
    "phase": "working",
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "companies": [{"at_work": ["trainer"], "beach": ["barista"]}, {}],
    "working": {"seat": 0, "step": "train", "trainers": [["trainer", 0]]},
    "module_data": {"coffee": {"placing": 0}},
}
APARTMENT = position(
    "working", [{"cash": 10, "at_work": ["marketing_trainee"]}, {"cash": 10}],
    tiles=[[["A", 0], ["X", 0]], [["R", 0], ["T", 0]]], modules=ALL,
    working={"seat": 0, "step": "campaigns"},
)


def tap(pg: Any, locator: Any, phone: bool) -> None:
    (locator.tap if phone else locator.click)()


def open_game(
    device: Any, server: str, size: tuple[int, int], scenario: Any  # noqa: F811
) -> tuple[Any, str, str]:
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    pg = device(*size)
    pg.goto(f"{server}/#/join/{game}/{token}")
    return pg, game, token


def view(server: str, game: str, token: str) -> dict[str, Any]:
    got = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert got.status_code == 200, got.text
    return dict(got.json()["view"])


def on_screen(pg: Any, cells: list[str]) -> list[str]:
    """The squares (``"r,c"``) wholly inside the board's view and not under its tools."""
    board = pg.locator("svg.board-svg").bounding_box()
    out = []
    for cell in cells:
        sq = pg.locator(f'[data-sq="{cell}"]').bounding_box()
        if (sq and sq["x"] >= board["x"] and sq["y"] >= board["y"]
                and sq["x"] + sq["width"] <= board["x"] + board["width"]
                and sq["y"] + sq["height"] <= board["y"] + board["height"]
                and pg.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('svg')",
                                [sq["x"] + sq["width"] / 2, sq["y"] + sq["height"] / 2])):
            out.append(cell)
    return out


def place_by_board(pg: Any, kind: str, phone: bool, near: tuple[int, int] = (0, 0)) -> str:
    """Click (tap) a highlighted square on screen that offers a ``kind`` placement, the one
    nearest ``near`` first, pick that variant when there are several, and confirm; returns
    the square."""
    pg.wait_for_selector("[data-hl-anchor]")
    anchors = pg.locator("[data-hl-anchor]").evaluate_all(
        "els => els.map(e => e.dataset.hlAnchor)")

    def away(cell: str) -> tuple[int, str]:
        r, c = (int(x) for x in cell.split(","))
        return (abs(r - near[0]) + abs(c - near[1]), cell)

    for cell in on_screen(pg, sorted(anchors, key=away)):
        tap(pg, pg.locator(f'[data-sq="{cell}"]'), phone)
        pg.wait_for_selector(f"[data-hl-anchor='{cell}'].selected")
        variants = pg.locator(f'[data-test=placement] [data-variant][data-key*=\'"{kind}"\']')
        confirm = pg.locator("[data-test=confirm]")
        if variants.count():
            tap(pg, variants.first, phone)
        elif not confirm.count() or kind not in (confirm.get_attribute("data-key") or ""):
            continue
        confirm.wait_for()
        assert kind in (confirm.get_attribute("data-key") or "")
        tap(pg, confirm, phone)
        return cell
    raise AssertionError(f"no highlighted square on screen offers {kind}")


def test_a_game_with_every_module_is_created_from_the_lobby(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("[data-test=players]", "2")
    page.fill("[data-test=seat-name-0]", "Ann")
    for module in ALL:
        page.check(f"input[data-module={module}]")
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    assert view(server, game, token)["options"]["modules"] == ALL
    page.goto(invite)
    page.wait_for_selector("svg.board-svg [data-sq]")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_road_and_a_park_are_placed_by_clicking_the_board(
    device: Any, server: str, size: tuple[int, int]  # noqa: F811
) -> None:
    phone = size[0] < 1000
    pg, game, token = open_game(device, server, size, LOBBYISTS)
    road = place_by_board(pg, "build_road", phone)
    pg.wait_for_selector(
        f"[data-test=board] .piece[data-piece=road_under_construction][data-cell='{road}']")
    assert pg.locator("[data-test=board] .piece[data-piece=roadworks]").count() >= 1
    # First lobbyist used: the extra map tile is offered (a list: tile x rotation x place)
    tiles = pg.locator("select[data-test=choice-list][data-type=place_map_tile] option")
    tiles.first.wait_for(state="attached")
    assert tiles.count() > 24
    if phone:  # decline it (Done)
        tap(pg, pg.locator("[data-test=done]"), phone)
    else:  # tile C east of the top row; the map grows and is no rectangle
        pg.select_option("select[data-test=choice-list]",
                         label="Map tile C (0 quarter turns) at tile row 0, column 2")
        pg.click("[data-test=choice-confirm]")
        pg.wait_for_selector("svg.board-svg [data-sq='0,12']", state="attached")
        assert pg.locator("svg.board-svg [data-sq='5,12']").count() == 0
        assert view(server, game, token)["tiles"][1][2] == ["", 0]
    park = place_by_board(pg, "build_park", phone)
    pg.wait_for_selector(f"[data-test=board] .piece[data-piece=park][data-cell='{park}']")
    kinds = {p["kind"] for p in view(server, game, token)["pieces"]}
    assert {"road_under_construction", "roadworks", "park"} <= kinds


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_coffee_shop_is_placed_by_clicking_the_board(
    device: Any, server: str, size: tuple[int, int]  # noqa: F811
) -> None:
    pg, game, token = open_game(device, server, size, COFFEE)
    cell = place_by_board(pg, "place_coffee_shop", size[0] < 1000)
    pg.wait_for_selector(f"[data-test=board] .piece.owned[data-cell='{cell}']")
    shop = [int(x) for x in cell.split(",")]
    assert {"kind": "coffee_shop", "cell": shop} in view(server, game, token)["pieces"]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_an_apartment_campaign_is_placed_by_clicking_the_board(
    device: Any, server: str, size: tuple[int, int]  # noqa: F811
) -> None:
    """Billboard #14 beside apartment π (tile X, squares (1, 6)-(3, 8)): two demand tokens a
    campaign there (ketchup.md 1)."""
    phone = size[0] < 1000
    pg, game, token = open_game(device, server, size, APARTMENT)
    start = pg.locator("button[data-type=start_campaign][data-key*='\"number\":14']")
    start.wait_for()
    tap(pg, start, phone)
    place_by_board(pg, "place_campaign", phone, near=(1, 5))
    advert = pg.locator("button[data-type=choose_advert][data-key*=burger]").first
    advert.wait_for()
    tap(pg, advert, phone)
    pg.wait_for_selector("[data-test=board] g.campaign[data-campaign='14']")
    (placed,) = [c for c in view(server, game, token)["campaigns"] if c["number"] == 14]
    assert placed["owner"] == 0 and placed["good"] == "burger"
    apartment = {(r, c) for r in (1, 2, 3) for c in (6, 7, 8)}
    beside = {(r + dr, c + dc) for r, c in apartment
              for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    assert {tuple(x) for x in placed["cells"]} & beside  # it advertises to the apartment


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_map_that_is_no_rectangle_is_drawn_tile_by_tile(
    device: Any, server: str, size: tuple[int, int]  # noqa: F811
) -> None:
    """ketchup.md 2: after First lobbyist used's extra tile the map is no rectangle; the
    board draws the tiles there are, and no square (nothing to click) in the gap."""
    grown = {**LOBBYISTS, "tiles": [*TILES, [["C", 1], ["", 0]]]}
    pg, game, token = open_game(device, server, size, grown)
    pg.wait_for_selector("svg.board-svg [data-sq='12,2']", state="attached")
    assert pg.locator("svg.board-svg [data-sq='12,7']").count() == 0
    assert pg.locator("svg.board-svg [data-sq]").count() == 5 * 25
    assert view(server, game, token)["tiles"][2] == [["C", 1], ["", 0]]


def tap_anchor_beside_the_map(pg: Any, kind: str, phone: bool) -> str:
    """Tap a highlighted square beside the map (it has no board square: its highlight is
    what is tapped) that is on screen and under nothing else, and confirm; returns it."""
    pg.wait_for_selector("[data-hl-anchor]")
    anchors = pg.locator("[data-hl-anchor]").evaluate_all(
        "els => els.map(e => e.dataset.hlAnchor)")
    for cell in sorted(anchors):
        spot = pg.locator(f"[data-hl-anchor='{cell}']")
        box = spot.bounding_box()
        x, y = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) if box else (-1, -1)
        if not box or not pg.evaluate(  # the board's, not a tool's over it
            "([x, y]) => !!document.elementFromPoint(x, y)?.closest('svg.board-svg')", [x, y]
        ):
            continue
        # the point, as a finger or a mouse does it (the margin's edge squares lie on top)
        (pg.touchscreen.tap if phone else pg.mouse.click)(x, y)
        pg.wait_for_selector(f"[data-hl-anchor='{cell}'].selected")
        confirm = pg.locator("[data-test=confirm]")
        confirm.wait_for()
        assert kind in (confirm.get_attribute("data-key") or "")
        tap(pg, confirm, phone)
        return str(cell)
    raise AssertionError(f"no highlighted square beside the map on screen offers {kind}")


RURAL = position(
    "working",
    [{"cash": 10, "at_work": ["rural_marketeer"], "stock": {"burger": 2}}, {"cash": 10}],
    houses=[{"number": 100, "demand": ["burger", "burger", "soda"]}], modules=ALL,
    working={"seat": 0, "step": "campaigns"},
)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_rural_area_is_drawn_and_tapped_and_a_giant_billboard_is_placed(
    device: Any, server: str, size: tuple[int, int]  # noqa: F811
) -> None:
    """ketchup.md 12 with every module on: the rural area is drawn beside the map, on screen
    (a phone: after "Fit"; the board's tools covered it in the top-left corner), and a tap
    shows what it wants (named, not "House 100"; no demand cap); a Rural Marketeer's giant
    billboard (#21 after the gourmet guides 17-20: the north side) is launched by tapping its
    buttons, and First rural marketeer used's freeway is placed by tapping a square beside
    the map."""
    phone = size[0] < 1000
    pg, game, token = open_game(device, server, size, RURAL)
    rural = pg.locator("[data-test=board] g[data-house-beside='100']")
    rural.wait_for()
    assert rural.get_attribute("data-demand") == "burger,burger,soda"
    if phone:  # the phone's first view is the map's middle at a readable size: show it all
        pg.locator(".board-tools button", has_text="Fit").tap()
        pg.wait_for_function("() => document.querySelector('svg.board-svg')"
                             ".getAttribute('viewBox').startsWith('0 0 ')")
    board, box = pg.locator("svg.board-svg").bounding_box(), rural.bounding_box()
    assert box["x"] >= board["x"] and box["y"] >= board["y"]
    assert box["x"] + box["width"] <= board["x"] + board["width"]
    assert box["y"] + box["height"] <= board["y"] + board["height"]
    assert rural.locator(".demand-token").count() == 2  # one token per good, with its count
    tap(pg, rural, phone)
    tip = pg.locator("[data-test=tooltip]:not(.hidden)")
    tip.wait_for()
    text = tip.inner_text()
    assert "The rural area" in text and "House" not in text, text
    assert tip.locator(".tip-demand .good-chip").count() == 3
    assert "no cap" in text, text
    tap(pg, pg.locator("[data-test=tooltip-close]"), phone)

    start = pg.locator("button[data-type=start_campaign][data-key*='\"number\":21']")
    start.wait_for()
    tap(pg, start, phone)
    advert = pg.locator("button[data-type=choose_advert][data-key*=burger]").first
    advert.wait_for()
    tap(pg, advert, phone)
    cell = tap_anchor_beside_the_map(pg, "place_freeway", phone)
    pg.wait_for_selector(f"[data-test=board] .piece[data-piece=freeway][data-cell='{cell}']")
    got = view(server, game, token)
    (placed,) = [c for c in got["campaigns"] if c["number"] == 21]
    assert (placed["owner"], placed["good"], placed["eternal"]) == (0, "burger", True)
    freeway = [int(x) for x in cell.split(",")]
    assert {"kind": "freeway", "cell": freeway} in got["pieces"]
