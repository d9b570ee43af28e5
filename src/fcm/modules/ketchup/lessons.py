"""Ketchup's lesson (ketchup.md 8): the milestone "Someone sells your demand"."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("ketchup", [{
    "id": "ketchup", "title": "Ketchup",
    "summary": "A milestone for the demand you made that someone else sold.",
    "scenario": position("Lesson: Ketchup", "working", [
        {"cash": 10, "at_work": ["kitchen_trainee"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["pizza"]}, {"number": 4, "demand": ["burger"]}],
        module_data={"ketchup": {"demand_by": {"4": [0]}}}, modules=["ketchup"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Your demand, their sale",
         "text": "Your marketing made house 4 want a burger, but you make no burgers; your "
         "rival has some. With Ketchup, when another chain sells to a house your campaigns "
         "put demand on, you claim Someone sells your demand.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook a pizza",
         "text": "Your Kitchen Trainee makes 1 item: make a pizza for house 2.",
         "highlight": f"{D} button[data-type=cook][data-key*=pizza]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "pizza"}],
         "do": [act(type="cook", employee="kitchen_trainee", good="pizza")]},
        {"id": "claimed", "phase": "dinnertime", "title": "Someone sold your demand",
         "text": "Your rival sold house 4 the burger you marketed, so you claimed the "
         "milestone: from the next Dinnertime your price + distance counts $1 less.",
         "highlight": "button[data-tab=results]",
         "expect": [{"kind": "milestone_claimed", "seat": "me",
                     "milestone": "someone_sells_your_demand"}],
         "ack": "Done"},
    ],
}])
