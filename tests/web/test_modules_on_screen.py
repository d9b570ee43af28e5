"""Issue 26 item 4: modules on screen. Dinnertime sums add up (a module's term in the total, a
milestone's -1, is printed); a gourmet guide reads by its name (never its id), is drawn beside
the board, warns when it would reach no house, and draws no SVG NaN; Clean up with a freezer
says how many items are held for how many places and keeps the amounts chosen in one step."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from fcm.core.phases.dinnertime import ChainStanding
from tests.web.ui import wait_until

pytestmark = pytest.mark.browser
VIEWPORTS = [(390, 844), (1440, 900)]
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]
GUIDE: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES,
    "modules": ["gourmet_food_critics"], "round": 3, "phase": "working",
    "companies": [{"cash": 40, "at_work": ["gourmet_food_critic"]}, {"cash": 10}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "working": {"seat": 0, "step": "campaigns"},
}
FREEZER: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES, "round": 3, "phase": "cleanup",
    "companies": [{"cash": 40, "milestones": {"first_throw_away": 2},
                   "stock": {"burger": 8, "soda": 5}}, {"cash": 10}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
}


def open_scenario(browser: Any, server: str, scenario: dict[str, Any], size: tuple[int, int],
                  errors: list[str]) -> tuple[Any, str, str]:
    fcm.load_scenario(scenario)  # a position the engine accepts
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": scenario})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["seats"][0]["token"]
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/#/join/{game}/{token}")
    page.wait_for_selector("[data-test=decision][data-kinds]")
    return page, game, token


def test_dinnertime_sums_include_the_milestone_term(page: Any, server: str) -> None:
    """ketchup.md 0.x / New Milestones: a chain's offer term (-1) is part of its total, so the
    walk-through, the table and the log print '$10 + 1 − 1 (milestone) = 10', not '= 10'
    after '$10 + 1'."""
    winner = ChainStanding(0, 10, 0, 1, 10, (), 0, "winner", adjust=-1).to_json()
    other = ChainStanding(1, 10, 0, 2, 12, (), 0, "higher_total").to_json()
    served = {"kind": "house_served", "house": 2, "demand": ["burger"], "garden": False,
              "winner": 0, "restaurant": 0, "decided_by": "lowest_total", "amount": 10,
              "cash": 50, "chains": [winner, other],
              "lines": [{"kind": "items", "count": 1, "price": 10, "amount": 10}]}
    events = [{"kind": "dinnertime_started", "round": 2, "bank": 100}, served]
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    got = page.evaluate(
        """async (events) => {
          const { DinnerShow } = await import("/web/js/dinner.js");
          const { dinnertimeTable } = await import("/web/js/results.js");
          const { describe } = await import("/web/js/format.js");
          const ctx = { name: (s) => `Seat ${s}`, catalog: null, board: () => null,
                        place: () => null };
          const show = new DinnerShow(ctx);
          show.show(2, events);
          show.go(show.steps.findIndex((s) => s.kind === "house"));
          const walk = [...document.querySelectorAll("[data-test=dinner-show] td.num")]
            .map((t) => t.textContent);
          const table = dinnertimeTable(events, ctx).textContent;
          return { walk, table, log: describe(events[1], ctx) };
        }""", events)
    assert got["walk"][0] == "$10 + 1 − 1 (milestone) = 10"
    assert "$10 + 2 = 12" in got["walk"]
    assert "$10 + 1 − 1 (milestone) = 10" in got["table"]
    assert "eats at Seat 0: $10 + 1 − 1 (milestone) = 10; earns $10." in got["log"]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_gourmet_guide_is_named_drawn_and_warns_when_it_reaches_no_house(
    browser: Any, server: str, artifacts: Any, size: tuple[int, int]
) -> None:
    """ketchup.md 13: a guide lies beside the board and reaches every house with a garden;
    this map has none, so the choice says it would reach no house now."""
    errors: list[str] = []
    page, _game, _token = open_scenario(browser, server, GUIDE, size, errors)
    panel = page.locator("[data-test=decision]")
    text = panel.inner_text()
    assert "#17 gourmet guide (beside the board)" in text
    assert "gourmet_guide" not in text and "1×1" not in text
    assert page.locator("[data-test=reaches-none]").count() == 4
    warning = page.locator("[data-test=reaches-none]").first.inner_text()
    assert "every house with a garden" in warning
    page.locator("button[data-type=start_campaign]").first.click()
    page.wait_for_selector("[data-test=decision][data-kinds*=choose_advert]")
    assert "NaN" not in page.evaluate("document.querySelector('.board-pane svg').outerHTML")
    page.locator("button[data-type=choose_advert]").first.click()
    beside = page.locator("[data-test=beside-board] .beside-tile[data-campaign='17']")
    beside.wait_for(state="attached")
    beside.scroll_into_view_if_needed()
    assert "#17 gourmet guide" in beside.inner_text()
    assert beside.locator("[data-test=beside-reaches-none]").count() == 1
    assert "NaN" not in page.evaluate("document.querySelector('.board-pane svg').outerHTML")
    page.screenshot(path=str(artifacts / f"gourmet-guide-{size[0]}.png"))
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_freezer_keeps_the_amounts_chosen_in_one_step(
    browser: Any, server: str, artifacts: Any, size: tuple[int, int]
) -> None:
    """facts.md E.7: a freezer keeps up to 10 items, chosen freely. 13 held: the page says so
    with the counts, and keeping 5 burgers and 5 sodas is one choice and one click."""
    errors: list[str] = []
    page, game, token = open_scenario(browser, server, FREEZER, size, errors)
    why = page.locator("[data-test=freezer-why]").inner_text()
    assert "holds 10 items and you have 13: throw 3 away" in why, why
    assert page.locator("[data-test=freezer-apply]").is_disabled()  # 13 do not fit
    page.locator("[data-test=freezer-keep][data-good=burger]").fill("5")
    summary = page.locator("[data-test=freezer-summary]").inner_text()
    assert "Keeping 10 of 13 items; 3 thrown away." in summary
    page.screenshot(path=str(artifacts / f"freezer-{size[0]}.png"))
    page.locator("[data-test=freezer-apply]").click()

    def stock() -> dict[str, int]:
        st = httpx.get(f"{server}/api/games/{game}",
                       headers={"authorization": f"Bearer {token}"}).json()
        return st["view"]["players"][0]["stock"] if st["phase"] != "cleanup" else {}

    got = wait_until(stock, "the freezer decision sent (3 thrown away, then Done)")
    assert got.get("burger") == 5 and got.get("soda") == 5, got
    page.context.close()
    assert not errors, errors
