"""Noodles (ketchup.md 7) for the easy and medium bots.

- Train: once the chain cooks its main food (a burger or pizza cook or chef), a Kitchen
  Trainee becomes a Noodle Cook (6 noodles sell to houses no chain can serve, whatever their
  demand, drinks included), one, when at least two houses want a good the chain cannot make
  (noodles sell only where nobody serves the order: measured, a cook taken without such houses
  cooked six noodles a round for about one sale a game) and the cash covers this round's
  salaries with $10 to spare.
  The Noodle Chef (16) is left to the bots' own plan: more noodles than houses nobody serves.
- Hire: a Kitchen Trainee for that cook, once the chain cooks and has no trainee waiting,
  from round 3 (before round 4 only with a second hire in the turn, as Kimchi's advice).
- Restructuring: the noodle cook works right after the main cooks.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cooks_main_food,
    find_train,
    hire_trainee_for,
    register_advice,
)
from fcm.core.actions import Action
from fcm.core.company import owned_cards
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.noodles.ids import NOODLE_CHEF, NOODLE_COOK

E = EmployeeId
COOK_WORKS, CHEF_WORKS = 94, 98  # the bots' scale: a cook 95, a chef 99-100
FROM_ROUND, SETTLED = 3, 4
STUCK = 2  # houses wanting what the chain cannot make


def unserved(view: GameState, seat: Seat) -> int:
    """Houses whose demand holds a good the chain can neither cook nor fetch (no card of its
    makes that food; no drink buyer for a drink): the houses noodles are for."""
    employees = view.rules.catalog.employees
    owned = [c for c, n in owned_cards(view, seat).items() if n]
    foods = {g for c in owned for g in employees[c].food}
    drinks = any(employees[c].drinks_per_source for c in owned)
    return sum(
        1
        for h in view.houses.values()
        if any(not (g in foods or (drinks and g.is_drink)) for g in h.demand)
    )


def wanted(view: GameState, seat: Seat) -> bool:
    """A Noodle Cook would pay: the chain cooks its main food, has none yet, can pay it, and
    at least ``STUCK`` houses want what the chain cannot make."""
    owned = owned_cards(view, seat)
    return (
        cooks_main_food(view, seat)
        and owned[NOODLE_COOK] + owned[NOODLE_CHEF] == 0
        and afford(view, seat)
        and unserved(view, seat) >= STUCK
    )


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if wanted(view, seat):
        return find_train(trains, E.KITCHEN_TRAINEE, NOODLE_COOK)
    return None


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    return hire_trainee_for(view, seat, hires, lambda: wanted(view, seat), FROM_ROUND, SETTLED)


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    return {NOODLE_COOK: COOK_WORKS, NOODLE_CHEF: CHEF_WORKS}


ADVICE = Advice(order=46, train=train, hire=hire, work_priority=work_priority)
register_advice("noodles", ADVICE)
