"""Sushi's lesson (ketchup.md 6): a house with a garden prefers sushi."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("sushi", [{
    "id": "sushi", "scenario": position("working", [
        {"cash": 10, "at_work": ["sushi_cook"]}, {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"], "garden": [[5, 0], [5, 1]]}], modules=["sushi"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me"}],
         "do": [act(type="cook", employee="sushi_cook", good="sushi")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
         "ack": "done"},
    ],
}])
