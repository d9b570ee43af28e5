"""Sushi's lesson (ketchup.md 6): a house with a garden prefers sushi."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("sushi", [{
    "id": "sushi", "title": "Sushi", "summary": "Houses with a garden prefer sushi.",
    "scenario": position("Lesson: Sushi", "working", [
        {"cash": 10, "at_work": ["sushi_cook"]}, {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"], "garden": [[5, 0], [5, 1]]}], modules=["sushi"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "A garden house",
         "text": "House 2 has a garden and wants a burger; your rival has burgers, you have "
         "none. Sushi is never marketed, but a house with a garden looks first for a chain "
         "that can serve it all of its order as sushi.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook sushi",
         "text": "Your Sushi Cook makes 2 sushi: cook them.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me"}],
         "do": [act(type="cook", employee="sushi_cook", good="sushi")]},
        {"id": "sold", "phase": "dinnertime", "title": "Sushi first",
         "text": "House 2 ate sushi at yours, though your rival had the burger it asked for.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"}],
         "ack": "Done"},
    ],
}])
