"""Ketchup (ketchup.md 8): "Someone sells your demand".

Map: tests.helpers.SMALL_MAP. House 2 covers (3,0)-(4,1) on tile A; restaurants at (0,0) se
(distance 0 to house 2) and (3,5) nw on tile B (distance 1).
"""

from __future__ import annotations

from tests.helpers import add_restaurant, dinner, make_state, served

from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, Phase
from fcm.core.types import CampaignType, Good
from fcm.games import load_scenario_with_events
from fcm.modules.ketchup import ids as ketchup_ids

KETCHUP = frozenset({"ketchup"})
M = ketchup_ids.SOMEONE_SELLS_YOUR_DEMAND
B = Good.BURGER



def test_ketchup_8_a_campaign_remembers_who_made_the_demand() -> None:
    s = make_state(modules=KETCHUP)
    s.campaigns[9] = Campaign(9, CampaignType.MAILBOX, 1, B, "campaign_manager", 2, False, 1,
                              ((6, 0),))  # fmt: skip
    s.campaign_supply.remove(9)
    s.turn.phase = Phase.MARKETING
    marketing.finish(s, EventLog())
    assert s.houses[2].demand == [B]
    assert s.module_data["ketchup"]["demand_by"] == {"2": [1]}


def test_ketchup_8_another_players_sale_to_your_demand_claims_it_at_the_end_of_dinnertime() -> None:
    s = make_state(modules=KETCHUP)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[B] = 1
    s.houses[2].demand = [B]
    s.module_data["ketchup"] = {"demand_by": {"2": [1]}}  # seat 1's marketeer made it
    ev = dinner(s)
    assert served(ev, 2)["winner"] == 0
    claims = [e.data for e in ev if e.kind == "milestone_claimed"]
    assert [(c["seat"], c["milestone"]) for c in claims] == [(1, M)]
    assert "house(s) 2" in claims[0]["reason"]
    kinds = [e.kind for e in ev]
    assert kinds.index("milestone_claimed") > kinds.index("house_served")  # at the end
    assert s.module_data["ketchup"] == {"demand_by": {}}


def test_ketchup_8_your_own_sale_to_your_own_demand_does_not_claim() -> None:
    s = make_state(modules=KETCHUP)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[B] = 1
    s.houses[2].demand = [B]
    s.module_data["ketchup"] = {"demand_by": {"2": [0]}}
    ev = dinner(s)
    assert not [e for e in ev if e.kind == "milestone_claimed"]
    assert not s.players[0].has(M)


def test_ketchup_8_one_sale_can_award_several_makers() -> None:
    s = make_state(3, modules=KETCHUP)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[B] = 2
    s.houses[2].demand = [B, B]
    s.module_data["ketchup"] = {"demand_by": {"2": [0, 1, 2]}}
    dinner(s)
    assert [p.has(M) for p in s.players] == [False, True, True]


def test_ketchup_8_minus_one_from_the_next_dinnertime_not_the_one_it_is_earned_in() -> None:
    s = make_state(modules=KETCHUP)
    add_restaurant(s, 0, (0, 0), "se")  # distance 0
    add_restaurant(s, 1, (3, 5), "nw")  # distance 1
    s.players[0].stock[B] = 1
    s.players[1].stock[B] = 1
    s.houses[2].demand = [B]
    s.players[1].milestones[M] = 1  # earned at the end of round 1's Dinnertime
    s.round = 1
    ev = dinner(s)
    assert served(ev, 2)["winner"] == 0  # no effect in round 1: 10 + 0 beats 10 + 1
    s.round = 2
    s.houses[2].demand = [B]
    s.players[0].stock[B] = 1
    ev = dinner(s)
    d = served(ev, 2)
    chain1 = next(c for c in d["chains"] if c["seat"] == 1)
    assert chain1["adjust"] == -1 and chain1["total"] == 10  # 10 + 1 - 1: a tie
    assert d["winner"] == 0 and d["decided_by"] == "turn_order"  # equal Waitresses, turn order
    s.players[1].milestones[M] = 1
    s.houses[2].demand = [B]
    s.players[0].at_work = []
    s.players[0].stock[B] = 1
    s.players[0].at_work = ["luxuries_manager"]  # 20 + 0 loses to 10 + 1 - 1
    ev = dinner(s)
    assert served(ev, 2)["winner"] == 1


def test_ketchup_8_scenario_position_with_a_rival_sale() -> None:
    state, _ev = load_scenario_with_events(
        {
            "players": 2,
            "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
            "modules": ["ketchup"],
            "phase": "dinnertime",
            "companies": [{"stock": {"burger": 1}}, {}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            "houses": [{"number": 2, "demand": ["burger"]}],
            "module_data": {"ketchup": {"demand_by": {"2": [1]}}},
        }
    )
    assert state.players[1].has(M) and not state.players[0].has(M)
