"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId, Good, GoodInfo

NOODLE_COOK = EmployeeId.define("noodle_cook")
NOODLE_CHEF = EmployeeId.define("noodle_chef")
# Food for milestones and payment rules; never marketed; freezable like food (7, 0.2).
NOODLES = Good.define_good(GoodInfo("noodles", food=True, marketable=False))
