"""Reserve Prices' texts (ketchup.md 14): the first bank break sets the base unit price."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "reserve_prices",
    ModuleTexts(
        variants={
            "bank_broken": (
                ("base_price", "reserve_prices.bank_broken"),
            )
        },
        catalog=Path(__file__).parent / "locale",
    ),
)
