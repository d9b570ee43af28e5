"""Board geometry: drink buyers' routes (facts.md D.1, E.2; conventions default 8)."""

from __future__ import annotations

import pytest

from fcm.core.geometry import board_from_text
from fcm.core.types import Corner, Good


def sets(*groups: tuple[tuple[int, int], ...]) -> frozenset[frozenset[tuple[int, int]]]:
    return frozenset(frozenset(g) for g in groups)


# --------------------------------------------------------------------------------------------
# Cart Operator / Truck Driver road routes

RING = """
rrrrr
rs..r
r...r
r..lr
rrrrr
"""


def test_route_on_a_ring_road_terminates_and_collects_both_ways() -> None:
    """facts.md D.1: routes may revisit squares (ring road, like tile C) and still end."""
    board = board_from_text(RING)
    assert board.suppliers == {(1, 1): Good.SODA, (3, 3): Good.LEMONADE}
    restaurant = ((1, 2), Corner.NE, False)  # entrance (1, 3) touches (0, 3) and (1, 4)
    s, lemon = (1, 1), (3, 3)
    expected = sets((s,), (lemon,), (s, lemon))
    assert board.road_route_supplier_sets([restaurant], 0) == expected
    assert board.road_route_supplier_sets([restaurant], 3) == expected


def test_no_u_turn_at_a_dead_end() -> None:
    """facts.md D.1: a route may not step straight back onto the square just left, so from the
    middle of a dead-end road it gets one side or the other, never both."""
    board = board_from_text(
        """
        .....
        s...l
        rrrrr
        .....
        .....
        """
    )
    restaurant = ((3, 2), Corner.NW, False)  # entrance (3, 2) touches (2, 2)
    assert board.road_route_supplier_sets([restaurant], 2) == sets(((1, 0),), ((1, 4),))


def test_a_loop_lets_the_route_turn_around() -> None:
    """facts.md D.1: with a loop the route comes back without a U-turn and takes both."""
    board = board_from_text(
        """
        rrr..
        r.r.l
        rrrrr
        s....
        .....
        """
    )
    restaurant = ((3, 2), Corner.NW, False)  # entrance (3, 2) touches (2, 2)
    s, lemon = (3, 0), (1, 4)
    assert board.road_route_supplier_sets([restaurant], 0) == sets((s,), (lemon,), (s, lemon))


def test_supplier_next_only_to_the_entrance_is_not_collected() -> None:
    """facts.md E.2 (DLX): a supplier next to the entrance square but to no route square is not
    passed."""
    board = board_from_text(
        """
        .....
        ....l
        .rrrr
        b....
        .....
        """
    )
    restaurant = ((3, 1), Corner.NW, False)  # entrance (3, 1): touches (2, 1) and beer (3, 0)
    assert board.road_route_supplier_sets([restaurant], 3) == sets(((1, 4),))


def test_route_range_counts_tile_borders() -> None:
    """facts.md E.2: cart range 2 / truck range 3 count tile borders along the route."""
    board = board_from_text(
        """
        ..... ..... .....
        .s... ..l.. ...b.
        rrrrr rrrrr rrrrr
        ..... ..... .....
        ..... ..... .....
        """
    )
    restaurant = ((3, 0), Corner.NW, False)
    s, lemon, beer = (1, 1), (1, 7), (1, 13)
    assert board.road_route_supplier_sets([restaurant], 0) == sets((s,))
    assert board.road_route_supplier_sets([restaurant], 1) == sets((s,), (s, lemon))
    assert board.road_route_supplier_sets([restaurant], 2) == sets(
        (s,), (s, lemon), (s, lemon, beer)
    )
    # from the road square next to the lemonade, either way, but not both (no U-turn)
    middle = ((3, 7), Corner.NW, False)
    assert board.road_route_supplier_sets([middle], 1) == sets((lemon,), (s, lemon), (lemon, beer))
    # one square further west the route must choose: west misses the lemonade
    west = ((3, 6), Corner.NW, False)
    assert board.road_route_supplier_sets([west], 1) == sets((s,), (lemon,), (lemon, beer))


def test_route_starting_across_the_border_pays_1() -> None:
    """facts.md D.1: an entrance whose road is on the next tile spends 1 range first."""
    board = board_from_text(
        """
        ....r .....
        ....r .....
        ...br .....
        ....r .....
        ....r .....
        """
    )
    restaurant = ((0, 5), Corner.NW, False)  # entrance (0, 5) on tile [0, 1]; road (0, 4)
    assert board.road_route_supplier_sets([restaurant], 0) == frozenset()
    assert board.road_route_supplier_sets([restaurant], 1) == sets(((2, 3),))


def test_route_goes_straight_over_a_bridge() -> None:
    """facts.md D.1 bridge: the two roads of a bridge tile are separate routes (tile P)."""
    board = board_from_text(
        """
        ..r..
        l.r..
        rrxrr
        ..r..
        ..rb.
        """
    )
    lemon, beer = (1, 0), (4, 3)
    west_only = ((3, 0), Corner.NW, False)  # entrance (3, 0) touches the W-E road at (2, 0)
    assert board.road_route_supplier_sets([west_only], 0) == sets((lemon,))
    both_roads = ((3, 0), Corner.NE, False)  # entrance (3, 1) touches (2, 1) W-E and (3, 2) N-S
    assert board.road_route_supplier_sets([both_roads], 0) == sets((lemon,), (beer,))


def test_routes_from_several_restaurants_are_alternatives() -> None:
    """facts.md E.2: a route starts at one entrance of one of the given restaurants."""
    board = board_from_text(
        """
        .....
        s...l
        rrrrr
        .....
        .....
        """
    )
    a = ((3, 0), Corner.NW, False)  # touches (2, 0): the road's west end
    b = ((3, 3), Corner.NE, False)  # touches (2, 4): the road's east end
    soda, lemon = (1, 0), (1, 4)
    assert board.road_route_supplier_sets([a], 0) == sets((soda,), (soda, lemon))
    assert board.road_route_supplier_sets([b], 0) == sets((lemon,), (soda, lemon))
    assert board.road_route_supplier_sets([a, b], 0) == sets((soda,), (lemon,), (soda, lemon))


# --------------------------------------------------------------------------------------------
# Zeppelin


ZEP = """
s.... l.... b....
..... ..... .....
..... ..... .....
..... ..... .....
..... ..... .....
"""


def test_zeppelin_never_enters_a_tile_twice() -> None:
    """facts.md E.2: no tile twice, so from the middle it cannot fly left and then right."""
    board = board_from_text(ZEP)
    s, lemon, beer = (0, 0), (0, 5), (0, 10)
    assert board.zeppelin_supplier_sets((0, 1), 4) == sets((lemon,), (s, lemon), (lemon, beer))


def test_zeppelin_collects_on_the_start_tile_and_every_tile_entered() -> None:
    """facts.md E.2: every supplier on each tile entered including the start tile; air range
    counts orthogonal tile steps."""
    board = board_from_text(ZEP)
    s, lemon, beer = (0, 0), (0, 5), (0, 10)
    assert board.zeppelin_supplier_sets((0, 0), 0) == sets((s,))
    assert board.zeppelin_supplier_sets((0, 0), 1) == sets((s,), (s, lemon))
    assert board.zeppelin_supplier_sets((0, 0), 4) == sets((s,), (s, lemon), (s, lemon, beer))
    two = board_from_text(
        """
        s...l .....
        ..... .....
        ..... .....
        ..... .....
        ..... .....

        ..... .....
        ..... .....
        ..... .....
        ..... .....
        ..... ....b
        """
    )
    # start on the empty tile [0, 1]; two steps either way round reach the beer
    got = two.zeppelin_supplier_sets((0, 1), 2)
    assert got == sets(((0, 0), (0, 4)), ((9, 9),))
    with pytest.raises(ValueError):
        two.zeppelin_supplier_sets((2, 0), 1)
