"""Hard Choices' lesson (ketchup.md 16): early milestones leave the game if unclaimed."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

SCENARIO = position("Lesson: Hard Choices", "working", [
    {"cash": 10, "at_work": ["trainer"], "beach": ["kitchen_trainee"]}, {"cash": 10},
], modules=["hard_choices"], working={"seat": 0, "step": "train"})
SCENARIO["round"] = 2

register_lessons("hard_choices", [{
    "id": "hard-choices", "title": "Hard Choices",
    "summary": "Some milestones leave the game early if nobody claims them.",
    "scenario": SCENARIO,
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Now or never",
         "text": "With Hard Choices, First burger, pizza and drink marketed and First to "
         "train someone leave the game at the Clean up of round 2 if nobody has them; First "
         "to hire 3 at round 3's. It is round 2.", "ack": "Start"},
        {"id": "train", "phase": "working", "title": "Train in time",
         "text": "Train your Kitchen Trainee into a Burger Cook: you claim First to train "
         "someone just in time.",
         "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me", "milestone": "first_train"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="burger_cook", fresh=False)]},
        {"id": "gone", "phase": "cleanup", "title": "Gone",
         "text": "At Clean up the marketing milestones nobody claimed left the game: they "
         "can never be claimed now.",
         "expect": [{"kind": "milestone_removed", "milestone": "first_burger_marketed",
                     "expired_after_round": 2}],
         "ack": "Done"},
    ],
}])
