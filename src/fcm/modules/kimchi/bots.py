"""Kimchi (ketchup.md 5) for the easy and medium bots.

- Hire: a Kimchi Master (entry level, $5 salary, 0.2) once the chain owns a card that cooks, when
  the cash covers this round's salaries with $10 to spare: a house prefers a chain that adds a
  kimchi to its order whatever the price, so each kimchi wins a house the chain can serve.
  Before round 4 only with a second hire in the turn (an early turn's only hire builds the
  company: measured, medium lost more mirror games taking it).
- Restructuring: she works right after the cooks and chefs (paid either way, she makes kimchi
  only at work).
- Freezer: a freezer that keeps kimchi keeps nothing else (5); the Master makes a fresh kimchi
  after the freezer anyway, so the chain keeps kimchi only when it would keep nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, register_advice
from fcm.core.actions import Action, Hire, ThrowAway
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.kimchi.ids import KIMCHI, KIMCHI_MASTER

WORKS = 93  # the bots' scale: a cook 94-95, a Brand Director 92
SETTLED = 4  # from this round on the Master may take a turn's only hire


def sells_food(view: GameState, seat: Seat) -> bool:
    """The chain owns a card that cooks (kimchi goes only on top of an order it can serve)."""
    employees = view.rules.catalog.employees
    return any(
        n and any(g.is_food for g in employees[c].food) for c, n in cards_owned(view, seat).items()
    )  # a card that makes only coffee (Coffee) is no cook


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    want = Hire(KIMCHI_MASTER)
    if want not in hires or cards_owned(view, seat)[KIMCHI_MASTER]:
        return None
    working = view.turn.working
    early = view.round < SETTLED and working is not None and working.hires_left < 2
    if early:
        return None
    if sells_food(view, seat) and afford(view, seat):
        return want
    return None


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    """At work right after the cooks and chefs while the chain sells food: she is paid either
    way, and only at work does she make kimchi."""
    return {KIMCHI_MASTER: WORKS if sells_food(view, seat) else 50}


def freezer(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    stock = view.players[seat].stock
    others = sum(n for g, n in stock.items() if g != KIMCHI)
    throw = ThrowAway(KIMCHI)
    if stock.get(KIMCHI, 0) and others and throw in legal:
        return throw
    return None


ADVICE = Advice(order=40, hire=hire, freezer=freezer, work_priority=work_priority)
register_advice("kimchi", ADVICE)
