"""Noodles' lesson (ketchup.md 7): a house nobody can serve eats noodles instead."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("noodles", [{
    "id": "noodles", "title": "Noodles",
    "summary": "Houses nobody can serve eat noodles instead.",
    "scenario": position("Lesson: Noodles", "working", [
        {"cash": 10, "at_work": ["noodle_cook"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["pizza"]}], modules=["noodles"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Nobody has pizza",
         "text": "House 2 wants a pizza, and no chain can make one. Noodles are never "
         "marketed: a house eats them only when no chain can serve what it wants.",
         "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook noodles",
         "text": "Your Noodle Cook makes 6 noodles: cook them.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me"}],
         "do": [act(type="cook", employee="noodle_cook", good="noodles")]},
        {"id": "sold", "phase": "dinnertime", "title": "Noodles instead",
         "text": "Nobody had pizza, so house 2 ate noodles at your chain: one noodle for each "
         "item it wanted, at your price.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
         "ack": "Done"},
    ],
}])
