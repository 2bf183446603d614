"""Tests of the hard 7x6 positions of ``benchmarks/connect_four_hard.py``
(``benchmarks/data/connect_four_hard.txt``): every line is a position of the
kind the benchmark says, its values fit together as a game's values must,
and, under ``--slow``, a seeded sample of them is solved again.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from connect_four_boards import board_after, play_column
from scripts import load_script

from ttt_gui.board import Board
from ttt_gui.engine import COMPILED
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_choice import GuessSearch

#: The benchmark, loaded as a module: its reader of the positions' file.
HARD = load_script("benchmarks/connect_four_hard.py", "connect_four_hard")


#: The middle game's positions (``--data``), 10 to 15 moves in.
MIDGAME = HARD.DATA.with_name("connect_four_hard_midgame.txt")


def hard_lines(path: Path = HARD.DATA) -> list[tuple[str, int, dict[int, int]]]:
    """The file's positions as the benchmark reads them: (columns played,
    value, the value after each playable column 1-7)."""
    positions: list[tuple[str, int, dict[int, int]]] = HARD.read_positions(path)
    return positions


def value_after(board: Board, column: int, solver: BoardSolver) -> int:
    """The value for the side to move of ``board`` after its move in
    ``column`` (1-7): 1 a win, 0 a draw, -1 a loss, by a weak solve."""
    after = play_column(board, column - 1)
    if after.is_over:
        return 0 if after.winner is None else 1
    return -solver.outcome(after)


@pytest.mark.parametrize(
    ("path", "fewest", "most", "count"), [(HARD.DATA, 6, 9, 200), (MIDGAME, 10, 15, 100)]
)
def test_every_hard_position_is_of_the_benchmarks_kind(
    path: Path, fewest: int, most: int, count: int
) -> None:
    """``fewest`` to ``most`` moves in, not over, not lost for the side to
    move, some move losing its value; a position is worth its best move
    (negamax), and only full columns have no value."""
    lines = hard_lines(path)
    assert len(lines) >= count
    assert len({columns for columns, _, _ in lines}) == len(lines)
    for columns, value, after in lines:
        board = board_after(columns)
        assert fewest <= len(columns) <= most and not board.is_over, columns
        assert value in (0, 1), columns
        assert set(after) == {cell % 7 + 1 for cell in board.legal_moves()}, columns
        assert set(after.values()) <= {-1, 0, 1}, columns
        assert max(after.values()) == value and min(after.values()) < value, columns


def sample_cases() -> list[object]:
    """Under ``--slow``: on the compiled build three positions of each file
    drawn by a seed, on the plain one the deepest of each (the plain build
    takes about a minute for the weak solves of one position 6 moves in)."""
    chosen = []
    for lines in (hard_lines(), hard_lines(MIDGAME)):
        if COMPILED:
            chosen += random.Random(2026).sample(lines, 3)
        else:
            chosen.append(max(lines, key=lambda line: (len(line[0]), line[0])))
    return [
        pytest.param(columns, value, after, id=columns, marks=pytest.mark.slow)
        for columns, value, after in chosen
    ]


@pytest.mark.parametrize(("columns", "value", "after"), sample_cases())
def test_a_hard_positions_values_hold(columns: str, value: int, after: dict[int, int]) -> None:
    board = board_after(columns)
    solver = BoardSolver(6, 7, 2_000_000)
    assert solver.outcome(board) == value
    for column, kept in after.items():
        assert value_after(board, column, solver) == kept, (columns, column)


def test_the_heuristic_search_keeps_a_draw_by_who_the_zugzwang_favours() -> None:
    """At depth 4 the heuristic search plays the one move that keeps this
    position's draw; without the zugzwang in its judgement it chose the
    centre, which loses."""
    lines = {line: (value, after) for line, value, after in hard_lines()}
    value, after = lines["2332277"]
    keeping = {column for column, kept in after.items() if kept >= value}
    assert value == 0 and len(keeping) == 1 and 4 not in keeping
    board = board_after("2332277")
    guess = GuessSearch(BoardSolver(6, 7, 10_000), board)
    for _ in range(4):
        guess.deepen()
    move, _ = guess.choice(set())
    assert move % 7 + 1 in keeping
