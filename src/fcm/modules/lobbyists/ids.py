"""The ids this module adds to the game's vocabularies (``fcm.core.types``, ``WorkStep``)."""

from __future__ import annotations

from fcm.core.state import WorkStep
from fcm.core.types import EmployeeId, MilestoneId

LOBBYIST = EmployeeId.define("lobbyist")
FIRST_LOBBYIST_USED = MilestoneId.define("first_lobbyist_used")
# Working 9-5: the new step between "houses and gardens" and "restaurants" (ketchup.md 2)
LOBBYISTS = WorkStep.define("lobbyists")

# Pieces on the map (the board overlay): a road tile's squares while under construction
# (usable by no route), the same squares once opened in Clean up, a roadworks marker on a road
# square an arrow points at (+1 Dinnertime distance), and a park's squares.
ROAD_UNDER_CONSTRUCTION = "road_under_construction"
ROAD = "road_tile"
ROADWORKS = "roadworks"
PARK = "park"
