"""Plain-text pictures of a board for the command line and for debugging."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fcm.core.types import TILE_SIZE, Cell

from .board import Board
from .tiles import TileGrid, TilePlacement


def render_board(
    board: Board, overlay: Mapping[Cell, str] | None = None, *, coords: bool = False
) -> str:
    """The map as text, one character per square in the tile encoding (``.`` empty, ``r`` road,
    ``x`` bridge, ``H`` printed house, ``s``/``l``/``b`` suppliers). Tiles are separated by a
    space column and a blank line. ``overlay`` replaces squares by one character each (pieces:
    restaurants, houses, campaigns, ...). ``coords`` adds column numbers on top (tens, units)
    and row numbers on the left."""
    overlay = overlay or {}
    for cell, ch in overlay.items():
        if not board.in_map(cell):
            raise ValueError(f"overlay square {cell} is not on the map")
        if len(ch) != 1:
            raise ValueError(f"overlay for {cell} must be one character, got {ch!r}")
    lines: list[str] = []
    margin = "   " if coords else ""
    if coords:
        for divisor in (10, 1):
            digits = [str(c // divisor % 10) for c in range(board.width)]
            lines.append(margin + _join_tiles(digits))
    for r in range(board.height):
        if r and r % TILE_SIZE == 0:
            lines.append("")
        chars = [overlay.get((r, c)) or board.square_kind((r, c)) for c in range(board.width)]
        prefix = f"{r:>2} " if coords else ""
        lines.append(prefix + _join_tiles(chars))
    return "\n".join(lines) + "\n"


def _join_tiles(chars: list[str]) -> str:
    return " ".join("".join(chars[i : i + TILE_SIZE]) for i in range(0, len(chars), TILE_SIZE))


def board_from_text(
    text: str, house_numbers: Sequence[int] = (), *, midpoints_only: bool = False
) -> Board:
    """A board from a picture in the :func:`render_board` layout (no coordinates, no overlay):
    tiles separated by spaces, tile rows by blank lines, all unrotated. For tests, scenarios and
    tools. Tiles printing a house get ``house_numbers`` in reading order (default 1, 2, 3, ...)."""
    tile_rows: list[list[str]] = [[]]
    for raw in text.strip("\n").splitlines():
        line = raw.strip()
        if not line:
            if tile_rows[-1]:
                tile_rows.append([])
            continue
        tile_rows[-1].append(line)
    if not tile_rows[-1]:
        tile_rows.pop()
    tiles: dict[str, TileGrid] = {}
    layout: list[list[TilePlacement]] = []
    numbers = list(house_numbers)
    next_number = 1
    for tr, lines in enumerate(tile_rows):
        if len(lines) != TILE_SIZE:
            raise ValueError(f"tile row {tr} has {len(lines)} lines, expected {TILE_SIZE}")
        chunks = [line.split() for line in lines]
        count = len(chunks[0])
        if any(len(ch) != count for ch in chunks):
            raise ValueError(f"tile row {tr}: lines have different numbers of tiles")
        row: list[TilePlacement] = []
        for tc in range(count):
            grid = tuple(chunk[tc] for chunk in chunks)
            number: int | None = None
            if any("H" in g for g in grid):
                number = numbers.pop(0) if numbers else next_number
                next_number = max(next_number, number) + 1
            letter = f"t{tr}.{tc}"
            tiles[letter] = TileGrid(grid, number)
            row.append(TilePlacement(letter, 0))
        layout.append(row)
    return Board.build(layout, tiles, midpoints_only=midpoints_only)
