"""Kimchi's lesson (ketchup.md 5): a house prefers a chain that adds kimchi to its order."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("kimchi", [{
    "id": "kimchi", "title": "Kimchi", "summary": "Houses prefer a chain that adds kimchi.",
    "scenario": position("Lesson: Kimchi", "working", [
        {"cash": 10, "at_work": ["burger_cook"], "stock": {"kimchi": 1}},
        {"cash": 10, "stock": {"burger": 3}, "at_work": ["waitress"]},
    ], houses=[{"number": 4, "demand": ["burger"]}], modules=["kimchi"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Kimchi",
         "text": "A Kimchi Master makes 1 kimchi in Clean up, kept for the next round; yours "
         "made one. A house first looks for chains that can add kimchi to its order, and "
         "pays for it too.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Cook burgers: house 4 wants one. It is as far from you as from your rival, "
         "and your rival has a Waitress to win the tie.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime", "title": "Kimchi wins",
         "text": "House 4 ate at yours: only you could add kimchi, so the Waitress never "
         "came into it, and the kimchi was paid for like the burger.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 4, "winner": "me"}],
         "ack": "Done"},
    ],
}])
