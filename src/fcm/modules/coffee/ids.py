"""The ids this module adds to the game's vocabularies (``fcm.core.types``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fcm.core.extensions import PieceKind
from fcm.core.types import Cell, EmployeeId, Good, GoodInfo, MilestoneId, Seat

if TYPE_CHECKING:
    from fcm.core.state import GameState

BARISTA_TRAINEE = EmployeeId.define("barista_trainee")
BARISTA = EmployeeId.define("barista")
LEAD_BARISTA = EmployeeId.define("lead_barista")
FIRST_COFFEE_SOLD = MilestoneId.define("first_coffee_sold")
# Neither food nor a drink (no milestone, bonus or salary counts it), never marketed (0.2, 4).
COFFEE = Good.define_good(GoodInfo("coffee", food=False, drink=False, marketable=False))


def _shop_owner(state: GameState, cell: Cell) -> Seat | None:
    """The chain whose coffee shop stands on ``cell`` (the owners are in ``module_data``)."""
    from fcm.modules.coffee import shops  # the module imports these ids

    return next((seat for seat, at in shops(state) if at == cell), None)


# A 1x1 shop: neither road nor empty for the geometry (no other piece goes on its square).
COFFEE_SHOP = PieceKind("coffee_shop", "#", owner=_shop_owner)
