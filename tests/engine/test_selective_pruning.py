"""The selective search's pruning and ordering: late-move reductions thin
the selective search only, never change a search that narrows nothing and
never hide a line of fours; the history table spares nodes, not results."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from middle_games import MIDDLE_GAME

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit, SearchResult, negamax
from ttt_gui.engine.tables import playing_tables

TACTICS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "tactics.txt"


def searched(
    board: Board,
    limit: Limit,
    *,
    selective: bool,
    reductions: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, int, int]:
    """The nodes, move and score of a fresh engine's search."""
    monkeypatch.setattr(negamax, "LATE_MOVE_REDUCTIONS", reductions)
    result = Engine(selective=selective, randomize=False).search(board, limit)
    return result.nodes, result.move, result.score


@pytest.mark.slow  # a node count of a technique that is off
def test_late_move_reductions_reach_the_depth_with_fewer_nodes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limit = Limit(depth=6, nodes=10**6)
    with_them = searched(
        MIDDLE_GAME, limit, selective=True, reductions=True, monkeypatch=monkeypatch
    )
    without = searched(
        MIDDLE_GAME, limit, selective=True, reductions=False, monkeypatch=monkeypatch
    )
    assert with_them[0] < without[0], (with_them, without)


def test_a_full_width_search_is_not_reduced(monkeypatch: pytest.MonkeyPatch) -> None:
    limit = Limit(depth=3, nodes=10**6)
    with_them = searched(
        MIDDLE_GAME, limit, selective=False, reductions=True, monkeypatch=monkeypatch
    )
    without = searched(
        MIDDLE_GAME, limit, selective=False, reductions=False, monkeypatch=monkeypatch
    )
    assert with_them == without


def test_an_exact_solve_of_a_selective_engine_is_not_reduced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """7x7 with five in a row, where a bounded selective search narrows: an
    unbounded one solves, move for move and node for node as before."""
    board = Board.parse("..x..../..o..../.o.o.../.xxx.../...o.../..o..../x.....x", 5)
    with_them = searched(board, Limit(), selective=True, reductions=True, monkeypatch=monkeypatch)
    without = searched(board, Limit(), selective=True, reductions=False, monkeypatch=monkeypatch)
    assert with_them == without


@pytest.mark.parametrize("plies", [7])
def test_a_reduced_search_finds_each_line_of_fours_within_its_length(
    plies: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves that make a four and forced blocks are never reduced, so the
    search alone (no threat search at the root or the leaves under a depth
    limit) sees each line of fours of the tactics set at its length."""
    monkeypatch.setattr(negamax, "LATE_MOVE_REDUCTIONS", True)
    boards = [
        Board.from_text(text)
        for kind, text, answer in (
            line.split() for line in TACTICS.read_text("utf-8").splitlines()
        )
        if kind == "win" and int(answer) == plies
    ][:3]
    assert boards
    for board in boards:
        result = Engine(selective=True, randomize=False).search(
            board, Limit(depth=plies, nodes=10**6)
        )
        assert result.score >= WIN - plies, board


@pytest.mark.slow  # a node count of a technique that is off
def test_the_history_table_reaches_the_depth_with_fewer_nodes_and_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The history table only reorders the few moves a narrowed node keeps."""
    monkeypatch.setattr(negamax, "LATE_MOVE_REDUCTIONS", False)
    results = []
    for ordered in (True, False):
        monkeypatch.setattr(negamax, "HISTORY_ORDER", ordered)
        engine = Engine(selective=True, randomize=False)
        results.append(engine.search(MIDDLE_GAME, Limit(depth=6, nodes=10**6)))
    with_it, without = results
    assert with_it.nodes < without.nodes
    assert (with_it.move, with_it.score) == (without.move, without.score)


@pytest.mark.slow  # a node count of a technique that is off
def test_the_roots_null_window_spares_nodes_not_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Root moves after the first are first asked only whether they beat the
    best so far: the best move and its score stay, at less cost in all (with
    the root's moves ranked by the last iteration's scores, not in every
    search: here the first position's depth 6 costs more)."""
    boards = [
        Board.from_text(
            ".............../.............../.............../......O......../.......X......./"
            "......XOX....../.......OOX...../.......X.O...../.......O.X...../.............../"
            ".............../.............../.............../.............../..............."
        ),
        Board.from_text(
            ".............../.............../.............../.............../.............../"
            ".............../.............../........O....../....XOXXXO...../.....OXO......./"
            ".....XO......../.............../.............../.............../..............."
        ),
    ]
    results: dict[bool, list[SearchResult]] = {}
    for null_window in (True, False):
        monkeypatch.setattr(negamax, "ROOT_NULL_WINDOW", null_window)
        results[null_window] = [
            Engine(selective=True, randomize=False).search(board, Limit(depth=depth, nodes=10**6))
            for board in boards
            for depth in (5, 6)
        ]
    for with_it, without in zip(results[True], results[False], strict=True):
        assert (with_it.move, with_it.score) == (without.move, without.score)
    assert sum(result.nodes for result in results[True]) < sum(
        result.nodes for result in results[False]
    )


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from([(15, 15, 5), (7, 7, 4), (6, 7, 4), (4, 4, 3)]),
    seed=st.integers(0, 2**32 - 1),
    marks=st.integers(0, 40),
)
def test_move_gains_count_each_line_once_as_each_move_would(
    shape: tuple[int, int, int], seed: int, marks: int
) -> None:
    """The gains that order the moves, each line counted once, are those of
    counting every line through every move on its own."""
    rows, cols, length = shape
    geometry = Board.empty(win_length=length, rows=rows, cols=cols).geometry
    rng = random.Random(seed)
    cells = rng.sample(range(geometry.cells), min(marks, geometry.cells - 1))
    me = sum(1 << cell for cell in cells[::2])
    opp = sum(1 << cell for cell in cells[1::2])
    moves = [cell for cell in range(geometry.cells) if not (me | opp) >> cell & 1]
    losing = sum(1 << cell for cell in rng.sample(moves, len(moves) // 5))
    weights = playing_tables(geometry).weights
    expected = {}
    for move in moves:
        gain = 0
        for index in geometry.lines_through[move]:
            mask = geometry.lines[index]
            if not opp & mask:
                gain += weights[(me & mask).bit_count() + 1]
            if not me & mask:
                gain += weights[(opp & mask).bit_count() + 1]
        expected[move] = -gain if losing >> move & 1 else gain
    assert negamax.move_gains(moves, me, opp, losing, geometry, weights) == expected
