"""Renumbering the squares when the map grows north or west (a module's extra map tile,
ketchup.md 2).

Squares are numbered from the top-left square of the map (conventions.md "Board geometry"), so
a tile row added north or a tile column added west moves every square: each record that holds a
square moves by the same rows and columns, the layout gains rows and columns of holes before
its old ones, and the board geometry of the new layout is built (and cached) like any other.
Saved games and replays need nothing more: a game replays through the same growth.
"""

from __future__ import annotations

from fcm.core.geometry import HOLE
from fcm.core.state import CampaignDraft, GameState, Piece
from fcm.core.types import TILE_SIZE, Cell, Edge


def grow_layout(
    tiles: list[list[tuple[str, int]]], row: int, col: int, letter: str, rotation: int
) -> tuple[list[list[tuple[str, int]]], int, int]:
    """The layout with ``letter`` turned ``rotation`` at tile ``row``/``col`` of ``tiles``
    (-1: just north or west of it), the rectangle widened with holes; and the tile rows and
    columns added before the old ones (what every square moves by, in tiles)."""
    down, right = max(0, -row), max(0, -col)
    rows = max(len(tiles), row + 1) + down
    cols = max(len(tiles[0]), col + 1) + right
    out = [[(HOLE, 0)] * cols for _ in range(rows)]
    for r, line in enumerate(tiles):
        out[r + down][right : right + len(line)] = list(line)
    out[row + down][col + right] = (letter, rotation)
    return out, down, right


def move_squares(state: GameState, rows: int, cols: int) -> None:
    """Move every square ``state`` holds ``rows`` squares down and ``cols`` right: restaurants,
    houses and gardens, pieces (beside the map too), campaigns (an airplane's first row when it
    flies along the east or west side, first column along the north or south), a campaign
    being launched, and what each module keeps (``Extensions.regrid``). The layout is the
    caller's to change."""
    if not rows and not cols:
        return

    def moved(cell: Cell) -> Cell:
        return (cell[0] + rows, cell[1] + cols)

    def along(edge: Edge | None, first: int | None) -> int | None:
        if edge is None or first is None:
            return first
        return first + (rows if edge in (Edge.E, Edge.W) else cols)

    for r in state.restaurants:
        r.cell = moved(r.cell)
    for h in state.houses.values():
        h.cell = moved(h.cell)
        h.garden = tuple(moved(c) for c in h.garden)
    state.pieces = [Piece(p.kind, moved(p.cell)) for p in state.pieces]
    for c in state.campaigns.values():
        c.cells = tuple(moved(x) for x in c.cells)
        c.first = along(c.edge, c.first)
    turn = state.turn.working
    if turn is not None and turn.draft is not None:
        d = turn.draft
        turn.draft = CampaignDraft(
            d.marketeer,
            d.number,
            None if d.cells is None else tuple(moved(x) for x in d.cells),
            d.edge,
            along(d.edge, d.first),
        )
    for fn in state.rules.extensions.regrid:
        fn(state, rows, cols)


def tiles_before(rows: int, cols: int) -> tuple[int, int]:
    """Squares moved for ``rows`` tile rows and ``cols`` tile columns added north and west."""
    return rows * TILE_SIZE, cols * TILE_SIZE
