"""Kimchi's lesson (ketchup.md 5): a house prefers a chain that adds kimchi to its order."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("kimchi", [{
    "id": "kimchi", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook"], "stock": {"kimchi": 1}},
        {"cash": 10, "stock": {"burger": 3}, "at_work": ["waitress"]},
    ], houses=[{"number": 4, "demand": ["burger"]}], modules=["kimchi"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 4, "winner": "me"}],
         "ack": "done"},
    ],
}])
