"""Six Players' lesson (ketchup.md 17): a table of six chains, the sixth in turn order too;
the same Dinnertime, more rivals for each house."""

from __future__ import annotations

from fcm.lessons import MAP, RESTAURANTS, D, act, register_lessons

SIX = 6

register_lessons("six_players", [{
    "id": "six-players",
    "scenario": {
        "format": "fcm-scenario/1", "players": SIX, "tiles": MAP, "round": 3,
        "phase": "working", "turn_order": list(range(SIX)),
        "companies": [{"cash": 10, "at_work": ["burger_cook"]}] + [{"cash": 10}] * (SIX - 1),
        "restaurants": RESTAURANTS,
        "houses": [{"number": 2, "demand": ["burger"]}],
        "modules": ["new_districts", "six_players"],
        "working": {"seat": 0, "step": "food_and_drinks"},
    },
    "seats": [{"kind": "human", "name": "tutorial.seat.you"}]
    + [{"kind": "bot", "bot": "easy", "name": "tutorial.seat.rival"}] * (SIX - 1),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
         "ack": "done"},
    ],
}])
