"""Tests of the hard 7x6 positions of ``benchmarks/connect_four_hard.py``
(``benchmarks/data/connect_four_hard.txt``): every line is a position of the
kind the benchmark says, its values fit together as a game's values must,
and, under ``--slow``, a seeded sample of them is solved again.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_connect_four_book import board_after

from ttt_gui.board import Board
from ttt_gui.engine import COMPILED
from ttt_gui.engine.connect_four_path import BoardSolver

HARD = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "connect_four_hard.txt"


def hard_lines() -> list[tuple[str, int, list[str]]]:
    """The file's positions: (columns played, value, a mark per column)."""
    lines = []
    for text in HARD.read_text(encoding="utf-8").splitlines():
        if text.strip() and not text.startswith("#"):
            columns, value, *marks = text.split()
            lines.append((columns, int(value), marks))
    return lines


def value_after(board: Board, column: int, solver: BoardSolver) -> int:
    """The value for the side to move of ``board`` after its move in
    ``column`` (0-6): 1 a win, 0 a draw, -1 a loss, by a weak solve."""
    after = board.play(next(cell for cell in board.legal_moves() if cell % 7 == column))
    if after.is_over:
        return 0 if after.winner is None else 1
    return -solver.outcome(after)


def test_every_hard_position_is_of_the_benchmarks_kind() -> None:
    """6 to 9 moves in, not over, not lost for the side to move, some move
    losing its value; a position is worth its best move (negamax), and only
    full columns have no value."""
    lines = hard_lines()
    assert len(lines) >= 200
    assert len({columns for columns, _, _ in lines}) == len(lines)
    for columns, value, marks in lines:
        board = board_after(columns)
        assert 6 <= len(columns) <= 9 and not board.is_over, columns
        assert value in (0, 1) and len(marks) == 7, columns
        playable = {cell % 7 for cell in board.legal_moves()}
        assert {col for col, mark in enumerate(marks) if mark != "x"} == playable, columns
        after = [int(mark) for mark in marks if mark != "x"]
        assert set(after) <= {-1, 0, 1}, columns
        assert max(after) == value and min(after) < value, columns


def sample_cases() -> list[object]:
    """Under ``--slow``: on the compiled build three positions drawn by a
    seed, on the plain one the deepest (the plain build takes about a
    minute for the weak solves of one position 6 moves in)."""
    lines = hard_lines()
    if COMPILED:
        chosen = random.Random(2026).sample(lines, 3)
    else:
        chosen = [max(lines, key=lambda line: (len(line[0]), line[0]))]
    return [
        pytest.param(columns, value, marks, id=columns, marks=pytest.mark.slow)
        for columns, value, marks in chosen
    ]


@pytest.mark.parametrize(("columns", "value", "marks"), sample_cases())
def test_a_hard_positions_values_hold(columns: str, value: int, marks: list[str]) -> None:
    board = board_after(columns)
    solver = BoardSolver(6, 7, 2_000_000)
    assert solver.outcome(board) == value
    for col, mark in enumerate(marks):
        if mark != "x":
            assert value_after(board, col, solver) == int(mark), (columns, col + 1)
