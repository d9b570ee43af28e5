"""Sushi's texts (ketchup.md 6): why a garden house bought sushi, how the browser draws sushi,
and the rules tab's entry."""

from __future__ import annotations

from fcm.modules.sushi import TIER
from fcm.modules.sushi.ids import SUSHI
from fcm.texts import GoodLook, ModuleTexts, register_texts

register_texts(
    "sushi",
    ModuleTexts(
        orders={
            TIER: "a house with a garden buys sushi, one per demand token, from a chain that "
            "has enough, whatever its price (Sushi)"
        },
        goods={SUSHI.value: GoodLook("Sushi", "Su", "#4d7c0f")},
        glossary=(
            (
                "Sushi",
                "Sushi Cooks make 2 sushi, the Sushi Chef (1x) 5, in the food step; a Kitchen "
                "Trainee trains into a Sushi Cook, a Sushi Cook into the Sushi Chef. At "
                "Dinnertime a house with a garden first looks for chains that can sell it one "
                "sushi per demand token (food and drink alike): among them price + distance "
                "decides, and such a chain wins whatever its price. It buys only sushi, never "
                "sushi and other goods; the demand goes with the sushi, paid like any item (the "
                "garden doubles it), no +$5 bonus. Sushi is food, cannot be marketed and may be "
                "frozen.",
            ),
        ),
    ),
)
