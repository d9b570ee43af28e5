"""Mass Marketeers' lesson (ketchup.md 11): each one runs every campaign once more."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("mass_marketeers", [{
    "id": "mass-marketeers", "title": "Mass Marketeers",
    "summary": "Each Mass Marketeer runs every campaign once more.",
    "scenario": position("Lesson: Mass Marketeers", "payday", [
        {"cash": 30, "at_work": ["mass_marketeer", "marketing_trainee"]}, {"cash": 10},
    ], campaigns=[{"number": 14, "owner": 0, "good": "burger", "marketeer": "marketing_trainee",
                   "remaining": 2, "cell": [5, 0], "orientation": "vertical"}],
        modules=["mass_marketeers"]),
    "steps": [
        {"id": "welcome", "phase": "payday", "title": "More marketing",
         "text": "Your billboard next to house 2 advertises burgers. A Mass Marketeer places "
         "no campaign: for each one at work (anyone's), Marketing runs every campaign one "
         "more time.", "ack": "Start"},
        {"id": "payday", "phase": "payday", "title": "Payday",
         "text": "Keep everyone and press Done; Marketing comes next.",
         "highlight": f"{D} [data-test=done]",
         "expect": [{"kind": "firing_committed", "seat": "me"}],
         "do": [act(type="done")]},
        {"id": "ran", "phase": "marketing", "title": "Twice",
         "text": "Your billboard ran twice: house 2 now wants 2 burgers. The campaign still "
         "loses only one round of its time.",
         "highlight": "g.campaign[data-campaign='14']",
         "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me", "marketing_pass": 1},
                    {"kind": "campaign_ran", "number": 14, "owner": "me", "marketing_pass": 2}],
         "ack": "Done"},
    ],
}])
