"""Mass Marketeers' lesson (ketchup.md 11): each one runs every campaign once more."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("mass_marketeers", [{
    "id": "mass-marketeers", "scenario": position("payday", [
        {"cash": 30, "at_work": ["mass_marketeer", "marketing_trainee"]}, {"cash": 10},
    ], campaigns=[{"number": 14, "owner": 0, "good": "burger", "marketeer": "marketing_trainee",
                   "remaining": 2, "cell": [5, 0], "orientation": "vertical"}],
        modules=["mass_marketeers"]),
    "steps": [
        {"id": "welcome", "phase": "payday", "ack": "start"},
        {"id": "payday", "phase": "payday", "highlight": f"{D} [data-test=done]",
         "expect": [{"kind": "firing_committed", "seat": "me"}],
         "do": [act(type="done")]},
        {"id": "ran", "phase": "marketing", "highlight": "g.campaign[data-campaign='14']",
         "expect": [{"kind": "campaign_ran", "number": 14, "owner": "me", "marketing_pass": 1},
                    {"kind": "campaign_ran", "number": 14, "owner": "me", "marketing_pass": 2}],
         "ack": "done"},
    ],
}])
