"""Working 9–5 step 4: launch campaigns.

Sources: excerpt 002 "Working 9–5" ("Launch campaigns", "Eternal campaigns"), facts.md E.2
(marketing placement), B (First billboard, First burger/pizza/drink marketed, First airplane,
First radio), conventions.md #2 (airplanes) and "Board geometry" (non-square tiles).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import ChooseAdvert, Done, PlaceCampaign, StartCampaign
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import Campaign, GameState, Phase, WorkStep
from fcm.core.types import BASE_GOODS, CampaignType, Edge, Good, Orientation

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

# One row of six tiles; the road on row 2 runs through all of them (range = tile borders).
LINE = [[("L", 0), ("Q", 0), ("N", 0), ("L", 0), ("Q", 0), ("N", 0)]]
# Tile E alone: two separate roads, A (top-left) and B (right and bottom).
#   rrr..
#   rb...
#   r.HHr
#   ..HHr
#   ..rrr
TWO_ROADS = [[("E", 0)]]


def campaigns_step(
    tiles: Any,
    at_work: list[str],
    restaurant: tuple[tuple[int, int], str] = ((3, 0), "nw"),
    **options: Any,
) -> GameState:
    """Seat 0 (first) at its campaigns step with ``at_work``; no supply left to hire."""
    state = make_state(tiles=tiles, **options)
    add_restaurant(state, 0, *restaurant)
    state.players[0].at_work = sorted(at_work)
    for card in state.supply:
        state.supply[card] = 0
    state.campaign_supply = list(range(1, 17))  # as in a 5-player game (facts.md C)
    start_phase(state, Phase.WORKING)
    assert state.turn.working is not None and state.turn.working.step is WorkStep.CAMPAIGNS
    return state


def places(state: GameState) -> list[PlaceCampaign]:
    return [a for a in legal_actions(state, 0) if isinstance(a, PlaceCampaign)]


def test_excerpt_002_marketing_trainee_billboard_within_road_range_2() -> None:
    """Excerpt 002: a Marketing Trainee places a billboard within range 2 by road of one of your
    open restaurants' entrances (range counts tile borders, facts.md D.1)."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    starts = {a for a in legal_actions(state, 0) if isinstance(a, StartCampaign)}
    assert starts == {StartCampaign("marketing_trainee", n) for n in (11, 12, 13, 14, 15, 16)}
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15))
    assert PlaceCampaign(cell=(3, 12)) in places(state)  # tile 2: 2 borders away
    illegal(state, 0, PlaceCampaign(cell=(3, 17)), "'Launch campaigns'", "range 2")  # tile 3


def test_excerpt_002_campaign_manager_reaches_range_3() -> None:
    """Excerpt 002: a Campaign Manager has range 3 by road."""
    state = campaigns_step(LINE, ["campaign_manager"])
    state, _ = run(state, 0, StartCampaign("campaign_manager", 15))
    assert PlaceCampaign(cell=(3, 17)) in places(state)
    assert PlaceCampaign(cell=(3, 22)) not in places(state)


def test_excerpt_002_next_to_the_road_the_marketeer_used() -> None:
    """Excerpt 002: "A marketeer who travels by road must place it next to the road they used":
    a square next to a separate road of the same tile is out of reach."""
    state = campaigns_step(TWO_ROADS, ["marketing_trainee"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15))
    assert {a.cell for a in places(state)} == {(0, 3), (1, 2), (2, 1)}
    illegal(state, 0, PlaceCampaign(cell=(1, 4)), "next to a road it reached")


def test_excerpt_002_drive_in_corners_count_for_range() -> None:
    """Excerpt 002 "Open drive-ins": each open restaurant has an entrance at all four corners:
    "it may reach new roads" (here road B, from the south-east corner)."""
    state = campaigns_step(TWO_ROADS, ["marketing_trainee", "local_manager"])
    assert state.restaurants_of(0)[0].drive_in
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15))
    assert PlaceCampaign(cell=(1, 4)) in places(state)


def test_excerpt_002_unlimited_range_next_to_any_road() -> None:
    """Excerpt 002: a Brand Manager has unlimited range: any empty square next to a road."""
    state = campaigns_step(TWO_ROADS, ["brand_manager"])
    state, _ = run(state, 0, StartCampaign("brand_manager", 15))
    assert PlaceCampaign(cell=(1, 4)) in places(state)


def test_excerpt_002_campaign_squares_must_be_empty_and_next_to_a_road() -> None:
    """Excerpt 002: billboards go on empty squares next to a road (not on a restaurant, not
    on a square with no road beside it)."""
    state = campaigns_step(TWO_ROADS, ["brand_manager"])
    state, _ = run(state, 0, StartCampaign("brand_manager", 15))
    illegal(state, 0, PlaceCampaign(cell=(3, 1)), "empty squares")  # the restaurant
    illegal(state, 0, PlaceCampaign(cell=(0, 4)), "next to a road")  # no road beside it


def test_facts_e2_radio_next_to_any_road() -> None:
    """facts.md E.2: radios may go next to any road on the map; First radio campaign."""
    state = campaigns_step(TWO_ROADS, ["brand_director"])
    state, _ = run(
        state,
        0,
        StartCampaign("brand_director", 1),
        PlaceCampaign(cell=(1, 4)),
        ChooseAdvert(Good.BEER, 5),
    )
    radio = state.campaigns[1]
    assert (radio.kind, radio.cells, radio.remaining) == (CampaignType.RADIO, ((1, 4),), 5)
    assert state.players[0].has("first_radio")
    assert state.players[0].has("first_drink_marketed")


def test_excerpt_002_marketeer_type_limits_campaign_types() -> None:
    """Excerpt 002: a Marketing Trainee launches only billboards."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    illegal(state, 0, StartCampaign("marketing_trainee", 7), "launches only billboard")


def test_conventions_non_square_tile_horizontal_or_vertical() -> None:
    """conventions.md: a non-square campaign is given by its top-left square and `horizontal`
    or `vertical` (its long side); square tiles have no orientation."""
    state = campaigns_step(LINE, ["campaign_manager"])
    state, _ = run(state, 0, StartCampaign("campaign_manager", 11))  # 3x2 billboard
    assert PlaceCampaign(cell=(3, 10), orientation=Orientation.HORIZONTAL) in places(state)
    # vertical, it would cover the road on row 2
    illegal(state, 0, PlaceCampaign(cell=(3, 10), orientation=Orientation.VERTICAL), "empty")
    state, _ = run(
        state,
        0,
        PlaceCampaign(cell=(3, 10), orientation=Orientation.HORIZONTAL),
        ChooseAdvert(Good.PIZZA, 1),
    )
    assert state.campaigns[11].cells == ((3, 10), (3, 11), (3, 12), (4, 10), (4, 11), (4, 12))
    other = campaigns_step(LINE, ["campaign_manager"])
    other, _ = run(other, 0, StartCampaign("campaign_manager", 12))  # 2x2
    assert all(a.orientation is None for a in places(other))
    illegal(other, 0, PlaceCampaign(cell=(3, 10), orientation=Orientation.HORIZONTAL))


def test_excerpt_002_launch_makes_the_marketeer_busy() -> None:
    """Excerpt 002 "Busy marker": the marketeer leaves the structure and is recorded on the
    campaign; the tile leaves the supply; the counters are the chosen duration."""
    state = campaigns_step(LINE, ["marketing_trainee"], **{})
    state.milestones_available.remove("first_billboard")  # no eternal campaign here
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 14))
    state, events = run(
        state,
        0,
        PlaceCampaign(cell=(3, 12), orientation=Orientation.VERTICAL),
        ChooseAdvert(Good.BURGER, 2),
    )
    camp = state.campaigns[14]
    assert camp == Campaign(
        14,
        CampaignType.BILLBOARD,
        0,
        Good.BURGER,
        "marketing_trainee",
        2,
        False,
        1,
        ((3, 12), (4, 12)),
    )
    assert 14 not in state.campaign_supply
    assert state.players[0].at_work == []
    assert state.busy_marketeers(0) == ["marketing_trainee"]
    assert kinds(events, "campaign_launched")[0].data["cells"] == [[3, 12], [4, 12]]
    assert state.players[0].has("first_burger_marketed")
    assert not state.players[0].has("first_billboard")


def test_excerpt_002_duration_up_to_the_marketeer_maximum() -> None:
    """Excerpt 002: one counter per round it will run, up to the marketeer's maximum (2)."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    state.milestones_available.remove("first_billboard")
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15), PlaceCampaign(cell=(3, 12)))
    adverts = {a for a in legal_actions(state, 0) if isinstance(a, ChooseAdvert)}
    assert adverts == {ChooseAdvert(g, d) for g in BASE_GOODS for d in (1, 2)}
    illegal(state, 0, ChooseAdvert(Good.PIZZA, 3), "1 to 2 rounds")


def test_excerpt_002_eternal_campaign_from_the_first_billboard_on() -> None:
    """Excerpt 002 "Eternal campaigns": with First Billboard every campaign launched from then
    on, the billboard that earned it included, is eternal with a single counter."""
    state = campaigns_step(LINE, ["marketing_trainee", "campaign_manager"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15), PlaceCampaign(cell=(3, 12)))
    adverts = {a for a in legal_actions(state, 0) if isinstance(a, ChooseAdvert)}
    assert adverts == {ChooseAdvert(g, 1) for g in BASE_GOODS}
    illegal(state, 0, ChooseAdvert(Good.BURGER, 2), "eternal")
    state, _ = run(state, 0, ChooseAdvert(Good.BURGER, 1))
    first = state.campaigns[15]
    assert (first.eternal, first.remaining) == (True, 1)
    assert state.players[0].has("first_billboard")
    # the next campaign (a mailbox) is eternal too
    state, _ = run(
        state,
        0,
        StartCampaign("campaign_manager", 9),
        PlaceCampaign(cell=(3, 17)),
        ChooseAdvert(Good.SODA, 1),
    )
    assert state.campaigns[9].eternal


def test_facts_b_first_billboard_already_claimed_by_another_player() -> None:
    """facts.md B: a milestone removed at an earlier Clean up can't be claimed: not eternal."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    state.milestones_available.remove("first_billboard")
    state, _ = run(
        state,
        0,
        StartCampaign("marketing_trainee", 15),
        PlaceCampaign(cell=(3, 12)),
        ChooseAdvert(Good.PIZZA, 2),
    )
    assert not state.campaigns[15].eternal
    assert state.players[0].has("first_pizza_marketed")


def test_conventions_2_airplane_lines_up_without_passing_a_corner() -> None:
    """Excerpt 002 / conventions.md #2: an airplane lines up with exactly 1/3/5 squares of the
    map edge; it can't stick out past a corner."""
    state = campaigns_step(None, ["brand_manager"], restaurant=((3, 3), "nw"))
    state, _ = run(state, 0, StartCampaign("brand_manager", 5))  # 3 squares wide
    assert len(places(state)) == 4 * 8  # 10-square edges: first 0..7 on each
    illegal(state, 0, PlaceCampaign(edge=Edge.N, first=8), "past a corner")
    state, _ = run(state, 0, PlaceCampaign(edge=Edge.N, first=7), ChooseAdvert(Good.BURGER, 4))
    plane = state.campaigns[5]
    assert (plane.edge, plane.first, plane.cells) == (Edge.N, 7, ())
    assert state.players[0].has("first_airplane")


def _with_airplane(**options: Any) -> GameState:
    state = campaigns_step(None, ["brand_manager"], restaurant=((3, 3), "nw"), **options)
    state.campaigns[4] = Campaign(
        4, CampaignType.AIRPLANE, 1, Good.BEER, "brand_manager", 2, False, 1, (), Edge.N, 3
    )
    state.campaign_supply.remove(4)
    state, _ = run(state, 0, StartCampaign("brand_manager", 5))
    return state


def test_conventions_2_airplanes_may_overlap_by_default() -> None:
    """conventions.md #2 (excerpt 002): "Airplanes may overlap"."""
    state = _with_airplane()
    assert PlaceCampaign(edge=Edge.N, first=2) in places(state)


def test_facts_9_1_2_option_airplanes_may_not_overlap() -> None:
    """facts.md 9.1 #2 (DLX), option airplanes_may_not_overlap: tokens on one edge may not
    overlap; other edges are free."""
    state = _with_airplane(airplanes_may_not_overlap=True)
    assert PlaceCampaign(edge=Edge.N, first=2) not in places(state)
    assert PlaceCampaign(edge=Edge.N, first=4) in places(state)
    assert PlaceCampaign(edge=Edge.N, first=1) not in places(state)  # 1..3 meets column 3
    assert PlaceCampaign(edge=Edge.N, first=0) in places(state)
    assert PlaceCampaign(edge=Edge.S, first=2) in places(state)


def test_excerpt_002_launch_must_be_finished_once_started() -> None:
    """A launch is three decisions (tile, place, item); the step can't end in between."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15))
    illegal(state, 0, Done(), "place it first")
    illegal(state, 0, StartCampaign("marketing_trainee", 16), "finish launching")
    state, _ = run(state, 0, PlaceCampaign(cell=(3, 12)))
    illegal(state, 0, Done(), "choose the item")


def test_excerpt_002_each_marketeer_launches_one_campaign() -> None:
    """Excerpt 002: "Each played marketeer may launch one campaign": then the step ends."""
    state = campaigns_step(LINE, ["marketing_trainee", "kitchen_trainee"])
    state, events = run(
        state,
        0,
        StartCampaign("marketing_trainee", 15),
        PlaceCampaign(cell=(3, 12)),
        ChooseAdvert(Good.BURGER, 1),
    )
    assert [e.data["step"] for e in kinds(events, "step_ended")] == ["campaigns"]
    assert state.turn.working is not None and state.turn.working.step is WorkStep.FOOD_AND_DRINKS


def test_conventions_11_no_campaign_from_a_coming_soon_restaurant() -> None:
    """conventions.md #11: range starts at open restaurants only; with only a Coming Soon
    restaurant a Marketing Trainee has nowhere to go, so the step is skipped."""
    state = make_state(tiles=LINE)
    add_restaurant(state, 0, (3, 0), "nw", open=False)
    state.players[0].at_work = ["marketing_trainee"]
    state.players[1].at_work = ["kitchen_trainee"]
    for card in state.supply:
        state.supply[card] = 0
    events = start_phase(state, Phase.WORKING)
    assert "campaigns" in [e.data["step"] for e in kinds(events, "step_skipped")]
    assert current_actors(state) == [1]
