"""Gourmet Food Critics' lesson (ketchup.md 13): a guide markets to every garden house."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("gourmet_food_critics", [{
    "id": "gourmet-food-critics", "title": "Gourmet Food Critics",
    "summary": "A gourmet guide markets to every house with a garden.",
    "scenario": position("Lesson: Gourmet Food Critics", "working", [
        {"cash": 10, "at_work": ["gourmet_food_critic"]}, {"cash": 10},
    ], houses=[{"number": 2, "garden": [[5, 0], [5, 1]]}], modules=["gourmet_food_critics"],
        working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "A critic at work",
         "text": "A Gourmet Food Critic is trained from a Marketing Trainee. She places a "
         "gourmet guide beside the board: it needs no square and no range, and reaches "
         "every house with a garden, wherever it is.", "ack": "Start"},
        {"id": "guide", "phase": "working", "title": "Choose a guide",
         "text": "Choose gourmet guide #17.",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":17']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 17}],
         "do": [act(type="start_campaign", marketeer="gourmet_food_critic", number=17)]},
        {"id": "advert", "phase": "working", "title": "What and how long",
         "text": "Advertise pizza for 2 rounds. The critic stays busy while it runs.",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=pizza]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "pizza"}],
         "do": [act(type="choose_advert", good="pizza", duration=2)]},
        {"id": "ran", "phase": "marketing", "title": "Every garden",
         "text": "At Marketing the guide put 1 pizza demand on house 2, the only house with a "
         "garden; it runs after the campaigns on the board.",
         "expect": [{"kind": "campaign_ran", "number": 17, "owner": "me"}],
         "ack": "Done"},
    ],
}])
