"""Movie Stars' lesson (ketchup.md 15): a star wins ties before any Waitress."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("movie_stars", [{
    "id": "movie-stars", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook", "b_movie_star"]},
        {"cash": 10, "stock": {"burger": 3}, "at_work": ["waitress"]},
    ], houses=[{"number": 4, "demand": ["burger"]}], modules=["movie_stars"],
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
