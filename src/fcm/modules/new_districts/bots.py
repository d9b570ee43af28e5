"""New Districts (ketchup.md 1) for the easy and medium bots.

- Placing a campaign (the ``working`` advice, at the placement of a drafted tile): each legal
  square or airplane row is valued by the demand it makes that the chain is likely to sell
  (medium's win chances for its main food, price x the garden's x2), less a quarter of what
  it makes for a rival; an apartment counts the two tokens it takes a campaign and never fills
  up (no cap), a house its one token within its cap. The advice answers only when the best
  placement reaches an apartment the chain is likely to win; otherwise the bot's own plan
  places the tile as in a base game.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, main_food, register_advice
from fcm.bots.heuristic import placements_reach
from fcm.bots.medium import LEAK, win_chances
from fcm.core.actions import Action, PlaceCampaign
from fcm.core.company import demand_room, unit_price
from fcm.core.state import GameState
from fcm.core.types import Seat
from fcm.modules.new_districts.ids import APARTMENT

LIKELY = 0.5  # a win chance from which an apartment is worth aiming at


def place_campaign(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """The placement worth most with apartments counted as two tokens, no cap (1); None when
    it reaches no apartment the chain is likely to win."""
    places = [a for a in legal if isinstance(a, PlaceCampaign)]
    w = view.turn.working
    if not places or w is None or w.draft is None:
        return None
    if not any(h.kind == APARTMENT for h in view.houses.values()):
        return None
    tile = view.rules.catalog.campaigns[w.draft.number]
    good = main_food(view, seat)
    reach = placements_reach(view, seat, tile, places, good)
    if not any(
        h.kind == APARTMENT and demand_room(view, h, 1) > 0 for houses in reach for h in houses
    ):
        return None  # no placement aims at an apartment: the bot's own plan places it
    chances = win_chances(view, seat, good=good)
    price = unit_price(view, seat)
    best: PlaceCampaign | None = None
    best_value, best_aims = 0.0, False
    for a, reached in zip(places, reach, strict=True):
        value, aims = 0.0, False
        for house in reached:
            tokens = demand_room(view, house, 1)  # an apartment: 2, however full
            if tokens <= 0:
                continue
            ch = chances.get(house.number, 0.0)
            gain = price * (2 if house.garden else 1)
            value += tokens * (ch * gain - LEAK * (1 - ch) * gain)
            aims = aims or (house.kind == APARTMENT and ch >= LIKELY)
        if value > best_value + 1e-9:
            best, best_value, best_aims = a, value, aims
    return best if best_aims else None


register_advice("new_districts", Advice(order=55, working=place_campaign))
