"""Marketing campaigns (excerpt 000 "Phase 6"; facts.md E.5, B).

Map: tests.helpers.SMALL_MAP (tiles A B / R T). House 2 covers (3,0)-(4,1); its block (mailbox)
continues below the tile border to (5,0)-(6,1); the squares above the road of row 2, (0,0)-(1,1),
are another block. House 4 covers (0,8)-(1,9). Radio test: a 3x3 map (A B C / D E F / G H I).
"""

from __future__ import annotations

from typing import Any

from tests.helpers import kinds, make_state, start_phase

from fcm.core.events import Event, EventLog
from fcm.core.phases import marketing
from fcm.core.state import Campaign, GameState, Phase
from fcm.core.types import CampaignType, Cell, Edge, Good

B, P, S, BEER = Good.BURGER, Good.PIZZA, Good.SODA, Good.BEER
GARDEN2 = ((5, 0), (5, 1))
MAP_3X3 = [
    [("A", 0), ("B", 0), ("C", 0)],
    [("D", 0), ("E", 0), ("F", 0)],
    [("G", 0), ("H", 0), ("I", 0)],
]


def add(
    s: GameState,
    number: int,
    kind: CampaignType,
    good: Good,
    *,
    cells: tuple[Cell, ...] = (),
    owner: int = 0,
    marketeer: str = "brand_director",
    remaining: int = 3,
    eternal: bool = False,
    edge: Edge | None = None,
    first: int | None = None,
) -> Campaign:
    c = Campaign(number, kind, owner, good, marketeer, remaining, eternal, 1, cells, edge, first)
    s.campaigns[number] = c
    if number in s.campaign_supply:
        s.campaign_supply.remove(number)
    return c


def run(s: GameState) -> list[Event]:
    s.turn.phase = Phase.MARKETING
    log = EventLog()
    marketing.begin(s, log)
    assert marketing.actors(s) == []
    assert marketing.finish(s, log) is Phase.CLEANUP
    return list(log)


def reached(ev: list[Event], number: int) -> dict[int, int]:
    (ran,) = [e for e in ev if e.kind == "campaign_ran" and e.data["number"] == number]
    houses: list[dict[str, Any]] = ran.data["houses"]
    return {h["house"]: h["placed"] for h in houses}


def test_facts_E5_billboard_reaches_a_house_through_its_garden_only() -> None:
    s = make_state()
    s.houses[2].garden = GARDEN2
    add(s, 15, CampaignType.BILLBOARD, B, cells=((6, 0),))  # next to garden square (5,0)
    ev = run(s)
    assert reached(ev, 15) == {2: 1}
    assert s.houses[2].demand == [B] and s.houses[4].demand == []


def test_facts_E5_billboard_without_orthogonal_contact_reaches_nothing() -> None:
    s = make_state()
    add(s, 15, CampaignType.BILLBOARD, B, cells=((6, 0),))  # house 2 has no garden here
    add(s, 14, CampaignType.BILLBOARD, P, cells=((3, 3), (4, 3)))  # across the road col 2
    ev = run(s)
    assert reached(ev, 15) == {} and reached(ev, 14) == {}
    assert s.houses[2].demand == []
    assert s.campaigns[15].remaining == 2  # a piece goes even when nothing was placed


def test_facts_E5_mailbox_reaches_its_block_across_tile_borders_not_across_roads() -> None:
    s = make_state()
    add(s, 9, CampaignType.MAILBOX, P, cells=((6, 0),))  # house 2's block, tile R
    add(s, 10, CampaignType.MAILBOX, S, cells=((1, 0),))  # above the road of row 2
    ev = run(s)
    assert reached(ev, 9) == {2: 1}
    assert reached(ev, 10) == {}
    assert s.houses[2].demand == [P] and s.houses[4].demand == []


def test_facts_E5_airplane_covers_full_rows_or_columns() -> None:
    s = make_state()
    add(s, 4, CampaignType.AIRPLANE, BEER, edge=Edge.N, first=9)  # column 9
    add(s, 5, CampaignType.AIRPLANE, S, edge=Edge.W, first=2)  # rows 2-4
    add(s, 6, CampaignType.AIRPLANE, P, edge=Edge.S, first=2)  # columns 2-6
    ev = run(s)
    assert reached(ev, 4) == {4: 1}
    assert reached(ev, 5) == {2: 1}
    assert reached(ev, 6) == {}
    assert s.houses[2].demand == [S] and s.houses[4].demand == [BEER]


def test_facts_E5_radio_reaches_3x3_tiles_clipped_at_the_map_edge() -> None:
    s = make_state(tiles=MAP_3X3)
    assert sorted(s.houses) == [2, 4, 5, 7, 8, 10, 12, 13, 15]
    add(s, 1, CampaignType.RADIO, S, cells=((0, 0),))  # corner tile (0,0)
    ev = run(s)
    assert reached(ev, 1) == {2: 1, 4: 1, 7: 1, 8: 1}
    assert [n for n, h in sorted(s.houses.items()) if h.demand] == [2, 4, 7, 8]


def test_facts_E5_radio_on_the_middle_tile_reaches_every_tile() -> None:
    s = make_state(tiles=MAP_3X3)
    add(s, 2, CampaignType.RADIO, B, cells=((8, 5),))  # tile (1,1)
    ev = run(s)
    assert reached(ev, 2) == {n: 1 for n in (2, 4, 5, 7, 8, 10, 12, 13, 15)}


def test_facts_E5_demand_cap_is_3_or_5_with_a_garden() -> None:
    s = make_state()
    s.houses[2].garden = GARDEN2  # rows 3-5, cap 5
    s.houses[2].demand = [P, P, P, P]
    s.houses[4].demand = [B, B]  # rows 0-1, cap 3
    add(s, 4, CampaignType.AIRPLANE, S, edge=Edge.W, first=0)  # row 0
    add(s, 5, CampaignType.AIRPLANE, S, edge=Edge.W, first=1)  # rows 1-3
    add(s, 6, CampaignType.AIRPLANE, B, edge=Edge.W, first=0)  # rows 0-4
    ev = run(s)
    assert reached(ev, 4) == {4: 1}
    assert reached(ev, 5) == {2: 1, 4: 0}
    assert reached(ev, 6) == {2: 0, 4: 0}
    assert s.houses[2].demand == [P, P, P, P, S]
    assert s.houses[4].demand == [B, B, S]


def test_facts_E5_campaigns_run_in_number_order() -> None:
    s = make_state()
    s.houses[2].demand = [B, B]  # room for one more
    add(s, 15, CampaignType.BILLBOARD, B, cells=((5, 0),))
    add(s, 9, CampaignType.MAILBOX, P, cells=((6, 0),))
    ev = run(s)
    assert [e.data["number"] for e in kinds(ev, "campaign_ran")] == [9, 15]
    assert s.houses[2].demand == [B, B, P]


def test_facts_B_first_radio_places_two_per_house_room_permitting() -> None:
    s = make_state()
    s.players[0].milestones = {"first_radio": 1}
    s.houses[2].demand = [B, B]
    add(s, 1, CampaignType.RADIO, BEER, cells=((0, 0),), remaining=2)
    add(s, 2, CampaignType.RADIO, S, cells=((0, 3),), owner=1, remaining=2)
    ev = run(s)
    assert reached(ev, 1) == {2: 1, 4: 2}
    assert reached(ev, 2) == {2: 0, 4: 1}
    assert s.houses[4].demand == [BEER, BEER, S]
    assert s.campaigns[1].remaining == 1  # still one piece per run


def test_facts_E5_eternal_campaign_never_expires() -> None:
    s = make_state()
    add(s, 15, CampaignType.BILLBOARD, B, cells=((5, 0),), remaining=1, eternal=True)
    for _ in range(3):
        s.houses[2].demand = []
        run(s)
        assert s.houses[2].demand == [B]
    assert s.campaigns[15].remaining == 1
    assert s.campaigns[15].marketeer == "brand_director"
    assert 15 not in s.campaign_supply


def test_facts_E5_finished_campaign_returns_tile_and_marketeer_to_the_beach() -> None:
    s = make_state()
    assert s.campaign_supply == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]
    add(s, 10, CampaignType.MAILBOX, S, cells=((1, 0),), remaining=1, marketeer="campaign_manager")
    add(s, 9, CampaignType.MAILBOX, P, cells=((6, 0),), remaining=1, marketeer="")  # fired
    s.players[0].beach = ["waitress"]
    ev = run(s)
    assert [e.data["number"] for e in kinds(ev, "campaign_ended")] == [9, 10]
    assert s.campaigns == {}
    assert s.campaign_supply == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]
    assert s.players[0].beach == ["campaign_manager", "waitress"]
    assert s.houses[2].demand == [P]  # the last run still places demand


def test_engine_marketing_then_clean_up_keeps_demand() -> None:
    s = make_state()
    s.players[0].at_work = ["marketing_trainee"]
    add(s, 15, CampaignType.BILLBOARD, B, cells=((5, 0),), remaining=2)
    start_phase(s, Phase.MARKETING)
    assert s.turn.phase is Phase.RESTRUCTURING and s.round == 2
    assert s.houses[2].demand == [B]
    assert s.campaigns[15].remaining == 1
