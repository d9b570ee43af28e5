"""Hard Choices (ketchup.md 16): five base milestones expire unclaimed."""

from __future__ import annotations

from tests.helpers import make_state

from fcm.core.events import EventLog
from fcm.core.phases import cleanup
from fcm.core.state import GameState, Phase
from fcm.core.types import MilestoneId as M

HC = frozenset({"hard_choices"})
MARKED_2 = {M.FIRST_BURGER_MARKETED, M.FIRST_PIZZA_MARKETED, M.FIRST_DRINK_MARKETED, M.FIRST_TRAIN}


def clean(s: GameState, round_: int) -> list:
    s.round = round_
    s.turn.phase = Phase.CLEANUP
    log = EventLog()
    cleanup.begin(s, log)
    cleanup.finish(s, log)
    return list(log)


def test_ketchup_16_after_round_2_the_four_marked_milestones_go_if_unclaimed() -> None:
    s = make_state(modules=HC)
    clean(s, 1)
    assert set(s.milestones_available) >= MARKED_2
    ev = clean(s, 2)
    assert MARKED_2.isdisjoint(s.milestones_available)
    assert M.FIRST_HIRE_3 in s.milestones_available
    removed = {e.data["milestone"]: e.data.get("expired_after_round") for e in ev
               if e.kind == "milestone_removed"}  # fmt: skip
    assert removed == dict.fromkeys(MARKED_2, 2)
    clean(s, 3)
    assert M.FIRST_HIRE_3 not in s.milestones_available
    assert M.FIRST_BILLBOARD in s.milestones_available  # unmarked ones stay


def test_ketchup_16_claimed_in_time_the_milestone_keeps_working() -> None:
    s = make_state(modules=HC)
    s.players[0].milestones[M.FIRST_TRAIN] = 2
    s.milestones_this_round.append(M.FIRST_TRAIN)
    clean(s, 2)
    assert s.players[0].has(M.FIRST_TRAIN)
    assert M.FIRST_TRAIN not in s.milestones_available


def test_ketchup_16_without_the_module_nothing_expires() -> None:
    s = make_state()
    clean(s, 2)
    clean(s, 3)
    assert MARKED_2 | {M.FIRST_HIRE_3} <= set(s.milestones_available)
