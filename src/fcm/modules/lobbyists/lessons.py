"""Lobbyists' lesson (ketchup.md 2): a Lobbyist's park doubles what a house beside it pays."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("lobbyists", [{
    "id": "lobbyists", "scenario": position("working", [
        {"cash": 10, "at_work": ["lobbyist"], "stock": {"burger": 1}},
        {"cash": 10},
    ], houses=[{"number": 1, "cell": [3, 3], "demand": ["burger"]}], modules=["lobbyists"],
        working={"seat": 0, "step": "lobbyists"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "park", "phase": "working",
         "highlight": f"{D} button[data-type=build_park]",
         "expect": [{"kind": "lobbyist_built", "seat": "me", "piece": "park"}],
         "do": [act(type="build_park", cells=[[3, 5], [4, 5], [5, 5], [6, 5]])]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 1, "winner": "me", "amount": 20}],
         "ack": "done"},
    ],
}])
