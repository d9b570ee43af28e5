"""Gourmet Food Critics (ketchup.md 13): guides beside the board reach every house with a
garden.

Map: tests.helpers.SMALL_MAP; house 2 at (3,0)-(4,1) (garden squares (5,0), (5,1) below it),
house 4 at (0,8)-(1,9) without a garden.
"""

from __future__ import annotations

from tests.helpers import make_state, start_phase

from fcm.core.actions import ChooseAdvert, Done, StartCampaign
from fcm.core.engine import apply, legal_actions
from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, Phase, WorkStep
from fcm.core.types import Good, MilestoneId
from fcm.modules.gourmet_food_critics.ids import GOURMET_GUIDE

GFC = frozenset({"gourmet_food_critics"})


def at_campaigns(s: GameState) -> GameState:
    s.players[0].at_work = ["gourmet_food_critic"]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    while s.turn.working.step is not WorkStep.CAMPAIGNS:
        s, _ = apply(s, 0, Done())
        assert s.turn.working is not None
    return s


def test_ketchup_13_a_critic_launches_a_guide_beside_the_board_1_to_3_rounds() -> None:
    s = at_campaigns(make_state(modules=GFC))
    starts = [a for a in legal_actions(s, 0) if isinstance(a, StartCampaign)]
    assert [a.number for a in starts] == [17, 18, 19, 20]  # all four usable (19.1 row 24)
    s, _ = apply(s, 0, StartCampaign("gourmet_food_critic", 17))
    adverts = [a for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)]
    assert {a.duration for a in adverts} == {1, 2, 3}  # no square to choose first
    s, _ = apply(s, 0, ChooseAdvert(Good.PIZZA, 3))
    camp = s.campaigns[17]
    assert camp.kind is GOURMET_GUIDE and camp.cells == () and camp.remaining == 3
    assert s.busy_marketeers(0) == ["gourmet_food_critic"]


def test_ketchup_13_a_guide_puts_1_demand_on_every_house_with_a_garden_only() -> None:
    s = make_state(modules=GFC)
    s.houses[2].garden = ((5, 0), (5, 1))
    s.campaigns[18] = Campaign(18, GOURMET_GUIDE, 1, Good.BEER,
                               "gourmet_food_critic", 2, False, 1)  # fmt: skip
    s.campaign_supply.remove(18)
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.finish(s, log)
    assert s.houses[2].demand == [Good.BEER]
    assert s.houses[4].demand == []
    assert s.campaigns[18].remaining == 1


def test_ketchup_13_a_guide_respects_the_garden_cap_of_5() -> None:
    s = make_state(modules=GFC)
    s.houses[2].garden = ((5, 0), (5, 1))
    s.houses[2].demand = [Good.BURGER] * 5
    s.campaigns[17] = Campaign(17, GOURMET_GUIDE, 0, Good.SODA,
                               "gourmet_food_critic", 1, False, 1)  # fmt: skip
    s.campaign_supply.remove(17)
    s.turn.phase = Phase.MARKETING
    marketing.finish(s, EventLog())
    assert s.houses[2].demand == [Good.BURGER] * 5
    assert 17 in s.campaign_supply  # its last piece went: back to the supply
    assert s.players[0].beach == ["gourmet_food_critic"]


def test_ketchup_13_with_first_billboard_a_later_guide_is_eternal() -> None:
    s = make_state(modules=GFC)
    s.players[0].milestones[MilestoneId.FIRST_BILLBOARD] = 1
    s = at_campaigns(s)
    s, _ = apply(s, 0, StartCampaign("gourmet_food_critic", 19))
    assert {a.duration for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)} == {1}
    s, _ = apply(s, 0, ChooseAdvert(Good.BURGER, 1))
    assert s.campaigns[19].eternal


def test_ketchup_13_a_scenario_puts_a_gourmet_guide_beside_the_board_without_a_square() -> None:
    import pytest

    import fcm
    from fcm.core.errors import ScenarioError

    base = {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
            "modules": ["gourmet_food_critics"], "phase": "restructuring"}  # fmt: skip
    guide = {"number": 17, "owner": 0, "good": "burger", "marketeer": "gourmet_food_critic",
             "remaining": 2}  # fmt: skip
    s = fcm.load_scenario({**base, "campaigns": [guide]})
    assert s.campaigns[17].cells == () and s.campaigns[17].kind.value == "gourmet_guide"
    with pytest.raises(ScenarioError, match=r"campaigns\[0\]\.cell: a gourmet_guide has no square"):
        fcm.load_scenario({**base, "campaigns": [{**guide, "cell": [6, 0]}]})
