"""A module's texts reach the browser without the JS knowing the module (issue 24 item 4;
fcm.texts): the templates render the same in format.js as in the CLI report, the lobby labels a
module's options from the server, and a campaign kind's icon and place come from the module."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fcm.presentation import catalog_info
from fcm.texts import render, sale_lines, variant

pytestmark = pytest.mark.browser

RENDER = """async ([template, data]) => {
  const { render } = await import("/web/js/format.js");
  return render(template, data, (s) => `Seat ${s}`);
}"""
DESCRIBE = """async ([event, catalog]) => {
  const { describe } = await import("/web/js/format.js");
  return describe(event, { name: (s) => `Seat ${s}`, catalog });
}"""

BREAK = {"kind": "bank_broken", "number": 1, "paying_seat": 1, "still_owed": 0, "final": False,
         "base_price": 20, "reserve_prices": {"0": 20, "1": 5}, "added": 400, "bank": 412,
         "ceo_slots": 3}  # fmt: skip


def test_templates_render_alike_in_python_and_js(page: Any, server: str) -> None:
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    who = lambda s: f"Seat {s}"  # noqa: E731
    cases = [(sale_lines()["fry_chef"], {"count": n, "each": 10, "amount": 10 * n}) for n in (1, 2)]
    template = variant("bank_broken", BREAK)
    assert template is not None
    cases.append((template, BREAK))
    for template, data in cases:
        assert page.evaluate(RENDER, [template, data]) == render(template, data, who)
    assert render(cases[1][0], cases[1][1], who) == "2 Fry Chefs x $10 = +$20"
    # the log line of a Reserve Prices break: the module's text, from the catalog sent
    line = page.evaluate(DESCRIBE, [BREAK, catalog_info()])
    assert line == "The bank broke! " + render(template, BREAK, who)
    assert "the base unit price becomes $20" in line


def test_the_lobby_labels_module_options_from_the_server(page: Any, server: str) -> None:
    options = httpx.get(f"{server}/api/web/options").json()
    assert options["option_text"]["fry_chefs_food_only"][0] == "Fry Chefs: food sales only"
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    label = page.locator("label:has(input[data-option='movie_stars_by_player_count'])")
    label.wait_for()
    assert "Movie Stars by player count" in label.inner_text()



def test_a_modules_tie_outcome_reads_from_its_texts(page: Any, server: str) -> None:
    """Movie Stars (ketchup.md 15): the outcome a star's tie-break gives reads as the module
    says, in the browser's Dinnertime table as in the report."""
    from fcm.texts import outcomes

    page.goto(server + "/")

    # the catalog loads with the page: wait for it, or a text reads as its id

    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    text = page.evaluate(
        """async (catalog) => {
          const { outcomeText } = await import("/web/js/results.js");
          return outcomeText("tie_lost_movie_star", { catalog });
        }""",
        catalog_info(),
    )
    assert text == outcomes()["tie_lost_movie_star"] == "tie lost to a movie star"
