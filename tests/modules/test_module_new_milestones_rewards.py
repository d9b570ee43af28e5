"""New Milestones (ketchup.md 3 table, 3.1, 18, 19.1, 19.3): the effects that are new decisions or
new campaigns: First brand manager used (a two-good airplane), First pizza sold (radios at the
end of Dinnertime), First new restaurant (a free eternal mailbox), First lemonade sold (training
cards at work into a card of the same colour).

Map: tests.helpers.SMALL_MAP (see test_module_new_milestones.py). House 2 covers (3,0)-(4,1) on
tile A, house 4 (0,8)-(1,9) on tile B.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, make_state
from tests.modules.test_module_new_milestones import NM, claims, dinner, working

import fcm
from fcm.core.actions import (
    ChooseAdvert,
    Done,
    PlaceCampaign,
    PlaceRestaurant,
    StartCampaign,
    Train,
    action_from_json,
)
from fcm.core.company import board_of, restaurant_cells
from fcm.core.engine import apply, legal_actions
from fcm.core.errors import IllegalActionError, ScenarioError
from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, WorkStep
from fcm.core.types import BASE_GOODS, CampaignType, Edge, Good, MilestoneId
from fcm.games import state_from_dict
from fcm.modules.new_milestones import ids as nm
from fcm.modules.new_milestones.actions import ChooseTwoGoods, FreeMailbox, TrainAtWork

M = MilestoneId
B, P, S = Good.BURGER, Good.PIZZA, Good.SODA


def events(ev: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in ev if e.kind == kind]


# -- First brand manager used: the two-good airplane (3 table, 3.1, 19.1 row 1, 19.3) ----------


def airplane_draft(s: GameState, marketeer: str = "brand_manager") -> GameState:
    """Start airplane #4 (one row/column) for ``marketeer`` and place it along the west edge
    at row 3 (houses 2's rows)."""
    s, _ = apply(s, 0, StartCampaign(marketeer, 4))
    s, _ = apply(s, 0, PlaceCampaign(edge=Edge.W, first=3))
    return s


def test_ketchup_3_first_brand_manager_used_the_claiming_airplane_carries_two_goods() -> None:
    s = working(make_state(modules=NM), ["brand_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s = airplane_draft(s)
    adverts = [a for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)]
    two = [a for a in adverts if isinstance(a, ChooseTwoGoods)]
    assert ChooseTwoGoods(B, 2, S) in two and ChooseTwoGoods(S, 1, B) in two
    assert all(a.good is not a.second_good for a in two)  # two different goods (19.1 row 1)
    assert ChooseAdvert(B, 2) in adverts  # one good stays possible
    s, ev = apply(s, 0, ChooseTwoGoods(B, 2, S))
    assert (0, "first_brand_manager_used") in claims(ev)
    (launched,) = events(ev, "campaign_launched")
    assert launched["good"] == "burger" and launched["second_good"] == "soda"
    camp = s.campaigns[4]
    assert (camp.good, camp.extras["second_good"], camp.remaining) == (B, S, 2)
    # Marketing: good A then good B on every house it reaches (house 2 is in rows 3-4).
    log = EventLog()
    marketing.run_campaigns(s, log)
    assert s.houses[2].demand == [B, S]
    (ran,) = events(list(log), "campaign_ran")
    assert ran["second_good"] == "soda" and ran["houses"][0]["placed"] == 2


def test_ketchup_3_1_a_two_good_airplane_fills_the_house_cap_with_good_a_first() -> None:
    s = make_state(modules=NM)
    s.campaign_supply.remove(4)
    s.campaigns[4] = Campaign(4, CampaignType.AIRPLANE, 0, B, "brand_manager", 2, False, 1,
                              edge=Edge.W, first=3, extras={"second_good": "soda"})  # fmt: skip
    s.houses[2].demand = [P, P]  # cap 3: room for one token
    marketing.run_campaigns(s, EventLog())
    assert s.houses[2].demand == [P, P, B]


def test_ketchup_3_first_brand_manager_used_two_goods_only_for_an_airplane_once() -> None:
    # A brand manager's mailbox: one good only ("not for mailboxes or billboards").
    s = working(make_state(modules=NM), ["brand_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = apply(s, 0, StartCampaign("brand_manager", 9))
    place = [a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign)]
    s, _ = apply(s, 0, place[0])
    assert all(
        not isinstance(a, ChooseTwoGoods) for a in legal_actions(s, 0)
    )
    with pytest.raises(IllegalActionError, match="carries two goods"):
        apply(s, 0, ChooseTwoGoods(B, 1, S))
    # Once: a two-good airplane of this round already runs, a second airplane gets one good.
    s = working(make_state(modules=NM), ["brand_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].milestones[nm.FIRST_BRAND_MANAGER_USED] = 1
    s.campaign_supply.remove(6)
    s.campaigns[6] = Campaign(6, CampaignType.AIRPLANE, 0, B, "", 2, False, 1,
                              edge=Edge.N, first=0, extras={"second_good": "soda"})  # fmt: skip
    s = airplane_draft(s)
    assert all(
        not isinstance(a, ChooseTwoGoods) for a in legal_actions(s, 0)
    )


def test_ketchup_3_first_brand_manager_used_not_in_a_later_round() -> None:
    s = make_state(modules=NM)
    s.round = 3
    s = working(s, ["brand_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].milestones[nm.FIRST_BRAND_MANAGER_USED] = 2  # "this turn; not saved"
    s.milestones_available.remove(nm.FIRST_BRAND_MANAGER_USED)
    s = airplane_draft(s)
    assert all(
        not isinstance(a, ChooseTwoGoods) for a in legal_actions(s, 0)
    )


def test_ketchup_3_a_two_good_airplane_saves_loads_and_is_a_scenario_field() -> None:
    raw: dict[str, Any] = {
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["new_milestones"],
        "campaigns": [{"number": 5, "owner": 0, "good": "burger", "second_good": "beer",
                       "marketeer": "brand_manager", "remaining": 2, "edge": "w", "first": 2}],
    }  # fmt: skip
    s = fcm.load_scenario(raw)
    assert s.campaigns[5].extras == {"second_good": "beer"}
    again = state_from_dict(s.to_dict())
    assert again.campaigns[5].extras == {"second_good": "beer"}
    assert again.state_hash() == s.state_hash()
    assert s.to_dict()["campaigns"][0]["second_good"] == "beer"  # saved as before
    raw["campaigns"][0]["second_good"] = "burger"
    with pytest.raises(ScenarioError, match="two different goods"):
        fcm.load_scenario(raw)
    assert action_from_json(ChooseTwoGoods(B, 2, S).to_json(), s.rules) == ChooseTwoGoods(B, 2, S)
    assert "second_good" not in ChooseAdvert(B, 2).to_json()  # base games save as before


def test_ketchup_3_a_two_good_airplane_is_drawn_with_both_goods() -> None:
    """The board view (issue 15 item 3): the presentation gives the airplane both goods."""
    from fcm.presentation import present

    raw: dict[str, Any] = {
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["new_milestones"],
        "campaigns": [{"number": 5, "owner": 0, "good": "burger", "second_good": "beer",
                       "marketeer": "brand_manager", "remaining": 2, "edge": "w", "first": 2},
                      {"number": 6, "owner": 1, "good": "pizza",
                       "marketeer": "brand_manager", "remaining": 2, "edge": "n", "first": 2}],
    }  # fmt: skip
    s = fcm.load_scenario(raw)
    drawn = {c["number"]: c for c in present(fcm.view(s, 0), 0)["campaigns"]}
    assert (drawn[5]["good"], drawn[5]["second_good"]) == ("burger", "beer")
    assert drawn[5]["more_goods"] == ["beer"]  # what the board draws, named by no module
    assert "second_good" not in drawn[6]  # a one-good airplane is drawn as in the base game
    assert "more_goods" not in drawn[6]


def test_ketchup_3_a_two_good_airplanes_events_read_with_both_goods() -> None:
    """ketchup.md 3 (First brand manager used): the report writes a two-good airplane's launch
    with both goods; the field naming the second comes from New Milestones' texts
    (``campaign_goods``), which the browser gets with the catalog: report.py and format.js
    name no module's field."""
    from fcm.report import event_line
    from fcm.texts import browser_texts

    s = working(make_state(modules=NM), ["brand_manager"], step=WorkStep.CAMPAIGNS)
    add_restaurant(s, 0, (0, 0), "se")
    s = airplane_draft(s)
    s, ev = apply(s, 0, ChooseTwoGoods(B, 2, S))
    (launched,) = [e for e in ev if e.kind == "campaign_launched"]
    line = event_line(launched, {0: "P0", 1: "P1"})
    assert "burger and soda" in line, line
    assert browser_texts()["campaign_goods"] == ["second_good"]


# -- First pizza sold: radios at the end of Dinnertime (3 table, 3.1, 18 step 6, 19.3) ----------


def test_ketchup_3_first_pizza_sold_radios_on_the_tiles_of_the_pizza_houses() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[P] = 3
    s.houses[2].demand = [P]
    s.houses[4].demand = [P, P]
    ev = dinner(s)
    assert (0, "first_pizza_sold") in claims(ev)
    radios = events(ev, "milestone_campaign")
    assert [(r["house"], r["number"], r["cells"]) for r in radios] == [
        (2, 1, [[0, 3]]),  # tile A: its first empty square next to a road
        (4, 2, [[0, 6]]),  # tile B
    ]
    kinds = [e.kind for e in ev]  # after every sale (end of Dinnertime, 18 step 6)
    last_sale = max(i for i, k in enumerate(kinds) if k == "house_served")
    assert last_sale < kinds.index("milestone_campaign") < kinds.index("dinnertime_earnings")
    for n in (1, 2):
        camp = s.campaigns[n]
        assert (camp.kind, camp.good, camp.remaining, camp.eternal) == (
            CampaignType.RADIO, P, 2, False
        )
        assert camp.marketeer == "" and camp.owner == 0
        assert camp.extras["reward"] == nm.FIRST_PIZZA_SOLD
    assert board_of(s).tiles_of([(0, 3)]) == {(0, 0)} and board_of(s).tiles_of([(0, 6)]) == {
        (0, 1)
    }


def test_ketchup_3_1_first_pizza_sold_only_the_first_three_pizza_houses_across_sellers() -> None:
    # Four pizza houses on a 2x2 map of house tiles; seat 0 serves 2 and 4, seat 1 serves 5
    # and 7 (drive-ins reach everything; house order decides).
    s = make_state(modules=NM, tiles=[[("A", 0), ("B", 0)], [("C", 0), ("D", 0)]])
    add_restaurant(s, 0, (0, 0), "se", drive_in=True)
    add_restaurant(s, 1, (8, 8), "se", drive_in=True)
    s.players[0].stock[P] = 2
    s.players[1].stock[P] = 2
    for n in (2, 4, 5, 7):
        s.houses[n].demand = [P]
    s.players[0].cash = s.players[1].cash = 0
    ev = dinner(s)
    served = {e.data["house"]: e.data["winner"] for e in ev if e.kind == "house_served"}
    assert sorted(served) == [2, 4, 5, 7]
    radios = events(ev, "milestone_campaign")
    assert [r["house"] for r in radios] == [2, 4, 5]  # the first three, in house order
    assert [r["seat"] for r in radios] == [served[2], served[4], served[5]]  # by the seller
    assert sorted(s.campaigns) == [1, 2, 3]
    assert {c.owner for c in s.campaigns.values()} == {served[2], served[4], served[5]}


def test_ketchup_3_1_first_pizza_sold_no_radio_left_means_none() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    for n, cell in ((1, (5, 5)), (2, (8, 8)), (3, (9, 9))):
        s.campaign_supply.remove(n)
        s.campaigns[n] = Campaign(n, CampaignType.RADIO, 1, B, "brand_manager", 3, False, 1,
                                  cells=(cell,))  # fmt: skip
    s.players[0].stock[P] = 1
    s.houses[2].demand = [P]
    ev = dinner(s)
    (radio,) = events(ev, "milestone_campaign")
    assert radio["number"] is None and radio["why"] == "no radio tile is left"


def test_ketchup_3_first_pizza_sold_radios_only_in_the_claiming_dinnertime() -> None:
    s = make_state(modules=NM)
    s.round = 3
    add_restaurant(s, 0, (0, 0), "se")
    s.players[1].milestones[nm.FIRST_PIZZA_SOLD] = 2  # claimed by seat 1 in round 2
    s.milestones_available.remove(nm.FIRST_PIZZA_SOLD)
    s.players[0].stock[P] = 1
    s.houses[2].demand = [P]
    ev = dinner(s)
    assert events(ev, "milestone_campaign") == [] and not s.campaigns


def test_ketchup_3_1_milestone_campaigns_pay_nothing_with_first_marketeer_used() -> None:
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_MARKETEER_USED] = 1
    s.campaign_supply.remove(1)
    s.campaigns[1] = Campaign(1, CampaignType.RADIO, 0, P, "", 2, False, 1, cells=((0, 3),),
                              extras={"reward": "first_pizza_sold"})  # fmt: skip
    log = EventLog()
    marketing.run_campaigns(s, log)
    assert s.houses[2].demand == [P]  # the radio ran
    assert events(list(log), "milestone_income") == [] and s.players[0].cash == 0
    assert s.campaigns[1].remaining == 1


# -- First new restaurant: the free mailbox (3 table, 3.1) --------------------------------------


def new_restaurant(s: GameState) -> tuple[GameState, list[Any]]:
    place = [a for a in legal_actions(s, 0) if isinstance(a, PlaceRestaurant)]
    assert place[0] == PlaceRestaurant((0, 3), "nw", "local_manager")
    return apply(s, 0, place[0])


def test_ketchup_3_first_new_restaurant_a_free_mailbox_in_its_block() -> None:
    s = working(make_state(modules=NM), ["local_manager"], step=WorkStep.RESTAURANTS)
    add_restaurant(s, 0, (0, 0), "se")
    s, ev = new_restaurant(s)
    assert claims(ev) == [(0, "first_new_restaurant")]
    legal = legal_actions(s, 0)
    free = [a for a in legal if isinstance(a, FreeMailbox)]
    assert len(legal) == len(free) + 1 and Done() in legal  # optional: done declines
    board = board_of(s)
    block = board.mailbox_reach(restaurant_cells((0, 3)))
    assert {(a.number, a.cell) for a in free} == {
        (7, (0, 5)), (8, (0, 5)),
        (9, (0, 6)), (9, (1, 5)), (9, (1, 6)), (10, (0, 6)), (10, (1, 5)), (10, (1, 6)),
    }  # fmt: skip
    assert {a.good for a in free} == set(BASE_GOODS)
    s, ev = apply(s, 0, FreeMailbox(7, (0, 5), B))
    camp = s.campaigns[7]
    assert set(camp.cells) <= block and camp.cells == ((0, 5), (0, 6), (1, 5), (1, 6))
    assert camp.eternal and camp.marketeer == ""
    assert camp.extras["reward"] == nm.FIRST_NEW_RESTAURANT
    (made,) = events(ev, "milestone_campaign")
    assert (made["number"], made["good"], made["restaurant"], made["eternal"]) == (
        7, "burger", 1, True
    )
    assert not s.module_data  # the decision is over
    assert s.turn.working is None or s.turn.working.step is not WorkStep.RESTAURANTS
    # Eternal: it runs every Marketing and never returns to the supply.
    s.houses[4].demand = []
    for _ in range(3):
        marketing.run_campaigns(s, EventLog())
    assert 7 in s.campaigns and 7 not in s.campaign_supply


def test_ketchup_3_1_first_new_restaurant_the_free_mailbox_is_optional() -> None:
    s = working(make_state(modules=NM), ["local_manager"], step=WorkStep.RESTAURANTS)
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = new_restaurant(s)
    with pytest.raises(IllegalActionError, match="free mailbox"):
        apply(s, 0, FreeMailbox(7, (5, 3), B))  # another block
    s, ev = apply(s, 0, Done())
    (declined,) = events(ev, "milestone_campaign")
    assert declined["number"] is None and declined["why"] == "declined"
    assert not s.campaigns and not s.module_data


def test_ketchup_3_1_first_new_restaurant_no_mailbox_left_means_nothing() -> None:
    s = working(make_state(modules=NM), ["local_manager"], step=WorkStep.RESTAURANTS)
    add_restaurant(s, 0, (0, 0), "se")
    for n, cell in ((7, (5, 3)), (8, (8, 3)), (9, (5, 8)), (10, (8, 8))):
        s.campaign_supply.remove(n)
        s.campaigns[n] = Campaign(n, CampaignType.MAILBOX, 1, B, "brand_manager", 3, False, 1,
                                  cells=(cell,))  # fmt: skip
    s, ev = new_restaurant(s)
    (none,) = events(ev, "milestone_campaign")
    assert none["number"] is None and "no mailbox tile" in none["why"]
    assert not any(isinstance(a, FreeMailbox) for a in legal_actions(s, 0))


def test_ketchup_3_free_mailbox_action_json_and_reward_scenario_field() -> None:
    a = FreeMailbox(9, (1, 5), Good.LEMONADE)
    rules = fcm.new_game(2, 1, fcm.Options(modules=frozenset(NM))).rules
    assert action_from_json(a.to_json(), rules) == a and str(a) == "free mailbox #9 at 1,5 lemonade"
    raw: dict[str, Any] = {
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["new_milestones"],
        "campaigns": [{"number": 9, "owner": 0, "good": "burger", "cell": [1, 5],
                       "eternal": True, "reward": "first_new_restaurant"}],
    }  # fmt: skip
    s = fcm.load_scenario(raw)
    assert s.campaigns[9].extras == {"reward": "first_new_restaurant"}
    assert state_from_dict(s.to_dict()).campaigns[9].extras == {"reward": "first_new_restaurant"}
    raw["campaigns"][0]["marketeer"] = "brand_manager"
    with pytest.raises(ScenarioError, match="no marketeer"):
        fcm.load_scenario(raw)


# -- First lemonade sold: training cards at work (3 table, 3.1 colours) --------------------------


def lemonade(at_work: list[str], beach: list[str] = ()) -> GameState:
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_LEMONADE_SOLD] = 1
    return working(s, at_work, list(beach), step=WorkStep.TRAIN)


def at_work(trainer: str, card: str, into: str, *, fresh: bool = False) -> TrainAtWork:
    return TrainAtWork(trainer, card, into, fresh=fresh)  # type: ignore[arg-type]


def at_work_steps(s: GameState) -> list[TrainAtWork]:
    return [a for a in legal_actions(s, 0) if isinstance(a, TrainAtWork)]


def test_ketchup_3_1_first_lemonade_sold_trains_at_work_into_the_same_colour_only() -> None:
    s = lemonade(["trainer", "management_trainee", "errand_boy", "kitchen_trainee"])
    steps = {(a.employee, a.into) for a in at_work_steps(s)}
    # black -> black, light green -> light green, olive -> olive; never NBD (purple) or
    # luxuries (salmon) from a Management Trainee (ketchup.md 3.1's example).
    assert steps == {
        ("management_trainee", "junior_vice_president"),
        ("errand_boy", "cart_operator"),
        ("kitchen_trainee", "burger_cook"),
        ("kitchen_trainee", "pizza_cook"),
    }
    s, ev = apply(s, 0, at_work("trainer", "errand_boy", "cart_operator"))
    assert "cart_operator" in s.players[0].at_work and "errand_boy" not in s.players[0].at_work
    (trained,) = events(ev, "trained")
    assert trained["at_work"] is True and (0, "first_trainer_used") in claims(ev)
    # The new card takes the old one's place and may act this turn (it had not acted).
    assert s.turn.working is not None and "cart_operator" in s.turn.working.unused
    assert not at_work_steps(s)  # the Trainer's one action is used


def test_ketchup_3_first_lemonade_sold_the_new_card_acts_this_turn() -> None:
    s = lemonade(["trainer", "kitchen_trainee"])
    s, _ = apply(s, 0, at_work("trainer", "kitchen_trainee", "burger_cook"))
    assert s.turn.working is not None and s.turn.working.step is WorkStep.FOOD_AND_DRINKS
    cooks = [a for a in legal_actions(s, 0) if type(a).__name__ == "Cook"]
    assert [(a.employee, a.good) for a in cooks] == [("burger_cook", B)]
    s, _ = apply(s, 0, cooks[0])
    assert s.players[0].stock[B] == 3  # a Burger Cook's 3, not a Kitchen Trainee's 1


def test_ketchup_3_without_first_lemonade_sold_no_card_at_work_is_trained() -> None:
    s = working(make_state(modules=NM), ["trainer", "errand_boy"], ["errand_boy"],
                step=WorkStep.TRAIN)  # fmt: skip
    assert not at_work_steps(s)
    assert any(isinstance(a, Train) for a in legal_actions(s, 0))  # the beach one
    with pytest.raises(IllegalActionError, match="First lemonade sold"):
        apply(s, 0, at_work("trainer", "errand_boy", "cart_operator"))


def test_ketchup_3_first_lemonade_sold_normal_limits_same_trainer_goes_on() -> None:
    # A Coach (2 actions) may take a card at work two steps; a second trainer may not go on
    # with a card the first trained (no stacking without First house built).
    s = lemonade(["coach", "trainer", "management_trainee"])
    s, _ = apply(s, 0, at_work("trainer", "management_trainee", "junior_vice_president"))
    assert s.players[0].at_work.count("junior_vice_president") == 1
    assert not at_work_steps(s)  # the Coach may not go on with the Trainer's card
    s = lemonade(["coach", "management_trainee"])
    s, _ = apply(s, 0, at_work("coach", "management_trainee", "junior_vice_president"))
    saved = state_from_dict(s.to_dict())  # the turn's at-work training is saved
    assert saved.state_hash() == s.state_hash() and saved.turn.working is not None
    assert saved.turn.working.extras == {"trained_at_work": [["junior_vice_president", 0]]}
    go_on = at_work("coach", "junior_vice_president", "vice_president", fresh=True)
    assert go_on in at_work_steps(s)
    s, _ = apply(s, 0, go_on)
    assert "vice_president" in s.players[0].at_work


def test_ketchup_3_first_lemonade_sold_only_available_cards() -> None:
    s = lemonade(["trainer", "errand_boy"])
    s.supply["cart_operator"] = 0
    assert not at_work_steps(s)


# -- the new decisions in play: invariants and exact replay (issue 15 item 4) --------------------


def _play_on(s: GameState, seed: int, actions: int = 400) -> tuple[GameState, list[str]]:
    """Random legal actions from ``s`` (a new decision is taken whenever it is offered), every
    invariant checked after each; then a save/load and a replay of the same actions from ``s``
    must give the identical state. Returns the final state and the new decisions taken."""
    import json

    from fcm.core.company import cards_in_play
    from fcm.core.engine import current_actors
    from fcm.core.invariants import check_invariants
    from fcm.core.rng import Rng

    # A built position: its supply is the box less the cards in play, its money what it holds.
    in_play = cards_in_play(s)
    for card, total in s.rules.catalog.supply_for(s.num_players).items():
        s.supply[card] = total - in_play[card]
    money = s.bank + sum(p.cash for p in s.players) - s.reserve_added - s.box_paid
    rng = Rng(seed)
    start = state_from_dict(s.to_dict())
    taken: list[str] = []
    history = []
    for _ in range(actions):
        if s.ranking:
            break
        seat = current_actors(s)[0]
        legal = legal_actions(s, seat)
        new = [
            a for a in legal
            if isinstance(a, FreeMailbox | ChooseTwoGoods | TrainAtWork)
        ]
        tiles = s.rules.catalog.campaigns
        airplane = [  # steer the Brand Manager to an airplane (two goods come next)
            a for a in legal
            if isinstance(a, StartCampaign) and a.marketeer == "brand_manager"
            and tiles[a.number].type is CampaignType.AIRPLANE
        ]
        pick = new or airplane
        action = pick[rng.below(len(pick))] if pick else legal[rng.below(len(legal))]
        if new:
            taken.append(action.type)
        s, ev = apply(s, seat, action)
        taken += [
            f"milestone_campaign:{e.data['milestone']}"
            for e in ev
            if e.kind == "milestone_campaign" and e.data["number"] is not None
        ]
        check_invariants(s, money)
        history.append((seat, action))
    again = state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.canonical_json() == s.canonical_json()
    replay = start
    for seat, action in history:
        replay, _ = apply(replay, seat, action)
    assert replay.state_hash() == s.state_hash()
    return s, taken


def test_ketchup_3_new_decisions_reached_and_played_on_keep_invariants_and_replay() -> None:
    # A Brand Manager's airplane and a Local Manager's restaurant in one turn (seat 0), with a
    # Trainer and First lemonade sold: all three new decisions come up, then play goes on.
    s = make_state(modules=NM)
    s.players[0].milestones[nm.FIRST_LEMONADE_SOLD] = 0  # claimed in an earlier round
    s.players[0].cash = s.players[1].cash = 50
    s = working(s, ["trainer", "kitchen_trainee", "brand_manager", "local_manager"],
                step=WorkStep.TRAIN)  # fmt: skip
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (8, 8), "se")
    s.players[0].stock[P] = 2
    s.houses[2].demand = [P]
    s, taken = _play_on(s, seed=5)
    assert {"train_at_work", "choose_two_goods", "free_mailbox"} <= set(taken)
    assert "milestone_campaign:first_new_restaurant" in taken


def test_ketchup_3_pizza_radios_in_a_played_dinnertime_keep_invariants_and_replay() -> None:
    s = make_state(modules=NM)
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (8, 8), "se")
    s.players[0].stock[P] = 3
    s.houses[2].demand = [P]
    s.houses[4].demand = [P]
    s.players[0].hand = ["kitchen_trainee"]
    s.players[1].hand = ["kitchen_trainee"]
    from tests.helpers import start_phase

    from fcm.core.state import Phase

    start_phase(s, Phase.RESTRUCTURING)
    s, taken = _play_on(s, seed=9, actions=300)
    assert taken.count("milestone_campaign:first_pizza_sold") == 2  # houses 2 and 4
    assert s.round > 3  # and play went on past the radios' two rounds
