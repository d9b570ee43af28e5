"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import MilestoneId

SOMEONE_SELLS_YOUR_DEMAND = MilestoneId.define("someone_sells_your_demand")
