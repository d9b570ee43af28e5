"""Kimchi's texts (ketchup.md 5): why a house bought its order plus one kimchi, how the browser
draws kimchi, and the rules tab's entry."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.kimchi import TIER
from fcm.modules.kimchi.ids import KIMCHI
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "kimchi",
    ModuleTexts(
        orders={TIER: "kimchi.order"},
        goods={KIMCHI.value: GoodLook("kimchi.good_label", "K", "#9f1239")},
        glossary=(("kimchi.glossary.term", "kimchi.glossary.text"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
