"""Gourmet Food Critics' lesson (ketchup.md 13): a guide markets to every garden house."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("gourmet_food_critics", [{
    "id": "gourmet-food-critics", "scenario": position("working", [
        {"cash": 10, "at_work": ["gourmet_food_critic"]}, {"cash": 10},
    ], houses=[{"number": 2, "garden": [[5, 0], [5, 1]]}], modules=["gourmet_food_critics"],
        working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "guide", "phase": "working",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":17']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 17}],
         "do": [act(type="start_campaign", marketeer="gourmet_food_critic", number=17)]},
        {"id": "advert", "phase": "working",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=pizza]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "pizza"}],
         "do": [act(type="choose_advert", good="pizza", duration=2)]},
        {"id": "ran", "phase": "marketing",
         "expect": [{"kind": "campaign_ran", "number": 17, "owner": "me"}],
         "ack": "done"},
    ],
}])
