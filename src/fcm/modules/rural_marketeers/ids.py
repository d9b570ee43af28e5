"""The ids this module adds to the game's vocabularies (``fcm.core.types``) and its pieces."""

from __future__ import annotations

from fcm.core.types import CampaignType, EmployeeId, MilestoneId

RURAL_MARKETEER = EmployeeId.define("rural_marketeer")
FIRST_RURAL_MARKETEER_USED = MilestoneId.define("first_rural_marketeer_used")
# Placed on a side of the rural area tile, beside the board: no square, no range (12).
GIANT_BILLBOARD = CampaignType.define_kind("giant_billboard", beside_board=True)

# The rural area: a house of its own kind, off the map (no squares), eating last (12).
RURAL_AREA = "rural_area"
# A freeway: a piece just outside the map beside an edge road square (it changes no square).
FREEWAY = "freeway"
