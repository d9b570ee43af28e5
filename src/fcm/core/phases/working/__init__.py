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

from collections.abc import Iterator
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
from fcm.core.errors import InvariantError, Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import WorkStepRules
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

def _hire(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    assert isinstance(action, Hire)
    staff.apply_hire(state, turn, action, log)


def _train(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    assert isinstance(action, Train)
    staff.apply_train(state, turn, action, log)


def _explain_hire(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    assert isinstance(action, Hire)
    return staff.explain_hire(state, turn, action)


def _explain_train(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    assert isinstance(action, Train)
    return staff.explain_train(state, turn, action)


def _campaigns_blocker(state: GameState, turn: WorkingTurn) -> str | None:
    return campaigns.blocker(turn)


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


# The base game's steps, in their order (excerpt "Working 9–5"); a game's ruleset plays them
# with the modules' inserted (``Ruleset.work_steps``). Opening drive-ins takes no decision.
BASE_STEPS: tuple[WorkStepRules, ...] = (
    WorkStepRules(
        WorkStep.HIRE, STEP_TITLES[WorkStep.HIRE], (Hire.type,),
        staff.iter_hire_options, _hire, _explain_hire, end=staff.end_hire,
    ),
    WorkStepRules(
        WorkStep.TRAIN, STEP_TITLES[WorkStep.TRAIN], (Train.type,),
        staff.iter_train_options, _train, _explain_train, staff.train_blocker,
    ),
    WorkStepRules(WorkStep.DRIVE_INS, STEP_TITLES[WorkStep.DRIVE_INS], auto=_open_drive_ins),
    WorkStepRules(
        WorkStep.CAMPAIGNS, STEP_TITLES[WorkStep.CAMPAIGNS],
        (StartCampaign.type, PlaceCampaign.type, ChooseAdvert.type),
        campaigns.iter_options, campaigns.apply, campaigns.explain, _campaigns_blocker,
    ),
    WorkStepRules(
        WorkStep.FOOD_AND_DRINKS, STEP_TITLES[WorkStep.FOOD_AND_DRINKS],
        (Cook.type, GetDrinks.type), goods.iter_options, goods.apply, goods.explain,
    ),
    WorkStepRules(
        WorkStep.HOUSES, STEP_TITLES[WorkStep.HOUSES], (PlaceHouse.type, AddGarden.type),
        building.iter_house_options, building.apply_house, building.explain_house,
    ),
    WorkStepRules(
        WorkStep.RESTAURANTS, STEP_TITLES[WorkStep.RESTAURANTS],
        (PlaceRestaurant.type, MoveRestaurant.type), building.iter_restaurant_options,
        building.apply_restaurant, building.explain_restaurant,
    ),
)
assert tuple(r.step for r in BASE_STEPS) == WORK_STEPS
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
    rules = state.rules.step_rules[turn.step]
    if rules.act is None:  # pragma: no cover - an automatic step takes no decision
        raise InvariantError(f"no decision is taken in step {turn.step.value}")
    rules.act(state, turn, action, log)
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
            why = None if decision.explain is None else decision.explain(state, turn, action)
            return why or decision.pending_why
        if action.type in decision.outside_why:
            return decision.outside_why[action.type]
    step = state.rules.step_of_action.get(action.type)
    if step is None:
        return Reason("working.not_an_action",
                      f"Working 9–5: '{action.type}' is not an action of a Working 9–5 turn",
                      type=action.type)
    if step is not turn.step:
        steps, at = state.rules.work_steps, state.rules.step_index
        order = ", ".join(r.title for r in steps)
        when = "is over" if at[step] < at[turn.step] else "comes later"
        title, now = state.rules.step_rules[step].title, state.rules.step_rules[turn.step].title
        return Reason(
            "working.step_over" if at[step] < at[turn.step] else "working.step_later",
            f"Working 9–5: do the steps in this order: {order}; '{title}' {when} "
            f"(now: '{now}')",
            order=[r.step.value for r in steps], step=step.value, now=turn.step.value,
        )
    explain = state.rules.step_rules[turn.step].explain
    return None if explain is None else explain(state, turn, action)


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
        step=state.rules.work_steps[0].step,
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
    options = state.rules.step_rules[turn.step].options
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
    blocker = state.rules.step_rules[turn.step].blocker
    return None if blocker is None else blocker(state, turn)


def _settle(state: GameState, log: EventLog, *, entered: bool) -> None:
    """Resolve what needs no decision: automatic steps, steps with nothing (left) to do, and
    the following players' turns, until the current player has a choice or the phase is over.

    ``entered``: the current step has just begun (so ending it now means skipping it).
    """
    while state.turn.working is not None:
        turn = state.turn.working
        auto = state.rules.step_rules[turn.step].auto
        if auto is not None:
            auto(state, turn, log)
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
    rules = state.rules
    end = rules.step_rules[turn.step].end
    if end is not None:
        end(state, turn, log)
    at = rules.step_index[turn.step] + 1
    if at < len(rules.work_steps):
        turn.step = rules.work_steps[at].step
        return
    log.add(_TURN_ENDED, seat=turn.seat)
    state.turn.index += 1
    _start_turn(state, log)
