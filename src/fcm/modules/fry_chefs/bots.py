"""Fry Chefs (ketchup.md 9) for the easy and medium bots: with a chef of its food (production
covered), a spare cook of that food becomes a Fry Chef (+$10 on every sale), up to two, when the
cash covers this round's salaries with $10 to spare."""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import FOOD_CARDS, Advice, afford, find_train, register_advice
from fcm.core.actions import Action
from fcm.core.company import owned_cards
from fcm.core.state import GameState
from fcm.core.types import Seat
from fcm.modules.fry_chefs import ids

MAX_FRY_CHEFS = 2


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    owned = owned_cards(view, seat)
    if not afford(view, seat) or owned[ids.FRY_CHEF] >= MAX_FRY_CHEFS:
        return None
    for cook, chef in FOOD_CARDS.values():
        if owned[chef] and owned[cook]:
            a = find_train(trains, cook, ids.FRY_CHEF)
            if a is not None:
                return a
    return None


register_advice("fry_chefs", Advice(order=10, train=train))
