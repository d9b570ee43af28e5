"""Noodles' lesson (ketchup.md 7): a house nobody can serve eats noodles instead."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("noodles", [{
    "id": "noodles", "scenario": position("working", [
        {"cash": 10, "at_work": ["noodle_cook"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["pizza"]}], modules=["noodles"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me"}],
         "do": [act(type="cook", employee="noodle_cook", good="noodles")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
         "ack": "done"},
    ],
}])
