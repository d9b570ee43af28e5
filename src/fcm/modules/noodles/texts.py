"""Noodles' texts (ketchup.md 7): why a house bought noodles, how the browser draws noodles,
and the rules tab's entry."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.noodles import TIER
from fcm.modules.noodles.ids import NOODLES
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "noodles",
    ModuleTexts(
        orders={TIER: "noodles.order"},
        goods={NOODLES.value: GoodLook("noodles.good_label", "N", "#854d0e")},
        glossary=(("noodles.glossary.term", "noodles.glossary.text"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
