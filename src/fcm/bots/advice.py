"""Bot advice: what the easy and medium bots should know about an expansion module's cards,
milestones and decisions (docs/modules.md, "Satellites: bots, env, report, UI").

A module registers one :class:`Advice` from its own package (``fcm/modules/<id>/bots.py``,
imported the first time a game with that module asks). At each choice with a rule of its own
(hire, train, start a campaign, the Working 9-5 decisions, the reserve card, Payday, the
freezer) a bot asks :func:`ask` first when the game has modules: the advice of the game's
modules is tried in ``order`` (then module id), the first action returned is taken, and
``None`` everywhere leaves the choice to the bot's own plan. Every answer must be one of the
legal actions passed in, computed from the seat's view; the bots stay deterministic per seed.

The helpers below are what several modules' advice share (the base game's cards only).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from fcm.core.actions import Action, Hire, Train
from fcm.core.company import owned_cards, salary_due
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Good, Seat

Choice = Callable[[GameState, Seat, Sequence[Action]], Action | None]
ChoiceName = Literal["hire", "train", "start_campaign", "working", "reserve", "payday", "freezer"]
Relief = Callable[[GameState, Seat], int]
Priority = Callable[[GameState, Seat], Mapping[EmployeeId, int]]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Advice:
    """One module's answers; each gets the seat's view, the seat and the legal actions of that
    kind (``working``: every legal action of a Working 9-5 decision; ``reserve``: the reserve
    cards; ``payday``: a Payday decision; ``freezer``: what the freezer keeps in Clean up, the
    ThrowAway and Done actions). ``salary_relief``: dollars of this Payday's salaries
    the chain can pay other than in cash (goods, First beer sold). ``work_priority``: how much
    the bots want the module's cards at work in Restructuring (the bots' scale: a chef 100, a
    cook 95, an unlisted card 50, 0 never). ``order``: lower is asked first, where two modules
    answer the same choice."""

    order: int = 50
    hire: Choice | None = None
    train: Choice | None = None
    start_campaign: Choice | None = None
    working: Choice | None = None
    reserve: Choice | None = None
    payday: Choice | None = None
    freezer: Choice | None = None
    salary_relief: Relief | None = None
    work_priority: Priority | None = None


# -- the memo of the view a bot is deciding on ---------------------------------------------------

class _Deciding(threading.local):
    """The decisions under way in this thread, innermost last (a server may run bots in
    several threads)."""

    def __init__(self) -> None:
        self.stack: list[tuple[GameState, dict[Hashable, Any]]] = []


_DECIDING = _Deciding()


@contextmanager
def deciding(view: GameState) -> Iterator[None]:
    """While a bot decides on ``view`` (never mutated meanwhile), :func:`memo` keeps what it
    computes from it: the bot's plan and several modules' advice ask for the same values."""
    stack = _DECIDING.stack
    stack.append((view, {}))
    try:
        yield
    finally:
        stack.pop()


def memo(view: GameState, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, computed once per decision on ``view`` (every time outside one)."""
    stack = _DECIDING.stack
    if not stack or stack[-1][0] is not view:
        return make()
    values = stack[-1][1]
    if key in values:
        return cast(T, values[key])
    value = values[key] = make()
    return value


_ADVICE: dict[str, Advice] = {}
_FOR: dict[frozenset[str], tuple[Advice, ...]] = {}


def register_advice(module: str, advice: Advice) -> None:
    """Register ``module``'s advice (called by ``fcm/modules/<id>/bots.py`` on import)."""
    _ADVICE[module] = advice
    _FOR.clear()


def advice_for(modules: Iterable[str]) -> tuple[Advice, ...]:
    """The advice of these modules, in the order it is asked."""
    key = frozenset(modules)
    got = _FOR.get(key)
    if got is None:
        from fcm.modules import load_satellite

        load_satellite("bots", key)
        chosen = sorted((m for m in key if m in _ADVICE), key=lambda m: (_ADVICE[m].order, m))
        got = _FOR[key] = tuple(_ADVICE[m] for m in chosen)
    return got


def ask(choice: ChoiceName, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """The first answer of the game's modules' advice for this choice, or None."""
    for advice in advice_for(view.rules.modules):
        rule: Choice | None = getattr(advice, choice)
        if rule is not None and (a := rule(view, seat, legal)) is not None:
            return a
    return None


def salary_relief(view: GameState, seat: Seat) -> int:
    """Dollars of this Payday's salaries the game's modules let the chain pay other than in
    cash (0 in the base game)."""
    return sum(
        a.salary_relief(view, seat) for a in advice_for(view.rules.modules) if a.salary_relief
    )


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    """The game's modules' work priorities for their cards (the first module asked wins)."""
    out: dict[EmployeeId, int] = {}
    for a in reversed(advice_for(view.rules.modules)):
        if a.work_priority is not None:
            out.update(a.work_priority(view, seat))
    return out


# -- what the modules' advice shares -------------------------------------------------------------

E = EmployeeId
FOOD_CARDS: dict[Good, tuple[EmployeeId, EmployeeId]] = {
    Good.BURGER: (E.BURGER_COOK, E.BURGER_CHEF),
    Good.PIZZA: (E.PIZZA_COOK, E.PIZZA_CHEF),
}
SPARE = 10


def cards_owned(view: GameState, seat: Seat) -> Counter[EmployeeId]:
    """:func:`~fcm.core.company.owned_cards`, once per decision (read only: shared)."""
    return memo(view, ("owned", seat), lambda: owned_cards(view, seat))


def find_train(trains: Sequence[Action], src: EmployeeId, dst: EmployeeId) -> Action | None:
    """The legal Train of ``src`` into ``dst`` (any trainer), if there is one."""
    for a in trains:
        if isinstance(a, Train) and a.employee == src and a.into == dst:
            return a
    return None


def afford(view: GameState, seat: Seat) -> bool:
    """Room for one more salary: this round's salaries + $5 + a margin."""
    due = memo(view, ("salary_due", seat), lambda: salary_due(view, seat))
    return view.players[seat].cash >= due + 5 + SPARE


def cooks_main_food(view: GameState, seat: Seat) -> bool:
    """The chain has a burger or pizza cook or chef (a module's food comes second)."""
    owned = cards_owned(view, seat)
    return any(owned[cook] or owned[chef] for cook, chef in FOOD_CARDS.values())


def hire_trainee_for(view: GameState, seat: Seat, hires: Sequence[Action],
                     wanted: Callable[[], bool],
                     from_round: int = 3, settled: int = 4) -> Action | None:
    """A Kitchen Trainee to train into a module's cook, when ``wanted()`` and none waits: from
    ``from_round``, and before ``settled`` only with a second hire in the turn."""
    want = Hire(E.KITCHEN_TRAINEE)
    working = view.turn.working
    if want not in hires or view.round < from_round or working is None:
        return None
    if view.round < settled and working.hires_left < 2:
        return None
    if cards_owned(view, seat)[E.KITCHEN_TRAINEE] or not wanted():
        return None
    return want


def main_food(view: GameState, seat: Seat) -> Good:
    """The food the chain cooks most (burger on a tie)."""
    owned = cards_owned(view, seat)
    burgers = owned[E.BURGER_COOK] * 3 + owned[E.BURGER_CHEF] * 8
    pizzas = owned[E.PIZZA_COOK] * 3 + owned[E.PIZZA_CHEF] * 8
    return Good.PIZZA if pizzas > burgers else Good.BURGER


# -- gardens for a module's cards (a garden-only good, a tile for garden houses) ------------------

GARDENER = E.NEW_BUSINESS_DEVELOPER
GARDENER_FROM_ROUND = 3
GARDENER_WORKS = 96  # the bots' scale: after the chefs and cooks' 95-100, before the rest


def near_garden(view: GameState, seat: Seat) -> bool:
    """A house with a garden within 2 borders of this chain's restaurants (a module's card
    that pays at garden houses has somewhere to sell)."""
    from fcm.bots.heuristic import _service_distances

    def make() -> bool:
        near = _service_distances(view, seat)
        return any(h.garden and near.get(h.number, 99) <= 2 for h in view.houses.values())

    return memo(view, ("near_garden", seat), make)


def gardener_wanted(view: GameState, seat: Seat) -> bool:
    """A New Business Developer to add a garden by this chain's restaurant (a garden house
    pays double and is where a module's garden card sells): the chain cooks, has a
    restaurant, no garden house near it and no New Business Developer yet."""
    if view.round < GARDENER_FROM_ROUND or not any(r.owner == seat for r in view.restaurants):
        return False
    if cards_owned(view, seat)[GARDENER] or not cooks_main_food(view, seat):
        return False
    return not near_garden(view, seat)


def train_gardener(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    """The Management Trainee trained into the New Business Developer, when one is wanted and
    the salary fits."""
    if not gardener_wanted(view, seat) or not afford(view, seat):
        return None
    return find_train(trains, E.MANAGEMENT_TRAINEE, GARDENER)


def hire_gardener(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    """A Management Trainee to train into the New Business Developer, when none waits."""
    want = Hire(E.MANAGEMENT_TRAINEE)
    if want not in hires or not gardener_wanted(view, seat):
        return None
    if cards_owned(view, seat)[E.MANAGEMENT_TRAINEE] or not afford(view, seat):
        return None
    return want


def gardener_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    """The New Business Developer works while no garden house is near this chain's
    restaurants."""
    return {} if near_garden(view, seat) else {GARDENER: GARDENER_WORKS}
