"""Audit: Working 9–5 step 4, launching campaigns.

Sources: excerpt 002 "Working 9–5" ("Launch campaigns": "Place it within the marketeer's range
from one of your open restaurants' entrances ... A marketeer who travels by road must place it
next to the road they used"), facts.md E.2 ("for road-range marketeers: next to the road used;
the campaign tile itself must be in range; for multi-tile campaigns one road-adjacent square in
range suffices") and D.1 (range counts tile borders; stepping from a road square onto a square of
the next tile crosses a border, as for an entrance).
"""

from __future__ import annotations

import pytest
from tests.helpers import add_restaurant, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import PlaceCampaign, StartCampaign
from fcm.core.engine import legal_actions
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Orientation

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

# One row of tiles A B C L. From the restaurant on A the road reaches B at range 1 and the ring
# road of C (tile columns 10-14, its east column 14 all road) at range 2; L (columns 15-19)
# begins with blank squares right beside C's ring road, and L's own road is at range 3.
#   ..r....rHHrrrrr..r..
#   ..r....rHHr.HHr..r..
#   rrrrrrrrrrr.HHrrrrrr
#   HHr....r..r...r...l.
#   HHr....r..rrrrr.....
RING = [[("A", 0), ("B", 0), ("C", 0), ("L", 0)]]


def campaigns_step(at_work: list[str]) -> GameState:
    state = make_state(tiles=RING)
    add_restaurant(state, 0, (0, 0), "se")  # entrance (1, 1): range 0 on tile A's road
    state.players[0].at_work = sorted(at_work)
    for card in state.supply:
        state.supply[card] = 0
    state.campaign_supply = list(range(1, 17))
    start_phase(state, Phase.WORKING)
    assert state.turn.working is not None and state.turn.working.step is WorkStep.CAMPAIGNS
    return state


def places(state: GameState) -> set[PlaceCampaign]:
    return {a for a in legal_actions(state, 0) if isinstance(a, PlaceCampaign)}


def test_facts_E2_campaign_on_the_next_tile_beside_the_last_road_square_is_out_of_range() -> None:
    """facts.md E.2 "the campaign tile itself must be in range": C's ring road is reached at
    range 2, but a billboard on tile L beside it lies one border further (range 3). A Marketing
    Trainee (range 2) may not place it there; beside the same road on C itself it may."""
    state = campaigns_step(["marketing_trainee"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15))  # 1x1 billboard
    legal = places(state)
    assert PlaceCampaign(cell=(3, 13)) in legal  # on C, beside C's ring road: range 2
    for cell in ((0, 15), (1, 15), (3, 15), (4, 15)):  # on L, beside C's ring road: range 3
        assert PlaceCampaign(cell=cell) not in legal
        illegal(state, 0, PlaceCampaign(cell=cell), "range 2")
    assert not any(a.cell is not None and a.cell[1] >= 15 for a in legal)


def test_facts_E2_range_3_reaches_the_square_beside_the_road_on_the_next_tile() -> None:
    """The same squares are in range for a Campaign Manager (range 3), through C's road or
    L's own road."""
    state = campaigns_step(["campaign_manager"])
    state, _ = run(state, 0, StartCampaign("campaign_manager", 13))  # 3x1 billboard
    legal = places(state)
    assert PlaceCampaign(cell=(3, 15), orientation=Orientation.HORIZONTAL) in legal
    assert PlaceCampaign(cell=(0, 15), orientation=Orientation.HORIZONTAL) not in legal  # road


def test_facts_E2_one_road_adjacent_square_in_range_suffices() -> None:
    """facts.md E.2 "for multi-tile campaigns one road-adjacent square in range suffices": a
    billboard reaching from C's interior (in range) onto further squares is legal."""
    state = campaigns_step(["marketing_trainee"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 13))  # 3x1 billboard
    # (3, 11)-(3, 13) on C, (3, 11) beside C's ring road (3, 10) at range 2
    assert PlaceCampaign(cell=(3, 11), orientation=Orientation.HORIZONTAL) in places(state)
