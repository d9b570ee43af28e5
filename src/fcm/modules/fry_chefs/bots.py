"""Fry Chefs (ketchup.md 9) for the easy and medium bots: a Fry Chef earns +$10 for every house
the chain sells to (not per item), so it pays by the houses sold to, and a cook trained into
one no longer cooks. A spare cook (any cook: burger, pizza, sushi, noodle) becomes a Fry Chef,
up to two, when the chain would win at least ``HOUSES`` houses with demand next Dinnertime (a
Fry Chef's $10 a house against its $5 salary and the cook's lost items), the rest of its
kitchen still makes at least what those houses want of that cook's food (and some of it), and
the cash covers this round's salaries with $10 to spare.

The earlier reading ("a spare cook of a food whose chef exists") looked at no house: it
trained with no house to sell to, and kept the cook whose food the houses wanted no more than
the one they did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, find_train, register_advice
from fcm.core.actions import Action, Train
from fcm.core.state import GameState
from fcm.core.types import Good, Seat
from fcm.modules.fry_chefs import ids

MAX_FRY_CHEFS = 2
HOUSES = 2  # houses with demand the chain would win: +$20 a round against a $5 salary


def won_houses(view: GameState, seat: Seat) -> list[int]:
    """The houses with demand this chain would win next Dinnertime (medium's estimate)."""
    from fcm.bots.medium import win_chances  # the bots' shared reading of who wins a house

    if not any(r.owner == seat for r in view.restaurants):
        return []
    return [
        n for n, ch in win_chances(view, seat).items() if ch >= 0.5 and view.houses[n].demand
    ]


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    owned = cards_owned(view, seat)
    if not afford(view, seat) or owned[ids.FRY_CHEF] >= MAX_FRY_CHEFS:
        return None
    if not any(isinstance(a, Train) and a.into == ids.FRY_CHEF for a in trains):
        return None  # no Fry Chef to train into this turn (the houses are not weighed)
    houses = won_houses(view, seat)
    if len(houses) < HOUSES:
        return None
    want: Counter[Good] = Counter(g for n in houses for g in view.houses[n].demand)
    employees = view.rules.catalog.employees
    makes: Counter[Good] = Counter()
    for card, n in owned.items():
        spec = employees[card]
        if n and len(spec.food) == 1:
            makes[spec.food[0]] += n * spec.food_amount
    # the cook whose food is most over-covered goes first (smallest loss of sales)
    cooks = sorted(
        (c for c, n in owned.items() if n and ids.FRY_CHEF in employees[c].trains_into),
        key=lambda c: want[employees[c].food[0]] - makes[employees[c].food[0]]
        if len(employees[c].food) == 1 else 0,
    )
    for cook in cooks:
        spec = employees[cook]
        if len(spec.food) != 1:
            continue
        good = spec.food[0]
        left = makes[good] - spec.food_amount
        if left >= max(want[good], 1):
            a = find_train(trains, cook, ids.FRY_CHEF)
            if a is not None:
                return a
    return None


register_advice("fry_chefs", Advice(order=10, train=train))
