"""Tests of the variants: rectangles, gravity (Connect Four) and misère, in the
rules and in the engine, whose analysis equals an independent plain minimax
(tests/variant_reference.py) on every move, distances included.

The exhaustive checks of the two rectangles and the thousands of random
positions take a few minutes: they are marked ``slow`` and run with
``pytest --slow`` (the random positions all on the compiled build, a share
on the plain one: conftest.random_share); the default run checks the rest
and a sample of each (of 3x3 misère and 4x4 gravity, whose reachable
positions --slow checks all of).
"""

from __future__ import annotations

import pytest
from conftest import examples, random_share
from hypothesis import given, settings
from hypothesis import strategies as st
from variant_reference import (
    EXHAUSTIVE,
    RANDOM,
    RANDOM_SLOW_COUNT,
    mismatches,
    move_values,
    random_positions,
    reachable,
)

from ttt_gui.board import (
    MAX_SIZE,
    Board,
    FloatingMarkError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidShapeError,
    Player,
)
from ttt_gui.config import GameConfig
from ttt_gui.engine import WIN, Engine, Limit
from ttt_gui.engine.tables import tables_for

# -- rules --------------------------------------------------------------------------


def test_old_constructors_still_build_square_boards() -> None:
    board = Board.empty(size=5, win_length=4)
    assert (board.rows, board.cols, board.win_length, board.gravity, board.misere) == (
        5,
        5,
        4,
        False,
        False,
    )
    assert Board.parse("x../.o./...", win_length=3) == Board.from_moves([0, 4], 3)


def test_rectangles_number_cells_row_by_row_from_the_top_left() -> None:
    board = Board.empty(rows=3, cols=5, win_length=3)
    assert board.cells == 15 and str(board) == "...../...../....."
    assert [board.coordinate(cell) for cell in (0, 4, 5, 14)] == ["a1", "e1", "a2", "e3"]
    assert board.parse_coordinate("e3") == 14
    with pytest.raises(ValueError, match="5x3 board"):
        board.parse_coordinate("a4")


@pytest.mark.parametrize(
    ("keywords", "error", "words"),
    [
        ({"rows": 2, "cols": 5}, InvalidShapeError, "2 rows"),
        ({"rows": 6, "cols": 21}, InvalidShapeError, "21 columns"),
        ({"rows": 3, "cols": 5, "win_length": 6}, InvalidShapeError, "3 to 5"),
        ({"rows": 7, "cols": 3, "win_length": 2}, InvalidShapeError, "win length 2"),
    ],
)
def test_bad_shapes_raise_named_errors(
    keywords: dict[str, int], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Board.empty(**keywords)
    assert issubclass(error, InvalidPositionError)


def test_a_long_line_fits_the_longer_side_only() -> None:
    board = Board.parse("...../...../xxxx./oooo.", win_length=5)
    assert not board.is_over
    assert board.play(14).winner is Player.X


def test_gravity_moves_are_the_lowest_empty_cell_of_each_column() -> None:
    board = Board.empty(rows=6, cols=7, gravity=True)
    assert board.win_length == 4
    assert board.legal_moves() == list(range(35, 42))
    after = board.play(38)
    assert after.legal_moves() == [31, 35, 36, 37, 39, 40, 41]
    assert after.landing(3) == after.landing(38) == 31 and after.landing(0) == 35
    with pytest.raises(IllegalMoveError, match="above an empty cell"):
        after.play(24)


def test_a_full_column_takes_no_more_marks() -> None:
    board = Board.from_moves([9, 6, 3, 0], rows=4, cols=3, win_length=3, gravity=True)
    assert board.landing(0) is None
    assert 0 not in board.legal_moves() and 1 not in board.legal_moves()
    assert board.legal_moves() == [10, 11]


def test_gravity_parse_refuses_floating_marks() -> None:
    with pytest.raises(FloatingMarkError, match="column b"):
        Board.parse("..../.x../..../...o", win_length=3, gravity=True)
    assert Board.parse("..../.x../..../...o", win_length=3).move_count == 2


def test_gravity_parse_needs_the_last_move_on_top() -> None:
    """X's row lies under O's marks: no last move of X completed it."""
    with pytest.raises(InvalidPositionError, match="no single last move"):
        Board.parse("..../..../oxo./xxxo", win_length=3, gravity=True)
    assert Board.parse("..../..../oxo./xxxo", win_length=3).winner is Player.X
    assert Board.parse("..../..../.o../xxxo", win_length=3, gravity=True).winner is Player.X


def test_misere_completing_a_line_loses() -> None:
    board = Board.parse("xx./oo./...", misere=True)
    lost = board.play(2)
    assert lost.winner is Player.O and lost.winning_line == (0, 1, 2)
    assert board.play(8).play(5).winner is Player.X  # O completes its own row
    full = Board.parse("xox/xox/oxo", misere=True)
    assert full.is_over and full.winner is None


@pytest.mark.parametrize(
    "board",
    [
        Board.empty(rows=6, cols=7, gravity=True),
        Board.parse("..x/.ox/xoo/oxx/...", win_length=3, misere=True),
        Board.parse("..../..../.o../xxo.", win_length=3, gravity=True, misere=True),
        Board.empty(rows=15, cols=15, win_length=5),
    ],
)
def test_text_and_repr_round_trip_with_the_rules(board: Board) -> None:
    assert eval(repr(board)) == board  # noqa: S307 - the repr is the parse call
    again = Board.parse(str(board), board.win_length, gravity=board.gravity, misere=board.misere)
    assert again == board


@st.composite
def variant_games(draw: st.DrawFn) -> Board:
    """A board of any shape and rules after a random legal game."""
    rows, cols = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    board = Board.empty(
        rows=rows,
        cols=cols,
        win_length=draw(st.integers(3, max(rows, cols))),
        gravity=draw(st.booleans()),
        misere=draw(st.booleans()),
    )
    for _ in range(draw(st.integers(0, rows * cols))):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves())))
    return board


@given(variant_games())
@settings(max_examples=examples(150, 50), deadline=None)
def test_random_variant_games_read_back_and_follow_gravity(board: Board) -> None:
    again = Board.parse(str(board), board.win_length, gravity=board.gravity, misere=board.misere)
    assert again == board and again.outcome == board.outcome
    legal = board.legal_moves()
    columns = [cell % board.cols for cell in legal]
    if board.gravity:
        assert len(set(columns)) == len(columns)
        assert all(cell + board.cols >= board.cells or board[cell + board.cols] for cell in legal)
    elif not board.is_over:
        assert legal == [cell for cell in range(board.cells) if board[cell] is None]


# -- symmetries -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keywords", "count"),
    [
        ({"size": 4}, 8),
        ({"rows": 3, "cols": 4, "win_length": 3}, 4),
        ({"size": 4, "win_length": 3, "misere": True}, 8),
        ({"rows": 6, "cols": 7, "gravity": True}, 2),
        ({"size": 4, "win_length": 3, "gravity": True}, 2),
    ],
)
def test_only_the_symmetries_of_the_variant_are_used(
    keywords: dict[str, object], count: int
) -> None:
    board = Board.empty(**keywords)  # type: ignore[arg-type]
    tables = tables_for(board.geometry)
    assert len(tables.forward) == count
    for cell_map in tables.forward:  # each maps lines onto lines
        moved = {
            sum(1 << cell_map[cell] for cell in range(board.cells) if line >> cell & 1)
            for line in board.geometry.lines
        }
        assert moved == set(board.geometry.lines)


# -- the engine's shortcuts under gravity and misère --------------------------------


def test_gravity_threat_above_an_empty_cell_is_not_a_win() -> None:
    """X's row needs d3, which floats over d4 where O completes its row: X
    must block d4 (opening d3), every other move loses in 2."""
    board = Board.parse("..../..../xxx./ooo.", win_length=4, gravity=True)
    scores = Engine().analyse(board)
    assert scores == move_values(board)
    assert {scores[cell] for cell in (4, 5, 6)} == {-(WIN - 2)}
    assert scores[15] > -(WIN - 2)


def test_gravity_block_that_opens_the_cell_above_loses_in_two() -> None:
    """O must block X at c4, which opens c3 where X also completes a line."""
    board = Board.parse("..../...X/...O/OX.X", win_length=3, gravity=True)
    assert board.turn is Player.O
    assert Engine().analyse(board) == dict.fromkeys((3, 8, 9, 14), -(WIN - 2))


def test_misere_analysis_scores_a_completed_line_as_a_loss_in_one() -> None:
    board = Board.parse("xo./ox./...", misere=True)
    scores = Engine().analyse(board)
    assert scores[8] == -(WIN - 1)
    assert scores == move_values(board)


def test_searches_return_legal_moves_in_every_variant() -> None:
    for board in (
        Board.empty(rows=6, cols=7, gravity=True).play(38),
        Board.empty(rows=15, cols=15, win_length=5).play(112),
        Board.empty(rows=9, cols=9, win_length=5, misere=True),
    ):
        result = Engine(seed=1).search(board, Limit(time=0.3))
        assert result.move in board.legal_moves()
        line = board
        for move in result.pv:
            line = line.play(move)


def test_gomoku_searches_only_near_the_marks_and_is_not_exact() -> None:
    board = Board.empty(rows=15, cols=15, win_length=5).play(112)
    analysis = Engine().evaluate_moves(board, Limit(depth=2))
    assert not analysis.exact
    assert len(analysis.scores) == board.cells - 1  # evaluate_moves scores every move


# -- exactness against plain minimax ----------------------------------------------


@pytest.mark.parametrize(("name", "size"), [("3x3 misere", 500), ("4x4 gravity k=3", 300)])
def test_analysis_equals_minimax_on_every_reachable_position(
    name: str, size: int, exhaustive: bool
) -> None:
    """Every reachable position with --slow, else ``size`` positions of random
    games (listing all of 4x4 gravity's takes longer than checking these)."""
    start = Board.empty(**EXHAUSTIVE[name])
    if exhaustive:
        positions = reachable(start)
        assert len(positions) == {"3x3 misere": 4520, "4x4 gravity k=3": 23930}[name]
    else:
        positions = random_positions(start, size, 3, seed=7)
    assert not mismatches(positions)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["4 rows x 3 cols k=3", "3 rows x 4 cols k=3"])
def test_analysis_equals_minimax_on_every_reachable_rectangle_position(name: str) -> None:
    positions = reachable(Board.empty(**EXHAUSTIVE[name]))
    assert len(positions) == 79563
    assert not mismatches(positions)


@pytest.mark.parametrize("name", ["4 rows x 3 cols k=3", "3 rows x 4 cols k=3"])
def test_analysis_equals_minimax_on_a_sample_of_rectangle_positions(
    name: str, exhaustive: bool
) -> None:
    """150 random positions with --slow (beside every one, above), else the first 25."""
    count = 150 if exhaustive else 25
    positions = random_positions(Board.empty(**EXHAUSTIVE[name]), count, 4, seed=3)
    assert not mismatches(positions)


@pytest.mark.parametrize("name", list(RANDOM))
def test_analysis_equals_minimax_on_random_positions(name: str, exhaustive: bool) -> None:
    """30 positions of each variant with --slow (beside thousands more, below),
    else the first 6 of them."""
    keywords, least_marks = RANDOM[name]
    count = 30 if exhaustive else 6
    positions = random_positions(Board.empty(**keywords), count, least_marks + 3, seed=1)
    assert not mismatches(positions)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RANDOM))
def test_analysis_equals_minimax_on_thousands_of_random_positions(name: str) -> None:
    keywords, least_marks = RANDOM[name]
    count, least_marks = random_share(RANDOM_SLOW_COUNT.get(name, 2000), least_marks)
    positions = random_positions(Board.empty(**keywords), count, least_marks, seed=2)
    assert not mismatches(positions)


def test_tables_know_the_largest_board() -> None:
    board = Board.empty(rows=MAX_SIZE, cols=MAX_SIZE, win_length=5)
    tables = tables_for(board.geometry)
    assert tables.near(1 << 112).bit_count() == 25
    assert tables.near(1).bit_count() == 9  # a corner: no wrapping round the edge


# -- the configuration of a board ---------------------------------------------------


@pytest.mark.parametrize(
    ("keywords", "sides"),
    [
        ({"rows": 5, "cols": 5}, (5, 5, 5)),
        ({"rows": 6}, (6, 3, 6)),
        ({"rows": 4, "cols": 6}, (4, 6, 6)),
        ({"size": 7}, (7, 7, 7)),
        ({}, (3, 3, 3)),
    ],
)
def test_a_configuration_takes_the_sides_it_is_given(
    keywords: dict[str, int], sides: tuple[int, int, int]
) -> None:
    config = GameConfig.from_dict(keywords)
    assert (config.rows, config.cols, config.size) == sides
    assert GameConfig.from_dict({"size": 4}, base=config).empty_board().cells == 16, (
        "a new size squares it"
    )
