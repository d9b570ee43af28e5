"""Issue 26 item 7, accessibility: axe-core (vendored in tests/web/vendor, never served) finds
no serious or critical WCAG 2.1 A/AA violation on the lobby, a game and the replay at 390x844
and 1440x900; Escape closes the popovers; a placement is made with the keyboard alone, from the
squares the server's legal actions offer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.test_replay import ENDGAME
from tests.web.test_phone import open_placement
from tests.web.test_replay_view import finish
from tests.web.ui import UI

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
VIEWPORTS = [(390, 844), (1440, 900)]


@pytest.fixture
def device(browser: Any) -> Iterator[Any]:
    made: list[Any] = []
    errors: list[str] = []

    def open_page(width: int, height: int) -> Any:
        touch = width < 1000
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch, device_scale_factor=1,
                                  bypass_csp=True)  # axe is injected by the test
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


def serious_violations(pg: Any) -> list[str]:
    """axe's WCAG 2.0/2.1 A and AA rules on the page as it is now: the serious and critical
    violations, one line each (rule, impact, first nodes)."""
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(path=str(AXE))
    found = pg.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']});
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 4)
                .map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')
                    .slice(1, 2).join('')).join(' | '));
    }""")
    return list(found)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_no_serious_violation_on_the_lobby_a_game_and_the_replay(
    device: Any, server: str, width: int, height: int, artifacts: Path
) -> None:
    pg = device(width, height)
    found: dict[str, list[str]] = {}
    pg.goto(f"{server}/")
    pg.wait_for_selector("[data-test=create]")
    found["lobby"] = serious_violations(pg)

    game, seat = open_placement(pg, server)
    UI(pg, server).wait_my_turn(game, seat)
    pg.wait_for_selector("[data-hl-anchor]")
    found["game"] = serious_violations(pg)
    for tab in ("companies", "supply", "log", "rules"):
        pg.click(f"button[data-tab={tab}]")
        found[f"game, {tab} tab"] = serious_violations(pg)
    pg.screenshot(path=str(artifacts / f"a11y-game-{width}x{height}.png"))

    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": ENDGAME}).json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    finish(server, made["game"], tokens)
    pg.goto(f"{server}/#/join/{made['game']}/{tokens[0]}")
    pg.click("[data-test=open-replay]")
    pg.wait_for_selector("[data-test=replay][data-shown='0']")
    found["replay"] = serious_violations(pg)
    pg.screenshot(path=str(artifacts / f"a11y-replay-{width}x{height}.png"))
    (artifacts / f"a11y-{width}x{height}.json").write_text(json.dumps(found, indent=1))
    assert {k: v for k, v in found.items() if v} == {}


def test_a_placement_by_keyboard_alone_and_escape_closes_popovers(
    device: Any, server: str
) -> None:
    pg = device(1440, 900)
    game, seat = open_placement(pg, server)
    ui = UI(pg, server)
    st = ui.wait_my_turn(game, seat)
    pg.wait_for_selector("[data-hl-anchor]")
    # Tab reaches a highlighted square (one of the server's legal anchors) within a few presses
    for _ in range(12):
        pg.keyboard.press("Tab")
        if pg.evaluate("!!document.activeElement.dataset.hlAnchor"):
            break
    focused = pg.evaluate("document.activeElement.dataset.hlAnchor")
    assert focused in {f"{a[0]},{a[1]}" for a in ui.anchors()}
    pg.keyboard.press("Enter")  # the square: its variants, the first focused
    assert pg.evaluate("document.activeElement.dataset.variant") == "1"
    pg.keyboard.press("Enter")  # the variant: Confirm focused
    assert pg.evaluate("document.activeElement.dataset.test") == "confirm"
    pg.keyboard.press("Enter")
    pg.wait_for_function(
        "(v) => Number(document.querySelector('[data-test=decision]').dataset.version) > v",
        arg=st["version"],
    )
    after = ui.server_state(game, seat)
    assert any(r["owner"] == seat for r in after["view"]["restaurants"])

    # Escape closes a card's information and a pinned house tooltip
    pg.click("button[data-tab=supply]")
    pg.locator("[data-test=supply] .card-chip[data-card=waitress]").click()
    pg.locator("[data-test=info-pop]").wait_for()
    pg.keyboard.press("Escape")
    assert pg.locator("[data-test=info-pop]").count() == 0
    pres = ui.presentation(game, seat)
    r, c = next(h for h in pres["houses"] if h["number"] == 2)["cells"][0]
    pg.locator(f"[data-sq='{r},{c}']").click()
    pg.locator("[data-test=tooltip]:not(.hidden)").wait_for()
    pg.keyboard.press("Escape")
    assert pg.locator("[data-test=tooltip].hidden").count() == 1


def test_the_placement_list_offers_the_legal_squares(device: Any, server: str) -> None:
    """The keyboard list in the panel holds exactly the squares the server's legal actions
    offer (the UI re-implements no rule), and picking one selects it like a tap."""
    pg = device(390, 844)
    game, seat = open_placement(pg, server)
    UI(pg, server).wait_my_turn(game, seat)
    listed = pg.locator("[data-test=placement-list] option").evaluate_all(
        "els => els.map(e => e.value).filter(v => v)"
    )
    assert sorted(listed) == sorted(
        pg.locator("[data-hl-anchor]").evaluate_all("els => els.map(e => e.dataset.hlAnchor)")
    )
    pg.select_option("[data-test=placement-list]", listed[0])
    pg.wait_for_selector(f"[data-hl-anchor='{listed[0]}'].selected")
    pg.locator("[data-test=placement] [data-variant]").first.wait_for()


UTIL = Path(__file__).resolve().parents[2] / "src/fcm/server/web/js/util.js"


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of a #rrggbb colour."""
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def table(name: str) -> dict[str, dict[str, str]]:
    """util.js's CHAINS (by short name) or GOODS (by good): their colour fields."""
    text = UTIL.read_text()
    start = text.index(f"export const {name} = ")
    body = text[start : text.index("};" if name == "GOODS" else "];", start)]
    rows = re.findall(r"(?:short: \"([^\"]+)\"|(\w+): \{)(.*?)\}", body)
    out = {}
    for short, good, rest in rows:
        fields = dict(re.findall(r"(\w+): \"([^\"]*)\"", rest))
        out[short or good] = fields
    return out


def test_chain_and_good_colours_meet_contrast_and_stay_apart() -> None:
    """WCAG 2.1 AA (1.4.3, 4.5:1) for chain labels on their colour and chain text on white;
    a distinct shape per chain (1.4.1, not colour alone); blue against purple and red against
    orange differ in lightness (2.5:1 and more), which colour-blind players still see; the
    goods' chips use none of the chains' colours."""
    chains = table("CHAINS")
    assert len(chains) == 6  # the sixth: Six Players' Siap Faji (ketchup.md 17)
    for short, ch in chains.items():
        assert contrast(ch["ink"], ch["colour"]) >= 4.5, short
        assert contrast(ch["dark"], "#ffffff") >= 4.5, short
    assert len({ch["shape"] for ch in chains.values()}) == 6
    # the light lime sixth chain stands apart in lightness from the dark ones
    for dark in ("XANGO", "DUCK", "GEESE"):
        assert contrast(chains["SIAP"]["colour"], chains[dark]["colour"]) >= 2.5, dark
    assert contrast(chains["DUCK"]["colour"], chains["GLUTTONY"]["colour"]) >= 2.5
    assert contrast(chains["XANGO"]["colour"], chains["S.MARIA"]["colour"]) >= 2.5
    chain_colours = {c.lower() for ch in chains.values() for c in (ch["colour"], ch["light"])}
    goods = table("GOODS")
    assert {"pizza", "soda"} <= set(goods)
    for good, look in goods.items():
        assert look["fill"].lower() not in chain_colours, good
        assert contrast(look["text"] if len(look["text"]) == 7 else "#" + "".join(
            c * 2 for c in look["text"][1:]), look["fill"]) >= 4.5, good
