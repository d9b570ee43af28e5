"""The board's precomputed and memoised answers equal the rules read square by square
(facts.md E.2 placements, E.5 reach), on the boards of seeded games.

The board finds placement rectangles from row runs and prefix sums and memoises campaign reach
per position (issue 11, speed); these tests restate each rule directly and compare.
"""

from __future__ import annotations

import pytest

from fcm.core.company import board_of
from fcm.core.geometry import Board
from fcm.core.types import Cell, Orientation
from fcm.games import new_game


def boards() -> list[Board]:
    return [board_of(new_game(players=players, seed=seed)) for seed, players in
            ((1, 2), (2, 3), (3, 4), (4, 5))]


def next_to_road(board: Board, cell: Cell) -> bool:
    r, c = cell
    return any(board.is_road(n) for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))


def rectangles(board: Board, h: int, w: int) -> list[Cell]:
    """facts.md E.2: every square on the map and printed empty, one of them next to a road."""
    out = []
    for r in range(board.height - h + 1):
        for c in range(board.width - w + 1):
            cells = [(r + dr, c + dc) for dr in range(h) for dc in range(w)]
            if all(board.is_blank(x) for x in cells) and any(
                next_to_road(board, x) for x in cells
            ):
                out.append((r, c))
    return out


@pytest.mark.parametrize("board", boards())
def test_campaign_placements_are_the_empty_rectangles_next_to_a_road(board: Board) -> None:
    """facts.md E.2: a billboard, mailbox or radio tile lies on printed-empty squares, one of
    them next to a road; a 1x2 tile both ways round."""
    for size in (1, 2, 3):
        got = [cell for cell, _ in board.legal_campaign_placements(size, size, [])]
        assert got == rectangles(board, size, size)
    both = board.legal_campaign_placements(1, 2, [])
    assert [c for c, o in both if o is Orientation.HORIZONTAL] == rectangles(board, 1, 2)
    assert [c for c, o in both if o is Orientation.VERTICAL] == rectangles(board, 2, 1)


@pytest.mark.parametrize("board", boards())
def test_house_placements_are_the_empty_2x3_rectangles_next_to_a_road(board: Board) -> None:
    """facts.md E.2: a house and its garden form a 2x3 or 3x2 rectangle of printed-empty squares,
    one of them next to a road; each rectangle holds the house at either end."""
    wide, tall = set(rectangles(board, 2, 3)), set(rectangles(board, 3, 2))
    expected = []
    for r, c in sorted(wide | tall):
        if (r, c) in wide:
            expected += [((r, c), ((r, c + 2), (r + 1, c + 2))), ((r, c + 1), ((r, c), (r + 1, c)))]
        if (r, c) in tall:
            expected += [((r, c), ((r + 2, c), (r + 2, c + 1))), ((r + 1, c), ((r, c), (r, c + 1)))]
    assert board.legal_house_placements([]) == expected


@pytest.mark.parametrize("board", boards())
def test_mailbox_and_radio_reach_are_whole_blocks_and_tiles(board: Board) -> None:
    """facts.md E.5: a mailbox reaches every square of the blocks it lies in; a radio every
    square of its tile and the tiles around it. Asked twice, the memo gives the same answer."""
    squares = [(r, c) for r in range(board.height) for c in range(board.width)]
    for cell in squares[:: 37]:
        if board.is_road(cell):
            continue
        block = board.block_id(cell)
        assert board.mailbox_reach([cell]) == {x for x in squares if board.block_id(x) == block}
        tiles = board.radio_tiles(cell)
        assert board.radio_reach(cell) == {x for x in squares if board.tiles_of([x]) <= tiles}
        assert board.radio_reach(cell) is board.radio_reach(cell)
        r, c = cell
        near = {(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)}
        assert board.billboard_reach([cell]) == {x for x in near if board.in_map(x)}


@pytest.mark.parametrize("board", boards())
def test_in_map_and_is_road_answer_for_tuples_and_lists_alike(board: Board) -> None:
    """The set lookups of ``in_map``/``is_road`` (speed, issue 24) give the square-by-square
    answer: on the map is inside the rectangle and no hole; a road is a printed ``r`` or ``x``
    (facts.md D encoding). A square read from JSON (a list) gets the same answer."""
    for r in range(-1, board.height + 1):
        for c in range(-1, board.width + 1):
            inside = 0 <= r < board.height and 0 <= c < board.width
            on_map = inside and board.square_kind((r, c)) != " "
            road = on_map and board.square_kind((r, c)) in "rx"
            assert board.in_map((r, c)) is on_map and board.in_map([r, c]) is on_map
            assert board.is_road((r, c)) is road and board.is_road([r, c]) is road


@pytest.mark.parametrize("board", boards())
def test_blocks_are_the_road_free_regions_numbered_in_reading_order(board: Board) -> None:
    """facts.md E.5: a block is a 4-connected region of squares that are no road; the board
    numbers them in reading order of their first square (restated here by a flood fill)."""
    ids: dict[Cell, int] = {}
    for r in range(board.height):
        for c in range(board.width):
            if (r, c) in ids or board.is_road((r, c)) or not board.in_map((r, c)):
                continue
            n = len(set(ids.values()))
            todo = [(r, c)]
            ids[(r, c)] = n
            while todo:
                cr, cc = todo.pop()
                for x in ((cr - 1, cc), (cr, cc + 1), (cr + 1, cc), (cr, cc - 1)):
                    if x not in ids and board.in_map(x) and not board.is_road(x):
                        ids[x] = n
                        todo.append(x)
    for r in range(board.height):
        for c in range(board.width):
            assert board.block_id((r, c)) == ids.get((r, c))
