"""Playing in a real browser: a 2-player game against a bot, three full rounds by clicking.

The game starts from a position (typed into the create form's scenario box) where a
restructuring, a hire, a training, a campaign placement and a Dinnertime sale all happen in
round 2; rounds 3 and 4 are then played out by clicking as well. At every decision the page is
checked against the server: cash, demand on the houses, and my cards.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.web.ui import UI

pytestmark = pytest.mark.browser

TILES = [
    [["H", 2], ["F", 3], ["I", 0]],
    [["D", 1], ["R", 0], ["E", 2]],
    [["L", 0], ["B", 1], ["M", 2]],
]

SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 2,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [
        {"hand": ["marketing_trainee", "trainer", "kitchen_trainee", "errand_boy"], "reserve": 300},
        {"hand": ["waitress"], "reserve": 100},
    ],
    "restaurants": [
        {"owner": 0, "cell": [0, 4], "entrance": "se"},
        {"owner": 1, "cell": [10, 8], "entrance": "nw"},
    ],
    "houses": [
        {"number": 13, "demand": ["burger"]},
        {"number": 10, "demand": ["burger", "burger"]},
    ],
    "description": "browser test: round 2 with a full hand",
}


def create_from_lobby(
    page: Any, server: str, scenario: dict[str, Any] | None, seed: int, seats: list[str]
) -> str:
    """Fill in the lobby's create form and open the game as seat 0; returns the game id."""
    page.goto(server + "/")
    page.select_option("[data-test=players]", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"[data-test=seat-kind-{i}]", kind)
        if kind == "bot":
            page.select_option(f"[data-test=seat-bot-{i}]", "easy")
    page.fill("[data-test=seat-name-0]", "Ann")
    page.click("summary")
    page.fill("[data-test=seed]", str(seed))
    if scenario is not None:
        page.fill("[data-test=scenario]", json.dumps(scenario))
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    assert "/#/join/" in invite
    game = invite.split("/#/join/")[1].split("/")[0]
    if sum(k == "human" for k in seats) == 1:
        page.click("[data-test=play-seat-0]")
    else:
        page.click("[data-test=play-hotseat]")
    return game


def check_page_matches_server(ui: UI, game: str, seat: int) -> dict[str, Any]:
    """What the page shows (cash of every chain, demand on every house, my cards) is what the
    server says."""
    page = ui.page
    deadline = time.monotonic() + 60  # the page may be a push behind the server for a moment
    while True:
        st = ui.server_state(game, seat)
        shown = page.locator("[data-test=decision]").get_attribute("data-version")
        if shown == str(st["version"]):
            break
        assert time.monotonic() < deadline, f"the page shows version {shown}, not {st['version']}"
        page.wait_for_timeout(50)
    view = st["view"]
    page.locator("[data-tab=companies]").click()
    for p in view["players"]:
        shown = page.locator(f"[data-test=cash-{p['seat']}]").get_attribute("data-cash")
        assert shown == str(p["cash"]), (
            f"cash of seat {p['seat']}: page {shown}, server {p['cash']}"
        )
    for house in view["houses"]:
        g = page.locator(f"g.house[data-house='{house['number']}']")
        assert g.get_attribute("data-demand") == ",".join(house["demand"]), (
            f"house {house['number']}"
        )
        assert g.locator(".demand-token").count() == len(house["demand"])
    me = view["players"][seat]
    for place, test_id in (("hand", "hand"), ("beach", "beach"), ("at_work", "atwork")):
        shown = page.locator(f"[data-test={test_id}-{seat}]").get_attribute("data-cards")
        assert shown == ",".join(sorted(me[place])), f"{place}: page {shown}, server {me[place]}"
    return st


def generic_move(ui: UI, kinds: list[str]) -> None:
    """A plain strategy for the later rounds, by clicking."""
    page = ui.page
    d = ui.decision()
    if set(kinds) & {
        "place_restaurant",
        "place_campaign",
        "place_house",
        "add_garden",
        "move_restaurant",
    }:
        ui.place()
    elif "send_to_work" in kinds:
        working = page.locator("[data-test=draft-structure] .org-node:not(.empty)").count()
        buttons = d.locator("button[data-type=send_to_work]")
        if buttons.count() and working < 3 and not page.locator("[data-test=overfill]").count():
            ui.send(buttons.first)
        else:
            ui.click_done()
    elif "choose_turn_order" in kinds:
        ui.click_type("choose_turn_order")
    elif "cook" in kinds:
        ui.click_type("cook")
    elif "get_drinks" in kinds:
        ui.click_type("get_drinks")
    elif "start_campaign" in kinds:
        ui.click_type("start_campaign")
    elif "choose_advert" in kinds:
        ui.click_type("choose_advert")
    elif "throw_away" in kinds:  # the freezer: keep none of the first good, in one step
        ui.page.locator("[data-test=freezer-keep]").first.fill("0")
        ui.send(ui.decision().locator("[data-test=freezer-apply]"))
    elif "done" in kinds:
        ui.click_done()
    else:
        ui.click_type(kinds[0])


def test_three_rounds_against_a_bot(page: Any, server: str, artifacts: Any) -> None:
    ui = UI(page, server)
    game = create_from_lobby(page, server, SCENARIO, seed=5, seats=["human", "bot"])
    done: set[str] = set()

    # -- round 2: Restructuring, built card by card, with the overfill warning ------------------
    st = ui.wait_my_turn(game, 0)
    assert st["phase"] == "restructuring"
    while 1 in ui.server_state(game, 0)["actors"]:  # let the bot commit first (undo needs it)
        page.wait_for_timeout(50)
    st = ui.wait_my_turn(game, 0)
    check_page_matches_server(ui, game, 0)
    for card in ("marketing_trainee", "trainer", "kitchen_trainee"):
        ui.click_key({"type": "send_to_work", "employee": card})
        page.wait_for_selector(f"[data-test=draft-structure] [data-card={card}]")
    assert page.locator("[data-test=overfill]").count() == 0
    ui.click_key({"type": "send_to_work", "employee": "errand_boy"})
    warning = page.locator("[data-test=overfill]")
    warning.wait_for()
    assert "only the CEO works" in warning.inner_text()
    ui.send(page.locator("[data-test=undo]"))
    page.wait_for_selector("[data-test=draft-structure]")
    assert page.locator("[data-test=overfill]").count() == 0
    ui.click_done()
    done.add("restructuring")

    # -- the rest of round 2: turn order, hire, train, campaign, cook ---------------------------
    while True:
        st = ui.wait_my_turn(game, 0)
        if st["round"] > 2:
            break
        kinds = ui.kinds()
        check_page_matches_server(ui, game, 0)
        if "hire" in kinds:
            row = ui.decision().locator(
                ".menu-row", has=page.locator('button[data-key*="\\"waitress\\""]')
            )
            assert "no salary" in row.inner_text()
            ui.click_key({"type": "hire", "employee": "waitress"})
            done.add("hire")
        elif "train" in kinds:
            action = {
                "type": "train",
                "trainer": "trainer",
                "employee": "errand_boy",
                "into": "cart_operator",
                "fresh": False,
            }
            key = json.dumps(action, sort_keys=True, separators=(",", ":"))
            row = ui.decision().locator(".menu-row", has=page.locator(f"button[data-key='{key}']"))
            assert "Payday salaries" in row.inner_text()
            ui.click_key(action)
            done.add("train")
        elif "start_campaign" in kinds:
            ui.click_type("start_campaign")
        elif "place_campaign" in kinds:
            # a placement whose campaign reaches a house: the page says which when selected
            pres = ui.presentation(game, 0)
            assert pres["kinds"] == ["place_campaign"], (
                pres["kinds"],
                pres["version"],
                st["version"],
            )
            target = next((a for a in pres["actions"] if a.get("reaches")), pres["actions"][0])
            ui.click_square(tuple(target["anchor"]))
            variants = ui.decision().locator("button[data-variant]")
            if variants.count() > 1:
                ui.decision().locator(f"button[data-variant][data-key='{target['key']}']").click()
            confirm = ui.decision().locator("[data-test=confirm]")
            assert confirm.get_attribute("data-key") == target["key"]
            if target.get("reaches"):
                assert "reaches house" in ui.decision().locator(".confirm-row").inner_text()
            ui.send(confirm)
            done.add("campaign")
        elif "choose_advert" in kinds:
            buttons = ui.decision().locator('button[data-type=choose_advert][data-key*="burger"]')
            ui.send(buttons.last)
        elif "cook" in kinds:
            ui.click_key({"type": "cook", "employee": "kitchen_trainee", "good": "burger"})
        else:
            generic_move(ui, kinds)

    # -- the Dinnertime sale of round 2, in the log and the results ----------------------------
    log = ui.http.get(
        f"/api/games/{game}/log", headers={"authorization": f"Bearer {ui.token(game, 0)}"}
    ).json()
    sales = [e for entry in log["entries"] for e in entry["events"] if e["kind"] == "house_served"]
    assert any(e["house"] == 13 and e["winner"] == 0 for e in sales), sales
    done.add("sale")
    page.locator("[data-tab=results]").click()
    row = page.locator("[data-round='2'] [data-test=dinner-table] tr[data-house='13']")
    row.wait_for()
    assert "Ann" in row.inner_text()
    page.locator("[data-tab=log]").click()
    assert "House 13" in page.locator("[data-test=log]").inner_text()
    check_page_matches_server(ui, game, 0)
    page.screenshot(path=str(artifacts / "board-2-players.png"))

    # -- rounds 3 and 4, clicked through -----------------------------------------------------------
    while True:
        st = ui.wait_my_turn(game, 0)
        if st["status"] == "over" or st["round"] > 4:
            break
        check_page_matches_server(ui, game, 0)
        generic_move(ui, ui.kinds())
    assert st["round"] == 5
    assert done == {"restructuring", "hire", "train", "campaign", "sale"}
    st = check_page_matches_server(ui, game, 0)
    assert page.locator("[data-test=round]").get_attribute("data-round") == str(st["round"])
