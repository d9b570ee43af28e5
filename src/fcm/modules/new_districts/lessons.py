"""New Districts' lesson (ketchup.md 1): a billboard next to an apartment puts two tokens there."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("new_districts", [{
    "id": "new_districts", "scenario": position("working", [
        {"cash": 10, "at_work": ["marketing_trainee"]},
        {"cash": 10, "milestones": ["first_billboard"]},
    ], tiles=[[["A", 0], ["X", 0]], [["R", 0], ["T", 0]]], modules=["new_districts"],
        working={"seat": 0, "step": "campaigns"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "campaign", "phase": "working",
         "highlight": f"{D} button[data-type=start_campaign][data-key*='\"number\":14']",
         "expect": [{"kind": "campaign_started", "seat": "me", "number": 14}],
         "do": [act(type="start_campaign", marketeer="marketing_trainee", number=14)]},
        {"id": "place", "phase": "working",
         "highlight": "[data-hl-anchor='0,5'], [data-test=decision] button[data-variant], "
         "[data-test=confirm]",
         "expect": [{"kind": "campaign_placed", "seat": "me", "number": 14,
                     "cells": {"has": [1, 5]}}],
         "do": [act(type="place_campaign", cell=[0, 5], orientation="vertical", edge=None,
                    first=None)]},
        {"id": "advert", "phase": "working",
         "highlight": f"{D} button[data-type=choose_advert][data-key*=burger]",
         "expect": [{"kind": "campaign_launched", "seat": "me", "good": "burger"}],
         "do": [act(type="choose_advert", good="burger", duration=2)]},
        {"id": "ran", "phase": "marketing", "highlight": "g.campaign[data-campaign='14']",
         "expect": [{"kind": "apartment_demand", "house": 314, "placed": 2}],
         "ack": "done"},
    ],
}])
