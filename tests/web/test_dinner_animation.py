"""Issue 26 item 11 in the browser: Dinnertime shown, not only told. The walk-through plays:
the house picks its chain, the goods travel the road route the server sent, the money flies
from the bank to the chain (the bank and cash figures change); with play/pause, a speed and
skip, which ends on the totals with the bank and cash as Dinnertime left them. With
prefers-reduced-motion there is no animation: the steps only. At 390x844 and 1440x900."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.test_dinner_show import LAST_DINNER
from tests.web.test_phone import device, no_sideways_scroll  # noqa: F401
from tests.web.ui import UI

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1440, 900)]

# every goods token and coin the page ever shows, recorded as it is added
WATCH = """
window.__seen = [];
new MutationObserver((muts) => {
  for (const m of muts) for (const n of m.addedNodes) {
    const t = n.nodeType === 1 && n.dataset ? n.dataset.test : null;
    if (t === "dinner-goods" || t === "dinner-coin")
      window.__seen.push({ test: t, route: n.dataset.route || null, text: n.textContent });
  }
}).observe(document, { subtree: true, childList: true });
"""


def _open(pg: Any, server: str) -> tuple[Any, dict[str, Any]]:
    made = httpx.post(f"{server}/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        "scenario": LAST_DINNER, "table": {"bot_pause_ms": 0}}).json()
    game, token = made["game"], made["seats"][0]["token"]
    pg.add_init_script(WATCH)
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector(".game-screen[data-seat='0']")
    ui = UI(pg, server)
    ui.wait_my_turn(game, 0)
    while ui.server_state(game, 0)["your_turn"]:  # Ann's last Working 9-5 actions: Dinnertime
        ui.click_done()
    show = pg.locator("[data-test=dinner-show]")
    show.wait_for()
    pg.locator("[data-test=bank-alert-ok]").click()
    events = httpx.get(f"{server}/api/games/{game}/dinnertime/4",
                       headers={"authorization": f"Bearer {token}"}).json()["events"]
    return show, {e["kind"]: e for e in events}


def _played(pg: Any, *kinds: str) -> None:
    pg.wait_for_function(
        "(k) => k.every((x) => (document.querySelector('[data-test=dinner-show]').dataset.played"
        " || '').split(' ').includes(x))", arg=list(kinds), timeout=30_000)


def _final_state(pg: Any, show: Any, ev: dict[str, Any]) -> None:
    """The totals step, nothing moving, the bank and Ann's cash as Dinnertime left them."""
    assert show.get_attribute("data-kind") == "totals"
    assert show.get_attribute("data-playing") == ""
    end = ev["dinnertime_earnings"]
    bank = pg.locator("[data-test=dinner-bank-total]")
    assert bank.get_attribute("data-bank") == str(end["bank"])
    ann = pg.locator('[data-test=dinner-cash][data-seat="0"]')
    assert ann.get_attribute("data-cash") == str(end["cash"]["0"])
    assert pg.locator("[data-test=dinner-anim], .dinner-coin").count() == 0
    assert pg.locator(".dinner-show [data-test=dinner-done]").count() == 1


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_dinnertime_plays_pauses_and_skips(
    device: Any, server: str, width: int, height: int, artifacts: Any  # noqa: F811
) -> None:
    pg = device(width, height)
    show, ev = _open(pg, server)
    sale = ev["house_served"]
    # the server sends the sale's road route (tests/test_presentation_dinnertime_routes.py
    # checks it is a road route of the sale's distance)
    assert sale["route"] and all(len(c) == 2 for c in sale["route"])
    assert pg.locator("[data-test=dinner-goods]").count() == 0  # nothing moves by itself
    # fast: the whole Dinnertime plays through to the totals
    pg.locator("[data-test=dinner-speed]").select_option("4")
    pg.locator("[data-test=dinner-play]").click()
    _played(pg, "totals")
    assert show.get_attribute("data-played") == "start house:2 bank income totals"
    seen = pg.evaluate("window.__seen")
    goods = [x for x in seen if x["test"] == "dinner-goods"]
    assert [g["route"] for g in goods] == [" ".join(f"{r},{c}" for r, c in sale["route"])]
    coins = [x["text"] for x in seen if x["test"] == "dinner-coin"]
    assert coins == [f"+${sale['amount']}", f"+${ev['waitress_income']['amount']}"]
    _final_state(pg, show, ev)
    no_sideways_scroll(pg)
    # again at 1x: the goods on the road, paused, then skipped to the end
    pg.locator("[data-test=dinner-speed]").select_option("1")
    pg.locator("[data-test=dinner-play]").click()  # from the totals it starts over
    pg.locator("[data-test=dinner-goods]").wait_for(timeout=30_000)
    assert show.get_attribute("data-kind") == "house"
    # the house picked its chain: the verdict shows, both are marked on the board
    assert pg.locator("[data-test=dinner-verdict]").is_visible()
    assert pg.locator('.board-pane .restaurant[data-owner="0"].dinner-focus').count() == 1
    pg.screenshot(path=str(artifacts / f"dinner-anim-{width}x{height}.png"))
    pg.locator("[data-test=dinner-play]").click()  # pause
    assert show.get_attribute("data-playing") == ""
    assert pg.locator("[data-test=dinner-play]").inner_text().endswith("Play")
    moving = pg.evaluate("document.getAnimations().filter((a) => a.playState === 'running'"
                         " && a.effect && a.effect.target && a.effect.target.closest"
                         " && a.effect.target.closest('.dinner-anim')).length")
    assert moving == 0
    pg.locator("[data-test=dinner-skip]").click()
    _final_state(pg, show, ev)
    pg.locator("[data-test=dinner-done]").click()
    assert show.count() == 0 and pg.locator("[data-test=dinner-anim]").count() == 0


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_reduced_motion_shows_the_steps_without_animation(
    device: Any, server: str, width: int, height: int  # noqa: F811
) -> None:
    pg = device(width, height)
    pg.emulate_media(reduced_motion="reduce")
    show, ev = _open(pg, server)
    assert show.get_attribute("data-motion") == "reduce"
    controls = "[data-test=dinner-play], [data-test=dinner-speed], [data-test=dinner-skip]"
    assert pg.locator(controls).count() == 0
    kinds = []
    bank = pg.locator("[data-test=dinner-bank-total]")
    for _ in range(10):
        kinds.append(show.get_attribute("data-kind"))
        if kinds[-1] == "start":
            assert bank.get_attribute("data-bank") == str(ev["dinnertime_started"]["bank"])
        if kinds[-1] == "house":  # the bank once it paid the sale, as the server sends it
            assert bank.get_attribute("data-bank") == str(ev["house_served"]["bank_after"])
            assert pg.locator('[data-test=dinner-cash][data-seat="0"]').get_attribute(
                "data-cash") == str(ev["house_served"]["cash"])
        if pg.locator("[data-test=dinner-done]").count():
            break
        pg.locator("[data-test=dinner-next]").click()
    assert kinds == ["start", "house", "bank", "income", "totals"]
    assert pg.evaluate("window.__seen") == []
    # the figures still follow the steps, without motion
    assert pg.locator("[data-test=dinner-bank-total]").get_attribute("data-bank") == str(
        ev["dinnertime_earnings"]["bank"])
    assert pg.locator("[data-test=dinner-anim]").count() == 0


SETUP_BOT_FIRST: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 1, "phase": "setup_restaurants", "turn_order": [0, 1],
    "companies": [{"reserve": 300}, {"reserve": 100}],
    "houses": [{"number": 2, "demand": ["burger"]}],
}


@pytest.mark.parametrize("reduced", [False, True])
def test_a_bot_turn_replays_its_placements_on_the_board(
    device: Any, server: str, reduced: bool  # noqa: F811
) -> None:
    """The bot places its first restaurant; its turn in "Bots' latest turns" can be shown
    again on the board (the restaurant appears), except under prefers-reduced-motion."""
    made = httpx.post(f"{server}/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        "scenario": SETUP_BOT_FIRST, "table": {"bot_pause_ms": 0}}).json()
    game, token = made["game"], made["seats"][0]["token"]
    pg = device(1440, 900)
    if reduced:
        pg.emulate_media(reduced_motion="reduce")
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector(".game-screen[data-seat='0']")
    UI(pg, server).wait_my_turn(game, 0)
    turn = pg.locator("[data-test=bot-latest] .bot-turn[data-seat='1']").first
    turn.wait_for()
    placed = pg.locator('.board-pane .restaurant[data-owner="1"]')
    placed.wait_for()
    show = turn.locator("[data-test=bot-turn-replay]")
    if reduced:
        assert show.count() == 0
        return
    show.click()
    pg.wait_for_function(
        "() => document.querySelector('.board-pane .restaurant[data-owner=\"1\"].dinner-focus')")
    assert placed.evaluate("el => el.getAnimations().length") >= 1
    pg.wait_for_function(  # it ends with the restaurant as the board drew it
        "() => !document.querySelector('.board-pane .restaurant[data-owner=\"1\"]').getAnimations()"
        ".length && !document.querySelector('.dinner-focus')", timeout=15_000)
