"""The turn-flow record (issue 11, item 2): phase, stage, whose decision and its progress grouped
in ``state.turn``, cloned in one call, saved flat as before.

``fixtures/states_before_turn_record.json`` holds positions of a seeded game saved by the engine
before the fields were grouped (commit ea077ed, ``GameState.to_dict`` with the flat fields and
``state_hash``): one per kind of position (each phase, Payday's firing stage, Working 9-5 steps,
a campaign being placed, secret drafts). They must load, save back identically and keep their
hashes, and so must the views of every seat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcm.core.state import Phase, Stage, TurnFlow, WorkStep
from fcm.core.views import view
from fcm.games import new_game, state_from_dict

FIXTURE = json.loads(
    (Path(__file__).parent / "fixtures" / "states_before_turn_record.json").read_text()
)
POSITIONS = FIXTURE["positions"]


@pytest.mark.parametrize("position", POSITIONS, ids=[p["label"] for p in POSITIONS])
def test_a_state_saved_before_the_record_loads_and_saves_back_identically(position):
    state = state_from_dict(position["state"])
    assert state.to_dict() == position["state"]
    assert state.state_hash() == position["hash"]
    for seat, expected in position["view_hash"].items():
        assert view(state, int(seat)).state_hash() == expected


def test_the_fixture_covers_the_turn_flow_fields():
    states = [state_from_dict(p["state"]) for p in POSITIONS]
    assert {s.turn.phase for s in states} >= set(Phase) - {Phase.DINNERTIME, Phase.MARKETING}
    assert any(s.turn.stage is Stage.FIRING and any(s.turn.drafts.values()) for s in states)
    assert any(s.turn.working is not None and s.turn.working.draft is not None for s in states)
    assert any(s.turn.order_choosers for s in states)
    working = next(s for s in states if s.turn.working is not None)
    assert working.turn.working.step is WorkStep.HIRE
    assert working.turn.working.seat == working.turn_order[working.turn.index]


def test_the_saved_form_stays_flat():
    state = new_game(2, 7)
    data = state.to_dict()
    assert "turn" not in data
    for name in ("phase", "stage", "pending", "drafts", "order_choosers", "new_order",
                 "setup_passed", "setup_second_pass", "working", "turn_index"):
        assert name in data
    assert TurnFlow.from_dict(data) == state.turn


def test_a_clone_owns_its_turn_record_and_a_view_does_not_touch_the_state():
    label = "restructuring//None/False/True/False/False"  # seats have secret drafts
    state = state_from_dict(next(p["state"] for p in POSITIONS if p["label"] == label))
    secret = {s: list(d) for s, d in state.turn.drafts.items()}
    twin = state.clone()
    assert twin.turn is not state.turn and twin.turn == state.turn
    twin.turn.drafts[0].append(twin.turn.drafts[0][0])
    twin.turn.pending.clear()
    assert state.turn.drafts == secret and state.turn.pending
    for seat in range(3):
        v = view(state, seat)
        hidden = any(d and s != seat for s, d in secret.items())
        # a view copies the turn record only to blank another seat's draft; else it shares it
        assert (v.turn is not state.turn) == hidden
        assert all(v.turn.drafts[s] == (d if s == seat else []) for s, d in secret.items())
    assert state.turn.drafts == secret
