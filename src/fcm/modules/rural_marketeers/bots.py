"""Rural Marketeers (ketchup.md 12) for the easy and medium bots.

- Train a Marketing Trainee into a Rural Marketeer (one per chain) once the chain cooks, from
  round 2, when the cash covers this round's salaries with $10 to spare, a side of the rural
  area is free, a freeway is (or could still be, with First rural marketeer used) within 2
  tile borders of one of the chain's open restaurants, and the rural area wants only the
  chain's main food (every giant billboard advertises it, at most 6 tokens wait): the eternal
  giant billboard feeds a house without a cap that only freeways reach, sold all or nothing.
  From round 3 the same conditions hire a Marketing Trainee for it (with a second hire before
  round 4).
- A Rural Marketeer at work launches its giant billboard at once, for the chain's main food,
  when every giant billboard advertises that food (else it waits: a mixed order is never sold).
- A freeway goes on the free square nearest the chain's open restaurants.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import (
    Advice,
    afford,
    cards_owned,
    cooks_main_food,
    find_train,
    main_food,
    register_advice,
)
from fcm.core.actions import Action, ChooseAdvert, Done, Hire, StartCampaign
from fcm.core.company import board_of
from fcm.core.geometry import restaurant_entrances
from fcm.core.state import GameState
from fcm.core.types import CampaignType, Cell, EmployeeId, Seat
from fcm.modules.rural_marketeers import billboards, freeway_squares, freeways, rural_area
from fcm.modules.rural_marketeers.actions import PlaceFreeway
from fcm.modules.rural_marketeers.ids import FIRST_RURAL_MARKETEER_USED, RURAL_MARKETEER

NEAR = 2  # tile borders from a freeway to a restaurant that make the rural area worth it


def _distance(view: GameState, seat: Seat, spots: Sequence[Cell]) -> int | None:
    """The chain's nearest open restaurant's distance to the rural area through ``spots``."""
    if not spots:
        return None
    board = board_of(view)
    table = board.edge_distances(spots)
    w = board.width
    best = [
        table[r * w + c]
        for rest in view.restaurants_of(seat)
        if rest.open
        for r, c in restaurant_entrances(rest.cell, rest.entrance, rest.drive_in)
        if table[r * w + c] >= 0
    ]
    return min(best) if best else None


def _reachable(view: GameState, seat: Seat) -> bool:
    d = _distance(view, seat, freeways(view))
    if d is not None and d <= NEAR:
        return True
    if FIRST_RURAL_MARKETEER_USED not in view.milestones_available:
        return False
    return any(
        (d := _distance(view, seat, [spot])) is not None and d <= NEAR
        for spot in freeway_squares(view)
    )


MOST_WAITING = 6  # rural demand tokens beyond which a chain cannot hope to sell it all


def _wanted(view: GameState, seat: Seat) -> bool:
    """A Rural Marketeer would pay for this chain (see the module docstring)."""
    if not afford(view, seat) or cards_owned(view, seat)[RURAL_MARKETEER]:
        return False
    if not cooks_main_food(view, seat):
        return False
    return _sellable(view, seat, MOST_WAITING)


def _sellable(view: GameState, seat: Seat, most: int) -> bool:
    """A side is free, the rural area wants only the chain's main food (every giant billboard
    advertises it, at most ``most`` tokens wait) and a freeway near the chain is or may be."""
    if not any(n in view.campaign_supply for n in billboards(view)):
        return False
    food = main_food(view, seat)
    if any(view.campaigns[n].good is not food for n in billboards(view) if n in view.campaigns):
        return False
    rural = rural_area(view)
    if rural is None or len(rural.demand) > most:
        return False
    if any(g is not food for g in rural.demand):
        return False
    return _reachable(view, seat)


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if view.round < 2 or not _wanted(view, seat):
        return None
    return find_train(trains, EmployeeId.MARKETING_TRAINEE, RURAL_MARKETEER)


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    want = Hire(EmployeeId.MARKETING_TRAINEE)
    working = view.turn.working
    if want not in hires or view.round < 3 or working is None:
        return None
    if view.round < 4 and working.hires_left < 2:
        return None
    p = view.players[seat]
    idle = (p.hand + p.beach + p.at_work).count(EmployeeId.MARKETING_TRAINEE)  # not on a campaign
    if idle or not _wanted(view, seat):
        return None
    return want


_RANK = {CampaignType.RADIO: 0, CampaignType.AIRPLANE: 1, CampaignType.MAILBOX: 2,
         CampaignType.BILLBOARD: 3}


def start_campaign(view: GameState, seat: Seat, starts: Sequence[Action]) -> Action | None:
    """The giant billboard when the rural area is worth it; else another marketeer's tile (the
    easy bot's order), or none: a giant billboard for a good the rural area cannot all be sold
    in would only grow a demand nobody meets."""
    rural = [a for a in starts if isinstance(a, StartCampaign) and a.marketeer == RURAL_MARKETEER]
    if not rural:
        return None
    if _sellable(view, seat, 10**6):
        return rural[0]
    others = [a for a in starts if isinstance(a, StartCampaign) and a not in rural]

    def key(a: StartCampaign) -> tuple[int, int]:
        tile = view.rules.catalog.campaigns[a.number]
        return (_RANK.get(tile.type, 4), -tile.height * tile.width)

    return min(others, key=key) if others else Done()


def working(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    starts = [a for a in legal if isinstance(a, StartCampaign)]
    if starts and Done() in legal:
        return start_campaign(view, seat, starts)
    turn = view.turn.working
    if turn is not None and turn.draft is not None and turn.draft.number in billboards(view):
        food = main_food(view, seat)  # the giant billboard advertises the chain's main food
        return next((a for a in legal if isinstance(a, ChooseAdvert) and a.good is food), None)
    places = [a for a in legal if isinstance(a, PlaceFreeway)]
    if not places:
        return None

    def key(a: PlaceFreeway) -> tuple[int, Cell]:
        d = _distance(view, seat, [a.cell])
        return (99 if d is None else d, a.cell)

    return min(places, key=key)


register_advice(
    "rural_marketeers",
    Advice(order=35, hire=hire, train=train, start_campaign=start_campaign, working=working),
)
