"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from fcm.core.extensions import PieceKind
from fcm.core.types import EmployeeId, Good, GoodInfo, MilestoneId

BARISTA_TRAINEE = EmployeeId.define("barista_trainee")
BARISTA = EmployeeId.define("barista")
LEAD_BARISTA = EmployeeId.define("lead_barista")
FIRST_COFFEE_SOLD = MilestoneId.define("first_coffee_sold")
# Neither food nor a drink (no milestone, bonus or salary counts it), never marketed (0.2, 4).
COFFEE = Good.define_good(GoodInfo("coffee", food=False, drink=False, marketable=False))
# A 1x1 shop: neither road nor empty for the geometry (no other piece goes on its square).
COFFEE_SHOP = PieceKind("coffee_shop", "#")
