"""Night Shift Managers' lesson (ketchup.md 10): unsalaried cards work twice."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("night_shift_managers", [{
    "id": "night-shift-managers", "title": "Night Shift Managers",
    "summary": "Every card without a salary works twice.",
    "scenario": position("Lesson: Night Shift Managers", "working", [
        {"cash": 10, "at_work": ["night_shift_manager", "kitchen_trainee"]}, {"cash": 10},
    ], houses=[{"number": 2, "demand": ["burger"]}, {"number": 4, "demand": ["pizza"]}],
        modules=["night_shift_managers"], working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "A night shift",
         "text": "While a Night Shift Manager is at work, every card of yours without a "
         "salary works a second time this round: a Recruiting Girl hires 2, a Waitress "
         "counts twice. She costs $5 a round and holds nobody under her.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook twice",
         "text": "Your Kitchen Trainee makes 1 item, twice: a burger for house 2, then a "
         "pizza for house 4.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"},
                    {"kind": "cooked", "seat": "me", "good": "pizza"}],
         "do": [act(type="cook", employee="kitchen_trainee", good="burger"),
                act(type="cook", employee="kitchen_trainee", good="pizza")]},
        {"id": "sold", "phase": "dinnertime", "title": "Two houses served",
         "text": "One card, two sales: both houses ate at your chain.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "house_served", "house": 2, "winner": "me"},
                    {"kind": "house_served", "house": 4, "winner": "me"}],
         "ack": "Done"},
    ],
}])
