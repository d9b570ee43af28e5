"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId

MASS_MARKETEER = EmployeeId.define("mass_marketeer")
