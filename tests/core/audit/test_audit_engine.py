"""Audit: game flow, game end and ranking, CEO slots after the first bank break.

Sources: facts.md E.8 (first break: the slot number shown most often becomes every CEO's slot
count; RB: from the next turn), E.9 (most cash wins; a tie goes to the tied player earlier in the
current turn order), excerpt 000 "Phase 1" (overfull structure: only the CEO works) and
"Phase 2" (open slots).
"""

from __future__ import annotations

from tests.helpers import add_restaurant, make_state, start_phase

from fcm.core.actions import Done, SendToWork
from fcm.core.company import open_slots
from fcm.core.engine import apply, current_actors, end_game
from fcm.core.events import EventLog
from fcm.core.phases import dinnertime
from fcm.core.state import Phase
from fcm.core.types import Good


def test_facts_E9_ranking_ties_go_to_the_player_earlier_in_the_current_turn_order() -> None:
    """facts.md E.9: most cash wins; tied players rank by the current turn order (not by seat)."""
    state = make_state(3, turn_order=[2, 0, 1])
    state.players[0].cash = 50
    state.players[1].cash = 80
    state.players[2].cash = 50
    end_game(state, EventLog(), reason="test")
    assert state.ranking == [1, 2, 0]
    state = make_state(3, turn_order=[0, 1, 2])
    state.players[0].cash = state.players[1].cash = state.players[2].cash = 10
    end_game(state, EventLog(), reason="test")
    assert state.ranking == [0, 1, 2]


def test_facts_E8_new_ceo_slots_apply_from_the_next_restructuring() -> None:
    """facts.md E.8: after the first break every CEO has the slot count shown most often (here 2,
    from two +$100 cards); at the next Restructuring three cards at work under a 2-slot CEO do not
    fit, so only the CEO works, and Order of Business counts 2 open slots."""
    state = make_state()
    add_restaurant(state, 0, (0, 0), "se")
    state.players[0].reserve = 100
    state.players[1].reserve = 100
    state.players[0].stock[Good.BURGER] = 3
    state.houses[2].demand = [Good.BURGER] * 3
    state.bank = 20  # the $30 sale breaks the bank
    state.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.resolve_dinnertime(state, log)
    assert state.bank_breaks == 1 and state.ceo_slots == 2
    # next round
    state.round += 1
    state.players[0].hand = ["pricing_manager", "waitress", "waitress"]
    start_phase(state, Phase.RESTRUCTURING)
    assert current_actors(state) == [0]
    for card in ("pricing_manager", "waitress", "waitress"):
        state, _ = apply(state, 0, SendToWork(card))
    state, events = apply(state, 0, Done())
    (revealed,) = [e for e in events if e.kind == "structure_revealed" and e.data["seat"] == 0]
    assert revealed.data["overfull"] is True
    assert state.players[0].at_work == []
    assert open_slots(state, 0) == 2 and open_slots(state, 1) == 2
