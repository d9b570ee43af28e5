"""Phase 7, Clean up (excerpt 000 "Phase 7"; facts.md E.6, E.7).

1. Food and drinks: a chain without the freezer discards all of them. The freezer is First to
   throw away drink/food held from an EARLIER round (it does not work in the Clean up where it is
   earned): its owner chooses what to keep, up to 10 items (facts.md E.7 "chosen freely"):
   ``ThrowAway(good)`` one item at a time, then ``Done()``, which is legal once 10 or fewer are
   left -- the base game's only decision of this phase (a module's,
   ``Extensions.cleanup_decisions``, is asked first). Discarding at least one item claims First
   to throw away drink/food.
2. Cards at work and on the beach go back to the hand (busy marketeers stay on their campaigns).
3. Coming Soon restaurants open; drive-ins are removed.
4. Milestones claimed this round are removed for everybody else (``milestones.remove_claimed``).
5. Per-round bookkeeping is reset (unused-hire discounts, Waitresses this round). Demand on
   houses and duration pieces on campaigns stay.

Then the next round starts with Restructuring (the engine counts the round).
"""

from __future__ import annotations

from typing import Final

from fcm.core import milestones
from fcm.core.actions import DONE, Action, ThrowAway
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import Moment, SeatDecision, run_moment, seat_rules
from fcm.core.state import GameState, Phase, Player, Stage
from fcm.core.types import MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_CARDS_TO_HAND: Final = EventKind.CARDS_TO_HAND
_DRIVE_IN_REMOVED: Final = EventKind.DRIVE_IN_REMOVED
_FREEZER_KEPT: Final = EventKind.FREEZER_KEPT
_FREEZER_OVER_CAPACITY: Final = EventKind.FREEZER_OVER_CAPACITY
_GOODS_DISCARDED: Final = EventKind.GOODS_DISCARDED
_GOOD_THROWN_AWAY: Final = EventKind.GOOD_THROWN_AWAY
_NONE: Final = Stage.NONE
_RESTAURANT_OPENED: Final = EventKind.RESTAURANT_OPENED
_RESTRUCTURING: Final = Phase.RESTRUCTURING

FREEZER = MilestoneId.FIRST_THROW_AWAY


def has_freezer(state: GameState, p: Player) -> bool:
    if p.has_before(FREEZER, state.round):
        return True
    return bool(state.rules.extensions.seat_rules) and seat_rules(state, p.seat).freezer


def _items(p: Player) -> int:
    return sum(p.stock.values())


def _goods(state: GameState, p: Player) -> list[str]:
    return [g.value for g in state.rules.goods for _ in range(p.stock.get(g, 0))]


def begin(state: GameState, log: EventLog) -> None:
    state.turn.pending = []
    state.turn.stage = _NONE
    run_moment(state, Moment.CLEANUP_START, log)
    capacity = state.rules.catalog.freezer_capacity
    for p in state.players:
        if has_freezer(state, p):
            if _items(p):
                state.turn.pending.append(p.seat)
            if _items(p) > capacity:
                log.add(
                    _FREEZER_OVER_CAPACITY, seat=p.seat, items=_items(p), capacity=capacity
                )
            continue
        thrown = _goods(state, p)
        for g in p.stock:
            p.stock[g] = 0
        if thrown:
            log.add(_GOODS_DISCARDED, seat=p.seat, goods=thrown)
            milestones.claim(state, p.seat, FREEZER, log)


def _owed(state: GameState) -> tuple[Seat, SeatDecision] | None:
    """The first module decision owed now (``Extensions.cleanup_decisions``) and its seat:
    asked one seat at a time, before the freezers."""
    for decision in state.rules.extensions.cleanup_decisions:
        seats = decision.owes(state)
        if seats:
            return seats[0], decision
    return None


def actors(state: GameState) -> list[Seat]:
    if state.rules.extensions.cleanup_decisions:
        owed = _owed(state)
        if owed is not None:
            return [owed[0]]
    return list(state.turn.pending)


def legal(state: GameState, seat: Seat) -> list[Action]:
    if state.rules.extensions.cleanup_decisions:
        owed = _owed(state)
        if owed is not None:
            return owed[1].options(state, seat) if seat == owed[0] else []
    if seat not in state.turn.pending:
        return []
    p = state.players[seat]
    out: list[Action] = [ThrowAway(g) for g in state.rules.goods if p.stock.get(g, 0) > 0]
    if _freezer_keeps(state, p):
        out.append(DONE)
    return out


def _freezer_keeps(state: GameState, p: Player) -> bool:
    """Whether the freezer may keep what the player holds now (:func:`_freezer_problem`
    without building its reason where the base game's capacity answers)."""
    if _items(p) > state.rules.catalog.freezer_capacity:
        return False
    return not state.rules.extensions.seat_rules or _freezer_problem(state, p) is None


def _freezer_problem(state: GameState, p: Player) -> str | None:
    """Why the freezer may not keep what the player holds now (None: it may)."""
    capacity = state.rules.catalog.freezer_capacity
    if _items(p) > capacity:
        return Reason(
            "cleanup.over_capacity",
            f"your freezer holds {capacity} items and you have {_items(p)}: "
            f"throw {_items(p) - capacity} away",
            capacity=capacity, items=_items(p), throw=_items(p) - capacity,
        )
    for limit in seat_rules(state, p.seat).freezer_limits:
        n = p.stock.get(limit.good, 0)
        if n > limit.most:
            return Reason(
                "cleanup.keeps_at_most",
                f"your freezer keeps at most {limit.most} {limit.good} ({limit.rule})",
                most=limit.most, good=str(limit.good), rule=limit.rule,
            )
        if n and limit.alone and _items(p) > n:
            return Reason(
                "cleanup.keeps_alone",
                f"a freezer that keeps {limit.good} keeps nothing else ({limit.rule}): "
                "throw the rest away, or the " + str(limit.good),
                good=str(limit.good), rule=limit.rule,
            )
    return None


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    if state.rules.extensions.cleanup_decisions:
        owed = _owed(state)
        if owed is not None:
            explain = owed[1].explain
            return (None if explain is None else explain(state, seat, action)) or owed[1].why
    p = state.players[seat]
    if isinstance(action, ThrowAway):
        return Reason("cleanup.nothing_to_throw", f"you have no {action.good.value} to throw away",
                      good=action.good.value)
    return _freezer_problem(state, p) or Reason(
        "cleanup.may_keep", "your freezer may keep what you have: done")


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    if state.rules.extensions.cleanup_decisions:
        owed = _owed(state)
        if owed is not None and owed[1].act(state, seat, action, log):
            return
    p = state.players[seat]
    if isinstance(action, ThrowAway):
        p.stock[action.good] -= 1
        log.add(_GOOD_THROWN_AWAY, seat=seat, good=action.good.value, left=_items(p))
        if _items(p):
            return
    state.turn.pending.remove(seat)
    log.add(_FREEZER_KEPT, seat=seat, goods=_goods(state, p))


def finish(state: GameState, log: EventLog) -> Phase:
    """Goods are discarded or kept (``begin`` and the freezer decisions); then modules act on
    what is still at work (``Moment.CLEANUP_DISCARDED``, e.g. a card that makes goods after
    the discard); then cards go back to hand, restaurants open, drive-ins go, and milestones
    claimed this round (or expired) are removed."""
    run_moment(state, Moment.CLEANUP_DISCARDED, log)
    for p in state.players:
        back = [*p.at_work, *p.beach]
        p.hand = sorted([*p.hand, *back])
        p.at_work = []
        p.beach = []
        p.hire_discounts = 0
        if back:
            log.add(_CARDS_TO_HAND, seat=p.seat, employees=sorted(back))
    for r in state.restaurants:
        if not r.open:
            r.open = True
            log.add(
                _RESTAURANT_OPENED, seat=r.owner, restaurant=r.number, cell=list(r.cell)
            )
        if r.drive_in:
            r.drive_in = False
            log.add(_DRIVE_IN_REMOVED, seat=r.owner, restaurant=r.number)
    milestones.remove_claimed(state, log)
    milestones.remove_expired(state, log)
    state.waitresses_this_round = {}
    state.turn.pending = []
    state.turn.drafts = {}
    state.turn.stage = _NONE
    return _RESTRUCTURING
