"""Lobbyists (ketchup.md 2): Lobbyists build roads and parks.

- The Lobbyist (entry level, salaried, not 1x, road range 2) acts in a Working 9-5 step of its
  own, "Lobbyists", between houses and gardens and restaurants (``Extensions.work_steps``):
  each one at work may place one road tile or one park tile (``BuildRoad`` / ``BuildPark``) on
  empty squares, one of them next to a road square within road range 2 of the player's open
  restaurants (as a marketeer's campaign, facts.md E.2; 19.1 row 13: the rulebook's wording,
  checked with range 2). Tiles are limited: 4 straight 2-square, 2 straight 4-square and 2
  L-shaped roads; I, T, L and L parks, mirror allowed (19.1 row 14, RTJoe's set).
- A road tile is placed under construction: no route uses it. One of its two arrows (at the
  tile's ends, pointing on along the tile) must point at an existing road square or at the
  entrance of one of the player's restaurants; every road square an arrow points at gets a
  roadworks marker (never two on one square). In Clean up the markers go and the roads open.
- Dinnertime: each roadworks marker a route crosses adds 1 to its distance (the board's ``w``
  squares; 19.1 row 12: Dinnertime routes only). The winner's route crossing roadworks is
  reported (``roadworks_crossed``).
- Tile Z (two printed 2x2 parks) joins the map tile pool (0.1: the two-park tile used only with
  Lobbyists); its parks count as parks.
- Parks (``Extensions.sale``): a house (or any module's house kind) whose house or garden
  squares touch a park is paid double per item, triple with a garden; several parks give one
  bonus. Nothing else changes (distance, demand, cap).
- First lobbyist used: claimed by the first player(s) to place a road or park; each claimer may
  at once place one extra map tile (``PlaceMapTile``, a decision: ``Done`` declines it), chosen
  from the leftover tiles, turned as the player likes, sharing one full side with a tile of the
  map, on any side of it or into a gap, never on a side where an airplane or a freeway
  sits. The layout is a rectangle with holes (``fcm.core.geometry.HOLE``: the map stops
  being a rectangle). Squares are numbered from the map's top-left (conventions.md), so a
  tile north or west of the map renumbers them: every square the game holds moves by a tile
  (``fcm.core.regrid``) and the tile's event says by how much (``moved_rows``,
  ``moved_cols``).

State: ``module_data["lobbyists"]``: ``used`` (tiles placed, by shape), ``acted`` (round,
seat and how many Lobbyists acted in that Working 9-5 turn), ``map_tile`` (the seat owed the
extra map tile) and, from a scenario only, ``leftover`` (the tiles kept for it). The tiles'
squares are pieces of the board overlay (``state.pieces``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from fcm.core import milestones
from fcm.core.actions import Action, Done
from fcm.core.company import board_of, occupied_squares, shifts
from fcm.core.errors import Reason
from fcm.core.events import EventLog
from fcm.core.extensions import (
    Decision,
    Extensions,
    HouseSold,
    Moment,
    Notice,
    PieceKind,
    SaleLine,
    StepInsert,
    WorkStepRules,
)
from fcm.core.geometry import HOLE, restaurant_entrances
from fcm.core.regrid import grow_layout, move_squares, tiles_before
from fcm.core.state import GameState, House, Piece, WorkingTurn, WorkStep
from fcm.core.types import TILE_SIZE, Cell, Corner, Edge, Seat
from fcm.modules._actions import square
from fcm.modules._data import facts_reader, own_data
from fcm.modules.lobbyists.actions import ACTIONS, BuildPark, BuildRoad, PlaceMapTile
from fcm.modules.lobbyists.events import (
    EVENTS,
    LOBBYIST_BUILT,
    MAP_TILE_ADDED,
    ROADS_OPENED,
    ROADWORKS_CROSSED,
)
from fcm.modules.lobbyists.ids import (
    FIRST_LOBBYIST_USED,
    LOBBYIST,
    LOBBYISTS,
    PARK,
    ROAD,
    ROAD_UNDER_CONSTRUCTION,
    ROADWORKS,
)
from fcm.rulesets import Module, known_modules

ID = "lobbyists"
RULE = "Lobbyists (ketchup.md 2)"
STEP_TITLE = "Lobbyists"
PRINTED_PARK = "P"  # a park printed on a map tile (tile Z)
# 19.1 row 13, reading B (DLX-K via RTJoe): the road square or entrance an arrow anchors on
# must itself be within road range 2 of the player's restaurants.
ANCHOR_IN_RANGE = "lobbyists_anchor_in_range"

Shape = frozenset[Cell]


# the module's facts (``data.json`` of this package), read once
facts = cache(facts_reader(__name__))


def _normal(cells: Any) -> Shape:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


@cache
def variants(shape: str) -> tuple[tuple[Cell, ...], ...]:
    """Every rotation and mirror image of a tile shape (either side usable, any rotation),
    each normalized to its top-left corner, in a fixed order."""
    base = [tuple(x) for x in facts()["shapes"][shape]]
    out: set[Shape] = set()
    for mirror in (False, True):
        cells = [(r, -c) if mirror else (r, c) for r, c in base]
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            out.add(_normal(cells))
    return tuple(sorted(tuple(sorted(v)) for v in out))


def shape_of(cells: tuple[Cell, ...], kinds: dict[str, int]) -> str | None:
    """Which of these tile shapes ``cells`` form (None: none)."""
    if len(set(cells)) != len(cells) or not cells:
        return None
    norm = tuple(sorted(_normal(cells)))
    for shape in kinds:
        if norm in variants(shape):
            return shape
    return None


def arrows(cells: tuple[Cell, ...]) -> list[Cell]:
    """The squares a road tile's two arrows point at: at each end (a square with one neighbour
    on the tile), one step on along the tile, away from that neighbour."""
    on = set(cells)
    out = []
    for r, c in cells:
        nbrs = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if (r + dr, c + dc) in on]
        if len(nbrs) == 1:
            (nr, nc), = nbrs
            out.append((2 * r - nr, 2 * c - nc))
    return out


# -- state ---------------------------------------------------------------------------------------


def tiles_left(state: GameState, kind: str) -> dict[str, int]:
    """Road (``kind="roads"``) or park tiles not placed yet, by shape."""
    used = state.module_data.get(ID, {}).get("used", {})
    return {shape: n - used.get(shape, 0) for shape, n in facts()[kind].items()}


def lobbyists_left(state: GameState, turn: WorkingTurn) -> int:
    """Lobbyists at work that have not placed a tile this turn (a second shift acts again)."""
    p = state.players[turn.seat]
    n = p.at_work.count(LOBBYIST)
    if not n:
        return 0
    if state.rules.extensions.shifts:
        n *= shifts(state, turn.seat, LOBBYIST)
    acted = state.module_data.get(ID, {}).get("acted")
    if acted and acted[0] == state.round and acted[1] == turn.seat:
        n -= acted[2]
    return n


def _entrances(state: GameState, seat: Seat) -> set[Cell]:
    return {
        cell
        for r in state.restaurants_of(seat)
        for cell in restaurant_entrances(r.cell, Corner(r.entrance), r.drive_in)
    }


def _spots(state: GameState, seat: Seat) -> list[tuple[Cell, Corner, bool]]:
    return [(r.cell, r.entrance, r.drive_in) for r in state.restaurants_of(seat) if r.open]


# -- the step ------------------------------------------------------------------------------------


class _Site:
    """What a placement is checked against, built once per question."""

    def __init__(self, state: GameState, seat: Seat) -> None:
        self.board = board_of(state)
        rng: int = facts()["range"]
        spots = _spots(state, seat)
        self.in_range = self.board.squares_in_road_range(spots, rng) if spots else frozenset()
        self.taken = occupied_squares(state) | {p.cell for p in state.pieces}
        self.entrances = _entrances(state, seat)
        self.anchors: set[Cell] | None = None  # None: any road square anchors (the default)
        if ANCHOR_IN_RANGE in state.options.switches:
            reached = self.board.reachable_roads(spots, rng) if spots else {}
            self.anchors = {node.cell for node in reached}

    def free(self, cell: Cell) -> bool:
        return self.board.is_blank(cell) and cell not in self.taken

    def anchored(self, cells: tuple[Cell, ...]) -> bool:
        for target in arrows(cells):
            if target in self.entrances:
                return True
            if self.board.is_road(target) and (self.anchors is None or target in self.anchors):
                return True
        return False

    def works(self, state: GameState, cells: tuple[Cell, ...]) -> list[Cell]:
        """The road squares the arrows point at without a marker yet (no stacking)."""
        marked = {p.cell for p in state.pieces if p.kind == ROADWORKS}
        return sorted({t for t in arrows(cells) if self.board.is_road(t) and t not in marked})


def _why_not(state: GameState, turn: WorkingTurn, action: Action, site: _Site | None) -> str | None:
    """Why a Lobbyist may not place this tile (None: it may), naming the rule."""
    assert isinstance(action, BuildRoad | BuildPark)
    if lobbyists_left(state, turn) <= 0:
        return Reason(
            "lobbyists.none_left",
            f"{RULE}: each Lobbyist at work places one road or park tile a turn (none left)")
    road = isinstance(action, BuildRoad)
    kinds = tiles_left(state, "roads" if road else "parks")
    shape = shape_of(action.cells, kinds)
    what = "road" if road else "park"
    if shape is None:
        names = ", ".join(sorted(kinds))
        return Reason(f"lobbyists.no_{what}_shape",
                      f"{RULE}: those squares form no {what} tile ({names})",
                      shapes=sorted(kinds))
    if kinds[shape] <= 0:
        return Reason(f"lobbyists.no_{what}_left", f"{RULE}: no {shape} {what} tile is left",
                      shape=shape)
    site = site or _Site(state, turn.seat)
    for cell in action.cells:
        if not site.board.in_map(cell):
            return Reason("lobbyists.off_map",
                          f"{RULE}: a tile may not hang off the map ({cell[0]},{cell[1]})",
                          at=square(cell))
    for cell in action.cells:
        if not site.free(cell):
            return Reason("lobbyists.not_empty",
                          f"{RULE}: only on empty squares; {cell[0]},{cell[1]} is not empty",
                          at=square(cell))
    if not any(cell in site.in_range for cell in action.cells):
        return Reason(
            "lobbyists.range",
            f"{RULE}: the tile must be next to a road square within road range "
            f"{facts()['range']} of your restaurants",
            reach=facts()["range"],
        )
    if road and not site.anchored(action.cells):
        return Reason(
            "lobbyists.anchor",
            f"{RULE}: one of the road's arrows must point at an existing road or at your "
            "restaurant's entrance",
        )
    return None


def _candidates(site: _Site, shapes: dict[str, int]) -> Iterator[tuple[Cell, ...]]:
    seen: set[tuple[Cell, ...]] = set()
    for anchor in sorted(site.in_range):
        if not site.free(anchor):
            continue
        for shape, left in shapes.items():
            if left <= 0:
                continue
            for variant in variants(shape):
                for dr, dc in variant:
                    r0, c0 = anchor[0] - dr, anchor[1] - dc
                    cells = tuple((r0 + r, c0 + c) for r, c in variant)
                    if cells in seen:
                        continue
                    if all(site.board.in_map(x) and site.free(x) for x in cells):
                        seen.add(cells)
                        yield cells


def options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """Every road and park tile a Lobbyist at work may place (ketchup.md 2)."""
    if lobbyists_left(state, turn) <= 0:
        return
    site = _Site(state, turn.seat)
    if not site.in_range:
        return
    for cells in _candidates(site, tiles_left(state, "roads")):
        if site.anchored(cells):
            yield BuildRoad(cells)
    for cells in _candidates(site, tiles_left(state, "parks")):
        yield BuildPark(cells)


def explain(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    return _why_not(state, turn, action, None)


def act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    assert isinstance(action, BuildRoad | BuildPark)
    site = _Site(state, turn.seat)
    why = _why_not(state, turn, action, site)
    assert why is None, why
    road = isinstance(action, BuildRoad)
    shape = shape_of(action.cells, tiles_left(state, "roads" if road else "parks"))
    assert shape is not None
    data = own_data(state, ID)
    used = data.setdefault("used", {})
    used[shape] = used.get(shape, 0) + 1
    acted = data.get("acted")
    done = acted[2] if acted and acted[0] == state.round and acted[1] == turn.seat else 0
    data["acted"] = [state.round, turn.seat, done + 1]
    works = site.works(state, action.cells) if road else []
    kind = ROAD_UNDER_CONSTRUCTION if road else PARK
    state.pieces.extend(Piece(kind, cell) for cell in action.cells)
    state.pieces.extend(Piece(ROADWORKS, cell) for cell in works)
    built: dict[str, Any] = {
        "seat": turn.seat,
        "piece": "road" if road else "park",
        "shape": shape,
        "cells": [list(c) for c in action.cells],
    }
    if road:  # a road's only: where its arrows put roadworks (the report's road wording)
        built["roadworks"] = [list(c) for c in works]
    log.emit(LOBBYIST_BUILT, **built)
    if milestones.claim(state, turn.seat, FIRST_LOBBYIST_USED, log):
        _owe_map_tile(state, turn.seat, log)
    milestones.card_used(state, turn.seat, LOBBYIST, log)


# -- First lobbyist used: the extra map tile -----------------------------------------------------

MAP_TILE_RULE = f"First lobbyist used ({RULE})"
MAP_TILE_FIRST = Reason(
    "lobbyists.map_tile_first",
    f"Working 9-5: first place the extra map tile {MAP_TILE_RULE} lets you place, or decline it "
    "(done)",
)
MAP_TILE_WHEN = Reason(
    "lobbyists.map_tile_when",
    f"{MAP_TILE_RULE}: an extra map tile is placed only right after claiming it",
)


def leftover(state: GameState) -> list[str]:
    """The map tiles kept for First lobbyist used (2 "Setup": the pool's tiles the map did not
    use; the pool is every tile of the game's catalog), in letter order. A scenario may name
    them (``module_data["lobbyists"]["leftover"]``)."""
    on_map = {t for row in state.tiles for t, _ in row}
    given = state.module_data.get(ID, {}).get("leftover")
    pool = sorted(state.rules.catalog.tiles) if given is None else [str(t) for t in given]
    return [t for t in pool if t not in on_map and t in state.rules.catalog.tiles]


def _airplane_sides(state: GameState) -> list[tuple[Edge, range]]:
    """Each airplane beside the map: its side and the squares' rows (e/w) or columns (n/s)."""
    out = []
    for c in state.campaigns.values():
        if c.edge is None or c.first is None:
            continue
        span = state.rules.catalog.campaigns[c.number].span
        out.append((Edge(c.edge), range(c.first, c.first + span)))
    return out


def tile_places(state: GameState) -> list[tuple[int, int]]:
    """Where the extra map tile may go (2): a place without a tile that shares one full side
    with a tile of the map, on any side (tile row or column -1: north or west of the layout,
    one past its last: south or east) or in a hole; not on a side where an airplane sits nor
    over a freeway beside the map (a piece off the map)."""
    rows, cols = len(state.tiles), len(state.tiles[0])
    on = {(r, c) for r, row in enumerate(state.tiles) for c, (t, _) in enumerate(row)
          if t != HOLE}
    planes = _airplane_sides(state)
    board = board_of(state)
    beside = {p.cell for p in state.pieces if not board.in_map(p.cell)}
    out = []
    for r in range(-1, rows + 1):
        for c in range(-1, cols + 1):
            if (r, c) in on or not any(
                (r + dr, c + dc) in on for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            ):
                continue
            if any(_faces(on, r, c, edge) and _crosses(r, c, edge, lines)
                   for edge, lines in planes):
                continue
            if any(r * TILE_SIZE <= x < (r + 1) * TILE_SIZE
                   and c * TILE_SIZE <= y < (c + 1) * TILE_SIZE for x, y in beside):
                continue
            out.append((r, c))
    return out


def _faces(on: set[tuple[int, int]], r: int, c: int, edge: Edge) -> bool:
    """Whether a tile at place ``r``/``c`` would be the map's outermost on side ``edge`` in
    its tile row (e/w) or column (n/s): nothing of the map between it and that side."""
    if edge is Edge.E:
        return not any(tr == r and tc > c for tr, tc in on)
    if edge is Edge.W:
        return not any(tr == r and tc < c for tr, tc in on)
    if edge is Edge.S:
        return not any(tc == c and tr > r for tr, tc in on)
    return not any(tc == c and tr < r for tr, tc in on)


def _crosses(r: int, c: int, edge: Edge, lines: range) -> bool:
    """Whether an airplane on ``edge`` covering ``lines`` lies beside the place's squares."""
    squares = range(r * TILE_SIZE, (r + 1) * TILE_SIZE) if edge in (Edge.E, Edge.W) \
        else range(c * TILE_SIZE, (c + 1) * TILE_SIZE)
    return bool(set(lines) & set(squares))


def map_tile_options(state: GameState, turn: WorkingTurn) -> list[Action] | None:
    """The extra map tiles the claimer may place now (None: none owed)."""
    if state.module_data.get(ID, {}).get("map_tile") != turn.seat:
        return None
    places = tile_places(state)
    return [
        PlaceMapTile(letter, rotation, r, c)
        for letter in leftover(state)
        for r, c in places
        for rotation in range(4)
    ]


def map_tile_why(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    """Why this extra map tile may not be placed (None: it may), naming the rule."""
    if not isinstance(action, PlaceMapTile):
        return MAP_TILE_FIRST
    if state.module_data.get(ID, {}).get("map_tile") != turn.seat:
        return MAP_TILE_WHEN
    if action.letter not in leftover(state):
        return Reason("lobbyists.map_tile_not_left",
                      f"{MAP_TILE_RULE}: tile {action.letter} is not one of the leftover tiles",
                      tile=action.letter)
    if not 0 <= action.rotation <= 3:
        return Reason("lobbyists.map_tile_rotation",
                      f"{MAP_TILE_RULE}: a rotation is 0-3 quarter turns, not {action.rotation}",
                      rotation=action.rotation)
    if (action.row, action.col) not in tile_places(state):
        return Reason(
            "lobbyists.map_tile_place",
            f"{MAP_TILE_RULE}: the tile must share one full side with a tile of the map, "
            "not on a side where an airplane or a freeway sits "
            f"(tile {action.row},{action.col})",
            at=f"{action.row},{action.col}",
        )
    return None


def _owe_map_tile(state: GameState, seat: Seat, log: EventLog) -> None:
    why = "" if leftover(state) else "none_left"
    if not why and not tile_places(state):
        why = "no_place"
    if why:
        flag: dict[str, Any] = {why: True}  # the event's variant: none_left or no_place
        log.emit(MAP_TILE_ADDED, None, seat=seat, letter="", rotation=0, row=-1, col=-1,
                 houses=[], **flag)
    else:
        own_data(state, ID)["map_tile"] = seat


def grown(
    tiles: list[list[tuple[str, int]]], row: int, col: int, letter: str, rotation: int
) -> list[list[tuple[str, int]]]:
    """The layout with ``letter`` at tile ``row``/``col`` (-1: north or west of it), the
    rectangle widened with holes."""
    return grow_layout(tiles, row, col, letter, rotation)[0]


def map_growth(players: int, leftover: int) -> int:
    """The most tiles First lobbyist used adds to a map: one per claimer (every seat may claim
    it the same turn), while leftover tiles last."""
    return min(players, leftover)


def map_tile_act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> bool:
    data = state.module_data.get(ID, {})
    if data.get("map_tile") != turn.seat or not isinstance(action, PlaceMapTile | Done):
        return False
    if isinstance(action, PlaceMapTile):
        why = map_tile_why(state, turn, action)
        assert why is None, why
    del data["map_tile"]
    if isinstance(action, Done):  # the reward is optional ("allows", RTJoe Q-K36)
        log.emit(MAP_TILE_ADDED, seat=turn.seat, letter="", rotation=0, row=-1, col=-1, houses=[],
                 declined=True)
        return True
    # a new list: clones share the layout
    tiles, down, right = grow_layout(
        state.tiles, action.row, action.col, action.letter, action.rotation)
    rows, cols = tiles_before(down, right)
    move_squares(state, rows, cols)  # north or west: every square is renumbered
    state.tiles = tiles
    board = board_of(state)
    kinds = dict(state.rules.catalog.tiles[action.letter].houses)
    added = []
    for number, cells in sorted(board.printed_houses.items()):
        if number in state.houses:
            continue
        state.houses[number] = House(
            number=number,
            cell=min(cells),
            printed=True,
            garden=board.printed_gardens.get(number, ()),
            kind=kinds.get(number, ""),
            size=3 if len(cells) == 9 else 2,
        )
        added.append(number)
    # north or west: the event says how far every square moved (the report's variant)
    moved: dict[str, Any] = {"moved_rows": rows, "moved_cols": cols} if rows or cols else {}
    log.emit(MAP_TILE_ADDED, seat=turn.seat, letter=action.letter, rotation=action.rotation,
             row=action.row + down, col=action.col + right, houses=added, **moved)
    return True


MAP_TILE_DECISION = Decision(
    map_tile_options,
    map_tile_act,
    pending_why=MAP_TILE_FIRST,
    explain=map_tile_why,
    outside_why={PlaceMapTile.type: MAP_TILE_WHEN},
)


# -- Clean up, Dinnertime ------------------------------------------------------------------------


def open_roads(state: GameState, log: EventLog) -> None:
    """Clean up: remove every roadworks marker and flip the roads under construction (2)."""
    building = [p.cell for p in state.pieces if p.kind == ROAD_UNDER_CONSTRUCTION]
    works = [p.cell for p in state.pieces if p.kind == ROADWORKS]
    if not building and not works:
        return
    state.pieces[:] = [
        Piece(ROAD, p.cell) if p.kind == ROAD_UNDER_CONSTRUCTION else p
        for p in state.pieces
        if p.kind != ROADWORKS
    ]
    log.emit(
        ROADS_OPENED,
        cells=[list(c) for c in sorted(building)],
        roadworks=[list(c) for c in sorted(works)],
    )


def park_multiplier(state: GameState, house: House) -> int:
    """×2 for a house whose house or garden squares touch a park, ×3 with a garden; 1 without
    a park (several parks: one bonus)."""
    parks = {p.cell for p in state.pieces if p.kind == PARK}
    board = board_of(state)
    for r, c in house.footprint:
        around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if any(x in parks or (board.in_map(x) and board.square_kind(x) == PRINTED_PARK)
               for x in around):
            f = facts()
            return int(f["park_and_garden_multiplier"] if house.garden else f["park_multiplier"])
    return 1


def sale(state: GameState, seat: Seat, house: House, lines: list[SaleLine]) -> list[SaleLine]:
    """A park next to the house: one more unit price per item (×2), or two more with a garden
    on top of the garden's (×3) (ketchup.md 2, 18 step 4)."""
    times = park_multiplier(state, house)
    if times == 1:
        return lines
    # the items at the unit price: the meal's line, or another module's sale to the house (a
    # line with ``base``, e.g. a coffee sold on the way), which parks multiply too (2)
    base = next((line["amount"] if line["kind"] == "items" else line["base"]
                 for line in lines if line["kind"] == "items" or "base" in line), None)
    if base is None:
        return lines
    # the garden already adds one unit price per item (x2): the park adds the rest
    extra = base * (times - (2 if house.garden else 1))
    return [*lines, {"kind": "park", "multiplier": times, "amount": extra}]


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    """Dinnertime: say when the winner's route to the house crossed roadworks (+1 each)."""
    if not isinstance(notice, HouseSold):
        return
    if not any(p.kind == ROADWORKS for p in state.pieces):
        return
    board = board_of(state)
    best: tuple[int, int] | None = None
    for r in state.restaurants_of(notice.seat):
        if not r.open:
            continue
        found = board.house_route(
            notice.house.footprint, restaurant_entrances(r.cell, Corner(r.entrance), r.drive_in)
        )
        if found is not None:
            path, distance = found
            here = (distance, -board.roadworks_on(path))
            if best is None or here < best:
                best = here
    if best is not None and best[1]:
        log.emit(
            ROADWORKS_CROSSED,
            house=notice.house.number,
            seat=notice.seat,
            count=-best[1],
            distance=best[0],
        )


def _add_data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    emp = raw["employees.json"]
    for card in facts()["employees"]:
        emp["employees"].append(dict(card))
        emp["total_cards"] += card["box_count"]
        emp["entry_level_types"].append(card["id"])
    raw["tiles.json"]["tiles"].extend(dict(t) for t in facts()["tiles"])  # tile Z joins the pool
    ms = raw["milestones.json"]
    for m in facts()["milestones"]:
        ms["milestones"].append(dict(m))
        ms["total_copies"] += m["copies"]


STEP = WorkStepRules(
    LOBBYISTS,
    STEP_TITLE,
    (BuildRoad.type, BuildPark.type),
    options,
    act,
    explain,
)


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=_add_data,
        extensions=Extensions(
            work_steps=(StepInsert(WorkStep.HOUSES, STEP),),
            at=((Moment.CLEANUP_DISCARDED, open_roads),),
            sale=(sale,),
            react=(react,),
            decisions=(MAP_TILE_DECISION,),
            map_growth=(map_growth,),
        ),
        switches=(ANCHOR_IN_RANGE,),
        actions=ACTIONS,
        events=EVENTS,
        pieces=(
            # the marks tell the two "#" kinds apart on the board: a tool, a tree
            PieceKind(ROAD_UNDER_CONSTRUCTION, "#", label="\u2692"),
            PieceKind(ROAD, "r"),
            PieceKind(ROADWORKS, "w", label="+1"),
            PieceKind(PARK, "#", label="\u2663"),
        ),
    )
