"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId

GOURMET_FOOD_CRITIC = EmployeeId.define("gourmet_food_critic")
