"""House kinds are ruleset data a module extends (issue 24 item 1): footprint, order key,
demand cap and demand multiplier. A test-only module (``test_apartments``) adds New Districts'
apartments as ketchup.md describes them (3x3, numbered π and 9¾, two demand tokens a campaign,
no cap); the base house keeps its 2x2, its number, its cap of 3 (5 with a garden) and one
token a campaign (facts.md E.5)."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

import fcm
from fcm.core.company import board_of, house_capacity, house_order
from fcm.core.events import EventLog
from fcm.core.extensions import HouseKind
from fcm.core.phases import marketing
from fcm.core.state import Campaign, House, state_from_dict
from fcm.core.types import CampaignType, Good
from fcm.rulesets import Module, ModuleInfo, register_module, rules_for, unregister_module

APARTMENT = HouseKind(
    "test_apartment", size=3, cap=None, garden_cap=None, per_campaign=2,
    order={101: math.pi, 102: 9.75}.__getitem__,
)
APARTMENTS = Module(
    info=ModuleInfo("test_apartments", "Test apartments", "3x3 apartments"),
    data=lambda raw, modules: None,
    houses=(APARTMENT,),
)


@pytest.fixture
def apartments() -> Iterator[None]:
    register_module(APARTMENTS)
    yield
    unregister_module("test_apartments")


def game() -> fcm.GameState:
    return fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["test_apartments"], "phase": "restructuring",
        "companies": [{"reserve": 300}, {"reserve": 100}],
        "houses": [{"number": 101, "kind": "test_apartment", "cell": [3, 3]}],
    })


def radio(cell: tuple[int, int]) -> Campaign:
    return Campaign(1, CampaignType.RADIO, 0, Good.BURGER, "", 5, False, 1, (cell,))


def test_an_apartment_is_3x3_takes_two_tokens_a_campaign_and_has_no_cap(apartments):
    s = game()
    flat = s.houses[101]
    assert flat.cells == tuple((r, c) for r in (3, 4, 5) for c in (3, 4, 5))
    assert house_capacity(s, flat) is None and house_capacity(s, s.houses[2]) == 3
    board = board_of(s)
    for _ in range(4):  # a radio reaches both (tile A and its neighbours)
        marketing._place(s, board, radio((5, 3)), EventLog(), None)
    assert flat.demand == [Good.BURGER] * 8  # 2 a campaign, no cap
    assert s.houses[2].demand == [Good.BURGER] * 3  # 1 a campaign, capped at 3


def test_apartments_take_their_place_in_house_order_by_pi_and_nine_and_three_quarters(
    apartments,
):
    s = game()
    s.houses[102] = House(102, (0, 0), False, kind="test_apartment", size=3)
    order = sorted(s.houses.values(), key=house_order(s))
    assert [h.number for h in order] == [2, 101, 4, 102]  # 2 < π < 4 < 9¾


def test_an_apartment_saves_its_kind_and_base_houses_save_as_before(apartments):
    s = game()
    saved = {h["number"]: h for h in s.to_dict()["houses"]}
    assert saved[101]["kind"] == "test_apartment" and saved[101]["size"] == 3
    assert "kind" not in saved[2] and "size" not in saved[2]
    again = state_from_dict(s.to_dict(), rules_for)
    assert again.houses[101].cells == s.houses[101].cells
    assert again.state_hash() == s.state_hash()


def test_a_scenario_refuses_a_house_kind_its_game_does_not_have(apartments):
    with pytest.raises(fcm.ScenarioError, match=r"houses\[0\].kind: 'test_apartment' is no"):
        fcm.load_scenario({
            "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
            "companies": [{"reserve": 300}, {"reserve": 100}],
            "houses": [{"number": 101, "kind": "test_apartment", "cell": [3, 3]}],
        })
