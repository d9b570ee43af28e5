"""Ketchup's lesson (ketchup.md 8): the milestone "Someone sells your demand"."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("ketchup", [{
    "id": "ketchup", "scenario": position("working", [
        {"cash": 10, "at_work": ["kitchen_trainee"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["pizza"]}, {"number": 4, "demand": ["burger"]}],
        module_data={"ketchup": {"demand_by": {"4": [0]}}}, modules=["ketchup"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working",
         "highlight": f"{D} button[data-type=cook][data-key*=pizza]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "pizza"}],
         "do": [act(type="cook", employee="kitchen_trainee", good="pizza")]},
        {"id": "claimed", "phase": "dinnertime", "highlight": "button[data-tab=results]",
         "expect": [{"kind": "milestone_claimed", "seat": "me",
                     "milestone": "someone_sells_your_demand"}],
         "ack": "done"},
    ],
}])
