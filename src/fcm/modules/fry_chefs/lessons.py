"""Fry Chefs' lesson (ketchup.md 9): a Fry Chef adds $10 to every house sold to."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

COOK = f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']"

register_lessons("fry_chefs", [{
    "id": "fry-chefs", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook", "fry_chef"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["burger"]}], modules=["fry_chefs"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": COOK,
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me", "amount": 20}],
         "ack": "done"},
    ],
}])
