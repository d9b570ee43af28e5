"""Board geometry: where restaurants, houses, gardens and campaigns may go (facts.md C, E.2)."""

from __future__ import annotations

import pytest

from fcm.core.geometry import Axis, RoadNode, board_from_text, campaign_cells
from fcm.core.types import Corner, Orientation

MIDDLE_ROAD = """
.....
.....
rrrrr
.....
.....
"""

LOW_ROAD = """
.....
.....
.....
.....
rrrrr
"""


def plus(r: int, c: int) -> RoadNode:
    return RoadNode((r, c), Axis.PLUS)


# --------------------------------------------------------------------------------------------
# restaurants


def test_restaurant_needs_empty_squares_and_entrance_next_to_a_road() -> None:
    """facts.md C / E.2: all 4 squares empty; the entrance corner borders a road square."""
    board = board_from_text(MIDDLE_ROAD)
    legal = set(board.legal_restaurant_placements(set()))
    above = {((0, c), k) for c in range(4) for k in (Corner.SW, Corner.SE)}
    below = {((3, c), k) for c in range(4) for k in (Corner.NW, Corner.NE)}
    assert legal == above | below
    assert ((0, 0), Corner.NW) not in legal  # entrance (0, 0) touches no road
    assert ((1, 0), Corner.NW) not in legal  # covers road squares


def test_restaurant_blocked_by_occupied_squares() -> None:
    """facts.md E.2: a restaurant covers only empty squares (no house, garden, campaign, ...)."""
    board = board_from_text(MIDDLE_ROAD)
    legal = set(board.legal_restaurant_placements({(0, 1)}))
    assert ((0, 0), Corner.SW) not in legal and ((0, 1), Corner.SE) not in legal
    assert ((0, 2), Corner.SW) in legal
    assert len(legal) == 16 - 4
    # printed houses and suppliers occupy squares by themselves
    printed = board_from_text(
        """
        HH.s.
        HH...
        rrrrr
        .....
        .....
        """
    )
    top = {tl for tl, _ in printed.legal_restaurant_placements([]) if tl[0] == 0}
    assert top == set()  # every 2x2 in rows 0-1 covers the house or the soda at (0, 3)


def test_restaurant_never_sticks_out_of_the_map() -> None:
    """conventions.md: every square of a piece lies on the map."""
    board = board_from_text(
        """
        ....r
        ....r
        ....r
        ....r
        ....r
        """
    )
    legal = board.legal_restaurant_placements([])
    assert all(0 <= r <= 3 and 0 <= c <= 2 for (r, c), _ in legal)
    assert {k for (_, c), k in legal if c == 2} == {Corner.NE, Corner.SE}


def test_setup_restaurant_entrance_not_on_a_tile_with_another_entrance() -> None:
    """facts.md C: at setup an entrance may not share a tile with another restaurant's entrance."""
    board = board_from_text(
        """
        ..... .....
        ..... .....
        rrrrr rrrrr
        ..... .....
        ..... .....
        """
    )
    legal = board.legal_restaurant_placements([], forbidden_entrance_tiles={(0, 0)})
    # restaurants straddling the border are fine if the entrance corner is on the right tile
    assert ((0, 4), Corner.SE) in legal and ((0, 4), Corner.SW) not in legal
    assert all(tl[1] + (k in (Corner.NE, Corner.SE)) >= 5 for tl, k in legal)


def test_local_manager_entrance_must_touch_a_reached_road() -> None:
    """conventions default 1: the new entrance is on a road the Local Manager reached."""
    board = board_from_text(MIDDLE_ROAD)
    legal = set(board.legal_restaurant_placements([], allowed_roads={plus(2, 0)}))
    assert legal == {((0, 0), Corner.SW), ((3, 0), Corner.NW)}
    assert board.legal_restaurant_placements([], allowed_roads=set()) == []


def test_entrance_touching_a_bridge_uses_the_road_it_steps_onto() -> None:
    """facts.md D.1: an entrance right above a bridge square steps onto its N-S road only."""
    board = board_from_text(
        """
        .....
        .....
        rrxrr
        ..r..
        ..r..
        """
    )
    ns, ew = RoadNode((2, 2), Axis.NS), RoadNode((2, 2), Axis.EW)
    assert ((0, 1), Corner.SE) in board.legal_restaurant_placements([], allowed_roads={ns})
    assert ((0, 1), Corner.SE) not in board.legal_restaurant_placements([], allowed_roads={ew})


# --------------------------------------------------------------------------------------------
# houses with gardens


def test_house_tile_is_a_2x3_rectangle_touching_a_road() -> None:
    """facts.md E.2 / excerpt: a house with its garden (2x3, garden on any side) on empty squares,
    with an edge next to a road."""
    board = board_from_text(LOW_ROAD)
    legal = board.legal_house_placements(set())
    horizontal = {((2, c), ((2, c + 2), (3, c + 2))) for c in range(3)} | {
        ((2, c + 1), ((2, c), (3, c))) for c in range(3)
    }
    vertical = {((1, c), ((3, c), (3, c + 1))) for c in range(4)} | {
        ((2, c), ((1, c), (1, c + 1))) for c in range(4)
    }
    assert set(legal) == horizontal | vertical
    assert len(legal) == 14
    assert ((0, 0), ((0, 2), (1, 2))) not in legal  # rows 0-1 touch no road


def test_house_blocked_by_occupied_squares() -> None:
    """facts.md E.2: all 6 squares empty."""
    board = board_from_text(MIDDLE_ROAD)
    assert len(board.legal_house_placements([])) == 12
    legal = board.legal_house_placements({(0, 2)})
    assert {tl for tl, _ in legal} == {(3, 0), (3, 1), (3, 2), (3, 3)}
    assert len(legal) == 6


def test_garden_for_an_existing_house() -> None:
    """facts.md E.2: 2 empty squares making a 2x3 rectangle with the house (any of 4 sides)."""
    board = board_from_text(MIDDLE_ROAD)
    house = [(0, 0), (0, 1), (1, 0), (1, 1)]
    # north and west are off the map, south is the road
    assert board.legal_garden_placements(house, set()) == [((0, 2), (1, 2))]
    assert board.legal_garden_placements(house, {(1, 2)}) == []
    open_map = board_from_text(LOW_ROAD)
    house = [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert set(open_map.legal_garden_placements(house, [])) == {
        ((0, 1), (0, 2)),
        ((1, 3), (2, 3)),
        ((3, 1), (3, 2)),
        ((1, 0), (2, 0)),
    }
    # a garden need not touch a road, but must be on printed-empty squares
    printed = board_from_text(
        """
        HH...
        HHl..
        .....
        .....
        .....
        """
    )
    assert printed.legal_garden_placements(printed.printed_houses[1], []) == [((2, 0), (2, 1))]
    with pytest.raises(ValueError):
        board.legal_garden_placements([(0, 0), (0, 1), (1, 0)], [])


# --------------------------------------------------------------------------------------------
# campaign tiles


def test_square_campaigns_need_a_square_next_to_a_road() -> None:
    """facts.md E.2: billboards, mailboxes and radios go on empty squares next to a road."""
    board = board_from_text(MIDDLE_ROAD)
    one = board.legal_campaign_placements(1, 1, set())
    assert set(one) == {((r, c), None) for r in (1, 3) for c in range(5)}
    two = board.legal_campaign_placements(2, 2, set())
    assert set(two) == {((r, c), None) for r in (0, 3) for c in range(4)}


def test_non_square_campaigns_in_both_orientations() -> None:
    """conventions.md: a non-square campaign is horizontal (long side along the row) or
    vertical."""
    board = board_from_text(MIDDLE_ROAD)
    legal = board.legal_campaign_placements(2, 1, set())
    horizontal = {((r, c), Orientation.HORIZONTAL) for r in (1, 3) for c in range(4)}
    vertical = {((r, c), Orientation.VERTICAL) for r in (0, 3) for c in range(5)}
    assert set(legal) == horizontal | vertical
    big = board.legal_campaign_placements(3, 2, set())  # #11: 3x2
    assert set(big) == {((r, c), Orientation.HORIZONTAL) for r in (0, 3) for c in range(3)}
    assert set(board.legal_campaign_placements(2, 3, set())) == set(big)
    assert campaign_cells((0, 0), 3, 2, Orientation.HORIZONTAL) == (
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
    )
    assert campaign_cells((0, 0), 2, 3, Orientation.VERTICAL) == (
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
    )


def test_campaign_blocked_by_occupied_squares_and_map_edge() -> None:
    """facts.md E.2: all campaign squares in the map, empty and unoccupied."""
    board = board_from_text(MIDDLE_ROAD)
    legal = board.legal_campaign_placements(2, 2, {(4, 4), (0, 0)})
    assert set(legal) == {((0, c), None) for c in (1, 2, 3)} | {((3, c), None) for c in (0, 1, 2)}
    assert all(c + 2 <= 5 for (_, c), _ in board.legal_campaign_placements(2, 2, []))


def test_campaign_next_to_the_road_used() -> None:
    """facts.md E.2: a road-range marketeer places it next to the road used; one square of a
    multi-square campaign next to a reached road is enough."""
    board = board_from_text(MIDDLE_ROAD)
    legal = board.legal_campaign_placements(1, 1, [], allowed_roads={plus(2, 0)})
    assert set(legal) == {((1, 0), None), ((3, 0), None)}
    wide = board.legal_campaign_placements(2, 1, [], allowed_roads={plus(2, 0)})
    assert set(wide) == {
        ((1, 0), Orientation.HORIZONTAL),
        ((3, 0), Orientation.HORIZONTAL),
        ((0, 0), Orientation.VERTICAL),
        ((3, 0), Orientation.VERTICAL),
    }
    # a square next to a bridge is next to both of its roads
    bridge = board_from_text(
        """
        .....
        .....
        rrxrr
        .....
        .....
        """
    )
    ns = RoadNode((2, 2), Axis.NS)
    assert set(bridge.legal_campaign_placements(1, 1, [], allowed_roads={ns})) == {
        ((1, 2), None),
        ((3, 2), None),
    }
