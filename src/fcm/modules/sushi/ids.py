"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId, Good, GoodInfo

SUSHI_COOK = EmployeeId.define("sushi_cook")
SUSHI_CHEF = EmployeeId.define("sushi_chef")
# Food for milestones and payment rules; never marketed; freezable like food (6, 0.2).
SUSHI = Good.define_good(GoodInfo("sushi", food=True, marketable=False))
