"""Tests of the rules: counts of the 3x3 game, text round-trips, errors, properties."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from catalogues import speaking
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_gui.board import (
    DEFAULT_WIN_LENGTH,
    MAX_SIZE,
    MIN_SIZE,
    Board,
    IllegalMoveError,
    InvalidCoordinateError,
    InvalidPositionError,
    InvalidShapeError,
    Player,
    check_shape,
    geometry,
)

SIZES = range(MIN_SIZE, MAX_SIZE + 1)
MENU_SIZES = range(MIN_SIZE, 10)  # random games on these; other shapes: test_variants.py


@cache
def reachable_3x3() -> frozenset[Board]:
    """Every board reachable from the empty 3x3 board, finished ones included."""
    seen: set[Board] = set()
    stack = [Board.empty(3)]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen.add(board)
        stack.extend(board.play(move) for move in board.legal_moves())
    return frozenset(seen)


@cache
def game_counts(board: Board) -> Counter[Player | None]:
    """How many distinct games from ``board`` end in each result (None = draw)."""
    if board.is_over:
        return Counter({board.winner: 1})
    total: Counter[Player | None] = Counter()
    for move in board.legal_moves():
        total += game_counts(board.play(move))
    return total


@st.composite
def games(draw: st.DrawFn, sizes: range = MENU_SIZES, win_length: int | None = None) -> Board:
    """A board after a random legal game (possibly finished).

    The size is drawn from ``sizes``; the win length is ``win_length`` or, when
    None, any valid one for the size.
    """
    size = draw(st.sampled_from(sizes))
    if win_length is None:
        win_length = draw(st.integers(MIN_SIZE, size))
    order = draw(st.permutations(range(size * size)))
    length = draw(st.integers(0, size * size))
    board = Board.empty(size, win_length)
    for move in order[:length]:
        if board.is_over:
            break
        board = board.play(move)
    return board


#: Every valid (size, win length) pair.
SHAPES = [(size, win_length) for size in SIZES for win_length in range(MIN_SIZE, size + 1)]


# -- counts of the 3x3 game --------------------------------------------------


def test_3x3_has_5478_reachable_positions() -> None:
    assert len(reachable_3x3()) == 5478


def test_3x3_has_255168_complete_games() -> None:
    """Counted by depth-first search over legal moves (memoised per position)."""
    counts = game_counts(Board.empty(3))
    assert sum(counts.values()) == 255_168
    # The well-known split: X wins, O wins, draws.
    assert counts == Counter({Player.X: 131_184, Player.O: 77_904, None: 46_080})


def test_3x3_finished_positions() -> None:
    """958 terminal positions: 626 won by X, 316 by O, 16 full-board draws."""
    finished = Counter(board.winner for board in reachable_3x3() if board.is_over)
    assert finished == Counter({Player.X: 626, Player.O: 316, None: 16})


# -- text round-trips ----------------------------------------------------------


def test_parse_str_round_trip_on_every_reachable_3x3_position() -> None:
    for board in reachable_3x3():
        text = str(board)
        assert Board.parse(text, win_length=board.win_length) == board
        assert Board.parse(text.lower(), win_length=board.win_length) == board


#: The shapes checked in the default run: every one up to 5x5, and on larger
#: boards three in a row, five, and the full width; --slow checks them all.
QUICK_SHAPES = {
    (size, win_length)
    for size, win_length in SHAPES
    if size <= 5 or win_length in (MIN_SIZE, 5, size)
}


@pytest.mark.parametrize(
    ("size", "win_length"),
    [
        shape if shape in QUICK_SHAPES else pytest.param(*shape, marks=pytest.mark.slow)
        for shape in SHAPES
    ],
)
@given(data=st.data())
@settings(max_examples=examples(15, 3), deadline=None)
def test_parse_str_round_trip_on_random_games(
    size: int, win_length: int, data: st.DataObject
) -> None:
    board = data.draw(games(range(size, size + 1), win_length))
    text = str(board)
    rows = text.split("/")
    assert len(rows) == size
    assert all(len(row) == size and set(row) <= set("XO.") for row in rows)
    assert Board.parse(text, win_length=win_length) == board
    assert Board.parse(text.lower(), win_length=win_length) == board


@given(games())
@settings(max_examples=examples(200, 60), deadline=None)
def test_repr_evaluates_back(board: Board) -> None:
    assert eval(repr(board), {"Board": Board}) == board


def test_parse_reads_lower_case_and_default_win_length() -> None:
    board = Board.parse("x.o/.x./...")
    assert board == Board.from_moves([0, 2, 4])
    assert str(board) == "X.O/.X./..."
    assert board.win_length == 3
    for size in SIZES:
        text = "/".join(["." * size] * size)
        assert Board.parse(text).win_length == DEFAULT_WIN_LENGTH[size]
        assert Board.parse(text) == Board.empty(size)


def test_parse_ignores_surrounding_whitespace() -> None:
    assert Board.parse("  xx./oo./...\n") == Board.from_moves([0, 3, 1, 4])


def test_cells_read_back_by_index() -> None:
    board = Board.parse("X.O/.X./...")
    assert [board[cell] for cell in range(9)] == [
        Player.X,
        None,
        Player.O,
        None,
        Player.X,
        None,
        None,
        None,
        None,
    ]


# -- errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "move", "words"),
    [
        ([4], 4, "taken"),
        ([0, 4], 0, "taken"),
        ([], 9, "off the board"),
        ([], -1, "off the board"),
        ([], 100, "off the board"),
        ([0, 3, 1, 4, 2], 5, "over"),  # X won with the top row
    ],
)
def test_illegal_moves(moves: list[int], move: int, words: str) -> None:
    board = Board.from_moves(moves)
    with pytest.raises(IllegalMoveError, match=words) as error:
        board.play(move)
    assert isinstance(error.value, ValueError)


def test_move_on_a_drawn_board_is_illegal() -> None:
    board = Board.parse("XOX/XOO/OXX")
    assert board.is_over and board.winner is None
    with pytest.raises(IllegalMoveError, match="over"):
        board.play(0)


def test_from_moves_raises_on_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError, match="taken"):
        Board.from_moves([0, 0])


def test_illegal_move_error_is_a_value_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(InvalidPositionError, ValueError)


@pytest.mark.parametrize(
    ("text", "win_length", "words"),
    [
        # wrong row lengths
        ("xx/.../...", None, "row 1 has 2 cells"),
        (".../..../...", None, "row 2 has 4 cells"),
        # unknown character
        ("x-./.../...", None, "unknown character '-'"),
        ("x../.1./...", None, "unknown character '1'"),
        # more O than X
        ("o../.../...", None, "counts"),
        ("xo./o../...", None, "counts"),
        # X two more than O
        ("xx./.../...", None, "counts"),
        ("xxx/xo./...", None, "counts"),
        # both players with a line
        ("xxx/ooo/...", None, "both players"),
        # a winner, but play went on after the win
        ("xxx/oo./o..", None, "X has a line but play went on"),
        ("ooo/xx./xx.", None, "O has a line but play went on"),
        # two disjoint X lines: no single last move completes both
        ("XXX../OO.OO/XXX../O..../.....", 3, "no single last move"),
        # rows of different lengths, or too short
        ("..../..../...", None, "row 3 has 3 cells"),
        ("../../..", None, "row 1 has 2 cells"),
        # size out of range
        ("../..", None, "3 to 20 rows"),
        ("/".join(["." * 21] * 21), None, "3 to 20 rows"),
        ("/".join(["." * 21] * 3), None, "row 1 has 21 cells"),
        ("", None, "3 to 20 rows"),
        # win length out of range
        ("..../..../..../....", 5, "win length 5 is out of range"),
        ("..../..../..../....", 2, "win length 2 is out of range"),
        (".../.../...", 4, "win length 4 is out of range"),
    ],
)
def test_invalid_positions(text: str, win_length: int | None, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words) as error:
        Board.parse(text, win_length=win_length)
    assert isinstance(error.value, ValueError)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(InvalidPositionError, match="text"):
        Board.parse(123)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("size", "win_length", "words"),
    [(2, None, "size 2"), (21, None, "size 21"), (3, 4, "win length"), (9, 2, "win length")],
)
def test_empty_rejects_bad_shapes(size: int, win_length: int | None, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words):
        Board.empty(size, win_length)


def test_validated_rejects_overlapping_or_outside_marks() -> None:
    with pytest.raises(InvalidPositionError, match="overlap"):
        Board.validated(3, 3, 3, 0b1, 0b1)
    with pytest.raises(InvalidPositionError, match="outside"):
        Board.validated(3, 3, 3, 1 << 9, 0)


def test_two_lines_through_one_cell_are_a_valid_win() -> None:
    """X's last move in the corner completed the top row and the left column.

    X X X
    X O O
    X O O
    """
    board = Board.parse("XXX/XOO/XOO")
    assert board.winner is Player.X
    assert board.winning_line in {(0, 1, 2), (0, 3, 6)}


# -- hand-drawn positions -------------------------------------------------------


def test_game_in_progress() -> None:
    """
    X . O
    . X .
    . . .     O to move; nobody has a line yet.
    """
    board = Board.parse("X.O/.X./...")
    assert board.turn is Player.O
    assert not board.is_over
    assert board.winner is None and board.winning_line is None
    assert board.legal_moves() == [1, 3, 5, 6, 7, 8]
    assert board.move_count == 3


def test_empty_board() -> None:
    board = Board.empty(4)
    assert board.turn is Player.X
    assert board.win_length == 4
    assert not board.is_over
    assert board.legal_moves() == list(range(16))


@pytest.mark.parametrize(
    ("text", "winner", "line"),
    [
        ("XXX/OO./...", Player.X, (0, 1, 2)),  # top row
        ("X.O/XO./X..", Player.X, (0, 3, 6)),  # left column
        ("X.O/.XO/..X", Player.X, (0, 4, 8)),  # diagonal
        ("XXO/XO./O..", Player.O, (2, 4, 6)),  # anti-diagonal, O wins
        ("XX./X../OOO", Player.O, (6, 7, 8)),  # bottom row, O wins
    ],
)
def test_wins_on_3x3(text: str, winner: Player, line: tuple[int, ...]) -> None:
    board = Board.parse(text)
    assert board.winner is winner
    assert board.winning_line == line
    assert board.is_over
    assert board.legal_moves() == []


def test_draw_on_a_full_board() -> None:
    """
    X O X
    X O O
    O X X     no line for either side: a draw.
    """
    board = Board.parse("XOX/XOO/OXX")
    assert board.is_over
    assert board.winner is None
    assert board.winning_line is None
    assert board.outcome is not None and board.outcome.winner is None
    assert board.legal_moves() == []


def test_diagonal_win_on_5x5_away_from_the_corner() -> None:
    """Four in a row is enough on 5x5; this diagonal starts at b2, not a1.

    . . . . .
    . X . O .
    . . X . .
    . O . X .
    O . . . X
    """
    board = Board.parse("...../.X.O./..X../.O.X./O...X", win_length=4)
    assert board.winner is Player.X
    assert board.winning_line == (6, 12, 18, 24)
    assert board.is_over and board.legal_moves() == []
    assert board.turn is Player.O


def test_anti_diagonal_win_on_5x5_away_from_the_corner() -> None:
    """O's anti-diagonal from e2 down to b5 touches no corner.

    X X . . .
    X . . . O
    . . . O .
    . . O . X
    . O . . .
    """
    board = Board.parse("XX.../X...O/...O./..O.X/.O...", win_length=4)
    assert board.winner is Player.O
    assert board.winning_line == (9, 13, 17, 21)
    assert board.is_over and board.legal_moves() == []
    assert board.turn is Player.X


def test_three_is_not_four_on_5x5() -> None:
    """Three X in a diagonal do not win when four are needed.

    . . . . O
    . X . O .
    . . X . .
    . O . X .
    . . . . .     X to move: either end of the diagonal makes four.
    """
    board = Board.parse("....O/.X.O./..X../.O.X./.....", win_length=4)
    assert board.winner is None and not board.is_over
    assert board.turn is Player.X
    assert board.play(24).winning_line == (6, 12, 18, 24)
    assert board.play(0).winning_line == (0, 6, 12, 18)


def test_coordinates() -> None:
    board = Board.empty(3)
    assert [board.coordinate(cell) for cell in (0, 2, 4, 6, 8)] == ["a1", "c1", "b2", "a3", "c3"]


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_name_reads_back_as_its_cell(size: int) -> None:
    board = Board.empty(size)
    for cell in range(size * size):
        name = board.coordinate(cell)
        assert board.parse_coordinate(name) == cell
        assert board.parse_coordinate(f"  {name.upper()}\t") == cell


def test_cell_names_are_column_letter_then_row_number() -> None:
    board = Board.empty(9)
    assert board.parse_coordinate("a1") == 0
    assert board.parse_coordinate("i1") == 8  # last column, top row
    assert board.parse_coordinate("a9") == 72  # first column, bottom row
    assert board.parse_coordinate("I9") == 80


def test_the_largest_board_is_gomocups_20x20_named_a1_to_t20() -> None:
    assert MAX_SIZE == 20
    board = Board.empty(MAX_SIZE)
    assert board.cells == 400 and board.win_length == 5
    assert "".join(board.coordinate(cell)[0] for cell in range(20)) == "abcdefghijklmnopqrst"
    assert board.coordinate(399) == "t20" and board.parse_coordinate("T20") == 399
    with pytest.raises(InvalidCoordinateError, match="a1 to t20"):
        board.parse_coordinate("u1")
    with pytest.raises(InvalidCoordinateError):
        board.parse_coordinate("a21")


@pytest.mark.parametrize(("rows", "cols"), [(20, 20), (20, 5), (5, 20), (17, 20)])
@pytest.mark.parametrize("exact", [False, True])
def test_boards_up_to_20_a_side_read_back_from_their_text(
    rows: int, cols: int, exact: bool
) -> None:
    corners = [0, cols - 1, (rows - 1) * cols, rows * cols - 1]
    centre = rows // 2 * cols + cols // 2
    board = Board.from_moves([centre, *corners], rows=rows, cols=cols, exact=exact)
    text = board.to_text()
    assert Board.from_text(text) == board
    assert Board.parse(str(board), exact=exact) == board
    assert Board.from_text(text.replace("/", " / ").lower()) == board
    assert text.split()[0].split("/")[-1][-1] == "X"  # the last cell: t20 on 20x20
    assert eval(repr(board), {"Board": Board}) == board


def test_a_reader_of_smaller_boards_names_its_own_largest() -> None:
    """The window reads boards up to 15x15: its errors say so, not 20."""
    big = "/".join(["." * 16] * 16)
    with pytest.raises(InvalidShapeError, match="3 to 15 rows separated by '/', this one has 16"):
        Board.parse(big, max_size=15)
    with pytest.raises(InvalidShapeError, match="3 to 15 rows"):
        Board.from_text(big, max_size=15)
    with pytest.raises(InvalidShapeError, match="row 1 has 16 cells; a row has 3 to 15"):
        Board.parse("/".join(["." * 16] * 3), max_size=15)
    with pytest.raises(InvalidShapeError, match=r"board size 16 is out of range \(3 to 15\)"):
        check_shape(16, 16, 5, max_size=15)
    assert Board.parse(big) == Board.empty(16)


@pytest.mark.parametrize(
    ("size", "name", "last"),
    [
        (3, "z9", "c3"),
        (3, "d1", "c3"),  # a column past the edge
        (3, "a4", "c3"),  # a row past the edge
        (3, "a0", "c3"),
        (3, "", "c3"),
        (3, "   ", "c3"),
        (3, "a", "c3"),
        (3, "1a", "c3"),
        (3, "aa1", "c3"),
        (3, "a1b", "c3"),
        (3, "a 1", "c3"),
        (3, "a-1", "c3"),
        (3, "a01", "c3"),  # not how cells are named
        (3, "a\u00b2", "c3"),  # a superscript two is a digit, but not a row number
        (3, "b\u0661", "c3"),  # so is an Arabic-Indic one
        (4, "e4", "d4"),
        (9, "j1", "i9"),
        (9, "a10", "i9"),
        (3, "a" + "1" * 4301, "c3"),  # a number too long for int() to read
    ],
)
def test_bad_cell_names_are_refused(size: int, name: str, last: str) -> None:
    board = Board.empty(size)
    expected = f"{name!r} is not a cell of this {size}x{size} board (a1 to {last})"
    with pytest.raises(InvalidCoordinateError) as error:
        board.parse_coordinate(name)
    assert str(error.value) == expected
    assert isinstance(error.value, ValueError)


def test_parse_coordinate_refuses_non_text() -> None:
    with pytest.raises(InvalidCoordinateError, match="not a cell"):
        Board.empty(3).parse_coordinate(4)  # type: ignore[arg-type]


# -- properties on random boards of every size ----------------------------------------


def empty_cells(board: Board) -> list[int]:
    """The empty cells read from the text form, independently of the bitboards."""
    return [cell for cell, char in enumerate(str(board).replace("/", "")) if char == "."]


@given(games())
@settings(max_examples=examples(300, 100), deadline=None)
def test_legal_moves_are_the_empty_cells_of_a_game_not_over(board: Board) -> None:
    if board.is_over:
        assert board.legal_moves() == []
    else:
        assert board.legal_moves() == empty_cells(board)
        assert board.legal_moves()


@given(games())
@settings(max_examples=examples(300, 100), deadline=None)
def test_turn_follows_the_counts(board: Board) -> None:
    text = str(board)
    expected = Player.X if text.count("X") == text.count("O") else Player.O
    assert board.turn is expected
    assert board.move_count == text.count("X") + text.count("O")


@given(games(), st.data())
@settings(max_examples=examples(200, 60), deadline=None)
def test_play_never_mutates(board: Board, data: st.DataObject) -> None:
    before = copy.deepcopy(board)
    text = str(board)
    if board.is_over:
        with pytest.raises(IllegalMoveError):
            board.play(data.draw(st.integers(0, board.size**2 - 1)))
    else:
        move = data.draw(st.sampled_from(board.legal_moves()))
        after = board.play(move)
        assert after is not board
        assert after != board
        assert after[move] is board.turn
        assert after.move_count == board.move_count + 1
    assert board == before
    assert str(board) == text


@given(games())
@settings(max_examples=examples(200, 60), deadline=None)
def test_boards_are_hashable_values(board: Board) -> None:
    twin = Board.parse(str(board), win_length=board.win_length)
    assert twin == board
    assert hash(twin) == hash(board)
    assert len({board, twin}) == 1
    assert {board: 1}[twin] == 1


def test_boards_with_different_rules_or_marks_differ() -> None:
    assert Board.empty(5, 4) != Board.empty(5, 5)
    assert Board.from_moves([0]) != Board.from_moves([1])
    assert len({Board.from_moves([0, 4]), Board.from_moves([0, 4]), Board.from_moves([4, 0])}) == 2


@given(games())
@settings(max_examples=examples(200, 60), deadline=None)
def test_a_finished_game_has_exactly_one_result(board: Board) -> None:
    """A winner's line lies on its marks; a draw fills the board with no line."""
    if board.winner is not None:
        line = board.winning_line
        assert line is not None and len(line) == board.win_length
        assert all(board[cell] is board.winner for cell in line)
        # The winner moved last.
        assert board.turn is board.winner.other
    elif board.is_over:
        assert empty_cells(board) == []
    else:
        assert board.winning_line is None


# -- the errors' words ----------------------------------------------------------------


@pytest.fixture
def translated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A catalogue translating two of the errors' messages, installed; English after."""
    catalog = Catalog(locale="eo")
    catalog.add("cell {move} is already taken", "ĉelo {move} jam estas prenita")
    catalog.add(
        ("{count} row is out of range ({minimum} to {maximum})", "…"),
        ("{count} vico ekster la limoj ({minimum} ĝis {maximum})", "{count} vicoj ekster…"),
    )
    with speaking(tmp_path, "eo", catalog, monkeypatch):
        yield


def test_an_error_s_message_is_built_in_the_player_s_language(translated: None) -> None:
    with pytest.raises(IllegalMoveError, match="^ĉelo 4 jam estas prenita$"):
        Board.from_moves([4, 4])
    with pytest.raises(InvalidShapeError, match="^1 vico ekster la limoj"):
        Board.empty(rows=1, cols=5)


def test_impossible_counts_count_each_side_s_marks() -> None:
    with pytest.raises(InvalidPositionError) as error:
        Board.parse("xx./.../...")
    assert str(error.value).startswith("impossible counts: 2 X marks and 0 O marks")
    with pytest.raises(InvalidPositionError) as error:
        Board.parse("o../.../...")
    assert str(error.value).startswith("impossible counts: 0 X marks and 1 O mark")


def test_geometry_equality_and_hash_read_the_shape_and_rules_alone() -> None:
    # The engine's per-shape caches hash a geometry several times a node:
    # hashing its line tables (thousands of integers on 15x15) cost more
    # than the rest of a node. The tables follow from the shape and rules.
    board_geometry = geometry(15, 15, 5)
    without_tables = dataclasses.replace(board_geometry, lines=(), lines_through=(), guards=())
    assert without_tables == board_geometry
    assert hash(without_tables) == hash(board_geometry)
    assert geometry(15, 15, 5, exact=True) != board_geometry
    assert geometry(15, 15, 5, gravity=True) != board_geometry
    assert geometry(15, 14, 5) != board_geometry
