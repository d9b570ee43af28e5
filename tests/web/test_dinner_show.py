"""Issue #13 item 5 in the browser: after the last Working 9-5 action Dinnertime is walked
through house by house (which chain served, price + distance, waitresses, money, the bank
breaking), from the engine's events; and the game-over screen plots cash by round, earnings
and milestones. At 390x844, 768x1024 and 1440x900."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from tests.web.test_phone import VIEWPORTS, device, no_sideways_scroll  # noqa: F401
from tests.web.ui import UI

pytestmark = pytest.mark.browser

# Round 4, Working 9-5: Ann (2 burgers, a Waitress, a restaurant beside house 2) and a bot; the
# bank holds $20 after its first break, so this Dinnertime breaks it for good.
LAST_DINNER: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 4, "phase": "working", "turn_order": [0, 1],
    "bank": 20, "bank_breaks": 1,
    "companies": [
        {"cash": 12, "at_work": ["waitress"], "stock": {"burger": 2}, "reserve": 100},
        {"cash": 3, "reserve": 100},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"},
                    {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    "houses": [{"number": 2, "demand": ["burger", "burger"]}],
}


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_dinnertime_walk_through_and_end_of_game_charts(
    device: Any, server: str, width: int, height: int, artifacts: Any  # noqa: F811
) -> None:
    fcm.load_scenario(LAST_DINNER)
    made = httpx.post(f"{server}/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        "scenario": LAST_DINNER, "table": {"bot_pause_ms": 0}}).json()
    game, token = made["game"], made["seats"][0]["token"]
    pg = device(width, height)
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector(".game-screen[data-seat='0']")
    ui = UI(pg, server)
    ui.wait_my_turn(game, 0)
    assert pg.locator("[data-test=dinner-show]").count() == 0  # not before Dinnertime
    while ui.server_state(game, 0)["your_turn"]:
        ui.click_done()
    show = pg.locator("[data-test=dinner-show]")
    show.wait_for()
    pg.locator("[data-test=bank-alert-ok]").click()  # the bank's own alert (botlog.js) first
    assert show.get_attribute("data-kind") == "start"
    assert "$20" in show.inner_text()  # the bank as Dinnertime began
    kinds = []
    texts = []
    for _ in range(10):
        kinds.append(show.get_attribute("data-kind"))
        texts.append(show.inner_text())
        if kinds[-1] == "house":
            # the house and the restaurant that served it are marked on the board
            assert pg.locator('.board-pane [data-house="2"].dinner-focus').count() == 1
            assert pg.locator('.board-pane .restaurant[data-owner="0"].dinner-focus').count() == 1
            # each chain named is marked by its shape as well as its colour (issue 26 item 7)
            marks = show.locator(".swatch").evaluate_all(
                "els => els.map(e => [e.tagName.toLowerCase(), e.dataset.shape || ''])")
            assert marks and all(tag == "svg" and shape for tag, shape in marks), marks
        no_sideways_scroll(pg)
        if pg.locator("[data-test=dinner-done]").count():
            break
        pg.locator("[data-test=dinner-next]").click()
    assert kinds == ["start", "house", "bank", "income", "totals"]
    house = texts[1]
    assert "Ann serves it from restaurant #1" in house and "$10 + 0 = 10" in house
    sale = next(e for e in httpx.get(
        f"{server}/api/games/{game}/dinnertime/4", headers={"authorization": f"Bearer {token}"}
    ).json()["events"] if e["kind"] == "house_served")
    why = {"only_candidate": "the only chain that could serve it",
           "lowest_total": "the lowest price + distance"}[sale["decided_by"]]
    assert why in house  # the engine's reason, in words
    assert f"Ann earns $20 from the bank: cash ${sale['cash']}" in house
    assert "The bank broke for the last time" in texts[2]
    assert "1 Waitress × $3 = $3" in texts[3]
    pg.screenshot(path=str(artifacts / f"dinner-{width}x{height}.png"))
    pg.locator("[data-test=dinner-done]").click()
    assert show.count() == 0 and pg.locator(".dinner-focus").count() == 0
    # the game is over: the Results tab plots the game
    stats = pg.locator("[data-test=game-stats]")
    stats.wait_for()
    assert pg.locator("[data-test=chart-cash] polyline").count() == 2
    cash = pg.locator('[data-test=chart-cash] polyline[data-seat="0"] title').text_content()
    assert cash.endswith("$35")  # Ann's cash as the engine reported it after Dinnertime
    assert pg.locator("[data-test=chart-earnings] rect[data-seat]").count() == 2
    assert pg.locator('[data-test=chart-milestones] [data-milestone="first_20"]').count() == 1
    # and the walk-through can be opened again from the Results
    pg.locator("[data-test=dinner-replay]").first.click()
    show.wait_for()
    pg.locator("[data-test=dinner-close]").click()
    no_sideways_scroll(pg)
