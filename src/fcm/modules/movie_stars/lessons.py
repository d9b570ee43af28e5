"""Movie Stars' lesson (ketchup.md 15): a star wins ties before any Waitress."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("movie_stars", [{
    "id": "movie-stars", "title": "Movie Stars", "summary": "A star wins ties, before Waitresses.",
    "scenario": position("Lesson: Movie Stars", "working", [
        {"cash": 10, "at_work": ["burger_cook", "b_movie_star"]},
        {"cash": 10, "stock": {"burger": 3}, "at_work": ["waitress"]},
    ], houses=[{"number": 4, "demand": ["burger"]}], modules=["movie_stars"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "A star at work",
         "text": "A Waitress can be trained into a Movie Star (B, C or D; one each in the "
         "game). A star earns nothing and costs a salary, but a chain with a star picks the "
         "turn order first, and wins ties at Dinnertime before Waitresses count.",
         "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Cook burgers. House 4 is as far from you as from your rival, whose Waitress "
         "would win the tie without your star.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "sold", "phase": "dinnertime", "title": "The star wins the tie",
         "text": "$11 against $11: a tie, and your B-Movie Star beat your rival's Waitress.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 4, "winner": "me"}],
         "ack": "Done"},
    ],
}])
