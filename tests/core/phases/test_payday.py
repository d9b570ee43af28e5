"""Payday (excerpt 000 "Phase 5"; facts.md E.4; conventions.md #6, #9).

Positions are set directly, then Payday is entered the way the engine does. After Payday the
engine runs Marketing and Clean up and stops at the next Restructuring (the players have cards in
hand again), so salary results are checked on cash, bank, supply and hands.
"""

from __future__ import annotations

import pytest
from tests.helpers import current_actors, kinds, legal_actions, make_state, play, start_phase

from fcm.core import bank
from fcm.core.actions import Done, Fire
from fcm.core.errors import IllegalActionError
from fcm.core.state import Campaign, GameState, Phase
from fcm.core.types import CampaignType, Good


def campaign(owner: int, marketeer: str, number: int = 11, remaining: int = 3) -> Campaign:
    return Campaign(
        number=number, kind=CampaignType.BILLBOARD, owner=owner, good=Good.BURGER,
        marketeer=marketeer, remaining=remaining, eternal=False, placed_round=1,
        cells=((0, 0), (1, 0)),
    )


def payday_state() -> GameState:
    """Two players, SMALL_MAP, as Dinnertime ends (the phase Payday follows)."""
    s = make_state()
    s.turn.phase = Phase.DINNERTIME
    return s


def test_conventions_9_firing_is_secret_and_simultaneous() -> None:
    s = payday_state()
    s.players[0].at_work = ["burger_cook"]
    s.players[0].beach = ["waitress"]
    s.players[1].at_work = ["pizza_cook"]
    s.players[0].cash = s.players[1].cash = 10
    s.bank = 80
    supply_waitress = s.supply["waitress"]
    start_phase(s, Phase.PAYDAY)
    assert s.turn.stage == "firing"
    assert current_actors(s) == [0, 1]
    assert legal_actions(s, 0) == [Fire("burger_cook"), Fire("waitress"), Done()]
    s, ev = play(s, 0, Fire("waitress"))
    (chosen,) = kinds(ev, "fire_chosen")
    assert chosen.visible_to == (0,)  # secret
    assert s.players[0].beach == ["waitress"]  # not revealed yet
    assert legal_actions(s, 0) == [Fire("burger_cook"), Done()]
    s, ev = play(s, 1, Done())
    assert current_actors(s) == [0]
    s, ev = play(s, 0, Done())
    fired = [(e.data["seat"], e.data["employees"]) for e in kinds(ev, "employees_fired")]
    assert fired == [(0, ["waitress"]), (1, [])]
    assert s.supply["waitress"] == supply_waitress + 1
    paid = [(e.data["seat"], e.data["amount"]) for e in kinds(ev, "salaries_paid")]
    assert paid == [(0, 5), (1, 5)]
    assert s.players[0].cash == 5 and s.players[1].cash == 5 and s.bank == 90
    assert s.turn.phase is Phase.RESTRUCTURING and s.round == 2
    assert s.players[0].hand == ["burger_cook"]


def test_facts_E4_busy_marketeers_cannot_be_fired_voluntarily() -> None:
    s = payday_state()
    s.players[0].at_work = ["marketing_trainee"]
    s.campaigns[11] = campaign(0, "campaign_manager")
    s.players[0].cash = 10
    start_phase(s, Phase.PAYDAY)
    assert legal_actions(s, 0) == [Fire("marketing_trainee"), Done()]
    with pytest.raises(IllegalActionError, match="busy marketeers cannot be fired"):
        play(s, 0, Fire("campaign_manager"))


def test_facts_E4_salaries_with_hire_discounts_and_first_pay_20() -> None:
    s = payday_state()
    p = s.players[0]
    p.at_work = ["recruiting_manager", "burger_cook", "pizza_cook", "waitress"]
    p.beach = ["coach"]
    s.campaigns[11] = campaign(0, "campaign_manager")
    p.hire_discounts = 1  # one unused Recruiting Manager hire
    p.cash = 30
    s.bank = 70
    start_phase(s, Phase.PAYDAY)
    s, _ = play(s, 0, Done())
    # 5 salaried cards (the busy marketeer too, not the Waitress): $25 - $5 = $20
    assert s.players[0].cash == 10 and s.bank == 90
    assert s.players[0].milestones == {"first_pay_20": 1}


def test_facts_E4_discounts_never_below_zero_and_first_train() -> None:
    s = payday_state()
    s.players[0].at_work = ["burger_cook", "pizza_cook"]
    s.players[0].milestones = {"first_train": 1}  # $10 - $15: pays $0
    s.players[1].at_work = ["burger_cook", "pizza_cook", "coach", "trainer", "cart_operator"]
    s.players[1].milestones = {"first_train": 1}  # $20 - $15 = $5: no First to pay $20
    s.players[1].cash = 5
    s.bank = 95
    start_phase(s, Phase.PAYDAY)
    s, _ = play(s, 0, Done())
    s, ev = play(s, 1, Done())
    paid = {e.data["seat"]: e.data["amount"] for e in kinds(ev, "salaries_paid")}
    assert paid == {0: 0, 1: 5}
    assert s.players[0].cash == 0 and s.players[1].cash == 0 and s.bank == 100
    assert "first_pay_20" not in s.players[1].milestones
    assert not kinds(ev, "cannot_pay")


def test_facts_B_first_billboard_waives_marketeer_salaries() -> None:
    s = payday_state()
    p = s.players[0]
    p.milestones = {"first_billboard": 1}
    p.at_work = ["campaign_manager", "marketing_trainee", "burger_cook"]
    s.campaigns[11] = campaign(0, "brand_manager")
    p.cash = 5
    s.bank = 95
    start_phase(s, Phase.PAYDAY)
    s, ev = play(s, 0, Done())
    assert kinds(ev, "salaries_paid")[0].data["amount"] == 5  # only the Burger Cook
    assert s.players[0].cash == 0


def test_facts_E4_cannot_pay_fires_salaried_cards_until_it_can() -> None:
    s = payday_state()
    p = s.players[0]
    p.at_work = ["burger_cook", "pizza_cook", "waitress"]
    p.beach = ["trainer"]
    p.cash = 7
    s.bank = 93
    supply_cook = s.supply["burger_cook"]
    start_phase(s, Phase.PAYDAY)
    s, ev = play(s, 0, Done())
    assert s.turn.phase is Phase.PAYDAY and s.turn.stage == "cannot_pay"
    assert kinds(ev, "cannot_pay")[0].data == {"seat": 0, "due": 10, "cash": 7}
    assert current_actors(s) == [0]
    # only salaried cards, no way to stop
    assert legal_actions(s, 0) == [Fire("burger_cook"), Fire("pizza_cook")]
    with pytest.raises(IllegalActionError, match="owe \\$10"):
        play(s, 0, Done())
    s, ev = play(s, 0, Fire("burger_cook"))
    assert s.players[0].cash == 2 and s.bank == 98
    assert s.supply["burger_cook"] == supply_cook + 1
    assert s.turn.phase is Phase.RESTRUCTURING
    assert s.players[0].hand == ["pizza_cook", "trainer", "waitress"]


def test_facts_E4_busy_marketeer_fired_only_when_no_other_salaried_card_left() -> None:
    s = payday_state()
    p = s.players[0]
    p.beach = ["burger_cook"]
    s.campaigns[11] = campaign(0, "campaign_manager", remaining=3)
    s.campaigns[12] = campaign(0, "brand_manager", number=12, remaining=3)
    s.players[1].at_work = ["waitress"]  # keeps the engine at the next Restructuring
    supply_cm = s.supply["campaign_manager"]
    start_phase(s, Phase.PAYDAY)
    s, _ = play(s, 0, Done())
    s, _ = play(s, 1, Done())
    assert s.turn.stage == "cannot_pay" and current_actors(s) == [0]
    assert legal_actions(s, 0) == [Fire("burger_cook")]
    s, _ = play(s, 0, Fire("burger_cook"))
    assert legal_actions(s, 0) == [Fire("brand_manager"), Fire("campaign_manager")]
    s, ev = play(s, 0, Fire("campaign_manager"))
    assert kinds(ev, "fired_to_pay")[0].data["campaign"] == 11
    assert s.turn.stage == "cannot_pay"  # $0: every salaried card goes
    s, ev = play(s, 0, Fire("brand_manager"))
    assert kinds(ev, "salaries_paid")[0].data["amount"] == 0
    assert s.supply["campaign_manager"] == supply_cm + 1
    # the campaigns stay and run on (Marketing has run once since) without marketeers
    assert s.campaigns[11].marketeer == "" and s.campaigns[11].remaining == 2
    assert s.campaigns[12].marketeer == ""
    assert s.players[0].hand == []


def test_conventions_6_first_100_this_round_fires_the_cfo_automatically() -> None:
    s = payday_state()
    s.round = 4
    s.players[0].at_work = ["cfo", "waitress"]
    s.players[0].milestones = {"first_100": 4}
    s.players[0].cash = 100
    s.players[1].beach = ["cfo"]
    s.players[1].milestones = {"first_100": 3}  # an earlier round: nothing happens now
    s.players[1].cash = 100
    s.bank = 0
    supply_cfo = s.supply["cfo"]
    ev = start_phase(s, Phase.PAYDAY)
    assert [e.data["seat"] for e in kinds(ev, "cfo_fired_first_100")] == [0]
    assert s.players[0].at_work == ["waitress"]
    assert s.supply["cfo"] == supply_cfo + 1
    assert legal_actions(s, 0) == [Fire("waitress"), Done()]


def test_payday_nothing_to_decide_pays_busy_marketeer_salaries_directly() -> None:
    s = payday_state()
    s.campaigns[11] = campaign(0, "campaign_manager")
    s.players[0].cash = 8
    s.players[1].at_work = ["waitress"]
    s.players[1].hand = []
    s.bank = 92
    start = bank.conserved_total(s)
    start_phase(s, Phase.PAYDAY)
    s, ev = play(s, 1, Done())
    assert kinds(ev, "salaries_paid")[0].data == {
        "seat": 0, "salaried": 1, "gross": 5, "hire_discounts": 0, "first_train": False,
        "first_billboard": False, "amount": 5, "cash": 3,
    }
    assert bank.conserved_total(s) == start


def test_payday_pays_in_turn_order_and_waits_for_the_broke_player() -> None:
    s = make_state(3, turn_order=[2, 0, 1])
    s.turn.phase = Phase.DINNERTIME
    for seat in range(3):
        s.players[seat].at_work = ["burger_cook"]
        s.players[seat].cash = 5
    s.players[0].cash = 0
    s.bank = 135
    start_phase(s, Phase.PAYDAY)
    for seat in (0, 1, 2):
        s, ev = play(s, seat, Done())
    assert [e.data["seat"] for e in kinds(ev, "salaries_paid")] == [2]
    assert current_actors(s) == [0]
    s, ev = play(s, 0, Fire("burger_cook"))
    assert [e.data["seat"] for e in kinds(ev, "salaries_paid")] == [0, 1]
    assert [p.cash for p in s.players] == [0, 0, 0]
    assert s.bank == 145


def test_payday_in_debt_after_negative_price_fires_all_then_pays_nothing() -> None:
    s = payday_state()
    s.players[0].at_work = ["discount_manager"]
    s.players[0].cash = -4
    s.players[1].at_work = ["waitress"]
    s.bank = 104
    start_phase(s, Phase.PAYDAY)
    s, _ = play(s, 0, Done())
    s, _ = play(s, 1, Done())
    assert s.turn.stage == "cannot_pay"
    s, ev = play(s, 0, Fire("discount_manager"))
    assert kinds(ev, "salaries_paid")[0].data["amount"] == 0
    assert s.players[0].cash == -4 and s.turn.phase is Phase.RESTRUCTURING
