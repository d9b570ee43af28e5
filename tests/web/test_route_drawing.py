"""In the browser: hovering a truck's route choice draws its route on the board (a line through
its road squares); choosing it sends the route as drawn, and the engine records it."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

import fcm
from tests.web.ui import UI

pytestmark = pytest.mark.browser

SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["L", 0], ["Q", 0], ["N", 0]]],
    "phase": "working",
    "companies": [{"at_work": ["truck_driver"]}, {}],
    "restaurants": [{"owner": 0, "cell": [3, 0], "entrance": "nw"}],
    "working": {"seat": 0, "step": "food_and_drinks"},
}


def test_truck_route_is_drawn_and_sent_as_drawn(page: Any, server: str, artifacts: Any) -> None:
    fcm.load_scenario(SCENARIO)
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": SCENARIO}).json()
    game, token = made["game"], made["seats"][0]["token"]
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector(".game-screen[data-seat='0']")
    ui = UI(page, server)
    pres = ui.http.get(
        f"/api/games/{game}/presentation", headers={"authorization": f"Bearer {token}"}
    ).json()
    choice = next(a for a in pres["actions"] if a["action"]["type"] == "get_drinks")
    button = page.locator(f"button[data-key='{choice['key']}']")
    button.hover()
    line = page.locator("polyline.hl-route")
    line.wait_for(state="attached")  # a straight line has no height: "hidden" to playwright
    assert line.get_attribute("data-hl-route") == " ".join(f"{r},{c}" for r, c in choice["route"])
    page.screenshot(path=str(artifacts / "truck-route.png"))
    button.click()
    headers = {"authorization": f"Bearer {token}"}

    def collected() -> list[dict[str, Any]]:
        log = ui.http.get(f"/api/games/{game}/log", headers=headers).json()
        return [e for entry in log["entries"] for e in entry["events"]
                if e["kind"] == "drinks_collected"]

    deadline = time.monotonic() + 30
    while not collected():
        assert time.monotonic() < deadline, "the drinks were never collected"
        page.wait_for_timeout(100)
    (got,) = collected()
    assert got["route"] == choice["route"]
