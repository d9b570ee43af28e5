"""Fry Chefs' texts (ketchup.md 9): the +$10 payment line and the option's label."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "fry_chefs",
    ModuleTexts(
        options={
            "fry_chefs_food_only": ("fry_chefs.option.food_only", "fry_chefs.option.food_only.help")
        },
        sale_lines={"fry_chef": "fry_chefs.sale_line"},
        catalog=Path(__file__).parent / "locale",
    ),
)
