"""Tests of the root's last check: a chosen move that leaves the other side
a win by fours gives way to the best move that leaves none (the leaves'
probe of the negamax's selective search, and the Gomoku path's VCF)."""

from __future__ import annotations

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit
from ttt_gui.engine.gomoku_search import GomokuSearch
from ttt_gui.engine.root_defence import avoid_leaf_fours, fours_win_plies

SIZE = 15


def cell(row: int, col: int) -> int:
    return row * SIZE + col


#: X to move; O wins by fours: its stone on (7, 6) makes two fours (row 7
#: and column 6), of which X can block one. X stops it on (7, 6), (7, 7) or
#: (8, 6).
STONES_O = [(7, 3), (7, 4), (7, 5), (4, 6), (5, 6), (6, 6)]
STONES_X = [(7, 2), (3, 6), (0, 0), (0, 14), (14, 0), (14, 14)]
DEFENCES = {cell(7, 6), cell(7, 7), cell(8, 6)}
FAR = cell(12, 12)
ALSO_FAR = cell(2, 12)


def threatened() -> Board:
    rows = [["."] * SIZE for _ in range(SIZE)]
    for mark, stones in (("x", STONES_X), ("o", STONES_O)):
        for row, col in stones:
            rows[row][col] = mark
    return Board.parse("/".join("".join(row) for row in rows), win_length=5)


def test_a_move_elsewhere_leaves_the_win_and_a_defence_does_not() -> None:
    board = threatened()
    assert fours_win_plies(board.play(FAR)) == 3
    for defence in DEFENCES:
        assert fours_win_plies(board.play(defence)) == 0


def test_a_move_that_leaves_the_win_gives_way_to_the_first_ranked_that_does_not() -> None:
    board = threatened()
    assert avoid_leaf_fours(board, FAR, [FAR, ALSO_FAR, cell(8, 6), cell(7, 6)]) == cell(8, 6)
    assert avoid_leaf_fours(board, cell(7, 7), [FAR, cell(7, 6)]) == cell(7, 7)
    assert avoid_leaf_fours(board, FAR, [FAR, ALSO_FAR]) == FAR  # nothing better


def test_the_engine_plays_the_defence_when_its_search_ranks_a_losing_move_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A narrowed search may miss the other side's line of fours (here a
    search that prefers a far move stands in for one): the move played
    still stops the line."""

    def misled(
        _: GomokuSearch, side: int, moves: list[int], depth: int, scored: dict[int, int]
    ) -> list[int]:
        scored.update({FAR: 50, ALSO_FAR: 40, cell(7, 7): 10})
        return [FAR, ALSO_FAR, cell(7, 7)]

    monkeypatch.setattr(GomokuSearch, "search_root", misled)
    result = Engine(selective=True).search(threatened(), Limit(time=1.0))
    assert result.move == cell(7, 7)


def test_a_lost_position_is_no_reason_to_lose_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the search scores every move a loss (to a longer line of
    threats, say), the move played still stops the short line of fours."""
    lost = -WIN + 20

    def hopeless(
        _: GomokuSearch, side: int, moves: list[int], depth: int, scored: dict[int, int]
    ) -> list[int]:
        scored.update({FAR: lost, ALSO_FAR: lost - 2, cell(8, 6): lost - 4})
        return [FAR, ALSO_FAR, cell(8, 6)]

    monkeypatch.setattr(GomokuSearch, "search_root", hopeless)
    result = Engine(selective=True).search(threatened(), Limit(time=1.0))
    assert result.move == cell(8, 6)


def test_the_engine_stops_the_line_of_fours_by_itself() -> None:
    result = Engine(selective=True, seed=1).search(threatened(), Limit(nodes=5_000))
    assert result.move in DEFENCES
