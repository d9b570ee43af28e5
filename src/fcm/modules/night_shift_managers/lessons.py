"""Night Shift Managers' lesson (ketchup.md 10): unsalaried cards work twice."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("night_shift_managers", [{
    "id": "night-shift-managers", "scenario": position("working", [
        {"cash": 10, "at_work": ["night_shift_manager", "kitchen_trainee"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["burger"]}, {"number": 4, "demand": ["pizza"]}],
        modules=["night_shift_managers"], working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"},
                    {"kind": "cooked", "seat": "me", "good": "pizza"}],
         "do": [act(type="cook", employee="kitchen_trainee", good="burger"),
                act(type="cook", employee="kitchen_trainee", good="pizza")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"},
                    {"kind": "house_served", "house": 4, "winner": "me"}],
         "ack": "done"},
    ],
}])
