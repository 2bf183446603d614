"""Tests of the threat-space search (victory by continuous fours): sound
against the independent minimax, found where known, and used by the engine
only where its premise holds."""

from __future__ import annotations

import pytest
from variant_reference import forces_win, play_line, random_positions

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit
from ttt_gui.engine.threats import board_vcf, find_vcf, root_threats, scan, side_bits

#: A 9x9 position where X, to move, makes a four open at both ends.
OPEN_FOUR = Board.parse(
    "o.......o/........./........./....x..../...xx..../....x..../........./........./o.......o",
    win_length=5,
)


@pytest.mark.parametrize(
    ("keywords", "count", "least_marks"),
    [
        # With --slow only: a sample of 4x4 k=3 holds a nine-ply line of
        # fours whose plain check alone takes seconds; by default the two
        # boards of four in a row stand for it.
        pytest.param({"size": 4, "win_length": 3}, 2000, 2, marks=pytest.mark.slow),
        ({"size": 4, "win_length": 4}, 2000, 2),
        ({"size": 5, "win_length": 4}, 100, 15),
    ],
    ids=["4x4 k=3", "4x4 k=4", "5x5 k=4"],
)
def test_a_claimed_vcf_is_a_win_at_least_that_fast(
    keywords: dict[str, int], count: int, least_marks: int, exhaustive: bool
) -> None:
    """``count`` positions with --slow, else the first quarter of them."""
    count = count if exhaustive else count // 4
    found = 0
    for board in random_positions(Board.empty(**keywords), count, least_marks, seed=15):
        line = board_vcf(board)
        if line is None:
            continue
        found += 1
        assert forces_win(board, board.turn, len(line)), (board, line)
        assert play_line(board, line).winner is board.turn, "the line itself wins"
    assert found > count // 10, "the check saw enough wins"


def test_the_shortest_vcf_is_found_with_its_line() -> None:
    line = board_vcf(OPEN_FOUR)
    assert line is not None and len(line) == 3
    assert OPEN_FOUR.coordinate(line[0]) == "e3"
    assert play_line(OPEN_FOUR, line).winner is OPEN_FOUR.turn


def test_a_chain_of_single_fours_is_followed_to_its_double() -> None:
    board = Board.from_text(
        "...X...../.XXXOO.../..XOX..../....OX.../...OX.O../...OO..O./...XX..../........./........."
    )
    line = board_vcf(board)
    assert line is not None
    assert [board.coordinate(move) for move in line] == ["f6", "g6", "c6", "b6", "f3", "g2", "b7"]
    assert play_line(board, line).winner is board.turn
    wrong_block = board.play(line[0]).play(line[2])
    assert board_vcf(wrong_block) == (line[1],), "any other reply loses at once"


def test_no_vcf_where_there_is_none() -> None:
    assert board_vcf(Board.from_moves([40, 0, 41], 9, 5)) is None  # two in a row
    closed_three = Board.from_moves([40, 39, 41, 0, 42, 8], 9, 5)  # X to move, one four only
    assert board_vcf(closed_three) is None
    open_three = Board.from_moves([40, 0, 41, 8, 42], 9, 5)
    assert board_vcf(open_three) is None, "O to move has nothing"
    assert board_vcf(open_three.play(80)) is not None, "X to move makes an open four"


def test_the_defenders_own_four_must_be_blocked_first() -> None:
    # X to move has an open three, but O's four on the second row must be blocked.
    board = Board.from_moves([40, 10, 41, 11, 42, 12, 9, 13], 9, 5)
    me, opp = side_bits(board)
    _, opp_threats, _ = scan(me, opp, board.geometry)
    assert opp_threats == 1 << 14
    assert board_vcf(board) is None
    assert board_vcf(board.play(14).play(80)) is not None, "once blocked, the three wins"


def test_the_engine_plays_a_vcf_as_a_proven_win_with_its_line() -> None:
    result = Engine(randomize=False).search(OPEN_FOUR, Limit(time=5.0))
    assert result.score == WIN - 3 and result.pv == board_vcf(OPEN_FOUR)


def test_the_baseline_engine_does_not_search_threats_first() -> None:
    threats = Engine(randomize=False).search(OPEN_FOUR, Limit(nodes=4_000))
    baseline = Engine(randomize=False, baseline=True).search(OPEN_FOUR, Limit(nodes=4_000))
    assert threats.depth == 3 and threats.pv == board_vcf(OPEN_FOUR)
    assert baseline.pv != threats.pv or baseline.depth != 3


def test_no_vcf_under_gravity_or_misere() -> None:
    for keywords in ({"gravity": True}, {"misere": True}):
        board = Board.from_moves([], 7, 4, **keywords)  # type: ignore[arg-type]
        assert board_vcf(board) is None


def test_find_vcf_respects_its_ply_limit() -> None:
    me, opp = side_bits(OPEN_FOUR)
    assert find_vcf(me, opp, OPEN_FOUR.geometry, max_plies=1) is None
    assert find_vcf(me, opp, OPEN_FOUR.geometry, max_plies=3) is not None


@pytest.mark.slow
def test_moves_that_leave_the_opponent_a_vcf_are_refuted() -> None:
    # O to move faces X's open three: only the cells at its ends (and beside them) hold.
    board = Board.from_moves([40, 0, 41, 8, 42], 9, 5)
    moves = board.legal_moves()
    found = root_threats(board, 4_000, moves)
    assert not found.win and found.defences
    assert 30 in found.refuted and 39 not in found.refuted and 43 not in found.refuted
    for move in found.refuted:
        assert board_vcf(board.play(move)) is not None
    result = Engine(randomize=False).search(board, Limit(time=2.0))
    assert result.move not in found.refuted
