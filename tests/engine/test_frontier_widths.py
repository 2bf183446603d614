"""Near its horizon the selective search keeps fewer moves: a node d plies
short of it searches FRONTIER_WIDTHS[d] moves, the first by the ordering;
a full-width search and the nodes further from the horizon keep theirs."""

from __future__ import annotations

import pytest
from middle_games import MIDDLE_GAME

from ttt_gui.engine import negamax
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.negamax import INFINITY, SELECTIVE_DISTANCE, make_search, move_gains
from ttt_gui.engine.state import StateTuple, make_play, root_state
from ttt_gui.engine.tables import playing_tables


def moves_at_root(depth: int, *, selective: bool) -> list[int]:
    """The moves the root of a search to ``depth`` plays, in order (a fresh
    table and no killers, so every move comes from the ordering)."""
    tables = playing_tables(MIDDLE_GAME.geometry)
    play = make_play(tables)
    state = root_state(MIDDLE_GAME, tables)
    played: list[int] = []

    def watched(parent: StateTuple, move: int) -> StateTuple:
        if parent is state:
            played.append(move)
        return play(parent, move)

    context = SearchContext(selective=selective, uses_threats=True)
    make_search(context, tables, watched)(state, depth, -INFINITY, INFINITY, 0)
    return played


def nearby_by_gain() -> list[int]:
    """The cells near the marks, best first by the positional ordering."""
    tables = playing_tables(MIDDLE_GAME.geometry)
    me, opp = MIDDLE_GAME.x_bits, MIDDLE_GAME.o_bits
    area = tables.near(me | opp, SELECTIVE_DISTANCE) & ~(me | opp)
    moves = [cell for cell in tables.order if area >> cell & 1]
    line_gains = root_state(MIDDLE_GAME, tables).line_gains
    gains = move_gains(moves, line_gains, 0, MIDDLE_GAME.geometry)
    return sorted(moves, key=gains.__getitem__, reverse=True)


@pytest.mark.parametrize("depth", range(1, len(negamax.FRONTIER_WIDTHS)))
def test_a_node_near_the_horizon_searches_its_frontier_width(depth: int) -> None:
    width = negamax.FRONTIER_WIDTHS[depth]
    assert width < negamax.SELECTIVE_WIDTH
    played = moves_at_root(depth, selective=True)
    assert played == nearby_by_gain()[:width]


def test_a_node_further_from_the_horizon_keeps_the_selective_width() -> None:
    depth = len(negamax.FRONTIER_WIDTHS)
    played = moves_at_root(depth, selective=True)
    # The first move's table entry and this ply's killers change nothing
    # at the root of a fresh search: the same ten, in order.
    assert played == nearby_by_gain()[: negamax.SELECTIVE_WIDTH]


def test_a_full_width_search_keeps_every_nearby_move_at_its_frontier() -> None:
    assert sorted(moves_at_root(1, selective=False)) == sorted(nearby_by_gain())
