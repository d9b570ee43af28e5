"""Rural Marketeers' lesson (ketchup.md 12): a giant billboard, the freeway it earns, and the
rural area eating last through it."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("rural_marketeers", [{
    "id": "rural-marketeers", "scenario": position("working", [
        {"cash": 10, "at_work": ["rural_marketeer"], "stock": {"burger": 2}}, {"cash": 10},
    ], houses=[{"number": 100, "demand": ["burger", "burger"]}], modules=["rural_marketeers"],
        working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "billboard", "phase": "working",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":17']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 17}],
         "do": [act(type="start_campaign", marketeer="rural_marketeer", number=17)]},
        {"id": "advert", "phase": "working",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=burger]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "burger"}],
         "do": [act(type="choose_advert", good="burger", duration=1)]},
        {"id": "freeway", "phase": "working", "highlight": "[data-hl-anchor], [data-test=confirm]",
         "expect": [{"kind": "freeway_placed", "seat": "me"}],
         "do": [act(type="place_freeway", cell=[-1, 2])]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "rural_area_turn", "seat": "me"}],
         "ack": "done"},
    ],
}])
