"""The easy and medium bots use the expansion modules' cards (each module's advice in
fcm/modules/<id>/bots.py through fcm.bots.advice; issue 15 item 3 "the bots"): one built
position per module card, both bots."""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, make_state, start_phase

from fcm.bots import make_bot
from fcm.core.actions import Hire, StartCampaign, Train
from fcm.core.engine import legal_actions
from fcm.core.state import Campaign, GameState, Phase, WorkStep
from fcm.core.types import CampaignType, Good
from fcm.core.views import view
from fcm.modules.new_milestones import ids as nm
from fcm.modules.reserve_prices.actions import ChooseReservePrice

BOTS = ["easy", "medium"]


def working(modules: set[str], at_work: list[str], beach: list[str], step: WorkStep,
            cash: int = 100) -> GameState:  # fmt: skip
    s = make_state(modules=frozenset(modules))
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (0, 3), "sw")
    s.players[0].cash = cash
    s.players[0].at_work = sorted(at_work)
    s.players[0].beach = sorted(beach)
    for card in [*at_work, *beach]:
        s.supply[card] = s.supply.get(card, 0) - 1
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = step
    return s


def choose(bot: str, s: GameState) -> Any:
    return make_bot(bot, 1).choose(view(s, 0), 0, legal_actions(s, 0))


def fry_position(demand: dict[int, list[Good]]) -> GameState:
    """A trainer and a Burger Chef at work, a Burger Cook on the beach; houses 2 and 4 (both
    within seat 0's reach, tied with seat 1) with ``demand``."""
    s = working({"fry_chefs"}, ["trainer", "burger_chef"], ["burger_cook"], WorkStep.TRAIN)
    for n, goods in demand.items():
        s.houses[n].demand = list(goods)
    return s


@pytest.mark.parametrize("bot", BOTS)
def test_fry_chefs_9_a_spare_cook_becomes_a_fry_chef_once_a_chef_cooks(bot: str) -> None:
    """ketchup.md 9: a Fry Chef earns +$10 per house sold to. Two houses the chain would win,
    wanting 5 burgers the Burger Chef makes alone (8): the cook is spare."""
    s = fry_position({2: [Good.BURGER, Good.BURGER], 4: [Good.BURGER] * 3})
    assert choose(bot, s) == Train("trainer", "burger_cook", "fry_chef")


@pytest.mark.parametrize("bot", BOTS)
def test_fry_chefs_9_the_fry_chef_reads_the_houses_sold_to(bot: str) -> None:
    """ketchup.md 9 (+$10 per house, not per item): with one house to sell to a Fry Chef does
    not pay its salary and the cook's lost items; when the houses want more burgers than the
    chef makes alone (9 > 8), the cook is production, not spare."""
    one = fry_position({2: [Good.BURGER, Good.BURGER]})
    assert choose(bot, one) != Train("trainer", "burger_cook", "fry_chef")
    hungry = fry_position({2: [Good.BURGER] * 4, 4: [Good.BURGER] * 5})
    hungry.houses[2].garden = ((5, 0), (5, 1))  # gardens: up to 5 tokens a house
    hungry.houses[4].garden = ((2, 8), (2, 9))
    assert choose(bot, hungry) != Train("trainer", "burger_cook", "fry_chef")


@pytest.mark.parametrize("bot", BOTS)
def test_fry_chefs_9_not_without_a_chef_the_cook_is_the_production(bot: str) -> None:
    s = working({"fry_chefs"}, ["trainer"], ["burger_cook"], WorkStep.TRAIN)
    assert choose(bot, s) != Train("trainer", "burger_cook", "fry_chef")


@pytest.mark.parametrize("bot", BOTS)
def test_mass_marketeers_11_with_two_campaigns_running(bot: str) -> None:
    s = working({"mass_marketeers"}, ["trainer"], ["marketing_trainee"], WorkStep.TRAIN)
    for n, cell in ((9, (6, 0)), (10, (6, 3))):
        s.campaigns[n] = Campaign(n, CampaignType.MAILBOX, 0, Good.BURGER, "", 2, False, 1,
                                  (cell,))  # fmt: skip
        s.campaign_supply.remove(n)
    assert choose(bot, s) == Train("trainer", "marketing_trainee", "mass_marketeer")


@pytest.mark.parametrize("bot", BOTS)
def test_gourmet_food_critics_13_once_a_house_has_a_garden(bot: str) -> None:
    s = working({"gourmet_food_critics"}, ["trainer"], ["marketing_trainee"], WorkStep.TRAIN)
    s.houses[2].garden = ((5, 0), (5, 1))
    assert choose(bot, s) == Train("trainer", "marketing_trainee", "gourmet_food_critic")


@pytest.mark.parametrize("bot", BOTS)
def test_movie_stars_15_a_waitress_becomes_the_b_movie_star_facing_a_rival(bot: str) -> None:
    s = working({"movie_stars"}, ["trainer"], ["waitress"], WorkStep.TRAIN)
    assert choose(bot, s) == Train("trainer", "waitress", "b_movie_star")


@pytest.mark.parametrize("bot", BOTS)
def test_night_shift_managers_10_hired_with_three_free_cards(bot: str) -> None:
    s = working({"night_shift_managers"}, ["kitchen_trainee", "waitress"], ["errand_boy"],
                WorkStep.HIRE)  # fmt: skip
    assert choose(bot, s) == Hire("night_shift_manager")


@pytest.mark.parametrize("bot", BOTS)
def test_night_shift_managers_10_not_when_the_salary_does_not_fit(bot: str) -> None:
    s = working({"night_shift_managers"}, ["kitchen_trainee", "waitress"], ["errand_boy"],
                WorkStep.HIRE, cash=0)  # fmt: skip
    assert choose(bot, s) != Hire("night_shift_manager")


@pytest.mark.parametrize("bot", BOTS)
def test_reserve_prices_14_the_20_dollar_card(bot: str) -> None:
    import fcm

    s = fcm.new_game(2, 3, fcm.Options(modules=frozenset({"reserve_prices"})))
    seat = fcm.current_actors(s)[0]
    legal = legal_actions(s, seat)
    assert {a.reserve_price for a in legal if isinstance(a, ChooseReservePrice)} == {5, 10, 20}
    assert make_bot(bot, 1).choose(view(s, seat), seat, legal) == ChooseReservePrice(200, 20)


@pytest.mark.parametrize("bot", BOTS)
def test_new_milestones_3_the_marketing_trainee_billboard_first(bot: str) -> None:
    s = working({"new_milestones"}, ["marketing_trainee", "campaign_manager"], [],
                WorkStep.CAMPAIGNS)  # fmt: skip
    a = choose(bot, s)
    assert isinstance(a, StartCampaign) and a.marketeer == "marketing_trainee"


@pytest.mark.parametrize("bot", BOTS)
def test_new_milestones_3_round_1_hires_a_marketing_trainee_for_first_marketeer_used(
    bot: str,
) -> None:
    # Its billboard in round 2 claims First marketeer used (gone after round 2) and First
    # marketing trainee used (ketchup.md 3).
    s = working({"new_milestones"}, [], [], WorkStep.HIRE)
    assert choose(bot, s) == Hire("marketing_trainee")


@pytest.mark.parametrize("bot", BOTS)
def test_new_milestones_3_a_recruiting_girl_is_hired_for_the_free_evp(bot: str) -> None:
    # Round 1 with a Marketing Trainee (and a cook) owned: she hires in round 2, in time.
    s = working({"new_milestones"}, [], ["marketing_trainee", "burger_cook", "trainer"],
                WorkStep.HIRE)  # fmt: skip
    s.players[0].milestones["first_waitress_used"] = 0  # type: ignore[index]
    assert choose(bot, s) == Hire("recruiting_girl")


@pytest.mark.parametrize("bot", BOTS)
def test_new_milestones_3_without_a_cook_a_trainer_comes_first(bot: str) -> None:
    s = working({"new_milestones"}, [], ["marketing_trainee", "kitchen_trainee"], WorkStep.HIRE)
    s.round = 3
    assert choose(bot, s) == Hire("trainer")


@pytest.mark.parametrize("bot", BOTS)
def test_new_milestones_3_an_errand_boy_becomes_a_cart_operator(bot: str) -> None:
    s = working({"new_milestones"}, ["trainer"], ["errand_boy", "kitchen_trainee"],
                WorkStep.TRAIN)  # fmt: skip
    assert choose(bot, s) == Train("trainer", "errand_boy", "cart_operator")


@pytest.mark.parametrize("bot", BOTS)
def test_ketchup_19_3_first_beer_sold_bots_pay_salaries_with_goods_and_keep_cash(bot: str) -> None:
    """ketchup.md 19.3, First beer sold: paying with goods is the holder's choice. Without a
    freezer Clean up discards every item, so both bots pay each salary with an item (the least
    demanded: beer, no house wants it; house 2 wants burgers) and keep their $30."""
    from fcm.core.actions import Done
    from fcm.core.engine import apply, current_actors
    from fcm.modules.new_milestones.actions import PaySalary

    s = make_state(modules=frozenset({"new_milestones"}))
    s.players[0].at_work = ["coach", "burger_chef"]  # 2 x $5
    s.players[0].cash = 30
    s.players[0].stock[Good.BEER] = 1
    s.players[0].stock[Good.BURGER] = 2
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    s.houses[2].demand = [Good.BURGER]
    start_phase(s, Phase.PAYDAY)
    for seat in (0, 1):
        if seat in current_actors(s):
            s, _ = apply(s, seat, Done())
    assert current_actors(s) == [0] and PaySalary(Good.BEER) in legal_actions(s, 0)
    assert choose(bot, s) == PaySalary(Good.BEER)
    s, _ = apply(s, 0, PaySalary(Good.BEER))
    assert choose(bot, s) == PaySalary(Good.BURGER)


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("module", ["sushi", "gourmet_food_critics"])
def test_garden_cards_a_new_business_developer_makes_the_garden_they_need(
        bot: str, module: str) -> None:
    """ketchup.md 6 (a garden house buys sushi) and 13 (the guides reach garden houses): with
    no garden house near its restaurant, the Management Trainee on the beach is trained into a
    New Business Developer (who adds gardens: facts.md), and that card works before the rest;
    issue 30: medium never made a garden house, so neither card was ever used."""
    s = working({module}, ["trainer", "burger_cook"], ["management_trainee"], WorkStep.TRAIN)
    s.round = 4
    assert not any(h.garden for h in s.houses.values())
    assert choose(bot, s) == Train("trainer", "management_trainee", "new_business_developer")
    from fcm.bots import advice

    assert advice.work_priority(view(s, 0), 0)["new_business_developer"] == 96
    s.houses[2].garden = ((5, 0), (5, 1))  # a garden by its restaurant: none wanted any more
    assert advice.gardener_wanted(view(s, 0), 0) is False


@pytest.mark.parametrize("bot", BOTS)
def test_garden_cards_the_management_trainee_is_hired_for_the_gardener(bot: str) -> None:
    """The Management Trainee for that New Business Developer is hired when none waits
    (ketchup.md 6, issue 30)."""
    s = working({"sushi"}, ["trainer", "burger_cook"], [], WorkStep.HIRE)
    s.round = 4
    assert choose(bot, s) == Hire("management_trainee")
