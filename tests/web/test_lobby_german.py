"""The lobby in German on a phone (issue 27 items 3 and 4): a browser asking for German gets the
page in German (html lang, the form, the account card, the options from the server), nothing
overflows at 390x844, and the switcher changes the language, remembered by a cookie."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, device_scale_factor=1, locale="de-DE",
                              extra_http_headers={"accept-language": "de-DE,de;q=0.9"})
    errors: list[str] = []
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield pg
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        ctx.close()


OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('.lobby *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('details:not([open])') && !el.matches('summary, summary *')) continue;
    const what = el.tagName + ' ' + (el.textContent || '').slice(0, 40);
    if (r.right > width + 1 || r.left < -1) out.push(what);
    // text cut inside its own box (a word wider than a button)
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'
        && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) out.push('cut: ' + what);
  }
  return [document.documentElement.scrollWidth, window.innerWidth, out];
}"""


def test_the_lobby_in_german_at_390x844(phone: Any, server: str) -> None:
    phone.goto(server + "/")
    phone.wait_for_selector("[data-test=create]")
    phone.wait_for_selector("input[data-option=introductory]")  # the options from the server
    assert phone.evaluate("document.documentElement.lang") == "de"
    text = phone.inner_text("body")
    for german in ("Neues Spiel", "Spiel erstellen", "Meine Spiele", "Konto", "Einführungsspiel",
                   "Spielen lernen", "Zugzeit", "Regeln"):
        assert german in text, german
    for english in ("New game", "Create game", "My games", "Introductory game", "Learn to play"):
        assert english not in text, english
    assert phone.inner_text("[data-test=players] option:checked").endswith("Spieler")
    scroll, inner, out = phone.evaluate(OVERFLOW)
    assert scroll <= inner, f"the page scrolls sideways: {scroll} > {inner}"
    assert out == [], out
    # the switcher: French now, remembered in this browser
    phone.select_option("[data-test=lang-switch]", "fr")
    phone.wait_for_function("document.documentElement.lang === 'fr'")
    phone.wait_for_selector("[data-test=create]")
    assert {c["value"] for c in phone.context.cookies() if c["name"] == "fcm_lang"} == {"fr"}
    phone.goto(server + "/")
    phone.wait_for_selector("[data-test=create]")
    assert phone.evaluate("document.documentElement.lang") == "fr"
