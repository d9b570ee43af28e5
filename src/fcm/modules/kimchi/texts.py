"""Kimchi's texts (ketchup.md 5): why a house bought its order plus one kimchi, how the browser
draws kimchi, and the rules tab's entry."""

from __future__ import annotations

from fcm.modules.kimchi import TIER
from fcm.modules.kimchi.ids import KIMCHI
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "kimchi",
    ModuleTexts(
        orders={TIER: "a chain with kimchi wins whatever its price (Kimchi)"},
        goods={KIMCHI.value: GoodLook("Kimchi", "K", "#9f1239")},
        glossary=(
            (
                "Kimchi",
                "A Kimchi Master at work makes 1 kimchi in Clean up, after the discard; it is "
                "kept until the next round without a freezer. At Dinnertime a house first "
                "looks for chains that can sell its whole order plus one kimchi: among them "
                "price + distance decides, and such a chain wins whatever its price. It sells "
                "exactly one kimchi on top, paid like any item. A freezer that keeps kimchi "
                "keeps nothing else. Kimchi is food and cannot be marketed.",
            ),
        ),
    ),
)
