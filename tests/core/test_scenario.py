"""The scenario loader (docs/scenarios.md), state save/load and views."""

from __future__ import annotations

import json

import pytest

from fcm.core.errors import ScenarioError
from fcm.core.types import Good
from fcm.core.views import view
from fcm.games import load_scenario, load_scenario_with_events, new_game, state_from_dict

BASE = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
}


def scenario(**fields):
    return {**BASE, **fields}


def test_the_scenario_loaded_event_says_where_play_starts():
    """docs/scenarios.md: a scenario may start inside Working 9-5, where no phase_started is
    logged; the log still knows the round and phase (the web log and the replay read it)."""
    _, events = load_scenario_with_events(
        scenario(round=3, phase="working", turn_order=[0, 1],
                 companies=[{"reserve": 300}, {"reserve": 100}],
                 working={"seat": 0, "step": "hire"})
    )
    first = events[0].to_json()
    assert first == {"kind": "scenario_loaded", "description": "", "round": 3,
                     "phase": "working"}


def test_scenario_builds_a_position():
    state = load_scenario(
        scenario(
            round=4,
            phase="dinnertime",
            turn_order=[1, 0],
            bank=80,
            companies=[
                {
                    "cash": 12,
                    "at_work": ["waitress"],
                    "beach": ["trainer"],
                    "stock": {"burger": 2},
                    "milestones": {"first_waitress": 2},
                },
                {"cash": 3, "hand": [], "reserve": 100},
            ],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            houses=[
                {"number": 2, "demand": ["burger", "burger"]},
                {"number": 9, "cell": [3, 3], "garden": [[3, 5], [4, 5]], "demand": []},
            ],
            campaigns=[
                {
                    "number": 11,
                    "owner": 1,
                    "good": "pizza",
                    "cell": [8, 3],
                    "orientation": "horizontal",
                    "remaining": 2,
                    "marketeer": "marketing_trainee",
                }
            ],
        )
    )
    assert state.round == 4
    p0 = state.players[0]
    # Dinnertime ran at once: 2 burgers at $10 + a waitress $5 (excerpt 004); $37 claims $20
    assert p0.cash == 37 and p0.milestones == {"first_waitress": 2, "first_20": 4}
    assert state.houses[9].garden == ((3, 5), (4, 5))
    assert 9 not in state.house_supply
    assert state.campaigns[11].cells == ((8, 3), (8, 4), (8, 5), (9, 3), (9, 4), (9, 5))
    assert 11 not in state.campaign_supply
    # supply = box less what is in play
    assert state.supply["waitress"] == 11 and state.supply["marketing_trainee"] == 11
    assert state.players[1].reserve == 100


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 7}, "players"),
        ({"tiles": [[["Z", 0]]]}, r"tiles\[0\]\[0\]"),
        ({"phase": "lunch"}, "phase"),
        ({"turn_order": [0, 0]}, "turn_order"),
        ({"companies": [{"cash": "lots"}]}, r"companies\[0\]\.cash"),
        ({"companies": [{"hand": ["ceo"]}]}, "unknown employee"),
        ({"companies": [{"hand": ["cfo", "cfo"]}]}, "more cfo cards|1x card"),
        ({"restaurants": [{"owner": 0, "cell": [0, 2], "entrance": "nw"}]}, "not empty"),
        ({"houses": [{"number": 2, "demand": ["burger"] * 4}]}, "at most 3"),
        ({"houses": [{"number": 40}]}, "neither on this map"),
        (
            {"campaigns": [{"number": 12, "owner": 0, "good": "beer", "cell": [0, 0]}]},
            "not available",
        ),
        ({"wat": 1}, "unknown field"),
    ],
)
def test_bad_scenarios_name_the_field(fields, message):
    with pytest.raises(ScenarioError, match=message):
        load_scenario(scenario(**fields))


def test_state_round_trips_through_json():
    state = new_game(4, seed=9)
    data = json.loads(json.dumps(state.to_dict()))
    again = state_from_dict(data)
    assert again.canonical_json() == state.canonical_json()
    assert again.state_hash() == state.state_hash()


def test_clone_is_deep():
    state = new_game(2, seed=9)
    copy = state.clone()
    copy.players[0].cash = 99
    copy.houses[min(copy.houses)].demand.append(Good.BEER)
    assert state.players[0].cash == 0
    assert not state.houses[min(state.houses)].demand
    assert copy.state_hash() != state.state_hash()


def test_views_hide_reserve_cards_until_the_bank_breaks():
    state = load_scenario(scenario(companies=[{"reserve": 100}, {"reserve": 300}]))
    assert view(state, 0).players[1].reserve is None
    assert view(state, 0).players[0].reserve == 100
    assert view(state, None).players[0].reserve is None
    assert view(state, 0).rng == 0
    state.players[0].milestones["first_20"] = 1  # facts.md B: may look at the reserve cards
    assert view(state, 0).players[1].reserve == 300
    state.bank_breaks = 1
    assert view(state, None).players[1].reserve == 300
