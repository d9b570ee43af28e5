"""New Districts' texts (ketchup.md 1): how the report and the browser write an apartment's
demand and sale, and the rules tab's entries (message ids of the module's own catalog,
``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

_EVENT = "new_districts.event."

register_texts(
    "new_districts",
    ModuleTexts(
        events={
            "apartment_demand": _EVENT + "apartment_demand",
            "apartment_served": _EVENT + "apartment_served",
        },
        glossary=(
            ("new_districts.glossary.apartment.term", "new_districts.glossary.apartment.text"),
            ("new_districts.glossary.tiles.term", "new_districts.glossary.tiles.text"),
        ),
        catalog=Path(__file__).parent / "locale",
    ),
)
