"""The log's English reasons in the reader's language (issue 27): a module milestone's claim
("you sold burger to house 2") and a module piece's refusal ("no radio tile is left") are
English text in the events; the page says them from the module's catalog (format.js's
reasonText and the ``reason`` filter), as the report does (fcm.report)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fcm
from fcm.presentation import catalog_info
from fcm.report import event_line

CLAIM = {"kind": "milestone_claimed", "seat": 0, "milestone": "first_burger_sold",
         "reason": "you sold burger to house 2"}
NO_RADIO = {"kind": "milestone_campaign", "seat": 0, "milestone": "first_pizza_sold",
            "number": None, "campaign_type": "radio", "good": "pizza", "cells": [],
            "duration": 2, "eternal": False, "house": 7, "why": "no radio tile is left"}


def test_the_report_says_a_module_reason_in_german() -> None:
    """New Milestones (ketchup.md 3): First burger sold is claimed by selling a burger."""
    assert event_line(CLAIM, {0: "Ann"}, lang="de") == (
        "Ann erreicht Erster Burger verkauft (du hast Burger an Haus 2 verkauft).")
    assert event_line(NO_RADIO, {0: "Ann"}, lang="de") == (
        "Ann: kein(e) Radio durch Erste Pizza verkauft (kein Radioplättchen mehr übrig).")
    # English reads as the engine wrote it
    assert "(you sold burger to house 2)" in event_line(CLAIM, {0: "Ann"})


@pytest.mark.browser
def test_the_page_says_a_module_reason_in_german(page: Any, server: str) -> None:
    rules = fcm.new_game(2, 1, fcm.Options(modules=frozenset({"new_milestones"}))).rules
    catalog = json.loads(json.dumps(catalog_info(rules, "de")))
    page.goto(server + "/?lang=de")
    page.evaluate('async () => (await import("/web/js/i18n.js")).loadCatalog("de")')
    got = page.evaluate(
        """async ([catalog, claim, radio]) => {
          const { describe } = await import("/web/js/format.js");
          const ctx = { name: () => "Ann", catalog };
          return [describe(claim, ctx), describe(radio, ctx)];
        }""", [catalog, CLAIM, NO_RADIO])
    assert "(du hast Burger an Haus 2 verkauft)" in got[0], got
    assert "kein Radioplättchen mehr übrig" in got[1], got
    assert "you sold" not in got[0] and "no radio" not in got[1]
