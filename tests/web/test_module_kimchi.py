"""Kimchi in the browser (ketchup.md 5 and 0.2), without the JS knowing the module: the
Dinnertime walk-through, the Dinnertime table and the game log say what a house bought and why
(the catalog's ``texts.orders``, as the CLI report); kimchi chips take the module's look; the
Master's kimchi reads as made; the lobby offers the module."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fcm
from fcm.presentation import catalog_info
from fcm.texts import order_text
from tests.modules.test_module_kimchi_satellites import kx_example

pytestmark = pytest.mark.browser


def kimchi_catalog() -> dict[str, Any]:
    return catalog_info(fcm.new_game(2, 1, fcm.Options(modules=frozenset({"kimchi"}))).rules)


def events() -> list[dict[str, Any]]:
    return [json.loads(json.dumps({"kind": e.kind, **e.data})) for e in kx_example()]


def test_ketchup_5_the_dinnertime_views_say_the_house_bought_its_order_plus_one_kimchi(
    page: Any, server: str
) -> None:
    """ketchup.md 5's example: house 2 wants burger + pizza and buys them plus a kimchi from the
    kimchi chain; walk-through, table and log line all say so, paid 3 x $10."""
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    got = page.evaluate(
        """async ([events, catalog]) => {
          const { DinnerShow } = await import("/web/js/dinner.js");
          const { dinnertimeTable } = await import("/web/js/results.js");
          const { describe } = await import("/web/js/format.js");
          const ctx = { name: (s) => `Seat ${s}`, catalog, board: () => null, place: () => null };
          const show = new DinnerShow(ctx);
          show.show(1, events);
          const at = show.steps.findIndex((s) => s.kind === "house");
          show.go(at);
          const step = document.querySelector("[data-test=dinner-show]");
          const walk = step.querySelector("[data-test=dinner-order]").textContent;
          const lines = [...step.querySelectorAll(".summary li")].map((li) => li.textContent);
          const table = dinnertimeTable(events, ctx);
          document.body.append(table);
          const row = table.querySelector("[data-test=dinner-order]").textContent;
          const served = events.find((e) => e.kind === "house_served");
          return { walk, lines, row, log: describe(served, ctx) };
        }""",
        [events(), kimchi_catalog()],
    )
    served = next(e for e in events() if e["kind"] == "house_served")
    text = order_text(served, lambda s: f"Seat {s}")
    assert text == (
        "buys burger + pizza + kimchi: a chain with kimchi wins whatever its price (Kimchi)"
    )
    assert got["walk"] == f"The house {text}."
    assert got["lines"] == ["3 items × $10 = $30"]
    assert got["row"].strip() == text
    assert got["log"] == (
        f"House 2 (burger, pizza) eats at Seat 1: $10 + 1 = 11; earns $30. The house {text}."
    )


def test_ketchup_0_2_kimchi_chips_take_the_modules_look_and_the_master_makes_kimchi(
    page: Any, server: str
) -> None:
    """ketchup.md 0.2: kimchi is a new good; the chips and the legend learn it from the game's
    catalog (and forget it for a base game); the Master's Clean up kimchi reads as made."""
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    got = page.evaluate(
        """async ([catalog, base]) => {
          const { GOODS, goodChip, learnGoods } = await import("/web/js/util.js");
          const { describe } = await import("/web/js/format.js");
          learnGoods(catalog);
          const chip = goodChip("kimchi");
          const made = describe({ kind: "cooked", seat: 0, employee: "kimchi_master",
            good: "kimchi", amount: 1 }, { name: (s) => `Seat ${s}`, catalog });
          const inGame = Object.keys(GOODS);
          learnGoods(base);
          return { title: chip.title, short: chip.textContent, fill: chip.style.background,
                   made, inGame, inBase: Object.keys(GOODS) };
        }""",
        [kimchi_catalog(), catalog_info()],
    )
    assert (got["title"], got["short"]) == ("Kimchi", "K")
    assert got["fill"] == "rgb(159, 18, 57)"  # #9f1239
    assert got["made"] == "Seat 0: Kimchi Master made 1 kimchi."
    assert got["inGame"][-1] == "kimchi" and "kimchi" not in got["inBase"]


def test_the_lobby_offers_kimchi(page: Any, server: str) -> None:
    page.goto(server + "/")
    # the catalog loads with the page: wait for it, or a text reads as its id
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("en")')
    box = page.locator("input[data-module=kimchi]")
    box.wait_for()
    label = page.locator("label:has(input[data-module=kimchi])").inner_text()
    assert box.count() == 1 and "Kimchi" in label
