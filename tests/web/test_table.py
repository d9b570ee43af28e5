"""Issue #13 in the browser: the playtest's bugs (the pass-the-device screen follows the game,
tabs keep their own scroll, the Dinnertime table with every payment, the eternal billboard
warning, no tile codes and a tidy 1x1 mailbox, the Order of Business notice)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from tests.web.ui import UI

pytestmark = pytest.mark.browser

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def open_game(page: Any, server: str, body: dict[str, Any], seat: int = 0) -> tuple[str, dict]:
    """Create a game over HTTP and open it in the page as ``seat`` (its invitation link)."""
    if "scenario" in body:
        fcm.load_scenario(body["scenario"])  # the position is legal for the engine
    r = httpx.post(f"{server}/api/games", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    game, token = made["game"], made["seats"][seat]["token"]
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector(f".game-screen[data-seat='{seat}']")
    # live: an action posted by a test after this reaches the page as a push, with its events
    page.wait_for_selector("[data-test=connection][data-state=live]")
    return game, made


def boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    )


def test_pass_screen_follows_a_seat_that_acts_from_its_own_link(page: Any, server: str) -> None:
    """Hot-seat: while the pass screen waits for a seat, that seat acts from its own link;
    the screen moves on to the next local seat instead of going stale."""
    r = httpx.post(f"{server}/api/games", json={"players": 2, "seed": 4}).json()
    game, t0, t1 = r["game"], r["seats"][0]["token"], r["seats"][1]["token"]
    page.goto(f"{server}/#/join/{game}/{t0}")
    page.wait_for_selector(".game-screen[data-seat='0']")
    page.goto(f"{server}/#/join/{game}/{t1}")
    page.wait_for_selector(".game-screen[data-seat='1']")
    page.goto(f"{server}/#/game/{game}")  # both seats: hot-seat
    page.wait_for_selector("[data-test=pass-screen][data-seat='0']")
    h0 = {"authorization": f"Bearer {t0}"}
    v = httpx.get(f"{server}/api/games/{game}", headers=h0).json()["version"]
    act = {"version": v, "action": {"type": "choose_reserve", "money": 200}}
    assert httpx.post(f"{server}/api/games/{game}/actions", headers=h0, json=act).status_code == 200
    page.wait_for_selector("[data-test=pass-screen][data-seat='1']")
    text = page.locator("body").inner_text()
    assert "$" not in text  # still nothing secret on the pass screen


def test_tabs_keep_their_own_scroll_and_results_open_at_the_newest_round(
    page: Any, server: str
) -> None:
    open_game(page, server, {"players": 5, "seed": 11})
    body = page.locator(".tab-body")
    page.wait_for_selector(".company")
    page.evaluate("document.querySelector('.tab-body').scrollTop = 300")
    top = body.evaluate("e => e.scrollTop")
    assert top > 0, "the companies of 5 players overflow the tab"
    page.click("button[data-tab=supply]")
    assert body.evaluate("e => e.scrollTop") == 0
    page.click("button[data-tab=results]")
    assert body.evaluate("e => e.scrollTop") == 0
    page.click("button[data-tab=companies]")
    page.wait_for_selector(".company")
    assert body.evaluate("e => e.scrollTop") == top


DINNER: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 4,
    "phase": "dinnertime",
    "turn_order": [1, 0],
    "companies": [
        {"cash": 12, "at_work": ["waitress", "cfo"], "stock": {"burger": 2}},
        {"cash": 3, "reserve": 100},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "houses": [{"number": 2, "demand": ["burger", "burger"]}],
}


def test_dinnertime_table_shows_the_restaurant_waitresses_cfo_and_totals(
    page: Any, server: str
) -> None:
    game, made = open_game(page, server, {"seats": [{"kind": "human", "name": "Ann"},
                                                    {"kind": "human"}], "scenario": DINNER})
    token = made["seats"][0]["token"]
    events = httpx.get(f"{server}/api/games/{game}/dinnertime/4",
                       headers={"authorization": f"Bearer {token}"}).json()["events"]
    earned = next(e for e in events if e["kind"] == "dinnertime_earnings")["earned"]
    waitress = next(e for e in events if e["kind"] == "waitress_income")["amount"]
    cfo = next(e for e in events if e["kind"] == "cfo_bonus")["amount"]
    page.click("button[data-tab=results]")
    page.click("text=Show the Dinnertime report")
    served = page.locator("[data-test=dinner-table] [data-test=served-by]").first
    served.wait_for()
    assert served.inner_text() == "Ann restaurant #1"
    row = page.locator("[data-test=dinner-totals] tr[data-seat='0']")
    assert row.locator("[data-test=waitress-income]").inner_text() == f"${waitress}"
    assert row.locator("[data-test=cfo-bonus]").inner_text() == f"${cfo}"
    assert row.locator("[data-test=earned]").inner_text() == f"${earned['0']}"
    page.locator("summary", has_text="Full explanation").click()
    report = page.locator("[data-test=dinner-report]").inner_text()
    assert "restaurant #1" in report and "seat 0" not in report and "Ann" in report


BILLBOARD: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 2,
    "phase": "working",
    "turn_order": [0, 1],
    "companies": [{"at_work": ["marketing_trainee"], "reserve": 300}, {"reserve": 100}],
    "restaurants": [
        {"owner": 0, "cell": [0, 0], "entrance": "se"},
        {"owner": 1, "cell": [8, 8], "entrance": "nw"},
    ],
    "working": {"seat": 0, "step": "campaigns"},
}


def test_first_billboard_advert_says_eternal_and_warns(page: Any, server: str) -> None:
    """Excerpt 002 "Eternal campaigns": the billboard that claims First billboard is eternal;
    the advert choice says so (not "1 round") and that the marketeer stays busy."""
    game, _ = open_game(page, server, {"players": 2, "scenario": BILLBOARD})
    ui = UI(page, server)
    ui.wait_my_turn(game, 0)
    billboard = page.locator("[data-test=decision] button[data-type=start_campaign]",
                             has_text="billboard").first
    ui.send(billboard)
    ui.place()
    ui.wait_my_turn(game, 0)
    warning = page.locator("[data-test=eternal-warning]")
    warning.wait_for()
    assert "First billboard placed" in warning.inner_text() and "busy" in warning.inner_text()
    labels = page.locator("[data-test=decision] button[data-type=choose_advert]").all_inner_texts()
    assert labels and set(labels) == {"eternal"}


MAILBOX: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 3,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [{"reserve": 300, "milestones": ["first_billboard"]}, {"reserve": 100}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "campaigns": [
        {"number": 9, "owner": 0, "good": "soda", "cell": [3, 5], "remaining": 1,
         "eternal": True, "marketeer": "campaign_manager"},
    ],
}


def test_no_tile_codes_and_a_1x1_mailbox_keeps_good_and_infinity_apart(
    page: Any, server: str
) -> None:
    open_game(page, server, {"players": 2, "scenario": MAILBOX})
    page.wait_for_selector("g.campaign[data-campaign='9']")
    assert page.locator(".tile-letter").count() == 0
    assert "↻" not in (page.locator("svg.board-svg").text_content() or "")
    mailbox = page.locator("g.campaign[data-campaign='9']")
    assert mailbox.locator(".duration").text_content() == "∞"
    good = mailbox.locator(".good-token").bounding_box()
    duration = mailbox.locator(".duration").bounding_box()
    number = mailbox.locator("text").first.bounding_box()
    assert not boxes_overlap(good, duration), (good, duration)
    assert not boxes_overlap(number, good), (number, good)


ORDER: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 2,
    "phase": "order_of_business",
    "turn_order": [0, 1],
    "companies": [
        {"at_work": ["waitress", "kitchen_trainee"], "reserve": 300},
        {"reserve": 100},
    ],
    "restaurants": [
        {"owner": 0, "cell": [0, 0], "entrance": "se"},
        {"owner": 1, "cell": [8, 8], "entrance": "nw"},
    ],
}


def test_order_of_business_notice_when_the_last_position_was_given(
    page: Any, server: str
) -> None:
    """Excerpt 000 "Phase 2": the last chooser takes the last free position without a
    decision; the page says so instead of leaving the player to wonder."""
    game, made = open_game(page, server, {"seats": [{"kind": "human"}, {"kind": "human"}],
                                          "scenario": ORDER})
    t1 = made["seats"][1]["token"]
    h1 = {"authorization": f"Bearer {t1}"}
    st = httpx.get(f"{server}/api/games/{game}", headers=h1).json()
    assert st["actors"] == [1]  # more open slots: seat 1 chooses first
    act = {"version": st["version"], "action": {"type": "choose_turn_order", "position": 1}}
    assert httpx.post(f"{server}/api/games/{game}/actions", headers=h1, json=act).status_code == 200
    notice = page.locator("[data-test=notice]:not(.hidden)")
    notice.wait_for()
    assert "position 2" in notice.inner_text() and "only one left" in notice.inner_text()
    page.click("button[data-tab=log]")
    assert "(the only one left)" in page.locator("[data-test=log]").inner_text()


def test_the_notice_also_reaches_a_page_whose_socket_was_down(page: Any, server: str) -> None:
    """The same notice when the change came while the page's WebSocket was down (a dropped
    connection, or one not yet open): the page reconnects with the version it shows and is
    sent the events it missed (it used to get the new state alone, and no notice)."""
    game, made = open_game(page, server, {"seats": [{"kind": "human"}, {"kind": "human"}],
                                          "scenario": ORDER})
    # the socket drops, and the page holds off reconnecting until the change is made
    page.evaluate("""() => { const s = window.fcmScreen; s.realConnect = s.connect;
                             s.connect = () => {}; s.ws.close(); }""")
    page.wait_for_selector("[data-test=connection][data-state=down]")
    h1 = {"authorization": f"Bearer {made['seats'][1]['token']}"}
    st = httpx.get(f"{server}/api/games/{game}", headers=h1).json()
    act = {"version": st["version"], "action": {"type": "choose_turn_order", "position": 1}}
    assert httpx.post(f"{server}/api/games/{game}/actions", headers=h1, json=act).status_code == 200
    assert page.locator("[data-test=notice]:not(.hidden)").count() == 0
    page.evaluate("() => { const s = window.fcmScreen; s.connect = s.realConnect; s.connect(); }")
    notice = page.locator("[data-test=notice]:not(.hidden)")
    notice.wait_for()
    assert "position 2" in notice.inner_text() and "only one left" in notice.inner_text()
