"""Night Shift Managers's texts (ketchup.md 10): its lesson's (``lesson.<id>.*``, read by
:mod:`fcm.lessons`), message ids of the module's own catalog, ``locale/<lang>.po``."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

register_texts("night_shift_managers", ModuleTexts(catalog=Path(__file__).parent / "locale"))
