"""Mass Marketeers (ketchup.md 11) for the easy and medium bots: with two or more of its own
campaigns running, a Marketing Trainee becomes a Mass Marketeer (another pass of every
campaign), when the cash covers this round's salaries with $10 to spare."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, find_train, register_advice
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.mass_marketeers import ids


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if not afford(view, seat) or cards_owned(view, seat)[ids.MASS_MARKETEER]:
        return None
    if sum(1 for c in view.campaigns.values() if c.owner == seat) < 2:
        return None
    return find_train(trains, EmployeeId.MARKETING_TRAINEE, ids.MASS_MARKETEER)


register_advice("mass_marketeers", Advice(order=20, train=train))
