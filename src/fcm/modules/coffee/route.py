"""Coffee routes (ketchup.md 4 steps 2-4; 19.3 "Coffee routes"): the shortest walks of a house
to the chain it eats at, and the coffee locations each passes.

A walk goes along road nodes from a road square next to the house (garden included) to one
next to a destination's entrance, crossing the fewest tile borders (the Dinnertime distance);
it never steps back onto the square it just left (no U-turn, 19.1 row 5) but may enter a
square again, so inside a tile it may go round a loop at no cost. A walk *passes* a location
when it steps on a road square next to the location's entrance squares (a coffee shop's own
square: entrances on all four sides). Walks are many; what they pass is few: the search keeps
one walk per set of locations passed (a bit mask), over the states on some shortest walk.
With ``simple`` (the alternative reading of 19.3) a walk never enters a road square twice.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Mapping, Sequence
from itertools import count

from fcm.core.geometry import Board, RoadNode
from fcm.core.types import Cell

State = tuple[RoadNode, Cell | None]  # a road node and the square the walk came from
LIMIT = 50_000  # (state, locations) pairs explored at most for one house (never reached in play)


def shortest_walks(
    board: Board,
    starts: Mapping[RoadNode, int],
    ends: Sequence[tuple[int, Mapping[RoadNode, int]]],
    bits: Mapping[RoadNode, int],
    *,
    simple: bool = False,
) -> tuple[int, dict[int, tuple[Cell, ...]]] | None:
    """The length of the shortest walks from ``starts`` (node -> cost of the first step) to any
    of ``ends`` (per destination: the bits it never sells at, and node -> cost of the last
    step), and for each different set of locations passed (``bits``: node -> the locations next
    to it) one walk's road squares. ``None``: no walk."""
    inf = 1 << 30
    fwd: dict[State, int] = {}
    edges: dict[State, list[tuple[State, int]]] = {}
    seq = count()
    heap: list[tuple[int, int, State]] = []
    for n, c in starts.items():
        s: State = (n, None)
        if c < fwd.get(s, inf):
            fwd[s] = c
            heapq.heappush(heap, (c, next(seq), s))
    end_cost: dict[RoadNode, int] = {}
    for _, e in ends:
        for n, c in e.items():
            end_cost[n] = min(c, end_cost.get(n, inf))
    best = inf
    while heap:
        c, _, s = heapq.heappop(heap)
        if c > fwd[s] or c > best:
            continue
        node, prev = s
        if node in end_cost:
            best = min(best, c + end_cost[node])
        out = edges[s] = []
        for v, step in board.road_neighbours(node):
            if v.cell == prev:
                continue  # no U-turn
            t: State = (v, node.cell)
            out.append((t, step))
            if c + step < fwd.get(t, inf):
                fwd[t] = c + step
                heapq.heappush(heap, (c + step, next(seq), t))
    if best == inf:
        return None
    # the cost from each state to a finish, over the edges found
    back: dict[State, list[tuple[State, int]]] = {}
    for s, out in edges.items():
        for t, step in out:
            back.setdefault(t, []).append((s, step))
    bwd: dict[State, int] = {}
    heap = []
    for s in edges:
        if s[0] in end_cost:
            bwd[s] = end_cost[s[0]]
            heapq.heappush(heap, (bwd[s], next(seq), s))
    while heap:
        c, _, s = heapq.heappop(heap)
        if c > bwd[s]:
            continue
        for p, step in back.get(s, ()):
            if p in edges and c + step < bwd.get(p, inf):
                bwd[p] = c + step
                heapq.heappush(heap, (c + step, next(seq), p))

    def tight(s: State) -> bool:
        return s in fwd and s in bwd and fwd[s] + bwd[s] == best

    Item = tuple[State, int, frozenset[Cell]]
    parent: dict[Item, Item | None] = {}
    queue: deque[Item] = deque()
    for n, c in starts.items():
        s = (n, None)
        if c == fwd[s] and tight(s):
            item: Item = (s, bits.get(n, 0), frozenset((n.cell,)) if simple else frozenset())
            if item not in parent:
                parent[item] = None
                queue.append(item)
    finals: dict[int, Item] = {}
    while queue and len(parent) < LIMIT:
        item = queue.popleft()
        s, mask, seen = item
        node = s[0]
        for excluded, e in ends:
            if node in e and fwd[s] + e[node] == best:
                finals.setdefault(mask & ~excluded, item)
        for t, step in edges.get(s, ()):
            if fwd[s] + step != fwd.get(t) or not tight(t):
                continue
            if simple and t[0].cell in seen:
                continue
            nxt: Item = (t, mask | bits.get(t[0], 0), seen | {t[0].cell} if simple else seen)
            if nxt not in parent:
                parent[nxt] = item
                queue.append(nxt)
    walks: dict[int, tuple[Cell, ...]] = {}
    for mask, last in finals.items():
        cells: list[Cell] = []
        at: Item | None = last
        while at is not None:
            cells.append(at[0][0].cell)
            at = parent[at]
        walks[mask] = tuple(reversed(cells))
    return best, walks
