"""Fry Chefs' texts (ketchup.md 9): the +$10 payment line and the option's label."""

from __future__ import annotations

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "fry_chefs",
    ModuleTexts(
        options={
            "fry_chefs_food_only": (
                "Fry Chefs: food sales only",
                "a reading without a rulebook source (Fry Chefs module): +$10 only when the "
                "sale has food",
            )
        },
        sale_lines={
            "fry_chef": "{count} {count|plural:Fry Chef:Fry Chefs} x {each|money} = "
            "{amount|signed}"
        },
    ),
)
