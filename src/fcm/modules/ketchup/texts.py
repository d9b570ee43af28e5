"""Ketchup's texts (ketchup.md 8): its milestone is claimed in Dinnertime."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.ketchup import SOLD_YOUR_DEMAND
from fcm.texts import ModuleTexts, reason_pattern, register_texts

register_texts(
    "ketchup",
    ModuleTexts(
        milestones={"someone_sells_your_demand": "milestone.someone_sells_your_demand"},
        reasons=((reason_pattern(SOLD_YOUR_DEMAND), "ketchup.claimed"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
