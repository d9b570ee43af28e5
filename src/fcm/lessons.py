"""The lesson library (issue 26 item 10): short real-engine positions with a coach, one per
phase or concept, one per expansion module, and a guided first full game against the easy bot.

Built the way the tutorial is (:mod:`fcm.tutorial`): a lesson is plain data. Its ``scenario``
is a position (docs/scenarios.md; ``None``: a fresh game), its ``seats`` one human and bots,
and its ``steps`` what the coach says, the control it points at (``highlight``, a CSS selector
of the page) and what it waits for (``expect``: engine events matched field by field by
:func:`fcm.tutorial.matches`; ``ack``: a button the player presses). Each step that waits for
the player's move also names it (``do``: the actions, as JSON, that complete it): the reference
play ``tests/test_lessons.py`` walks through the engine for every lesson. A lesson with
``"auto": True`` (the guided game) has no reference play: its test plays the human seat with
the easy bot.

The texts are player text in plain words, kept here (one place per lesson) so a translation
catalog can take them over. A module's lesson lives in its own package
(``fcm/modules/<id>/lessons.py``) and registers itself with :func:`register_lessons`; no module
is named here (tests/test_module_ids.py).
"""

from __future__ import annotations

import copy
from typing import Any

D = "[data-test=decision]"
MAP: list[list[list[Any]]] = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]
# Red's restaurant at the top (house 2 on its left, house 4 on its right), the rival's at the
# bottom right: the small map of the tutorial.
RESTAURANTS: list[dict[str, Any]] = [
    {"owner": 0, "cell": [0, 3], "entrance": "sw"},
    {"owner": 1, "cell": [8, 8], "entrance": "nw"},
]
SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": "You"},
    {"kind": "bot", "bot": "easy", "name": "Rival (easy bot)"},
]


def position(description: str, phase: str, companies: list[dict[str, Any]],
             **more: Any) -> dict[str, Any]:
    """A two-player position on the tutorial's small map, round 3, the player first in turn
    order (more: other scenario fields)."""
    return {"format": "fcm-scenario/1", "players": 2, "description": description,
            "tiles": MAP, "round": 3, "phase": phase, "turn_order": [0, 1],
            "companies": companies, "restaurants": RESTAURANTS, **more}


def act(**fields: Any) -> dict[str, Any]:
    return dict(fields)


CAREERS: dict[str, Any] = {
    "id": "careers", "kind": "concept", "title": "Hiring and training",
    "summary": "Hire new staff, and train them up a career.",
    "scenario": position("Lesson: hiring and training", "working", [
        {"cash": 10, "at_work": ["recruiting_girl", "trainer"]}, {"cash": 10},
    ]),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Your staff grows",
         "text": "It is your turn in Working 9–5. At work you have a Recruiting Girl and a "
         "Trainer. You only ever hire entry-level cards (trainees, Waitresses, Errand "
         "Boys…); the others are reached by training, one step of a career at a time.",
         "ack": "Start"},
        {"id": "hire", "phase": "working", "title": "Hire",
         "text": "Your CEO hires one entry-level employee each round, and the Recruiting Girl "
         "one more. Hire a Kitchen Trainee and a Marketing Trainee. New hires go to the "
         "beach: they work from next round.",
         "highlight": f"{D} button[data-type=hire]",
         "expect": [{"kind": "hired", "seat": "me", "employee": "kitchen_trainee"},
                    {"kind": "hired", "seat": "me", "employee": "marketing_trainee"}],
         "do": [act(type="hire", employee="kitchen_trainee"),
                act(type="hire", employee="marketing_trainee")]},
        {"id": "train", "phase": "working", "title": "Train",
         "text": "A Trainer moves one card on the beach one step up its career, even one hired "
         "this turn. A Kitchen Trainee becomes a Burger Cook or a Pizza Cook: train it into a "
         "Pizza Cook (3 pizzas a round).",
         "highlight": f"{D} button[data-type=train][data-key*=pizza_cook]",
         "expect": [{"kind": "trained", "seat": "me", "into": "pizza_cook"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="pizza_cook", fresh=False)]},
        {"id": "salary", "phase": "working", "title": "Careers cost salaries",
         "text": "Entry-level cards work for free; a trained card with a $ on it (like your "
         "Pizza Cook) costs $5 each Payday. Training takes time too: each step is one round "
         "of a Trainer. Plan the career you need a few rounds ahead.", "ack": "Done"},
    ],
}

STRUCTURE: dict[str, Any] = {
    "id": "structure", "kind": "concept", "title": "The company structure",
    "summary": "Restructuring: slots, managers and open slots.",
    "scenario": position("Lesson: the company structure", "restructuring", [
        {"cash": 10, "hand": ["management_trainee", "kitchen_trainee", "marketing_trainee",
                              "waitress", "recruiting_girl", "errand_boy"]},
        {"cash": 10, "hand": ["waitress"]},
    ]),
    "steps": [
        {"id": "welcome", "phase": "restructuring", "title": "Who goes to work",
         "text": "Each round starts with Restructuring: in secret, you choose which cards go "
         "to work. Your CEO has 3 slots; every other card must sit in a slot, or it stays in "
         "your hand.", "ack": "Start"},
        {"id": "manager", "phase": "restructuring", "title": "A manager adds slots",
         "text": "A manager sits in a CEO slot and holds more employees under her: a "
         "Management Trainee holds 2. Send the Management Trainee to work.",
         "highlight": f"{D} button.card-button[data-card=management_trainee]",
         "expect": [{"kind": "card_sent_to_work", "seat": "me",
                     "employee": "management_trainee"}],
         "do": [act(type="send_to_work", employee="management_trainee")]},
        {"id": "fill", "phase": "restructuring", "title": "Fill the slots",
         "text": "Now 2 CEO slots and her 2 slots are free: send the Kitchen Trainee, the "
         "Marketing Trainee, the Waitress and the Recruiting Girl. The Errand Boy has no slot "
         "left and stays in your hand.",
         "highlight": f"{D} button.card-button",
         "expect": [{"kind": "card_sent_to_work", "seat": "me", "employee": e}
                    for e in ("kitchen_trainee", "marketing_trainee", "waitress",
                              "recruiting_girl")],
         "do": [act(type="send_to_work", employee=e)
                for e in ("kitchen_trainee", "marketing_trainee", "waitress",
                          "recruiting_girl")]},
        {"id": "commit", "phase": "restructuring", "title": "Commit",
         "text": "Commit your structure; both chains reveal at once.",
         "highlight": f"{D} [data-test=done]",
         "expect": [{"kind": "structure_committed", "seat": "me"}],
         "do": [act(type="done")]},
        {"id": "open-slots", "phase": "order_of_business", "title": "Open slots",
         "text": "Empty slots on your CEO are open slots. Your rival kept more CEO slots "
         "open than you (you kept none), so the rival picked its place in the turn order "
         "first, and you got the place left. A bigger company does more, but picks later.",
         "expect": [{"kind": "turn_order_chosen", "seat": "me"}], "ack": "Done"},
    ],
}

MARKETING: dict[str, Any] = {
    "id": "marketing", "kind": "concept", "title": "Marketing: reach and demand",
    "summary": "Campaigns put demand on the houses they reach.",
    "scenario": position("Lesson: marketing", "working", [
        {"cash": 10, "at_work": ["marketing_trainee"]},
        {"cash": 10, "milestones": ["first_billboard"]},
    ], working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "No demand, no dinner",
         "text": "Houses eat only what they want, and they want only what is marketed to "
         "them. Your Marketing Trainee may launch a billboard within 2 tile borders by road "
         "of your restaurant.", "ack": "Start"},
        {"id": "campaign", "phase": "working", "title": "Choose a billboard",
         "text": "Choose campaign #14, a 2×1 billboard.",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":14']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 14}],
         "do": [act(type="start_campaign", marketeer="marketing_trainee", number=14)]},
        {"id": "place", "phase": "working", "title": "Place it next to a house",
         "text": "A billboard reaches every house orthogonally next to it. Tap the marked "
         "square just below house 2, pick either way round, and confirm.",
         "highlight": "[data-hl-anchor='5,0'], [data-test=decision] button[data-variant], "
         "[data-test=confirm]",
         "expect": [{"kind": "campaign_placed", "seat": "me", "number": 14,
                     "cells": {"has": [5, 0]}}],
         "do": [act(type="place_campaign", cell=[5, 0], orientation="vertical", edge=None,
                    first=None)]},
        {"id": "advert", "phase": "working", "title": "What and how long",
         "text": "Advertise pizza for 2 rounds. Your Marketing Trainee stays busy (no other "
         "work) while the campaign runs.",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=pizza]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "pizza"}],
         "do": [act(type="choose_advert", good="pizza", duration=2)]},
        {"id": "ran", "phase": "marketing", "title": "The campaign runs",
         "text": "At Marketing, campaigns run in number order: yours put 1 pizza demand on "
         "house 2. A house holds at most 3 demand (5 with a garden), so the next run adds "
         "another. Whoever sells pizza to house 2 cheapest will get the money.",
         "highlight": "g.campaign[data-campaign='14']",
         "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me"}],
         "ack": "Done"},
    ],
}

DINNERTIME: dict[str, Any] = {
    "id": "dinnertime", "kind": "concept", "title": "Dinnertime's choice",
    "summary": "Who a house eats at: price + distance, ties by waitresses.",
    "scenario": position("Lesson: Dinnertime", "working", [
        {"cash": 10, "at_work": ["burger_cook", "waitress"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"]}, {"number": 4, "demand": ["burger"]}],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Two houses want burgers",
         "text": "Houses 2 and 4 each want a burger. Your rival already has 3 burgers. At "
         "Dinnertime each house, lowest number first, eats at the chain that has everything "
         "it wants for the lowest price + distance.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Your Burger Cook makes 3 burgers: cook them. Nobody decides at Dinnertime; "
         "it happens by itself after the last turn.",
         "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "distance", "phase": "dinnertime", "title": "House 2: distance",
         "text": "Both chains ask $10 a burger. Each tile border the road crosses to the "
         "house adds $1: house 2 is 0 borders from you and 2 from your rival ($10 against "
         "$12), so it eats at yours.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me",
                     "decided_by": "lowest_total"}],
         "ack": "Continue"},
        {"id": "tie", "phase": "dinnertime", "title": "House 4: a tie",
         "text": "House 4 is 1 border from each restaurant: $11 against $11, a tie. A tie "
         "goes to the chain with more Waitresses at work; you have one, so you win again "
         "(and each Waitress earns $3 more). With no waitress either, the turn order "
         "decides.",
         "expect": [{"kind": "house_served", "house": 4, "winner": "me",
                     "decided_by": "waitresses"}],
         "ack": "Continue"},
        {"id": "price", "phase": "dinnertime", "title": "Price",
         "text": "Price counts as much as distance: a Pricing Manager takes $1 off, a "
         "Discount Manager $3, a Luxuries Manager adds $10. A far chain can still win "
         "with a low price.", "ack": "Done"},
    ],
}

MILESTONES: dict[str, Any] = {
    "id": "milestones", "kind": "concept", "title": "Milestones",
    "summary": "Be first, and keep the reward for the rest of the game.",
    "scenario": position("Lesson: milestones", "working", [
        {"cash": 10, "at_work": ["recruiting_manager", "trainer"]}, {"cash": 10},
    ]),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Being first pays",
         "text": "A milestone goes to the first chain to do something: hire 3 in a turn, "
         "train someone, sell a burger… Its reward lasts the whole game. Open the "
         "Milestones list to read them all.", "ack": "Start"},
        {"id": "hire-3", "phase": "working", "title": "First to hire 3",
         "text": "Your CEO hires 1 and the Recruiting Manager 2: hire 3 Waitresses. Being "
         "first to hire 3 in a turn gives you 2 Management Trainees at once.",
         "highlight": f"{D} button[data-type=hire][data-key*=waitress]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_hire_3"}],
         "do": [act(type="hire", employee="waitress")] * 3},
        {"id": "train", "phase": "working", "title": "First to train",
         "text": "The 2 new Management Trainees may be trained this very turn. Train one "
         "into a Junior Vice President: first to train someone takes $15 off every Payday "
         "from now on.",
         "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_train"}],
         "do": [act(type="train", trainer="trainer", employee="management_trainee",
                    into="junior_vice_president", fresh=False)]},
        {"id": "removed", "phase": "cleanup", "title": "Gone at Clean up",
         "text": "For the rest of this round your rival could still claim the same "
         "milestones; at Clean up, milestones claimed this round are removed from the game "
         "for everybody else.",
         "expect": [{"kind": "milestone_removed", "milestone": "first_hire_3"}],
         "ack": "Done"},
    ],
}

BANK: dict[str, Any] = {
    "id": "bank", "kind": "concept", "title": "The bank and the reserve",
    "summary": "When the bank breaks, the reserve cards decide what comes next.",
    "scenario": position("Lesson: the bank", "working", [
        {"cash": 10, "at_work": ["burger_cook"], "reserve": 300},
        {"cash": 10, "reserve": 100},
    ], bank=15, houses=[{"number": 2, "demand": ["burger", "burger"]},
                        {"number": 4, "demand": ["burger"]}],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "The bank is almost empty",
         "text": "The bank holds only $15 and three burgers are wanted. At the start every "
         "chain chose a reserve card in secret: $100, $200 or $300, with 2, 3 or 4 CEO "
         "slots. You chose $300.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Cook 3 burgers: Dinnertime will owe you more than the bank holds.",
         "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "break", "phase": "dinnertime", "title": "The bank breaks",
         "text": "You are paid in full even so. The first time the bank breaks, the reserve "
         "cards are revealed: the money on them all goes into the bank, and the most common "
         "card sets every CEO's slots from now on (a tie: the highest).",
         "highlight": "button[data-tab=results]",
         "expect": [{"kind": "bank_broken", "number": 1}],
         "ack": "Continue"},
        {"id": "end", "phase": "restructuring", "title": "The second break ends the game",
         "text": "The second time the bank breaks, the game ends after that Dinnertime and "
         "the richest chain wins. Watch the bank in the header as it runs low.",
         "expect": [{"kind": "round_started", "round": 4}],
         "ack": "Done"},
    ],
}

PHASE_NOTES: list[tuple[str, str, str]] = [
    ("restructuring", "Restructuring",
     "Choose which cards work this round. Keep a slot open if you want to pick the turn "
     "order early."),
    ("order_of_business", "Order of Business",
     "The chain with the most open slots picks its place in the turn order first."),
    ("working", "Working 9–5",
     "Your turn: hire, train, market, cook and get drinks, then place houses and "
     "restaurants, always in this order."),
    ("dinnertime", "Dinnertime",
     "Houses with demand eat at the cheapest chain by price + distance. The results "
     "tab shows who sold what."),
    ("payday", "Payday",
     "Pay $5 for each card with a salary, or fire it first. Idle cards cost too."),
    ("marketing", "Marketing", "Campaigns put demand on the houses they reach."),
    ("cleanup", "Clean up",
     "Unsold food is thrown away and cards return to your hand. A new round starts."),
]

GUIDED: dict[str, Any] = {
    "id": "first-game", "kind": "game", "title": "A guided first game",
    "summary": "A whole game against the easy bot, with a word on each phase.",
    "scenario": None, "players": 2, "auto": True,
    "steps": [
        {"id": "welcome", "phase": "setup_reserve", "title": "A whole game",
         "text": "This is a real game against the easy bot. The coach says a word when each "
         "phase first comes up; the hint button suggests a move if you are stuck. The game "
         "ends when the bank breaks the second time.", "ack": "Start"},
        {"id": "reserve", "phase": "setup_reserve", "title": "Your reserve card",
         "text": "First choose a reserve card in secret: its money goes into the bank when "
         "it first breaks, and the most chosen card sets every CEO's slots then.",
         "highlight": f"{D} button",
         "expect": [{"kind": "reserve_chosen", "seat": "me"}]},
        {"id": "restaurant", "phase": "setup_restaurants", "title": "Your first restaurant",
         "text": "Place your first restaurant: near houses, with its entrance on a road. "
         "Distance is what houses pay on top of the price.",
         "highlight": "[data-hl-anchor]",
         "expect": [{"kind": "restaurant_placed", "seat": "me"}]},
        *[{"id": phase, "phase": phase, "title": title, "text": text,
           "expect": [{"kind": "phase_started", "phase": phase}], "ack": "Continue"}
          for phase, title, text in PHASE_NOTES],
        {"id": "bank", "phase": "dinnertime", "title": "The bank broke",
         "text": "The bank ran out for the first time: the reserve cards went into it and "
         "set the CEO slots. The next break ends the game.",
         "expect": [{"kind": "bank_broken", "number": 1}], "ack": "Continue"},
        {"id": "over", "phase": "game_over", "title": "Game over",
         "text": "The bank broke again: the richest chain wins. Well played! Try a "
         "lesson on any phase, or a game against a stronger bot.",
         "expect": [{"kind": "game_over"}], "ack": "Finish"},
    ],
}

LESSONS: list[dict[str, Any]] = [CAREERS, STRUCTURE, MARKETING, DINNERTIME, MILESTONES, BANK,
                                 GUIDED]
# A lesson's bot plays from this fixed secret: the same moves every time.
BOT_SECRET = 2_610_010

_MODULE_LESSONS: dict[str, list[dict[str, Any]]] = {}


def register_lessons(module: str, lessons: list[dict[str, Any]]) -> None:
    """Register a module's lessons (called by ``fcm/modules/<id>/lessons.py`` on import);
    each plays with ``module`` on (its scenario names it)."""
    _MODULE_LESSONS[module] = [{**lesson, "kind": "module", "module": module}
                               for lesson in lessons]


def all_lessons() -> list[dict[str, Any]]:
    """Every lesson: the concepts, the guided game, then each module's (by module id)."""
    from fcm.modules import load_satellite
    from fcm.rulesets import playable_modules

    modules = sorted(playable_modules())
    load_satellite("lessons", modules)
    out = [*LESSONS]
    for m in modules:
        out.extend(_MODULE_LESSONS.get(m, []))
    return out


def lesson(lesson_id: str) -> dict[str, Any] | None:
    return next((x for x in all_lessons() if x["id"] == lesson_id), None)


def seats_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The lesson's seats: the human first, then easy bots."""
    return copy.deepcopy(data.get("seats", SEATS))


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """A lesson as the lobby lists it."""
    return {k: data.get(k) for k in ("id", "kind", "title", "summary", "module")} | {
        "steps": len(data["steps"])}


def script(data: dict[str, Any]) -> dict[str, Any]:
    """A lesson as the coach reads it (tutorial.js): the player's seat and the steps, without
    the reference play."""
    steps = [{k: v for k, v in s.items() if k != "do"} for s in data["steps"]]
    return {"id": data["id"], "title": data["title"], "seat": 0, "steps": steps}
