"""Hard Choices' lesson (ketchup.md 16): early milestones leave the game if unclaimed."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

SCENARIO = position("working", [
    {"cash": 10, "at_work": ["trainer"], "beach": ["kitchen_trainee"]}, {"cash": 10},
], modules=["hard_choices"], working={"seat": 0, "step": "train"})
SCENARIO["round"] = 2

register_lessons("hard_choices", [{
    "id": "hard-choices", "scenario": SCENARIO,
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "train", "phase": "working", "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_train"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="burger_cook", fresh=False)]},
        {"id": "gone", "phase": "cleanup",
         "expect": [{"kind": "milestone_removed", "milestone": "first_burger_marketed",
                     "expired_after_round": 2}],
         "ack": "done"},
    ],
}])
