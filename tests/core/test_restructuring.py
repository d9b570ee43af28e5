"""Restructuring (excerpt 000 "Phase 1"; facts.md A.3; conventions.md) and Order of Business
(excerpt 000 "Phase 2"; facts.md E.1)."""

from __future__ import annotations

import pytest
from tests.helpers import make_state, start_phase

from fcm.core.actions import ChooseTurnOrder, Done, SendToWork
from fcm.core.company import open_slots, structure_fits
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.errors import IllegalActionError
from fcm.core.state import Phase
from fcm.core.views import view
from fcm.rulesets import base_ruleset


def test_excerpt_000_structure_fits_pyramid():
    """Managers only under the CEO; their slots hold non-managers."""
    rules = base_ruleset()
    assert structure_fits(["management_trainee", "waitress", "waitress", "waitress"], 3, rules)
    assert structure_fits(
        ["management_trainee", "management_trainee", "waitress"] + ["trainer"] * 4, 3, rules
    )
    assert not structure_fits(["waitress"] * 4, 3, rules)  # 3 CEO slots only
    assert not structure_fits(["management_trainee"] * 4, 3, rules)  # managers need CEO slots
    assert structure_fits(
        ["junior_vice_president", "waitress", "waitress", "waitress", "trainer", "trainer"],
        3,
        rules,
    )
    assert structure_fits(["executive_vice_president"] + ["waitress"] * 12, 3, rules)


def test_facts_a3_round_one_only_the_ceo_works():
    state = make_state(2)
    events = start_phase(state, Phase.RESTRUCTURING)
    assert state.turn.phase is Phase.ORDER_OF_BUSINESS  # nothing to decide with an empty hand
    assert all(p.at_work == [] for p in state.players)
    assert any(e.kind == "structure_revealed" for e in events)


def _with_hands(hands):
    state = make_state(len(hands))
    for p, hand in zip(state.players, hands, strict=True):
        p.hand = sorted(hand)
    start_phase(state, Phase.RESTRUCTURING)
    return state


def test_excerpt_000_choices_are_secret_and_simultaneous_then_revealed():
    state = _with_hands([["waitress", "trainer"], ["kitchen_trainee"]])
    assert current_actors(state) == [0, 1]
    state, events = apply(state, 0, SendToWork("waitress"))
    assert all(e.visible_to == (0,) for e in events if e.kind == "card_sent_to_work")
    assert view(state, 1).turn.drafts[0] == []  # seat 1 cannot see seat 0's choice
    assert view(state, 0).turn.drafts[0] == ["waitress"]
    assert legal_actions(view(state, 0), 0) == legal_actions(state, 0)
    state, _ = apply(state, 0, Done())
    assert state.turn.phase is Phase.RESTRUCTURING and current_actors(state) == [1]
    state, _ = apply(state, 1, Done())
    assert state.players[0].at_work == ["waitress"]
    assert state.players[0].beach == ["trainer"]
    assert state.players[1].at_work == [] and state.players[1].beach == ["kitchen_trainee"]
    assert state.waitresses_this_round[0] == 1


def test_excerpt_000_overfull_structure_sends_everyone_but_the_ceo_to_the_beach():
    state = _with_hands([["waitress"] * 4, []])
    for _ in range(4):
        state, _ = apply(state, 0, SendToWork("waitress"))
    state, events = apply(state, 0, Done())
    assert state.players[0].at_work == []
    assert state.players[0].beach == ["waitress"] * 4
    revealed = [e for e in events if e.kind == "structure_revealed" and e.data["seat"] == 0]
    assert revealed[0].data["overfull"] is True


def test_cannot_send_more_cards_than_in_hand():
    state = _with_hands([["waitress"], ["waitress"]])
    state, _ = apply(state, 0, SendToWork("waitress"))
    before = state.canonical_json()
    with pytest.raises(IllegalActionError, match="no more cards"):
        apply(state, 0, SendToWork("waitress"))
    assert state.canonical_json() == before


def test_facts_b_played_milestones_claimed_at_reveal():
    """facts.md B: 'played' milestones need the card at work."""
    state = _with_hands([["waitress", "errand_boy"], ["waitress"]])
    state, _ = apply(state, 0, SendToWork("waitress"))
    state, _ = apply(state, 0, SendToWork("errand_boy"))
    state, _ = apply(state, 0, Done())
    state, _ = apply(state, 1, Done())  # seat 1 leaves its waitress on the beach
    assert state.players[0].has("first_waitress") and state.players[0].has("first_errand_boy")
    assert not state.players[1].has("first_waitress")


def test_excerpt_000_order_of_business_most_open_slots_chooses_first():
    """Open slots decide who chooses first; ties by previous turn order."""
    state = make_state(3, turn_order=[2, 1, 0])
    state.players[0].at_work = ["management_trainee"]  # 3 + 2 - 1 = 4 open
    state.players[1].at_work = ["waitress"]  # 3 - 1 = 2 open
    state.turn.phase = Phase.RESTRUCTURING
    start_phase(state, Phase.ORDER_OF_BUSINESS)
    assert [open_slots(state, s) for s in range(3)] == [4, 2, 3]
    assert current_actors(state) == [0]
    assert legal_actions(state, 0) == [ChooseTurnOrder(1), ChooseTurnOrder(2), ChooseTurnOrder(3)]
    state, _ = apply(state, 0, ChooseTurnOrder(2))
    assert current_actors(state) == [2]
    state, _ = apply(state, 2, ChooseTurnOrder(3))
    # seat 1 takes the last free position without a decision
    assert state.turn_order == [1, 0, 2]
    assert state.turn.phase is Phase.WORKING  # seat 1, first in turn order, hires with its CEO
    assert current_actors(state) == [1]


def test_facts_e1_ties_by_previous_turn_order_and_airplane_bonus():
    state = make_state(2, turn_order=[1, 0])
    state.players[0].milestones["first_airplane"] = 1
    state.players[0].at_work = ["waitress", "waitress"]  # 1 open + 2 = 3
    start_phase(state, Phase.ORDER_OF_BUSINESS)
    assert open_slots(state, 0) == 3 and open_slots(state, 1) == 3
    assert current_actors(state) == [1]  # tie: seat 1 was earlier


def test_order_of_business_rejects_a_taken_position():
    state = make_state(3)
    start_phase(state, Phase.ORDER_OF_BUSINESS)
    first = current_actors(state)[0]
    state, _ = apply(state, first, ChooseTurnOrder(1))
    second = current_actors(state)[0]
    with pytest.raises(IllegalActionError, match="not free"):
        apply(state, second, ChooseTurnOrder(1))
