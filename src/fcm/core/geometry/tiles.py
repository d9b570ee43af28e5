"""Map tiles as the geometry sees them: printed grids, rotations and tile placements.

A tile is 5x5 squares. Its printed grid uses the project encoding: ``.`` empty, ``r`` road,
``x`` bridge, ``H`` printed house, ``G`` printed garden (a module's tile), ``s`` soda,
``l`` lemonade, ``b`` beer. A placement is a
tile letter plus ``k`` clockwise quarter turns (conventions.md "Board geometry").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol, TypeAlias

from fcm.core.rng import Rng
from fcm.core.types import TILE_SIZE

TilePos: TypeAlias = tuple[int, int]
"""A tile of the map, ``(tile_row, tile_col)``."""

TILE_LETTERS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRST")
"""The 20 base map tiles (facts.md D)."""

SQUARE_KINDS = frozenset(".rxHGslbP")  # G: a printed garden, P: a printed park (modules' tiles)


class TileLike(Protocol):
    """What the geometry needs from a tile definition (e.g. ``fcm.core.catalog.TileDef``)."""

    @property
    def grid(self) -> Sequence[str]: ...

    @property
    def house_numbers(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class TileGrid:
    """A minimal tile definition: a printed 5x5 grid and the printed house number, if any
    (``more``: the numbers of a module tile's printed houses, see :func:`printed_house_cells`)."""

    grid: tuple[str, ...]
    house_number: int | None = None
    more: tuple[int, ...] = ()

    @property
    def house_numbers(self) -> tuple[int, ...]:
        if self.more:
            return self.more
        return () if self.house_number is None else (self.house_number,)


class TilePlacement(NamedTuple):
    """One tile on the map: its letter and ``rotation`` clockwise quarter turns (0..3)."""

    letter: str
    rotation: int


Placements: TypeAlias = tuple[tuple[TilePlacement, ...], ...]
"""The map layout: tile rows, each a tuple of tile placements, left to right."""

HOLE = ""
"""The letter of a place in the layout's rectangle that holds no tile: a map that grew by a
tile on one side (a module's extra map tile, ketchup.md 2) is no rectangle any more. Its
squares are off the map (square kind ``" "``)."""


def normalize_placements(placements: Sequence[Sequence[tuple[str, int]]]) -> Placements:
    """Check a tile layout (rows of ``(letter, rotation)``) and return it as hashable tuples."""
    rows = tuple(tuple(TilePlacement(str(p[0]), int(p[1])) for p in row) for row in placements)
    if not rows or not rows[0]:
        raise ValueError("a map needs at least one tile")
    width = len(rows[0])
    if all(p.letter == HOLE for row in rows for p in row):
        raise ValueError("a map needs at least one tile")
    for row in rows:
        if len(row) != width:
            raise ValueError("every tile row must have the same number of tiles")
        for p in row:
            if not 0 <= p.rotation <= 3:
                raise ValueError(f"rotation must be 0..3, got {p.rotation} for tile {p.letter}")
    return rows


def check_grid(grid: Sequence[str]) -> tuple[str, ...]:
    """Validate a printed tile grid (5 rows of 5 known square kinds)."""
    rows = tuple(grid)
    if len(rows) != TILE_SIZE or any(len(r) != TILE_SIZE for r in rows):
        raise ValueError(f"a tile grid is {TILE_SIZE}x{TILE_SIZE} squares")
    bad = {ch for r in rows for ch in r} - SQUARE_KINDS
    if bad:
        raise ValueError(f"unknown square kinds in tile grid: {sorted(bad)}")
    return rows


def rotate_grid(grid: Sequence[str], rotation: int) -> tuple[str, ...]:
    """Turn a tile grid ``rotation`` clockwise quarter turns.

    conventions.md: one turn maps tile-local ``[r, c]`` to ``[c, 4 - r]``. A bridge square keeps
    its ``x``: it always carries one N-S and one W-E road, whichever way the tile is turned.
    """
    return _rotated(tuple(grid), rotation % 4)


@functools.lru_cache(maxsize=512)
def _rotated(g: tuple[str, ...], turns: int) -> tuple[str, ...]:
    n = len(g)
    for _ in range(turns):
        g = tuple("".join(g[n - 1 - j][i] for j in range(n)) for i in range(n))
    return g


def random_placements(
    rows: int, cols: int, seed: int, letters: Sequence[str] = TILE_LETTERS
) -> Placements:
    """A random map (facts.md C): ``rows * cols`` distinct tiles, each turned randomly.

    Deterministic for a given seed: the letters are shuffled with ``Rng(seed)``, the first
    ``rows * cols`` are laid out row by row, then each gets a random rotation 0..3.
    """
    if rows <= 0 or cols <= 0:
        raise ValueError("a map needs at least one tile row and column")
    pool = sorted(letters)
    if rows * cols > len(pool):
        raise ValueError(f"{rows}x{cols} map needs {rows * cols} tiles, only {len(pool)} given")
    rng = Rng(seed)
    rng.shuffle(pool)
    chosen = pool[: rows * cols]
    turns = [rng.below(4) for _ in chosen]
    return tuple(
        tuple(TilePlacement(chosen[r * cols + c], turns[r * cols + c]) for c in range(cols))
        for r in range(rows)
    )


def tiles_key(
    placements: Placements, tiles: Mapping[str, TileLike]
) -> tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...]:
    """The tile data a layout uses, as a hashable value (part of the board cache key)."""
    used = sorted({p.letter for row in placements for p in row} - {HOLE})
    out: list[tuple[str, tuple[str, ...], tuple[int, ...]]] = []
    for letter in used:
        if letter not in tiles:
            raise KeyError(f"unknown tile {letter!r}")
        t = tiles[letter]
        out.append((letter, check_grid(t.grid), tuple(t.house_numbers)))
    return tuple(out)


def _parts(grid: Sequence[str], kinds: str) -> list[list[TilePos]]:
    """The orthogonally connected groups of squares of ``kinds``, each sorted, in reading order
    of their first square."""
    seen: set[TilePos] = set()
    out: list[list[TilePos]] = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch not in kinds or (r, c) in seen:
                continue
            part, todo = [], [(r, c)]
            seen.add((r, c))
            while todo:
                cr, cc = todo.pop()
                part.append((cr, cc))
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if (
                        0 <= nr < len(grid) and 0 <= nc < len(grid[nr])
                        and grid[nr][nc] in kinds and (nr, nc) not in seen
                    ):
                        seen.add((nr, nc))
                        todo.append((nr, nc))
            out.append(sorted(part))
    return out


def printed_house_cells(
    grid: Sequence[str], numbers: Sequence[int], letter: str = "?"
) -> dict[int, tuple[list[TilePos], list[TilePos]]]:
    """A printed grid's houses: number -> (house squares, printed garden squares), tile-local.

    Each group of ``H`` squares is one house, a square of side 2 (base houses) or 3 (a module's
    kind, e.g. New Districts' apartments); ``numbers`` name them in reading order of their top
    left square. A group of ``G`` squares is the printed garden of the house it touches.

    Raises:
        ValueError: the numbers do not match the houses, a house is not square, or a garden
            touches no house.
    """
    houses = _parts(grid, "H")
    if len(houses) != len(numbers):
        raise ValueError(f"tile {letter}: {len(houses)} printed houses, {len(numbers)} numbers")
    out: dict[int, tuple[list[TilePos], list[TilePos]]] = {}
    for number, cells in zip(numbers, houses, strict=True):
        r, c = cells[0]
        side = 3 if len(cells) == 9 else 2
        if cells != [(r + i, c + j) for i in range(side) for j in range(side)]:
            raise ValueError(
                f"tile {letter}: printed house squares do not form a 2x2 or 3x3 square"
            )
        out[number] = (cells, [])
    for garden in _parts(grid, "G"):
        near = {
            n for n, (cells, _) in out.items()
            if any(abs(gr - hr) + abs(gc - hc) == 1 for gr, gc in garden for hr, hc in cells)
        }
        if len(near) != 1:
            raise ValueError(f"tile {letter}: a printed garden must touch exactly one house")
        out[near.pop()][1].extend(garden)
    return out
