"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId

NIGHT_SHIFT_MANAGER = EmployeeId.define("night_shift_manager")
