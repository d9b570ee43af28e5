"""The board at 5 players, full of pieces (every campaign kind, Coming Soon, a drive-in, a placed
house, gardens, demand), screenshotted for a person to look at; and the house tooltip shows
the server's price + distance for every chain."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from fcm.core.company import board_of, restaurant_cells
from fcm.core.geometry import campaign_cells
from fcm.rulesets import base_ruleset
from tests.web.ui import UI

pytestmark = pytest.mark.browser


def busy_scenario() -> dict[str, Any]:
    """A 5-player position with one of everything, placed legally by the engine's geometry."""
    state = fcm.new_game(5, seed=2)
    board = board_of(state)
    occupied: set[tuple[int, int]] = {c for h in state.houses.values() for c in h.cells}
    restaurants = []
    spots = board.legal_restaurant_placements(occupied)
    step = len(spots) // 7
    for i, seat in enumerate([0, 1, 2, 3, 4, 0]):
        cell, corner = next(
            (c, k) for c, k in spots[i * step :] + spots if occupied.isdisjoint(restaurant_cells(c))
        )
        occupied |= set(restaurant_cells(cell))
        restaurants.append(
            {
                "owner": seat,
                "cell": list(cell),
                "entrance": corner.value,
                "open": seat != 3,
                "drive_in": seat == 4,
            }
        )
    cell, garden = board.legal_house_placements(occupied)[len(spots) // 3 % 7]
    occupied |= {*((cell[0] + dr, cell[1] + dc) for dr in (0, 1) for dc in (0, 1)), *garden}
    houses: list[dict[str, Any]] = [
        {
            "number": 1,
            "cell": list(cell),
            "garden": [list(g) for g in garden],
            "demand": ["pizza", "pizza", "beer", "soda"],
        }
    ]
    printed = sorted(state.houses.values(), key=lambda h: h.number)
    goods = [["burger"], ["pizza", "lemonade"], ["burger", "burger", "beer"], [], ["soda"]]
    for house, demand in zip(printed, goods * 3, strict=False):
        houses.append({"number": house.number, "demand": demand})
    target = printed[-1]
    gardens = board.legal_garden_placements(target.cells, occupied)
    if gardens:
        houses[-1]["garden"] = [list(g) for g in gardens[0]]
        occupied |= set(gardens[0])
    campaigns = []
    kinds = [
        (11, "burger", "marketing_trainee", True),
        (7, "pizza", "campaign_manager", False),
        (1, "beer", "brand_director", False),
        (14, "lemonade", "marketing_trainee", False),
    ]
    for n, (number, good, marketeer, eternal) in enumerate(kinds):
        tile = base_ruleset().catalog.campaigns[number]
        options = board.legal_campaign_placements(tile.height, tile.width, occupied)
        cell, orientation = options[(n * 37) % len(options)]
        occupied |= set(campaign_cells(cell, tile.height, tile.width, orientation))
        campaigns.append(
            {
                "number": number,
                "owner": n % 5,
                "good": good,
                "marketeer": marketeer,
                "remaining": 1 if eternal else 3,
                "eternal": eternal,
                "cell": list(cell),
                "orientation": None if orientation is None else orientation.value,
            }
        )
    campaigns.append(
        {
            "number": 5,
            "owner": 2,
            "good": "soda",
            "marketeer": "brand_manager",
            "remaining": 2,
            "eternal": False,
            "edge": "n",
            "first": 4,
        }
    )
    campaigns.append(
        {
            "number": 4,
            "owner": 3,
            "good": "burger",
            "marketeer": "brand_manager",
            "remaining": 4,
            "eternal": False,
            "edge": "w",
            "first": 9,
        }
    )
    return {
        "format": "fcm-scenario/1",
        "players": 5,
        "tiles": [[list(t) for t in row] for row in state.tiles],
        "round": 3,
        "phase": "order_of_business",
        "turn_order": [2, 0, 1, 4, 3],
        "companies": [
            {
                "cash": 40,
                "at_work": ["management_trainee", "waitress", "kitchen_trainee"],
                "stock": {"burger": 2},
                "reserve": 300,
            },
            {"cash": 12, "at_work": ["pricing_manager"], "beach": ["trainer"], "reserve": 100},
            {"cash": 7, "at_work": ["errand_boy"], "stock": {"soda": 1}, "reserve": 200},
            {"cash": 0, "reserve": 200},
            {
                "cash": 55,
                "at_work": ["regional_manager"],
                "milestones": ["first_train"],
                "reserve": 100,
            },
        ],
        "restaurants": restaurants,
        "houses": houses,
        "campaigns": campaigns,
    }


def test_board_at_five_players(page: Any, server: str, artifacts: Any) -> None:
    scenario = busy_scenario()
    fcm.load_scenario(scenario)  # the position is legal for the engine
    made = httpx.post(f"{server}/api/games", json={"players": 5, "scenario": scenario}).json()
    game, token = made["game"], made["seats"][0]["token"]
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector(".game-screen[data-seat='0']")
    ui = UI(page, server)
    page.wait_for_selector("g.campaign[data-campaign='11']")
    page.wait_for_selector("g.airplane[data-campaign='4']")
    assert page.locator("g.restaurant").count() == 6
    assert page.locator("g.restaurant.coming-soon").count() == 1
    assert page.locator("g.restaurant.drive-in").count() == 1
    assert page.locator("g.restaurant.drive-in .entrance").count() == 4
    assert page.locator("g.house.placed[data-house='1'] .demand-token").count() == 4
    assert page.locator("g.house .garden").count() == 1 + int("garden" in scenario["houses"][-1])
    assert page.locator("g.campaign[data-campaign='11'] .duration").text_content() == "∞"
    page.screenshot(path=str(artifacts / "board-5-players.png"))

    # hovering a house: its demand and, per chain, price + distance, as the server computes them
    pres = ui.http.get(
        f"/api/games/{game}/presentation", headers={"authorization": f"Bearer {token}"}
    ).json()
    house = next(h for h in pres["houses"] if h["number"] == 1)
    r, c = house["cell"]
    page.locator(f"[data-sq='{r},{c}']").hover()
    tip = page.locator("[data-test=tooltip]")
    tip.wait_for()
    text = tip.inner_text()
    assert "House 1" in text and "garden" in text
    for chain in house["chains"]:
        row = tip.locator(f"tr[data-seat='{chain['seat']}']").inner_text()
        if chain["status"] == "connected":
            assert f"${chain['price']} + {chain['distance']} = {chain['total']}" in row
        else:
            assert (
                "not connected" if chain["status"] == "not_connected" else "no open restaurant"
            ) in row
    page.screenshot(path=str(artifacts / "board-5-players-hover.png"))

    # zoom and pan keep working
    before = page.locator("svg.board-svg").get_attribute("viewBox")
    page.locator(".board-tools button").first.click()
    assert page.locator("svg.board-svg").get_attribute("viewBox") != before
    page.locator(".board-tools button", has_text="Fit").click()
    assert page.locator("svg.board-svg").get_attribute("viewBox") == before
