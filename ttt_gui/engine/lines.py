"""The lines a search's result comes with: the expected line from the table,
or the whole line of perfect play that proves an exact score; no Tk."""

from __future__ import annotations

from ttt_gui.board import Board
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.negamax import EXACT, WIN, Search, Table, make_search
from ttt_gui.engine.state import (
    Play,
    SearchAborted,
    make_play,
    root_candidates,
    root_state,
    threats,
)
from ttt_gui.engine.tables import Tables, symmetric_keys, tables_for
from ttt_gui.engine.transposition import lookup

#: Deriving a proven line may visit this many positions at least (else as
#: many as the search that proved the result), then the line stops.
LINE_MIN_NODES = 20_000


def principal_variation(board: Board, move: int, table: Table) -> tuple[int, ...]:
    """The expected line of play from the table, starting with ``move``."""
    tables = tables_for(board.geometry)
    line = [move]
    board = board.play(move)
    while not board.is_over and len(line) < board.cells:
        keys = symmetric_keys(board, tables)
        key = min(keys)
        entry = lookup(table, key)
        if entry is None or entry.move < 0 or entry.flag != EXACT:
            break
        next_move = tables.inverse[keys.index(key)][entry.move]
        if next_move not in board.legal_moves():
            break
        line.append(next_move)
        board = board.play(next_move)
    return tuple(line)


def _one_ply_deeper(score: int) -> int:
    """The value, for the side to move after a move scored ``score``, of its
    position: a win in n becomes a loss in n - 1, and so on."""
    return -(score + 1) if score > 0 else -(score - 1) if score < 0 else 0


def proven_line(context: SearchContext, board: Board, move: int, score: int) -> tuple[int, ...]:
    """The whole line of perfect play that proves ``score`` (exact, from the
    side to move) for ``move``, to the game's end: a win in n has n plies.

    Each position's move is found by null-window searches with the
    context's table (which usually answer at once): the first move worth
    the position's value. The line stops early, still correct as far as it
    goes, when the context's stop token is set or after max(LINE_MIN_NODES,
    the search's nodes) positions; its nodes count into ``context``.
    """
    tables = tables_for(board.geometry)
    play = make_play(tables)
    line = [move]
    value = _one_ply_deeper(score)
    position = board.play(move)
    line_context = context.with_more_nodes(max(LINE_MIN_NODES, context.nodes))
    search = make_search(line_context, tables, play)
    try:
        while not position.is_over:
            next_move = _move_worth(position, value, tables, play, search, line_context)
            if next_move is None:
                break
            line.append(next_move)
            value = _one_ply_deeper(value)
            position = position.play(next_move)
    except SearchAborted:
        pass
    finally:
        context.count_nodes(line_context)
    return tuple(line)


def _move_worth(
    board: Board,
    value: int,
    tables: Tables,
    play: Play,
    search: Search,
    context: SearchContext,
) -> int | None:
    """A move of ``board`` worth ``value`` (its exact value, side to move), the
    table's move tried first; None if none is proven so (never for a value
    proven without the near-move restriction of large boards)."""
    state = root_state(board, tables)
    keys = state.keys
    key = min(keys)
    entry = lookup(context.table, key)
    first = [tables.inverse[keys.index(key)][entry.move]] if entry is not None else []
    moves = first + root_candidates(board, tables, all_moves=False)
    moves += [move for move in tables.order if move not in moves]
    legal = set(board.legal_moves())
    mine = threats(state.me, state.opp, board.geometry)
    depth = board.empty_bits.bit_count()
    for move in dict.fromkeys(moves):
        if move not in legal:
            continue
        if mine >> move & 1:  # completes a line: wins now, or under misère loses
            worth = 1 - WIN if board.misere else WIN - 1
        else:
            hits = context.horizon_hits
            worth = -search(play(state, move), depth - 1, -value, 1 - value, 1)
            if context.horizon_hits != hits:
                return None  # not every move was searched: nothing is proven
        if worth >= value:
            return move
    return None
