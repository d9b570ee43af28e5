"""Fry Chefs' lesson (ketchup.md 9): a Fry Chef adds $10 to every house sold to."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

COOK = f"{D} button[data-type=cook][data-key*='\"good\":\"burger\"']"

register_lessons("fry_chefs", [{
    "id": "fry-chefs", "title": "Fry Chefs", "summary": "Each Fry Chef adds $10 to every sale.",
    "scenario": position("Lesson: Fry Chefs", "working", [
        {"cash": 10, "at_work": ["burger_cook", "fry_chef"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["burger"]}], modules=["fry_chefs"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Fries with that",
         "text": "A Fry Chef is trained from any cook. It makes no food, but each house you "
         "sell to pays $10 more for every Fry Chef you have at work. It does not change your "
         "price, so it never wins you a house.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Cook burgers with your Burger Cook; house 2 wants one.", "highlight": COOK,
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime", "title": "$10 more",
         "text": "House 2 paid $10 for the burger and $10 more for your Fry Chef: $20 from "
         "one burger. Open the Dinnertime walk-through to see the line.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me", "amount": 20}],
         "ack": "Done"},
    ],
}])
