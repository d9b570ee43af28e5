"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import CampaignType, EmployeeId

GOURMET_FOOD_CRITIC = EmployeeId.define("gourmet_food_critic")
# Placed beside the board: no square, no range (ketchup.md 13).
GOURMET_GUIDE = CampaignType.define_kind("gourmet_guide", beside_board=True)
