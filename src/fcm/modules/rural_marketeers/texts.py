"""Rural Marketeers' texts (ketchup.md 12): the giant billboard's look, the freeway and the
rural area's turn in the events, the action's button and the rules tab's entries (message ids
of the module's own catalog, ``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.rural_marketeers import RURAL_NUMBER
from fcm.texts import CampaignKind, HouseName, ModuleTexts, register_texts

_EVENT = "rural_marketeers.event."

register_texts(
    "rural_marketeers",
    ModuleTexts(
        campaign_kinds={"giant_billboard": CampaignKind(icon="GB", beside_board=True)},
        events={
            "freeway_placed": _EVENT + "freeway_placed",
            "rural_area_turn": _EVENT + "rural_area_turn",
        },
        dinner_events=("rural_area_turn",),
        houses={  # the report says "the rural area", never "house 100"
            RURAL_NUMBER: HouseName(
                "rural_marketeers.house.name",
                "rural_marketeers.house.wants",
                "rural_marketeers.house.placed",
            )
        },
        variants={
            "freeway_placed": (
                ("road", _EVENT + "freeway_placed.road"),
                ("declined", _EVENT + "freeway_placed.declined"),
                ("none_left", _EVENT + "freeway_placed.none_left"),
            ),
            "rural_area_turn": (
                ("seat", _EVENT + "rural_area_turn.seat"),
                ("no_freeway", _EVENT + "rural_area_turn.no_freeway"),
            ),
        },
        glossary=(
            ("rural_marketeers.glossary.rural_area.term",
             "rural_marketeers.glossary.rural_area.text"),
            ("rural_marketeers.glossary.freeway.term", "rural_marketeers.glossary.freeway.text"),
        ),
        catalog=Path(__file__).parent / "locale",
    ),
)
