"""New Milestones' lesson (ketchup.md 3): milestones for using a card."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("new_milestones", [{
    "id": "new-milestones", "title": "New Milestones",
    "summary": "Milestones for the first to use each kind of card.",
    "scenario": position("Lesson: New Milestones", "working", [
        {"cash": 10, "at_work": ["trainer"], "beach": ["kitchen_trainee"]}, {"cash": 10},
    ], modules=["new_milestones"], working={"seat": 0, "step": "train"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Use it first",
         "text": "New Milestones replace the base ones. Most go to the first chain to use a "
         "kind of card: to make it do what is printed on it. Open the Milestones list to "
         "read them.", "ack": "Start"},
        {"id": "train", "phase": "working", "title": "Use your Trainer",
         "text": "Train your Kitchen Trainee into a Burger Cook: the first Trainer used "
         "claims First trainer used.",
         "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "milestone_claimed", "seat": "me",
                     "milestone": "first_trainer_used"}],
         "do": [act(type="train", trainer="trainer", employee="kitchen_trainee",
                    into="burger_cook", fresh=False)]},
        {"id": "kept", "phase": "working", "title": "Yours for the game",
         "text": "Its reward (here, a second Trainer on your beach) is yours; read what "
         "each one gives in your company's milestones. Your rival may still claim it this "
         "round; at Clean up it leaves the game for everyone else.", "ack": "Done"},
    ],
}])
