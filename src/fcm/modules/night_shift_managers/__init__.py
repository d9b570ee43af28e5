"""Night Shift Managers (ketchup.md 10).

The Night Shift Manager is a 1x entry-level card with a salary ($5 from the Payday of the round
it is hired, ketchup.md 0.2), a manager with 0 slots: it sits only in a CEO slot and nobody
reports to it. It cannot be trained. While it is at work every card at work without a salary
(judged by the card's salary icon, not by milestone waivers) works a second time this round,
as if two copies had been played; the CEO does not. So (KX clarifications, RTJoe Q-K9):
a Recruiting Girl hires 2, a Trainer trains twice (a second Trainer: never the same card twice
unless stacking is allowed), a Marketing Trainee launches 2 billboards (she returns when both
have ended), a Kitchen Trainee makes 2 items (each its own choice), an Errand Boy fetches twice,
a Pricing Manager lowers the price by $2, a Waitress earns twice and counts as 2 for ties; a
Management Trainee manages the same cards (no extra slots). The engine counts shifts through
``Extensions.shifts``.
"""

from __future__ import annotations

from fcm.core.extensions import Extensions
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules._data import add_cards
from fcm.modules.night_shift_managers import ids
from fcm.rulesets import Module, known_modules

ID = "night_shift_managers"
MANAGER = ids.NIGHT_SHIFT_MANAGER


def second_shift(state: GameState, seat: Seat, card: EmployeeId) -> int:
    if card == EmployeeId.CEO or MANAGER not in state.players[seat].at_work:
        return 0
    return 0 if state.rules.catalog.employees[card].salary else 1


def shifts(state: GameState, seat: Seat, card: EmployeeId, n: int) -> int:
    return n + second_shift(state, seat, card)


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=lambda raw, chosen: add_cards(raw, ID),
        extensions=Extensions(shifts=(shifts,)),
    )
