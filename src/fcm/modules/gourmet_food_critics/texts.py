"""Gourmet Food Critics' texts (ketchup.md 13): the guides lie beside the board."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import CampaignKind, ModuleTexts, register_texts

register_texts(
    "gourmet_food_critics",
    ModuleTexts(
        campaign_kinds={"gourmet_guide": CampaignKind(icon="GG", beside_board=True)},
        catalog=Path(__file__).parent / "locale",
    ),
)
