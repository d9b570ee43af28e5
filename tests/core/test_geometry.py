"""Board geometry: tiles, rotations, roads, bridges and distances (facts.md D, D.1, E.3).

Every position is small and hand-checked; maps are drawn in the render layout (tiles separated
by a space, tile rows by a blank line). Global square = (row, col).
"""

from __future__ import annotations

import copy
import pickle

import pytest

from fcm.core.geometry import (
    Axis,
    Board,
    RoadNode,
    TileGrid,
    board_from_text,
    render_board,
    restaurant_entrances,
    rotate_grid,
)
from fcm.core.types import Corner, Good

TILE_E = ("rrr..", "rb...", "r.HHr", "..HHr", "..rrr")
TILE_G = ("HHr..", "HHr..", "rrxrr", "..r..", "..r..")
TILE_P = ("..r..", "l.r..", "rrxrr", "..r..", "..rb.")


def plus(r: int, c: int) -> RoadNode:
    return RoadNode((r, c), Axis.PLUS)


# --------------------------------------------------------------------------------------------
# conventions.md "Board geometry": rotations


def test_rotation_one_quarter_turn_maps_r_c_to_c_4_minus_r() -> None:
    """conventions.md: one clockwise turn maps tile-local [r, c] to [c, 4 - r] (tile E by hand)."""
    assert rotate_grid(TILE_E, 1) == ("..rrr", "...br", "rHH.r", "rHH..", "rrr..")
    assert rotate_grid(TILE_E, 2) == ("rrr..", "rHH..", "rHH.r", "...br", "..rrr")
    assert rotate_grid(TILE_E, 4) == TILE_E
    assert rotate_grid(rotate_grid(TILE_E, 1), 3) == TILE_E


@pytest.mark.parametrize(
    ("rotation", "beer", "house"),
    [
        (0, (1, 1), ((2, 2), (2, 3), (3, 2), (3, 3))),
        (1, (1, 3), ((2, 1), (2, 2), (3, 1), (3, 2))),
        (2, (3, 3), ((1, 1), (1, 2), (2, 1), (2, 2))),
        (3, (3, 1), ((1, 2), (1, 3), (2, 2), (2, 3))),
    ],
)
def test_rotated_tile_on_the_board(
    rotation: int, beer: tuple[int, int], house: tuple[tuple[int, int], ...]
) -> None:
    """conventions.md: a placement is letter + k clockwise turns; suppliers and the printed house
    move with the tile."""
    board = Board.build([[("E", rotation)]], {"E": TileGrid(TILE_E, 8)})
    assert dict(board.suppliers) == {beer: Good.BEER}
    assert board.printed_houses == {8: house}


def test_two_tile_map_coordinates() -> None:
    """conventions.md: tile [tr, tc] covers rows 5tr..5tr+4 and columns 5tc..5tc+4."""
    board = Board.build(
        [[("E", 0), ("G", 1)], [("P", 0), ("E2", 2)]],
        {
            "E": TileGrid(TILE_E, 8),
            "E2": TileGrid(TILE_E, 9),
            "G": TileGrid(TILE_G, 12),
            "P": TileGrid(TILE_P),
        },
    )
    assert (board.rows, board.cols, board.height, board.width) == (2, 2, 10, 10)
    assert board.square_kind((1, 1)) == "b"  # E unturned on tile [0, 0]: beer at local [1, 1]
    assert board.square_kind((8, 8)) == "b"  # E turned twice on tile [1, 1]: local [3, 3]
    assert board.square_kind((6, 0)) == "l"  # P unturned on tile [1, 0]: lemonade local [1, 0]
    assert board.is_bridge((2, 7)) and board.is_bridge((7, 2))
    # G turned once on tile [0, 1]: house local [0,0],[0,1],[1,0],[1,1] -> [0,4],[1,4],[0,3],[1,3]
    assert board.tile_at((0, 1)) == ("G", 1)
    assert board.printed_houses[12] == ((0, 8), (0, 9), (1, 8), (1, 9))
    assert set(board.printed_houses) == {8, 9, 12}
    assert board.tiles_of([(4, 4), (4, 5), (5, 4)]) == {(0, 0), (0, 1), (1, 0)}


def test_two_copies_of_one_house_number_are_rejected() -> None:
    """facts.md C: each printed house number exists once."""
    with pytest.raises(ValueError):
        Board.build([[("G", 0), ("G", 1)]], {"G": TileGrid(TILE_G, 12)})


def test_bridge_survives_rotation() -> None:
    """facts.md D.1: a turned bridge tile still has two separate straight roads."""
    for k in range(4):
        board = Board.build([[("G", k)]], {"G": TileGrid(TILE_G, 12)})
        assert board.is_bridge((2, 2))
        assert board.road_distance(plus(0, 2), plus(4, 2)) == 0
        assert board.road_distance(plus(2, 0), plus(2, 4)) == 0
        assert board.road_distance(plus(0, 2), plus(2, 0)) is None


# --------------------------------------------------------------------------------------------
# facts.md D.1: roads, bridges, tile borders

BRIDGE_MAP = """
.....
.....
rrxrr
..r..
..r..

..r..
..r..
..r..
.....
.....
"""


def test_bridge_halves_do_not_connect() -> None:
    """facts.md D.1 bridge: the N-S and W-E roads through a bridge square are separate."""
    board = board_from_text(BRIDGE_MAP)
    ns, ew = RoadNode((2, 2), Axis.NS), RoadNode((2, 2), Axis.EW)
    assert {n for n in board.road_nodes if n.cell == (2, 2)} == {ns, ew}
    assert board.road_distance(ns, ew) is None
    assert board.road_distance(plus(2, 0), plus(2, 4)) == 0  # straight W-E crossing
    assert board.road_distance(plus(3, 2), plus(4, 2)) == 0
    assert board.road_distance(plus(2, 1), plus(3, 2)) is None  # no turning on the bridge
    assert {n for n, _ in board.road_neighbours(ns)} == {plus(3, 2)}  # (1, 2) is no road
    assert {n for n, _ in board.road_neighbours(ew)} == {plus(2, 1), plus(2, 3)}


def test_bridge_entered_from_the_side_of_one_road() -> None:
    """facts.md D.1 bridge: a square north of a bridge steps onto its N-S road only."""
    board = board_from_text(BRIDGE_MAP)
    # restaurant (0, 1)-(1, 2), SE entrance (1, 2) sits right above the bridge square
    assert board.entrance_starts((0, 1), Corner.SE) == ((RoadNode((2, 2), Axis.NS), 0),)
    house_n = [(0, 3), (0, 4), (1, 3), (1, 4)]  # touches (2, 3), (2, 4): the W-E road
    assert board.distance_house_to_restaurant(house_n, [(1, 2)]) is None
    house_s = [(6, 3), (6, 4), (7, 3), (7, 4)]  # touches (6, 2), (7, 2): N-S road, tile [1, 0]
    assert board.distance_house_to_restaurant(house_s, [(1, 2)]) == 1


def test_roads_connect_across_tile_border_at_cost_1() -> None:
    """facts.md D.1 / conventions default 7: orthogonally adjacent road squares on neighbouring
    tiles connect; crossing the border costs 1, moving inside a tile costs 0."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        rrrrr rrrrr
        ..... .....
        ..... .....
        """
    )
    assert board.road_distance(plus(2, 0), plus(2, 4)) == 0
    assert board.road_distance(plus(2, 4), plus(2, 5)) == 1
    assert board.road_distance(plus(2, 0), plus(2, 9)) == 1
    assert (plus(2, 5), 1) in board.road_neighbours(plus(2, 4))
    assert (plus(2, 3), 0) in board.road_neighbours(plus(2, 4))


def test_roads_along_a_border_off_the_midpoint_connect() -> None:
    """conventions default 7: not only edge midpoints: any adjacent pair across the border."""
    board = board_from_text(
        """
        ....r r....
        ....r .....
        ....r .....
        ..... .....
        ..... .....
        """
    )
    assert board.road_distance(plus(2, 4), plus(0, 5)) == 1


def test_roads_touching_only_diagonally_do_not_connect() -> None:
    """facts.md D.1: diagonal contact never counts."""
    board = board_from_text(
        """
        .r...
        .r...
        ..r..
        ..r..
        ..r..
        """
    )
    assert board.road_distance(plus(1, 1), plus(2, 2)) is None
    assert board.road_distance(plus(0, 1), plus(1, 1)) == 0


def test_distance_counts_tile_borders_not_squares() -> None:
    """facts.md D.1: range and distance count tile borders crossed; within one tile = 0."""
    board = board_from_text(
        """
        ..... ..... .....
        ..... ..... .....
        rrrrr rrrrr rrrrr
        ..... ..... .....
        ..... ..... .....
        """
    )
    assert board.road_distance(plus(2, 0), plus(2, 14)) == 2
    assert board.road_distance(plus(2, 10), plus(2, 14)) == 0


def test_road_pieces_of_one_tile_joined_through_another_tile() -> None:
    """facts.md D.1: two road pieces of one tile that meet only via the next tile are 2 apart."""
    board = board_from_text(
        """
        rrrrr rrrrr
        r...r r....
        r...r r....
        r.... r....
        r.rrr rrrrr
        """
    )
    # (4, 2)..(4, 4) joins (4, 5) on the right tile; (0, 4) joins (0, 5)
    assert board.road_distance(plus(4, 2), plus(4, 4)) == 0
    assert board.road_distance(plus(4, 2), plus(0, 0)) == 2  # out and back in
    assert board.road_distance(plus(0, 0), plus(4, 0)) == 0  # down the west side


# --------------------------------------------------------------------------------------------
# facts.md D.1: restaurant entrances

EDGE_MAP = """
..... r....
..... r....
..... r....
..... r.HH.
..... r.HH.
"""


def test_entrance_next_to_road_on_the_next_tile_costs_1() -> None:
    """facts.md D.1 / excerpt: an entrance at a tile edge whose road is on the next tile already
    costs 1 range."""
    board = board_from_text(EDGE_MAP)
    assert board.entrance_starts((1, 3), Corner.NE) == ((plus(1, 5), 1),)
    house = board.printed_houses[1]  # (3, 7), (3, 8), (4, 7), (4, 8): no road next to it
    assert house == ((3, 7), (3, 8), (4, 7), (4, 8))
    own_house = [(3, 6), (3, 7), (4, 6), (4, 7)]
    assert board.distance_house_to_restaurant(own_house, []) is None
    # a house on the right tile next to the road: 0 onto the road, 1 for the entrance
    right = [(1, 6), (1, 7), (2, 6), (2, 7)]
    assert board.distance_house_to_restaurant(right, [(1, 4)]) == 1


def test_entrance_on_the_road_tile_costs_0() -> None:
    """facts.md D.1: the same restaurant with its entrance square on the road's tile costs 0."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        ..... .....
        ..... .....
        rrrrr rrrrr
        """
    )
    # restaurant (2, 4)-(3, 5) straddles the border; SW entrance (3, 4) is on the left tile
    assert board.entrance_starts((2, 4), Corner.SW) == ((plus(4, 4), 0),)
    assert board.entrance_starts((2, 4), Corner.SE) == ((plus(4, 5), 0),)
    assert board.entrance_starts((2, 4), Corner.NW) == ()


def test_entrance_corner_touching_two_roads() -> None:
    """facts.md D.1: the entrance connects through every road square orthogonally next to it;
    the two roads do not join through the entrance."""
    board = board_from_text(
        """
        ...r.
        ...r.
        ...r.
        rrr..
        .....
        """
    )
    starts = dict(board.entrance_starts((1, 1), Corner.SE))  # entrance (2, 2)
    assert starts == {plus(2, 3): 0, plus(3, 2): 0}
    assert board.road_distance(plus(2, 3), plus(3, 2)) is None


def test_drive_in_gives_every_corner_and_the_closest_counts() -> None:
    """excerpt "Open drive-ins": with a drive-in each corner is an entrance and distance is
    counted from whichever corner is closest."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        ..... .....
        ..... .....
        rrrrr rrrrr
        """
    )
    house = [(2, 8), (2, 9), (3, 8), (3, 9)]
    plain = restaurant_entrances((2, 4), Corner.SW)
    drive_in = restaurant_entrances((2, 4), Corner.SW, drive_in=True)
    assert plain == ((3, 4),)
    assert set(drive_in) == {(2, 4), (2, 5), (3, 4), (3, 5)}
    assert board.distance_house_to_restaurant(house, plain) == 1
    assert board.distance_house_to_restaurant(house, drive_in) == 0
    assert len(board.entrance_starts((2, 4), Corner.SW, drive_in=True)) == 2


# --------------------------------------------------------------------------------------------
# conventions.md "Distance from a house"; facts.md D.1 houses and gardens


def test_house_steps_onto_road_of_another_tile_at_cost_1() -> None:
    """conventions.md: stepping from a house onto a road square of another tile costs 1."""
    board = board_from_text(EDGE_MAP)
    house = [(1, 3), (1, 4), (2, 3), (2, 4)]  # left tile, road at column 5 on the right tile
    assert dict(board.house_starts(house)) == {plus(1, 5): 1, plus(2, 5): 1}


def test_house_spanning_two_tiles_starts_on_both() -> None:
    """facts.md D.1 / conventions.md: a house spanning a tile border is on both tiles."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        ..... .....
        ..... .....
        rrrrr rrrrr
        """
    )
    spanning = [(2, 4), (2, 5), (3, 4), (3, 5)]
    assert dict(board.house_starts(spanning)) == {plus(4, 4): 0, plus(4, 5): 0}
    entrance_right = [(3, 8)]  # restaurant (2, 8)-(3, 9), SW entrance
    assert board.distance_house_to_restaurant(spanning, entrance_right) == 0
    left_only = [(2, 3), (2, 4), (3, 3), (3, 4)]
    assert board.distance_house_to_restaurant(left_only, entrance_right) == 1


def test_garden_gives_road_contact() -> None:
    """facts.md D.1: a garden is part of its house: its squares connect the house to roads."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        ..... .....
        ..... .....
        rrrrr rrrrr
        """
    )
    house = [(1, 3), (1, 4), (2, 3), (2, 4)]
    garden = [(3, 3), (3, 4)]
    assert board.distance_house_to_restaurant(house, [(3, 8)]) is None
    assert board.distance_house_to_restaurant(house + garden, [(3, 8)]) == 1


def test_garden_on_another_tile_makes_its_road_free() -> None:
    """conventions.md: the house with its garden starts on every tile its squares cover."""
    board = board_from_text(
        """
        ..... .r...
        ..... .r...
        ..... .r...
        ..... .r...
        ..... .r...
        """
    )
    house = [(0, 3), (0, 4), (1, 3), (1, 4)]
    garden = [(0, 5), (1, 5)]  # right tile, next to the road in column 6
    assert dict(board.house_starts(house)) == {}
    assert dict(board.house_starts(house + garden)) == {plus(0, 6): 0, plus(1, 6): 0}
    assert board.distance_house_to_restaurant(house + garden, [(4, 5)]) == 0


def test_no_road_connection_gives_none() -> None:
    """facts.md E.3: a restaurant counts only if connected by road."""
    board = board_from_text(
        """
        .....
        rrrr.
        .....
        .rrrr
        .....
        """
    )
    assert board.distance_house_to_restaurant([(0, 3), (0, 4)], [(4, 0)]) is None
    assert board.distance_house_to_restaurant([(0, 0), (0, 1)], [(2, 0)]) == 0


# --------------------------------------------------------------------------------------------
# map edges and bad input


def test_map_edges() -> None:
    """conventions.md: squares outside rows 0..5R-1 / columns 0..5C-1 are off the map."""
    board = board_from_text(
        """
        ....r
        ....r
        ....r
        ....r
        ....r
        """
    )
    assert board.in_map((0, 0)) and board.in_map((4, 4))
    assert not board.in_map((-1, 0)) and not board.in_map((5, 0)) and not board.in_map((0, 5))
    assert not board.is_road((-1, 4)) and not board.is_road((0, 5))
    # a house in the bottom corner: off-map neighbours are simply absent
    assert dict(board.house_starts([(3, 2), (3, 3), (4, 2), (4, 3)])) == {
        plus(3, 4): 0,
        plus(4, 4): 0,
    }
    with pytest.raises(ValueError):
        board.square_kind((5, 5))
    with pytest.raises(ValueError):
        board.house_starts([(4, 5)])
    with pytest.raises(ValueError):
        board.road_distance(plus(0, 0), plus(0, 4))  # (0, 0) is no road


def test_invalid_layouts_are_rejected() -> None:
    """conventions.md: rotations are 0..3 and a map is a full grid of 5x5 tiles."""
    tiles = {"G": TileGrid(TILE_G, 12)}
    with pytest.raises(ValueError):
        Board.build([[("G", 4)]], tiles)
    with pytest.raises(ValueError):
        Board.build([[("G", 0)], []], tiles)
    with pytest.raises(KeyError):
        Board.build([[("Z", 0)]], tiles)
    with pytest.raises(ValueError):
        Board.build([[("G", 0)]], {"G": TileGrid(TILE_G, None)})  # printed house without number
    with pytest.raises(ValueError):
        Board.build([[("G", 0)]], {"G": TileGrid(("....",) * 5)})


# --------------------------------------------------------------------------------------------
# one immutable, shared board per layout


def test_board_is_cached_immutable_and_shared_by_copies() -> None:
    """A board never changes after build; game-state copies share it."""
    tiles = {"E": TileGrid(TILE_E, 8), "G": TileGrid(TILE_G, 12)}
    a = Board.build([[("E", 1), ("G", 2)]], tiles)
    b = Board.build(((("E", 1), ("G", 2)),), tiles)
    with pytest.raises(AttributeError):
        a.rows = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a._kinds = ""
    with pytest.raises(TypeError):
        a.suppliers[(0, 0)] = Good.BEER  # type: ignore[index]
    assert a is b
    assert a == b and hash(a) == hash(b)
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) is a
    other = Board.build([[("E", 1), ("G", 3)]], tiles)
    assert other != a


# --------------------------------------------------------------------------------------------
# plain-text rendering


def test_render_board_round_trips_and_overlays() -> None:
    """The text picture: one character per square, tiles split by spaces and blank lines."""
    text = "..... r....\n..... r....\n..... r....\n..... r.HH.\n..... r.HH.\n"
    board = board_from_text(text)
    assert render_board(board) == text
    assert board_from_text(render_board(board)) is board
    shown = render_board(board, {(1, 3): "R", (1, 4): "R"})
    assert shown.splitlines()[1] == "...RR r...."
    with_coords = render_board(board, coords=True).splitlines()
    assert with_coords[0] == "   00000 00000"
    assert with_coords[1] == "   01234 56789"
    assert with_coords[2] == " 0 ..... r...."
    with pytest.raises(ValueError):
        render_board(board, {(9, 9): "X"})


def test_render_two_tile_rows_has_a_blank_line_between() -> None:
    board = Board.build(
        [[("G", 0)], [("E", 0)]], {"E": TileGrid(TILE_E, 8), "G": TileGrid(TILE_G, 12)}
    )
    lines = render_board(board).splitlines()
    assert lines[:5] == list(TILE_G)
    assert lines[5] == ""
    assert lines[6:] == list(TILE_E)
