"""Kimchi (ketchup.md 5 and 0.2): the Kimchi Master, houses that prefer a kimchi, the kimchi
freezer rule and the extra Luxuries Manager.

Map: tests.helpers.SMALL_MAP. House 2 covers (3,0)-(4,1) on tile A; a restaurant at (0,0) se
is at distance 0 from it, one at (3,5) nw on tile B at distance 1.
"""

from __future__ import annotations

import json

import pytest
from tests.helpers import (
    add_restaurant,
    assert_illegal,
    current_actors,
    dinner,
    kinds,
    legal_actions,
    make_state,
    play,
    served,
    start_phase,
)

import fcm
from fcm.core.actions import ChooseAdvert, Done, Hire, ThrowAway
from fcm.core.errors import ScenarioError
from fcm.core.state import GameState, Phase
from fcm.core.types import Good
from fcm.games import state_from_dict
from fcm.modules.kimchi.ids import KIMCHI, KIMCHI_MASTER

KIMCHI_ON = frozenset({"kimchi"})
B, P, BEER = Good.BURGER, Good.PIZZA, Good.BEER



def two_chains() -> GameState:
    """Seat 0 at distance 0 from house 2, seat 1 at distance 1; both $10."""
    s = make_state(modules=KIMCHI_ON)
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (3, 5), "nw")
    return s


def test_ketchup_5_a_kimchi_chain_wins_whatever_its_price_and_sells_one_kimchi_on_top() -> None:
    """ketchup.md 5 (the KX example): house 2 wants burger + pizza; seat 1 (score 11, with
    kimchi) beats seat 0 (score 10, without) and earns 3 x $10: the order plus one kimchi."""
    s = two_chains()
    s.players[0].stock.update({B: 1, P: 1})
    s.players[1].stock.update({B: 1, P: 1, KIMCHI: 2})
    s.houses[2].demand = [B, P]
    ev = dinner(s)
    d = served(ev, 2)
    assert d["winner"] == 1 and d["decided_by"] == "only_candidate"
    assert (d["order"], d["sold"]) == ("kimchi", ["burger", "kimchi", "pizza"])
    assert d["lines"] == [{"kind": "items", "count": 3, "price": 10, "amount": 30}]
    assert s.players[1].cash == 30
    assert s.players[1].stock[KIMCHI] == 1  # exactly one kimchi per house
    assert s.players[0].stock[B] == 1 and s.houses[2].demand == []


def test_ketchup_5_without_a_kimchi_chain_the_normal_candidates_compete() -> None:
    """ketchup.md 5: "only if none has kimchi do the normal candidates compete"; a chain with
    kimchi that lacks part of the order is no kimchi candidate."""
    s = two_chains()
    s.players[0].stock.update({B: 1})
    s.players[1].stock.update({KIMCHI: 1})  # kimchi, but no burger
    s.houses[2].demand = [B]
    ev = dinner(s)
    d = served(ev, 2)
    assert d["winner"] == 0 and "order" not in d and "sold" not in d
    assert s.players[0].cash == 10 and s.players[1].stock[KIMCHI] == 1


def test_ketchup_5_among_kimchi_chains_the_normal_comparison_decides() -> None:
    s = two_chains()
    s.players[0].stock.update({B: 1, KIMCHI: 1})
    s.players[1].stock.update({B: 1, KIMCHI: 1})
    s.houses[2].demand = [B]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"], d["distance"]) == (0, "lowest_total", 0)
    assert s.players[0].cash == 20 and s.players[0].stock[KIMCHI] == 0


def test_ketchup_5_the_kimchi_is_paid_like_any_item_a_garden_doubles_it_no_bonus() -> None:
    """ketchup.md 5: paid like any item (garden x2); the +$5 First burger marketed bonus
    counts the burger only (it does not exist for kimchi)."""
    s = two_chains()
    s.houses[2].garden = ((5, 0), (5, 1))
    s.players[1].stock.update({B: 1, KIMCHI: 1})
    s.players[1].milestones["first_burger_marketed"] = 1
    s.houses[2].demand = [B]
    d = served(dinner(s), 2)
    assert d["winner"] == 1
    assert [(line["kind"], line["amount"]) for line in d["lines"]] == [
        ("items", 20),
        ("garden", 20),
        ("bonus", 5),
    ]


def test_ketchup_5_houses_without_demand_get_no_kimchi() -> None:
    s = two_chains()
    s.players[1].stock.update({KIMCHI: 3})
    ev = dinner(s)
    assert not kinds(ev, "house_served") and s.players[1].stock[KIMCHI] == 3


def test_ketchup_5_the_master_makes_one_kimchi_in_clean_up_after_the_discard() -> None:
    """ketchup.md 5: in Clean up, after food has been discarded, a Kimchi Master at work makes
    1 kimchi, kept until the next turn without a freezer; last round's unsold kimchi is
    discarded with the rest."""
    s = make_state(modules=KIMCHI_ON)
    s.turn.phase = Phase.MARKETING
    s.players[0].at_work = [KIMCHI_MASTER]
    s.players[0].stock.update({B: 2, KIMCHI: 1})
    s.players[1].hand = [KIMCHI_MASTER]  # not at work: makes nothing
    ev = start_phase(s, Phase.CLEANUP)
    assert s.players[0].stock[KIMCHI] == 1 and s.players[0].stock[B] == 0
    assert s.players[1].stock[KIMCHI] == 0
    made = kinds(ev, "cooked")
    assert [e.data for e in made] == [
        {"seat": 0, "employee": "kimchi_master", "good": "kimchi", "amount": 1}
    ]
    names = [e.kind for e in ev]
    assert names.index("goods_discarded") < names.index("cooked") < names.index("cards_to_hand")
    assert s.players[0].hand == [KIMCHI_MASTER] and s.turn.phase is Phase.RESTRUCTURING


def freezer_decision(stock: dict[Good, int]) -> GameState:
    """Clean up of round 3: seat 0 holds ``stock`` and a freezer (First to throw away, held
    since round 2) and decides what it keeps."""
    s = make_state(modules=KIMCHI_ON)
    s.round = 3
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 2}
    s.players[0].stock.update(stock)
    start_phase(s, Phase.CLEANUP)
    return s


def test_ketchup_5_a_freezer_keeps_at_most_10_kimchi() -> None:
    """ketchup.md 5: "up to 10 kimchi may be frozen": with 11 one must go."""
    s = freezer_decision({KIMCHI: 11})
    assert legal_actions(s, 0) == [ThrowAway(KIMCHI)]
    assert_illegal(s, 0, Done(), "10")
    s, _ = play(s, 0, ThrowAway(KIMCHI))
    s, ev = play(s, 0, Done())
    assert kinds(ev, "freezer_kept")[0].data["goods"] == ["kimchi"] * 10


def test_ketchup_5_a_freezer_keeps_kimchi_only_alone() -> None:
    """ketchup.md 5: up to 10 kimchi may be frozen, but if any kimchi is frozen, nothing else
    may be (First to throw away, held since an earlier round)."""
    s = freezer_decision({KIMCHI: 2, BEER: 1})
    assert current_actors(s) == [0]
    assert legal_actions(s, 0) == [ThrowAway(BEER), ThrowAway(KIMCHI)]
    msg = assert_illegal(s, 0, Done(), "keeps nothing else", "ketchup.md 5")
    assert "kimchi" in msg
    s, _ = play(s, 0, ThrowAway(BEER))
    s, ev = play(s, 0, Done())
    assert kinds(ev, "freezer_kept")[0].data["goods"] == ["kimchi", "kimchi"]
    assert s.players[0].stock[KIMCHI] == 2


def test_ketchup_5_a_freezer_of_other_goods_is_as_before() -> None:
    """facts.md E.7 with Kimchi on: without kimchi the freezer keeps any 10 items."""
    s = freezer_decision({B: 3, BEER: 1})
    s, _ = play(s, 0, Done())
    assert (s.players[0].stock[B], s.players[0].stock[BEER]) == (3, 1)


def test_ketchup_0_2_one_extra_luxuries_manager_and_the_kimchi_master_is_1x() -> None:
    """ketchup.md 0.2: with Kimchi one Luxuries Manager is added after the 1x cut (3 players:
    2); the Kimchi Master is a 1x card (1 at 2-3 players, 2 at 4)."""
    for players, lux, masters in ((3, 2, 1), (4, 3, 2), (2, 2, 1)):
        s = fcm.new_game(players, 1, fcm.Options(modules=KIMCHI_ON))
        assert (s.supply["luxuries_manager"], s.supply[KIMCHI_MASTER]) == (lux, masters)
    assert fcm.new_game(3, 1).supply["luxuries_manager"] == 1


def test_ketchup_0_2_the_kimchi_master_is_hired_directly_and_paid_at_payday() -> None:
    """ketchup.md 0.2: a salaried entry-level card: hired directly, $5 at every Payday."""
    s = make_state(modules=KIMCHI_ON)
    assert s.rules.employee(KIMCHI_MASTER).entry_level
    assert s.rules.employee(KIMCHI_MASTER).salary and s.rules.employee(KIMCHI_MASTER).unique
    from fcm.core.company import salary_due

    s.players[0].at_work = [KIMCHI_MASTER]
    assert salary_due(s, 0) == 5
    s.players[0].at_work = []
    s.turn.phase = Phase.ORDER_OF_BUSINESS
    start_phase(s, Phase.WORKING)
    actor = current_actors(s)[0]
    assert Hire(KIMCHI_MASTER) in legal_actions(s, actor)
    s, _ = play(s, actor, Hire(KIMCHI_MASTER))
    assert s.players[actor].beach == [KIMCHI_MASTER] and s.supply[KIMCHI_MASTER] == 0


def test_ketchup_5_kimchi_cannot_be_marketed() -> None:
    """ketchup.md 0.2 and 5: no campaign may advertise kimchi."""
    s = make_state(modules=KIMCHI_ON)
    assert KIMCHI in s.rules.goods and KIMCHI not in s.rules.marketable
    goods = {a.good for a in _adverts(s)}
    assert goods == {B, P, Good.SODA, Good.LEMONADE, BEER}


def _adverts(s: GameState) -> list[ChooseAdvert]:
    from fcm.core.actions import PlaceCampaign, StartCampaign
    from fcm.core.state import WorkingTurn, WorkStep

    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["marketing_trainee"]
    s.turn.phase = Phase.WORKING
    s.turn.working = WorkingTurn(seat=0, step=WorkStep.CAMPAIGNS, unused=["marketing_trainee"])
    start = next(a for a in legal_actions(s, 0) if isinstance(a, StartCampaign))
    s, _ = play(s, 0, start)
    place = next(a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign))
    s, _ = play(s, 0, place)
    return [a for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)]


def test_kimchi_games_save_and_load_the_kimchi_and_base_saves_do_not_change() -> None:
    s = make_state(modules=KIMCHI_ON)
    s.players[0].stock[KIMCHI] = 2
    again = state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.players[0].stock[KIMCHI] == 2 and again.state_hash() == s.state_hash()
    assert "kimchi" not in fcm.new_game(2, 7).to_dict()["players"][0]["stock"]


def test_a_scenario_gives_kimchi_only_with_the_module() -> None:
    base = {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]}
    s = fcm.load_scenario({**base, "modules": ["kimchi"], "companies": [{"stock": {"kimchi": 1}}]})
    assert s.players[0].stock[KIMCHI] == 1
    with pytest.raises(ScenarioError, match="stock"):
        fcm.load_scenario({**base, "companies": [{"stock": {"kimchi": 1}}]})
