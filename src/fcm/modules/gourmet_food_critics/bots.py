"""Gourmet Food Critics (ketchup.md 13) for the easy and medium bots: once a house has a garden,
a Marketing Trainee becomes a critic (its guides reach every garden house), when the cash covers
this round's salaries with $10 to spare."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, find_train, register_advice
from fcm.core.actions import Action
from fcm.core.company import owned_cards
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.gourmet_food_critics import ids


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if not afford(view, seat) or owned_cards(view, seat)[ids.GOURMET_FOOD_CRITIC]:
        return None
    if not any(h.garden for h in view.houses.values()):
        return None
    return find_train(trains, EmployeeId.MARKETING_TRAINEE, ids.GOURMET_FOOD_CRITIC)


register_advice("gourmet_food_critics", Advice(order=30, train=train))
