"""Rural Marketeers (ketchup.md 12, 18 steps 1, 4 and 6, 0.4): the Rural Marketeer, giant
billboards on the rural area, the rural area that eats last, reached only through freeways
(First rural marketeer used).

Map: tests.helpers.SMALL_MAP (tiles 5x5: A top-left, B top-right, R bottom-left, T
bottom-right; roads on column 2 / 7 and row 2 / 7 of each tile):

    ..r....rHH  0      Edge road squares: (0,2) (0,7) north, (9,2) (9,7) south, (2,0) (7,0)
    ..r....rHH  1      west, (2,9) (7,9) east; a freeway goes on the square outside beside
    rrrrrrrrrr  2      one of them: (-1,2) (-1,7) (10,2) (10,7) (2,-1) (7,-1) (2,10) (7,10).
    HHr....r..  3      A restaurant at (3,5) nw (tile B, road (2,5)) is 0 borders from the
    HHr....r..  4      freeway at (-1,7) (road (0,7), tile B) and 1 from the one at (-1,2)
    ..r....r..  5      (road (0,2), tile A). One at (8,0) nw (tile R, road (7,0)) is 0 from
    .sr...lr..  6      (7,-1) and 2 from (-1,7).
    rrrrrrrrrr  7
    ..r....r..  8      The rural area is house 100 (no squares, no cap).
    ..r....r..  9
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, assert_illegal, dinner, make_state, served, start_phase

import fcm
from fcm.core.actions import AddGarden, ChooseAdvert, Done, PlaceCampaign, StartCampaign
from fcm.core.engine import apply, legal_actions
from fcm.core.events import EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, Phase, Piece, WorkStep
from fcm.core.types import CampaignType, Edge, Good, MilestoneId
from fcm.games import state_from_dict
from fcm.modules.rural_marketeers import RURAL_NUMBER, freeway_squares, side_of
from fcm.modules.rural_marketeers.actions import PlaceFreeway
from fcm.modules.rural_marketeers.ids import (
    FIRST_RURAL_MARKETEER_USED,
    GIANT_BILLBOARD,
    RURAL_MARKETEER,
)

ON = frozenset({"rural_marketeers"})
B, P, SODA = Good.BURGER, Good.PIZZA, Good.SODA
R = RURAL_NUMBER
SPOTS = [(-1, 2), (-1, 7), (2, -1), (2, 10), (7, -1), (7, 10), (10, 2), (10, 7)]


def freeway(s: GameState, *cells: tuple[int, int]) -> None:
    s.pieces.extend(Piece("freeway", c) for c in cells)


def at_campaigns(s: GameState, cards: list[str] | None = None) -> GameState:
    s.players[0].at_work = cards or [RURAL_MARKETEER]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    while s.turn.working.step is not WorkStep.CAMPAIGNS:
        s, _ = apply(s, 0, Done())
        assert s.turn.working is not None
    return s


def billboard(s: GameState, number: int, owner: int, good: Good) -> None:
    s.campaigns[number] = Campaign(number, GIANT_BILLBOARD, owner, good, RURAL_MARKETEER, 1,
                                   True, 1)  # fmt: skip
    s.campaign_supply.remove(number)


def run_marketing(s: GameState) -> list[Any]:
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.finish(s, log)
    return list(log)


# -- the data (12, 0.4) --------------------------------------------------------------------------


def test_ketchup_12_card_milestone_rural_area_and_four_giant_billboards() -> None:
    """ketchup.md 12: the Rural Marketeer (salaried marketing card) is trained from the
    Marketing Trainee; First rural marketeer used; four giant billboards, one per side of the
    rural area tile, numbered after every other tile (0.4: unnumbered); the rural area is a
    house from the start."""
    s = make_state(modules=ON)
    card = s.rules.catalog.employees[RURAL_MARKETEER]
    assert (card.category, card.salary, card.entry_level) == ("marketing", True, False)
    assert card.campaign_types == (GIANT_BILLBOARD,)
    assert RURAL_MARKETEER in s.rules.catalog.employees["marketing_trainee"].trains_into
    assert FIRST_RURAL_MARKETEER_USED in s.milestones_available
    assert [n for n, t in s.rules.catalog.campaigns.items() if t.type is GIANT_BILLBOARD] == [
        17, 18, 19, 20]
    assert [side_of(s, n) for n in (17, 18, 19, 20)] == ["n", "e", "s", "w"]
    with_guides = make_state(modules=ON | {"gourmet_food_critics"})
    assert [n for n, t in with_guides.rules.catalog.campaigns.items()
            if t.type is GIANT_BILLBOARD] == [21, 22, 23, 24]  # fmt: skip
    rural = s.houses[R]
    assert rural.kind == "rural_area" and rural.cells == () and not rural.demand
    assert fcm.new_game(2, 1).houses.keys() == {
        n for n in fcm.new_game(2, 1, fcm.Options(modules=ON)).houses if n != R}


# -- giant billboards (12) ---------------------------------------------------------------------


def test_ketchup_12_a_rural_marketeer_places_an_eternal_giant_billboard_on_a_free_side() -> None:
    """ketchup.md 12: a giant billboard on a free side of the rural area, one good, always
    eternal (duration 1, a single counter); the marketeer is busy for the rest of the game; no
    square and no range (offered without any restaurant)."""
    s = at_campaigns(make_state(modules=ON))
    starts = [a for a in legal_actions(s, 0) if isinstance(a, StartCampaign)]
    assert [a.number for a in starts] == [17, 18, 19, 20]
    s, _ = apply(s, 0, StartCampaign(RURAL_MARKETEER, 18))
    adverts = [a for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)]
    assert {a.duration for a in adverts} == {1}
    assert not any(isinstance(a, PlaceCampaign) for a in legal_actions(s, 0))
    why = assert_illegal(s, 0, ChooseAdvert(B, 2), "ketchup.md 12", "always eternal")
    assert "First brand director" not in why  # the rule that made it eternal, not another
    s, _ = apply(s, 0, ChooseAdvert(B, 1))
    camp = s.campaigns[18]
    assert camp.kind is GIANT_BILLBOARD and camp.eternal and camp.cells == ()
    assert s.busy_marketeers(0) == [RURAL_MARKETEER]
    assert RURAL_MARKETEER not in s.players[0].at_work


def test_ketchup_12_a_taken_side_is_not_free_and_only_rural_marketeers_place_them() -> None:
    """ketchup.md 12: at most four (one per side): a side taken is not offered; only rural
    marketeers place giant billboards (a Marketing Trainee is refused naming the kind)."""
    s = make_state(modules=ON)
    billboard(s, 17, 1, SODA)
    s = at_campaigns(s, [RURAL_MARKETEER, "marketing_trainee"])
    numbers = {a.number for a in legal_actions(s, 0)
               if isinstance(a, StartCampaign) and a.marketeer == RURAL_MARKETEER}  # fmt: skip
    assert numbers == {18, 19, 20}
    assert_illegal(s, 0, StartCampaign(RURAL_MARKETEER, 17), "not free")
    assert_illegal(s, 0, StartCampaign("marketing_trainee", 18), "giant_billboard")
    for n in (18, 19, 20):
        billboard(s, n, 1, SODA)
    assert not any(isinstance(a, StartCampaign) and a.marketeer == RURAL_MARKETEER
                   for a in legal_actions(s, 0))  # fmt: skip


def test_ketchup_12_each_giant_billboard_puts_2_demand_on_the_rural_area_no_cap() -> None:
    """ketchup.md 12: 2 demand of its good every Marketing; the rural area has no maximum;
    the billboard stays (eternal); they run after the numbered campaigns; no other house
    gets any."""
    s = make_state(modules=ON)
    s.houses[R].demand = [P] * 9
    billboard(s, 19, 0, B)
    billboard(s, 17, 1, SODA)
    s.campaigns[3] = Campaign(3, CampaignType.RADIO, 1, P, "campaign_manager", 2, False, 1,
                              cells=((5, 5),))  # fmt: skip
    s.campaign_supply.remove(3)
    ev = run_marketing(s)
    assert s.houses[R].demand == [P] * 9 + [SODA, SODA, B, B]
    assert [e.data["number"] for e in ev if e.kind == "campaign_ran"] == [3, 17, 19]
    assert all(R not in [h["house"] for h in e.data["houses"]]
               for e in ev if e.kind == "campaign_ran" and e.data["number"] == 3)  # fmt: skip
    assert s.campaigns[19].remaining == 1 and s.campaigns[17].eternal
    assert s.houses[4].demand == [] or all(g is P for g in s.houses[4].demand)


def test_ketchup_12_and_11_a_giant_billboard_places_every_marketing_pass() -> None:
    """ketchup.md 12 "every pass" with Mass Marketeers (11): one mass marketeer at work runs
    two passes, so one giant billboard puts 4 on the rural area."""
    s = make_state(modules=ON | {"mass_marketeers"})
    s.players[1].at_work = ["mass_marketeer"]
    billboard(s, 17, 0, B)
    run_marketing(s)
    assert s.houses[R].demand == [B] * 4


# -- Dinnertime (12, 18) -----------------------------------------------------------------------


def rural_and_house_2() -> GameState:
    """House 2 and the rural area both want one burger; seat 0 at (3,5) nw has one."""
    s = make_state(modules=ON)
    add_restaurant(s, 0, (3, 5), "nw")
    s.players[0].stock[B] = 1
    s.houses[2].demand = [B]
    s.houses[R].demand = [B]
    freeway(s, (-1, 7))
    return s


def test_ketchup_12_the_rural_area_always_eats_last() -> None:
    """ketchup.md 12 / 18 step 6: the rural area is served after every house: house 2 buys
    the only burger, the rural area stays home (its turn is reported after)."""
    s = rural_and_house_2()
    ev = dinner(s)
    order = [(e.kind, e.data.get("house")) for e in ev
             if e.kind in ("house_served", "house_stays_home", "rural_area_turn")]  # fmt: skip
    assert order == [("house_served", 2), ("house_stays_home", R), ("rural_area_turn", R)]
    assert s.houses[R].demand == [B]
    turn = next(e.data for e in ev if e.kind == "rural_area_turn")
    assert "seat" not in turn and turn["freeways"] == [[-1, 7]]


def test_ketchup_12_the_distance_counts_from_the_nearest_freeway() -> None:
    """ketchup.md 12 (geometry default): distance = tile borders to the road square a freeway
    touches, that tile counting 0; the nearest freeway counts. Seat 0 at (3,5) is 0 from
    (-1,7), seat 1 at (8,0) is 2 from it: seat 0 wins on price + distance; with a freeway at
    (7,-1) too seat 1 is at 0 and wins the tie on turn order."""
    s = make_state(modules=ON)
    add_restaurant(s, 0, (3, 5), "nw")
    add_restaurant(s, 1, (8, 0), "nw")
    for p in s.players:
        p.stock[B] = 2
    s.houses[R].demand = [B, B]
    freeway(s, (-1, 7))
    two = s.clone()
    d = served(dinner(s), R)
    assert (d["winner"], d["distance"]) == (0, 0)
    assert {c["seat"]: c["distance"] for c in d["chains"]} == {0: 0, 1: 2}
    assert d["amount"] == 20  # x1: never a garden or a park (18 step 4)
    two.turn_order = [1, 0]
    freeway(two, (7, -1))
    d = served(dinner(two), R)
    assert (d["winner"], d["distance"], d["decided_by"]) == (1, 0, "turn_order")


def test_ketchup_12_without_a_freeway_nobody_can_sell_to_the_rural_area() -> None:
    """ketchup.md 12: without a freeway the rural area is connected to no restaurant."""
    s = rural_and_house_2()
    s.pieces.clear()
    s.houses[2].demand = []
    ev = dinner(s)
    (home,) = [e.data for e in ev if e.kind == "house_stays_home"]
    assert home["house"] == R
    assert [c["outcome"] for c in home["chains"]] == ["not_connected", "no_open_restaurant"]
    turn = next(e.data for e in ev if e.kind == "rural_area_turn")
    assert turn["no_freeway"] and turn["items"] == 1


def test_ketchup_12_a_seller_must_satisfy_the_whole_demand() -> None:
    """ketchup.md 12: all or nothing: two burgers wanted, one in stock: no sale."""
    s = rural_and_house_2()
    s.houses[2].demand = []
    s.houses[R].demand = [B, B]
    ev = dinner(s)
    (home,) = [e.data for e in ev if e.kind == "house_stays_home"]
    assert home["chains"][0]["outcome"] == "missing_items"
    assert s.players[0].stock[B] == 1


def test_ketchup_12_the_rural_area_is_reported_when_it_buys() -> None:
    """ketchup.md 12 / issue: the Dinnertime report names the rural area's turn: its seller,
    demand and distance from the freeway."""
    s = rural_and_house_2()
    s.houses[2].demand = []
    ev = dinner(s)
    turn = next(e.data for e in ev if e.kind == "rural_area_turn")
    assert (turn["seat"], turn["distance"], turn["demand"]) == (0, 0, ["burger"])
    assert s.houses[R].demand == [] and s.players[0].cash == 10


def test_ketchup_12_fry_chef_counts_the_rural_area_as_one_house() -> None:
    """ketchup.md 12: a fry chef counts the rural area as one house (+$10 per fry chef)."""
    s = make_state(modules=ON | {"fry_chefs"})
    add_restaurant(s, 0, (3, 5), "nw")
    s.players[0].stock[B] = 3
    s.players[0].at_work = ["fry_chef"]
    s.houses[R].demand = [B, B, B]
    freeway(s, (-1, 2))
    d = served(dinner(s), R)
    assert d["distance"] == 1 and d["amount"] == 30 + 10


def test_ketchup_12_the_rural_area_never_gets_a_garden() -> None:
    """ketchup.md 12: garden/park never: no garden is offered for it, one is refused."""
    s = make_state(modules=ON)
    s.players[0].at_work = ["new_business_developer"]
    add_restaurant(s, 0, (3, 5), "nw")
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.HOUSES
    assert not any(isinstance(a, AddGarden) and a.house == R for a in legal_actions(s, 0))
    assert_illegal(s, 0, AddGarden(R, ((5, 5), (5, 6))), "rural area never gets a garden")


# -- First rural marketeer used: freeways (12) -------------------------------------------------


def launched(s: GameState, number: int = 17) -> tuple[GameState, list[Any]]:
    s = at_campaigns(s)
    s, ev1 = apply(s, 0, StartCampaign(RURAL_MARKETEER, number))
    s, ev2 = apply(s, 0, ChooseAdvert(B, 1))
    return s, ev1 + ev2


def test_ketchup_12_first_rural_marketeer_used_gives_a_freeway_right_away() -> None:
    """ketchup.md 12: placing a giant billboard claims First rural marketeer used, and the
    player may immediately place a freeway beside a map-edge road square (the only actions
    then, besides declining); it connects the rural area."""
    s, ev = launched(make_state(modules=ON))
    assert s.players[0].has(FIRST_RURAL_MARKETEER_USED)
    legal = legal_actions(s, 0)
    assert sorted(a.cell for a in legal if isinstance(a, PlaceFreeway)) == SPOTS
    assert {type(a) for a in legal} == {PlaceFreeway, Done}
    s, ev = apply(s, 0, PlaceFreeway((-1, 7)))
    assert Piece("freeway", (-1, 7)) in s.pieces
    (placed,) = [e.data for e in ev if e.kind == "freeway_placed"]
    assert (placed["road"], placed["left"]) == ([[0, 7]], 2)
    assert not any(isinstance(a, PlaceFreeway) for a in legal_actions(s, 0))


def test_ketchup_12_a_freeway_is_optional_and_refused_off_the_rules() -> None:
    """ketchup.md 12: a freeway goes outside the map beside an edge road square, not on an
    airplane's position, not twice on one square; refusals name the rule; Done declines."""
    s = make_state(modules=ON)
    freeway(s, (2, -1))
    s.campaigns[5] = Campaign(5, CampaignType.AIRPLANE, 1, P, "brand_manager", 2, False, 1,
                              edge=Edge.N, first=6)  # fmt: skip
    s.campaign_supply.remove(5)
    s, _ = launched(s)
    assert (-1, 7) not in freeway_squares(s)  # airplane #5 covers columns 6-8 of the north
    assert_illegal(s, 0, PlaceFreeway((-1, 7)), "ketchup.md 12", "airplane")
    assert_illegal(s, 0, PlaceFreeway((2, -1)), "ketchup.md 12", "already")
    assert_illegal(s, 0, PlaceFreeway((0, 2)), "ketchup.md 12", "outside the map")
    assert_illegal(s, 0, PlaceFreeway((-1, 3)), "ketchup.md 12", "road")
    assert_illegal(s, 0, StartCampaign(RURAL_MARKETEER, 18), "freeway")
    s, ev = apply(s, 0, Done())
    (none,) = [e.data for e in ev if e.kind == "freeway_placed"]
    assert (none["cells"], none["declined"]) == ([], True)
    assert len([p for p in s.pieces if p.kind == "freeway"]) == 1


def test_ketchup_12_when_the_three_freeways_are_gone_later_claimers_get_none() -> None:
    """ketchup.md 12: 3 freeways in all: a claimer finds none left."""
    s = make_state(modules=ON)
    freeway(s, (-1, 2), (-1, 7), (10, 2))
    s, ev = launched(s)
    assert s.players[0].has(FIRST_RURAL_MARKETEER_USED)
    (none,) = [e.data for e in ev if e.kind == "freeway_placed"]
    assert (none["none_left"], none["left"]) == (True, 0)
    assert not any(isinstance(a, PlaceFreeway) for a in legal_actions(s, 0))


def test_ketchup_12_a_freeway_outside_its_moment_is_refused() -> None:
    """ketchup.md 12: a freeway only right after the claiming giant billboard."""
    s = at_campaigns(make_state(modules=ON))
    assert_illegal(s, 0, PlaceFreeway((-1, 7)), "ketchup.md 12", "only right after")


def test_ketchup_12_no_airplane_over_a_freeway() -> None:
    """ketchup.md 12 geometry defaults: airplanes may not later be placed over a freeway."""
    s = make_state(modules=ON)
    freeway(s, (-1, 7))
    s = at_campaigns(s, ["brand_manager"])
    s, _ = apply(s, 0, StartCampaign("brand_manager", 5))
    spots = {(a.edge, a.first) for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign)}
    span = s.rules.catalog.campaigns[5].span
    assert not any(e is Edge.N and f <= 7 < f + span for e, f in spots)
    assert (Edge.S, 7 - span + 1) in spots
    assert_illegal(s, 0, PlaceCampaign(edge=Edge.N, first=7 - span + 1), "beside the map")


# -- scenarios, saves, views (12) ----------------------------------------------------------------


def test_ketchup_12_scenario_keys_save_and_view() -> None:
    """A scenario sets the rural area's demand (house 100) and the freeways (pieces beside
    the map); the game saves and loads them; the board view shows the rural area with its
    label and the chains' distances from the freeway."""
    from fcm.presentation import present

    s = fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["rural_marketeers"], "phase": "restructuring",
        "restaurants": [{"owner": 0, "cell": [3, 5], "entrance": "nw"}],
        "houses": [{"number": R, "demand": ["burger", "soda", "soda"]}],
        "pieces": [{"kind": "freeway", "cell": [-1, 7]}],
    })
    assert s.houses[R].demand == [B, SODA, SODA]
    again = state_from_dict(s.to_dict())
    assert again.canonical_json() == s.canonical_json()
    view = present(s, 0)
    (rural,) = [h for h in view["houses"] if h["number"] == R]
    assert rural["label"] == "R" and rural["cells"] == [] and rural["capacity"] is None
    assert {c["seat"]: c["distance"] for c in rural["chains"]}[0] == 0
    (piece,) = view["pieces"]
    assert (piece["kind"], piece["cells"], piece["square"]) == ("freeway", [[-1, 7]], "")
    with pytest.raises(fcm.ScenarioError):
        fcm.load_scenario({"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
                           "pieces": [{"kind": "freeway", "cell": [-1, 7]}]})


def test_the_base_game_has_no_rural_area_and_no_new_work() -> None:
    """With the module off nothing changes: no rural area, the printed board object."""
    g = fcm.new_game(2, 3)
    assert R not in g.houses and not g.rules.extensions.distances
    assert MilestoneId("first_billboard") in g.milestones_available


def test_ketchup_12_the_dinnertime_report_names_the_rural_area_and_its_turn() -> None:
    """The Dinnertime report (English and German) names the rural area's turn: who sold it
    everything through which freeway distance, or that no freeway reaches it."""
    from fcm.report import dinnertime_report

    s = rural_and_house_2()
    s.houses[2].demand = []
    text = dinnertime_report(dinner(s))
    assert ("The rural area eats last: Player 1 sells it its whole order (1 item), "
            "at distance 0 from the nearest freeway.") in text
    de = dinnertime_report(dinner(rural_and_house_2()), lang="de")
    assert "Das Umland isst zuletzt" in de
    s = rural_and_house_2()
    s.pieces.clear()
    assert "no freeway reaches it" in dinnertime_report(dinner(s))


def test_ketchup_12_the_research_encoding_places_freeways_and_shows_the_rural_area() -> None:
    """The research environment: every legal freeway has its own index and decodes back; the
    rural area's demand (no square for the house planes) and the freeways are globals."""
    import numpy as np

    from fcm.env.encoding import decode, encode
    from fcm.env.observation import Observer, layout_for

    s = make_state(modules=ON)
    s.houses[R].demand = [B, B, SODA]
    s, _ = launched(s)
    places = [a for a in legal_actions(s, 0) if isinstance(a, PlaceFreeway)]
    index = [encode(s, a) for a in places]
    assert len(set(index)) == len(places) == len(SPOTS)
    assert [decode(s, i) for i in index] == places
    s, _ = apply(s, 0, PlaceFreeway((-1, 7)))
    o = Observer().observe(fcm.view(s, 0), 0)
    fields = layout_for(s.rules).global_fields
    at, out = 0, {}
    for name, size, _ in fields:
        out[name] = np.asarray(o["globals"])[at : at + size]
        at += size
    assert (out["rural_demand_burger"][0], out["rural_demand_soda"][0]) == (2, 1)
    assert out["freeway"].sum() == 1 and out["freeway"][7] == 1  # north side, column 7


def test_ketchup_12_the_encoding_has_no_empty_rural_plane_and_shows_the_giant_billboards() -> None:
    """The research encoding of ketchup.md 12's pieces: the rural area has no squares, so no
    ``house_kind`` plane (its demand is a global); a freeway beside the map marks the edge road
    square it touches on the ``piece_freeway`` plane (before: a freeway north or west of the
    map was on no square, one east or south on a square off the map); a giant billboard lies
    beside the board, so the globals carry its side, owner (relative seat) and good."""
    import numpy as np

    from fcm.env.observation import Observer, layout_for

    s = make_state(modules=ON)
    s, _ = launched(s, 18)  # seat 0's giant billboard on the east side, burgers
    s, _ = apply(s, 0, PlaceFreeway((-1, 7)))
    lay = layout_for(s.rules)
    names = [n for n, _ in lay.board_planes]
    assert "house_kind_rural_area" not in names
    o = Observer().observe(fcm.view(s, 1), 1)
    board = np.asarray(o["board"]).reshape(len(names), -1, np.asarray(o["board"]).shape[-1])
    plane = board[names.index("piece_freeway")]
    assert plane.sum() == 1 and plane[0, 7] == 1  # the road square (0,7) beside the freeway
    at, out = 0, {}
    for name, size, _ in lay.global_fields:
        out[name] = np.asarray(o["globals"])[at : at + size]
        at += size
    seats, goods = 5, len(s.rules.marketable)
    each = 1 + seats + goods
    assert out["giant_billboards"].shape == (4 * each,)
    east = out["giant_billboards"][each : 2 * each]
    good = [g for g in s.rules.marketable].index(s.campaigns[18].good)
    assert east[0] == 1 and east[1 + 1] == 1  # seat 0 is relative seat 1 to seat 1
    assert east[1 + seats + good] == 1 and east.sum() == 3
    assert out["giant_billboards"].sum() == 3


def test_ketchup_12_freeway_placements_are_offered_and_previewed_like_base_placements() -> None:
    """The presentation annotates each legal freeway like a base placement (its square outside
    the map is the anchor the board highlights and clicks), says what it places, and a square
    the rules refuse is explained naming ketchup.md 12."""
    from fcm.presentation import explain_error, present

    s, _ = launched(make_state(modules=ON))
    legal = legal_actions(s, 0)
    pres = present(fcm.view(s, 0), 0, legal)
    ways = [a for a in pres["actions"] if a["action"]["type"] == "place_freeway"]
    assert sorted(tuple(a["anchor"]) for a in ways) == SPOTS
    for a in ways:
        assert a["placement"] is True and a["placing"] == "a freeway"
        assert a["cells"] == [a["anchor"]]
    assert {a["label"] for a in ways} >= {"Freeway at -1,7"}
    why = assert_illegal(s, 0, PlaceFreeway((-1, 4)), "ketchup.md 12")
    assert "beside a map-edge square that is a road" in explain_error(why, s.rules)


@pytest.mark.parametrize(
    ("lang", "wants", "placed"),
    [
        ("en", "The rural area wants burger", "the rural area +2"),
        ("de", "Das Umland möchte Burger", "das Umland +2"),
        ("es", "La zona rural quiere hamburguesa", "la zona rural +2"),
        ("fr", "La zone rurale veut burger", "la zone rurale +2"),
        ("zh-Hans", "乡村地区需要汉堡", "乡村地区 +2"),
    ],
)
def test_ketchup_12_the_reports_call_the_rural_area_by_its_name_in_every_language(
    lang: str, wants: str, placed: str
) -> None:
    """ketchup.md 12 (the rural area is a place beside the board, not a numbered house): the
    Dinnertime report, the event log and the money reasons name it, never "house 100"."""
    from fcm.i18n import t
    from fcm.report import dinnertime_report, event_line, reason

    numbered = t("reason.house", lang, n=R).lower()  # "house 100", "Haus 100", ...
    s = rural_and_house_2()
    s.houses[2].demand = []
    ev = dinner(s)
    text = dinnertime_report(ev, lang=lang)
    assert wants in text and numbered not in text.lower(), text
    log = "\n".join(event_line(e, lang=lang) for e in ev)
    assert wants in log and numbered not in log.lower(), log
    s = make_state(modules=ON)
    billboard(s, 17, 0, B)
    ran = [e for e in run_marketing(s) if e.kind == "campaign_ran"]
    line = event_line(ran[0], lang=lang)
    assert placed in line and numbered not in line.lower(), line
    assert reason(lang, f"house {R}") == placed.removesuffix(" +2")
