"""Milestone claiming (facts.md B).

A milestone is claimed the moment its condition is met; every player who meets it in the same
round gets it too; at Clean up of that round its remaining copies are removed. Effects that act
at the moment of claiming (free cards) are applied here; every other effect is a query
(``player.has(id)``) made by the rule it changes.
"""

from __future__ import annotations

from typing import Final

from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import CardUsed, notify
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_MILESTONE_CLAIMED: Final = EventKind.MILESTONE_CLAIMED
_MILESTONE_GIFT: Final = EventKind.MILESTONE_GIFT
_MILESTONE_REMOVED: Final = EventKind.MILESTONE_REMOVED

# Immediate card gifts: milestone -> (card, copies). facts.md B.
GIFTS: dict[MilestoneId, tuple[EmployeeId, int]] = {
    MilestoneId.FIRST_HIRE_3: (EmployeeId.MANAGEMENT_TRAINEE, 2),
    MilestoneId.FIRST_BURGER_PRODUCED: (EmployeeId.BURGER_COOK, 1),
    MilestoneId.FIRST_PIZZA_PRODUCED: (EmployeeId.PIZZA_COOK, 1),
}


def can_claim(state: GameState, seat: Seat, milestone: MilestoneId) -> bool:
    if not state.options.uses_milestones:
        return False
    if milestone not in state.milestones_available:
        return False
    return not state.players[seat].has(milestone)


def claim(
    state: GameState, seat: Seat, milestone: MilestoneId, log: EventLog, reason: str = ""
) -> bool:
    """Claim ``milestone`` for ``seat`` if still available to them; apply instant effects.

    Returns whether it was claimed now.
    """
    if not can_claim(state, seat, milestone):
        return False
    p = state.players[seat]
    p.milestones[milestone] = state.round
    if milestone not in state.milestones_this_round:
        state.milestones_this_round.append(milestone)
    if reason:
        log.add(
            _MILESTONE_CLAIMED,
            seat=seat,
            milestone=milestone,
            round=state.round,
            reason=reason,
        )
    else:
        log.add(_MILESTONE_CLAIMED, seat=seat, milestone=milestone, round=state.round)
    gift = GIFTS.get(milestone)
    if gift is not None:
        card, copies = gift
        given = min(copies, max(0, state.supply.get(card, 0)))
        for _ in range(given):
            state.supply[card] -= 1
            p.beach.append(card)
        p.beach.sort()
        if given:
            log.add(
                _MILESTONE_GIFT, seat=seat, milestone=milestone, employee=card, count=given
            )
    return True


def card_used(state: GameState, seat: Seat, card: EmployeeId, log: EventLog) -> None:
    """A card at work performed one of its printed functions (a :class:`CardUsed` notice for
    the modules, e.g. New Milestones' "first ... used"). Nothing in a base game."""
    if state.rules.extensions.react:
        notify(state, CardUsed(seat, card), log)


def remove_claimed(state: GameState, log: EventLog) -> None:
    """Clean up: milestones claimed this round are no longer available to anyone else."""
    for m in state.milestones_this_round:
        if m in state.milestones_available:
            state.milestones_available.remove(m)
            log.add(_MILESTONE_REMOVED, milestone=m)
    state.milestones_this_round.clear()


def remove_expired(state: GameState, log: EventLog) -> None:
    """Clean up: milestones marked "remove after turn N" (Hard Choices, New Milestones;
    ``Ruleset.milestone_expiry``) leave the game in the Clean up of round N if nobody has
    claimed them; claimed in time, they work as usual."""
    for m, last in state.rules.milestone_expiry.items():
        if state.round >= last and m in state.milestones_available:
            state.milestones_available.remove(m)
            log.add(_MILESTONE_REMOVED, milestone=m, expired_after_round=last)
