"""Movie Stars (ketchup.md 15) for the easy and medium bots: facing a rival restaurant, a
Waitress becomes the best star left (B > C > D: ties and choosing first in Order of Business),
when the cash covers this round's salaries with $10 to spare."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, find_train, register_advice
from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules.movie_stars import ids

STARS = (ids.B_MOVIE_STAR, ids.C_MOVIE_STAR, ids.D_MOVIE_STAR)


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    owned = cards_owned(view, seat)
    if not afford(view, seat) or any(owned[s] for s in STARS):
        return None
    rivals = any(r.owner != seat for r in view.restaurants)
    mine = any(r.owner == seat for r in view.restaurants)
    if not (rivals and mine):
        return None
    for star in STARS:
        a = find_train(trains, EmployeeId.WAITRESS, star)
        if a is not None:
            return a
    return None


register_advice("movie_stars", Advice(order=40, train=train))
