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

# The bot's seat is seeded from this fixed secret (instead of a random one): the tutorial's
# bot plays the same moves every time the player follows the script.
BOT_SECRET = 1_302_013

SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "description": "The tutorial: round 3 of a two-player game",
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

SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": "You"},
    {"kind": "bot", "bot": "easy", "name": "Rival (easy bot)"},
]
HUMAN_SEAT = 0
TABLE: dict[str, Any] = {"bot_pause_ms": 400, "hints": True, "tutorial": True}

D = "[data-test=decision]"

# Each step: id, title, text; "expect": events that must all happen (after the previous step's),
# "ack": a button the player presses to go on (after the expected events, if any);
# "highlight": the control to use; "phase": where the step belongs (shown to the player).
STEPS: list[dict[str, Any]] = [
    {
        "id": "welcome", "phase": "restructuring", "title": "Welcome to Food Chain Magnate",
        "text": "You run the red chain, Xango Blues Bar; your rival is a bot. Your restaurant "
        "is the red square at the top, and house 2 (on the left) wants a burger. A round has "
        "seven phases; this coach walks you through one whole round, then you play on alone. "
        "Tap any card or milestone to read what it does, and see the Rules tab for a glossary.",
        "ack": "Start",
    },
    {
        "id": "restructure-manager", "phase": "restructuring", "title": "Restructuring: a manager",
        "text": "First you choose, in secret, which cards in your hand go to work this round. "
        "Your CEO has 3 slots. A Management Trainee is a manager: in a CEO slot she holds 2 more "
        "employees, so your company can grow. Tap Management Trainee.",
        "highlight": f"{D} button.card-button[data-card=management_trainee]",
        "expect": [{"kind": "card_sent_to_work", "seat": "me", "employee": "management_trainee"}],
    },
    {
        "id": "restructure-staff", "phase": "restructuring", "title": "Restructuring: the staff",
        "text": "Now send the Kitchen Trainee (cooks food), the Marketing Trainee (launches "
        "billboards) and the Trainer (trains one employee a round). The chart shows where "
        "they sit; only which cards you send matters.",
        "highlight": f"{D} button.card-button",
        "expect": [
            {"kind": "card_sent_to_work", "seat": "me", "employee": "kitchen_trainee"},
            {"kind": "card_sent_to_work", "seat": "me", "employee": "marketing_trainee"},
            {"kind": "card_sent_to_work", "seat": "me", "employee": "trainer"},
        ],
    },
    {
        "id": "restructure-commit", "phase": "restructuring", "title": "Restructuring: commit",
        "text": "Commit your structure. Both chains reveal at once. An empty slot is an open "
        "slot: you keep one open on your CEO, and open slots decide who picks the turn order "
        "first.",
        "highlight": f"{D} [data-test=done]",
        "expect": [{"kind": "structure_committed", "seat": "me"}],
    },
    {
        "id": "order", "phase": "order_of_business", "title": "Order of Business",
        "text": "You have more open slots than your rival, so you choose first. Take position "
        "1: you act first in Working 9–5 and win ties at Dinnertime.",
        "highlight": f"{D} button[data-type=choose_turn_order]",
        "expect": [{"kind": "turn_order_chosen", "seat": "me"}],
    },
    {
        "id": "hire", "phase": "working", "title": "Working 9–5: hire",
        "text": "Working 9–5 is your turn: its steps always come in the same order. Your CEO "
        "hires one entry-level employee a round; new hires go to the beach (they work from "
        "next round). Hire a Kitchen Trainee.",
        "highlight": f"{D} button[data-type=hire][data-key*=kitchen_trainee]",
        "expect": [{"kind": "hired", "seat": "me", "employee": "kitchen_trainee"}],
    },
    {
        "id": "train", "phase": "working", "title": "Working 9–5: train",
        "text": "Your Trainer trains one employee on the beach one step up its career, even "
        "one hired this turn. Train the new Kitchen Trainee into a Burger Cook (3 burgers a "
        "round). A Burger Cook earns a salary: $5 each Payday.",
        "highlight": f"{D} button[data-type=train][data-key*=burger_cook]",
        "expect": [{"kind": "trained", "seat": "me", "into": "burger_cook"}],
    },
    {
        "id": "campaign", "phase": "working", "title": "Working 9–5: marketing",
        "text": "Demand comes from marketing. Your Marketing Trainee may launch a billboard "
        "within 2 tile borders by road of your restaurant. Choose campaign #14, a 2×1 "
        "billboard.",
        "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":14']",
        "expect": [{"kind": "campaign_started", "seat": "me", "number": 14}],
    },
    {
        "id": "place", "phase": "working", "title": "Working 9–5: place the billboard",
        "text": "The squares where it may go are highlighted on the map. Tap the marked square "
        "just below house 2, pick either way round, and confirm: a billboard markets to "
        "every house next to it.",
        "highlight": "[data-hl-anchor='5,0'], [data-test=decision] button[data-variant], "
        "[data-test=confirm]",
        "expect": [{"kind": "campaign_placed", "seat": "me", "number": 14,
                    "cells": {"has": [5, 0]}}],
    },
    {
        "id": "advert", "phase": "working", "title": "Working 9–5: what it advertises",
        "text": "Advertise burgers. You are the first to place a billboard, so you claim the "
        "First billboard placed milestone: your campaigns never run out (eternal), and your "
        "marketeers earn no salary, but this one stays busy for the rest of the game.",
        "highlight": f"{D} button[data-type=choose_advert][data-key*=burger]",
        "expect": [{"kind": "campaign_launched", "seat": "me", "good": "burger"}],
    },
    {
        "id": "cook", "phase": "working", "title": "Working 9–5: produce",
        "text": "Now produce food. The Kitchen Trainee at work makes 1 burger or 1 pizza: make "
        "a burger for house 2. Your turn then ends (you have nobody to place houses or "
        "restaurants), and your rival takes its turn.",
        "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
        "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
    },
    {
        "id": "dinnertime", "phase": "dinnertime", "title": "Dinnertime",
        "text": "Nobody decides at Dinnertime. Each house with demand eats, lowest number "
        "first, at the chain that has all it wants and the lowest price + distance (everyone "
        "starts at $10; each tile border on the way costs $1). Your rival has no burger, so "
        "house 2 eats at yours: $10, plus $5 for First burger marketed. The panel walks "
        "through it house by house; the Results tab keeps it.",
        "highlight": "[data-test=dinner-show], button[data-tab=results]",
        "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
        "ack": "Continue",
    },
    {
        "id": "payday", "phase": "payday", "title": "Payday",
        "text": "Each salaried card costs $5: you own two Burger Cooks (one trained, one the "
        "gift of First burger produced). First to train someone takes $15 off every Payday, "
        "so you pay nothing. You may fire cards first; keep everyone and press Done.",
        "highlight": f"{D} [data-test=done]",
        "expect": [{"kind": "firing_committed", "seat": "me"}],
    },
    {
        "id": "marketing", "phase": "marketing", "title": "Marketing",
        "text": "Campaigns run in number order. Your billboard put 1 burger demand on house 2 "
        "(a house holds at most 3). Tap the billboard on the map to see what it reaches.",
        "highlight": "g.campaign[data-campaign='14']",
        "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me"}],
        "ack": "Continue",
    },
    {
        "id": "cleanup", "phase": "restructuring", "title": "Clean up, and the next round",
        "text": "Clean up threw away unsold food, took every card back into your hand and "
        "removed the milestones claimed this round from the others' reach. Round 4 begins "
        "with Restructuring: your Burger Cooks can go to work now. You are on your own from "
        "here: the game goes on until the bank breaks twice. Good luck!",
        "expect": [{"kind": "round_started", "round": 4}],
        "ack": "Finish the tutorial",
    },
]


def script() -> dict[str, Any]:
    """The tutorial as the page reads it: the seat the player plays and the coach's steps."""
    return {"seat": HUMAN_SEAT, "steps": copy.deepcopy(STEPS)}


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
