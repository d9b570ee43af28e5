"""Lobbyists (ketchup.md 2) in the research environment (docs/research.md):

- action blocks after every base block: ``build_road`` (road shape variant, top-left square)
  and ``build_park`` (park shape variant, top-left square); a variant is one rotation or
  mirror image of a tile shape (``fcm.modules.lobbyists.variants``, shapes in the order of the
  module's data);
- ``place_map_tile`` (First lobbyist used): leftover tile (the catalog's letters in order) x
  rotation x the tile's place (tile row and column -1 to one past the encoding grid's last,
  so a tile on any side of a map as large as the grid has an index: ``(row + 1) * (grid's
  tile columns + 2) + col + 1``);
- the grid leaves room for the extra tiles (``map_growth``: one per seat while leftover tiles
  last, ``fcm.env.encoding.grid_of``): squares are numbered from the grown map's top-left, so
  a map grown north or west encodes like any other;
- board planes after the base planes: ``road_under_construction``, ``road_tile`` (opened),
  ``roadworks`` and ``park`` (1 on each square the piece covers). A map that grew has
  ``in_map`` 0 on the squares of its gaps (the base planes).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.core.types import Cell
from fcm.env.encoding import Encoding, encoding_for
from fcm.env.extensions import ActionBlocks, BoardPlanes, Dims, EnvBlocks, register_env
from fcm.modules.lobbyists import facts, variants
from fcm.modules.lobbyists.actions import BuildPark, BuildRoad, PlaceMapTile
from fcm.modules.lobbyists.ids import PARK, ROAD, ROAD_UNDER_CONSTRUCTION, ROADWORKS

ID = "lobbyists"
PIECES = (ROAD_UNDER_CONSTRUCTION, ROAD, ROADWORKS, PARK)


def _all(kind: str) -> tuple[tuple[Cell, ...], ...]:
    return tuple(v for shape in facts()[kind] for v in variants(shape))


ROAD_VARIANTS = _all("roads")
PARK_VARIANTS = _all("parks")
_ROAD_INDEX = {v: i for i, v in enumerate(ROAD_VARIANTS)}
_PARK_INDEX = {v: i for i, v in enumerate(PARK_VARIANTS)}


def _tile_places(enc: Encoding) -> tuple[int, int]:
    """The rows and columns of places an extra map tile may take on ``enc``'s grid (5: a tile's
    squares): from -1 (north or west of the map) to one past the grid's last."""
    return enc.height // 5 + 2, enc.width // 5 + 2


def _letters(state: GameState) -> tuple[str, ...]:
    return tuple(sorted(state.rules.catalog.tiles))


def _blocks(enc: Encoding) -> Dims:
    from fcm.rulesets import get_ruleset

    letters = len(get_ruleset("base", enc.modules).catalog.tiles)
    rows, cols = _tile_places(enc)
    return (
        ("build_road", (len(ROAD_VARIANTS), enc.squares)),
        ("build_park", (len(PARK_VARIANTS), enc.squares)),
        ("place_map_tile", (letters, 4, rows * cols)),
    )


def _split(cells: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], Cell]:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells)), (r0, c0)


def _encode(enc: Encoding, state: GameState, a: Action) -> int | None:
    if isinstance(a, PlaceMapTile):
        place = (a.row + 1) * _tile_places(enc)[1] + a.col + 1
        return enc.blocks["place_map_tile"].index(
            _letters(state).index(a.letter), a.rotation, place
        )
    if isinstance(a, BuildRoad | BuildPark):
        shape, top_left = _split(a.cells)
        road = isinstance(a, BuildRoad)
        index = (_ROAD_INDEX if road else _PARK_INDEX)[shape]
        return enc.blocks["build_road" if road else "build_park"].index(index, enc.square(top_left))
    return None


def _decode(enc: Encoding, state: GameState, block: str, f: tuple[int, ...]) -> Action:
    if block == "place_map_tile":
        row, col = divmod(f[2], _tile_places(enc)[1])
        return PlaceMapTile(_letters(state)[f[0]], f[1], row - 1, col - 1)
    r0, c0 = enc.cell_of(f[1])
    if block == "build_road":
        return BuildRoad(tuple((r0 + r, c0 + c) for r, c in ROAD_VARIANTS[f[0]]))
    return BuildPark(tuple((r0 + r, c0 + c) for r, c in PARK_VARIANTS[f[0]]))


def _key(view: GameState) -> Any:
    return tuple((p.kind, p.cell) for p in view.pieces if p.kind in PIECES)


def _build(view: GameState, key: Any) -> np.ndarray:
    enc = encoding_for(view.rules)  # its grid: 20 x 25, or a larger map's
    planes = np.zeros((len(PIECES), enc.height, enc.width), dtype=np.float32)
    for kind, (r, c) in key:
        planes[PIECES.index(kind), r, c] = 1.0
    return planes


PLANES = BoardPlanes(
    names=(
        ("road_under_construction", "Lobbyists: 1 on a road square under construction"),
        ("road_tile", "Lobbyists: 1 on a road square a Lobbyist built (open)"),
        ("roadworks", "Lobbyists: 1 on a road square with roadworks (+1 Dinnertime distance)"),
        ("park", "Lobbyists: 1 on a park square"),
    ),
    key=_key,
    build=_build,
)

register_env(ID, EnvBlocks(order=60, actions=ActionBlocks(_blocks, _encode, _decode),
                           planes=PLANES))
