"""Board geometry: marketing reach and road range (facts.md E.2, E.5), on hand-checked maps."""

from __future__ import annotations

import pytest

from fcm.core.geometry import Axis, RoadNode, board_from_text
from fcm.core.types import Corner, Edge


def plus(r: int, c: int) -> RoadNode:
    return RoadNode((r, c), Axis.PLUS)


BLANK = "\n".join(["....."] * 5)


def blank_map(rows: int, cols: int) -> str:
    tile_row = "\n".join(" ".join(["....."] * cols) for _ in range(5))
    return "\n\n".join([tile_row] * rows)


# --------------------------------------------------------------------------------------------
# facts.md E.5 mailbox: blocks


def test_block_is_bounded_by_a_road() -> None:
    """facts.md E.5 mailbox: a road splits the map into blocks; road squares are in none."""
    board = board_from_text(
        """
        .....
        .....
        rrrrr
        .....
        .....
        """
    )
    assert board.block_count == 2
    assert board.block_id((0, 0)) == board.block_id((1, 4))
    assert board.block_id((0, 0)) != board.block_id((3, 0))
    assert board.block_id((2, 2)) is None


def test_block_crosses_tile_borders_and_ends_at_the_map_edge() -> None:
    """facts.md E.5 mailbox: blocks are bounded only by roads and the board edge, not tiles."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        rrrrr .....
        ..... .....
        ..... .....
        """
    )
    assert board.block_count == 1
    assert board.block_id((0, 0)) == board.block_id((4, 0))


def test_bridge_blocks_like_a_road() -> None:
    """facts.md E.5 (DLX): a bridge separates blocks like any road square."""
    board = board_from_text(
        """
        .....
        .....
        ..x..
        .....
        .....
        """
    )
    # a lone bridge square does not cut the tile, but it is itself no block square
    assert board.block_id((2, 2)) is None
    assert board.block_count == 1
    cut = board_from_text(
        """
        ..r..
        ..r..
        rrxrr
        ..r..
        ..r..
        """
    )
    assert cut.block_count == 4


def test_roads_touching_diagonally_still_separate_blocks() -> None:
    """facts.md E.5 (DLX): two road squares touching only at a corner block a mailbox
    (4-connected flood fill)."""
    board = board_from_text(
        """
        .r...
        .r...
        ..r..
        ..r..
        ..r..
        """
    )
    left = board.block_id((2, 1))
    right = board.block_id((1, 2))
    assert left is not None and right is not None and left != right
    assert board.block_id((0, 0)) == left == board.block_id((4, 1))
    assert board.block_id((0, 2)) == right == board.block_id((4, 4))
    assert board.block_count == 2


def test_suppliers_and_houses_belong_to_blocks() -> None:
    """facts.md E.5: the fill passes through houses and other objects, only roads stop it."""
    board = board_from_text(
        """
        HHr..
        HHr.b
        rrrrr
        .....
        .....
        """
    )
    assert board.block_id((0, 0)) == board.block_id((1, 1))
    assert board.block_id((1, 4)) == board.block_id((0, 3))
    assert board.block_id((0, 0)) != board.block_id((0, 3))
    assert board.block_count == 3


# --------------------------------------------------------------------------------------------
# facts.md E.5 billboard


def test_billboard_reach_is_orthogonal_only_and_clipped_to_the_map() -> None:
    """facts.md E.5 billboard: squares orthogonally next to any billboard square; diagonal no."""
    board = board_from_text(BLANK)
    assert board.billboard_reach([(0, 0)]) == {(0, 1), (1, 0)}
    assert board.billboard_reach([(2, 2), (2, 3)]) == {
        (1, 2),
        (1, 3),
        (3, 2),
        (3, 3),
        (2, 1),
        (2, 4),
    }
    assert (1, 1) not in board.billboard_reach([(2, 2)])


# --------------------------------------------------------------------------------------------
# facts.md E.2 / E.5 airplanes (conventions default 2)


def test_airplane_positions_never_overhang_a_corner() -> None:
    """facts.md E.2: an airplane lines up with exactly 1/3/5 edge squares, never past a corner."""
    board = board_from_text(blank_map(3, 4))  # 15 rows x 20 columns
    five = board.airplane_placements(5)
    assert sum(1 for e, _ in five if e is Edge.N) == 16  # first column 0..15
    assert sum(1 for e, _ in five if e is Edge.E) == 11  # first row 0..10
    assert len(five) == 2 * 16 + 2 * 11
    assert (Edge.N, 15) in five and (Edge.N, 16) not in five
    assert (Edge.W, 10) in five and (Edge.W, 11) not in five
    assert len(board.airplane_placements(1)) == 2 * 20 + 2 * 15
    assert len(board.airplane_placements(3)) == 2 * 18 + 2 * 13
    small = board_from_text(BLANK)
    assert set(small.airplane_placements(5)) == {(e, 0) for e in Edge}
    with pytest.raises(ValueError):
        board.airplane_cells(Edge.E, 11, 5)
    with pytest.raises(ValueError):
        board.airplane_cells(Edge.N, -1, 1)


def test_airplane_covers_full_rows_or_columns() -> None:
    """facts.md E.5 airplane: every square of the 1/3/5 full rows (e/w) or columns (n/s)."""
    board = board_from_text(blank_map(3, 4))
    cols = board.airplane_cells(Edge.S, 17, 3)
    assert cols == {(r, c) for r in range(15) for c in (17, 18, 19)}
    rows = board.airplane_cells(Edge.W, 0, 1)
    assert rows == {(0, c) for c in range(20)}
    assert board.airplane_lines(Edge.E, 10, 5) == ("rows", range(10, 15))
    assert board.airplane_lines(Edge.N, 0, 5) == ("cols", range(0, 5))


# --------------------------------------------------------------------------------------------
# facts.md E.5 radio


def test_radio_reach_at_a_map_corner_and_in_the_middle() -> None:
    """facts.md E.5 radio: the radio's tile and the 8 around it, only those on the map."""
    board = board_from_text(blank_map(3, 3))
    assert board.radio_tiles((0, 0)) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert board.radio_tiles((14, 14)) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    assert board.radio_tiles((7, 7)) == {(r, c) for r in range(3) for c in range(3)}
    assert board.radio_tiles((4, 9)) == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)}


# --------------------------------------------------------------------------------------------
# facts.md E.2 road range (marketeers, Local Manager)

THREE_TILES = """
..... ..... .....
..... ..... .....
rrrrr rrrrr rrrrr
..... ..... .....
..... ..... .....
"""


def test_road_range_counts_tile_borders_from_the_entrance() -> None:
    """facts.md E.2: range along roads from an entrance, in tile borders."""
    board = board_from_text(THREE_TILES)
    restaurant = ((0, 0), Corner.SW, False)  # entrance (1, 0) on the row-2 road
    r0 = board.reachable_roads([restaurant], 0)
    assert set(r0) == {plus(2, c) for c in range(5)}
    r1 = board.reachable_roads([restaurant], 1)
    assert set(r1) == {plus(2, c) for c in range(10)}
    assert r1[plus(2, 7)] == 1 and r1[plus(2, 3)] == 0
    unlimited = board.reachable_roads([restaurant], None)
    assert unlimited[plus(2, 14)] == 2
    assert board.reachable_roads([restaurant], 2) == unlimited


def test_road_range_from_an_entrance_whose_road_is_on_the_next_tile() -> None:
    """facts.md D.1: the first step onto the next tile's road already uses 1 range."""
    board = board_from_text(THREE_TILES)
    # restaurant (0, 3)-(1, 4): SE entrance (1, 4) touches (2, 4) on its own tile
    assert board.reachable_roads([((0, 3), Corner.SE, False)], 0)[plus(2, 4)] == 0
    # restaurant (0, 4)-(1, 5): SE entrance (1, 5) is on tile [0, 1]; road (2, 5) too
    reach = board.reachable_roads([((0, 4), Corner.SE, False)], 1)
    assert reach[plus(2, 5)] == 0 and reach[plus(2, 0)] == 1 and reach[plus(2, 14)] == 1
    # a one-square-wide road strip on the left tile's edge and an entrance across the border
    edge = board_from_text(
        """
        ....r .....
        ....r .....
        ....r .....
        ....r .....
        ....r .....
        """
    )
    # restaurant (0, 5)-(1, 6), NW entrance (0, 5) on tile [0, 1], road (0, 4) on tile [0, 0]
    assert edge.reachable_roads([((0, 5), Corner.NW, False)], 0) == {}
    assert set(edge.reachable_roads([((0, 5), Corner.NW, False)], 1)) == {
        plus(r, 4) for r in range(5)
    }


def test_road_range_from_several_restaurants_and_drive_in() -> None:
    """excerpt "Open drive-ins": every corner is an entrance; the best restaurant counts."""
    board = board_from_text(THREE_TILES)
    far = ((0, 13), Corner.NW, False)  # NW entrance (0, 13) touches no road
    assert board.reachable_roads([far], 3) == {}
    reach = board.reachable_roads([((0, 13), Corner.NW, True)], 0)
    assert set(reach) == {plus(2, c) for c in range(10, 15)}
    both = board.reachable_roads([((0, 0), Corner.SW, False), ((0, 13), Corner.NW, True)], 0)
    assert set(both) == {plus(2, c) for c in (*range(5), *range(10, 15))}


def test_squares_next_to_the_road_used() -> None:
    """facts.md E.2: "next to the road used" = squares orthogonally next to a reached road."""
    board = board_from_text(THREE_TILES)
    reach = board.reachable_roads([((0, 0), Corner.SW, False)], 0)
    beside = board.squares_next_to_roads(reach)
    assert beside == {(r, c) for r in (1, 3) for c in range(5)}  # (2, 5) is a road: not included
