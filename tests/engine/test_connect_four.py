"""Tests of the Connect Four path (ttt_gui/engine/connect_four.py): its exact
scores equal the independent plain minimax (tests/variant_reference.py) and
the general search (``Engine(baseline=True)``, which leaves the path out) on
small gravity boards with four in a row, distances included; its lines end
the game at the distance it claims; a bounded search stays honest.

It also finds the published results of Connect Four on the smaller boards
(John Tromp's, 2006, for width + height up to 15: who wins with best play and
on which move the game ends) from their empty boards.

The exhaustive checks take minutes and run with ``pytest --slow``; the
default run checks samples.
"""

from __future__ import annotations

import math
import os
import threading

import pytest
from conftest import random_share
from connect_four_boards import board_after, play_column
from variant_reference import (
    minimax,
    mismatches,
    move_values,
    play_line,
    random_positions,
    reachable,
)

from ttt_gui.board import Board, geometry
from ttt_gui.engine import COMPILED, MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.connect_four import ConnectFourSolver, bit_count, connect_four_applies
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_choice import DrawCheck, GuessSearch
from ttt_gui.engine.connect_four_path import OWN_TABLE_ENTRIES
from ttt_gui.engine.state import SearchAborted, immediate_wins
from ttt_gui.engine.transposition import POINTER_BYTES

#: Small gravity boards with four in a row: (rows, columns).
SHAPES = ((4, 4), (4, 5), (5, 4), (5, 5))


def gravity(rows: int, cols: int) -> Board:
    return Board.empty(rows=rows, cols=cols, win_length=4, gravity=True)


def test_the_path_takes_gravity_boards_with_four_in_a_row_that_fit_64_bits() -> None:
    assert connect_four_applies(geometry(6, 7, 4, gravity=True))
    assert not connect_four_applies(geometry(6, 7, 4, gravity=True, misere=True))
    assert not connect_four_applies(geometry(6, 7, 5, gravity=True))
    assert not connect_four_applies(geometry(6, 7, 4))
    assert not connect_four_applies(geometry(9, 9, 4, gravity=True))
    assert isinstance(COMPILED, bool)


def test_bit_count_counts_up_to_63_bits() -> None:
    for bits in (0, 1, 0b1011, (1 << 63) - 1, 0x5555555555555555, 1 << 62):
        assert bit_count(bits) == bin(bits).count("1")


@pytest.mark.parametrize(("rows", "cols"), SHAPES[:3])
def test_analysis_equals_minimax_on_random_positions(rows: int, cols: int) -> None:
    positions = random_positions(gravity(rows, cols), 25, rows * cols // 2, seed=rows + cols)
    assert not mismatches(positions)


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (5, 5), (6, 5), (3, 7), (7, 3)])
def test_analysis_equals_the_general_search(rows: int, cols: int) -> None:
    path, general = Engine(), Engine(baseline=True)
    for board in random_positions(gravity(rows, cols), 12, rows * cols // 2, seed=cols):
        assert path.analyse(board) == general.analyse(board), repr(board)


def test_search_scores_the_best_move_and_its_line_ends_the_game_so() -> None:
    engine = Engine(seed=3)
    for board in random_positions(gravity(6, 7), 8, 26, seed=11):
        result = engine.search(board)
        assert result.exact
        values = move_values(board) if board.empty_bits.bit_count() <= 12 else None
        if values is not None:
            assert result.score == max(values.values())
        end = play_line(board, result.pv)
        assert end.is_over
        if result.score > MATE_THRESHOLD:
            assert len(result.pv) == WIN - result.score and end.winner is board.turn
        elif result.score < -MATE_THRESHOLD:
            assert len(result.pv) == WIN + result.score and end.winner is board.turn.other
        else:
            assert end.winner is None


def test_an_exact_score_gives_back_the_solvers_value() -> None:
    boards = BoardSolver(6, 7, 1_000)
    for stones in range(42):
        for value in range(-((42 - stones) // 2), (43 - stones) // 2 + 1):
            score = boards.distance_score(value, stones)
            assert boards.solver_value(score, stones) == value, (stones, value)


def test_every_best_move_is_found_with_randomize() -> None:
    board = Board.from_moves([13, 14, 9, 12, 10], rows=4, cols=4, win_length=4, gravity=True)
    values = move_values(board)
    best = {move for move, value in values.items() if value == max(values.values())}
    analysis = Engine(seed=1).evaluate_moves(board, within=0)
    assert set(analysis.best) == best and analysis.exact


def test_a_bounded_search_that_cannot_solve_is_not_exact() -> None:
    board = gravity(6, 7).play(38)
    result = Engine(seed=2).search(board, Limit(nodes=3_000))
    assert not result.exact and abs(result.score) <= MATE_THRESHOLD
    assert result.move in board.legal_moves()


@pytest.mark.slow
def test_a_bounded_search_short_of_the_exact_scores_plays_a_proven_win() -> None:
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
    # The side to move wins: proven within about 220,000 nodes of this search,
    # exactly in about 350,000.
    for column in "35467347656":
        board = board.play(
            max(cell for cell in board.legal_moves() if cell % 7 == int(column) - 1)
        )
    result = Engine(seed=1).search(board, Limit(nodes=300_000))
    assert not result.exact and result.score > MATE_THRESHOLD
    assert BoardSolver(6, 7, 100_000).outcome(board.play(result.move)) == -1


#: 12 stones in, won for the side to move (by columns 2 and 4); columns 5, 6
#: and 7 lose. With 150,000 nodes the search proves neither the value nor a
#: win; before it checked its heuristic's moves it played column 6.
CHECKED_LINE = "774256136234"


def bounded_move(nodes: int) -> tuple[Board, int]:
    board = board_after(CHECKED_LINE)
    result = Engine(seed=1).search(board, Limit(nodes=nodes))
    assert not result.exact
    return board, result.move


def test_a_bounded_search_passes_over_the_moves_it_proved_to_lose() -> None:
    board, move = bounded_move(150_000)
    solver = BoardSolver(6, 7, 100_000)
    losing = {5, 6, 7}
    assert all(solver.outcome(play_column(board, column - 1)) == 1 for column in losing)
    assert move % 7 + 1 not in losing


@pytest.mark.slow
def test_the_move_of_a_bounded_search_that_checked_it_keeps_the_draw_at_least() -> None:
    board, move = bounded_move(150_000)
    boards = BoardSolver(6, 7, 1 << 18)
    current, mask, stones = boards.position(board.play(move))
    boards.solver.root_stones = stones
    assert boards.solver.is_at_most(current, mask, stones, 0)


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), pytest.param(5, 4, marks=pytest.mark.slow)])
def test_the_draw_check_finds_what_minimax_finds(rows: int, cols: int) -> None:
    """In its heuristic's order, the moves the check passes over lose and
    the one it stops at keeps the draw at least, by the independent minimax."""
    for board in random_positions(gravity(rows, cols), 20, 6, seed=rows * 7 + cols):
        if immediate_wins(board):
            continue  # the heuristic search takes positions with no win at once
        values = move_values(board)
        boards = BoardSolver(rows, cols, 100_000)
        guess = GuessSearch(boards, board)
        guess.deepen()
        check = DrawCheck(boards, guess)
        check.run()
        order = [boards.cell_of(move) for move in guess.ranked()[0]]
        losing = check.losing_cells()
        assert all(values[cell] < 0 for cell in losing), repr(board)
        first = next((cell for cell in order if cell not in losing), None)
        if check.kept is None:
            assert first is None, repr(board)
        else:
            assert boards.cell_of(check.kept) == first and values[first] >= 0, repr(board)


def test_a_draw_check_cut_short_and_taken_up_again_ends_as_one_not_cut() -> None:
    boards = BoardSolver(6, 7, 100_000)
    stopped = 0
    for board in random_positions(gravity(6, 7), 6, 10, seed=69):
        if immediate_wins(board):
            continue
        guess = GuessSearch(boards, board)
        boards.solver.clear()
        boards.solver.limit(threading.Event(), math.inf, math.inf)
        whole = DrawCheck(boards, guess)
        whole.run()
        boards.solver.clear()
        parts = DrawCheck(boards, guess)
        budget = 100
        while True:
            boards.solver.limit(threading.Event(), math.inf, float(boards.solver.nodes + budget))
            try:
                parts.run()
                break
            except SearchAborted:
                stopped += 1
                budget *= 2
        assert (parts.kept, parts.losing) == (whole.kept, whole.losing), repr(board)
    assert stopped > 0


def test_a_stop_token_ends_a_solve_with_an_honest_answer() -> None:
    stop = threading.Event()
    stop.set()
    result = Engine().search(gravity(6, 7), Limit(), stop=stop)
    assert not result.exact


# 5 rows x 4 columns with --slow only: by default 4 x 5 stands for the shapes.
@pytest.mark.parametrize(("rows", "cols"), [(4, 5), pytest.param(5, 4, marks=pytest.mark.slow)])
def test_the_heuristic_search_claims_only_wins_and_losses_it_saw(rows: int, cols: int) -> None:
    solver = BoardSolver(rows, cols, 10_000)
    claims = 0
    for board in random_positions(gravity(rows, cols), 40, rows * cols // 2, seed=rows * cols):
        if immediate_wins(board):
            continue
        guess = GuessSearch(solver, board)
        for _ in range(5):
            guess.deepen()
        move, value = guess.choice(set())
        values = move_values(board)
        if value > MATE_THRESHOLD:  # a win, at most as far as it says
            assert values[move] > MATE_THRESHOLD and values[move] >= value, repr(board)
        elif value < -MATE_THRESHOLD:  # a loss, whatever the move
            assert max(values.values()) < -MATE_THRESHOLD, repr(board)
        claims += abs(value) > MATE_THRESHOLD
        assert move in board.legal_moves()
        assert guess.choice({move})[0] != move or len(guess.order) == 1  # another, if any
    assert claims > 0


def test_the_heuristic_search_chooses_by_its_deepest_even_depth() -> None:
    # Depth 4 prefers the first column, depth 5 (its own stone last) another.
    board = Board.from_moves([39, 38, 32, 35, 37], rows=6, cols=7, win_length=4, gravity=True)
    solver = BoardSolver(6, 7, 10_000)
    guess = GuessSearch(solver, board)
    for _ in range(4):
        guess.deepen()
    chosen = guess.choice(set())
    assert chosen[0] % 7 == 0 and abs(chosen[1]) <= MATE_THRESHOLD
    guess.deepen()
    assert solver.cell_of(guess.order[0]) != chosen[0]  # depth 5's best
    assert guess.choice(set()) == chosen
    assert guess.choice({chosen[0]})[0] != chosen[0]


def cells_at(*places: tuple[int, int]) -> int:
    """The 7x6 bitboard of (column, height from the bottom) places."""
    return sum(1 << (col * 7 + height) for col, height in places)


@pytest.mark.parametrize(
    ("first", "second", "favoured"),
    [
        pytest.param((), (), 0, id="no threats"),
        pytest.param(((0, 2),), (), 1, id="the first player's on the 3rd row"),
        pytest.param(((0, 1),), ((3, 2),), 0, id="neither on its own rows"),
        pytest.param(((0, 2),), ((0, 1),), -1, id="the second's even one below"),
        pytest.param(((0, 2),), ((0, 3),), 1, id="the second's even one above"),
        pytest.param(((0, 4),), ((0, 3), (5, 2)), -1, id="only the lowest counts"),
        pytest.param(((2, 0),), ((4, 1), (6, 5)), 1, id="odd against even elsewhere"),
        pytest.param((), ((6, 5),), -1, id="the second player's on the top row"),
    ],
)
def test_the_heuristic_sees_who_the_threats_favour_when_the_board_fills(
    first: tuple[tuple[int, int], ...], second: tuple[tuple[int, int], ...], favoured: int
) -> None:
    heuristic = BoardSolver(6, 7, 1_000).heuristic
    assert heuristic.zugzwang(cells_at(*first), cells_at(*second)) == favoured


def test_a_bounded_search_for_a_move_answers_by_its_own_heuristic_search(
    exhaustive: bool,
) -> None:
    """200,000 positions with --slow, else 20,000 (already six depths of the
    heuristic search, where 3,000 reach none)."""
    board = gravity(6, 7).play(38)
    nodes = 200_000 if exhaustive else 20_000
    result = Engine(seed=2).search(board, Limit(nodes=nodes))
    assert not result.exact and abs(result.score) <= MATE_THRESHOLD
    assert 0 < result.depth < board.empty_bits.bit_count()


@pytest.mark.parametrize(
    ("rows", "cols"),
    [
        (4, 4),
        (3, 5),
        pytest.param(4, 5, marks=pytest.mark.slow),
        pytest.param(5, 4, marks=pytest.mark.slow),
    ],
)
def test_the_claimeven_bound_holds_and_settles_some_positions(rows: int, cols: int) -> None:
    """The follow-up's bound is never below the position's outcome by the
    independent minimax; on each shape it proves some positions not won
    and some lost."""
    boards = BoardSolver(rows, cols, 1_000)
    settled = {0: 0, -1: 0}
    for board in random_positions(gravity(rows, cols), 300, rows * cols // 2, seed=rows * cols):
        current, mask, stones = boards.position(board)
        bound = boards.solver.claimeven_bound(current, mask, stones)
        value = minimax(board)
        assert (value > 0) - (value < 0) <= bound, repr(board)
        if bound in settled:
            settled[bound] += 1
    assert settled[0] > 0 and settled[-1] > 0, settled


def test_the_claimeven_bound_sees_that_the_second_player_keeps_the_even_rows() -> None:
    """7x6, the first player (X) to move, every column's empty cells even:
    O answering in the same column keeps every cell on the even rows, so X
    wins only by a four of its stones and the odd rows' cells. With O in
    the centre column's odd rows none fits: X cannot win."""
    boards = BoardSolver(6, 7, 1_000)
    assert boards.solver.claimeven_bound(0, 0, 0) == boards.solver.cells  # the bottom row is X's
    # X a1, O d1, X d2, O d3, X d4, O d5, X d6, O a2 (cells numbered from the top).
    moves = [35, 38, 31, 24, 17, 10, 3, 28]
    board = Board.from_moves(moves, rows=6, cols=7, win_length=4, gravity=True)
    assert boards.solver.claimeven_bound(*boards.position(board)) == 0
    # X b1 and O a3 leave columns a and b odd: X may get the lowest empty
    # cell of each (b2 one), and a1, b2, c3, d4 fit a four: no bound.
    board = Board.from_moves([*moves, 36, 21], rows=6, cols=7, win_length=4, gravity=True)
    assert boards.solver.claimeven_bound(*boards.position(board)) == boards.solver.cells


def test_the_table_keeps_its_fixed_size() -> None:
    engine = Engine(table_limit=300, solver_table_limit=300)
    engine.search(Board.from_moves([17, 18, 12], rows=4, cols=5, win_length=4, gravity=True))
    memory = engine.table_memory()
    assert 0 < memory.entries <= 300
    solver = ConnectFourSolver(4, 5, 300)
    assert solver.entries() == 0 and len(solver.table) == 300


def test_the_solvers_table_is_a_native_vector_compiled_and_a_list_as_plain_python() -> None:
    solver = ConnectFourSolver(4, 5, 300)
    assert type(solver.table).__name__ == ("vec[i64]" if COMPILED else "list")
    assert solver.value(0, 0, 0) == 0  # the empty 4x5 board: a draw
    used = sum(1 for entry in solver.table if entry != 0)
    assert 0 < solver.entries() == used <= 300
    solver.clear()
    assert solver.entries() == 0 and len(solver.table) == 300


def test_an_engine_picks_its_own_solver_table_whatever_its_table_limit() -> None:
    engine = Engine(table_limit=1_000)
    engine.search(gravity(6, 7), Limit(nodes=2_000))
    assert engine.table_memory().bytes >= OWN_TABLE_ENTRIES * POINTER_BYTES


@pytest.mark.parametrize(
    ("rows", "cols"),
    [
        pytest.param(*shape, marks=pytest.mark.slow) if shape[0] * shape[1] >= 20 else shape
        for shape in SHAPES
    ],
)
def test_the_weak_outcome_is_the_sign_of_the_exact_value(rows: int, cols: int) -> None:
    solver = BoardSolver(rows, cols, 100_000)
    for board in random_positions(gravity(rows, cols), 10, rows * cols // 3, seed=rows * cols):
        best = max(move_values(board).values())
        assert solver.outcome(board) == (best > 0) - (best < 0), repr(board)


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), pytest.param(5, 4, marks=pytest.mark.slow)])
def test_the_move_a_null_window_test_proves_by_is_a_best_move(rows: int, cols: int) -> None:
    """The move :meth:`value` keeps is one of the best, and the one that
    proves a win (a test at 0) wins, as the independent minimax has it."""
    proven = 0
    for board in random_positions(gravity(rows, cols), 30, 6, seed=rows * 10 + cols):
        values = move_values(board)
        best = max(values.values())
        boards = BoardSolver(rows, cols, 100_000)
        current, mask, stones = boards.position(board)
        boards.solver.value(current, mask, stones)
        if boards.solver.best_move:
            proven += 1
            assert values[boards.cell_of(boards.solver.best_move)] == best, repr(board)
        if boards.solver.can_win_now(current, mask):
            continue  # the tests take positions with no win at once
        boards.solver.clear()
        winning = boards.solver.proving_move(current, mask, stones, 0, 1)
        assert (boards.solver.proved > 0) == (best > 0), repr(board)
        if winning:
            assert values[boards.cell_of(winning)] > 0, repr(board)
        # A window under the least value there is: it fails high at once,
        # by no move (not by the last search's)
        floor = -rows * cols
        assert boards.solver.proving_move(current, mask, stones, floor, floor + 1) == 0
        assert boards.solver.proved > floor
    assert proven >= 15  # most values are proven by a move of their own


def test_the_engine_is_the_build_expected() -> None:
    """Where TTT_GUI_EXPECT_ENGINE names the build under test, these tests
    run on it (not on a source tree that happens to come first)."""
    expected = os.environ.get("TTT_GUI_EXPECT_ENGINE")
    if expected:
        assert ("compiled" if COMPILED else "pure Python") == expected


@pytest.mark.slow
def test_analysis_equals_minimax_on_every_reachable_4x4_position() -> None:
    positions = reachable(gravity(4, 4))
    assert not mismatches(positions)


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (5, 4)])
def test_analysis_equals_minimax_on_many_random_positions(rows: int, cols: int) -> None:
    count, least_marks = random_share(400, 2)
    positions = random_positions(gravity(rows, cols), count, least_marks, seed=rows + cols)
    assert not mismatches(positions)


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (6, 5), (5, 6)])
def test_analysis_equals_the_general_search_on_many_positions(rows: int, cols: int) -> None:
    path, general = Engine(), Engine(baseline=True)
    for board in random_positions(gravity(rows, cols), 60, rows * cols // 3, seed=rows * cols):
        assert path.analyse(board) == general.analyse(board), repr(board)


#: Published results of Connect Four with best play from the empty board:
#: (rows, columns, the move on which the game ends, who wins: 1 the first
#: player, -1 the second, 0 a draw), after John Tromp's solutions of every
#: board with width + height up to 15. The heavy ones (seconds each
#: compiled, minutes as plain Python) run on the compiled build only.
PUBLISHED = ((4, 6, 24, -1), (5, 5, 25, 0), (6, 4, 24, 0), (7, 4, 28, 0))
PUBLISHED_HEAVY = (
    (4, 7, 28, 0),
    (5, 6, 30, 0),
    (6, 5, 30, 0),
    (8, 4, 32, 0),
    (5, 7, 35, 0),
    (6, 6, 36, -1),
)


def published_value(rows: int, cols: int, last: int, winner: int) -> int:
    """The solver's value of the empty board (Pascal Pons's scale) that a
    published result gives: a win with stone ``last`` scores
    ``(cells + 2 - last) // 2`` for the winner."""
    return winner * ((rows * cols + 2 - last) // 2)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rows", "cols", "last", "winner"),
    # The heavy boards are checked where they take seconds: .ci/run's compiled
    # engine step runs this file with --slow on the compiled build.
    [*PUBLISHED, *(PUBLISHED_HEAVY if COMPILED else ())],
)
def test_the_empty_boards_solve_to_their_published_results(
    rows: int, cols: int, last: int, winner: int
) -> None:
    solver = ConnectFourSolver(rows, cols, 2_000_000)
    assert solver.value(0, 0, 0) == published_value(rows, cols, last, winner)
    assert solver.outcome(0, 0, 0) == winner
