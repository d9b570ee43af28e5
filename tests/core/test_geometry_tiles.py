"""Board geometry on the 20 real map tiles (facts.md C, D) and random maps."""

from __future__ import annotations

from collections import Counter

import pytest

from fcm.core.geometry import (
    TILE_LETTERS,
    Axis,
    Board,
    RoadNode,
    random_placements,
    render_board,
)
from fcm.core.types import Corner, Good
from fcm.rulesets import base_ruleset

TWO_ROAD_TILES = {"E", "J", "M"}
BRIDGE_TILES = {"G", "P"}


def road_systems(board: Board) -> int:
    """Connected road systems (bridge halves count as separate roads)."""
    left = list(board.road_nodes)
    count = 0
    while left:
        first = left[0]
        left = [n for n in left if board.road_distance(first, n) is None]
        count += 1
    return count


@pytest.mark.parametrize("letter", TILE_LETTERS)
@pytest.mark.parametrize("rotation", range(4))
def test_each_tile_road_systems_and_suppliers(letter: str, rotation: int) -> None:
    """facts.md D summary: E, J, M have two separate roads, G and P a bridge (two roads); every
    drink supplier touches a road square of its own tile; in every rotation."""
    board = Board.build([[(letter, rotation)]], base_ruleset().catalog.tiles)
    expected = 2 if letter in TWO_ROAD_TILES | BRIDGE_TILES else 1
    assert road_systems(board) == expected
    has_bridge = any(board.is_bridge((r, c)) for r in range(5) for c in range(5))
    assert has_bridge == (letter in BRIDGE_TILES)
    for (r, c), _ in board.suppliers.items():
        assert any(board.is_road(n) for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))
    number = base_ruleset().catalog.tiles[letter].house_number
    assert set(board.printed_houses) == (set() if number is None else {number})


def test_all_twenty_tiles_on_one_map() -> None:
    """facts.md C/D: 11 printed houses 2..18, drinks 5 beer / 4 lemonade / 4 soda, 2 bridges."""
    layout = [[(TILE_LETTERS[r * 5 + c], (r + c) % 4) for c in range(5)] for r in range(4)]
    board = Board.build(layout, base_ruleset().catalog.tiles)
    assert set(board.printed_houses) == {2, 4, 5, 7, 8, 10, 12, 13, 15, 16, 18}
    assert all(len(cells) == 4 for cells in board.printed_houses.values())
    assert Counter(board.suppliers.values()) == {Good.BEER: 5, Good.LEMONADE: 4, Good.SODA: 4}
    squares = [(r, c) for r in range(board.height) for c in range(board.width)]
    assert sum(board.is_bridge(cell) for cell in squares) == 2
    assert board.block_count > 1


def test_tile_g_bridge_as_printed() -> None:
    """facts.md D: tile G's bridge at local [2, 2]; its roads go straight through."""
    board = Board.build([[("G", 0)]], base_ruleset().catalog.tiles)
    assert board.is_bridge((2, 2))
    assert board.road_distance(RoadNode((0, 2), Axis.PLUS), RoadNode((4, 2), Axis.PLUS)) == 0
    assert board.road_distance(RoadNode((2, 0), Axis.PLUS), RoadNode((0, 2), Axis.PLUS)) is None


def test_cart_on_tile_c_ring_road_next_to_tile_s() -> None:
    """facts.md D.1: a route that can loop on the ring road of tile C still ends; the beer of
    tile S touches both S's road and C's ring across the border, so every route passing S's
    soda has passed the beer first."""
    board = Board.build([[("C", 0), ("S", 0)]], base_ruleset().catalog.tiles)
    soda, beer = (0, 8), (3, 5)
    assert board.suppliers == {soda: Good.SODA, beer: Good.BEER}
    restaurant = ((0, 5), Corner.SW, False)  # entrance (1, 5): touches (2, 5) and C's (1, 4)
    starts = dict(board.entrance_starts(*restaurant))
    assert starts == {RoadNode((2, 5), Axis.PLUS): 0, RoadNode((1, 4), Axis.PLUS): 1}
    expected = frozenset({frozenset({beer}), frozenset({beer, soda})})
    for max_range in (0, 1, 2, 3):
        assert board.road_route_supplier_sets([restaurant], max_range) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_board_for_each_player_count(players: int) -> None:
    """facts.md C: map size by player count, random distinct tiles, random rotations; the same
    seed always gives the same map."""
    setup = base_ruleset().catalog.setups[players]
    rows, cols = setup.tile_rows, setup.tile_cols
    layout = random_placements(rows, cols, 1234)
    assert layout == random_placements(rows, cols, 1234)
    assert len(layout) == rows and all(len(row) == cols for row in layout)
    letters = [p.letter for row in layout for p in row]
    assert len(set(letters)) == rows * cols
    assert set(letters) <= set(base_ruleset().catalog.tiles)
    assert all(0 <= p.rotation <= 3 for row in layout for p in row)
    board = Board.build(layout, base_ruleset().catalog.tiles)
    assert (board.height, board.width) == (5 * rows, 5 * cols)
    assert len(render_board(board).splitlines()) == 5 * rows + rows - 1
    others = {random_placements(rows, cols, seed) for seed in range(20)}
    assert len(others) > 1


def test_random_placements_rejects_impossible_maps() -> None:
    """facts.md C: a 5-player map uses all 20 tiles; more is impossible."""
    assert len({p.letter for row in random_placements(4, 5, 7) for p in row}) == 20
    with pytest.raises(ValueError):
        random_placements(5, 5, 7)
    with pytest.raises(ValueError):
        random_placements(0, 3, 7)


def test_catalog_boards_are_shared() -> None:
    """A board is built once per layout (cache) and shared."""
    layout = random_placements(3, 3, 99)
    assert Board.build(layout, base_ruleset().catalog.tiles) is Board.build(
        [[(p.letter, p.rotation) for p in row] for row in layout], base_ruleset().catalog.tiles
    )
