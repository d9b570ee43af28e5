"""Lobbyists' lesson (ketchup.md 2): a Lobbyist's park doubles what a house beside it pays."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("lobbyists", [{
    "id": "lobbyists", "title": "Lobbyists",
    "summary": "A Lobbyist builds a park: the house beside it pays double.",
    "scenario": position("Lesson: Lobbyists", "working", [
        {"cash": 10, "at_work": ["lobbyist"], "stock": {"burger": 1}},
        {"cash": 10},
    ], houses=[{"number": 1, "cell": [3, 3], "demand": ["burger"]}], modules=["lobbyists"],
        working={"seat": 0, "step": "lobbyists"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Lobbyists",
         "text": "After houses and gardens comes a new step: each Lobbyist at work may place "
         "one road or park tile on empty squares next to a road within range 2. A road is "
         "under construction until Clean up, and roadworks where its arrows point add 1 to "
         "Dinnertime distances; a park makes the houses it touches pay double (triple with a "
         "garden).", "ack": "Start"},
        {"id": "park", "phase": "working", "title": "Build a park",
         "text": "House 1 wants a burger, and you have one. Place the straight park beside "
         "it, on the four squares east of the house.",
         "highlight": f"{D} button[data-type=build_park]",
         "expect": [{"kind": "lobbyist_built", "seat": "me", "piece": "park"}],
         "do": [act(type="build_park", cells=[[3, 5], [4, 5], [5, 5], [6, 5]])]},
        {"id": "sold", "phase": "dinnertime", "title": "The park pays",
         "text": "House 1 ate at yours and paid $20 for one burger: $10, and $10 more for "
         "the park.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 1, "winner": "me", "amount": 20}],
         "ack": "Done"},
    ],
}])
