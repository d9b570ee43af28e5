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

The texts a player reads are the catalogs' (``lesson.<id>.title``, ``.summary``,
``.step.<step>.title``, ``.step.<step>.text``; a step's ``ack`` names its button,
``lesson.ack.<ack>``), served in the player's language by :func:`script` and :func:`summary`;
a module's lessons' texts are in its own catalog (``fcm/modules/<id>/locale``). A module's lesson
lives in its own package
(``fcm/modules/<id>/lessons.py``) and registers itself with :func:`register_lessons`; no module
is named here (tests/test_module_ids.py).
"""

from __future__ import annotations

import copy
from typing import Any

from fcm.i18n import DEFAULT_LOCALE, t

D = "[data-test=decision]"
MAP: list[list[list[Any]]] = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]
# Red's restaurant at the top (house 2 on its left, house 4 on its right), the rival's at the
# bottom right: the small map of the tutorial.
RESTAURANTS: list[dict[str, Any]] = [
    {"owner": 0, "cell": [0, 3], "entrance": "sw"},
    {"owner": 1, "cell": [8, 8], "entrance": "nw"},
]
# The seats' names are the tutorial's (in the player's language: seats_of).
SEATS: list[dict[str, Any]] = [
    {"kind": "human", "name": "tutorial.seat.you"},
    {"kind": "bot", "bot": "easy", "name": "tutorial.seat.rival"},
]


def position(phase: str, companies: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A two-player position on the tutorial's small map, round 3, the player first in turn
    order (more: other scenario fields); its description is the lesson's title in the
    player's language (scenario_of)."""
    return {"format": "fcm-scenario/1", "players": 2,
            "tiles": MAP, "round": 3, "phase": phase, "turn_order": [0, 1],
            "companies": companies, "restaurants": RESTAURANTS, **more}


def act(**fields: Any) -> dict[str, Any]:
    return dict(fields)


CAREERS: dict[str, Any] = {
    "id": "careers", "kind": "concept", "scenario": position("working", [
        {"cash": 10, "at_work": ["recruiting_girl", "trainer"]}, {"cash": 10},
    ]),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "hire", "phase": "working", "highlight": f"{D} button[data-type=hire]",
         "expect": [{"kind": "hired", "seat": "me", "employee": "kitchen_trainee"},
                    {"kind": "hired", "seat": "me", "employee": "marketing_trainee"}],
         "do": [act(type="hire", employee="kitchen_trainee"),
                act(type="hire", employee="marketing_trainee")]},
        {"id": "train", "phase": "working",
         "highlight": f"{D} button[data-type=train][data-key*=pizza_cook]",
         "expect": [{"kind": "trained", "seat": "me", "into": "pizza_cook"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="pizza_cook", fresh=False)]},
        {"id": "salary", "phase": "working", "ack": "done"},
    ],
}

STRUCTURE: dict[str, Any] = {
    "id": "structure", "kind": "concept", "scenario": position("restructuring", [
        {"cash": 10, "hand": ["management_trainee", "kitchen_trainee", "marketing_trainee",
                              "waitress", "recruiting_girl", "errand_boy"]},
        {"cash": 10, "hand": ["waitress"]},
    ]),
    "steps": [
        {"id": "welcome", "phase": "restructuring", "ack": "start"},
        {"id": "manager", "phase": "restructuring",
         "highlight": f"{D} button.card-button[data-card=management_trainee]",
         "expect": [{"kind": "card_sent_to_work", "seat": "me",
                     "employee": "management_trainee"}],
         "do": [act(type="send_to_work", employee="management_trainee")]},
        {"id": "fill", "phase": "restructuring", "highlight": f"{D} button.card-button",
         "expect": [{"kind": "card_sent_to_work", "seat": "me", "employee": e}
                    for e in ("kitchen_trainee", "marketing_trainee", "waitress",
                              "recruiting_girl")],
         "do": [act(type="send_to_work", employee=e)
                for e in ("kitchen_trainee", "marketing_trainee", "waitress",
                          "recruiting_girl")]},
        {"id": "commit", "phase": "restructuring", "highlight": f"{D} [data-test=done]",
         "expect": [{"kind": "structure_committed", "seat": "me"}],
         "do": [act(type="done")]},
        {"id": "open-slots", "phase": "order_of_business",
         "expect": [{"kind": "turn_order_chosen", "seat": "me"}], "ack": "done"},
    ],
}

MARKETING: dict[str, Any] = {
    "id": "marketing", "kind": "concept", "scenario": position("working", [
        {"cash": 10, "at_work": ["marketing_trainee"]},
        {"cash": 10, "milestones": ["first_billboard"]},
    ], working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "campaign", "phase": "working",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":14']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 14}],
         "do": [act(type="start_campaign", marketeer="marketing_trainee", number=14)]},
        {"id": "place", "phase": "working",
         "highlight": "[data-hl-anchor='5,0'], [data-test=decision] button[data-variant], "
         "[data-test=confirm]",
         "expect": [{"kind": "campaign_placed", "seat": "me", "number": 14,
                     "cells": {"has": [5, 0]}}],
         "do": [act(type="place_campaign", cell=[5, 0], orientation="vertical", edge=None,
                    first=None)]},
        {"id": "advert", "phase": "working",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=pizza]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "pizza"}],
         "do": [act(type="choose_advert", good="pizza", duration=2)]},
        {"id": "ran", "phase": "marketing", "highlight": "g.campaign[data-campaign='14']",
         "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me"}],
         "ack": "done"},
    ],
}

DINNERTIME: dict[str, Any] = {
    "id": "dinnertime", "kind": "concept", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook", "waitress"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"]}, {"number": 4, "demand": ["burger"]}],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working",
         "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "distance", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me",
                     "decided_by": "lowest_total"}],
         "ack": "continue"},
        {"id": "tie", "phase": "dinnertime",
         "expect": [{"kind": "house_served", "house": 4, "winner": "me",
                     "decided_by": "waitresses"}],
         "ack": "continue"},
        {"id": "price", "phase": "dinnertime", "ack": "done"},
    ],
}

MILESTONES: dict[str, Any] = {
    "id": "milestones", "kind": "concept", "scenario": position("working", [
        {"cash": 10, "at_work": ["recruiting_manager", "trainer"]}, {"cash": 10},
    ]),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "hire-3", "phase": "working",
         "highlight": f"{D} button[data-type=hire][data-key*=waitress]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_hire_3"}],
         "do": [act(type="hire", employee="waitress")] * 3},
        {"id": "train", "phase": "working", "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_train"}],
         "do": [act(type="train", trainer="trainer", employee="management_trainee",
                    into="junior_vice_president", fresh=False)]},
        {"id": "removed", "phase": "cleanup",
         "expect": [{"kind": "milestone_removed", "milestone": "first_hire_3"}],
         "ack": "done"},
    ],
}

BANK: dict[str, Any] = {
    "id": "bank", "kind": "concept", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook"], "reserve": 300},
        {"cash": 10, "reserve": 100},
    ], bank=15, houses=[{"number": 2, "demand": ["burger", "burger"]},
                        {"number": 4, "demand": ["burger"]}],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working",
         "highlight": f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "break", "phase": "dinnertime", "highlight": "button[data-tab=results]",
         "expect": [{"kind": "bank_broken", "number": 1}],
         "ack": "continue"},
        {"id": "end", "phase": "restructuring", "expect": [{"kind": "round_started", "round": 4}],
         "ack": "done"},
    ],
}

# The guided game's word on each phase (lesson.first-game.step.<phase>.*), in play order.
PHASE_NOTES: list[str] = ["restructuring", "order_of_business", "working", "dinnertime",
                          "payday", "marketing", "cleanup"]

GUIDED: dict[str, Any] = {
    "id": "first-game", "kind": "game", "scenario": None, "players": 2, "auto": True,
    "steps": [
        {"id": "welcome", "phase": "setup_reserve", "ack": "start"},
        {"id": "reserve", "phase": "setup_reserve", "highlight": f"{D} button",
         "expect": [{"kind": "reserve_chosen", "seat": "me"}]},
        {"id": "restaurant", "phase": "setup_restaurants", "highlight": "[data-hl-anchor]",
         "expect": [{"kind": "restaurant_placed", "seat": "me"}]},
        *[{"id": phase, "phase": phase,
           "expect": [{"kind": "phase_started", "phase": phase}], "ack": "continue"}
          for phase in PHASE_NOTES],
        {"id": "bank", "phase": "dinnertime",
         "expect": [{"kind": "bank_broken", "number": 1}], "ack": "continue"},
        {"id": "over", "phase": "game_over", "expect": [{"kind": "game_over"}], "ack": "finish"},
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


def text(data: dict[str, Any], key: str, lang: str = DEFAULT_LOCALE) -> str:
    """One of the lesson's texts in ``lang``: ``title``, ``summary``, ``step.<id>.title``...
    (the catalogs' ``lesson.<id>.<key>``; a module's lesson in its module's catalog)."""
    return t(f"lesson.{data['id']}.{key}", lang)


def seats_of(data: dict[str, Any], lang: str = DEFAULT_LOCALE) -> list[dict[str, Any]]:
    """The lesson's seats, named in ``lang``: the human first, then easy bots."""
    seats: list[dict[str, Any]] = copy.deepcopy(data.get("seats", SEATS))
    for seat in seats:
        seat["name"] = t(seat["name"], lang)
    return seats


def scenario_of(data: dict[str, Any], lang: str = DEFAULT_LOCALE) -> dict[str, Any] | None:
    """The lesson's position, described in ``lang`` (``None``: a fresh game)."""
    if data["scenario"] is None:
        return None
    return {**data["scenario"],
            "description": t("lesson.description", lang, title=text(data, "title", lang))}


def summary(data: dict[str, Any], lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """A lesson as the lobby lists it, in ``lang``."""
    return {k: data.get(k) for k in ("id", "kind", "module")} | {
        "title": text(data, "title", lang), "summary": text(data, "summary", lang),
        "steps": len(data["steps"])}


def script(data: dict[str, Any], lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """A lesson as the coach reads it (tutorial.js): the player's seat and the steps in
    ``lang``, without the reference play."""
    steps = []
    for s in data["steps"]:
        step = {k: v for k, v in s.items() if k != "do"}
        step["title"] = text(data, f"step.{s['id']}.title", lang)
        step["text"] = text(data, f"step.{s['id']}.text", lang)
        if s.get("ack"):
            step["ack"] = t(f"lesson.ack.{s['ack']}", lang)
        steps.append(step)
    return {"id": data["id"], "title": text(data, "title", lang), "seat": 0, "steps": steps}
