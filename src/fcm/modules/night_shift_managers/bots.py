"""Night Shift Managers (ketchup.md 10) for the easy and medium bots: with three or more
salary-free cards (they work twice), hire one when the cash covers this round's salaries with
$10 to spare."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, register_advice
from fcm.core.actions import Action, Hire
from fcm.core.state import GameState
from fcm.core.types import Seat
from fcm.modules.night_shift_managers import ids


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    legal = {a.employee for a in hires if isinstance(a, Hire)}
    owned = cards_owned(view, seat)
    if ids.NIGHT_SHIFT_MANAGER not in legal or owned[ids.NIGHT_SHIFT_MANAGER]:
        return None
    employees = view.rules.catalog.employees
    free = sum(n for c, n in owned.items() if not employees[c].salary)
    if free >= 3 and afford(view, seat):
        return Hire(ids.NIGHT_SHIFT_MANAGER)
    return None


register_advice("night_shift_managers", Advice(order=50, hire=hire))
