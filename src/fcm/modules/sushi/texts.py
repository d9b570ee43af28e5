"""Sushi's texts (ketchup.md 6): why a garden house bought sushi, how the browser draws sushi,
and the rules tab's entry."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.sushi import TIER
from fcm.modules.sushi.ids import SUSHI
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "sushi",
    ModuleTexts(
        orders={TIER: "sushi.order"},
        goods={SUSHI.value: GoodLook("sushi.good_label", "Su", "#4d7c0f")},
        glossary=(("sushi.glossary.term", "sushi.glossary.text"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
