"""Rural Marketeers (ketchup.md 12) in the research environment.

=====================  ===================================================================
place_freeway          the square outside the map beside an edge road square: its side
                       (n, e, s, w) and the column (n, s) or row (e, w) along it
=====================  ===================================================================

Globals: the rural area's demand tokens of each marketable good (``rural_demand_<good>``, it
has no square for the house planes: no ``house_kind`` plane either), per side and line, 1 where
a freeway stands (``freeway``; the ``piece_freeway`` plane marks the edge road square it
touches), and per giant billboard (side n, e, s, w: it lies beside the board, no campaign
plane shows it) in play, owner (relative seat one-hot) and good one-hot
(``giant_billboards``). The giant billboards are launched with the base launch blocks.
"""

from __future__ import annotations

from typing import Any

from fcm.core.actions import Action
from fcm.core.company import board_of
from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.core.types import Cell
from fcm.env.encoding import HEIGHT, WIDTH, Encoding, encoding_for
from fcm.env.extensions import ActionBlocks, Dims, EnvBlocks, Fields, GlobalFields, register_env
from fcm.modules.rural_marketeers import ID, billboards, freeways, rural_area
from fcm.modules.rural_marketeers.actions import PlaceFreeway

SIDES = ("n", "e", "s", "w")
LINE = max(HEIGHT, WIDTH)  # a side's lines, the longest side's


def _spot(state: GameState, cell: Cell) -> tuple[int, int]:
    """A square outside the map: its side and line."""
    board = board_of(state)
    r, c = cell
    if r < 0:
        return 0, c
    if c >= board.width:
        return 1, r
    if r >= board.height:
        return 2, c
    return 3, r


def _cell(state: GameState, side: int, line: int) -> Cell:
    board = board_of(state)
    return ((-1, line), (line, board.width), (board.height, line), (line, -1))[side]


def _blocks(enc: Encoding) -> Dims:
    return (("place_freeway", (len(SIDES), LINE)),)


def _encode(enc: Encoding, state: GameState, a: Action) -> int | None:
    if isinstance(a, PlaceFreeway):
        return enc.blocks["place_freeway"].index(*_spot(state, a.cell))
    return None


def _decode(enc: Encoding, state: GameState, block: str, f: tuple[int, ...]) -> Action:
    return PlaceFreeway(_cell(state, f[0], f[1]))


def _fields(rules: Ruleset) -> Fields:
    demand = tuple(
        (f"rural_demand_{g.value}", 1, f"Rural Marketeers: the rural area's {g.value} demand")
        for g in rules.marketable
    )
    enc = encoding_for(rules)
    each = 1 + enc.seats + len(enc.marketable)
    return (
        *demand,
        ("freeway", len(SIDES) * LINE,
         "Rural Marketeers: 1 where a freeway stands (side n e s w x line)"),
        ("giant_billboards", len(SIDES) * each,
         "Rural Marketeers: per giant billboard (side n e s w): in play, owner (relative seat "
         "one-hot), good one-hot (GOODS order)"),
    )


def _key(view: GameState) -> Any:
    rural = rural_area(view)
    demand = tuple(g.value for g in rural.demand) if rural is not None else ()
    tiles = {n: i for i, n in enumerate(billboards(view))}
    good = encoding_for(view.rules).advert_index
    placed = tuple(
        (tiles[c.number], c.owner, good[c.good])
        for c in view.campaigns.values()
        if c.number in tiles
    )
    return demand, tuple(_spot(view, c) for c in freeways(view)), placed


def _write(view: GameState, out: Any, key: Any, rel: list[int]) -> None:
    demand, spots, placed = key
    goods = [g.value for g in view.rules.marketable]
    for g in demand:
        out[goods.index(g)] += 1
    base = len(goods)
    for side, line in spots:
        out[base + side * LINE + line] = 1
    base += len(SIDES) * LINE
    enc = encoding_for(view.rules)
    each = 1 + enc.seats + len(enc.marketable)
    for side, owner, good in placed:
        at = base + side * each
        out[at] = 1
        out[at + 1 + rel[owner]] = 1
        out[at + 1 + enc.seats + good] = 1


register_env(
    ID,
    EnvBlocks(order=70,  # after every earlier module's (a block never moves)
              actions=ActionBlocks(_blocks, _encode, _decode),
              globals=GlobalFields(_fields, _key, _write)),
)
