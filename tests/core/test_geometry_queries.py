"""Board geometry: the existence queries and memoised answers give exactly what the full
enumerations and the plain definitions give (facts.md D.1, E.2), on whole random maps."""

from __future__ import annotations

import pytest

from fcm.core.geometry import Board, campaign_cells, random_placements, restaurant_entrances
from fcm.core.rng import Rng
from fcm.core.types import Cell, Corner
from fcm.rulesets import base_ruleset


def board_for(seed: int) -> Board:
    catalog = base_ruleset().catalog
    setup = catalog.setups[4]
    return Board.build(random_placements(setup.tile_rows, setup.tile_cols, seed), catalog.tiles)


def occupied_sets(board: Board, seed: int) -> list[set[Cell]]:
    """Empty, then more and more restaurants' squares taken."""
    rng = Rng(seed)
    spots = board.legal_restaurant_placements(set())
    out: list[set[Cell]] = [set()]
    taken: set[Cell] = set()
    for _ in range(6):
        (r, c), _ = spots[rng.below(len(spots))]
        taken |= {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
        out.append(set(taken))
    everything = {(r, c) for r in range(board.height) for c in range(board.width)}
    out.append(everything)  # nothing fits anywhere
    return out


def some_restaurants(board: Board, seed: int, n: int) -> list[tuple[Cell, Corner, bool]]:
    rng = Rng(seed)
    spots = board.legal_restaurant_placements(set())
    return [(*spots[rng.below(len(spots))], k % 2 == 1) for k in range(n)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_has_and_iter_placements_agree_with_the_legal_lists(seed: int) -> None:
    board = board_for(seed)
    for occupied in occupied_sets(board, seed):
        legal_r = board.legal_restaurant_placements(occupied)
        assert list(board.iter_restaurant_placements(occupied)) == legal_r
        assert board.has_restaurant_placement(occupied) == bool(legal_r)
        legal_h = board.legal_house_placements(occupied)
        assert list(board.iter_house_placements(occupied)) == legal_h
        assert board.has_house_placement(occupied) == bool(legal_h)
        in_range = board.squares_in_road_range(some_restaurants(board, seed, 2), 2)
        for h, w in ((1, 1), (2, 2), (3, 2)):
            for allowed in (None, in_range, frozenset()):
                legal_c = board.legal_campaign_placements(h, w, occupied, allowed_squares=allowed)
                assert board.has_campaign_placement(
                    h, w, occupied, allowed_squares=allowed
                ) == bool(legal_c)
                if allowed is not None:
                    # the definition: some square of the campaign is an allowed one
                    full = board.legal_campaign_placements(h, w, occupied)
                    want = [
                        (cell, o)
                        for cell, o in full
                        if not allowed.isdisjoint(campaign_cells(cell, h, w, o))
                    ]
                    assert legal_c == want


@pytest.mark.parametrize("seed", [1, 4])
def test_house_distance_tables_match_the_road_definition(seed: int) -> None:
    """facts.md D.1: house starts + road distance + entrance starts, minimised."""
    board = board_for(seed)
    houses = list(board.printed_houses.values())
    squares = [(r, c) for r in range(board.height) for c in range(board.width)]
    for house in houses:
        table = board.house_distances(house)
        starts = board.house_starts(house)
        for cell in squares[seed % 3 :: 3]:
            assert restaurant_entrances(cell, Corner.NW) == (cell,)
            best: int | None = None
            for node_e, cost_e in board.entrance_starts(cell, Corner.NW):
                for node_h, cost_h in starts:
                    d = board.road_distance(node_h, node_e)
                    if d is not None and (best is None or cost_h + d + cost_e < best):
                        best = cost_h + d + cost_e
            assert table[cell[0] * board.width + cell[1]] == (-1 if best is None else best)
            assert board.distance_house_to_restaurant(house, [cell]) == best


def test_distance_to_an_off_map_entrance_is_refused() -> None:
    board = board_for(1)
    house = next(iter(board.printed_houses.values()))
    with pytest.raises(ValueError, match="not on the map"):
        board.distance_house_to_restaurant(house, [(-1, 0)])


@pytest.mark.parametrize("seed", [2, 5])
def test_memoised_answers_for_several_restaurants_equal_the_joint_search(seed: int) -> None:
    """A square in road range, or a drinks route, of several restaurants is one of some single
    restaurant: the memo per restaurant gives the answer of the search from all at once."""
    board = board_for(seed)
    spots = some_restaurants(board, seed, 3)
    for reach in (1, 2, 3):
        joint = board._squares_in_road_range(spots, reach)
        assert board.squares_in_road_range(spots, reach) == joint
        assert board.squares_in_road_range(spots, reach) == joint  # from the memo
        routes = board._road_route_supplier_sets(spots, reach)
        assert board.road_route_supplier_sets(spots, reach) == routes
        assert board.road_route_supplier_sets(spots, reach) == routes
    for tile in ((0, 0), (1, 2)):
        assert board.zeppelin_supplier_sets(tile, 4) == board.zeppelin_supplier_sets(tile, 4)
