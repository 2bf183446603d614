"""Gomoku shapes (engine_patterns): the shape of a stone on a cell, the cell
classes, the value kept move by move, and the moves a narrowed node takes."""

from __future__ import annotations

import random

import pytest

from ttt_gui.board import Board, geometry
from ttt_gui.engine import Engine, Limit
from ttt_gui.engine.patterns import (
    CLASS_DOUBLE_FOUR,
    CLASS_DOUBLE_THREE,
    CLASS_FOUR,
    CLASS_FOUR_THREE,
    CLASS_NONE,
    CLASS_OPEN_THREE,
    CLASS_WIN,
    FIVE,
    FOUR,
    NONE,
    OPEN_FOUR,
    OPEN_THREE,
    OPEN_TWO,
    THREE,
    TWO,
    LinePatterns,
    cell_class,
    line_patterns,
    make_pattern_play,
    patterns_apply,
    shape_table,
)
from ttt_gui.engine.state import make_play, root_state
from ttt_gui.engine.tables import tables_for
from ttt_gui.engine.threats import side_bits

GOMOKU = geometry(15, 15, 5)


def shape_of(row: str) -> int:
    """The shape X makes on the ``*`` of ``row`` (``x``, ``o``, ``.``; the
    row's ends are the board's edges)."""
    board_row = row.replace("*", ".") + "." * (15 - len(row))
    centre = row.index("*")
    x_bits = sum(1 << col for col, char in enumerate(board_row) if char == "x")
    o_bits = sum(1 << col for col, char in enumerate(board_row) if char == "o")
    patterns = LinePatterns(GOMOKU)
    info = patterns.info(0, x_bits, o_bits)  # line 0: the top row
    assert patterns.lines[0] == tuple(range(15))
    return info[1][centre]


@pytest.mark.parametrize(
    ("row", "shape"),
    [
        ("....xx*xx.....", FIVE),
        ("....xxx*x.....", FIVE),
        ("....xxx*xx....", FIVE),  # freestyle: six in a row wins too
        ("....xxx*......", OPEN_FOUR),
        ("...x.xx*.x....", OPEN_FOUR),  # a four both ways: two fives to make
        ("...oxxx*......", FOUR),
        ("....xx.*x.....", FOUR),  # broken: xx.xx
        ("*xxx..........", FOUR),  # at the edge
        ("....xx*.......", OPEN_THREE),
        ("....x.*x......", OPEN_THREE),  # broken: x.xx
        ("...oxx*.......", THREE),
        ("..o..xx*o.....", THREE),  # room for one five only
        ("...o.xx*o.....", NONE),  # no room for five
        ("...ox*x.o.....", NONE),  # no five fits between the o's
        ("....x*........", OPEN_TWO),
        ("....x.*.......", OPEN_TWO),
        ("...ox*........", TWO),
        ("......*.......", NONE),
    ],
)
def test_the_shape_of_a_stone_on_a_cell(row: str, shape: int) -> None:
    assert shape_of(row) == shape


def test_the_table_covers_every_stretch_of_eight_cells() -> None:
    table = shape_table()
    assert len(table) == 3**8
    assert table[0] == NONE and max(table) == FIVE


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        ([FIVE, NONE, NONE, NONE], CLASS_WIN),
        ([OPEN_FOUR, NONE, NONE, NONE], CLASS_DOUBLE_FOUR),
        ([FOUR, FOUR, NONE, NONE], CLASS_DOUBLE_FOUR),
        ([FOUR, OPEN_THREE, TWO, NONE], CLASS_FOUR_THREE),
        ([OPEN_THREE, OPEN_THREE, NONE, NONE], CLASS_DOUBLE_THREE),
        ([FOUR, THREE, NONE, NONE], CLASS_FOUR),
        ([OPEN_THREE, THREE, TWO, TWO], CLASS_OPEN_THREE),
        ([NONE, NONE, NONE, NONE], CLASS_NONE),
    ],
)
def test_a_cell_class_combines_its_four_directions(shapes: list[int], expected: int) -> None:
    assert cell_class(shapes) == expected


def test_shapes_value_gomoku_boards_of_the_usual_rules_only() -> None:
    assert patterns_apply(GOMOKU) and patterns_apply(geometry(9, 9, 5))
    assert not patterns_apply(geometry(15, 15, 5, exact=True))
    assert not patterns_apply(geometry(15, 15, 4))
    assert not patterns_apply(geometry(7, 7, 5))


def test_the_value_kept_by_each_move_equals_the_value_counted_afresh() -> None:
    """Along random games, the search's value (from the side to move) is the
    one counted from the whole board, and it is antisymmetric."""
    rng = random.Random(11)
    patterns = line_patterns(GOMOKU)
    tables = tables_for(GOMOKU)
    play = make_pattern_play(make_play(tables), patterns)
    for _ in range(3):
        board = Board.empty(15)
        state = root_state(board, tables)
        state = state._replace(eval_me=patterns.value(state.me, state.opp, state.side))
        for _ in range(40):
            near = [cell for cell in range(225) if board[cell] is None and 3 <= cell % 15 <= 11]
            move = rng.choice(near[60:160])
            if board.play(move).is_over:
                break
            child = play(state, move)
            board = board.play(move)
            me, opp = side_bits(board)
            side = 0 if board.turn.value == "X" else 1
            assert child[7] == patterns.value(me, opp, side)
            assert patterns.value(opp, me, 1 - side) == -child[7]
            state = child


def test_a_narrowed_node_meets_an_open_three_with_defences_and_fours_only() -> None:
    board = Board.parse(
        "\n".join(
            [
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "......X........",
                ".....OOO.......",
                "......X........",
                "...............",
                ".........X.....",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
            ]
        ).replace("\n", "/")
    )
    me, opp = side_bits(board)  # X to move; O has an open three in row 6
    patterns = line_patterns(GOMOKU)
    moves = [cell for cell in range(225) if board[cell] is None]
    chosen = patterns.ordered(me, opp, 0, moves, 10)
    row_six = {6 * 15 + col for col in range(2, 10)}
    assert {6 * 15 + 4, 6 * 15 + 8} <= set(chosen)  # the open four's cells
    assert set(chosen) <= row_six  # X has no four to make: only defences
    # Without the threat, the best ten by class.
    quiet = board.with_marks(board.x_bits, board.o_bits & ~(1 << (6 * 15 + 7)))
    me, opp = side_bits(quiet)
    assert len(patterns.ordered(me, opp, 0, moves, 10)) == 10


def test_the_selective_engine_blocks_a_broken_three_and_takes_a_four_three() -> None:
    rows = ["..............."] * 15
    rows[7] = "....OO.O......."  # O's broken three: X must answer on row 7
    rows[2] = "X.............."
    rows[3] = ".X............."
    rows[12] = "..X............"
    board = Board.parse("/".join(rows))
    assert board.turn.value == "X"
    result = Engine(selective=True, patterns=True, seed=1).search(board, Limit(depth=4))
    assert result.move in {7 * 15 + col for col in (3, 6, 8)}


def test_the_engine_with_shapes_takes_a_win_and_plays_legal_moves(exhaustive: bool) -> None:
    """A win taken, then a game from the empty board: 12 moves with --slow,
    else its first 6."""
    engine = Engine(selective=True, patterns=True, seed=2)
    rows = ["..............."] * 15
    rows[7] = "....XXXX......."
    rows[8] = "....OOO........"
    rows[10] = "..........O...."
    board = Board.parse("/".join(rows))
    assert engine.search(board, Limit(depth=4)).move in (7 * 15 + 3, 7 * 15 + 8)
    board = Board.empty(15)
    for _ in range(12 if exhaustive else 6):
        move = engine.search(board, Limit(nodes=2_000)).move
        assert board[move] is None
        board = board.play(move)
