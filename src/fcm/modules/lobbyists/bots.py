"""Lobbyists (ketchup.md 2) for the easy and medium bots.

- Hire: one Lobbyist (entry level, $5 salary) from round 3, once the chain cooks its main food
  and has an open restaurant, with a second hire in the turn and cash for the salary: its park
  doubles what a house beside it pays.
- Working 9-5: a park that touches a house, the house nearest to one of the chain's
  restaurants first (the chain is likelier to serve it), a house with a garden (x3) before
  one without; no park touches a house: nothing (a road's roadworks slow the chain's own
  routes too until Clean up, so the bots build no roads).
- First lobbyist used: the extra map tile is a tile printing a house, placed where its
  middle lies nearest to one of the chain's entrances (a house the chain is likely to serve);
  no such tile: the first offered.
- Restructuring: at work like an unlisted card.
"""

from __future__ import annotations

from collections.abc import Sequence

from fcm.bots.advice import Advice, afford, cards_owned, cooks_main_food, register_advice
from fcm.core.actions import Action, Hire
from fcm.core.company import board_of
from fcm.core.geometry import restaurant_entrances
from fcm.core.state import GameState
from fcm.core.types import Cell, Corner, EmployeeId, Seat
from fcm.modules.lobbyists.actions import BuildPark, PlaceMapTile
from fcm.modules.lobbyists.ids import LOBBYIST

FROM_ROUND = 3


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    want = Hire(LOBBYIST)
    if want not in hires or cards_owned(view, seat)[LOBBYIST] or view.round < FROM_ROUND:
        return None
    working = view.turn.working
    if working is None or working.hires_left < 2:
        return None
    if not any(r.open for r in view.restaurants_of(seat)):
        return None
    if cooks_main_food(view, seat) and afford(view, seat):
        return want
    return None


def _touches(cells: tuple[Cell, ...], footprint: tuple[Cell, ...]) -> bool:
    near = {(r + dr, c + dc) for r, c in cells for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    return bool(near & set(footprint))


def _map_tile(view: GameState, seat: Seat, tiles: list[PlaceMapTile]) -> Action:
    entrances = [
        e for r in view.restaurants_of(seat)
        for e in restaurant_entrances(r.cell, Corner(r.entrance), r.drive_in)
    ]
    catalog = view.rules.catalog.tiles

    def rank(a: PlaceMapTile) -> tuple[bool, int]:
        mid = (a.row * 5 + 2, a.col * 5 + 2)
        near = min((abs(mid[0] - r) + abs(mid[1] - c) for r, c in entrances), default=0)
        return (not catalog[a.letter].house_numbers, near)

    return min(tiles, key=rank)


def working(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    tiles = [a for a in legal if isinstance(a, PlaceMapTile)]
    if tiles:
        return _map_tile(view, seat, tiles)
    parks = [a for a in legal if isinstance(a, BuildPark)]
    if not parks:
        return None
    board = board_of(view)
    entrances = [
        e for r in view.restaurants_of(seat) if r.open
        for e in restaurant_entrances(r.cell, Corner(r.entrance), r.drive_in)
    ]
    if not entrances:
        return None
    ranked: list[tuple[int, int, int, BuildPark]] = []  # (distance, no garden, number, park)
    for house in sorted(view.houses.values(), key=lambda h: h.number):
        d = board.distance_house_to_restaurant(house.footprint, entrances)
        if d is None:
            continue
        for park in parks:
            if _touches(park.cells, house.footprint):
                ranked.append((d, not house.garden, house.number, park))
                break
    if not ranked:
        return None
    return min(ranked, key=lambda x: x[:3])[3]


def work_priority(view: GameState, seat: Seat) -> dict[EmployeeId, int]:
    return {LOBBYIST: 60}


ADVICE = Advice(order=60, hire=hire, working=working, work_priority=work_priority)
register_advice("lobbyists", ADVICE)
