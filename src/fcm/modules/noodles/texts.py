"""Noodles' texts (ketchup.md 7): why a house bought noodles, how the browser draws noodles,
and the rules tab's entry."""

from __future__ import annotations

from fcm.modules.noodles import TIER
from fcm.modules.noodles.ids import NOODLES
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "noodles",
    ModuleTexts(
        orders={
            TIER: "no chain could sell the order itself, so the house eats noodles, one per "
            "demand token (Noodles)"
        },
        goods={NOODLES.value: GoodLook("Noodles", "N", "#4d7c0f")},
        glossary=(
            (
                "Noodles",
                "Noodle Cooks make 6 noodles, the Noodle Chef (1x) 16, in the food step; a "
                "Kitchen Trainee trains into a Noodle Cook, a Noodle Cook into the Noodle Chef. "
                "At Dinnertime, only when no chain can sell a house its order does it look for "
                "chains that can sell it one noodle per demand token: among them price + "
                "distance decides. All or nothing; the demand goes with the noodles, paid like "
                "any item (the garden doubles it), no +$5 bonus. With Kimchi, kimchi + noodles "
                "comes before the order without kimchi. Noodles are food, cannot be marketed "
                "and may be frozen.",
            ),
        ),
    ),
)
