"""New Milestones (ketchup.md 3, 3.1): the new set replaces the base milestones; claims by using
a card or selling a good; their effects.

Map: tests.helpers.SMALL_MAP. House 2 covers (3,0)-(4,1) on tile A; a restaurant at (0,0) se
is at distance 0 from it, one at (0,3) sw on tile B at distance 1.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.helpers import add_restaurant, dinner, make_state, start_phase

import fcm
from fcm.core.actions import (
    ChooseAdvert,
    Done,
    GetDrinks,
    Hire,
    PlaceCampaign,
    StartCampaign,
    Train,
    action_from_json,
)
from fcm.core.company import open_slots, salaried_cards, salary_due
from fcm.core.engine import apply, legal_actions
from fcm.core.errors import IllegalActionError, ScenarioError
from fcm.core.events import EventLog
from fcm.core.parse import parse_action
from fcm.core.phases import cleanup, marketing, restructuring
from fcm.core.phases.working.campaigns import has_placement
from fcm.core.state import Campaign, GameState, Phase, WorkStep
from fcm.core.types import CampaignType, Good, MilestoneId
from fcm.games import state_from_dict
from fcm.modules.new_milestones import ids as nm
from fcm.modules.new_milestones.actions import PaySalary

NM = frozenset({"new_milestones"})
M = MilestoneId
B = Good.BURGER
NEW_SET = {
    "first_marketeer_used", "first_marketing_trainee_used", "first_campaign_manager_used",
    "first_brand_manager_used", "first_brand_director_used", "first_burger_sold",
    "first_pizza_sold", "first_lemonade_sold", "first_beer_sold", "first_soda_sold",
    "first_recruiting_girl_used", "first_trainer_used", "first_discount_manager_used",
    "first_house_built", "first_new_restaurant", "first_waitress_used",
    "first_cart_operator_used",
}  # fmt: skip


def working(s: GameState, at_work: list[str], beach: list[str] = (), step: WorkStep | None = None
            ) -> GameState:  # fmt: skip
    s.players[0].at_work = sorted(at_work)
    s.players[0].beach = sorted(beach)
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    if step is not None:
        s.turn.working.step = step
    return s


def claims(ev: list[Any]) -> list[tuple[int, str]]:
    return [(e.data["seat"], e.data["milestone"]) for e in ev if e.kind == "milestone_claimed"]



def launch(s: GameState, marketeer: str, kind: CampaignType, duration: int | None = 1
           ) -> tuple[GameState, list[Any]]:  # fmt: skip
    """Launch a campaign of ``kind`` by ``marketeer`` at its first legal place (seat 0)."""
    ev: list[Any] = []
    tiles = s.rules.catalog.campaigns
    start = [
        a
        for a in legal_actions(s, 0)
        if isinstance(a, StartCampaign)
        and a.marketeer == marketeer
        and tiles[a.number].type is kind
    ]
    s, e = apply(s, 0, start[0])
    ev += e
    place = [a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign)]
    s, e = apply(s, 0, place[0])
    ev += e
    adverts = [a for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert) and a.good is B]
    if duration is None:
        return s, ev
    s, e = apply(s, 0, next(a for a in adverts if a.duration == duration))
    return s, ev + e


# -- setup (3, 0.2) ----------------------------------------------------------------------------


def test_ketchup_3_setup_the_new_set_replaces_every_base_milestone() -> None:
    s = fcm.new_game(2, 1, fcm.Options(modules=NM))
    assert set(s.milestones_available) == NEW_SET
    assert set(s.rules.catalog.milestones) == NEW_SET
    with_ketchup = fcm.new_game(2, 1, fcm.Options(modules=NM | {"ketchup"}))
    assert set(with_ketchup.milestones_available) == NEW_SET | {"someone_sells_your_demand"}


def test_ketchup_0_2_not_with_hard_choices_the_refusal_names_both() -> None:
    with pytest.raises(ScenarioError, match="'hard_choices' and 'new_milestones' exclude"):
        fcm.new_game(2, 1, fcm.Options(modules=NM | {"hard_choices"}))


def test_ketchup_3_base_milestones_are_gone_first_billboard_is_not_claimed() -> None:
    s = working(make_state(modules=NM), ["marketing_trainee"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s, ev = launch(s, "marketing_trainee", CampaignType.BILLBOARD)
    got = {m for _, m in claims(ev)}
    assert "first_billboard" not in got and "first_burger_marketed" not in got
    assert got == {"first_marketeer_used", "first_marketing_trainee_used"}
    assert not s.campaigns[next(iter(s.campaigns))].eternal  # no First billboard: finite


def test_ketchup_3_depletion_three_marked_milestones_leave_after_round_2_if_unclaimed() -> None:
    s = make_state(modules=NM)
    s.players[1].milestones[nm.FIRST_TRAINER_USED] = 2
    s.milestones_this_round = [nm.FIRST_TRAINER_USED]
    s.round = 1
    log = EventLog()
    cleanup.finish(s, log)
    assert nm.FIRST_MARKETEER_USED in s.milestones_available  # round 1: still there
    s.round = 2
    s.turn.phase = Phase.CLEANUP
    log = EventLog()
    cleanup.finish(s, log)
    gone = {e.data["milestone"] for e in log if e.kind == "milestone_removed"}
    assert {nm.FIRST_MARKETEER_USED, nm.FIRST_RECRUITING_GIRL_USED} <= gone
    assert nm.FIRST_MARKETEER_USED not in s.milestones_available
    assert nm.FIRST_WAITRESS_USED in s.milestones_available  # unmarked: stays
    assert s.players[1].has(nm.FIRST_TRAINER_USED)  # claimed in time: kept


# -- marketeers (3 table rows 1-5, 3.1) ----------------------------------------------------------


def test_ketchup_3_first_marketing_trainee_used_gives_a_kitchen_trainee_and_an_errand_boy() -> None:
    s = working(make_state(modules=NM), ["marketing_trainee"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    kt, eb = s.supply["kitchen_trainee"], s.supply["errand_boy"]
    s, ev = launch(s, "marketing_trainee", CampaignType.BILLBOARD)
    assert s.players[0].beach == ["errand_boy", "kitchen_trainee"]
    assert (s.supply["kitchen_trainee"], s.supply["errand_boy"]) == (kt - 1, eb - 1)
    gifts = [(e.data["employee"], e.data["count"]) for e in ev if e.kind == "milestone_gift"]
    assert gifts == [("kitchen_trainee", 1), ("errand_boy", 1)]


def test_ketchup_3_first_marketeer_used_scores_price_plus_distance_minus_2() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")  # distance 0: 10 + 0 = 10
    add_restaurant(s, 1, (0, 3), "sw")  # distance 1: 10 + 1 - 2 = 9
    for p in s.players:
        p.stock[B] = 1
    s.houses[2].demand = [B]
    s.players[1].milestones[nm.FIRST_MARKETEER_USED] = 1
    ev = dinner(s)
    (served,) = [e.data for e in ev if e.kind == "house_served" and e.data["house"] == 2]
    assert served["winner"] == 1
    assert served["amount"] == 10  # the payment is unchanged


def test_ketchup_3_1_first_marketeer_used_5_dollars_per_demand_token_in_marketing() -> None:
    s = make_state(modules=NM)
    s.campaigns[9] = Campaign(9, CampaignType.MAILBOX, 1, B, "campaign_manager", 2, False, 1,
                              ((6, 0),))  # fmt: skip
    s.campaign_supply.remove(9)
    s.players[1].milestones[nm.FIRST_MARKETEER_USED] = 1
    cash, bank = s.players[1].cash, s.bank
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.finish(s, log)
    assert s.houses[2].demand == [B]
    assert s.players[1].cash == cash + 5 and s.bank == bank - 5
    (inc,) = [e.data for e in log if e.kind == "milestone_income"]
    assert (inc["house"], inc["tokens"], inc["amount"]) == (2, 1, 5)


def test_ketchup_3_1_a_full_house_places_no_token_and_pays_nothing() -> None:
    s = make_state(modules=NM)
    s.campaigns[9] = Campaign(9, CampaignType.MAILBOX, 1, B, "campaign_manager", 2, False, 1,
                              ((6, 0),))  # fmt: skip
    s.campaign_supply.remove(9)
    s.houses[2].demand = [B, B, B]  # capacity 3 without a garden
    s.players[1].milestones[nm.FIRST_MARKETEER_USED] = 1
    cash = s.players[1].cash
    s.turn.phase = Phase.MARKETING
    marketing.finish(s, EventLog())
    assert s.players[1].cash == cash


def test_ketchup_3_1_first_brand_director_used_radios_are_eternal_the_claiming_one_too() -> None:
    s = working(make_state(modules=NM), ["brand_director"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = launch(s, "brand_director", CampaignType.RADIO, duration=None)
    adverts = {a.duration for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)}
    assert adverts == {1}  # eternal: a single counter
    s, ev = apply(s, 0, ChooseAdvert(B, 1))
    (camp,) = s.campaigns.values()
    assert camp.eternal and camp.marketeer == "brand_director"  # busy for the rest of the game
    assert (0, "first_brand_director_used") in claims(ev)


def test_ketchup_3_first_brand_director_used_other_campaign_types_stay_finite() -> None:
    s = working(make_state(modules=NM), ["brand_director"], step=WorkStep.CAMPAIGNS)
    s.players[0].milestones[nm.FIRST_BRAND_DIRECTOR_USED] = 1
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = launch(s, "brand_director", CampaignType.AIRPLANE, duration=None)
    adverts = {a.duration for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)}
    assert adverts == {1, 2, 3, 4, 5}


# -- sold in Dinnertime (3 table rows 6-10) ------------------------------------------------------


def test_ketchup_3_selling_claims_first_burger_and_first_soda_sold_at_the_sale() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[B] = 1
    s.players[0].stock[Good.SODA] = 1
    s.houses[2].demand = [B, Good.SODA]
    ev = dinner(s)
    assert claims(ev) == [(0, "first_burger_sold"), (0, "first_soda_sold")]
    reasons = [e.data["reason"] for e in ev if e.kind == "milestone_claimed"]
    assert reasons[0] == "you sold burger to house 2"


def test_ketchup_3_first_burger_sold_gives_the_ceo_4_slots() -> None:
    s = make_state(modules=NM)
    assert s.ceo_slots == 3
    s.players[0].milestones[nm.FIRST_BURGER_SOLD] = 1
    s.round = 2
    four = ["marketing_trainee", "waitress", "errand_boy", "kitchen_trainee"]
    s.players[0].hand = list(four)
    s.turn.drafts = {0: list(four), 1: ["waitress"] * 0}
    restructuring.finish(s, EventLog())
    assert sorted(s.players[0].at_work) == sorted(four)  # four cards, no manager: fits 4 slots
    assert open_slots(s, 0) == 0 and open_slots(s, 1) == 3


def test_ketchup_3_first_soda_sold_gives_a_freezer_in_the_same_clean_up() -> None:
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_SODA_SOLD] = 1  # claimed this round
    s.players[0].stock[B] = 2
    s.players[1].stock[B] = 2
    s.turn.phase = Phase.CLEANUP
    cleanup.begin(s, EventLog())
    assert s.players[0].stock[B] == 2 and s.turn.pending == [0]  # frozen, may throw away
    assert s.players[1].stock[B] == 0


def test_ketchup_3_lemonade_beer_pizza_sold_are_claimed() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    for g in (Good.PIZZA, Good.LEMONADE, Good.BEER):
        s.players[0].stock[g] = 1
    s.houses[2].demand = [Good.PIZZA, Good.LEMONADE, Good.BEER]
    ev = dinner(s)
    assert sorted(m for _, m in claims(ev)) == [
        "first_beer_sold", "first_lemonade_sold", "first_pizza_sold"
    ]


# -- used (3 table rows 11-17) ---------------------------------------------------------------------


def test_ketchup_3_first_recruiting_girl_used_an_evp_never_paid() -> None:
    s = working(make_state(modules=NM), ["recruiting_girl"])
    s, ev = apply(s, 0, Hire("waitress"))
    assert (0, "first_recruiting_girl_used") in claims(ev)
    assert sorted(s.players[0].beach) == ["executive_vice_president", "waitress"]
    assert "executive_vice_president" not in salaried_cards(s, 0)


def test_ketchup_3_first_recruiting_girl_used_not_without_a_recruiting_girl() -> None:
    s = working(make_state(modules=NM), ["waitress"])
    s, ev = apply(s, 0, Hire("waitress"))  # the CEO's hire
    assert claims(ev) == []


def test_ketchup_3_first_trainer_used_a_free_trainer_on_the_beach() -> None:
    s = working(make_state(modules=NM), ["trainer"], ["kitchen_trainee"], step=WorkStep.TRAIN)
    trainers = s.supply["trainer"]
    s, ev = apply(s, 0, Train("trainer", "kitchen_trainee", "burger_cook"))
    assert claims(ev) == [(0, "first_trainer_used")]
    assert sorted(s.players[0].beach) == ["burger_cook", "trainer"]
    assert s.supply["trainer"] == trainers - 1


def test_ketchup_3_first_trainer_used_only_the_trainer_card_a_coach_does_not_claim() -> None:
    s = working(make_state(modules=NM), ["coach"], ["kitchen_trainee"], step=WorkStep.TRAIN)
    s, ev = apply(s, 0, Train("coach", "kitchen_trainee", "burger_cook"))
    assert claims(ev) == []


def test_ketchup_3_first_house_built_trainers_stack_at_once() -> None:
    s = working(make_state(modules=NM), ["trainer", "trainer"], ["kitchen_trainee"],
                step=WorkStep.TRAIN)  # fmt: skip
    s.players[0].milestones[nm.FIRST_HOUSE_BUILT] = 1
    s.milestones_available.remove(nm.FIRST_TRAINER_USED)
    s, _ = apply(s, 0, Train("trainer", "kitchen_trainee", "burger_cook"))
    s, _ = apply(s, 0, Train("trainer", "burger_cook", "burger_chef", fresh=True))
    assert s.players[0].beach == ["burger_chef"]


def test_ketchup_3_without_first_house_built_two_trainers_do_not_stack() -> None:
    s = working(make_state(modules=NM), ["trainer", "trainer"], ["kitchen_trainee"],
                step=WorkStep.TRAIN)  # fmt: skip
    s.milestones_available.remove(nm.FIRST_TRAINER_USED)
    s, _ = apply(s, 0, Train("trainer", "kitchen_trainee", "burger_cook"))
    assert not [a for a in legal_actions(s, 0) if isinstance(a, Train) and a.fresh]


def test_ketchup_3_first_waitress_used_salaries_are_3_dollars() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["waitress", "pricing_manager"]
    s.waitresses_this_round = {0: 1}
    ev = dinner(s)
    assert (0, "first_waitress_used") in claims(ev)
    s.players[0].at_work = ["brand_manager", "coach"]  # two salaried cards
    assert salary_due(s, 0) == 6
    s.players[0].hire_discounts = 1  # an unused recruiting action still gives $5
    assert salary_due(s, 0) == 1


def test_ketchup_3_1_first_discount_manager_used_claimed_at_the_start_of_dinnertime() -> None:
    s = make_state(modules=NM)
    s.players[1].at_work = ["discount_manager"]
    ev = dinner(s)  # no sale at all
    assert claims(ev) == [(1, "first_discount_manager_used")]


def test_ketchup_3_first_cart_operator_used_doubles_the_claiming_haul() -> None:
    s = working(make_state(modules=NM), ["cart_operator"], step=WorkStep.FOOD_AND_DRINKS)
    add_restaurant(s, 0, (0, 3), "sw")
    routes = [a for a in legal_actions(s, 0) if isinstance(a, GetDrinks)]
    assert routes
    s, ev = apply(s, 0, routes[0])
    assert claims(ev) == [(0, "first_cart_operator_used")]
    (got,) = [e.data for e in ev if e.kind == "drinks_collected"]
    assert all(d["amount"] == 4 for d in got["suppliers"])  # 2 per supplier, doubled


def test_ketchup_3_first_new_restaurant_claimed_by_a_local_manager() -> None:
    s = working(make_state(modules=NM), ["local_manager"], step=WorkStep.RESTAURANTS)
    add_restaurant(s, 0, (0, 0), "se")
    place = [a for a in legal_actions(s, 0) if type(a).__name__ == "PlaceRestaurant"]
    s, ev = apply(s, 0, place[0])
    assert claims(ev) == [(0, "first_new_restaurant")]


# -- Payday and Restructuring (3 table, 3.1, 19.3) ------------------------------------------------


def payday(s: GameState) -> tuple[GameState, list[Any]]:
    s.turn.phase = Phase.PAYDAY
    ev = start_phase(s, Phase.PAYDAY)
    for seat in (0, 1):
        if seat in fcm.current_actors(s):
            s, e = apply(s, seat, Done())
            ev += e
    return s, ev


def pay(s: GameState, *goods: Good) -> tuple[GameState, list[Any]]:
    """Seat 0 pays salaries with ``goods``, one item each, then (if still asked) the rest in
    cash."""
    ev: list[Any] = []
    for good in goods:
        s, e = apply(s, 0, PaySalary(good))
        ev += e
    if 0 in fcm.current_actors(s) and s.turn.phase is Phase.PAYDAY:
        s, e = apply(s, 0, Done())
        ev += e
    return s, ev


def salaries_paid(ev: list[Any]) -> dict[str, Any]:
    (paid,) = [e.data for e in ev if e.kind == "salaries_paid" and e.data["seat"] == 0]
    return paid


def test_ketchup_19_3_first_beer_sold_the_holder_keeps_its_cash_and_pays_with_goods() -> None:
    """ketchup.md 19.3, First beer sold: "paying with goods is the holder's choice at every
    Payday: it decides how many salaries (0 up to one per salaried card) its tokens pay, and
    which goods; the rest is paid in cash". $15 due, $20 in cash: the chain pays all three
    salaries with beer that Clean up would discard, and keeps its $20."""
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]  # 3 x $5 = $15
    s.players[0].cash = 20
    s.players[0].stock[Good.BEER] = 4
    s.players[0].stock[B] = 1
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    assert fcm.current_actors(s) == [0]
    assert legal_actions(s, 0) == [PaySalary(B), PaySalary(Good.BEER), Done()]
    s, ev = pay(s, Good.BEER, Good.BEER, Good.BEER)
    paid = salaries_paid(ev)
    assert (paid["amount"], paid["goods"]) == (0, ["beer", "beer", "beer"])
    assert s.players[0].cash == 20  # the cash is kept
    assert "salary_goods" not in s.to_dict()  # the choice is spent


def test_ketchup_19_3_first_beer_sold_the_goods_chosen_are_the_modules_turn_key() -> None:
    """ketchup.md 3, 19.3 (First beer sold): the items chosen so far are New Milestones' own
    key on the turn record (core's ``TurnFlow`` has no such field), saved at the state's top
    level as ``salary_goods`` as before, read back, and the choice goes on from the save."""
    from dataclasses import fields

    from fcm.core.state import TurnFlow

    assert "salary_goods" not in {f.name for f in fields(TurnFlow)}
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]  # 3 x $5 = $15
    s.players[0].cash = 20
    s.players[0].stock[Good.BEER] = 4
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    s, _ = apply(s, 0, PaySalary(Good.BEER))
    assert s.turn.extras == {"salary_goods": ["beer"]}
    saved = s.to_dict()
    assert saved["salary_goods"] == ["beer"]
    back = fcm.state_from_dict(saved)
    assert back.state_hash() == s.state_hash() and back.turn.extras == s.turn.extras
    back, ev = pay(back, Good.BEER, Good.BEER)
    assert salaries_paid(ev)["goods"] == ["beer", "beer", "beer"]
    assert back.players[0].cash == 20 and not back.turn.extras


def test_ketchup_19_3_first_beer_sold_cash_only_is_a_choice_too() -> None:
    """ketchup.md 19.3: 0 salaries in goods is a choice: Done pays the $15 in cash, the beer
    stays in stock."""
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]
    s.players[0].cash = 20
    s.players[0].stock[Good.BEER] = 2
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    s, ev = pay(s)
    assert salaries_paid(ev)["amount"] == 15 and "goods" not in salaries_paid(ev)
    assert s.players[0].cash == 5  # (the beer stays until Clean up discards it)


def test_ketchup_3_1_first_beer_sold_goods_pay_what_cash_cannot_before_anyone_is_fired() -> None:
    """ketchup.md 3.1 (with no cash and tokens in stock you must pay with tokens) and 19.3 (the
    cash-first order applies to what the holder cannot pay): $15 due, $7 in cash: cash alone
    cannot pay, so Done is refused until goods cover what it cannot ($8: two items); the holder
    picks which; then the cash pays $5."""
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]  # 3 x $5 = $15
    s.players[0].cash = 7
    s.players[0].stock[Good.BEER] = 2
    s.players[0].stock[B] = 1
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    assert Done() not in legal_actions(s, 0)
    with pytest.raises(IllegalActionError, match="does not cover the \\$15 left"):
        apply(s, 0, Done())
    s, _ = apply(s, 0, PaySalary(B))
    assert Done() not in legal_actions(s, 0)  # $10 left, $7 in cash
    s, ev = pay(s, Good.BEER)
    paid = salaries_paid(ev)
    assert (paid["amount"], paid["goods"]) == (5, ["burger", "beer"])
    assert s.players[0].cash == 2
    assert not [e for e in ev if e.kind == "cannot_pay"]


def test_ketchup_3_1_first_beer_sold_one_item_per_salary_left_after_discounts() -> None:
    """ketchup.md 3.1: one token per employee, and "one token per remaining salaried employee
    after discounts": 3 salaried cards ($15) less two unused Recruiting Manager hires ($10)
    leave one salary: one item pays it, and no second item is offered."""
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]
    s.players[0].hire_discounts = 2
    s.players[0].cash = 20
    s.players[0].stock[Good.BEER] = 3
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    s, ev = apply(s, 0, PaySalary(Good.BEER))  # nothing left to decide: paid at once
    paid = salaries_paid(ev)
    assert (paid["amount"], paid["goods"]) == (0, ["beer"])
    assert s.players[0].cash == 20 and s.turn.phase is not Phase.PAYDAY


def test_ketchup_3_pay_salary_action_json_notation_and_parse() -> None:
    """ketchup.md 3, First beer sold: the decision is an action like any other."""
    a = PaySalary(Good.BEER)
    rules = fcm.new_game(2, 1, fcm.Options(modules=frozenset(NM))).rules
    assert action_from_json(a.to_json(), rules) == a and a.to_json() == {"type": "pay_salary",
                                                                   "good": "beer"}
    assert str(a) == "pay salary with beer"
    s = make_state(modules=NM)
    s.players[0].at_work = ["coach"]
    s.players[0].cash = 20
    s.players[0].stock[Good.BEER] = 1
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    assert parse_action(s, 0, "pay salary with beer") == a
    again = state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert fcm.current_actors(again) == [0] and legal_actions(again, 0) == legal_actions(s, 0)


def test_ketchup_3_without_first_beer_sold_the_chain_must_fire() -> None:
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]
    s.players[0].cash = 7
    s.players[0].stock[Good.BEER] = 2
    s, ev = payday(s)
    assert [e.data["seat"] for e in ev if e.kind == "cannot_pay"] == [0]


def test_ketchup_19_3_first_trainer_used_whole_salaries_as_far_as_cash_goes_rest_waived() -> None:
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]  # $15
    s.players[0].cash = 13
    s.players[0].milestones[nm.FIRST_TRAINER_USED] = 1
    s, ev = payday(s)
    (paid,) = [e.data for e in ev if e.kind == "salaries_paid" and e.data["seat"] == 0]
    assert (paid["amount"], paid["waived"]) == (10, 5)
    assert s.players[0].cash == 3  # below one salary: kept
    assert not [e for e in ev if e.kind in ("cannot_pay", "fired_to_pay")]
    assert all(not e.data["employees"] for e in ev if e.kind == "employees_fired")


def test_ketchup_19_3_first_beer_and_trainer_cash_first_then_goods_then_waived() -> None:
    """ketchup.md 19.3: with First trainer used, "cash is used first, then tokens, as far as
    both go; only then is the remainder waived": $15 due, $6 and one soda: the soda must pay
    (Done is refused before), the cash one more salary, $5 is waived."""
    s = make_state(modules=NM)
    s.players[0].at_work = ["brand_manager", "coach", "burger_chef"]  # $15
    s.players[0].cash = 6
    s.players[0].stock[Good.SODA] = 1
    s.players[0].milestones[nm.FIRST_TRAINER_USED] = 1
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s, _ = payday(s)
    assert legal_actions(s, 0) == [PaySalary(Good.SODA)]
    s, ev = pay(s, Good.SODA)
    paid = salaries_paid(ev)
    assert (paid["amount"], paid["goods"], paid["waived"]) == (5, ["soda"], 5)
    assert s.players[0].cash == 1


def test_ketchup_3_1_first_discount_manager_used_100_dollars_leave_the_bank() -> None:
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_DISCOUNT_MANAGER_USED] = 1
    s.players[1].milestones[nm.FIRST_DISCOUNT_MANAGER_USED] = 1
    s.players[0].hand = ["discount_manager"]
    s.players[1].hand = ["pricing_manager", "pricing_manager"]  # only -$2: nothing leaves
    s.turn.drafts = {0: ["discount_manager"], 1: ["pricing_manager", "pricing_manager"]}
    s.bank = bank = 500
    log = EventLog()
    restructuring.finish(s, log)
    assert s.bank == bank - 100
    (gone,) = [e.data for e in log if e.kind == "money_left_game"]
    assert (gone["seat"], gone["discount"], gone["amount"]) == (0, 3, 100)
    # the conserved total (invariants.py) shrinks with it
    assert s.box_paid == -100 and s.bank + sum(p.cash for p in s.players) == bank - 100


def test_ketchup_3_1_first_discount_manager_used_an_emptied_bank_breaks() -> None:
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_DISCOUNT_MANAGER_USED] = 1
    s.players[0].hand = ["discount_manager"]
    s.turn.drafts = {0: ["discount_manager"], 1: []}
    s.bank = 60
    log = EventLog()
    restructuring.finish(s, log)
    assert s.bank_breaks == 1  # reserve cards $300 + $300 refill it; the other $40 leave too
    assert s.bank == 600 - 40
    (gone,) = [e.data for e in log if e.kind == "money_left_game"]
    assert gone["amount"] == 100


# -- scenarios, views, CLI ---------------------------------------------------------------------


def test_ketchup_3_a_scenario_names_new_milestones_and_refuses_base_ones() -> None:
    base = {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
            "modules": ["new_milestones"], "phase": "restructuring"}  # fmt: skip
    s = fcm.load_scenario({**base, "companies": [{"milestones": ["first_burger_sold"]}, {}]})
    assert s.players[0].has(nm.FIRST_BURGER_SOLD)
    assert s.milestones_this_round == [nm.FIRST_BURGER_SOLD]  # round 1: gone at Clean up
    with pytest.raises(ScenarioError, match="milestones"):
        fcm.load_scenario({**base, "companies": [{"milestones": ["first_billboard"]}, {}]})


def test_ketchup_3_cli_plays_a_whole_game_with_new_milestones(tmp_path: Any) -> None:
    from fcm.cli.main import main

    out = tmp_path / "g.json"
    assert main(["play", "--players", "2", "--seed", "3", "--modules", "new_milestones",
                 "--save", str(out)]) == 0  # fmt: skip
    assert main(["replay", str(out), "--verify"]) == 0


def test_ketchup_3_first_campaign_manager_used_a_second_tile_same_type_good_duration() -> None:
    s = working(make_state(modules=NM), ["campaign_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s, ev = launch(s, "campaign_manager", CampaignType.MAILBOX, duration=2)
    assert (0, "first_campaign_manager_used") in claims(ev)
    starts = [a for a in legal_actions(s, 0) if isinstance(a, StartCampaign)]
    assert starts and {s.rules.catalog.campaigns[a.number].type for a in starts} == {
        CampaignType.MAILBOX
    }  # only the same type
    s, _ = apply(s, 0, starts[0])
    s, _ = apply(s, 0, next(a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign)))
    assert legal_actions(s, 0) == [ChooseAdvert(B, 2)]  # the same good and duration
    s, _ = apply(s, 0, ChooseAdvert(B, 2))
    mine = sorted(s.campaigns.values(), key=lambda c: c.number)
    assert [(c.kind, c.good, c.remaining) for c in mine] == [(CampaignType.MAILBOX, B, 2)] * 2
    assert [c.marketeer for c in mine].count("campaign_manager") == 1  # one card, linked once
    assert not [a for a in legal_actions(s, 0) if isinstance(a, StartCampaign)]  # once
    assert "new_milestones" not in s.module_data


def test_ketchup_3_first_campaign_manager_used_only_the_turn_it_is_claimed() -> None:
    s = working(make_state(modules=NM), ["campaign_manager"], step=WorkStep.CAMPAIGNS)
    s.players[0].milestones[nm.FIRST_CAMPAIGN_MANAGER_USED] = 1  # an earlier round
    s.round = 2
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = launch(s, "campaign_manager", CampaignType.MAILBOX, duration=2)
    assert not [a for a in legal_actions(s, 0) if isinstance(a, StartCampaign)]


def test_ketchup_3_first_campaign_manager_used_refusals_name_the_second_tile_rule() -> None:
    """ketchup.md 3, First campaign manager used: the second tile this turn has the same type,
    good and duration as the first. A billboard (which has a legal place) and a duration of 3
    (within the manager's 1 to 3) are refused for that reason, not as "no legal place" or
    "1 to 3 rounds"."""
    s = working(make_state(modules=NM), ["campaign_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = launch(s, "campaign_manager", CampaignType.MAILBOX, duration=2)
    tiles = s.rules.catalog.campaigns
    billboard = min(n for n in s.campaign_supply if tiles[n].type is CampaignType.BILLBOARD)
    assert has_placement(s, 0, "campaign_manager", billboard)  # it has a legal place
    with pytest.raises(IllegalActionError) as refused:
        apply(s, 0, StartCampaign("campaign_manager", billboard))
    text = str(refused.value)
    assert "First campaign manager used" in text and "mailbox" in text
    assert "no legal place" not in text
    start = next(a for a in legal_actions(s, 0) if isinstance(a, StartCampaign))
    s, _ = apply(s, 0, start)
    s, _ = apply(s, 0, next(a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign)))
    for wrong in (ChooseAdvert(B, 3), ChooseAdvert(Good.PIZZA, 2)):
        with pytest.raises(IllegalActionError) as refused:
            apply(s, 0, wrong)
        text = str(refused.value)
        assert "First campaign manager used" in text and "burger for 2 rounds" in text
        assert "1 to 3" not in text


def test_ketchup_3_1_first_brand_director_used_refuses_a_duration_naming_the_milestone() -> None:
    """ketchup.md 3.1: with First brand director used a radio is eternal (a single counter);
    a duration of 2 is refused for that reason, not for First Billboard Campaign (a base
    milestone this game does not have)."""
    s = working(make_state(modules=NM), ["brand_director"], step=WorkStep.CAMPAIGNS)
    s.players[0].milestones[nm.FIRST_BRAND_DIRECTOR_USED] = 1
    s.round = 2
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = launch(s, "brand_director", CampaignType.RADIO, duration=None)
    with pytest.raises(IllegalActionError) as refused:
        apply(s, 0, ChooseAdvert(B, 2))
    text = str(refused.value)
    assert "First brand director used" in text and "First Billboard" not in text
