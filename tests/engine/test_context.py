"""Tests of a search's limit and context: a Limit is checked once, where it
is made; a sub-search's budget lives on a context derived from the search's,
which shares its table and hands its node count back."""

from __future__ import annotations

import math

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import Engine, InvalidLimitError, Limit
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.negamax import search_root
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.tables import tables_for


def test_a_limit_says_whether_it_deepens() -> None:
    assert not Limit().bounded and not Limit(depth=3).bounded
    assert Limit(time=0.5).bounded and Limit(nodes=100).bounded


@pytest.mark.parametrize("bounds", [{"time": math.nan}, {"nodes": -1}, {"depth": 0}])
def test_a_bad_limit_is_refused_with_a_named_error(bounds: dict[str, float]) -> None:
    with pytest.raises(InvalidLimitError):
        Limit(**bounds)  # type: ignore[arg-type]


def test_an_engine_takes_a_different_limit_for_each_search() -> None:
    engine, board = Engine(randomize=False), Board.empty(4, 4)
    assert engine.search(board, Limit(depth=2)).depth == 2
    assert engine.search(board).exact
    assert engine.search(board, Limit(nodes=1)).nodes < 300


def test_a_sub_search_has_its_own_budget_and_counts_into_the_search() -> None:
    board = Board.empty(5, 4)
    tables = tables_for(board.geometry)
    context = SearchContext(deadline=0.0, nodes=1_000)  # the search's own time is up
    sub_search = context.with_more_nodes(500)
    assert (sub_search.deadline, sub_search.node_limit) == (math.inf, 1_500)
    assert sub_search.table is context.table
    with pytest.raises(SearchAborted):
        search_root(sub_search, board, tables, depth=board.cells)
    assert context.nodes == 1_000 and context.table, "the table is shared, the count not yet"
    context.count_nodes(sub_search)
    assert 1_500 < context.nodes <= 1_500 + 256
