"""Working 9–5 turn flow: turn order, the fixed step order, automatic and skipped steps, drive-ins.

Sources: excerpt 002 "Working 9–5" ("Your turn", "Open drive-ins"), excerpt 000 "Phase 3",
conventions.md #10 and #11, facts.md A.3 and E.2.
"""

from __future__ import annotations

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import Done, Hire, PlaceRestaurant, Train
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Corner

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")


def two_players(order: tuple[int, int] = (0, 1)) -> GameState:
    state = make_state(turn_order=list(order))
    add_restaurant(state, 0, (3, 3), "nw")
    add_restaurant(state, 1, (8, 3), "nw")
    return state


def test_excerpt_002_turns_go_in_turn_order_and_phase_ends_after_last() -> None:
    """Excerpt 002 "Your turn": in turn order, each player takes one whole turn."""
    state = two_players(order=(1, 0))
    start_phase(state, Phase.WORKING)
    assert current_actors(state) == [1]
    assert state.turn.working is not None and state.turn.working.step is WorkStep.HIRE
    state, events = run(state, 1, Hire("waitress"))
    # the CEO's only hire is used: the rest of seat 1's turn has nothing to decide
    assert [e.data["seat"] for e in kinds(events, "turn_ended")] == [1]
    assert current_actors(state) == [0]
    assert state.turn.index == 1
    state, events = run(state, 0, Done())
    assert state.turn.phase is Phase.DINNERTIME
    assert state.turn.working is None
    assert kinds(events, "phase_started")[-1].data["phase"] == "dinnertime"


def test_excerpt_002_steps_in_fixed_order_hire_after_train_is_illegal() -> None:
    """Excerpt 002: "Do the steps in this order"; hiring is over once training started."""
    state = two_players()
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["management_trainee"]
    start_phase(state, Phase.WORKING)
    state, _ = run(state, 0, Done())
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    message = illegal(state, 0, Hire("waitress"), "Working 9–5", "'Hire employees' is over")
    assert "Train employees" in message


def test_excerpt_002_later_step_action_is_illegal_now() -> None:
    """Excerpt 002: restaurants are placed in the last step, not while hiring."""
    state = two_players()
    state.players[0].at_work = ["regional_manager"]
    start_phase(state, Phase.WORKING)
    illegal(state, 0, PlaceRestaurant((8, 8), Corner.NW, "regional_manager"), "comes later")


def test_begin_resets_hire_discounts_of_every_player() -> None:
    """facts.md A.3: unused recruiter actions are discounts of this round only."""
    state = two_players()
    for p in state.players:
        p.hire_discounts = 3
    start_phase(state, Phase.WORKING)
    assert [p.hire_discounts for p in state.players] == [0, 0]


def test_step_with_nothing_possible_is_skipped_without_a_decision() -> None:
    """A step with nothing possible needs no decision: with no trainer, Train is skipped."""
    state = two_players()
    start_phase(state, Phase.WORKING)
    state, events = run(state, 0, Hire("trainer"))  # hired cards are on the beach, not at work
    skipped = [e.data["step"] for e in kinds(events, "step_skipped") if e.data["seat"] == 0]
    assert skipped == ["train", "campaigns", "food_and_drinks", "houses", "restaurants"]


def test_done_ends_an_optional_step_with_actions_left() -> None:
    """Every step is optional ("Hiring is optional"): Done passes with hires left."""
    state = two_players()
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["kitchen_trainee"]
    start_phase(state, Phase.WORKING)
    state, events = run(state, 0, Done())
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    assert kinds(events, "step_ended")[0].data == {"seat": 0, "step": "hire", "by": "done"}
    assert Done() in legal_actions(state, 0)
    state, _ = run(state, 0, Train("trainer", "kitchen_trainee", "pizza_cook"))
    # the trainer's only action is used: the step ends by itself and seat 1 follows
    assert current_actors(state) == [1]


def test_excerpt_002_drive_ins_are_mandatory_with_a_local_manager() -> None:
    """Excerpt 002 "Open drive-ins": with a Local or Regional Manager played, each open
    restaurant must get a drive-in; a Coming Soon restaurant is not open."""
    state = two_players()
    state.players[0].at_work = ["local_manager"]
    add_restaurant(state, 0, (3, 5), "ne", open=False)
    start_phase(state, Phase.WORKING)
    state, events = run(state, 0, Done())
    ours = state.restaurants_of(0)
    assert [r.drive_in for r in ours] == [True, False]
    assert kinds(events, "drive_ins")[0].data == {"seat": 0, "restaurants": [0]}
    assert not any(r.drive_in for r in state.restaurants_of(1))


def test_excerpt_002_no_drive_ins_without_a_manager() -> None:
    """Excerpt 002 "Open drive-ins": only a played Local or Regional Manager opens drive-ins;
    one on the beach does nothing."""
    state = two_players()
    state.players[0].beach = ["regional_manager"]
    start_phase(state, Phase.WORKING)
    state, events = run(state, 0, Done())
    assert not state.restaurants_of(0)[0].drive_in
    assert not kinds(events, "drive_ins")


def test_player_with_nothing_to_do_is_skipped_but_gets_mandatory_drive_ins() -> None:
    """A turn with no decision passes at once, but the mandatory drive-ins still happen."""
    state = two_players()
    for card in state.supply:  # nothing left to hire
        state.supply[card] = 0
    p = state.players[0]
    p.at_work = ["local_manager"]
    p.restaurants_placed = 3  # all 3 restaurants used: the Local Manager can't place one
    state.players[1].at_work = ["kitchen_trainee"]  # seat 1 can cook
    events = start_phase(state, Phase.WORKING)
    assert state.turn.phase is Phase.WORKING
    assert current_actors(state) == [1]
    assert state.restaurants_of(0)[0].drive_in
    assert [e.data["seat"] for e in kinds(events, "turn_ended")] == [0]


def test_done_is_the_only_decision_left_after_the_last_step() -> None:
    """The phase ends after the last player's turn; Dinnertime follows."""
    state = two_players()
    for card in state.supply:
        state.supply[card] = 0
    events = start_phase(state, Phase.WORKING)
    assert state.turn.phase is Phase.DINNERTIME
    assert len(kinds(events, "turn_started")) == 2


def test_excerpt_002_skipped_turn_still_gets_recruiting_discounts() -> None:
    """Excerpt 002: unused Recruiting Manager actions become a mandatory $5 discount, even
    when nothing could be hired at all (the turn needs no decision)."""
    state = two_players()
    for card in state.supply:
        state.supply[card] = 0
    state.players[0].at_work = ["recruiting_manager"]
    state.players[1].at_work = ["kitchen_trainee"]
    events = start_phase(state, Phase.WORKING)
    assert current_actors(state) == [1]
    assert state.players[0].hire_discounts == 2
    assert kinds(events, "hire_discounts")[0].data == {"seat": 0, "discounts": 2}


def test_other_phase_action_is_illegal_in_working() -> None:
    """Only the actions of a Working 9–5 turn are legal in this phase."""
    from fcm.core.actions import Fire

    state = two_players()
    start_phase(state, Phase.WORKING)
    illegal(state, 0, Fire("waitress"), "not an action of a Working 9–5 turn")


def test_events_are_json_able() -> None:
    """Every event of a turn is plain JSON data (cells as [r, c] lists)."""
    import json

    state = two_players()
    state.players[0].at_work = ["trainer", "marketing_trainee", "regional_manager"]
    state.campaign_supply = list(range(1, 17))
    events = start_phase(state, Phase.WORKING)
    state, more = run(
        state, 0, Hire("kitchen_trainee"), Train("trainer", "kitchen_trainee", "burger_cook")
    )
    events += more
    for action in legal_actions(state, 0)[:1]:
        state, more = run(state, 0, action)
        events += more
    json.dumps([e.to_json() for e in events])
