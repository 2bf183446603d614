"""Tests of the threat search with threes (VCT), the urgent defences and the
selective search that plays with them: sound against the independent
minimax, found where known, and never claimed exact where moves were left out."""

from __future__ import annotations

import pytest
from variant_reference import play_line, random_positions

from ttt_gui.board import Board, cells_of
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.negamax import EXACT, UNLIMITED, Table, make_search, selective_applies
from ttt_gui.engine.state import make_play, root_state
from ttt_gui.engine.tables import symmetric_keys, tables_for
from ttt_gui.engine.threats import (
    board_vcf,
    double_threat_cells,
    open_cells,
    side_bits,
    urgent_defences,
)
from ttt_gui.engine.vct import ContinuousThreats, find_vct

#: X to move on 10x10, five in a row: two twos that f5 joins into two open
#: threes at once (no four anywhere, so no VCF).
FORK = Board.parse(
    "o........o/........../.....x..../.....x..../...xx...../"
    "........../........../........../........../o........o",
    win_length=5,
)


def board_vct(board: Board, budget: int | None = None) -> tuple[int, ...] | None:
    me, opp = side_bits(board)
    return find_vct(me, opp, board.geometry, budget)


@pytest.mark.parametrize(
    ("keywords", "count", "sample", "least_marks"),
    [
        ({"size": 5, "win_length": 4}, 1200, 100, 6),
        # With --slow only: by default 5x5 stands for four in a row.
        pytest.param({"size": 6, "win_length": 4}, 400, 150, 8, marks=pytest.mark.slow),
    ],
    ids=["5x5 k=4", "6x6 k=4"],
)
def test_a_claimed_vct_is_a_win_at_least_that_fast(
    keywords: dict[str, int], count: int, sample: int, least_marks: int, exhaustive: bool
) -> None:
    """Positions with no VCF, where a VCT needs threes; the reference is the
    exact engine (itself checked against the independent minimax). ``count``
    positions with --slow, else the first ``sample`` of them."""
    found = 0
    exact = Engine(randomize=False)
    count = count if exhaustive else sample
    for board in random_positions(Board.empty(**keywords), count, least_marks, seed=16):
        if board_vcf(board) is not None:
            continue
        search = ContinuousThreats(board.geometry, budget=3_000)
        line = search.find(*side_bits(board))
        if line is None:
            continue
        found += 1
        value = exact.search(board).score
        assert value > MATE_THRESHOLD and WIN - value <= search.plies, (board, line, value)
        assert len(line) <= search.plies
        assert play_line(board, line).winner is board.turn, "the line itself wins"
    assert found >= 4, "the check saw enough wins by threes"


def test_two_open_threes_at_once_are_found_where_fours_find_nothing() -> None:
    assert board_vcf(FORK) is None
    line = board_vct(FORK)
    assert line is not None and len(line) == 5
    assert FORK.coordinate(line[0]) == "f5"
    assert play_line(FORK, line).winner is FORK.turn


def test_every_defence_to_the_fork_still_loses_to_a_vct() -> None:
    line = board_vct(FORK)
    assert line is not None
    after = FORK.play(line[0])
    for reply in after.legal_moves():
        answer = after.play(reply)
        assert answer.winner is None
        assert board_vct(answer) is not None, FORK.coordinate(reply)


def test_find_vct_respects_its_ply_limit_and_budget() -> None:
    me, opp = side_bits(FORK)
    assert find_vct(me, opp, FORK.geometry, max_plies=3) is None
    assert find_vct(me, opp, FORK.geometry, max_plies=5) is not None
    assert find_vct(me, opp, FORK.geometry, budget=2) is None
    search = ContinuousThreats(FORK.geometry, budget=10_000)
    search.find(me, opp)
    assert 0 < search.nodes <= 10_000


def test_open_cells_are_the_cells_of_lines_two_or_three_short() -> None:
    board = Board.from_moves([40, 0, 41, 8, 42], 9, 5)  # X's open three on row e
    me, opp = side_bits(board)  # O to move
    _, x_fours = open_cells(me, opp, board.geometry)
    assert {board.coordinate(cell) for cell in cells_of(x_fours)} == {"c5", "d5", "h5", "i5"}
    _, x_threes = open_cells(me, opp, board.geometry, 3)
    assert x_threes >> 37 & 1 and not x_threes >> 44 & 1
    assert double_threat_cells(opp, me, board.geometry, x_fours) == (1 << 39) | (1 << 43)


def test_urgent_defences_are_only_needed_against_two_threats_in_one_move() -> None:
    open_three = Board.from_moves([40, 0, 41, 8, 42], 9, 5)  # O to move
    me, opp = side_bits(open_three)
    urgent = urgent_defences(me, opp, open_three.geometry)
    assert urgent >> 39 & 1 and urgent >> 43 & 1 and not urgent >> 30 & 1
    for move in open_three.legal_moves():
        if not urgent >> move & 1:  # any other move: X makes an open four and wins
            assert board_vcf(open_three.play(move)) is not None, move
    two = Board.from_moves([40, 0, 41, 8, 80], 9, 5)  # O to move; X has two in a row
    assert urgent_defences(*side_bits(two), two.geometry) == 0


def test_selective_search_is_for_plain_boards_of_five_in_a_row() -> None:
    assert selective_applies(Board.empty(9, 5).geometry)
    assert not selective_applies(Board.empty(7, 4).geometry)
    assert not selective_applies(Board.empty(6, 5).geometry), "solved by pairings"
    assert not selective_applies(Board.empty(9, 5, gravity=True).geometry)
    assert not selective_applies(Board.empty(9, 5, misere=True).geometry)


def test_the_selective_engine_plays_a_vct_as_a_win_with_its_line() -> None:
    result = Engine(randomize=False, selective=True).search(FORK, Limit(time=5.0))
    assert result.score > MATE_THRESHOLD and result.pv == board_vct(FORK)
    assert not result.exact, "the fastest win is not proven"
    assert result.depth == 5 and result.score == WIN - 5


def test_a_selective_search_claims_exact_only_what_the_full_search_proves() -> None:
    claims = 0
    reference = Engine(randomize=False)
    for board in random_positions(Board.empty(7, 5), 40, 28, seed=17):
        result = Engine(randomize=False, selective=True).search(board, Limit(nodes=3_000))
        if result.exact:
            claims += 1
            assert result.score == reference.search(board).score, board
    assert claims >= 10


@pytest.mark.parametrize("selective", [True, False])
def test_a_node_that_searched_only_some_moves_never_stores_its_value_as_proven(
    selective: bool,
) -> None:
    """Every reply of O's is in the table as a proven draw, so no search below
    it reaches a horizon; still, the selective search tried only its best few
    replies, so its value for O's position rests on that choice."""
    board = Board.from_moves([40, 41, 31], 9, 5)  # O to move
    tables = tables_for(board.geometry)
    table: Table = {}
    for move in board.legal_moves():
        table[min(symmetric_keys(board.play(move), tables))] = (UNLIMITED, EXACT, 0, 0)

    context = SearchContext(table=table, table_limit=1_000, selective=selective)
    search = make_search(context, tables, make_play(tables))
    assert search(root_state(board, tables), 2, -WIN, WIN, 0) == 0
    depth, flag, score, _ = table[min(symmetric_keys(board, tables))]
    assert (flag, score) == (EXACT, 0)
    assert (depth == UNLIMITED) is not selective, "proven only when every move was searched"
