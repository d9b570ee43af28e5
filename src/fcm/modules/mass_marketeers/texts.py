"""Mass Marketeers's texts (ketchup.md 11): its lesson's (``lesson.<id>.*``, read by
:mod:`fcm.lessons`), message ids of the module's own catalog, ``locale/<lang>.po``."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts("mass_marketeers", ModuleTexts(catalog=Path(__file__).parent / "locale"))
