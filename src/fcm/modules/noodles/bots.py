"""Noodles (ketchup.md 7) for the easy and medium bots.

- Train: once the chain cooks its main food (a burger or pizza cook or chef), a Kitchen
  Trainee becomes a Noodle Cook (6 noodles sell to houses no chain can serve, whatever their
  demand, drinks included), one, when at least two houses want a good the chain cannot make
  (noodles sell only where nobody serves the order: measured, a cook taken without such houses
  cooked six noodles a round for about one sale a game), and the cash covers this round's
  salaries with $10 to spare. A Kitchen Trainee is not yet a cook of the houses' goods: counted
  as one, the trainee hired for the Noodle Cook hid the very houses it was hired for (measured:
  28 trainees hired for it in 20 games, no Noodle Cook trained).
- Train: the Noodle Cook becomes the Noodle Chef (16 instead of 6) when the houses the chain
  cannot serve hold more demand than the cook makes, not in the last rounds (no payback).
  Restructuring leaves the cook on the beach then, and sends a trainer to work.
- Hire: a Kitchen Trainee for that cook, once the chain cooks and has no trainee waiting,
  from round 3 (before round 4 only with a second hire in the turn, as Kimchi's advice).
- Restructuring: the noodle cook works right after the main cooks.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cards_owned,
    cooks_main_food,
    find_train,
    hire_trainee_for,
    register_advice,
)
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.noodles.ids import NOODLE_CHEF, NOODLE_COOK, NOODLES

E = EmployeeId
COOK_WORKS, CHEF_WORKS = 94, 98  # the bots' scale: a cook 95, a chef 99-100
TRAINED, TRAINER_WORKS = 0, 85  # the cook to train stays on the beach; medium's trainer at 85
FROM_ROUND, SETTLED = 3, 4
STUCK = 2  # houses wanting what the chain cannot make


def stuck_houses(view: GameState, seat: Seat) -> list[int]:
    """The demand tokens of each house whose demand holds a good the chain can neither cook
    nor fetch (no card of its makes that food; no drink buyer for a drink): the houses
    noodles are for, one noodle a token."""
    employees = view.rules.catalog.employees
    # a trainee that may become a Noodle Cook is not a cook yet (counting it as one hid the
    # very houses it was hired for), nor are the noodle cards cooks of the houses' goods
    owned = [
        c
        for c, n in cards_owned(view, seat).items()
        if n and NOODLES not in employees[c].food and NOODLE_COOK not in employees[c].trains_into
    ]
    foods = {g for c in owned for g in employees[c].food}
    drinks = any(employees[c].drinks_per_source for c in owned)
    return [
        len(h.demand)
        for h in view.houses.values()
        if any(not (g in foods or (drinks and g.is_drink)) for g in h.demand)
    ]


def unserved(view: GameState, seat: Seat) -> int:
    """How many houses want a good the chain cannot make."""
    return len(stuck_houses(view, seat))


def wanted(view: GameState, seat: Seat) -> bool:
    """A Noodle Cook would pay: the chain cooks its main food, has none yet, can pay it, and
    at least ``STUCK`` houses want what the chain cannot make."""
    owned = cards_owned(view, seat)
    return (
        cooks_main_food(view, seat)
        and owned[NOODLE_COOK] + owned[NOODLE_CHEF] == 0
        and afford(view, seat)
        and unserved(view, seat) >= STUCK
    )


def chef_wanted(view: GameState, seat: Seat) -> bool:
    """The Noodle Chef would pay: the chain has a Noodle Cook and no chef, the houses it
    cannot serve want more than the cook's 6 noodles, it can pay, and the game goes on."""
    owned = cards_owned(view, seat)
    cook = view.rules.catalog.employees[NOODLE_COOK].food_amount
    return (
        owned[NOODLE_COOK] > 0
        and owned[NOODLE_CHEF] == 0
        and sum(stuck_houses(view, seat)) > cook
        and afford(view, seat)
        and view.bank_breaks < 2
    )


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if chef_wanted(view, seat):
        a = find_train(trains, NOODLE_COOK, NOODLE_CHEF)
        if a is not None:
            return a
    if wanted(view, seat):
        return find_train(trains, E.KITCHEN_TRAINEE, NOODLE_COOK)
    return None


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    return hire_trainee_for(view, seat, hires, lambda: wanted(view, seat), FROM_ROUND, SETTLED)


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    """The noodle cards work right after the main cooks; while the Noodle Chef is wanted and
    a trainer is owned, the cook stays on the beach and the trainer works (only a card on the
    beach is trained: measured, a cook always at work never became the chef in 20 games)."""
    out = {NOODLE_COOK: COOK_WORKS, NOODLE_CHEF: CHEF_WORKS}
    owned = cards_owned(view, seat)
    trainers = [t for t in view.rules.trainers if owned[t]]
    if trainers and chef_wanted(view, seat):
        out[NOODLE_COOK] = TRAINED
        out.update((t, TRAINER_WORKS) for t in trainers)
    return out


ADVICE = Advice(order=46, train=train, hire=hire, work_priority=work_priority)
register_advice("noodles", ADVICE)
