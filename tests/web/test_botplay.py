"""Playing with bots in the browser (issue 16 #5 and #6, issue 13 #5): the lobby's levels and
table options, the visible bot pause, the summary of each bot's turn, the bank-break alert and
the Hint button."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.web.ui import UI

pytestmark = pytest.mark.browser

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]

# Working 9-5, round 2: Ann (seat 0) hires first; then the bot's turn, with three hires (CEO
# and Recruiting Girl) and a Trainer at work.
BOT_TURN: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 2,
    "phase": "working",
    "turn_order": [0, 1],
    "companies": [
        {"reserve": 300},
        {"reserve": 100, "at_work": ["recruiting_girl", "trainer"], "beach": ["waitress"]},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "working": {"seat": 0, "step": "hire"},
}

# Seat 0's last decision of Working 9-5: cooking. Dinnertime follows, and house 2's burgers
# cost more than the $5 left in the bank: it breaks (facts.md: the bank breaks).
BANK_BREAKS: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": TILES,
    "round": 4,
    "phase": "working",
    "turn_order": [1, 0],
    "bank": 5,
    "companies": [
        {"cash": 12, "at_work": ["waitress", "burger_cook"], "stock": {"burger": 2},
         "reserve": 300},
        {"cash": 3, "reserve": 100},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "houses": [{"number": 2, "demand": ["burger", "burger"]}],
    "working": {"seat": 0, "step": "food_and_drinks"},
}


def create(server: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{server}/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(page: Any, server: str, made: dict[str, Any], seat: int | None = 0) -> None:
    token = made["spectator"]["token"] if seat is None else made["seats"][seat]["token"]
    page.goto(f"{server}/#/join/{made['game']}/{token}")
    page.wait_for_selector("[data-test=decision][data-version]")


def test_the_lobby_offers_every_level_with_a_description_and_the_table_options(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    page.select_option("[data-test=players]", "2")
    page.select_option("[data-test=seat-kind-1]", "bot")
    levels = page.locator("[data-test=seat-bot-1] option").evaluate_all(
        "os => os.map(o => o.value)"
    )
    assert levels == ["random", "easy", "medium", "hard"]
    about = {}
    for level in levels:
        page.select_option("[data-test=seat-bot-1]", level)
        about[level] = page.text_content("[data-test=seat-bot-about-1]")
    assert all(about.values()) and len(set(about.values())) == 4
    assert "look-ahead" in about["hard"]
    page.select_option("[data-test=seat-bot-1]", "hard")
    pauses = page.locator("[data-test=bot-pause] option").evaluate_all(
        "os => os.map(o => o.value)"
    )
    assert pauses == ["0", "500", "1000", "2000"]
    page.select_option("[data-test=bot-pause]", "2000")
    page.check("[data-test=hints]")
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    st = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert st.json()["table"] == {"bot_pause_ms": 2000, "hints": True, "rated": False}
    assert st.json()["seats"][1]["bot"] == "hard"


def test_bots_pause_visibly_and_their_turn_is_summarised(page: Any, server: str) -> None:
    made = create(server, seats=[{"kind": "human", "name": "Ann"},
                                 {"kind": "bot", "bot": "medium", "name": "Robo"}],
                  scenario=BOT_TURN, table={"bot_pause_ms": 500})
    join(page, server, made)
    ui = UI(page, server)
    ui.wait_my_turn(made["game"], 0)
    t0 = time.monotonic()
    ui.click_done()  # Ann ends her hiring, and her turn: the bot's turn follows
    latest = page.locator("[data-test=bot-latest]")
    latest.locator("text=hired").first.wait_for()
    assert time.monotonic() - t0 >= 0.45  # the bot's first move waited out the pause
    # the bot's turn goes on, one visible move per pause, while the page waits for it
    assert page.locator("[data-test=waiting]").count() == 1
    # the summary: the bot's Working 9-5 turn, in the game's words, as it happens
    turn = latest.locator(".bot-turn[data-phase=working]").first
    turn.locator("li").filter(has_text="hired").nth(1).wait_for()
    assert "Robo" in turn.text_content()
    ui.wait_my_turn(made["game"], 0)
    elapsed = time.monotonic() - t0
    log = httpx.get(f"{server}/api/games/{made['game']}/log",
                    headers={"authorization": f"Bearer {made['seats'][0]['token']}"}).json()
    moves = sum(1 for e in log["entries"][1:] if e["seat"] == 1)
    assert moves >= 3 and elapsed >= 0.45 * moves
    page.click("[data-tab=bots]")
    tab = page.locator("[data-test=bot-turns]")
    working = tab.locator(".bot-turn[data-phase=working]")
    assert working.count() == 1 and "Robo" in working.text_content()
    # the scenario starts inside round 2's Working 9-5 (no phase_started): still round 2
    assert working.get_attribute("data-round") == "2" and "round 2," in working.text_content()
    assert working.locator("li").filter(has_text="hired").count() >= 2
    assert "Ann" not in tab.text_content()  # only bots' turns


def test_an_alert_when_the_bank_breaks(page: Any, server: str) -> None:
    made = create(server, seats=[{"kind": "human", "name": "Ann"},
                                 {"kind": "bot", "bot": "random"}], scenario=BANK_BREAKS)
    join(page, server, made)
    ui = UI(page, server)
    ui.wait_my_turn(made["game"], 0)
    assert page.locator("[data-test=bank-alert]").count() == 0
    ui.click_type("cook")
    alert = page.locator("[data-test=bank-alert]")
    alert.wait_for()
    assert alert.get_attribute("data-final") == "0"
    assert "The bank broke!" in alert.text_content() and "$400" in alert.text_content()
    page.click("[data-test=bank-alert-ok]")
    assert alert.count() == 0
    page.reload()  # a reload shows the log, not the alert again
    page.wait_for_selector("[data-test=decision][data-version]")
    assert page.locator("[data-test=bank-alert]").count() == 0


def test_the_second_bank_break_alert_says_the_game_ends(page: Any, server: str) -> None:
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    page.wait_for_selector("[data-test=create]")
    text = page.evaluate("""async () => {
        const { bankAlert } = await import("/web/js/botlog.js");
        const box = bankAlert(document.body, { events: [{ kind: "bank_broken", final: true }] },
                              { name: (s) => `Seat ${s + 1}`, catalog: null });
        return box.dataset.final + "|" + box.textContent;
    }""")
    assert text.startswith("1|The bank broke for the second time")
    assert "The game ends after this Dinnertime." in text


def test_the_hint_button_in_a_live_game_that_allows_hints(page: Any, server: str) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    off = create(server, seats=seats, seed=2)
    join(page, server, off)
    page.wait_for_selector("[data-test=your-turn]")
    assert page.locator("[data-test=hint-box]").is_hidden()  # created without hints

    made = create(server, seats=seats, seed=2, table={"hints": True})
    join(page, server, made)
    page.wait_for_selector("[data-test=your-turn]")
    page.click("[data-test=hint]")
    result = page.locator("[data-test=hint-result]")
    result.wait_for()
    candidates = result.locator("[data-test=hint-candidate]")
    assert candidates.count() >= 2
    assert "Reserve card $" in candidates.first.text_content()
    assert "lead" in candidates.first.text_content()
    # issue 30 item 6: the plan behind the best move (from the server's catalogs) and what it
    # was compared with
    plan = result.locator("[data-test=hint-plan]")
    assert plan.text_content().startswith("Why: ")
    assert "Compared with" in plan.locator("[data-test=hint-compared]").text_content()


def test_the_hint_button_for_a_finished_game(page: Any, server: str) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    made = create(server, seats=bots, seed=4, options={"round_limit": 1})
    deadline = time.monotonic() + 30
    token = made["spectator"]["token"]
    while httpx.get(f"{server}/api/games/{made['game']}",
                    headers={"authorization": f"Bearer {token}"}).json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    join(page, server, made, seat=None)
    page.fill("[data-test=hint-at]", "3")
    page.click("[data-test=hint]")
    result = page.locator("[data-test=hint-result]")
    result.wait_for()
    assert "After 3 of" in result.text_content()
    assert "Played in the game:" in result.locator("[data-test=hint-played]").text_content()
    assert result.locator("[data-test=hint-candidate]").count() >= 1
