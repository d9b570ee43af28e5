"""Mass Marketeers (ketchup.md 11): one extra complete Marketing pass per one at work."""

from __future__ import annotations

from tests.helpers import make_state

from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, Phase
from fcm.core.types import CampaignType, Good

MM = frozenset({"mass_marketeers"})


def run(s: GameState) -> list:
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.finish(s, log)
    return list(log)


def add(s: GameState, number: int, kind: CampaignType, good: Good, cells: tuple) -> None:
    s.campaigns[number] = Campaign(number, kind, 0, good, "brand_director", 2, False, 1, cells)
    s.campaign_supply.remove(number)


def test_ketchup_11_example_radio_1_and_billboard_11_run_1_11_1_11_then_the_pieces() -> None:
    s = make_state(modules=MM)
    s.houses[2].garden = ((5, 0), (5, 1))
    add(s, 1, CampaignType.RADIO, Good.BURGER, ((2, 5),))  # tile B: reaches all four tiles
    add(s, 11, CampaignType.BILLBOARD, Good.SODA, ((6, 0), (6, 1)))  # next to house 2's garden
    s.players[1].at_work = ["mass_marketeer"]  # any player's counts
    ev = run(s)
    ran = [(e.data["number"], e.data["marketing_pass"]) for e in ev if e.kind == "campaign_ran"]
    assert ran == [(1, 1), (11, 1), (1, 2), (11, 2)]
    kinds = [e.kind for e in ev]
    assert kinds.index("campaign_piece_removed") > max(
        i for i, k in enumerate(kinds) if k == "campaign_ran" and ev[i].data["marketing_pass"] == 1
    )
    assert s.campaigns[1].remaining == 1 and s.campaigns[11].remaining == 1  # one piece each
    assert s.houses[2].demand == [Good.BURGER, Good.SODA, Good.BURGER, Good.SODA]
    assert s.houses[4].demand == [Good.BURGER, Good.BURGER]


def test_ketchup_11_two_mass_marketeers_three_passes_and_the_cap_holds() -> None:
    s = make_state(modules=MM)
    add(s, 1, CampaignType.RADIO, Good.PIZZA, ((2, 5),))
    s.players[0].at_work = ["mass_marketeer"]
    s.players[1].at_work = ["mass_marketeer"]
    ev = run(s)
    assert [e.data["marketing_pass"] for e in ev if e.kind == "campaign_ran"] == [1, 2, 3]
    assert s.houses[4].demand == [Good.PIZZA] * 3  # cap 3 without a garden
    assert s.campaigns[1].remaining == 1


def test_ketchup_11_not_at_work_no_extra_pass() -> None:
    s = make_state(modules=MM)
    add(s, 1, CampaignType.RADIO, Good.PIZZA, ((2, 5),))
    s.players[0].beach = ["mass_marketeer"]
    ev = run(s)
    ran = [e.data for e in ev if e.kind == "campaign_ran"]
    assert len(ran) == 1 and "marketing_pass" not in ran[0]


def test_ketchup_11_first_billboard_waives_its_salary_19_1_row_18() -> None:
    from fcm.core.company import salaried_cards
    from fcm.core.types import MilestoneId

    s = make_state(modules=MM)
    s.players[0].at_work = ["mass_marketeer", "burger_cook"]
    assert salaried_cards(s, 0) == ["mass_marketeer", "burger_cook"]
    s.players[0].milestones[MilestoneId.FIRST_BILLBOARD] = 1
    assert salaried_cards(s, 0) == ["burger_cook"]


def test_ketchup_19_1_row_18_option_the_rulebook_list_keeps_the_mass_marketeer_salary() -> None:
    from fcm.core.company import salaried_cards
    from fcm.core.types import MilestoneId

    s = make_state(modules=MM, first_billboard_waives_named_marketeers=True)
    s.players[0].at_work = ["mass_marketeer", "brand_manager"]
    s.players[0].milestones[MilestoneId.FIRST_BILLBOARD] = 1
    assert salaried_cards(s, 0) == ["mass_marketeer"]
