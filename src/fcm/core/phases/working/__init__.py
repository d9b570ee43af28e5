"""Phase 3, Working 9–5 (excerpt "Working 9–5"; facts.md A.3, B, E.2; conventions.md #10).

In turn order each player takes a whole turn, in these steps: hire, train, open drive-ins,
launch campaigns, prep food and drinks, place houses and gardens, place or move restaurants.
``state.turn.index`` is the position in the turn order, ``state.turn.working`` the turn's progress.

Every optional step ends with ``Done``. A step with nothing possible is skipped without a
decision, and a step whose actions are all used up ends by itself; opening drive-ins is automatic.
So a player with nothing to decide is passed over, but still gets their mandatory drive-ins and
Payday discounts. The phase ends after the last player's turn; Dinnertime follows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Final

from fcm.core.actions import (
    DONE,
    Action,
    AddGarden,
    ChooseAdvert,
    Cook,
    Done,
    GetDrinks,
    Hire,
    MoveRestaurant,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    StartCampaign,
    Train,
)
from fcm.core.company import shifts
from fcm.core.errors import InvariantError
from fcm.core.events import EventKind, EventLog
from fcm.core.state import WORK_STEPS, GameState, Phase, TrainerUse, WorkingTurn, WorkStep
from fcm.core.types import EmployeeId, Seat

from . import building, campaigns, goods, staff
from .common import STEP_TITLES, turn_of

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_CEO: Final = EmployeeId.CEO
_DINNERTIME: Final = Phase.DINNERTIME
_DRIVE_INS: Final = EventKind.DRIVE_INS
_FOOD_AND_DRINKS: Final = WorkStep.FOOD_AND_DRINKS
_TURN_ENDED: Final = EventKind.TURN_ENDED
_TURN_STARTED: Final = EventKind.TURN_STARTED

__all__ = ["act", "actors", "begin", "finish", "legal", "new_turn", "resolve_drawn", "resume",
           "why_illegal"]

DRIVE_IN_MANAGERS = frozenset({EmployeeId.LOCAL_MANAGER, EmployeeId.REGIONAL_MANAGER})

# Which step each action belongs to (for explanations).
ACTION_STEP: dict[type[Action], WorkStep] = {
    Hire: WorkStep.HIRE,
    Train: WorkStep.TRAIN,
    StartCampaign: WorkStep.CAMPAIGNS,
    PlaceCampaign: WorkStep.CAMPAIGNS,
    ChooseAdvert: WorkStep.CAMPAIGNS,
    Cook: WorkStep.FOOD_AND_DRINKS,
    GetDrinks: WorkStep.FOOD_AND_DRINKS,
    PlaceHouse: WorkStep.HOUSES,
    AddGarden: WorkStep.HOUSES,
    PlaceRestaurant: WorkStep.RESTAURANTS,
    MoveRestaurant: WorkStep.RESTAURANTS,
}



# Each step's legal actions (opening drive-ins takes no decision).
STEP_OPTIONS: dict[WorkStep, Callable[[GameState, WorkingTurn], Iterator[Action]]] = {
    WorkStep.HIRE: staff.iter_hire_options,
    WorkStep.TRAIN: staff.iter_train_options,
    WorkStep.CAMPAIGNS: campaigns.iter_options,
    WorkStep.FOOD_AND_DRINKS: goods.iter_options,
    WorkStep.HOUSES: building.iter_house_options,
    WorkStep.RESTAURANTS: building.iter_restaurant_options,
}
# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python 3.11).
HIRE: Final = WorkStep.HIRE
TRAIN: Final = WorkStep.TRAIN
DRIVE_INS: Final = WorkStep.DRIVE_INS
CAMPAIGNS: Final = WorkStep.CAMPAIGNS
STEP_ENDED: Final = EventKind.STEP_ENDED
STEP_SKIPPED: Final = EventKind.STEP_SKIPPED


# -- the five phase functions -------------------------------------------------------------------


def begin(state: GameState, log: EventLog) -> None:
    """Payday discounts are counted afresh each round; the first player's turn starts."""
    for p in state.players:
        p.hire_discounts = 0
    state.turn.index = 0
    state.turn.working = None
    _start_turn(state, log)
    _settle(state, log, entered=True)


def actors(state: GameState) -> list[Seat]:
    return [] if state.turn.working is None else [state.turn.working.seat]


def legal(state: GameState, seat: Seat) -> list[Action]:
    turn = state.turn.working
    if turn is None or turn.seat != seat:
        return []
    out = _options(state, turn)
    if _blocker(state, turn) is None:
        out.append(DONE)
    return out


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """A drink buyer's drawn route (``GetDrinks(route=...)``): the action with the suppliers
    it passes filled in, which must be one of the listed choices, or why the route is refused."""
    turn = state.turn.working
    if not isinstance(action, GetDrinks) or not action.route:
        return None
    if turn is None or turn.seat != seat or turn.step is not _FOOD_AND_DRINKS:
        return None
    resolved = goods.resolve_route(state, turn, action)
    if isinstance(resolved, str) or replace(resolved, route=()) in legal:
        return resolved
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    turn = turn_of(state)
    decisions = state.rules.extensions.decisions
    if decisions and any(d.act(state, turn, action, log) for d in decisions):
        _settle(state, log, entered=False)  # a module's decision (ketchup.md 3)
        return
    if isinstance(action, Done):
        log.add(STEP_ENDED, seat=seat, step=str(turn.step), by="done")
        _next_step(state, log)
        _settle(state, log, entered=True)
        return
    match turn.step:
        case WorkStep.HIRE:
            assert isinstance(action, Hire)
            staff.apply_hire(state, turn, action, log)
        case WorkStep.TRAIN:
            assert isinstance(action, Train)
            staff.apply_train(state, turn, action, log)
        case WorkStep.CAMPAIGNS:
            campaigns.apply(state, turn, action, log)
        case WorkStep.FOOD_AND_DRINKS:
            goods.apply(state, turn, action, log)
        case WorkStep.HOUSES:
            building.apply_house(state, turn, action, log)
        case WorkStep.RESTAURANTS:
            building.apply_restaurant(state, turn, action, log)
        case _:  # pragma: no cover - drive-ins take no decision
            raise InvariantError(f"no decision is taken in step {turn.step.value}")
    _settle(state, log, entered=False)


def finish(state: GameState, log: EventLog) -> Phase:
    state.turn.working = None
    state.turn.index = 0
    return _DINNERTIME


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    """Why ``action`` is not legal now, naming the rule (None: let the engine list the types)."""
    turn = state.turn.working
    if turn is None:
        return None
    if isinstance(action, Done):
        return _blocker(state, turn)
    for decision in state.rules.extensions.decisions:  # a module's decision (its own words)
        if decision.options(state, turn) is not None:
            return decision.pending_why
        if action.type in decision.outside_why:
            return decision.outside_why[action.type]
    step = ACTION_STEP.get(type(action))
    if step is None:
        return f"Working 9–5: '{action.type}' is not an action of a Working 9–5 turn"
    if step is not turn.step:
        order = ", ".join(STEP_TITLES[s] for s in WORK_STEPS)
        when = "is over" if WORK_STEPS.index(step) < WORK_STEPS.index(turn.step) else "comes later"
        return (
            f"Working 9–5: do the steps in this order: {order}; '{STEP_TITLES[step]}' {when} "
            f"(now: '{STEP_TITLES[turn.step]}')"
        )
    match turn.step:
        case WorkStep.HIRE:
            assert isinstance(action, Hire)
            return staff.explain_hire(state, turn, action)
        case WorkStep.TRAIN:
            assert isinstance(action, Train)
            return staff.explain_train(state, turn, action)
        case WorkStep.CAMPAIGNS:
            return campaigns.explain(state, turn, action)
        case WorkStep.FOOD_AND_DRINKS:
            return goods.explain(state, turn, action)
        case WorkStep.HOUSES:
            return building.explain_house(state, turn, action)
        case WorkStep.RESTAURANTS:
            return building.explain_restaurant(state, turn, action)
    return None  # pragma: no cover


# -- turn flow -----------------------------------------------------------------------------------


def _start_turn(state: GameState, log: EventLog) -> None:
    """Set up the turn of the player at ``state.turn.index`` (none left: the phase is over)."""
    if state.turn.index >= len(state.turn_order):
        state.turn.working = None
        return
    seat = state.turn_order[state.turn.index]
    state.turn.working = turn = new_turn(state, seat)
    log.add(
        _TURN_STARTED,
        seat=seat,
        hires=turn.hires_left,
        discount_hires=turn.discount_hires,
    )


def new_turn(state: GameState, seat: Seat) -> WorkingTurn:
    """A turn at its start: every hire, training step and action of the cards at work unused."""
    work = sorted(state.players[seat].at_work)
    employees = state.rules.catalog.employees
    if state.rules.extensions.shifts:  # a card on a second shift acts again
        work = sorted(c for c in work for _ in range(shifts(state, seat, c)))
    hires = employees[_CEO].hires + sum(employees[c].hires for c in work)
    discounts = sum(employees[c].hires for c in work if employees[c].hire_discount)
    return WorkingTurn(
        seat=seat,
        step=WORK_STEPS[0],
        hires_left=hires,
        discount_hires=discounts,
        trainers=[TrainerUse(c, employees[c].trains) for c in work if c in state.rules.trainers],
        unused=[c for c in work if c in state.rules.acting_cards],
    )


def resume(state: GameState, log: EventLog) -> None:
    """Continue a turn set up in the middle (scenarios): resolve what needs no decision."""
    _settle(state, log, entered=True)


def _options(state: GameState, turn: WorkingTurn) -> list[Action]:
    """Every legal action of the current step except ``Done``."""
    return list(_iter_options(state, turn))


def _has_options(state: GameState, turn: WorkingTurn) -> bool:
    """Whether the current step has a legal action other than ``Done``: the same enumeration
    as :func:`_options`, stopped at the first action."""
    return next(_iter_options(state, turn), None) is not None


def _iter_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    if state.rules.extensions.decisions:
        pending = _pending(state, turn)
        if pending is not None:
            return iter(pending)
    options = STEP_OPTIONS.get(turn.step)
    return iter(()) if options is None else options(state, turn)


def _pending(state: GameState, turn: WorkingTurn) -> list[Action] | None:
    """A module's decision the player owes now (a milestone's reward), or None."""
    for decision in state.rules.extensions.decisions:
        options = decision.options(state, turn)
        if options is not None:
            return options
    return None


def _blocker(state: GameState, turn: WorkingTurn) -> str | None:
    """Why the current step may not end now (None: ``Done`` is legal)."""
    if turn.step is TRAIN:
        return staff.train_blocker(state, turn)
    if turn.step is CAMPAIGNS:
        return campaigns.blocker(turn)
    return None


def _settle(state: GameState, log: EventLog, *, entered: bool) -> None:
    """Resolve what needs no decision: automatic steps, steps with nothing (left) to do, and
    the following players' turns, until the current player has a choice or the phase is over.

    ``entered``: the current step has just begun (so ending it now means skipping it).
    """
    while state.turn.working is not None:
        turn = state.turn.working
        if turn.step is DRIVE_INS:
            _open_drive_ins(state, turn, log)
        elif _has_options(state, turn):
            return
        else:
            if _blocker(state, turn) is not None:  # pragma: no cover - guarded by legal()
                raise InvariantError(f"step {turn.step.value} can neither go on nor end")
            # str() of a StrEnum is its value, without Enum.value's slow descriptor
            if entered:
                log.add(STEP_SKIPPED, seat=turn.seat, step=str(turn.step), by="rules")
            else:
                log.add(STEP_ENDED, seat=turn.seat, step=str(turn.step), by="rules")
        _next_step(state, log)
        entered = True


def _next_step(state: GameState, log: EventLog) -> None:
    """End the current step (its mandatory effects) and move on, to the next player if needed."""
    turn = turn_of(state)
    if turn.step is HIRE:
        staff.end_hire(state, turn, log)
    at = WORK_STEPS.index(turn.step)
    if at + 1 < len(WORK_STEPS):
        turn.step = WORK_STEPS[at + 1]
        return
    log.add(_TURN_ENDED, seat=turn.seat)
    state.turn.index += 1
    _start_turn(state, log)


def _open_drive_ins(state: GameState, turn: WorkingTurn, log: EventLog) -> None:
    """With a Local or Regional Manager at work, every open restaurant of the player must get a
    drive-in sign (entrances at all four corners until Clean up)."""
    p = state.players[turn.seat]
    if DRIVE_IN_MANAGERS.isdisjoint(p.at_work):
        return
    signed = []
    for r in state.restaurants_of(turn.seat):
        if r.open and not r.drive_in:
            r.drive_in = True
            signed.append(r.number)
    if signed:
        log.add(_DRIVE_INS, seat=turn.seat, restaurants=signed)
