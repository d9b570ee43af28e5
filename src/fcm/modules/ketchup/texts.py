"""Ketchup's texts (ketchup.md 8): its milestone is claimed in Dinnertime."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "ketchup",
    ModuleTexts(
        milestones={"someone_sells_your_demand": "milestone.someone_sells_your_demand"},
        catalog=Path(__file__).parent / "locale",
    ),
)
