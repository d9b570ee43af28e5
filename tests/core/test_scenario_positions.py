"""The scenario format for every position (docs/scenarios.md): supply overrides, unused
Recruiting Manager / HR Director hires, positions inside Working 9–5 and during setup,
milestones claimed this round, and misspelt ids refused with the field named.

Rules: facts.md B (milestones are removed at the Clean up of the round they were claimed),
C (setup order), E.4 (unused hires are $5 Payday discounts), excerpt 002 (Working 9–5 steps).
"""

from __future__ import annotations

from typing import Any

import pytest

from fcm.core.actions import ChooseReserve, Cook, Done, GetDrinks, Hire, PlaceRestaurant
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.errors import ScenarioError
from fcm.core.state import Phase, WorkStep
from fcm.core.types import Good
from fcm.games import load_scenario, load_scenario_with_events

BASE: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
}


def scenario(**fields: Any) -> dict[str, Any]:
    return {**BASE, **fields}


# -- milestones claimed this round (facts.md B) --------------------------------------------------


def test_facts_b_milestone_claimed_this_round_is_removed_at_clean_up() -> None:
    """facts.md B: a milestone claimed in the current round stays open to the others until Clean
    up, which removes it. A scenario giving it with the current round records it as claimed
    this round (it used to be stored only, so it stayed available forever)."""
    data = scenario(round=3, phase="cleanup", companies=[{"milestones": {"first_waitress": 3}}])
    state, events = load_scenario_with_events(data)
    assert "first_waitress" not in state.milestones_available
    assert [e.data["milestone"] for e in events if e.kind == "milestone_removed"] == [
        "first_waitress"
    ]
    # at Payday of round 3 (a firing decision to make) it is still available to seat 1
    state = load_scenario(
        scenario(
            round=3,
            phase="payday",
            companies=[{"milestones": {"first_waitress": 3}, "at_work": ["burger_cook"]}],
        )
    )
    assert state.turn.phase is Phase.PAYDAY
    assert state.milestones_this_round == ["first_waitress"]
    assert "first_waitress" in state.milestones_available


def test_facts_b_milestone_of_an_earlier_round_is_no_longer_available() -> None:
    """facts.md B: claimed in an earlier round, it was removed for everyone else then."""
    state = load_scenario(scenario(round=3, companies=[{"milestones": ["first_waitress"]}]))
    assert state.players[0].milestones == {"first_waitress": 2}
    assert "first_waitress" not in state.milestones_available
    assert "first_billboard" in state.milestones_available


def test_milestone_from_a_future_round_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"companies\[0\]\.milestones\.first_waitress"):
        load_scenario(scenario(round=2, companies=[{"milestones": {"first_waitress": 3}}]))


def test_milestones_as_pairs_are_refused_naming_the_field() -> None:
    """A list of [id, round] pairs is neither form the format allows (docs/scenarios.md): a
    ScenarioError naming the field, not a TypeError (it was a 500 from the web API)."""
    with pytest.raises(ScenarioError, match=r"companies\[0\]\.milestones: must be a list of ids"):
        load_scenario(scenario(round=2, companies=[{"milestones": [["first_waitress", 1]]}]))


# -- supply override and unused hires ----------------------------------------------------------


def test_supply_override_takes_cards_out_of_the_box() -> None:
    """Cards out of the box: the supply may be smaller than the box less the cards in play
    (never larger); hiring then sees only what is left (excerpt 002: cards are limited)."""
    state = load_scenario(scenario(phase="working", supply={"waitress": 0, "cfo": 1},
                                   companies=[{"at_work": []}]))
    assert state.supply["waitress"] == 0 and state.supply["cfo"] == 1
    assert Hire("waitress") not in legal_actions(state, state.turn_order[0])
    with pytest.raises(ScenarioError, match=r"supply\.waitress.*from 0 to 12"):
        load_scenario(scenario(supply={"waitress": 13}))
    with pytest.raises(ScenarioError, match=r"scenario supply: unknown field\(s\) \['waitres'\]"):
        load_scenario(scenario(supply={"waitres": 1}))


def test_facts_e4_unused_recruiting_manager_hires_discount_payday() -> None:
    """facts.md E.4: each unused Recruiting Manager / HR Director hire of this round takes $5
    off the salaries; a scenario at Payday gives them as ``hire_discounts``."""
    state, events = load_scenario_with_events(
        scenario(
            phase="payday",
            companies=[
                {"cash": 20, "at_work": ["burger_cook", "recruiting_manager"],
                 "hire_discounts": 1},
                {"cash": 20},
            ],
        )
    )
    seat0 = state.players[0]
    assert seat0.hire_discounts == 1
    for seat in list(current_actors(state)):
        state, more = apply(state, seat, Done())
        events += more
    paid = {e.data["seat"]: e.data["amount"] for e in events if e.kind == "salaries_paid"}
    assert paid[0] == 5  # recruiting manager $5 + burger cook $5, less $5
    assert state.players[0].cash == 15


# -- in the middle of Working 9–5 ----------------------------------------------------------------


def test_excerpt_002_position_inside_a_working_turn() -> None:
    """Excerpt 002: turns go in turn order, each through the steps in order. Seat 0 (second in
    turn order: seat 1's turn is over) is at 'food and drinks' with its burger cook already
    used: only the errand boy is left to act."""
    state = load_scenario(
        scenario(
            phase="working",
            turn_order=[1, 0],
            companies=[{"at_work": ["burger_cook", "errand_boy"]}, {}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            working={"seat": 0, "step": "food_and_drinks", "acted": ["burger_cook"]},
        )
    )
    assert state.turn.phase is Phase.WORKING and current_actors(state) == [0]
    assert state.turn.working is not None and state.turn.working.step is WorkStep.FOOD_AND_DRINKS
    assert state.turn.index == 1
    legal = legal_actions(state, 0)
    assert not any(isinstance(a, Cook) for a in legal)
    drinks = {a.good for a in legal if isinstance(a, GetDrinks) and a.employee == "errand_boy"}
    assert drinks == {Good.SODA, Good.LEMONADE, Good.BEER}


def test_working_hire_step_with_hires_left() -> None:
    """Excerpt 002: CEO 1 hire + Recruiting Girl 1: one hire made, one left."""
    state = load_scenario(
        scenario(
            phase="working",
            companies=[{"at_work": ["recruiting_girl"]}],
            working={"seat": 0, "step": "hire", "hires_left": 1},
        )
    )
    assert state.turn.working is not None and state.turn.working.hires_left == 1
    assert state.turn.working.hires_made == 1


@pytest.mark.parametrize(
    ("working", "message"),
    [
        ({"seat": 0, "step": "lunch"}, r"working\.step"),
        ({"seat": 0, "acted": ["burger_cok"]}, r"working\.acted\[0\]"),
        ({"seat": 0, "step": "train", "hires_left": 1}, r"working\.hires_left"),
        ({"seat": 0, "wat": 1}, r"unknown field\(s\) \['wat'\]"),
        ({"seat": 5}, r"working\.seat"),
        ({"seat": 0, "trainers": [["coach", 1]]}, r"working\.trainers\[0\]"),
    ],
)
def test_bad_working_positions_name_the_field(working: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario(
            scenario(phase="working", companies=[{"at_work": ["burger_cook"]}], working=working)
        )


# -- setup ----------------------------------------------------------------------------------------


def test_facts_c_position_while_reserve_cards_are_chosen() -> None:
    """facts.md C: every chain secretly picks a reserve card; seat 0 has, seat 1 still must."""
    state = load_scenario(scenario(phase="setup_reserve", companies=[{"reserve": 200}]))
    assert state.turn.phase is Phase.SETUP_RESERVE and current_actors(state) == [1]
    assert ChooseReserve(300) in legal_actions(state, 1)


def test_facts_c_position_while_first_restaurants_are_placed() -> None:
    """facts.md C: from the last player in turn order back to the first; seat 1 (last) placed,
    so seat 0 decides; a restaurant out of that order is refused."""
    state = load_scenario(
        scenario(
            phase="setup_restaurants",
            turn_order=[0, 1],
            restaurants=[{"owner": 1, "cell": [0, 0], "entrance": "se"}],
        )
    )
    assert state.turn.phase is Phase.SETUP_RESTAURANTS and current_actors(state) == [0]
    assert any(isinstance(a, PlaceRestaurant) for a in legal_actions(state, 0))
    with pytest.raises(ScenarioError, match="last player in turn order"):
        load_scenario(
            scenario(
                phase="setup_restaurants",
                turn_order=[0, 1],
                restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            )
        )


def test_facts_c_second_pass_of_first_restaurants() -> None:
    """facts.md C: seat 1 passed, seat 0 placed: in the second pass seat 1 must place."""
    state = load_scenario(
        scenario(
            phase="setup_restaurants",
            turn_order=[0, 1],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            setup_passed=[1],
        )
    )
    assert state.turn.setup_second_pass and current_actors(state) == [1]
    assert Done() not in legal_actions(state, 1)


# -- misspelt ids ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"companies": [{"hand": ["waitres"]}]}, r"companies\[0\]\.hand\[0\]: unknown employee"),
        ({"companies": [{"milestones": ["first_waitres"]}]}, r"companies\[0\]\.milestones"),
        ({"milestones_available": ["first_bilboard"]}, "milestones_available"),
        ({"options": {"carts_use_whole_rang": True}}, "options"),
        ({"companies": [{"stock": {"burgers": 1}}]}, r"companies\[0\]\.stock"),
        ({"houses": [{"number": 2, "demand": ["bear"]}]}, r"houses\[0\]\.demand"),
        ({"phase": "setup_reserve", "working": {"seat": 0}}, "working"),
    ],
)
def test_misspelt_ids_are_refused_with_the_field_named(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario(scenario(**fields))


def test_facts_c_setup_entrances_on_distinct_tiles() -> None:
    """facts.md C: at setup a restaurant's entrance may not be on a tile that already holds
    another restaurant's entrance."""
    with pytest.raises(ScenarioError, match=r"restaurants: at setup no two entrances"):
        load_scenario(
            scenario(
                phase="setup_restaurants",
                turn_order=[0, 1],
                restaurants=[
                    {"owner": 1, "cell": [0, 0], "entrance": "se"},
                    {"owner": 0, "cell": [3, 3], "entrance": "nw"},
                ],
            )
        )
