"""Dinnertime (excerpt 004; facts.md E.3; conventions.md #4, #5, #6, #20).

Map: tests.helpers.SMALL_MAP (tiles A B / R T, all roads connected). House 2 covers (3,0)-(4,1)
on tile (0,0); house 4 covers (0,8)-(1,9) on tile (0,1). Restaurant spots used below and their
distances (tile borders) to house 2 / house 4:

- NEAR2 (0,0) entrance se, tile A: 0 / 1
- A_SPOT2 (0,3) entrance sw, tile A: 0 / 1
- B_SPOT (3,5) entrance nw, tile B: 1 / 0
- R_SPOT (8,0) entrance ne, tile R: 1 / 2
- FAR (8,8) entrance nw, tile T: 2 / 1
- SPAN (3,4) entrance ne, across the A|B border: 1 / 0; as a drive-in 0 / 0
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase

from fcm.core import bank
from fcm.core.events import Event, EventLog
from fcm.core.phases import dinnertime
from fcm.core.state import GameState, Phase
from fcm.core.types import Good

B, P, S, L, BEER = Good.BURGER, Good.PIZZA, Good.SODA, Good.LEMONADE, Good.BEER
NEAR2 = ((0, 0), "se")
A_SPOT2 = ((0, 3), "sw")
B_SPOT = ((3, 5), "nw")
R_SPOT = ((8, 0), "ne")
FAR = ((8, 8), "nw")
SPAN = ((3, 4), "ne")


def dinner(state: GameState) -> tuple[Phase, list[Event]]:
    """Run Dinnertime's phase functions directly (the later phases are not run)."""
    state.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.begin(state, log)
    assert dinnertime.actors(state) == []
    nxt = dinnertime.finish(state, log)
    return nxt, list(log)


def one(events: list[Event], kind: str, **match: Any) -> dict[str, Any]:
    found = [
        e.data
        for e in events
        if e.kind == kind and all(e.data.get(k) == v for k, v in match.items())
    ]
    assert len(found) == 1, (kind, match, found)
    return found[0]


def chain(event: dict[str, Any], seat: int) -> dict[str, Any]:
    (entry,) = [c for c in event["chains"] if c["seat"] == seat]
    return entry


def stock(state: GameState, seat: int, **goods: int) -> None:
    for g, n in goods.items():
        state.players[seat].stock[Good(g)] = n


# -- who eats where -------------------------------------------------------------------------------


def test_excerpt_004_single_candidate_wins_whatever_the_price() -> None:
    s = make_state()
    add_restaurant(s, 0, *FAR)  # distance 2
    s.players[0].at_work = ["luxuries_manager"]  # price $20
    stock(s, 0, burger=2)
    add_restaurant(s, 1, *NEAR2)  # distance 0, price $10, but no burgers
    s.houses[2].demand = [B, B]
    nxt, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == 0
    assert served["decided_by"] == "only_candidate"
    assert served["price"] == 20 and served["distance"] == 2
    assert chain(served, 1)["outcome"] == "missing_items"
    assert chain(served, 1)["missing"] == ["burger", "burger"]
    assert s.players[0].cash == 40 and s.players[1].cash == 0
    assert s.bank == 60
    assert s.players[0].stock[B] == 0
    assert s.houses[2].demand == []
    assert s.players[0].milestones == {"first_20": 1}
    assert nxt is Phase.PAYDAY


def test_excerpt_004_chain_short_by_one_item_loses() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, burger=5)  # no soda
    add_restaurant(s, 1, *FAR)
    stock(s, 1, burger=2, soda=1)
    s.houses[2].demand = [B, B, S]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == 1 and served["decided_by"] == "only_candidate"
    assert chain(served, 0)["outcome"] == "missing_items"
    assert chain(served, 0)["missing"] == ["soda"]
    assert s.players[1].cash == 30
    assert s.players[0].stock[B] == 5  # the loser keeps its goods
    assert s.players[1].stock == {B: 0, P: 0, S: 0, L: 0, BEER: 0}
    assert s.bank == 70


def test_excerpt_004_no_qualifying_restaurant_house_stays_home_and_keeps_demand() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, pizza=1)
    add_restaurant(s, 1, *FAR, open=False)  # Coming Soon: does nothing
    stock(s, 1, pizza=3)
    s.houses[2].demand = [P, P]
    _, ev = dinner(s)
    home = one(ev, "house_stays_home", house=2)
    assert chain(home, 0)["outcome"] == "missing_items"
    assert chain(home, 0)["missing"] == ["pizza"]
    assert chain(home, 1)["outcome"] == "no_open_restaurant"
    assert s.houses[2].demand == [P, P]
    assert s.players[0].stock[P] == 1 and s.players[1].stock[P] == 3
    assert s.players[0].cash == 0 and s.players[1].cash == 0 and s.bank == 100


def test_excerpt_004_restaurant_not_connected_by_road_does_not_qualify() -> None:
    # Tile A above tile K turned 180 degrees: their roads do not meet (K's top rows are empty).
    s = make_state(tiles=[[("A", 0)], [("K", 2)]])
    add_restaurant(s, 0, (5, 0), "sw")  # on K's road loop: house 18 at distance 0
    stock(s, 0, beer=1)
    add_restaurant(s, 1, (0, 0), "se")  # on A's roads: house 2 at distance 0
    s.players[1].at_work = ["luxuries_manager"]  # price $20
    stock(s, 1, beer=1)
    s.houses[2].demand = [BEER]
    s.houses[18].demand = [BEER]
    _, ev = dinner(s)
    h2 = one(ev, "house_served", house=2)
    assert h2["winner"] == 1 and h2["decided_by"] == "only_candidate"
    assert chain(h2, 0)["outcome"] == "not_connected"
    assert chain(h2, 0)["distance"] is None
    h18 = one(ev, "house_served", house=18)
    assert h18["winner"] == 0
    assert chain(h18, 1)["outcome"] == "not_connected"
    assert s.players[0].cash == 10 and s.players[1].cash == 20
    assert s.bank == 70


def test_excerpt_004_houses_eat_in_number_order() -> None:
    # One soda left: house 2 (lower number) gets it although house 4 is nearer the restaurant.
    s = make_state()
    add_restaurant(s, 0, *B_SPOT)
    stock(s, 0, soda=1)
    s.houses[2].demand = [S]
    s.houses[4].demand = [S]
    _, ev = dinner(s)
    assert one(ev, "house_served", house=2)["winner"] == 0
    assert one(ev, "house_stays_home", house=4)
    assert [e.data["house"] for e in ev if e.kind.startswith("house_")] == [2, 4]
    assert s.houses[4].demand == [S]


@pytest.mark.parametrize(
    ("employees", "spot", "turn_order", "winner", "loser_outcome"),
    [
        # one tile further to save $1: $9 + 1 = $10 ties $10 + 0; turn order decides
        (["pricing_manager"], B_SPOT, [0, 1], 0, "tie_lost_turn_order"),
        (["pricing_manager"], B_SPOT, [1, 0], 1, "tie_lost_turn_order"),
        # two tiles further to save $3: $7 + 2 = $9 beats $10 + 0
        (["discount_manager"], FAR, [0, 1], 1, "higher_total"),
        # $9 + 2 = $11 loses to $10 + 0
        (["pricing_manager"], FAR, [1, 0], 0, "higher_total"),
    ],
)
def test_excerpt_004_lowest_price_plus_distance_wins(
    employees: list[str], spot: Any, turn_order: list[int], winner: int, loser_outcome: str
) -> None:
    s = make_state(turn_order=turn_order, milestones=False)
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, burger=1)
    add_restaurant(s, 1, *spot)
    s.players[1].at_work = employees
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == winner
    assert chain(served, 1 - winner)["outcome"] == loser_outcome
    price = 10 if winner == 0 else {"pricing_manager": 9, "discount_manager": 7}[employees[0]]
    assert s.players[winner].cash == price
    assert s.players[1 - winner].cash == 0
    assert s.bank == 100 - price


def test_excerpt_004_tie_broken_by_waitresses() -> None:
    s = make_state(milestones=False)
    add_restaurant(s, 0, *NEAR2)  # $10 + 0
    stock(s, 0, burger=1)
    add_restaurant(s, 1, *B_SPOT)  # $9 + 1
    s.players[1].at_work = ["pricing_manager", "waitress"]
    s.waitresses_this_round = {0: 0, 1: 1}
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == 1 and served["decided_by"] == "waitresses"
    assert chain(served, 0)["outcome"] == "tie_lost_waitresses"
    assert chain(served, 0)["total"] == chain(served, 1)["total"] == 10
    assert s.players[1].cash == 9 + 3  # the sale and the Waitress
    assert s.players[0].cash == 0
    assert s.players[0].stock[B] == 1 and s.players[1].stock[B] == 0


def test_excerpt_004_tie_broken_by_turn_order_when_waitresses_equal() -> None:
    s = make_state(turn_order=[1, 0], milestones=False)
    add_restaurant(s, 0, *NEAR2)
    add_restaurant(s, 1, *A_SPOT2)  # also tile A, distance 0
    for seat in (0, 1):
        stock(s, seat, pizza=1)
        s.players[seat].at_work = ["waitress"]
    s.waitresses_this_round = {0: 1, 1: 1}
    s.houses[2].demand = [P]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == 1 and served["decided_by"] == "turn_order"
    assert chain(served, 0)["outcome"] == "tie_lost_turn_order"
    assert s.players[1].cash == 13 and s.players[0].cash == 3


@pytest.mark.parametrize(("drive_in", "winner", "distance"), [(False, 0, 1), (True, 1, 0)])
def test_excerpt_004_drive_in_entrances_at_all_corners_shorten_distance(
    drive_in: bool, winner: int, distance: int
) -> None:
    s = make_state(milestones=False)
    add_restaurant(s, 0, *R_SPOT)  # $10 + 1
    stock(s, 0, lemonade=1)
    # entrance ne on tile B (distance 1); its nw corner is on tile A next to A's road (0)
    add_restaurant(s, 1, *SPAN, drive_in=drive_in)
    stock(s, 1, lemonade=1)
    s.houses[2].demand = [L]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert chain(served, 1)["distance"] == distance
    assert served["winner"] == winner
    assert s.players[winner].cash == 10


def test_excerpt_004_chain_competes_with_its_nearest_restaurant() -> None:
    s = make_state(milestones=False)
    add_restaurant(s, 0, *FAR)  # distance 2
    add_restaurant(s, 0, *R_SPOT)  # distance 1
    stock(s, 0, burger=1)
    add_restaurant(s, 1, *B_SPOT)  # distance 1
    s.players[1].at_work = ["luxuries_manager"]
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["winner"] == 0
    assert served["restaurant"] == 1 and served["distance"] == 1
    assert chain(served, 1)["total"] == 21


# -- getting paid ---------------------------------------------------------------------------------


def test_excerpt_004_garden_doubles_price_but_not_milestone_bonuses() -> None:
    s = make_state()
    s.houses[2].garden = ((5, 0), (5, 1))
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, burger=2, soda=1, pizza=4)
    s.players[0].milestones = {"first_burger_marketed": 1, "first_drink_marketed": 1,
                               "first_pizza_marketed": 1}
    s.houses[2].demand = [B, B, S]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert served["lines"] == [
        {"kind": "items", "count": 3, "price": 10, "amount": 30},
        {"kind": "garden", "amount": 30},
        {"kind": "bonus", "milestone": "first_burger_marketed", "good": "burger", "count": 2,
         "amount": 10},
        {"kind": "bonus", "milestone": "first_drink_marketed", "good": "drink", "count": 1,
         "amount": 5},
    ]
    assert served["amount"] == 75
    assert s.players[0].cash == 75 and s.bank == 25
    assert s.players[0].stock[P] == 4  # unsold pizzas stay
    assert "first_100" not in s.players[0].milestones
    assert s.players[0].milestones["first_20"] == 1


def test_excerpt_004_bonus_does_not_change_competition_price() -> None:
    # A chain with First burger marketed still competes at $10 and loses a tie on turn order.
    s = make_state(turn_order=[1, 0], milestones=False)
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, burger=1)
    s.players[0].milestones = {"first_burger_marketed": 1}
    add_restaurant(s, 1, *A_SPOT2)
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert chain(served, 0)["total"] == 10 and served["winner"] == 1


def test_conventions_20_negative_price_pays_the_bank_and_still_competes() -> None:
    s = make_state(milestones=False)
    add_restaurant(s, 0, *FAR)  # distance 2
    s.players[0].at_work = ["discount_manager"] * 4  # $10 - $12 = -$2
    s.players[0].cash = 10
    s.bank = 90
    stock(s, 0, burger=2)
    add_restaurant(s, 1, *NEAR2)  # $10 + 0
    stock(s, 1, burger=2)
    s.houses[2].demand = [B, B]
    before = bank.conserved_total(s)
    _, ev = dinner(s)
    served = one(ev, "house_served", house=2)
    assert chain(served, 0)["total"] == 0 and served["winner"] == 0
    assert served["amount"] == -4
    assert s.players[0].cash == 6 and s.bank == 94
    assert bank.conserved_total(s) == before
    assert one(ev, "dinnertime_earnings")["earned"] == {"0": -4, "1": 0}


def test_excerpt_004_waitresses_paid_without_any_sale() -> None:
    s = make_state()
    s.players[0].at_work = ["waitress", "waitress"]
    s.players[1].at_work = ["waitress"]
    s.players[1].milestones = {"first_waitress": 1}
    s.waitresses_this_round = {0: 2, 1: 1}
    nxt, ev = dinner(s)
    assert kinds(ev, "dinnertime_no_demand")
    assert not [e for e in ev if e.kind.startswith("house_")]
    assert one(ev, "waitress_income", seat=0)["amount"] == 6
    assert one(ev, "waitress_income", seat=1)["each"] == 5
    assert s.players[0].cash == 6 and s.players[1].cash == 5
    assert s.bank == 89
    assert nxt is Phase.PAYDAY


def test_excerpt_004_waitresses_counted_from_cards_at_work_without_a_record() -> None:
    s = make_state()
    s.players[0].at_work = ["waitress", "waitress", "waitress"]
    s.waitresses_this_round = {}
    dinner(s)
    assert s.players[0].cash == 9


def test_excerpt_004_cfo_adds_half_of_everything_incl_waitress_cash_rounded_up() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    s.players[0].at_work = ["cfo", "waitress"]
    s.waitresses_this_round = {0: 1}
    stock(s, 0, pizza=1)
    s.houses[2].demand = [P]
    _, ev = dinner(s)
    cfo = one(ev, "cfo_bonus", seat=0)
    assert cfo == {"seat": 0, "source": "cfo", "earned": 13, "amount": 7, "cash": 20}
    assert s.players[0].cash == 20 and s.bank == 80
    assert s.players[0].milestones == {"first_20": 1}  # reached by the CFO bonus


def test_cfo_on_a_negative_total_rounds_up_towards_plus_infinity() -> None:
    s = make_state(milestones=False)
    add_restaurant(s, 0, *NEAR2)
    s.players[0].at_work = ["cfo", *["discount_manager"] * 5]  # price -$5
    s.players[0].cash = 10
    s.bank = 90
    stock(s, 0, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    assert one(ev, "cfo_bonus", seat=0)["amount"] == -2  # ceil(-5 / 2)
    assert s.players[0].cash == 3 and s.bank == 97


def test_conventions_6_first_100_acts_as_cfo_from_the_next_round_only() -> None:
    s = make_state()
    s.round = 3
    add_restaurant(s, 0, *NEAR2)
    add_restaurant(s, 1, *B_SPOT)
    s.players[0].milestones = {"first_100": 2}  # earlier round: CEO acts as CFO
    s.players[1].milestones = {"first_100": 3}  # this round: no effect yet
    s.players[0].cash = s.players[1].cash = 100
    s.bank = 100
    stock(s, 0, burger=1)
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    s.houses[4].demand = [B]
    _, ev = dinner(s)
    assert one(ev, "cfo_bonus", seat=0)["source"] == "first_100"
    assert s.players[0].cash == 115
    assert not kinds(ev, "cfo_bonus")[1:]
    assert s.players[1].cash == 110


def test_conventions_5_6_cash_milestones_claimed_as_soon_as_cash_reaches_them() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    add_restaurant(s, 1, *B_SPOT)
    s.players[0].cash = 95
    s.players[1].cash = 95
    s.bank = 100
    stock(s, 0, burger=1)
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    s.houses[4].demand = [B]
    _, ev = dinner(s)
    order = [(e.kind, e.data.get("house"), e.data.get("milestone"), e.data.get("seat")) for e in ev
             if e.kind in ("house_served", "milestone_claimed")]
    assert order == [
        ("house_served", 2, None, None),
        ("milestone_claimed", None, "first_20", 0),
        ("milestone_claimed", None, "first_100", 0),
        ("house_served", 4, None, None),
        # claimed by both in the same round (facts.md B)
        ("milestone_claimed", None, "first_20", 1),
        ("milestone_claimed", None, "first_100", 1),
    ]
    assert s.players[0].milestones == {"first_20": 1, "first_100": 1}


def test_option_first_100_checked_at_end_of_dinnertime() -> None:
    s = make_state(first_100_at_end_of_dinnertime=True)
    add_restaurant(s, 0, *NEAR2)
    s.players[0].cash = 95
    s.players[0].at_work = ["waitress"]
    s.bank = 100
    stock(s, 0, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    seq = [e.kind if e.kind != "milestone_claimed" else e.data["milestone"] for e in ev]
    assert seq.index("first_20") < seq.index("waitress_income") < seq.index("first_100")
    assert seq[-2:] == ["first_100", "dinnertime_earnings"]
    assert s.players[0].cash == 108


def test_conventions_4_first_lower_prices_claimed_at_start_and_applies_now() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)  # $10 + 0
    stock(s, 0, burger=1)
    add_restaurant(s, 1, *B_SPOT)  # pricing manager $9, milestone -$1: $8 + 1
    s.players[1].at_work = ["pricing_manager"]
    stock(s, 1, burger=1)
    s.houses[2].demand = [B]
    _, ev = dinner(s)
    assert ev[1].kind == "milestone_claimed" and ev[1].data["milestone"] == "first_lower_prices"
    assert one(ev, "dinnertime_prices")["prices"] == {"0": 10, "1": 8}
    assert one(ev, "house_served")["winner"] == 1
    assert s.players[1].cash == 8
    assert s.players[1].milestones == {"first_lower_prices": 1}
    assert "first_lower_prices" not in s.players[0].milestones


def test_facts_E3_demand_and_goods_discarded_only_for_the_order() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    stock(s, 0, burger=4, beer=2, soda=1)
    s.houses[2].demand = [B, BEER, B]
    dinner(s)
    assert s.houses[2].demand == []
    assert s.players[0].stock == {B: 2, P: 0, S: 1, L: 0, BEER: 1}
    assert s.players[0].cash == 30


# -- flow -----------------------------------------------------------------------------------------


def test_facts_E10_introductory_game_has_no_payday() -> None:
    s = make_state(introductory=True)
    s.players[0].at_work = ["waitress"]
    nxt, _ = dinner(s)
    assert nxt is Phase.MARKETING
    assert s.players[0].cash == 3


def test_engine_runs_dinnertime_then_stops_at_payday_firing() -> None:
    s = make_state()
    add_restaurant(s, 0, *NEAR2)
    s.players[0].at_work = ["kitchen_trainee"]
    stock(s, 0, burger=1)
    s.houses[2].demand = [B]
    events = start_phase(s, Phase.DINNERTIME)
    assert s.turn.phase is Phase.PAYDAY
    assert s.turn.pending == [0]
    assert one(events, "house_served")["winner"] == 0
    assert s.players[0].cash == 10
