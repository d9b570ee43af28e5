"""Phase 1, Restructuring (excerpt 000 "Phase 1"; facts.md A.3; conventions.md "Restructuring").

Each player secretly chooses which cards from their hand go to work, one card at a time
(``SendToWork``), then commits (``Done``). When everyone has committed, all are revealed at
once. Only the set of cards matters: if it fits some legal pyramid the cards work; if it fits
none, every card but the CEO goes to the beach. Busy marketeers are not in the hand and so never
take part. A player with an empty hand has nothing to decide.
"""

from __future__ import annotations

from typing import Final

from fcm.core import milestones
from fcm.core.actions import DONE, Action, ArrangeStructure, SendToWork, send_to_work_of
from fcm.core.company import at_work_count, ceo_slots_of, structure_fits
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import Moment, run_moment
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId, MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_CARD_SENT_TO_WORK: Final = EventKind.CARD_SENT_TO_WORK
_ORDER_OF_BUSINESS: Final = Phase.ORDER_OF_BUSINESS
_STRUCTURE_COMMITTED: Final = EventKind.STRUCTURE_COMMITTED
_STRUCTURE_REVEALED: Final = EventKind.STRUCTURE_REVEALED
_WAITRESS: Final = EmployeeId.WAITRESS

PLAYED_MILESTONES = {
    EmployeeId.WAITRESS: MilestoneId.FIRST_WAITRESS,
    EmployeeId.ERRAND_BOY: MilestoneId.FIRST_ERRAND_BOY,
    EmployeeId.CART_OPERATOR: MilestoneId.FIRST_CART_OPERATOR,
}


def begin(state: GameState, log: EventLog) -> None:
    state.turn.drafts = {p.seat: [] for p in state.players}
    state.turn.pending = [p.seat for p in state.players if p.hand]


def actors(state: GameState) -> list[Seat]:
    return list(state.turn.pending)


def legal(state: GameState, seat: Seat) -> list[Action]:
    p = state.players[seat]
    draft = state.turn.drafts.get(seat, [])
    out: list[Action] = []
    for card in sorted(set(p.hand)):
        if p.hand.count(card) > draft.count(card):
            out.append(send_to_work_of(card))
    out.append(DONE)
    return out


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    if isinstance(action, SendToWork):
        return Reason("restructuring.no_more_cards",
                      f"'{action.employee}' has no more cards in your hand to send to work",
                      card=action.employee)
    return Reason(
        "restructuring.only_send",
        "during Restructuring you may only send cards from your hand to work, then commit",
    )


def arrangement_problem(state: GameState, seat: Seat, action: ArrangeStructure) -> str | None:
    """Why an org chart as drawn is not a legal structure (excerpt 000 "Phase 1"; facts.md A.3),
    or None. Each entry sits in one of the CEO's slots; only managers have cards under them, at
    most their slots, and never a manager (managers sit only in CEO slots)."""
    p = state.players[seat]
    where = "Restructuring (excerpt 000 'Phase 1'; facts.md A.3)"
    if state.turn.drafts.get(seat):
        return Reason("structure.drawn_at_once",
                      f"{where}: an org chart is drawn at once, before any card is sent to work")
    employees = state.rules.catalog.employees
    unknown = [c for c in action.cards if c not in employees or c == "ceo"]
    if unknown:
        return Reason("structure.unknown_card",
                      f"{where}: there is no employee type {unknown[0]!r} (the CEO is implied)",
                      card=unknown[0])
    for card in set(action.cards):
        if action.cards.count(card) > p.hand.count(card):
            return Reason(
                "structure.too_many",
                f"{where}: you have {p.hand.count(card)} {card} in hand, the chart uses "
                f"{action.cards.count(card)}",
                card=card, have=p.hand.count(card), uses=action.cards.count(card),
            )
    slots = ceo_slots_of(state, seat)
    if len(action.arrangement) > slots:
        return Reason(
            "structure.ceo_slots",
            f"{where}: your CEO has {slots} slots, the chart puts "
            f"{len(action.arrangement)} cards under it",
            slots=slots, placed=len(action.arrangement),
        )
    for top, under in action.arrangement:
        spec = employees[top]
        if under and not spec.is_manager:
            return Reason(
                "structure.not_a_manager",
                f"{where}: only managers have cards under them; {top} is not a manager",
                card=top)
        if len(under) > spec.slots:
            return Reason(
                "structure.manager_slots",
                f"{where}: a {top} has {spec.slots} slots, the chart puts {len(under)} under it",
                card=top, slots=spec.slots, placed=len(under))
        for card in under:
            if employees[card].is_manager:
                return Reason(
                    "structure.manager_under",
                    f"{where}: managers sit only in the CEO's slots; {card} is under {top}",
                    card=card, top=top,
                )
    return None


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """An org chart (``ArrangeStructure``): the chart itself, or why it is illegal as drawn."""
    if not isinstance(action, ArrangeStructure):
        return None
    return arrangement_problem(state, seat, action) or action


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    if isinstance(action, ArrangeStructure):  # checked by arrangement_problem
        for card in action.cards:
            state.turn.drafts[seat].append(card)
            log.add(_CARD_SENT_TO_WORK, visible_to=(seat,), seat=seat, employee=card)
        state.turn.drafts[seat].sort()
        state.turn.pending.remove(seat)
        log.add(_STRUCTURE_COMMITTED, seat=seat)
        return
    if isinstance(action, SendToWork):
        state.turn.drafts[seat].append(action.employee)
        state.turn.drafts[seat].sort()
        log.add(
            _CARD_SENT_TO_WORK, visible_to=(seat,), seat=seat, employee=action.employee
        )
    else:
        state.turn.pending.remove(seat)
        log.add(_STRUCTURE_COMMITTED, seat=seat)


def finish(state: GameState, log: EventLog) -> Phase:
    """Reveal every structure at once and apply the overfill penalty."""
    state.waitresses_this_round = {}
    for p in state.players:
        draft = state.turn.drafts.get(p.seat, [])
        if structure_fits(draft, ceo_slots_of(state, p.seat), state.rules):
            p.at_work = sorted(draft)
            overfull = False
        else:
            p.at_work = []
            overfull = bool(draft)
        rest = list(p.hand)
        for card in p.at_work:
            rest.remove(card)
        p.beach = sorted(rest)
        p.hand = []
        log.add(
            _STRUCTURE_REVEALED,
            seat=p.seat,
            at_work=list(p.at_work),
            beach=list(p.beach),
            overfull=overfull,
            tried=list(draft) if overfull else [],
        )
        for card, milestone in PLAYED_MILESTONES.items():
            if card in p.at_work:
                milestones.claim(state, p.seat, milestone, log)
        # a Waitress on a second shift counts twice (Night Shift Managers, ketchup.md 10)
        state.waitresses_this_round[p.seat] = at_work_count(state, p.seat, _WAITRESS)
    state.turn.drafts = {}
    run_moment(state, Moment.RESTRUCTURING_END, log)
    return _ORDER_OF_BUSINESS
