"""First lemonade sold (ketchup.md 3): cards at work may be trained into a card of the same
colour, with the normal limits. New Milestones' own action in the Train step
(``Extensions.step_actions``): :class:`~.actions.TrainAtWork`.

What the turn has trained at work is kept on the turn (``WorkingTurn.extras``, key
``trained_at_work``: ``[card it became, trainer unit]`` pairs, saved as before)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from fcm.core import milestones
from fcm.core.actions import Action, Train
from fcm.core.errors import Reason
from fcm.core.events import Event, EventKind, EventLog
from fcm.core.extensions import Trained, notify
from fcm.core.phases.working.common import add_card, rule
from fcm.core.phases.working.staff import Staff, train_step
from fcm.core.state import GameState, WorkingTurn, WorkStep
from fcm.core.types import EmployeeId, MilestoneId
from fcm.modules.new_milestones import ids
from fcm.modules.new_milestones.actions import TrainAtWork

KEY = "trained_at_work"


def allowed(state: GameState, turn: WorkingTurn) -> bool:
    """First lemonade sold: cards at work may be trained into a card of the same colour (the
    card's ``colour``: facts.md A.1 and ketchup.md 3.1's list)."""
    return state.players[turn.seat].has(ids.FIRST_LEMONADE_SOLD)


def _done(turn: WorkingTurn) -> list[list[Any]]:
    done: list[list[Any]] = turn.extras.get(KEY, [])
    return done


def options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """Training a card at work into a card of the same colour, with the normal limits: an
    active trainer, an available card, no 1x type owned twice, and a card trained this turn
    goes on only with the trainer that did it (any, with stacking). Only while no pile is
    short (cards at work never help a short pile)."""
    if not allowed(state, turn) or all(t.left <= 0 for t in turn.trainers):
        return
    staff = Staff.of(state, turn)
    if staff.short():
        return
    employees = state.rules.catalog.employees
    at_work = Counter(state.players[turn.seat].at_work)
    done = Counter(str(card) for card, _ in _done(turn))
    trainers = sorted({c for c, left in staff.units if left > 0})
    for card in sorted(at_work):
        colour = employees[card].colour
        children = [c for c in employees[card].trains_into if employees[c].colour == colour]
        for into in children:
            if staff.supply.get(into, 0) <= 0:
                continue
            for t in trainers:
                if _refusal(staff, t, card, into):
                    continue
                if at_work[card] > done[card]:
                    yield TrainAtWork(t, card, into)
                if done[card] and _unit(staff, turn, t, card, fresh=True) is not None:
                    yield TrainAtWork(t, card, into, fresh=True)


def _refusal(staff: Staff, trainer: EmployeeId, card: EmployeeId, into: EmployeeId) -> str | None:
    """The card rules of ``train_step`` (1x types, unavailable cards) for a card at work (the
    trainer's own limits are :func:`_unit`'s)."""
    probe = staff.copy()
    probe.beach[card] += 1  # train_step checks a beach card: lend it one
    probe.units = [(trainer, 1)]
    probe.fresh = []
    refused = train_step(probe, Train(trainer, card, into))
    return refused if isinstance(refused, str) else None


def _unit(
    staff: Staff, turn: WorkingTurn, trainer: EmployeeId, card: EmployeeId, *, fresh: bool
) -> int | None:
    """The trainer unit that does an at-work step, or None. A new chain takes the unit of this
    type with the most actions left that trained no beach card (its beach bookkeeping stays
    exact); a chain goes on with its own unit (any, with stacking)."""
    free = [u for u, (c, left) in enumerate(staff.units) if c == trainer and left > 0]
    if fresh:
        mine = {int(unit) for c, unit in _done(turn) if c == card}
        if not staff.stacking:
            free = [u for u in free if u in mine]
        return min(free, default=None)
    busy = {unit for _, unit in staff.fresh}
    return min(free, key=lambda u: (u in busy, -staff.units[u][1], u), default=None)


def act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    """The new card takes the old one's place at work and may act this turn if the old one had
    not acted yet (ketchup.md 3)."""
    assert isinstance(action, TrainAtWork)
    staff = Staff.of(state, turn)
    unit = _unit(staff, turn, action.trainer, action.employee, fresh=action.fresh)
    assert unit is not None
    card, into = action.employee, action.into
    turn.trainers[unit].left -= 1
    p = state.players[turn.seat]
    p.at_work.remove(card)
    add_card(p.at_work, into)
    state.supply[into] = state.supply.get(into, 0) - 1
    state.supply[card] = state.supply.get(card, 0) + 1
    done = turn.extras.setdefault(KEY, [])
    if action.fresh:
        del done[next(i for i, (c, _) in enumerate(done) if c == card)]
    done.append([str(into), unit])
    if card in turn.unused:
        turn.unused.remove(card)
        if into in state.rules.acting_cards:
            add_card(turn.unused, into)
    # the base game's "trained" event, marked at work (the report and the browser read it)
    log.append(Event(EventKind.TRAINED, {
        "seat": turn.seat, "trainer": action.trainer, "employee": card, "into": into,
        "fresh": action.fresh, "short": {}, "at_work": True,
    }))
    milestones.claim(state, turn.seat, MilestoneId.FIRST_TRAIN, log)
    milestones.card_used(state, turn.seat, action.trainer, log)
    if state.rules.extensions.react:  # another module may act on a training (a coffee shop)
        notify(state, Trained(turn.seat, card, into), log)


def explain(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    return rule(WorkStep.TRAIN, Reason(
        "new_milestones.train_at_work",
        "a card at work is trained only with First lemonade sold, into a card of the same "
        "colour, by a trainer with an action left, while the new card is available and no "
        "pile is short; a card trained this turn goes on only with the same trainer "
        "(ketchup.md 3)",
    ))
