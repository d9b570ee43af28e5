"""Board geometry: tiles, roads, distances, reaches and placement rules (facts.md D, E.2, E.5).

Everything here is pure and deterministic; a :class:`Board` is immutable and cached per layout.

- Build: ``Board.build(placements, tiles)``, ``random_placements(rows, cols, seed)``,
  ``board_from_text(picture)``; draw with ``render_board(board, overlay)``.
- Roads: ``road_nodes``, ``road_distance``, ``house_starts``, ``entrance_starts``,
  ``distance_house_to_restaurant``, ``reachable_roads``, ``squares_in_road_range``,
  ``squares_next_to_roads``.
- Drinks: ``road_route_supplier_sets`` (cart, truck), ``zeppelin_supplier_sets``.
- Marketing reach: ``block_id``, ``billboard_reach``, ``mailbox_reach``, ``radio_reach``,
  ``airplane_placements``, ``airplane_cells``, ``radio_tiles`` (reaches memoised per position).
- Placement: ``legal_restaurant_placements``, ``legal_house_placements``,
  ``legal_garden_placements``, ``legal_campaign_placements``.
"""

from __future__ import annotations

from .board import (
    Axis,
    Board,
    Overlay,
    RestaurantSpot,
    RoadNode,
    Start,
    campaign_cells,
    campaign_footprint,
    clear_board_cache,
    restaurant_entrances,
)
from .render import board_from_text, render_board
from .tiles import (
    HOLE,
    TILE_LETTERS,
    Placements,
    TileGrid,
    TileLike,
    TilePlacement,
    TilePos,
    normalize_placements,
    random_placements,
    rotate_grid,
)

__all__ = [
    "HOLE",
    "TILE_LETTERS",
    "Axis",
    "Board",
    "Overlay",
    "Placements",
    "RestaurantSpot",
    "RoadNode",
    "Start",
    "TileGrid",
    "TileLike",
    "TilePlacement",
    "TilePos",
    "board_from_text",
    "campaign_cells",
    "campaign_footprint",
    "clear_board_cache",
    "normalize_placements",
    "random_placements",
    "render_board",
    "restaurant_entrances",
    "rotate_grid",
]
