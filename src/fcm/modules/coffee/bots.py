"""Coffee (ketchup.md 4) for the easy and medium bots.

- Hire: a Barista Trainee once the chain cooks its main food and can pay one more salary with
  $10 to spare, from round 2 (before round 4 only with a second hire in the turn), while it
  owns no barista card: the trainee's worth is the coffee shop its training gives.
- Train: a Barista Trainee into a Barista (a coffee shop and 2 coffee a round) when the chain
  can pay the salary; a Barista into the Lead Barista (another shop, 5 coffee) likewise.
- Coffee shops (after a training, and First coffee sold in Clean up): the square next to the
  most houses, counted by the Dinnertime distance from each house to the square (0 or 1 tile
  borders: a house's route starts on the roads around it); a garden house counts twice; ties:
  the nearer to all houses, then the square. A move only when the new square counts more.
- Restructuring: baristas work after the cooks (their coffee sells to houses the chain does not
  serve, but never wins one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cards_owned,
    cooks_main_food,
    find_train,
    register_advice,
)
from fcm.core.actions import Action, Done, Hire
from fcm.core.company import board_of
from fcm.core.state import GameState
from fcm.core.types import Cell, EmployeeId, Seat
from fcm.modules.coffee.actions import MoveCoffeeShop, PlaceCoffeeShop
from fcm.modules.coffee.ids import BARISTA, BARISTA_TRAINEE, LEAD_BARISTA

FROM_ROUND, SETTLED = 2, 4
NEAR = 1  # tile borders from a house to a shop that its routes pass, as the bots guess
LINE = (BARISTA_TRAINEE, BARISTA, LEAD_BARISTA)


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    want = Hire(BARISTA_TRAINEE)
    working = view.turn.working
    if want not in hires or working is None or view.round < FROM_ROUND:
        return None
    if view.round < SETTLED and working.hires_left < 2:
        return None
    owned = cards_owned(view, seat)
    if any(owned[c] for c in LINE) or not cooks_main_food(view, seat):
        return None
    return want if afford(view, seat) else None


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if not afford(view, seat):
        return None
    return find_train(trains, BARISTA, LEAD_BARISTA) or find_train(
        trains, BARISTA_TRAINEE, BARISTA
    )


def shop_score(view: GameState, cell: Cell) -> tuple[int, int]:
    """How many houses a shop on ``cell`` is near (a garden house twice), then minus the sum of
    the distances (higher is better)."""
    return _shop_scorer(view)(cell)


def _shop_scorer(view: GameState) -> Callable[[Cell], tuple[int, int]]:
    """:func:`shop_score` for many squares: the board and the houses' distances read once."""
    board = board_of(view)
    width = board.width
    houses = [
        (board.house_distances(house.footprint), 2 if house.garden else 1)
        for house in view.houses.values()
    ]

    def score(cell: Cell) -> tuple[int, int]:
        i = cell[0] * width + cell[1]
        near = total = 0
        for table, weight in houses:
            d = table[i]
            if d < 0:
                continue
            total += d
            if d <= NEAR:
                near += weight
        return near, -total

    return score


def working(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """Where to put a coffee shop (Working 9-5 after a training, or Clean up)."""
    places = [a for a in legal if isinstance(a, PlaceCoffeeShop)]
    if places:
        score = _shop_scorer(view)
        return max(places, key=lambda a: (score(a.cell), [-x for x in a.cell]))
    moves = [a for a in legal if isinstance(a, MoveCoffeeShop)]
    if not moves:
        return None
    score = _shop_scorer(view)
    best = max(moves, key=lambda a: (score(a.cell), [-x for x in a.cell]))
    if score(best.cell) > score(best.origin) or Done() not in legal:
        return best
    return Done()


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    return {BARISTA_TRAINEE: 60, BARISTA: 88, LEAD_BARISTA: 91}


ADVICE = Advice(order=42, hire=hire, train=train, working=working, work_priority=work_priority)
register_advice("coffee", ADVICE)
