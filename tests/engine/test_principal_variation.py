"""Tests of the principal variation of proven results: the whole line to the
game's end, whose replay gives the claimed result at the claimed distance."""

from __future__ import annotations

import pytest
from variant_reference import random_positions

from ttt_gui.board import Board, Player
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, SearchResult


def check_line(board: Board, result: SearchResult) -> None:
    """The line starts with the move, ends at the game's end and its result is
    the score's: a win (loss) in n after exactly n plies, else a draw."""
    assert result.exact
    assert result.pv[0] == result.move
    position = board
    for move in result.pv:
        assert not position.is_over, f"{board!r}: the line goes on after the end"
        position = position.play(move)
    assert position.is_over, f"{board!r}: line {result.pv} stops before the end"
    mover, other = board.turn, board.turn.other
    if result.score > MATE_THRESHOLD:
        assert (len(result.pv), position.winner) == (WIN - result.score, mover)
    elif result.score < -MATE_THRESHOLD:
        assert (len(result.pv), position.winner) == (WIN + result.score, other)
    else:
        assert result.score == 0 and position.winner is None


def test_lines_of_every_3x3_position_run_to_the_end() -> None:
    engine = Engine(randomize=False)
    seen = 0
    for board in random_positions(Board.empty(3), 120, 0, seed=3):
        check_line(board, engine.search(board))
        seen += 1
    assert seen == 120


@pytest.mark.parametrize(
    ("keywords", "least_marks", "count"),
    [
        ({"size": 4, "win_length": 3}, 1, 25),
        ({"size": 4, "win_length": 4}, 4, 25),
        ({"size": 5, "win_length": 4}, 9, 15),
        ({"rows": 4, "cols": 4, "win_length": 3, "gravity": True}, 2, 20),
        ({"size": 4, "win_length": 3, "misere": True}, 8, 15),
    ],
    ids=["4x4 k=3", "4x4 k=4", "5x5 k=4", "4x4 gravity k=3", "4x4 misere k=3"],
)
def test_lines_of_proven_wins_losses_and_draws_run_to_the_end(
    keywords: dict[str, int], least_marks: int, count: int
) -> None:
    engine = Engine(randomize=False)
    outcomes = set()
    for board in random_positions(Board.empty(**keywords), count, least_marks, seed=count):
        result = engine.search(board)
        check_line(board, result)
        outcomes.add((result.score > 0) - (result.score < 0))
    assert len(outcomes) >= 2  # the sample mixes results, not only draws


def test_the_line_of_a_forced_win_has_every_ply() -> None:
    board = Board.empty(4, 3)
    result = Engine(randomize=False).search(board)
    assert result.describe() == "win in 5" and len(result.pv) == 5
    check_line(board, result)
    position = board
    for ply, move in enumerate(result.pv):  # each side's moves keep the value
        expected = WIN - (5 - ply) if ply % 2 == 0 else -(WIN - (5 - ply))
        assert Engine(randomize=False).search(position).score == expected
        position = position.play(move)
    assert position.winner is Player.X


def test_a_drawn_line_fills_the_board() -> None:
    board = Board.empty(5, 4)
    result = Engine(randomize=False).search(board)
    assert (result.score, len(result.pv)) == (0, 25)
    check_line(board, result)
