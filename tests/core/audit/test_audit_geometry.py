"""Audit: ranges, routes, distances and placements against an independent reference.

Sources: excerpt 002 "Working 9–5" (campaigns "next to the road they used", Local Manager "with
its entrance on a road the manager reached", drive-ins "an entrance at all four corners", road
routes "start at an entrance ... moves square by square along roads ... every supplier
orthogonally next to the route", "if your entrance is at the edge of a tile, reaching the road on
the next tile already costs 1 range", the Zeppelin "may not enter a tile twice"), excerpt 004
(distance "the shortest road distance from the house to each restaurant's entrance"),
facts.md D.1 (no U-turn, bridges), conventions.md #7, #8, "Distance from a house".

The reference is written from those sentences alone, square by square with Dijkstra and plain
depth-first search, sharing nothing with fcm.core.geometry but the printed squares.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable

import pytest

from fcm.core.geometry import Board, random_placements, restaurant_entrances
from fcm.core.geometry.board import Axis, RoadNode
from fcm.core.types import Cell, Corner
from fcm.rulesets import base_ruleset

Node = tuple[Cell, str]
SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Reference:
    def __init__(self, board: Board) -> None:
        self.kind = {
            (r, c): board.square_kind((r, c))
            for r in range(board.height)
            for c in range(board.width)
        }
        self.adj: dict[Node, list[tuple[Node, int]]] = {}
        for cell, k in self.kind.items():
            axes = ("+",) if k == "r" else ("ns", "ew") if k == "x" else ()
            for ax in axes:
                self.adj[(cell, ax)] = []
                for dr, dc in SIDES:
                    if (ax == "ns" and not dr) or (ax == "ew" and dr):
                        continue
                    nb = (cell[0] + dr, cell[1] + dc)
                    other = self.node(nb, vertical=bool(dr))
                    if other is not None:
                        self.adj[(cell, ax)].append((other, int(tile(cell) != tile(nb))))

    def node(self, cell: Cell, *, vertical: bool) -> Node | None:
        k = self.kind.get(cell)
        if k == "r":
            return (cell, "+")
        if k == "x":
            return (cell, "ns" if vertical else "ew")
        return None

    def starts(self, cells: Iterable[Cell], tiles: set[tuple[int, int]]) -> dict[Node, int]:
        """Road squares a location steps onto: free on one of ``tiles``, else 1."""
        out: dict[Node, int] = {}
        for r, c in cells:
            for dr, dc in SIDES:
                nb = (r + dr, c + dc)
                n = self.node(nb, vertical=bool(dr))
                if n is not None:
                    out[n] = min(out.get(n, 9), 0 if tile(nb) in tiles else 1)
        return out

    def entrance_starts(self, entrances: Iterable[Cell]) -> dict[Node, int]:
        out: dict[Node, int] = {}
        for e in entrances:
            for n, cost in self.starts([e], {tile(e)}).items():
                out[n] = min(out.get(n, 9), cost)
        return out

    def dijkstra(self, starts: dict[Node, int]) -> dict[Node, int]:
        dist = dict(starts)
        heap = [(d, n) for n, d in starts.items()]
        heapq.heapify(heap)
        while heap:
            d, n = heapq.heappop(heap)
            if d > dist[n]:
                continue
            for m, w in self.adj[n]:
                if d + w < dist.get(m, 1 << 30):
                    dist[m] = d + w
                    heapq.heappush(heap, (d + w, m))
        return dist

    def suppliers_next_to(self, cell: Cell) -> frozenset[Cell]:
        r, c = cell
        return frozenset(
            x for x in ((r + a, c + b) for a, b in SIDES) if self.kind.get(x, ".") in "slb"
        )

    def route_sets(self, starts: dict[Node, int], reach: int) -> set[frozenset[Cell]]:
        found: set[frozenset[Cell]] = set()
        seen: set[object] = set()
        stack = [
            (n, None, c, self.suppliers_next_to(n[0])) for n, c in starts.items() if c <= reach
        ]
        while stack:
            n, prev, cost, got = stack.pop()
            if (n, prev, cost, got) in seen:
                continue
            seen.add((n, prev, cost, got))
            if got:
                found.add(got)
            for m, w in self.adj[n]:
                if m[0] != prev and cost + w <= reach:  # no U-turn
                    stack.append((m, n[0], cost + w, got | self.suppliers_next_to(m[0])))
        return found


def tile(cell: Cell) -> tuple[int, int]:
    return (cell[0] // 5, cell[1] // 5)


def rnode(n: Node) -> RoadNode:
    return RoadNode(n[0], Axis(n[1]))


def flights(
    on_tile: dict[tuple[int, int], set[Cell]],
    rows: int,
    cols: int,
    start: tuple[int, int],
    reach: int,
) -> set[frozenset[Cell]]:
    """Every supplier set of a Zeppelin flight: up to ``reach`` orthogonal tile steps, never
    entering a tile twice, collecting on every tile entered including the start."""
    found: set[frozenset[Cell]] = set()

    def fly(
        t: tuple[int, int], seen: frozenset[tuple[int, int]], steps: int, got: frozenset[Cell]
    ) -> None:
        if got:
            found.add(got)
        if steps == reach:
            return
        for a, b in SIDES:
            nt = (t[0] + a, t[1] + b)
            if 0 <= nt[0] < rows and 0 <= nt[1] < cols and nt not in seen:
                fly(nt, seen | {nt}, steps + 1, got | on_tile.get(nt, set()))

    fly(start, frozenset({start}), 0, frozenset(on_tile.get(start, set())))
    return found


def boards(seed: int, count: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        layout = random_placements(rows, cols, rng.getrandbits(64))
        out.append(
            Board.build(
                [[(p.letter, p.rotation) for p in row] for row in layout],
                base_ruleset().catalog.tiles,
            )
        )
    return out


@pytest.mark.parametrize("seed", range(4))
def test_excerpt_002_004_ranges_routes_and_distances_match_the_reference(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for board in boards(seed, 5):
        ref = Reference(board)
        spots = board.legal_restaurant_placements(set())
        for _ in range(4):
            cell, corner = rng.choice(spots)
            drive_in = rng.random() < 0.5
            entrances = restaurant_entrances(cell, corner, drive_in)
            starts = ref.entrance_starts(entrances)
            dist = ref.dijkstra(starts)
            spot = [(cell, corner, drive_in)]
            for reach in (2, 3, 4):
                want = {rnode(n) for n, d in dist.items() if d <= reach}
                assert set(board.reachable_roads(spot, reach)) == want
                assert set(board.road_route_supplier_sets(spot, reach)) == ref.route_sets(
                    starts, reach
                )
            for number, house in board.printed_houses.items():
                from_house = ref.dijkstra(ref.starts(house, {tile(x) for x in house}))
                totals = [from_house[n] + c for n, c in starts.items() if n in from_house]
                want_d = min(totals) if totals else None
                assert board.distance_house_to_restaurant(house, entrances) == want_d, number


@pytest.mark.parametrize("seed", range(3))
def test_excerpt_002_placements_within_range_match_the_reference(seed: int) -> None:
    """Campaigns next to a road reached within range, the campaign's own square in range
    (facts.md E.2); a Local Manager's restaurant with its entrance stepping onto a reached road
    (conventions.md #1); Zeppelin flights never entering a tile twice."""
    rng = random.Random(2000 + seed)
    for board in boards(100 + seed, 4):
        ref = Reference(board)
        cell, corner = rng.choice(board.legal_restaurant_placements(set()))
        drive_in = rng.random() < 0.5
        entrances = restaurant_entrances(cell, corner, drive_in)
        dist = ref.dijkstra(ref.entrance_starts(entrances))
        taken = {(cell[0] + a, cell[1] + b) for a in (0, 1) for b in (0, 1)}
        for reach in (2, 3):
            reached = {n for n, d in dist.items() if d <= reach}
            reached_squares = {n[0] for n in reached}
            # facts.md E.2: "the campaign tile itself must be in range"
            in_range = {
                (x + a, y + b)
                for (x, y), ax in reached
                for a, b in SIDES
                if ref.kind.get((x + a, y + b), "r") not in "rx"
                and dist[((x, y), ax)] + (tile((x + a, y + b)) != tile((x, y))) <= reach
            }
            assert board.squares_in_road_range([(cell, corner, drive_in)], reach) == in_range
            for h, w in ((1, 1), (2, 2), (2, 1), (3, 2)):
                want = set()
                shapes = [(None, h, w)] if h == w else [("horizontal", w, h), ("vertical", h, w)]
                for orientation, hh, ww in shapes:
                    for r in range(board.height - hh + 1):
                        for c in range(board.width - ww + 1):
                            sq = [(r + a, c + b) for a in range(hh) for b in range(ww)]
                            if any(ref.kind[x] != "." or x in taken for x in sq):
                                continue
                            near = {(x + a, y + b) for x, y in sq for a, b in SIDES}
                            if near & reached_squares:
                                want.add(((r, c), orientation))
                got = {
                    (top, None if o is None else o.value)
                    for top, o in board.legal_campaign_placements(
                        h, w, taken, {rnode(n) for n in reached}
                    )
                }
                assert got == want, (reach, h, w)
                want_in_range = set()
                for orientation, hh, ww in shapes:
                    for r in range(board.height - hh + 1):
                        for c in range(board.width - ww + 1):
                            sq = [(r + a, c + b) for a in range(hh) for b in range(ww)]
                            if all(ref.kind[x] == "." and x not in taken for x in sq) and (
                                in_range & set(sq)
                            ):
                                want_in_range.add(((r, c), orientation))
                got_in_range = {
                    (top, None if o is None else o.value)
                    for top, o in board.legal_campaign_placements(
                        h, w, taken, allowed_squares=in_range
                    )
                }
                assert got_in_range == want_in_range, (reach, h, w)
        reached3 = {n for n, d in dist.items() if d <= 3}
        want_local = set()
        for r in range(board.height - 1):
            for c in range(board.width - 1):
                sq = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                if any(ref.kind[x] != "." or x in taken for x in sq):
                    continue
                for cor in Corner:
                    (e,) = restaurant_entrances((r, c), cor, False)
                    if reached3 & set(ref.entrance_starts([e])):
                        want_local.add(((r, c), cor))
        got_local = board.legal_restaurant_placements(
            taken, allowed_roads={rnode(n) for n in reached3}
        )
        assert set(got_local) == want_local
        rows, cols = board.rows, board.cols
        on_tile: dict[tuple[int, int], set[Cell]] = {}
        for x, k in ref.kind.items():
            if k in "slb":
                on_tile.setdefault(tile(x), set()).add(x)
        for reach in (4, 5):
            start = tile(entrances[0])
            want_z = flights(on_tile, rows, cols, start, reach)
            assert set(board.zeppelin_supplier_sets(start, reach)) == want_z
