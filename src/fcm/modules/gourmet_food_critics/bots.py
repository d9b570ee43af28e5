"""Gourmet Food Critics (ketchup.md 13) for the easy and medium bots: once a house has a garden,
a Marketing Trainee becomes a critic (its guides reach every garden house), when the cash covers
this round's salaries with $10 to spare. With no garden house near its restaurants, a Management
Trainee is hired and trained into a New Business Developer who adds one
(``fcm.bots.advice.train_gardener``): the guides have no house to send diners to otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cards_owned,
    find_train,
    gardener_priority,
    hire_gardener,
    register_advice,
    train_gardener,
)
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.gourmet_food_critics import ids


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if not afford(view, seat):
        return None
    if any(h.garden for h in view.houses.values()) and not cards_owned(view, seat)[
            ids.GOURMET_FOOD_CRITIC]:
        a = find_train(trains, EmployeeId.MARKETING_TRAINEE, ids.GOURMET_FOOD_CRITIC)
        if a is not None:
            return a
    return train_gardener(view, seat, trains)


register_advice("gourmet_food_critics", Advice(order=30, train=train, hire=hire_gardener,
                                               work_priority=gardener_priority))
