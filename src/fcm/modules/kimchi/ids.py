"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.types import EmployeeId, Good, GoodInfo

KIMCHI_MASTER = EmployeeId.define("kimchi_master")
# Food for milestones and payment rules; never marketed; a freezer keeps it only alone (5, 0.2).
KIMCHI = Good.define_good(GoodInfo("kimchi", food=True, marketable=False))
