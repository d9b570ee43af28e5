"""The map: squares, roads, distances, blocks, reaches and placement rules (facts.md D.1, E.2, E.5).

A :class:`Board` is built once per tile layout and never changes afterwards; every answer the
rules need is precomputed at build time (road graph, distances between road pieces, mailbox
blocks, placement candidates on the printed map) so that queries are table look-ups. Boards are
cached by layout, so game-state copies share one object.

Road model. Every road square is a node ``(cell, "+")``; a bridge square is two nodes,
``(cell, "ns")`` and ``(cell, "ew")``, that do not connect (a route goes straight across).
Orthogonally adjacent road squares connect, on the same tile or across a tile border
(conventions.md default 7). Moving between road squares of different tiles costs 1, on one
tile 0. Distances are precomputed between *road segments* (the road pieces connected inside one
tile at cost 0), which is exactly the all-pairs node distance table in compressed form.
"""

from __future__ import annotations

import functools
import heapq
import operator
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from itertools import accumulate, product, repeat
from types import MappingProxyType
from typing import Any, NamedTuple, TypeAlias, TypeVar

from fcm.core.errors import Reason
from fcm.core.types import (
    TILE_SIZE,
    Cell,
    Corner,
    Edge,
    Good,
    Orientation,
    corner_cell,
)

from .tiles import (
    HOLE,
    Placements,
    TileLike,
    TilePlacement,
    TilePos,
    normalize_placements,
    printed_house_cells,
    rotate_grid,
    tiles_key,
)

_SUPPLIER_GOODS: Mapping[str, Good] = MappingProxyType(
    {"s": Good.SODA, "l": Good.LEMONADE, "b": Good.BEER}
)
_CORNERS: tuple[Corner, ...] = (Corner.NW, Corner.NE, Corner.SW, Corner.SE)
_INF = 1 << 30
_MEMO_SIZE = 4096  # entries per memo of a board before it starts afresh
_K = TypeVar("_K", bound=tuple[Any, ...])



def _at(cell: Sequence[int]) -> str:
    """A square or tile as a refusal names it to every language: "r,c"."""
    return f"{cell[0]},{cell[1]}"

class Axis(StrEnum):
    """Which road of a road square a road node is: the only one, or one half of a bridge."""

    PLUS = "+"
    NS = "ns"
    EW = "ew"


class RoadNode(NamedTuple):
    """A node of the road graph: a road square and which of its roads (see :class:`Axis`)."""

    cell: Cell
    axis: Axis


Start: TypeAlias = tuple[RoadNode, int]
"""A road node a location steps onto, and the cost (0 or 1 tile border) of that first step."""

RestaurantSpot: TypeAlias = tuple[Cell, Corner, bool]
"""A restaurant as the geometry needs it: ``(top_left, entrance corner, drive_in)``."""

_TilesKey: TypeAlias = tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...]
Overlay: TypeAlias = tuple[tuple[Cell, str], ...]
"""Squares that pieces placed during a game turn into another kind (sorted ``(cell, kind)``):
``r`` a road, ``x`` a bridge, ``.`` an empty square, ``#`` a piece that is neither road nor
empty (a park, a road under construction), ``w`` a road square that costs one more to cross
at Dinnertime (roadworks: it stays a road, or a bridge, for everything else); see
``GameState.pieces``."""

OVERLAY_KINDS = frozenset(".rx#w")

_BoardKey: TypeAlias = tuple[Placements, _TilesKey, bool, Overlay]


def restaurant_entrances(
    top_left: Cell, corner: Corner, drive_in: bool = False
) -> tuple[Cell, ...]:
    """The entrance squares of a restaurant: its entrance corner, or all 4 corners with a drive-in
    (facts.md D.1; excerpt "Open drive-ins")."""
    if drive_in:
        r, c = top_left
        return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))  # in _CORNERS order
    return (corner_cell(top_left, corner if isinstance(corner, Corner) else Corner(corner)),)


def campaign_footprint(height: int, width: int, orientation: Orientation | None) -> tuple[int, int]:
    """Rows x columns a campaign tile covers (conventions.md: ``horizontal`` = long side along
    the row). A square tile ignores the orientation; ``None`` keeps ``height`` x ``width``."""
    if height == width or orientation is None:
        return (height, width)
    long_side, short_side = max(height, width), min(height, width)
    if Orientation(orientation) is Orientation.HORIZONTAL:
        return (short_side, long_side)
    return (long_side, short_side)


def campaign_cells(
    top_left: Cell, height: int, width: int, orientation: Orientation | None = None
) -> tuple[Cell, ...]:
    """The squares of a campaign tile placed at ``top_left`` (see :func:`campaign_footprint`)."""
    rows, cols = campaign_footprint(height, width, orientation)
    r, c = top_left
    return tuple((r + dr, c + dc) for dr in range(rows) for dc in range(cols))


class _RestaurantCandidate(NamedTuple):
    top_left: Cell
    corner: Corner
    cells: tuple[Cell, ...]
    entrance_tile: TilePos
    roads: frozenset[RoadNode]


class _HouseCandidate(NamedTuple):
    top_left: Cell
    garden: tuple[Cell, Cell]
    cells: tuple[Cell, ...]


class _CampaignCandidate(NamedTuple):
    top_left: Cell
    cells: tuple[Cell, ...]


class Board:
    """An immutable map built from a tile layout. Create it with :meth:`Board.build`."""

    __slots__ = (
        "_adj",
        "_blank_run",
        "_block",
        "_block_count",
        "_campaign_cache",
        "_campaign_hits",
        "_campaign_index",
        "_cols",
        "_edge_spots",
        "_ew",
        "_full",
        "_height",
        "_house_cands",
        "_house_dist_cache",
        "_key",
        "_kinds",
        "_near",
        "_node_id",
        "_node_sq",
        "_node_supp",
        "_nodes",
        "_ns",
        "_on_map",
        "_placements",
        "_printed_gardens",
        "_printed_houses",
        "_range_cache",
        "_reach_cache",
        "_restaurant_cands",
        "_road_cells",
        "_road_sums",
        "_route_cache",
        "_rows",
        "_seg",
        "_seg_nodes",
        "_segdist",
        "_slow",
        "_supplier_cells",
        "_suppliers",
        "_tile",
        "_tile_supp",
        "_width",
    )

    _placements: Placements
    _rows: int
    _cols: int
    _height: int
    _width: int
    _full: bool  # every place of the layout's rectangle holds a tile (no hole)
    # The squares on the map and the road squares (bridges included): the hot membership
    # questions as one set lookup each.
    _on_map: frozenset[Cell]
    _road_cells: frozenset[Cell]
    _suppliers: Mapping[Cell, Good]
    _printed_houses: Mapping[int, tuple[Cell, ...]]
    _printed_gardens: Mapping[int, tuple[Cell, ...]]
    _key: _BoardKey
    _kinds: str
    _tile: tuple[int, ...]
    _ns: tuple[int, ...]
    _ew: tuple[int, ...]
    _nodes: tuple[RoadNode, ...]
    _node_id: Mapping[RoadNode, int]
    _node_sq: tuple[int, ...]
    _adj: tuple[tuple[tuple[int, int], ...], ...]
    _seg: tuple[int, ...]
    _seg_nodes: tuple[tuple[int, ...], ...]
    _segdist: tuple[tuple[int, ...], ...]
    _slow: frozenset[int]  # squares (r * width + c) a Dinnertime route pays 1 more to cross
    _near: tuple[tuple[tuple[int, int], ...], ...]
    _block: tuple[int, ...]
    _block_count: int
    _supplier_cells: tuple[Cell, ...]
    _node_supp: tuple[int, ...]
    _tile_supp: tuple[int, ...]
    _blank_run: tuple[int, ...]
    _road_sums: tuple[int, ...]
    _restaurant_cands: tuple[_RestaurantCandidate, ...]
    _house_cands: tuple[_HouseCandidate, ...] | None
    _edge_spots: tuple[Cell, ...] | None
    _campaign_cache: dict[tuple[int, int], tuple[_CampaignCandidate, ...]]
    _campaign_index: dict[tuple[int, int], Mapping[Cell, tuple[int, ...]]]
    _campaign_hits: dict[tuple[tuple[int, int], frozenset[Cell]], tuple[int, ...]]
    _range_cache: dict[tuple[RestaurantSpot, int], frozenset[Cell]]
    _reach_cache: dict[tuple[object, ...], frozenset[Cell]]
    _house_dist_cache: dict[tuple[Any, ...], tuple[int, ...]]  # footprints, edge spots
    _route_cache: dict[tuple[object, ...], frozenset[frozenset[Cell]]]

    # ----------------------------------------------------------------------------------------
    # construction

    @staticmethod
    def build(
        placements: Sequence[Sequence[tuple[str, int]]],
        tiles: Mapping[str, TileLike],
        *,
        midpoints_only: bool = False,
        overlay: Overlay = (),
    ) -> Board:
        """The board for a tile layout (rows of ``(letter, rotation)``), with ``tiles`` giving each
        letter's printed grid and house number. Cached: the same layout gives the same object.

        ``midpoints_only`` (facts.md 9.1 #7, the older designer ruling): roads on neighbouring
        tiles connect only where they meet at the middle square of the shared tile edge; by
        default any two orthogonally adjacent road squares connect (conventions default 7).

        ``overlay``: squares the pieces placed during a game turn into another kind (roads,
        parks, ...: :data:`Overlay`); distances, ranges and reaches are the board's with them.
        Each overlay is a board of its own, cached like a layout; none: the printed board."""
        layout = normalize_placements(placements)
        return _build_cached((layout, tiles_key(layout, tiles), bool(midpoints_only), overlay))

    def __init__(self, key: _BoardKey) -> None:
        """Internal: use :meth:`Board.build` (cached)."""
        placements, tdata, midpoints_only, overlay = key
        mid = TILE_SIZE // 2
        grids = {letter: (grid, numbers) for letter, grid, numbers in tdata}
        rows, cols = len(placements), len(placements[0])
        width, height = cols * TILE_SIZE, rows * TILE_SIZE
        n_sq = width * height
        s = functools.partial(object.__setattr__, self)
        s("_key", key)
        s("_placements", placements)
        s("_rows", rows)
        s("_cols", cols)
        s("_width", width)
        s("_height", height)

        # squares ------------------------------------------------------------------------
        kinds = ["."] * n_sq
        tile_ix = [0] * n_sq
        houses: dict[int, tuple[Cell, ...]] = {}
        gardens: dict[int, tuple[Cell, ...]] = {}
        full = True
        for tr, prow in enumerate(placements):
            for tc, (letter, rotation) in enumerate(prow):
                here = [tr * cols + tc] * TILE_SIZE
                # the tile's squares row by row (a hole's are off the map: " ")
                turned = (" " * TILE_SIZE,) * TILE_SIZE if letter == HOLE else rotate_grid(
                    grids[letter][0], rotation
                )
                for lr in range(TILE_SIZE):
                    at = (tr * TILE_SIZE + lr) * width + tc * TILE_SIZE
                    kinds[at:at + TILE_SIZE] = turned[lr]
                    tile_ix[at:at + TILE_SIZE] = here
                if letter == HOLE:
                    full = False
                    continue
                grid, numbers = grids[letter]
                top, left = tr * TILE_SIZE, tc * TILE_SIZE
                for number, squares, garden in _turned_houses(grid, numbers, letter, rotation):
                    if number in houses:
                        raise ValueError(f"house number {number} printed twice on the map")
                    houses[number] = tuple((top + r, left + c) for r, c in squares)
                    if garden:
                        gardens[number] = tuple((top + r, left + c) for r, c in garden)
        s("_full", full)
        slow: set[int] = set()
        for (r, c), ch in overlay:  # pieces placed during the game, over the printed squares
            if not (0 <= r < height and 0 <= c < width):
                raise ValueError(f"overlay: square {(r, c)} is off the map")
            if ch not in OVERLAY_KINDS or kinds[r * width + c] in "HGslbP ":
                raise ValueError(
                    f"overlay: square {(r, c)} cannot become {ch!r} (a piece turns a square "
                    f"into one of {''.join(sorted(OVERLAY_KINDS))}; houses and suppliers stay)"
                )
            if ch == "w":  # roadworks: a road (a bridge stays one) that is slower at Dinnertime
                slow.add(r * width + c)
                if kinds[r * width + c] != "x":
                    kinds[r * width + c] = "r"
                continue
            kinds[r * width + c] = ch
        s("_slow", frozenset(slow))
        kind_str = "".join(kinds)
        s("_kinds", kind_str)
        s("_on_map", frozenset(
            product(range(height), range(width)) if full
            else (divmod(i, width) for i, ch in enumerate(kind_str) if ch != " ")
        ))
        s("_tile", tuple(tile_ix))
        s("_printed_houses", MappingProxyType(dict(sorted(houses.items()))))
        s("_printed_gardens", MappingProxyType(dict(sorted(gardens.items()))))

        # road nodes and edges -----------------------------------------------------------
        ns = [-1] * n_sq
        ew = [-1] * n_sq
        nodes: list[RoadNode] = []
        node_sq: list[int] = []
        for i, ch in enumerate(kind_str):
            if ch == "r":
                ns[i] = ew[i] = len(nodes)
                nodes.append(RoadNode(divmod(i, width), Axis.PLUS))
                node_sq.append(i)
            elif ch == "x":
                ns[i] = len(nodes)
                nodes.append(RoadNode(divmod(i, width), Axis.NS))
                node_sq.append(i)
                ew[i] = len(nodes)
                nodes.append(RoadNode(divmod(i, width), Axis.EW))
                node_sq.append(i)
        adj: list[list[tuple[int, int]]] = [[] for _ in nodes]
        for i in range(n_sq):
            if ns[i] < 0:
                continue
            r, c = divmod(i, width)
            if c + 1 < width and ew[i + 1] >= 0:
                a, b = ew[i], ew[i + 1]
                cost = int(tile_ix[i] != tile_ix[i + 1])
                if not (cost and midpoints_only and r % TILE_SIZE != mid):
                    adj[a].append((b, cost))
                    adj[b].append((a, cost))
            if r + 1 < height and ns[i + width] >= 0:
                a, b = ns[i], ns[i + width]
                cost = int(tile_ix[i] != tile_ix[i + width])
                if not (cost and midpoints_only and c % TILE_SIZE != mid):
                    adj[a].append((b, cost))
                    adj[b].append((a, cost))
        s("_ns", tuple(ns))
        s("_road_cells", frozenset(map(divmod, node_sq, repeat(width))))
        s("_ew", tuple(ew))
        s("_nodes", tuple(nodes))
        s("_node_id", MappingProxyType({nd: k for k, nd in enumerate(nodes)}))
        s("_node_sq", tuple(node_sq))
        s("_adj", tuple(tuple(a) for a in adj))

        # segments (0-cost components) and all-pairs segment distances -------------------
        seg = [-1] * len(nodes)
        seg_nodes: list[tuple[int, ...]] = []
        for start in range(len(nodes)):
            if seg[start] >= 0:
                continue
            sid = len(seg_nodes)
            seg[start] = sid
            members = [start]
            stack = [start]
            while stack:
                u = stack.pop()
                for v, cost in adj[u]:
                    if cost == 0 and seg[v] < 0:
                        seg[v] = sid
                        members.append(v)
                        stack.append(v)
            seg_nodes.append(tuple(members))
        seg_adj: list[set[int]] = [set() for _ in seg_nodes]
        for u, edges in enumerate(adj):
            for v, cost in edges:
                if cost:
                    seg_adj[seg[u]].add(seg[v])
        segdist: list[tuple[int, ...]] = []
        for src in range(len(seg_nodes)):
            dist = [-1] * len(seg_nodes)
            dist[src] = 0
            frontier = [src]
            while frontier:
                nxt: list[int] = []
                for u in frontier:
                    du = dist[u] + 1
                    for v in seg_adj[u]:
                        if dist[v] < 0:
                            dist[v] = du
                            nxt.append(v)
                frontier = nxt
            segdist.append(tuple(dist))
        s("_seg", tuple(seg))
        s("_seg_nodes", tuple(seg_nodes))
        s("_segdist", tuple(segdist))

        # roads next to each square ------------------------------------------------------
        near: list[tuple[tuple[int, int], ...]] = []
        for i in range(n_sq):
            r, c = divmod(i, width)
            found: list[tuple[int, int]] = []
            if r and ns[i - width] >= 0:
                found.append((ns[i - width], tile_ix[i - width]))
            if c + 1 < width and ns[i + 1] >= 0:
                found.append((ew[i + 1], tile_ix[i + 1]))
            if r + 1 < height and ns[i + width] >= 0:
                found.append((ns[i + width], tile_ix[i + width]))
            if c and ns[i - 1] >= 0:
                found.append((ew[i - 1], tile_ix[i - 1]))
            near.append(tuple(found))
        s("_near", tuple(near))

        # mailbox blocks: 4-connected regions of non-road squares -------------------------
        block = [-1] * n_sq
        # squares still to put in a block: no road, no hole (a hole is in no block)
        unblocked = [ns[i] < 0 and kind_str[i] != " " for i in range(n_sq)]
        count = 0
        for i in range(n_sq):
            if not unblocked[i]:
                continue
            block[i] = count
            unblocked[i] = False
            stack = [i]
            while stack:
                u = stack.pop()
                c = u % width
                for j in (
                    u - width if u >= width else -1,
                    u + 1 if c + 1 < width else -1,
                    u + width if u + width < n_sq else -1,
                    u - 1 if c else -1,
                ):
                    if j >= 0 and unblocked[j]:
                        block[j] = count
                        unblocked[j] = False
                        stack.append(j)
            count += 1
        s("_block", tuple(block))
        s("_block_count", count)

        # drink suppliers --------------------------------------------------------------
        supplier_cells = [divmod(i, width) for i, ch in enumerate(kind_str) if ch in "slb"]
        bit = {cell: 1 << k for k, cell in enumerate(supplier_cells)}
        s("_supplier_cells", tuple(supplier_cells))
        s(
            "_suppliers",
            MappingProxyType(
                {
                    cell: _SUPPLIER_GOODS[kind_str[cell[0] * width + cell[1]]]
                    for cell in supplier_cells
                }
            ),
        )
        # a road node's suppliers: those on the squares next to its square
        next_to: dict[Cell, int] = {}
        for (r, c), b in bit.items():
            for nb in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                next_to[nb] = next_to.get(nb, 0) | b
        node_supp = [next_to.get(divmod(i, width), 0) for i in node_sq]
        tile_supp = [0] * (rows * cols)
        for cell, b in bit.items():
            tile_supp[tile_ix[cell[0] * width + cell[1]]] |= b
        s("_node_supp", tuple(node_supp))
        s("_tile_supp", tuple(tile_supp))

        # placement candidates on the printed map ------------------------------------------
        blank = [ch == "." for ch in kind_str]
        rest: list[_RestaurantCandidate] = []
        for r in range(height - 1):
            for c in range(width - 1):
                i = r * width + c
                if not (blank[i] and blank[i + 1] and blank[i + width] and blank[i + width + 1]):
                    continue
                cells = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                for corner, (er, ec) in zip(_CORNERS, cells, strict=True):
                    e = er * width + ec
                    if near[e]:
                        rest.append(
                            _RestaurantCandidate(
                                (r, c),
                                corner,
                                cells,
                                (er // TILE_SIZE, ec // TILE_SIZE),
                                frozenset(nodes[n] for n, _ in near[e]),
                            )
                        )
        s("_restaurant_cands", tuple(rest))
        # blank squares from each square rightwards in its row, and prefix sums (one row and
        # column of zeros first) of the squares next to a road: rectangles are found by lookups
        run = [0] * n_sq
        for r in range(height):
            k = 0
            for i in range(r * width + width - 1, r * width - 1, -1):
                k = k + 1 if blank[i] else 0
                run[i] = k
        sums = [0] * (width + 1)
        above = sums
        for r in range(height):
            # this row's squares next to a road, counted from the left (0 first) ...
            row = [0, *accumulate(map(bool, near[r * width:(r + 1) * width]))]
            # ... plus the sums of the row above
            above = list(map(operator.add, above, row))
            sums += above
        s("_blank_run", tuple(run))
        s("_road_sums", tuple(sums))
        s("_house_cands", None)  # built on first use: most games never place a house
        s("_edge_spots", None)  # built on first use: only a piece beside the map asks
        # memos of answers that depend on more than the board (not observable state)
        s("_campaign_cache", {})
        s("_campaign_index", {})
        s("_campaign_hits", {})
        s("_range_cache", {})
        s("_reach_cache", {})
        s("_house_dist_cache", {})
        s("_route_cache", {})

    def _house_candidates(self) -> tuple[_HouseCandidate, ...]:
        """Every house-and-garden rectangle on the printed map (a memo made on first use)."""
        if self._house_cands is not None:
            return self._house_cands
        width = self._width
        # a house and its garden: 2 rows x 3 columns (garden east or west) or 3 x 2 (south or
        # north), by top-left square in row order, 2 x 3 first
        wide, tall = set(self._open_rects(2, 3)), set(self._open_rects(3, 2))
        hcands: list[_HouseCandidate] = []
        for i in sorted(wide | tall):
            r, c = divmod(i, width)
            if i in wide:
                rect = ((r, c), (r, c + 1), (r, c + 2), (r + 1, c), (r + 1, c + 1), (r + 1, c + 2))
                hcands.append(_HouseCandidate((r, c), ((r, c + 2), (r + 1, c + 2)), rect))
                hcands.append(_HouseCandidate((r, c + 1), ((r, c), (r + 1, c)), rect))
            if i in tall:
                rect = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1), (r + 2, c), (r + 2, c + 1))
                hcands.append(_HouseCandidate((r, c), ((r + 2, c), (r + 2, c + 1)), rect))
                hcands.append(_HouseCandidate((r + 1, c), ((r, c), (r, c + 1)), rect))
        result = tuple(hcands)
        object.__setattr__(self, "_house_cands", result)
        return result

    def _open_rects(self, h: int, w: int) -> list[int]:
        """Top-left squares (``r * width + c``, in row order) of every ``h`` x ``w`` rectangle
        on the map whose squares are all printed empty, one of them next to a road."""
        width, height = self._width, self._height
        sums, stride = self._road_sums, width + 1
        # blank[i]: the h x w squares from i are printed empty (their rows' runs reach w)
        blank = [k >= w for k in self._blank_run]
        for _ in range(1, h):
            blank = [a and b for a, b in zip(blank, blank[width:], strict=False)]
        out: list[int] = []
        for r in range(height - h + 1):
            top, bottom = r * stride, (r + h) * stride
            for c in range(width - w + 1):
                i = r * width + c
                if blank[i] and (
                    sums[bottom + c + w] - sums[top + c + w] - sums[bottom + c] + sums[top + c]
                ):
                    out.append(i)
        return out

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Board is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Board is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        layout = " / ".join(
            " ".join(f"{p.letter}:{p.rotation}" for p in row) for row in self._placements
        )
        return f"Board({self._rows}x{self._cols}: {layout})"

    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __reduce__(self) -> tuple[Any, tuple[_BoardKey]]:
        return (_build_cached, (self._key,))

    # ----------------------------------------------------------------------------------------
    # read-only facts

    @property
    def placements(self) -> Placements:
        """The tile layout: tile rows of ``(letter, rotation)``."""
        return self._placements

    @property
    def rows(self) -> int:
        """Tile rows of the map."""
        return self._rows

    @property
    def cols(self) -> int:
        """Tile columns of the map."""
        return self._cols

    @property
    def height(self) -> int:
        """Square rows of the map (5 per tile row)."""
        return self._height

    @property
    def width(self) -> int:
        """Square columns of the map (5 per tile column)."""
        return self._width

    @property
    def suppliers(self) -> Mapping[Cell, Good]:
        """Every printed drink supplier: square -> drink (read-only)."""
        return self._suppliers

    @property
    def printed_houses(self) -> Mapping[int, tuple[Cell, ...]]:
        """Every printed house: number -> its squares (4, or 9 for a module's 3x3 kind),
        sorted (read-only)."""
        return self._printed_houses

    @property
    def printed_gardens(self) -> Mapping[int, tuple[Cell, ...]]:
        """The gardens printed on a module's tile: house number -> the garden's squares."""
        return self._printed_gardens

    # ----------------------------------------------------------------------------------------
    # squares and tiles

    def in_map(self, cell: Cell) -> bool:
        """Whether a square lies on the map (a tile's square: not in a hole of a map that is no
        rectangle)."""
        try:
            return cell in self._on_map
        except TypeError:  # an unhashable square (a list read from JSON)
            pass
        r, c = cell
        return (
            0 <= r < self._height
            and 0 <= c < self._width
            and (self._full or self._kinds[r * self._width + c] != " ")
        )

    @property
    def full(self) -> bool:
        """Whether the map is a rectangle of tiles (no hole in its layout)."""
        return self._full

    def tile_on_map(self, tile: TilePos) -> bool:
        """Whether a place of the layout holds a tile (not a hole, not outside)."""
        tr, tc = tile
        return (
            0 <= tr < self._rows and 0 <= tc < self._cols
            and self._placements[tr][tc].letter != HOLE
        )

    def square_kind(self, cell: Cell) -> str:
        """The printed content of a square: ``. r x H s l b`` (facts.md D encoding); ``" "``
        for a square of a hole in the layout."""
        r, c = cell
        if not (0 <= r < self._height and 0 <= c < self._width):
            raise ValueError(f"square {cell} is not on the map")
        return self._kinds[r * self._width + c]

    def is_road(self, cell: Cell) -> bool:
        """Whether a square is a road square (bridges included)."""
        try:
            return cell in self._road_cells
        except TypeError:  # an unhashable square (a list read from JSON)
            return self.in_map(cell) and self._ns[cell[0] * self._width + cell[1]] >= 0

    def is_bridge(self, cell: Cell) -> bool:
        """Whether a square is a bridge (two roads crossing without connecting)."""
        return self.in_map(cell) and self._kinds[cell[0] * self._width + cell[1]] == "x"

    def is_blank(self, cell: Cell) -> bool:
        """Whether a square is printed empty (no road, house or supplier): only such squares can
        ever take restaurants, houses, gardens and campaigns."""
        return self.in_map(cell) and self._kinds[cell[0] * self._width + cell[1]] == "."

    def tile_at(self, tile: TilePos) -> TilePlacement:
        """The placement (letter, rotation) of a map tile."""
        return self._placements[tile[0]][tile[1]]

    def tile_cells(self, tile: TilePos) -> tuple[Cell, ...]:
        """The 25 squares of a map tile."""
        r0, c0 = tile[0] * TILE_SIZE, tile[1] * TILE_SIZE
        return tuple((r0 + r, c0 + c) for r in range(TILE_SIZE) for c in range(TILE_SIZE))

    def tiles_of(self, cells: Iterable[Cell]) -> frozenset[TilePos]:
        """The tiles a footprint covers (a house or garden spanning a border is on both,
        facts.md D.1)."""
        return frozenset((r // TILE_SIZE, c // TILE_SIZE) for r, c in cells)

    # ----------------------------------------------------------------------------------------
    # roads and distances

    @property
    def road_nodes(self) -> tuple[RoadNode, ...]:
        """Every road graph node: one per road square, two per bridge (``ns`` and ``ew``)."""
        return self._nodes

    def road_neighbours(self, node: RoadNode) -> tuple[tuple[RoadNode, int], ...]:
        """The road nodes one step from ``node`` and the step's cost (1 across a tile border)."""
        return tuple((self._nodes[v], cost) for v, cost in self._adj[self._nid(node)])

    def road_distance(self, a: RoadNode, b: RoadNode) -> int | None:
        """Tile borders crossed on the shortest road route between two road nodes; ``None`` if
        no road connects them (facts.md D.1)."""
        d = self._segdist[self._seg[self._nid(a)]][self._seg[self._nid(b)]]
        return None if d < 0 else d

    def house_starts(self, house_cells: Iterable[Cell]) -> tuple[Start, ...]:
        """Road nodes a house (garden included) steps onto, with the first step's cost: 0 onto a
        road square of a tile the house covers, else 1 (conventions.md "Distance from a house")."""
        return tuple((self._nodes[n], c) for n, c in self._house_starts_i(house_cells).items())

    def entrance_starts(
        self, top_left: Cell, corner: Corner, drive_in: bool = False
    ) -> tuple[Start, ...]:
        """Road nodes a restaurant steps onto from its entrance(s), with the first step's cost:
        1 if the road square is on another tile than the entrance square (facts.md D.1)."""
        starts = self._entrance_starts_i(restaurant_entrances(top_left, corner, drive_in))
        return tuple((self._nodes[n], c) for n, c in starts.items())

    def distance_house_to_restaurant(
        self, house_cells: Iterable[Cell], entrances: Iterable[Cell]
    ) -> int | None:
        """Dinnertime distance: fewest tile borders from a house (with its garden) to the nearest
        of a restaurant's entrance squares by road; ``None`` if no road connects them.

        Answered from a table of the house's distance to an entrance on every square, built on
        the first question about that house (footprint) and kept with the board."""
        table = self.house_distances(house_cells)
        w, h = self._width, self._height
        best = _INF
        for cell in entrances:
            r, c = cell
            if not (0 <= r < h and 0 <= c < w):
                raise ValueError(f"square {cell} is not on the map")
            d = table[r * w + c]
            if 0 <= d < best:
                best = d
        return None if best == _INF else best

    def house_route(
        self, house_cells: Iterable[Cell], entrances: Iterable[Cell]
    ) -> tuple[tuple[Cell, ...], int] | None:
        """One shortest road route from a house (garden included) to the nearest of a
        restaurant's entrance squares, as the road squares walked from the house's side to the
        entrance's, and its Dinnertime distance (equal to :meth:`distance_house_to_restaurant`);
        among routes of that distance, one of fewest squares. ``None`` if no road connects them.
        For showing a sale (the browser draws it); the rules ask only for the distance."""
        starts = self._house_starts_i(house_cells)
        ends = self._entrance_starts_i(tuple(entrances))
        if not starts or not ends:
            return None
        # Dijkstra on (tile borders, squares) over road nodes; steps cost 0 or 1 border
        best: dict[int, tuple[int, int]] = {}
        back: dict[int, int] = {}
        slow, node_sq = self._slow, self._node_sq  # roadworks: +1 for each one crossed
        starts = {n: c + (node_sq[n] in slow) for n, c in starts.items()}
        heap = [(c, 0, n) for n, c in starts.items()]
        heapq.heapify(heap)
        for n, c in starts.items():
            best[n] = (c, 0)
        while heap:
            c, k, n = heapq.heappop(heap)
            if best.get(n) != (c, k):
                continue
            for v, cost in self._adj[n]:
                cand = (c + cost + (node_sq[v] in slow), k + 1)
                if cand < best.get(v, (_INF, _INF)):
                    best[v] = cand
                    back[v] = n
                    heapq.heappush(heap, (cand[0], cand[1], v))
        end: tuple[int, int, int] | None = None
        for n, c in ends.items():
            if n in best:
                here = (best[n][0] + c, best[n][1], n)
                if end is None or here < end:
                    end = here
        if end is None:
            return None
        path = [end[2]]
        while path[-1] in back:
            path.append(back[path[-1]])
        return tuple(self._nodes[n].cell for n in reversed(path)), end[0]

    def house_distances(self, house_cells: Iterable[Cell]) -> tuple[int, ...]:
        """For every square (row-major, ``r * width + c``), the Dinnertime distance from the house
        covering ``house_cells`` (garden included) to an entrance on that square; -1 where no
        road connects them. Memoised per footprint."""
        key = tuple(house_cells)
        cache = self._house_dist_cache
        table = cache.get(key)
        if table is None:
            table = self._house_distance_table(key)
            if len(cache) >= _MEMO_SIZE // 4:
                cache.clear()
            cache[key] = table
        return table

    def edge_road_spots(self) -> tuple[Cell, ...]:
        """The squares just outside the map beside an edge square that is a road (a bridge:
        its road that runs off the map there), sorted: where a piece beside the map connects
        to a road. Made on first use."""
        if self._edge_spots is None:
            object.__setattr__(self, "_edge_spots", self._edge_road_spots())
        assert self._edge_spots is not None
        return self._edge_spots

    def _edge_road_spots(self) -> tuple[Cell, ...]:
        w, h = self._width, self._height
        out: set[Cell] = set()
        for r in range(h):
            for c in range(w):
                i = r * w + c
                if self._ns[i] >= 0 and r in (0, h - 1):
                    out.add((-1, c) if r == 0 else (h, c))
                if self._ew[i] >= 0 and c in (0, w - 1):
                    out.add((r, -1) if c == 0 else (r, w))
        return tuple(sorted(out))

    def _edge_start(self, spot: Cell) -> tuple[int, int] | None:
        """The road node an outside square ``spot`` steps onto (the edge square's road that
        runs off the map there), or None."""
        r, c = spot
        w, h = self._width, self._height
        if r in (-1, h) and 0 <= c < w:
            i = (0 if r < 0 else h - 1) * w + c
            n = self._ns[i]
        elif c in (-1, w) and 0 <= r < h:
            i = r * w + (0 if c < 0 else w - 1)
            n = self._ew[i]
        else:
            return None
        return (n, i) if n >= 0 else None

    def edge_distances(self, spots: Iterable[Cell]) -> tuple[int, ...]:
        """:meth:`house_distances` for a place beside the map reached through the outside
        squares ``spots`` (each of :meth:`edge_road_spots`): the edge road square it touches
        counts as the place's own tile (0 borders), as for a house on that tile; -1 everywhere
        when none connects. Memoised."""
        cells = sorted(set(spots))
        key = ("edge", *cells)
        cache = self._house_dist_cache
        table = cache.get(key)
        if table is None:
            starts: dict[int, int] = {}
            for spot in cells:
                found = self._edge_start(spot)
                if found is not None:
                    starts[found[0]] = 0
            table = self._distance_table(starts)
            if len(cache) >= _MEMO_SIZE // 4:
                cache.clear()
            cache[key] = table
        return table

    def _house_distance_table(self, house_cells: tuple[Cell, ...]) -> tuple[int, ...]:
        if self._slow:
            return self._slow_distance_table(house_cells)
        return self._distance_table(self._house_starts_i(house_cells))

    def _distance_table(self, starts: dict[int, int]) -> tuple[int, ...]:
        """Every square's distance to the road nodes ``starts`` (node -> cost of the first
        step), as :meth:`_house_distance_table` measures it."""
        if self._slow:
            return self._slow_table(starts)
        a = self._seg_costs(starts)
        segdist = self._segdist
        # best[sb]: the house's cost to reach road segment sb (ready to step off it)
        best = [_INF] * len(self._seg_nodes)
        for sa, ca in a.items():
            for sb, d in enumerate(segdist[sa]):
                if d >= 0 and ca + d < best[sb]:
                    best[sb] = ca + d
        seg, tile, near = self._seg, self._tile, self._near
        out = [-1] * (self._width * self._height)
        for i in range(len(out)):
            here = tile[i]
            low = _INF
            for n, road_tile in near[i]:
                total = best[seg[n]] + (0 if road_tile == here else 1)
                if total < low:
                    low = total
            if low < _INF:
                out[i] = low
        return tuple(out)

    def _slow_distance_table(self, house_cells: tuple[Cell, ...]) -> tuple[int, ...]:
        """:meth:`_house_distance_table` on a board with roadworks: a route pays 1 more for each
        roadworks square it steps onto (Dijkstra over road nodes; the segments' 0-cost
        shortcut does not hold there)."""
        return self._slow_table(self._house_starts_i(house_cells))

    def _slow_table(self, starts: dict[int, int]) -> tuple[int, ...]:
        slow, node_sq, adj = self._slow, self._node_sq, self._adj
        dist = [_INF] * len(self._nodes)
        heap: list[tuple[int, int]] = []
        for n, c in starts.items():
            d = c + (node_sq[n] in slow)
            if d < dist[n]:
                dist[n] = d
                heap.append((d, n))
        heapq.heapify(heap)
        while heap:
            d, n = heapq.heappop(heap)
            if d > dist[n]:
                continue
            for v, cost in adj[n]:
                nd = d + cost + (node_sq[v] in slow)
                if nd < dist[v]:
                    dist[v] = nd
                    heapq.heappush(heap, (nd, v))
        tile, near = self._tile, self._near
        out = [-1] * (self._width * self._height)
        for i in range(len(out)):
            here = tile[i]
            low = _INF
            for n, road_tile in near[i]:
                total = dist[n] + (0 if road_tile == here else 1)
                if total < low:
                    low = total
            if low < _INF:
                out[i] = low
        return tuple(out)

    def roadworks_on(self, cells: Iterable[Cell]) -> int:
        """How many of these squares carry roadworks (each +1 to a Dinnertime route)."""
        w = self._width
        return sum(1 for r, c in cells if r * w + c in self._slow)

    def reachable_roads(
        self, restaurants: Iterable[RestaurantSpot], max_range: int | None
    ) -> dict[RoadNode, int]:
        """Road nodes reachable from the entrances of ``restaurants`` within ``max_range`` tile
        borders (``None``: unlimited), with their cost. Marketeers and the Local Manager
        (facts.md E.2) use this; see :meth:`squares_next_to_roads` for "next to the road used"."""
        starts = self._restaurant_starts_i(restaurants)
        best = [_INF] * len(self._seg_nodes)
        for sa, ca in self._seg_costs(starts).items():
            for sb, d in enumerate(self._segdist[sa]):
                if d >= 0 and ca + d < best[sb]:
                    best[sb] = ca + d
        limit = _INF - 1 if max_range is None else max_range
        out: dict[RoadNode, int] = {}
        for sid, cost in enumerate(best):
            if cost <= limit:
                for n in self._seg_nodes[sid]:
                    out[self._nodes[n]] = cost
        return out

    def squares_in_road_range(
        self, restaurants: Iterable[RestaurantSpot], max_range: int
    ) -> frozenset[Cell]:
        """Non-road in-map squares that a road-range marketeer reaches within ``max_range``
        (facts.md E.2: "next to the road used; the campaign tile itself must be in range"): next
        to a road square reached at range ``d`` from an entrance of ``restaurants``, where
        ``d`` plus the step off the road (1 when the square is on another tile than that road
        square, as for an entrance, facts.md D.1) is at most ``max_range``.

        The squares in range of several restaurants are the union of each one's (a square is in
        range when it is in range of some entrance), so the answer is memoised per restaurant."""
        return _union_per_restaurant(
            self._range_cache, restaurants, lambda spot: (spot, max_range),
            lambda spot: self._squares_in_road_range([spot], max_range),
        )

    def _squares_in_road_range(
        self, restaurants: Iterable[RestaurantSpot], max_range: int
    ) -> frozenset[Cell]:
        reached = self.reachable_roads(restaurants, max_range)
        out: set[Cell] = set()
        on_map, roads = self._on_map, self._road_cells
        for node, cost in reached.items():
            r, c = node.cell
            here = self._tile[r * self._width + c]
            for cell in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if cell not in on_map or cell in roads:
                    continue
                step = int(self._tile[cell[0] * self._width + cell[1]] != here)
                if cost + step <= max_range:
                    out.add(cell)
        return frozenset(out)

    def squares_next_to_roads(self, roads: Iterable[RoadNode]) -> frozenset[Cell]:
        """In-map squares orthogonally next to any of the given road nodes' squares ("next to the
        road used", facts.md E.2). Road squares themselves are not included."""
        out: set[Cell] = set()
        for node in roads:
            r, c = node.cell
            for cell in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if self.in_map(cell) and not self.is_road(cell):
                    out.add(cell)
        return frozenset(out)

    # ----------------------------------------------------------------------------------------
    # drinks

    def road_route_supplier_sets(
        self, restaurants: Iterable[RestaurantSpot], max_range: int, *, whole_range: bool = False
    ) -> frozenset[frozenset[Cell]]:
        """Cart Operator / Truck Driver routes (facts.md D.1, E.2; conventions default 8): every
        distinct non-empty set of drink suppliers a road route can pass.

        A route starts on a road square next to an entrance of one of ``restaurants`` (first step
        0 or 1), moves square by square (bridges straight), may revisit squares and tiles but
        never steps straight back onto the square just left, crosses at most ``max_range`` tile
        borders and may stop anywhere. It collects every supplier orthogonally next to a route
        square (a supplier next only to the entrance square is not passed).

        ``whole_range`` (facts.md 9.1 #8, designer ruling): a route ends only when it has crossed
        ``max_range`` borders or cannot go on (a dead end or the map edge).

        A route starts at one restaurant, so the sets of several restaurants are the union of
        each one's; the answer is memoised per restaurant."""
        return _union_per_restaurant(
            self._route_cache, restaurants, lambda spot: ("road", spot, max_range, whole_range),
            lambda spot: self._road_route_supplier_sets([spot], max_range, whole_range),
        )

    def _road_route_supplier_sets(
        self, restaurants: Iterable[RestaurantSpot], max_range: int, whole_range: bool = False
    ) -> frozenset[frozenset[Cell]]:
        starts = self._restaurant_starts_i(restaurants)
        adj, node_sq, node_supp = self._adj, self._node_sq, self._node_supp
        queue: deque[tuple[int, int, int, int]] = deque()
        for n, c in sorted(starts.items(), key=lambda item: item[1]):
            if c <= max_range:
                queue.append((c, n, -1, node_supp[n]))
        # (node, previous square, suppliers[, cost]): the cheapest arrival dominates, except with
        # whole_range, where how much range is left decides where the route may end.
        seen: set[tuple[int, ...]] = set()
        masks: set[int] = set()
        while queue:
            cost, n, prev, mask = queue.popleft()
            key = (n, prev, mask, cost) if whole_range else (n, prev, mask)
            if key in seen:
                continue
            seen.add(key)
            if mask and not whole_range:
                masks.add(mask)
            here = node_sq[n]
            stuck = True
            for v, step in adj[n]:
                if node_sq[v] == prev:
                    continue  # no U-turn
                total = cost + step
                if total > max_range:
                    continue
                stuck = False
                state = (total, v, here, mask | node_supp[v])
                if ((v, here, state[3], total) if whole_range else (v, here, state[3])) in seen:
                    continue
                if step:
                    queue.append(state)
                else:
                    queue.appendleft(state)
            if whole_range and mask and (cost == max_range or stuck):
                masks.add(mask)
        return frozenset(self._mask_cells(m) for m in masks)

    def zeppelin_supplier_sets(
        self, start_tile: TilePos, max_range: int
    ) -> frozenset[frozenset[Cell]]:
        """Zeppelin Pilot (facts.md D.1, E.2): every distinct non-empty set of suppliers collected
        on a flight of up to ``max_range`` orthogonal tile steps from ``start_tile`` (the tile of
        an entrance), never entering a tile twice, collecting on every tile incl. the start."""
        tr, tc = start_tile
        if not (0 <= tr < self._rows and 0 <= tc < self._cols):
            raise ValueError(f"tile {start_tile} is not on the map")
        key = ("air", tr, tc, max_range)
        cached = self._route_cache.get(key)
        if cached is not None:
            return cached
        rows, cols, tile_supp = self._rows, self._cols, self._tile_supp
        masks: set[int] = set()
        seen: set[tuple[int, int]] = set()  # (tile, tiles visited): the rest follows from these

        def fly(r: int, c: int, visited: int, steps: int, mask: int) -> None:
            if mask:
                masks.add(mask)
            if steps == max_range:
                return
            for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if 0 <= rr < rows and 0 <= cc < cols and self.tile_on_map((rr, cc)):
                    t = rr * cols + cc
                    if not visited >> t & 1 and (t, visited | 1 << t) not in seen:
                        seen.add((t, visited | 1 << t))
                        fly(rr, cc, visited | 1 << t, steps + 1, mask | tile_supp[t])

        t0 = tr * cols + tc
        fly(tr, tc, 1 << t0, 0, tile_supp[t0])
        result = frozenset(self._mask_cells(m) for m in masks)
        if len(self._route_cache) >= _MEMO_SIZE:
            self._route_cache.clear()
        self._route_cache[key] = result
        return result

    # ----------------------------------------------------------------------------------------
    # drawn routes (a buyer's action may carry its route; facts.md D.1, E.2)

    def check_road_route(
        self,
        restaurants: Iterable[RestaurantSpot],
        route: Sequence[Cell],
        max_range: int,
        *,
        whole_range: bool = False,
    ) -> tuple[frozenset[Cell], Reason | None]:
        """A Cart Operator / Truck Driver route as drawn, square by square (facts.md D.1, E.2):
        the suppliers it passes and ``None``, or the suppliers so far and the rule it breaks.

        It starts on a road square next to an entrance of ``restaurants``, steps orthogonally
        from road square to road square where the roads connect (straight over a bridge; never
        diagonally between two roads that only meet at a corner), never steps straight back,
        and crosses at most ``max_range`` tile borders, the first step from an entrance onto
        another tile included. ``whole_range`` (facts.md 9.1 #8): it ends only when its range
        is used up or it cannot go on."""
        if not route:
            return frozenset(), Reason("route.empty", "a route has at least one road square")
        w = self._width
        for cell in route:
            if not self.is_road(cell):
                return frozenset(), Reason(
                    "route.not_road", f"square {list(cell)} of the route is not a road square",
                    cell=_at(cell))
        moves: list[tuple[int, int]] = []
        for i in range(1, len(route)):
            a, b = route[i - 1], route[i]
            dr, dc = b[0] - a[0], b[1] - a[1]
            if abs(dr) == 1 and abs(dc) == 1:
                return frozenset(), Reason(
                    "route.corner",
                    f"{list(a)} and {list(b)} only meet at a corner: a route moves orthogonally, "
                    "square by square (diagonal contact never counts)",
                    a=_at(a), b=_at(b),
                )
            if abs(dr) + abs(dc) != 1:
                return frozenset(), Reason(
                    "route.not_next",
                    f"{list(b)} is not next to {list(a)}: a route moves square by square",
                    a=_at(a), b=_at(b),
                )
            if i >= 2 and route[i - 2] == b:
                return frozenset(), Reason(
                    "route.u_turn", f"at {list(a)} the route steps straight back (no U-turn)",
                    at=_at(a))
            moves.append((dr, dc))
        starts = self._restaurant_starts_i(restaurants)
        nodes: list[int] = []
        for i, (r, c) in enumerate(route):
            sq = r * w + c
            if self._kinds[sq] != "x":
                nodes.append(self._ns[sq])
                continue
            entering = moves[i - 1] if i else None
            leaving = moves[i] if i < len(moves) else None
            if entering and leaving and entering != leaving:
                return frozenset(), Reason(
                    "route.bridge", f"a route goes straight over a bridge, not turning at {[r, c]}",
                    at=_at((r, c)))
            axis = entering or leaving
            if axis is None:  # a one-square route on a bridge: the road its entrance touches
                both = (self._ns[sq], self._ew[sq])
                nodes.append(next((n for n in both if n in starts), both[0]))
            else:
                nodes.append(self._ns[sq] if axis[0] else self._ew[sq])
        if nodes[0] not in starts:
            return frozenset(), Reason(
                "route.start",
                "a route starts on a road square next to an entrance of one of your open "
                f"restaurants; {list(route[0])} is not",
                at=_at(route[0]),
            )
        cost = starts[nodes[0]]
        mask = self._node_supp[nodes[0]]
        for i in range(1, len(nodes)):
            step = next((s for v, s in self._adj[nodes[i - 1]] if v == nodes[i]), None)
            if step is None:
                return self._mask_cells(mask), Reason(
                    "route.no_road", f"no road connects {list(route[i - 1])} to {list(route[i])}",
                    a=_at(route[i - 1]), b=_at(route[i]),
                )
            cost += step
            mask |= self._node_supp[nodes[i]]
        if cost > max_range:
            return self._mask_cells(mask), Reason(
                "route.too_long",
                f"the route crosses {cost} tile borders (the step from the entrance included), "
                f"more than its range {max_range}",
                borders=cost, reach=max_range,
            )
        if whole_range and cost < max_range:
            before = route[-2] if len(route) > 1 else None
            if any(divmod(self._node_sq[v], w) != before for v, _ in self._adj[nodes[-1]]):
                return self._mask_cells(mask), Reason(
                    "route.whole_range",
                    f"the route uses {cost} of its range {max_range} and could go on: a cart or "
                    "truck drives its whole range",
                    borders=cost, reach=max_range,
                )
        return self._mask_cells(mask), None

    def check_zeppelin_route(
        self, start_tiles: Collection[TilePos], route: Sequence[TilePos], max_range: int
    ) -> tuple[frozenset[Cell], Reason | None]:
        """A Zeppelin Pilot's flight as drawn, tile by tile (facts.md D.1, E.2; excerpt 002): the
        suppliers on the tiles it enters and ``None``, or the rule it breaks. It starts on the
        tile of an entrance (``start_tiles``), steps orthogonally to a neighbouring tile, never
        enters a tile twice and takes at most ``max_range`` steps."""
        if not route:
            return frozenset(), Reason("flight.empty", "a flight has at least its starting tile")
        for tile in route:
            if not (0 <= tile[0] < self._rows and 0 <= tile[1] < self._cols):
                return frozenset(), Reason("flight.off_map", f"tile {list(tile)} is not on the map",
                                            tile=_at(tile))
        if route[0] not in start_tiles:
            return frozenset(), Reason(
                "flight.start",
                "a Zeppelin starts on the tile of an entrance of one of your open restaurants; "
                f"tile {list(route[0])} is not",
                tile=_at(route[0]),
            )
        mask = 0
        for i, tile in enumerate(route):
            if tile in route[:i]:
                return frozenset(), Reason(
                    "flight.twice", f"the Zeppelin enters tile {list(tile)} twice", tile=_at(tile))
            if i and abs(tile[0] - route[i - 1][0]) + abs(tile[1] - route[i - 1][1]) != 1:
                return frozenset(), Reason(
                    "flight.not_next",
                    f"tile {list(tile)} is not next to {list(route[i - 1])}: a Zeppelin flies "
                    "orthogonally from tile to tile",
                    a=_at(route[i - 1]), b=_at(tile),
                )
            mask |= self._tile_supp[tile[0] * self._cols + tile[1]]
        if len(route) - 1 > max_range:
            return frozenset(), Reason(
                "flight.too_long",
                f"the flight takes {len(route) - 1} tile steps, more than its range {max_range}",
                steps=len(route) - 1, reach=max_range,
            )
        return self._mask_cells(mask), None

    def road_route_for(
        self,
        restaurants: Iterable[RestaurantSpot],
        suppliers: Collection[Cell],
        max_range: int,
        *,
        whole_range: bool = False,
    ) -> tuple[Cell, ...] | None:
        """One road route (squares) that passes exactly ``suppliers``, for drawing a choice of
        :meth:`road_route_supplier_sets`; the shortest found, ``None`` if there is none."""
        want = 0
        index = {cell: k for k, cell in enumerate(self._supplier_cells)}
        for cell in suppliers:
            if cell not in index:
                return None
            want |= 1 << index[cell]
        starts = self._restaurant_starts_i(restaurants)
        adj, node_sq, node_supp, w = self._adj, self._node_sq, self._node_supp, self._width
        queue: deque[tuple[int, int, int, int, tuple[int, ...]]] = deque()
        for n, c in sorted(starts.items(), key=lambda item: (item[1], item[0])):
            if c <= max_range and node_supp[n] & ~want == 0:
                queue.append((c, n, -1, node_supp[n], (n,)))
        seen: set[tuple[int, ...]] = set()
        while queue:
            cost, n, prev, mask, path = queue.popleft()
            key = (n, prev, mask, cost)
            if key in seen:
                continue
            seen.add(key)
            here = node_sq[n]
            onward = False
            for v, step in adj[n]:
                if node_sq[v] == prev or cost + step > max_range:
                    continue
                onward = True
                m = mask | node_supp[v]
                if m & ~want:
                    continue  # would pass a supplier not chosen: it must be collected
                queue.append((cost + step, v, here, m, (*path, v)))
            if mask == want and (not whole_range or cost == max_range or not onward):
                return tuple(divmod(node_sq[k], w) for k in path)
        return None

    def zeppelin_route_for(
        self, start_tiles: Collection[TilePos], suppliers: Collection[Cell], max_range: int
    ) -> tuple[TilePos, ...] | None:
        """One flight (tiles) collecting exactly ``suppliers``, shortest first; ``None`` if none."""
        index = {cell: k for k, cell in enumerate(self._supplier_cells)}
        if any(cell not in index for cell in suppliers):
            return None
        want = sum(1 << index[cell] for cell in set(suppliers))
        rows, cols, tile_supp = self._rows, self._cols, self._tile_supp
        queue: deque[tuple[TilePos, ...]] = deque(
            (t,) for t in sorted(start_tiles) if tile_supp[t[0] * cols + t[1]] & ~want == 0
        )
        while queue:
            path = queue.popleft()
            mask = 0
            for r, c in path:
                mask |= tile_supp[r * cols + c]
            if mask == want:
                return path
            if len(path) - 1 == max_range:
                continue
            r, c = path[-1]
            for t in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                inside = 0 <= t[0] < rows and 0 <= t[1] < cols
                if inside and t not in path and tile_supp[t[0] * cols + t[1]] & ~want == 0:
                    queue.append((*path, t))
        return None

    # ----------------------------------------------------------------------------------------
    # marketing reach

    def block_id(self, cell: Cell) -> int | None:
        """Mailbox block of a square (facts.md E.5): 4-connected regions of non-road squares,
        bounded by roads (bridges too) and the map edge; ``None`` for a road square."""
        self._check(cell)
        b = self._block[cell[0] * self._width + cell[1]]
        return None if b < 0 else b

    @property
    def block_count(self) -> int:
        """How many mailbox blocks the map has (block ids are ``0 .. block_count - 1``)."""
        return self._block_count

    def billboard_reach(self, campaign_cells: Iterable[Cell]) -> frozenset[Cell]:
        """Squares a billboard reaches (facts.md E.5): in-map squares orthogonally next to any of
        its squares (diagonal contact does not count); the billboard's own squares excluded."""
        return self._reach(("billboard", tuple(campaign_cells)), self._billboard_reach)

    def _billboard_reach(self, key: tuple[str, tuple[Cell, ...]]) -> frozenset[Cell]:
        own = set(key[1])
        out: set[Cell] = set()
        on_map = self._on_map
        for r, c in own:
            for cell in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if cell not in own and cell in on_map:
                    out.add(cell)
        return frozenset(out)

    def mailbox_reach(self, campaign_cells: Iterable[Cell]) -> frozenset[Cell]:
        """Squares a mailbox reaches (facts.md E.5): every square of the blocks it lies in."""
        return self._reach(("mailbox", tuple(campaign_cells)), self._mailbox_reach)

    def _mailbox_reach(self, key: tuple[str, tuple[Cell, ...]]) -> frozenset[Cell]:
        blocks = {self.block_id(c) for c in key[1]} - {None}
        width, block = self._width, self._block
        return frozenset(divmod(i, width) for i in range(len(block)) if block[i] in blocks)

    def radio_reach(self, cell: Cell) -> frozenset[Cell]:
        """Squares a radio on ``cell`` reaches: every square of its :meth:`radio_tiles`."""
        return self._reach(("radio", cell), self._radio_reach)

    def _radio_reach(self, key: tuple[str, Cell]) -> frozenset[Cell]:
        return frozenset(c for tile in self.radio_tiles(key[1]) for c in self.tile_cells(tile))

    def _reach(self, key: _K, compute: Callable[[_K], frozenset[Cell]]) -> frozenset[Cell]:
        """A reach, memoised per campaign position (it depends on the board alone)."""
        cache = self._reach_cache
        found = cache.get(key)
        if found is None:
            found = compute(key)
            if len(cache) >= _MEMO_SIZE:
                cache.clear()
            cache[key] = found
        return found

    def airplane_placements(self, span: int) -> tuple[tuple[Edge, int], ...]:
        """Every legal airplane position of a 1/3/5-wide airplane (facts.md E.2, conventions
        default 2): along edge ``n``/``s`` the first column, along ``e``/``w`` the first row; it
        lines up with exactly ``span`` edge squares and never sticks out past a corner."""
        if span <= 0:
            raise ValueError("an airplane spans at least one square")
        out: list[tuple[Edge, int]] = []
        for edge in (Edge.N, Edge.E, Edge.S, Edge.W):
            length = self._width if edge in (Edge.N, Edge.S) else self._height
            out.extend((edge, first) for first in range(length - span + 1))
        return tuple(out)

    def airplane_lines(self, edge: Edge, first: int, span: int) -> tuple[str, range]:
        """The full lines an airplane covers: ``("cols", range)`` along ``n``/``s``,
        ``("rows", range)`` along ``e``/``w``. Raises ``ValueError`` for an illegal position."""
        edge = Edge(edge)
        vertical_lines = edge in (Edge.N, Edge.S)
        length = self._width if vertical_lines else self._height
        if span <= 0 or first < 0 or first + span > length:
            raise ValueError(f"airplane {edge.value} {first} span {span} is not along the map")
        return ("cols" if vertical_lines else "rows", range(first, first + span))

    def airplane_cells(self, edge: Edge, first: int, span: int) -> frozenset[Cell]:
        """Squares an airplane reaches (facts.md E.5): the ``span`` full rows (edge ``e``/``w``)
        or columns (edge ``n``/``s``) in line with it."""
        return self._reach(("airplane", Edge(edge), first, span), self._airplane_cells)

    def _airplane_cells(self, key: tuple[str, Edge, int, int]) -> frozenset[Cell]:
        kind, lines = self.airplane_lines(key[1], key[2], key[3])
        if kind == "cols":
            return frozenset((r, c) for r in range(self._height) for c in lines)
        return frozenset((r, c) for r in lines for c in range(self._width))

    def radio_tiles(self, cell: Cell) -> frozenset[TilePos]:
        """Tiles a radio on ``cell`` reaches (facts.md E.5): its own tile and the up to 8 tiles
        around it that are on the map."""
        self._check(cell)
        tr, tc = cell[0] // TILE_SIZE, cell[1] // TILE_SIZE
        return frozenset(
            (r, c)
            for r in range(max(0, tr - 1), min(self._rows, tr + 2))
            for c in range(max(0, tc - 1), min(self._cols, tc + 2))
            if self._full or self.tile_on_map((r, c))
        )

    # ----------------------------------------------------------------------------------------
    # placement rules

    def legal_restaurant_placements(
        self,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        forbidden_entrance_tiles: Collection[TilePos] | None = None,
    ) -> list[tuple[Cell, Corner]]:
        """Every legal ``(top_left, entrance corner)`` for a new restaurant (facts.md C, E.2): all 4
        squares printed empty and not in ``occupied``; the entrance square orthogonally next to a
        road square. ``allowed_roads``: the entrance must step onto one of these road nodes (Local
        Manager, conventions default 1). ``forbidden_entrance_tiles``: tiles the entrance may not
        be on (setup: no two entrances on one tile)."""
        return list(
            self.iter_restaurant_placements(occupied, allowed_roads, forbidden_entrance_tiles)
        )

    def has_restaurant_placement(
        self,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        forbidden_entrance_tiles: Collection[TilePos] | None = None,
    ) -> bool:
        """Whether :meth:`legal_restaurant_placements` would find any (stops at the first)."""
        it = self.iter_restaurant_placements(occupied, allowed_roads, forbidden_entrance_tiles)
        return next(it, None) is not None

    def iter_restaurant_placements(
        self,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        forbidden_entrance_tiles: Collection[TilePos] | None = None,
    ) -> Iterator[tuple[Cell, Corner]]:
        """:meth:`legal_restaurant_placements`, one at a time in the same order."""
        occ = _as_set(occupied)
        allowed = None if allowed_roads is None else frozenset(allowed_roads)
        banned = frozenset(forbidden_entrance_tiles or ())
        for cand in self._restaurant_cands:
            if not occ.isdisjoint(cand.cells):
                continue
            if banned and cand.entrance_tile in banned:
                continue
            if allowed is not None and allowed.isdisjoint(cand.roads):
                continue
            yield (cand.top_left, cand.corner)

    def restaurant_placements_in_road_range(
        self,
        restaurants: Iterable[RestaurantSpot],
        max_range: int,
        occupied: Collection[Cell],
        *,
        any_road: bool = False,
    ) -> list[tuple[Cell, Corner]]:
        """Local Manager (facts.md D.1, E.2; conventions default 1): every legal new restaurant
        whose entrance steps onto a road node reached within ``max_range`` from ``restaurants``,
        the step from that road square onto the entrance square counting 1 when they lie on
        different tiles, like every other range. ``any_road`` (facts.md 9.1 #1, RB): the entrance
        may touch any road; some square of the restaurant must be in road range instead (as for
        a campaign tile, :meth:`squares_in_road_range`)."""
        return list(
            self.iter_restaurant_placements_in_road_range(
                restaurants, max_range, occupied, any_road=any_road
            )
        )

    def iter_restaurant_placements_in_road_range(
        self,
        restaurants: Iterable[RestaurantSpot],
        max_range: int,
        occupied: Collection[Cell],
        *,
        any_road: bool = False,
    ) -> Iterator[tuple[Cell, Corner]]:
        """:meth:`restaurant_placements_in_road_range` one at a time."""
        occ = _as_set(occupied)
        if any_road:
            near = self.squares_in_road_range(restaurants, max_range)
            for cand in self._restaurant_cands:
                if occ.isdisjoint(cand.cells) and not near.isdisjoint(cand.cells):
                    yield (cand.top_left, cand.corner)
            return
        reached = self.reachable_roads(restaurants, max_range)
        for cand in self._restaurant_cands:
            if not occ.isdisjoint(cand.cells):
                continue
            for node in cand.roads:
                cost = reached.get(node)
                if cost is None:
                    continue
                r, c = node.cell
                step = int((r // TILE_SIZE, c // TILE_SIZE) != cand.entrance_tile)
                if cost + step <= max_range:
                    yield (cand.top_left, cand.corner)
                    break

    def legal_house_placements(
        self, occupied: Collection[Cell]
    ) -> list[tuple[Cell, tuple[Cell, Cell]]]:
        """Every legal ``(house top_left, garden squares)`` for a new house tile (facts.md E.2): the
        2x2 house and its 2x1 garden form a 2x3 rectangle (garden on any side, along a full
        2-square side), all 6 squares printed empty and not occupied, one square next to a road."""
        return list(self.iter_house_placements(occupied))

    def has_house_placement(self, occupied: Collection[Cell]) -> bool:
        """Whether :meth:`legal_house_placements` would find any (stops at the first)."""
        return next(self.iter_house_placements(occupied), None) is not None

    def iter_house_placements(
        self, occupied: Collection[Cell]
    ) -> Iterator[tuple[Cell, tuple[Cell, Cell]]]:
        """:meth:`legal_house_placements`, one at a time in the same order."""
        occ = _as_set(occupied)
        for h in self._house_candidates():
            if occ.isdisjoint(h.cells):
                yield (h.top_left, h.garden)

    def legal_garden_placements(
        self, house_cells: Iterable[Cell], occupied: Collection[Cell]
    ) -> list[tuple[Cell, Cell]]:
        """Every legal garden for a house that has none (facts.md E.2): 2 printed-empty, unoccupied
        squares forming a 2x3 rectangle with the house's 2x2 (4 possible sides)."""
        cells = sorted(house_cells)
        if len(cells) != 4:
            raise ValueError("a house without a garden covers 4 squares")
        r, c = cells[0]
        if cells != [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]:
            raise ValueError("a house is a 2x2 square")
        occ = _as_set(occupied)
        sides: tuple[tuple[Cell, Cell], ...] = (
            ((r - 1, c), (r - 1, c + 1)),
            ((r, c + 2), (r + 1, c + 2)),
            ((r + 2, c), (r + 2, c + 1)),
            ((r, c - 1), (r + 1, c - 1)),
        )
        return [g for g in sides if all(self.is_blank(x) for x in g) and occ.isdisjoint(g)]

    def legal_campaign_placements(
        self,
        height: int,
        width: int,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        allowed_squares: Collection[Cell] | None = None,
    ) -> list[tuple[Cell, Orientation | None]]:
        """Every legal ``(top_left, orientation)`` for a billboard, mailbox or radio tile of
        ``height`` x ``width`` squares (facts.md E.2): all squares in the map, printed empty and
        not occupied, at least one square orthogonally next to a road square (with
        ``allowed_roads``: next to one of these road nodes, "the road used"; a square next to a
        bridge counts for both of its roads; with ``allowed_squares``: at least one square is one
        of these, e.g. :meth:`squares_in_road_range`). Square tiles get orientation ``None``."""
        return list(
            self.iter_campaign_placements(height, width, occupied, allowed_roads, allowed_squares)
        )

    def has_campaign_placement(
        self,
        height: int,
        width: int,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        allowed_squares: Collection[Cell] | None = None,
    ) -> bool:
        """Whether :meth:`legal_campaign_placements` would find any (stops at the first)."""
        it = self.iter_campaign_placements(height, width, occupied, allowed_roads, allowed_squares)
        return next(it, None) is not None

    def iter_campaign_placements(
        self,
        height: int,
        width: int,
        occupied: Collection[Cell],
        allowed_roads: Collection[RoadNode] | None = None,
        allowed_squares: Collection[Cell] | None = None,
    ) -> Iterator[tuple[Cell, Orientation | None]]:
        """:meth:`legal_campaign_placements`, one at a time in the same order."""
        occ = _as_set(occupied)
        allowed = None if allowed_roads is None else frozenset(allowed_roads)
        in_range = None if allowed_squares is None else frozenset(allowed_squares)
        if height == width:
            shapes: tuple[tuple[Orientation | None, tuple[int, int]], ...] = (
                (None, (height, width)),
            )
        else:
            shapes = tuple(
                (o, campaign_footprint(height, width, o))
                for o in (Orientation.HORIZONTAL, Orientation.VERTICAL)
            )
        for orientation, dims in shapes:
            cands = self._campaign_candidates(dims)
            if in_range is None:
                picked: Iterable[_CampaignCandidate] = cands
            else:
                picked = (cands[i] for i in self._campaign_candidates_covering(dims, in_range))
            for cand in picked:
                if not occ.isdisjoint(cand.cells):
                    continue
                if allowed is not None and allowed.isdisjoint(self._roads_next_to(cand.cells)):
                    continue
                yield (cand.top_left, orientation)

    # ----------------------------------------------------------------------------------------
    # internals

    def _check(self, cell: Cell) -> None:
        if not self.in_map(cell):
            raise ValueError(f"square {cell} is not on the map")

    def _nid(self, node: RoadNode) -> int:
        try:
            return self._node_id[node]
        except KeyError:
            raise ValueError(f"{node} is not a road node of this map") from None

    def _house_starts_i(self, house_cells: Iterable[Cell]) -> dict[int, int]:
        w = self._width
        idxs = []
        for cell in house_cells:
            self._check(cell)
            idxs.append(cell[0] * w + cell[1])
        covered = {self._tile[i] for i in idxs}
        out: dict[int, int] = {}
        for i in idxs:
            for n, road_tile in self._near[i]:
                cost = 0 if road_tile in covered else 1
                if cost < out.get(n, 2):
                    out[n] = cost
        return out

    def _entrance_starts_i(self, entrances: Iterable[Cell]) -> dict[int, int]:
        w = self._width
        out: dict[int, int] = {}
        for cell in entrances:
            self._check(cell)
            i = cell[0] * w + cell[1]
            here = self._tile[i]
            for n, road_tile in self._near[i]:
                cost = 0 if road_tile == here else 1
                if cost < out.get(n, 2):
                    out[n] = cost
        return out

    def _restaurant_starts_i(self, restaurants: Iterable[RestaurantSpot]) -> dict[int, int]:
        entrances: list[Cell] = []
        for top_left, corner, drive_in in restaurants:
            entrances.extend(restaurant_entrances(top_left, corner, drive_in))
        return self._entrance_starts_i(entrances)

    def _seg_costs(self, starts: Mapping[int, int]) -> dict[int, int]:
        out: dict[int, int] = {}
        seg = self._seg
        for n, c in starts.items():
            s = seg[n]
            if c < out.get(s, _INF):
                out[s] = c
        return out

    def _roads_next_to(self, cells: Iterable[Cell]) -> frozenset[RoadNode]:
        """Road nodes orthogonally next to any of ``cells`` (both roads of a bridge)."""
        ns, ew, nodes = self._ns, self._ew, self._nodes
        width, height = self._width, self._height
        out: set[RoadNode] = set()
        for r, c in cells:
            for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if 0 <= rr < height and 0 <= cc < width:
                    j = rr * width + cc
                    if ns[j] >= 0:
                        out.add(nodes[ns[j]])
                        out.add(nodes[ew[j]])
        return frozenset(out)

    def _mask_cells(self, mask: int) -> frozenset[Cell]:
        cells = self._supplier_cells
        return frozenset(cells[k] for k in range(len(cells)) if mask >> k & 1)

    def _campaign_candidates(self, dims: tuple[int, int]) -> tuple[_CampaignCandidate, ...]:
        cached = self._campaign_cache.get(dims)
        if cached is not None:
            return cached
        h, w = dims
        offsets = [(dr, dc) for dr in range(h) for dc in range(w)]
        out: list[_CampaignCandidate] = []
        for i in self._open_rects(h, w):
            r, c = divmod(i, self._width)
            out.append(_CampaignCandidate((r, c), tuple([(r + dr, c + dc) for dr, dc in offsets])))
        result = tuple(out)
        self._campaign_cache[dims] = result  # memo only: not observable state
        return result

    def _campaign_candidates_covering(
        self, dims: tuple[int, int], squares: frozenset[Cell]
    ) -> tuple[int, ...]:
        """Positions of the ``dims`` candidates covering one of ``squares``, in order (memoised:
        a marketeer's squares in range stay the same while its restaurants do)."""
        key = (dims, squares)
        cached = self._campaign_hits.get(key)
        if cached is not None:
            return cached
        index = self._campaign_cells_index(dims)
        hits: set[int] = set()
        for cell in squares:
            hits.update(index.get(cell, ()))
        result = tuple(sorted(hits))
        if len(self._campaign_hits) >= _MEMO_SIZE:
            self._campaign_hits.clear()
        self._campaign_hits[key] = result
        return result

    def _campaign_cells_index(self, dims: tuple[int, int]) -> Mapping[Cell, tuple[int, ...]]:
        """For each square, the positions of the ``dims`` candidates covering it."""
        cached = self._campaign_index.get(dims)
        if cached is not None:
            return cached
        index: dict[Cell, list[int]] = {}
        for i, cand in enumerate(self._campaign_candidates(dims)):
            for cell in cand.cells:
                index.setdefault(cell, []).append(i)
        result = MappingProxyType({cell: tuple(ixs) for cell, ixs in index.items()})
        self._campaign_index[dims] = result  # memo only
        return result


@functools.lru_cache(maxsize=512)
def _turned_houses(
    grid: tuple[str, ...], numbers: tuple[int, ...], letter: str, rotation: int
) -> tuple[tuple[int, tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """A tile's printed houses turned with the tile, tile-local: (number, house squares, garden
    squares), each sorted (a board adds the tile's offset, which keeps the order). Numbered on
    the printed grid, then turned; memoised per tile and rotation, as every board of a layout
    with that tile turned so asks the same.

    Raises:
        ValueError: the tile prints a house but has no house number, or
            :func:`printed_house_cells` refuses its houses.
    """
    return tuple(
        (number, _turned_cells(squares, rotation), _turned_cells(garden, rotation))
        for number, squares, garden in _printed_houses(grid, numbers, letter)
    )


@functools.lru_cache(maxsize=128)
def _printed_houses(
    grid: tuple[str, ...], numbers: tuple[int, ...], letter: str
) -> tuple[tuple[int, tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """:func:`printed_house_cells` of a tile, unturned, memoised per tile."""
    if "H" not in "".join(grid):
        return ()
    if not numbers:
        raise ValueError(f"tile {letter} prints a house but has no house number")
    return tuple(
        (number, tuple(squares), tuple(garden))
        for number, (squares, garden) in printed_house_cells(grid, numbers, letter).items()
    )


def _turned_cells(cells: Iterable[Cell], rotation: int) -> tuple[Cell, ...]:
    """Tile-local squares of the printed grid, turned ``rotation`` clockwise quarter turns
    (conventions.md: ``[r, c]`` -> ``[c, 4 - r]``), sorted."""
    out = []
    for r, c in cells:
        for _ in range(rotation % 4):
            r, c = c, TILE_SIZE - 1 - r
        out.append((r, c))
    return tuple(sorted(out))


def _as_set(cells: Collection[Cell]) -> frozenset[Cell] | set[Cell]:
    if isinstance(cells, (set, frozenset)):
        return cells
    return set(cells)


@functools.lru_cache(maxsize=256)
def _build_cached(key: _BoardKey) -> Board:
    return Board(key)


def clear_board_cache() -> None:
    """Forget every cached board (tests and benchmarks; boards in use stay valid)."""
    _build_cached.cache_clear()


_T = TypeVar("_T")


def _union_per_restaurant(
    cache: dict[Any, frozenset[_T]],
    restaurants: Iterable[RestaurantSpot],
    key: Callable[[RestaurantSpot], Any],
    compute: Callable[[RestaurantSpot], frozenset[_T]],
) -> frozenset[_T]:
    """The union of each restaurant's answer, memoised per restaurant (the answers for several
    restaurants are the union of each one's)."""
    out: frozenset[_T] = frozenset()
    for spot in restaurants:
        k = key(spot)
        mine = cache.get(k)
        if mine is None:
            mine = compute(spot)
            if len(cache) >= _MEMO_SIZE:
                cache.clear()
            cache[k] = mine
        out = mine if not out else out | mine
    return out
