"""New Districts (ketchup.md 1): tiles U-Y in the tile pool, houses 21, 22 and 25, three
lemonades, and the apartments π and 9¾ (3x3, two tokens a campaign, no cap, no garden, their
place in house order).

Map (``MAP``): tile A (house 2 at (3,0)) and X (apartment π at (1,6)-(3,8)) on top, B (house 4
at (5,3)) and Y (apartment 9¾ at (6,6)-(8,8)) below. A restaurant at (0,0) se is at distance
0 from house 2, 1 from house 4 and π, 2 from 9¾:

    ..r.. ..r..
    ..r.. .HHH.
    rrrrr rHHHr
    HHr.. .HHH.
    HHr.. ..r..

    ..rHH rrrrr
    ..rHH rHHHr
    rrrrr rHHHr
    ..r.. rHHH.
    ..r.. rrr..
"""

from __future__ import annotations

import math

import pytest
from tests.helpers import (
    add_restaurant,
    assert_illegal,
    dinner,
    kinds,
    legal_actions,
    make_state,
    served,
    start_phase,
)

import fcm
from fcm.core.actions import AddGarden
from fcm.core.company import board_of, house_capacity, house_order
from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, House, Phase, state_from_dict
from fcm.core.types import CampaignType, Corner, Good, MilestoneId
from fcm.modules.new_districts.ids import APARTMENT, NINE_AND_THREE_QUARTERS, PI
from fcm.report import event_line
from fcm.rulesets import get_ruleset, rules_for

ND = frozenset({"new_districts"})
MAP = [[("A", 0), ("X", 0)], [("B", 0), ("Y", 0)]]
B, P, SODA = Good.BURGER, Good.PIZZA, Good.SODA


def game(tiles=MAP, modules: frozenset[str] = ND) -> GameState:
    """Seat 0's restaurant at (0,0) se; both chains $0, price $10."""
    s = make_state(tiles=tiles, modules=modules)
    add_restaurant(s, 0, (0, 0), "se")
    return s


def at_houses_step(s: GameState) -> GameState:
    """Seat 0 with a New Business Developer at work, at its houses step (nothing to hire)."""
    s.players[0].at_work = ["new_business_developer"]
    for card in s.supply:
        s.supply[card] = 0
    start_phase(s, Phase.WORKING)
    return s


def node(s: GameState, cell: tuple[int, int]):
    (n,) = [n for n in board_of(s).road_nodes if n.cell == cell]
    return n


def run_marketing(s: GameState, *campaigns: Campaign) -> list:
    for c in campaigns:
        s.campaigns[c.number] = c
        s.campaign_supply.remove(c.number)
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.finish(s, log)
    return list(log)


def radio(number: int = 1, good: Good = B, owner: int = 0, cell=(0, 3), rounds: int = 1
          ) -> Campaign:
    return Campaign(number, CampaignType.RADIO, owner, good, "campaign_manager", rounds, False,
                    1, (cell,))  # fmt: skip


# -- setup and the tiles -----------------------------------------------------------------------


def test_ketchup_1_setup_the_five_tiles_join_the_pool_and_a_map_may_hold_none() -> None:
    """ketchup.md 1 Setup: the tiles are shuffled into the base tiles (U-Y; Z is the
    Lobbyists'), the map is drawn as usual, so a random map may hold some or none of them;
    the base game's pool stays A-T."""
    assert sorted(get_ruleset("base", ND).catalog.tiles) == [chr(c) for c in range(65, 90)]
    assert len(fcm.new_game(2, 1).rules.catalog.tiles) == 20
    new = set("UVWXY")
    held = [
        {t for row in fcm.new_game(2, seed, fcm.Options(modules=ND)).tiles for t, _ in row} & new
        for seed in range(1, 13)
    ]
    assert any(held) and not all(held)  # some maps hold new tiles, some none
    assert set().union(*held) == new


def test_ketchup_1_v_prints_two_normal_houses_21_and_22_beside_one_road() -> None:
    """ketchup.md 1 V: houses 21 and 22 are normal 2x2 houses (cap 3, number order)."""
    s = make_state(tiles=[[("A", 0), ("V", 0)]], modules=ND)
    assert s.houses[22].cells == ((0, 7), (0, 8), (1, 7), (1, 8))
    assert s.houses[21].cells == ((3, 6), (3, 7), (4, 6), (4, 7))
    assert not s.houses[21].kind and house_capacity(s, s.houses[21]) == 3


def test_ketchup_1_v_houses_turn_with_their_tile() -> None:
    """ketchup.md 1 (random rotation): turned once clockwise, V's road runs N-S, house 22
    lies east of it and house 21 west."""
    s = make_state(tiles=[[("V", 1)]], modules=ND)
    assert s.houses[22].cells == ((2, 3), (2, 4), (3, 3), (3, 4))
    assert s.houses[21].cells == ((1, 0), (1, 1), (2, 0), (2, 1))
    assert {n.cell for n in board_of(s).road_nodes} == {(r, 2) for r in range(5)}


def test_ketchup_1_w_house_25_has_a_garden_from_the_start_cap_5_and_pays_double() -> None:
    """ketchup.md 1 W: house 25 counts as a house with a garden from the start (x2 price,
    demand cap 5)."""
    s = game(tiles=[[("A", 0), ("W", 0)]])
    h = s.houses[25]
    assert h.garden == ((3, 5), (3, 6)) and house_capacity(s, h) == 5
    s.players[0].stock[B] = 4
    h.demand = [B] * 4
    d = served(dinner(s), 25)
    assert d["lines"] == [
        {"kind": "items", "count": 4, "price": 10, "amount": 40},
        {"kind": "garden", "amount": 40},
    ]
    assert s.players[0].cash == 80


def test_ketchup_1_w_house_25_never_gets_another_garden() -> None:
    """ketchup.md 1 W: it can never get another garden: none offered, refused by name."""
    s = at_houses_step(game(tiles=[[("A", 0), ("W", 0)]]))
    assert not [a for a in legal_actions(s, 0) if isinstance(a, AddGarden) and a.house == 25]
    assert_illegal(s, 0, AddGarden(25, ((3, 7), (3, 8))), "already has a garden")


def test_ketchup_1_19_1_row_7_w_no_route_passes_through_house_25() -> None:
    """ketchup.md 1 W, 19.1 row 7: W's road ends against the house: tile A's road west of the
    house and W's road east of it are not connected through it."""
    s = make_state(tiles=[[("A", 0), ("W", 0)]], modules=ND)
    assert board_of(s).road_distance(node(s, (2, 4)), node(s, (2, 7))) is None


def test_ketchup_1_x_the_stubs_do_not_connect_through_the_apartment_but_each_reaches_it() -> None:
    """ketchup.md 1 X: the four one-square stubs touch the building and do not connect through
    it; the apartment is reached from each (here W from tile A, S from tile Y)."""
    s = game()
    board = board_of(s)
    assert board.road_distance(node(s, (0, 7)), node(s, (2, 5))) is None
    assert board.road_distance(node(s, (2, 9)), node(s, (4, 7))) is None
    starts = {n.cell for n, _ in board.house_starts(s.houses[PI].footprint)}
    assert starts == {(0, 7), (2, 5), (2, 9), (4, 7)}
    assert board.distance_house_to_restaurant(s.houses[PI].footprint, [(1, 1)]) == 1


def test_ketchup_1_x_a_mailbox_flood_fill_passes_through_the_apartment() -> None:
    """ketchup.md 1 X: a mailbox's block runs through the building: one in X's north-east corner
    reaches π (two tokens) and nothing else of the map's houses."""
    s = game()
    mailbox = Campaign(9, CampaignType.MAILBOX, 0, B, "campaign_manager", 1, False, 1,
                       ((0, 9),))  # fmt: skip
    assert {(1, 6), (4, 5), (0, 9)} <= board_of(s).mailbox_reach(((0, 9),))
    run_marketing(s, mailbox)
    assert s.houses[PI].demand == [B, B]
    assert s.houses[2].demand == [] and s.houses[NINE_AND_THREE_QUARTERS].demand == []


def test_ketchup_1_y_a_road_round_three_sides_of_apartment_9_three_quarters() -> None:
    """ketchup.md 1 Y: one road round three sides (N, W, S); it reaches the building."""
    s = game()
    h = s.houses[NINE_AND_THREE_QUARTERS]
    assert h.cells[0] == (6, 6) and h.size == 3 and h.kind == APARTMENT
    starts = {n.cell for n, _ in board_of(s).house_starts(h.footprint)}
    assert {(5, 6), (6, 5), (9, 6), (6, 9)} <= starts and (8, 9) not in starts


def test_ketchup_1_u_three_lemonades_are_three_suppliers_a_zeppelin_takes_all() -> None:
    """ketchup.md 1 U: a cart collects one, two or three of the lemonades by the squares it
    passes (entering from the west it always passes the west one); a zeppelin entering the
    tile collects all three."""
    s = make_state(tiles=[[("A", 0), ("U", 0)]], modules=ND)
    board = board_of(s)
    west, east, south = (2, 6), (2, 8), (3, 7)
    assert {c for c, g in board.suppliers.items() if g is Good.LEMONADE} == {west, east, south}
    routes = board.road_route_supplier_sets([((0, 0), Corner.SE, False)], 1)
    assert routes == {
        frozenset(x) for x in ([west], [west, east], [west, south], [west, east, south])
    }
    assert board.zeppelin_supplier_sets((0, 0), 1) == {frozenset({west, east, south})}


# -- apartments: Marketing ---------------------------------------------------------------------


def test_ketchup_1_an_apartment_is_3x3_numbered_pi_and_nine_and_three_quarters() -> None:
    """ketchup.md 1 X/Y, 0.4: the apartments are 3x3 buildings, kind ``apartment``."""
    s = game()
    for number in (PI, NINE_AND_THREE_QUARTERS):
        h = s.houses[number]
        assert (h.kind, h.size, len(h.cells), h.printed, h.garden) == (APARTMENT, 3, 9, True, ())


def test_ketchup_1_every_campaign_places_two_tokens_on_an_apartment_and_no_cap() -> None:
    """ketchup.md 1: whenever one demand token would be placed, two are; no demand cap. A radio
    on tile A reaches all four tiles: houses get 1 a pass (cap 3), apartments 2 (no cap)."""
    s = game()
    run_marketing(s, radio(rounds=5))
    for _ in range(3):
        marketing.finish(s, EventLog())
    assert s.houses[PI].demand == [B] * 8 and s.houses[NINE_AND_THREE_QUARTERS].demand == [B] * 8
    assert s.houses[2].demand == [B] * 3 and s.houses[4].demand == [B] * 3
    assert house_capacity(s, s.houses[PI]) is None


def test_ketchup_1_first_radio_campaign_puts_four_on_an_apartment() -> None:
    """ketchup.md 1 [M-H]: base "First radio campaign" (2 a house) puts 4 on an apartment."""
    s = game()
    s.players[0].milestones[MilestoneId.FIRST_RADIO] = 1
    run_marketing(s, radio())
    assert s.houses[PI].demand == [B] * 4 and s.houses[2].demand == [B] * 2


def test_ketchup_1_a_billboard_beside_an_apartment_places_two() -> None:
    """ketchup.md 1: every campaign type counts: a 2x1 billboard next to π's west side."""
    s = game()
    board = Campaign(14, CampaignType.BILLBOARD, 0, SODA, "campaign_manager", 1, False, 1,
                     ((0, 5), (1, 5)))  # fmt: skip
    run_marketing(s, board)
    assert s.houses[PI].demand == [SODA, SODA]


def test_ketchup_1_the_events_explain_an_apartments_two_tokens() -> None:
    """ketchup.md 1: the Marketing events say the apartment took two tokens, no cap."""
    s = game()
    ev = run_marketing(s, radio())
    got = [e for e in ev if e.kind == "apartment_demand"]
    assert [(e.data["house"], e.data["label"], e.data["placed"]) for e in got] == [
        (PI, "π", 2), (NINE_AND_THREE_QUARTERS, "9¾", 2)]
    line = event_line(got[0])
    assert line.startswith("Apartment π takes 2 burger demand tokens from campaign #1")


def test_ketchup_1_3_first_marketeer_used_pays_10_per_campaign_hit_on_an_apartment() -> None:
    """ketchup.md 1 with New Milestones' First marketeer used: $5 a token, so $10 a campaign
    hit on an apartment (and $5 on a house)."""
    s = game(modules=ND | {"new_milestones"})
    s.players[0].milestones[MilestoneId("first_marketeer_used")] = 1
    ev = run_marketing(s, radio())
    income = {e.data["house"]: e.data["amount"] for e in ev if e.kind == "milestone_income"}
    assert income == {2: 5, PI: 10, 4: 5, NINE_AND_THREE_QUARTERS: 10}


# -- apartments: house order, Dinnertime -------------------------------------------------------


def test_ketchup_1_18_house_order_pi_between_3_and_4_nine_three_quarters_between_9_and_10() -> None:
    """ketchup.md 1, 18: Dinnertime order π (3.14) between houses 3 and 4, 9¾ (9.75)
    between 9 and 10."""
    s = game()
    for n in (3, 9, 10):
        s.houses[n] = House(n, (0, 0), False)
    key = house_order(s)
    got = [h.number for h in sorted(s.houses.values(), key=key)]
    assert got == [2, 3, PI, 4, 9, NINE_AND_THREE_QUARTERS, 10]
    assert key(s.houses[PI]) == pytest.approx(3.14) and math.floor(key(s.houses[975])) == 9


def test_ketchup_1_18_pi_is_served_before_house_4() -> None:
    """ketchup.md 1, 18: with 2 burgers, apartment π (demand 2) buys before house 4 (1)."""
    s = game()
    s.players[0].stock[B] = 2
    s.houses[PI].demand = [B, B]
    s.houses[4].demand = [B]
    ev = dinner(s)
    assert served(ev, PI)["winner"] == 0
    assert [e.data["house"] for e in kinds(ev, "house_stays_home")] == [4]


def test_ketchup_1_an_apartment_buys_all_of_its_demand_or_nothing() -> None:
    """ketchup.md 1: no cap, all or nothing: 6 burgers wanted, 5 in stock: no sale."""
    s = game()
    s.players[0].stock[B] = 5
    s.houses[PI].demand = [B] * 6
    ev = dinner(s)
    assert not kinds(ev, "house_served") and s.houses[PI].demand == [B] * 6


def test_ketchup_1_18_an_apartment_pays_each_item_once_no_garden() -> None:
    """ketchup.md 1, 18 step 4: apartments x1 (no park here); 6 burgers at $10 = $60, and the
    event explains the sale."""
    s = game()
    s.players[0].stock[B] = 6
    s.houses[PI].demand = [B] * 6
    ev = dinner(s)
    d = served(ev, PI)
    assert d["lines"] == [{"kind": "items", "count": 6, "price": 10, "amount": 60}]
    assert s.players[0].cash == 60 and s.houses[PI].demand == []
    (e,) = kinds(ev, "apartment_served")
    assert (e.data["seat"], e.data["label"], e.data["items"]) == (0, "π", 6)
    assert "buys all 6 of its demand" in event_line(e)


def test_ketchup_1_an_apartment_never_gets_a_garden() -> None:
    """ketchup.md 1: an apartment cannot get a garden (a New Business Developer cannot add
    one): none offered, refused naming the rule."""
    s = at_houses_step(game())
    offered = {a.house for a in legal_actions(s, 0) if isinstance(a, AddGarden)}
    assert PI not in offered and NINE_AND_THREE_QUARTERS not in offered and 2 in offered
    assert_illegal(s, 0, AddGarden(PI, ((0, 5), (0, 6))), "ketchup.md 1",
                   "cannot get a garden")  # fmt: skip


def test_ketchup_1_6_an_apartment_never_buys_sushi_but_kimchi_applies() -> None:
    """ketchup.md 1 Interactions: sushi never (no garden); kimchi applies to apartments."""
    s = game(modules=ND | {"sushi", "kimchi"})
    sushi, kimchi = Good("sushi"), Good("kimchi")
    s.players[0].stock.update({B: 2, sushi: 5, kimchi: 1})
    s.houses[PI].demand = [B, B]
    d = served(dinner(s), PI)
    assert (d["order"], sorted(d["sold"])) == ("kimchi", ["burger", "burger", "kimchi"])


def test_ketchup_1_9_a_fry_chef_counts_an_apartment_as_one_house() -> None:
    """ketchup.md 1 Interactions: Fry chef +$10 counts an apartment as one house."""
    s = game(modules=ND | {"fry_chefs"})
    s.players[0].at_work = ["fry_chef"]
    s.players[0].stock[B] = 4
    s.houses[PI].demand = [B] * 4
    d = served(dinner(s), PI)
    assert sum(x["amount"] for x in d["lines"]) == 40 + 10


# -- scenarios and saves -----------------------------------------------------------------------


def test_ketchup_1_a_scenario_sets_an_apartments_demand_beyond_any_house_cap() -> None:
    """ketchup.md 1 (no cap) in the scenario format: tiles X and Y print the apartments; a
    house entry by number sets their demand (7 tokens); saves and loads identically."""
    s = fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["X", 0]], [["B", 0], ["Y", 0]]],
        "modules": ["new_districts"], "phase": "restructuring",
        "companies": [{"reserve": 300}, {"reserve": 100}],
        "houses": [{"number": PI, "demand": ["burger"] * 7}],
    })
    assert s.houses[PI].demand == [B] * 7 and s.houses[PI].kind == APARTMENT
    again = state_from_dict(s.to_dict(), rules_for)
    assert again.houses[PI].cells == s.houses[PI].cells
    assert again.state_hash() == s.state_hash()


def test_ketchup_1_a_scenario_refuses_an_apartment_map_without_the_module() -> None:
    """ketchup.md 1: the new tiles exist only with the module: a base scenario naming X is
    refused (it names the tile)."""
    with pytest.raises((fcm.ScenarioError, ValueError), match="X"):
        fcm.load_scenario({
            "players": 2, "tiles": [[["A", 0], ["X", 0]], [["B", 0], ["Y", 0]]],
            "companies": [{"reserve": 300}, {"reserve": 100}],
        })


# -- the bots ----------------------------------------------------------------------------------


def test_ketchup_1_the_bots_advice_places_a_billboard_where_an_apartment_takes_two() -> None:
    """ketchup.md 1 in the bots' advice: a 2x1 billboard could touch house 2 (distance 0, one
    token) or apartment π (distance 1, two tokens, the chain alone on the map): the advice
    places it next to π; the easy bot, asking the advice, does the same."""
    from fcm.bots import make_bot
    from fcm.core.actions import PlaceCampaign, StartCampaign
    from fcm.core.phases.marketing import houses_reached
    from fcm.modules.new_districts.bots import place_campaign

    s = game()
    s.players[0].at_work = ["campaign_manager", "burger_cook"]
    for card in s.supply:
        s.supply[card] = 0
    start_phase(s, Phase.WORKING)
    s, _ = fcm.apply(s, 0, StartCampaign("campaign_manager", 14))
    legal = legal_actions(s, 0)
    assert all(isinstance(a, PlaceCampaign) for a in legal if a != fcm.Done())
    view = fcm.view(s, 0)
    chosen = place_campaign(view, 0, legal)
    assert chosen is not None
    tile = s.rules.catalog.campaigns[14]
    from fcm.bots.heuristic import campaign_probe
    reached = {h.number for h in houses_reached(view, campaign_probe(view, 0, tile, chosen, B))}
    assert PI in reached
    assert make_bot("easy", 1).choose(view, 0, legal) == chosen


def test_ketchup_1_the_advice_stays_silent_without_an_apartment_to_win() -> None:
    """ketchup.md 1: on a map without apartments the advice leaves the placement to the bot."""
    from fcm.core.actions import StartCampaign
    from fcm.modules.new_districts.bots import place_campaign

    s = game(tiles=[[("A", 0), ("V", 0)]])
    s.players[0].at_work = ["campaign_manager", "burger_cook"]
    for card in s.supply:
        s.supply[card] = 0
    start_phase(s, Phase.WORKING)
    s, _ = fcm.apply(s, 0, StartCampaign("campaign_manager", 14))
    assert place_campaign(fcm.view(s, 0), 0, legal_actions(s, 0)) is None


def test_ketchup_1_the_board_shows_an_apartment_by_its_printed_name_with_no_cap() -> None:
    """ketchup.md 1 on the board: the presentation names π and 9¾, says they have no cap
    (the browser then draws as many tokens as they hold) and keeps houses as before."""
    from fcm.presentation import present

    s = game()
    s.houses[PI].demand = [B] * 7
    houses = {h["number"]: h for h in present(fcm.view(s, 0), 0)["houses"]}
    assert (houses[PI]["label"], houses[PI]["capacity"], len(houses[PI]["cells"])) == ("π", None, 9)
    assert houses[NINE_AND_THREE_QUARTERS]["label"] == "9¾"
    assert houses[2]["capacity"] == 3 and "label" not in houses[2]


def test_ketchup_1_a_scenario_refuses_a_garden_for_an_apartment_and_for_house_25() -> None:
    """ketchup.md 1: an apartment never gets a garden, house 25 has its own printed: a
    scenario giving either one is refused naming the rule."""
    base = {
        "players": 2, "modules": ["new_districts"], "phase": "restructuring",
        "companies": [{"reserve": 300}, {"reserve": 100}],
    }
    with pytest.raises(fcm.ScenarioError, match=r"houses\[0\].garden: house 314 never gets a "
                       r"garden: ketchup.md 1"):
        fcm.load_scenario({**base, "tiles": [[["A", 0], ["X", 0]]],
                           "houses": [{"number": PI, "garden": [[0, 5], [0, 6]]}]})
    with pytest.raises(fcm.ScenarioError, match="house 25 has its garden printed"):
        fcm.load_scenario({**base, "tiles": [[["A", 0], ["W", 0]]],
                           "houses": [{"number": 25, "garden": [[0, 5], [0, 6]]}]})
