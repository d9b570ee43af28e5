"""Sushi (ketchup.md 6) for the easy and medium bots.

- Train: once the chain cooks its main food (a burger or pizza cook or chef), a Kitchen Trainee
  becomes a Sushi Cook when the map has a house with a garden (a garden house buys sushi from
  a chain that has one per demand token, whatever the price, and pays double); a Sushi Cook
  becomes the Sushi Chef (5 sushi instead of 2). Only when the cash covers this round's
  salaries with $10 to spare.
- Hire: a Kitchen Trainee for that cook, once the chain cooks and has no trainee waiting,
  from round 3 (before round 4 only with a second hire in the turn, as Kimchi's advice).
- Gardens: with no garden house within 2 borders of its restaurants, a Management Trainee is
  hired and trained into a New Business Developer who works until it has added a garden there
  (``fcm.bots.advice.train_gardener``): without one the Sushi Cook has no house to sell to.
- Restructuring: sushi cooks work right after the main cooks.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cards_owned,
    cooks_main_food,
    find_train,
    gardener_priority,
    hire_gardener,
    hire_trainee_for,
    register_advice,
    train_gardener,
)
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.sushi.ids import SUSHI_CHEF, SUSHI_COOK

E = EmployeeId
COOK_WORKS, CHEF_WORKS = 94, 98  # the bots' scale: a cook 95, a chef 99-100
FROM_ROUND, SETTLED = 3, 4


def wanted(view: GameState, seat: Seat) -> bool:
    """A Sushi Cook would pay: a garden house exists, the chain cooks, has none yet."""
    owned = cards_owned(view, seat)
    return (
        any(h.garden for h in view.houses.values())
        and cooks_main_food(view, seat)
        and owned[SUSHI_COOK] + owned[SUSHI_CHEF] == 0
        and afford(view, seat)
    )


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    owned = cards_owned(view, seat)
    if owned[SUSHI_COOK] and not owned[SUSHI_CHEF] and afford(view, seat):
        a = find_train(trains, SUSHI_COOK, SUSHI_CHEF)
        if a is not None:
            return a
    if wanted(view, seat):
        return find_train(trains, E.KITCHEN_TRAINEE, SUSHI_COOK)
    return train_gardener(view, seat, trains)


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    return (hire_trainee_for(view, seat, hires, lambda: wanted(view, seat), FROM_ROUND, SETTLED)
            or hire_gardener(view, seat, hires))


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    return {SUSHI_COOK: COOK_WORKS, SUSHI_CHEF: CHEF_WORKS, **gardener_priority(view, seat)}


ADVICE = Advice(order=45, train=train, hire=hire, work_priority=work_priority)
register_advice("sushi", ADVICE)
