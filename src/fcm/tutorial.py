"""The interactive tutorial (issue 13): a scripted first game against a bot.

A real game from the engine: a prepared position (round 3 of a two-player game on a small map,
as though the chains had opened their first restaurants and a campaign had put demand on house
2), one human seat and an easy bot. The coach in the page walks through one whole round
(Restructuring, Order of Business, Working 9–5, Dinnertime, Payday, Marketing, Clean up) and then
lets the player carry on freely against the bot.

The script is data (:data:`STEPS`): what the coach says, which control of the page it points at
(a CSS selector of the UI), and what it waits for: engine events, matched field by field
(``"me"`` stands for the player's seat; ``{"has": x}`` means a list that contains ``x``). The
page decides nothing: a step is done when the engine's events say the thing happened. Every
step's expected events come from the engine itself (``tests/test_tutorial.py`` plays the script
against the bot at many seeds, so the bot's moves cannot break it: the bot's cards in this
position can neither serve house 2 nor take a milestone the script relies on).
"""

from __future__ import annotations

import copy
from typing import Any

from fcm.i18n import DEFAULT_LOCALE, t

# The bot's seat is seeded from this fixed secret (instead of a random one): the tutorial's
# bot plays the same moves every time the player follows the script.
BOT_SECRET = 1_302_013

SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "description": "tutorial.description",  # a message id: scenario(lang)
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 3,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [
        {"cash": 10, "reserve": 200,
         "hand": ["management_trainee", "kitchen_trainee", "marketing_trainee", "trainer"]},
        {"cash": 10, "reserve": 100, "hand": ["waitress", "errand_boy", "recruiting_girl"]},
    ],
    "restaurants": [
        {"owner": 0, "cell": [0, 3], "entrance": "sw"},
        {"owner": 1, "cell": [8, 8], "entrance": "nw"},
    ],
    "houses": [{"number": 2, "demand": ["burger"]}],
}

# The seats' names are message ids (in the player's language: seats(lang)).
SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": "tutorial.seat.you"},
    {"kind": "bot", "bot": "easy", "name": "tutorial.seat.rival"},
]
HUMAN_SEAT = 0
TABLE: dict[str, Any] = {"bot_pause_ms": 400, "hints": True, "tutorial": True}

D = "[data-test=decision]"

# Each step: id; its title, text and button are the catalogs' tutorial.step.<id>.title, .text
# and .ack (in the player's language: :func:`script`); "expect": events that must all happen
# (after the previous step's), "ack": a button the player presses to go on (after the expected
# events, if any); "highlight": the control to use; "phase": where the step belongs.
STEPS: list[dict[str, Any]] = [
    {
        "id": "welcome", "phase": "restructuring", "ack": True,
    },
    {
        "id": "restructure-manager", "phase": "restructuring",
        "highlight": f"{D} button.card-button[data-card=management_trainee]",
        "expect": [{"kind": "card_sent_to_work", "seat": "me", "employee": "management_trainee"}],
    },
    {
        "id": "restructure-staff", "phase": "restructuring",
        "highlight": f"{D} button.card-button",
        "expect": [
            {"kind": "card_sent_to_work", "seat": "me", "employee": "kitchen_trainee"},
            {"kind": "card_sent_to_work", "seat": "me", "employee": "marketing_trainee"},
            {"kind": "card_sent_to_work", "seat": "me", "employee": "trainer"},
        ],
    },
    {
        "id": "restructure-commit", "phase": "restructuring",
        "highlight": f"{D} [data-test=done]",
        "expect": [{"kind": "structure_committed", "seat": "me"}],
    },
    {
        "id": "order", "phase": "order_of_business",
        "highlight": f"{D} button[data-type=choose_turn_order]",
        "expect": [{"kind": "turn_order_chosen", "seat": "me"}],
    },
    {
        "id": "hire", "phase": "working",
        "highlight": f"{D} button[data-type=hire][data-key*=kitchen_trainee]",
        "expect": [{"kind": "hired", "seat": "me", "employee": "kitchen_trainee"}],
    },
    {
        "id": "train", "phase": "working",
        "highlight": f"{D} button[data-type=train][data-key*=burger_cook]",
        "expect": [{"kind": "trained", "seat": "me", "into": "burger_cook"}],
    },
    {
        "id": "campaign", "phase": "working",
        "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":14']",
        "expect": [{"kind": "campaign_started", "seat": "me", "number": 14}],
    },
    {
        "id": "place", "phase": "working",
        "highlight": "[data-hl-anchor='5,0'], [data-test=decision] button[data-variant], "
        "[data-test=confirm]",
        "expect": [{"kind": "campaign_placed", "seat": "me", "number": 14,
                    "cells": {"has": [5, 0]}}],
    },
    {
        "id": "advert", "phase": "working",
        "highlight": f"{D} button[data-type=choose_advert][data-key*=burger]",
        "expect": [{"kind": "campaign_launched", "seat": "me", "good": "burger"}],
    },
    {
        "id": "cook", "phase": "working",
        "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
        "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
    },
    {
        "id": "dinnertime", "phase": "dinnertime",
        "highlight": "[data-test=dinner-show], button[data-tab=results]",
        "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
        "ack": True,
    },
    {
        "id": "payday", "phase": "payday",
        "highlight": f"{D} [data-test=done]",
        "expect": [{"kind": "firing_committed", "seat": "me"}],
    },
    {
        "id": "marketing", "phase": "marketing",
        "highlight": "g.campaign[data-campaign='14']",
        "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me"}],
        "ack": True,
    },
    {
        "id": "cleanup", "phase": "restructuring",
        "expect": [{"kind": "round_started", "round": 4}],
        "ack": True,
    },
]


def seats(lang: str = DEFAULT_LOCALE) -> list[dict[str, Any]]:
    """The tutorial's seats, named in ``lang``."""
    return [{**seat, "name": t(seat["name"], lang)} for seat in SEATS]


def scenario(lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """The tutorial's position, described in ``lang``."""
    return {**SCENARIO, "description": t(SCENARIO["description"], lang)}


def script(lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """The tutorial as the page reads it: the seat the player plays and the coach's steps,
    their texts in ``lang`` (the catalogs' tutorial.step.<id>.*)."""
    steps = copy.deepcopy(STEPS)
    for step in steps:
        key = f"tutorial.step.{step['id']}"
        step["title"] = t(f"{key}.title", lang)
        step["text"] = t(f"{key}.text", lang)
        if step.get("ack"):
            step["ack"] = t(f"{key}.ack", lang)
    return {"seat": HUMAN_SEAT, "steps": steps}


def matches(pattern: dict[str, Any], event: dict[str, Any], seat: int) -> bool:
    """Whether an engine event (its JSON form) fits a step's pattern; the page does the same."""
    for key, want in pattern.items():
        have = event.get(key)
        if want == "me":
            want = seat
        if isinstance(want, dict) and "has" in want:
            if not isinstance(have, list) or want["has"] not in have:
                return False
        elif have != want:
            return False
    return True
