"""The game page in German, Chinese, French and Spanish (issue 27 items 1, 2 and 4): a browser
asking for the language gets the game page in it (the decision panel, its buttons, the tabs,
the game log's lines), with none of the English texts the page used to have, and nothing of
the decision panel, the tabs or the header overflows at 390x844 or 1440x900 (the phone's tab
bar scrolls sideways by design, in English too).

The expected texts come from the catalogs (fcm.i18n.t), so the test checks that the page
reads them, not a copy of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from fcm.i18n import t
from tests.web.test_play import SCENARIO, create_from_lobby
from tests.web.ui import UI

pytestmark = pytest.mark.browser

CASES = [
    ("de", "de-DE,de;q=0.9", {"width": 390, "height": 844}),
    ("zh-Hans", "zh-CN,zh;q=0.9", {"width": 1440, "height": 900}),
    ("fr", "fr-FR,fr;q=0.9", {"width": 390, "height": 844}),
    ("es", "es-ES,es;q=0.9", {"width": 1440, "height": 900}),
]
# texts of the restructuring decision and the page around it, by message id
SHOWN = ["dec.structure.intro", "dec.structure.in_hand", "dec.done.commit_structure", "dec.undo",
         "game.tab.companies", "game.tab.log", "game.tab.results", "game.your_decision"]

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  // a scroller (the phone's tab bar scrolls sideways, in every language): reached by scrolling
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const inScroller = (el) => {
    for (let a = el; a; a = a.parentElement) if (scrolls(a)) return true;
    return false;
  };
  for (const el of document.querySelectorAll('.game-head *, .decision *, .tabs *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(el).visibility === 'hidden' || inScroller(el)) continue;
    const what = el.tagName + ' ' + (el.textContent || '').slice(0, 40);
    if (r.right > width + 1 || r.left < -1) out.push(what);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'
        && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) out.push('cut: ' + what);
  }
  return [document.documentElement.scrollWidth, window.innerWidth, out];
}"""


@pytest.fixture
def localised(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    lang, accept, viewport = request.param
    phone = viewport["width"] < 500
    ctx = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone,
                              device_scale_factor=1, locale=accept.split(",")[0],
                              extra_http_headers={"accept-language": accept})
    errors: list[str] = []
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield lang, pg
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        ctx.close()


@pytest.mark.parametrize("localised", CASES, indirect=True, ids=[c[0] for c in CASES])
def test_the_game_page_speaks_the_players_language(localised: Any, server: str) -> None:
    lang, page = localised
    ui = UI(page, server)
    game = create_from_lobby(page, server, SCENARIO, seed=5, seats=["human", "bot"])
    ui.wait_my_turn(game, 0)
    while 1 in ui.server_state(game, 0)["actors"]:  # the bot commits its structure first
        page.wait_for_timeout(50)
    ui.wait_my_turn(game, 0)
    assert page.evaluate("document.documentElement.lang") == lang
    text = page.evaluate("document.body.textContent")  # as written (headings are upper-cased)
    for msg_id in SHOWN:
        assert t(msg_id, lang) in text, msg_id
        assert t(msg_id, "en") not in text, f"English {msg_id}: {t(msg_id, 'en')!r}"
    assert t("phase.restructuring", lang) in page.inner_text("[data-test=phase]")
    scroll, inner, out = page.evaluate(OVERFLOW)
    assert scroll <= inner, f"the page scrolls sideways: {scroll} > {inner}"
    assert out == [], out
    # a decision taken: the game log tells it in the language (format.js from the catalog)
    ui.click_key({"type": "send_to_work", "employee": "marketing_trainee"})
    page.wait_for_selector("[data-test=draft-structure] [data-card=marketing_trainee]")
    ui.click_done()
    page.click("[data-tab=log]")
    log = page.locator("[data-test=log]")
    log.wait_for()
    committed = t("ev.structure_committed", lang, seat="Ann")
    page.wait_for_function("(s) => document.querySelector('[data-test=log]').textContent"
                           ".includes(s)", arg=committed)
    assert t("ev.structure_committed", "en", seat="Ann") not in log.text_content()
