"""New Milestones' lesson (ketchup.md 3): milestones for using a card."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("new_milestones", [{
    "id": "new-milestones", "scenario": position("working", [
        {"cash": 10, "at_work": ["trainer"], "beach": ["kitchen_trainee"]}, {"cash": 10},
    ], modules=["new_milestones"], working={"seat": 0, "step": "train"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "train", "phase": "working", "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me",
                     "milestone": "first_trainer_used"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="burger_cook", fresh=False)]},
        {"id": "kept", "phase": "working", "ack": "done"},
    ],
}])
