"""Six Players' texts (ketchup.md 17): the rules tab's entries for a six-player game (message
ids of the module's own catalog, ``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "six_players",
    ModuleTexts(
        glossary=(
            ("six_players.glossary.table.term", "six_players.glossary.table.text"),
            ("six_players.glossary.chain.term", "six_players.glossary.chain.text"),
        ),
        catalog=Path(__file__).parent / "locale",
    ),
)
