"""Tests of the fours search at the leaves: it finds what the full threat
search finds within its bounds, with the same (shortest) length, never more;
and the selective search scores such a leaf as the win it is."""

from __future__ import annotations

import random

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit
from ttt_gui.engine import leaf_fours as leaf_module
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.leaf_fours import LEAF_PLIES, LeafFours, leaf_fours_apply
from ttt_gui.engine.negamax import MATE_THRESHOLD, make_search
from ttt_gui.engine.state import make_play, root_state
from ttt_gui.engine.tables import playing_tables
from ttt_gui.engine.threats import ThreatSearch, scan, side_bits


def leaf_positions(size: int, count: int, seed: int) -> list[Board]:
    """``count`` positions of 12 to 30 stones near the centre where the side
    to move has nothing to complete and the other at most one cell."""
    rng = random.Random(seed)
    centre = size // 2
    near = [
        row * size + col
        for row in range(centre - 4, centre + 5)
        for col in range(centre - 4, centre + 5)
    ]
    found: list[Board] = []
    while len(found) < count:
        board = Board.empty(size=size, win_length=5)
        for _ in range(rng.randrange(12, 31)):
            board = board.play(rng.choice([cell for cell in near if board[cell] is None]))
            if board.is_over:
                break
        if board.is_over:
            continue
        me, opp = side_bits(board)
        mine, theirs, _ = scan(me, opp, board.geometry)
        if not mine and not theirs & (theirs - 1):
            found.append(board)
    return found


def must_cell(board: Board) -> int:
    me, opp = side_bits(board)
    theirs = scan(me, opp, board.geometry)[1]
    return theirs.bit_length() - 1


@pytest.mark.parametrize("size", [9, 15])
def test_the_probe_finds_the_shortest_line_of_fours_and_no_other(
    size: int, exhaustive: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unbounded in positions, the probe agrees with the full VCF search cut
    at LEAF_PLIES; bounded (as played), it finds a subset, same lengths."""
    positions = leaf_positions(size, 300 if exhaustive else 60, seed=size)
    expected = []
    for board in positions:
        me, opp = side_bits(board)
        full = ThreatSearch(board.geometry)
        expected.append(full.plies if full.find(me, opp, LEAF_PLIES) is not None else 0)
    bounded = LeafFours(positions[0].geometry)
    for board, plies in zip(positions, expected, strict=True):
        assert bounded.probe(*side_bits(board), must_cell(board)) in (0, plies), board
    monkeypatch.setattr(leaf_module, "LEAF_NODES", 10**9)
    unbounded = LeafFours(positions[0].geometry)
    for board, plies in zip(positions, expected, strict=True):
        assert unbounded.probe(*side_bits(board), must_cell(board)) == plies, board
    assert sum(map(bool, expected)) >= len(positions) // 10, "the check saw enough lines"
    assert any(must_cell(board) >= 0 for board in positions), "and defences to make first"


def selective_value(board: Board, depth: int, *, probe: bool = True) -> int:
    """The selective search's value of ``board`` searched ``depth`` plies."""
    tables = playing_tables(board.geometry)
    context = SearchContext(uses_threats=probe, selective=True, table_limit=100_000)
    search = make_search(context, tables, make_play(tables))
    return search(root_state(board, tables), depth, -WIN, WIN, 0)


#: X to move wins by a line of fours of seven plies (f6 g6 c6 b6 f3 g2 b7).
CHAIN = Board.from_text(
    "...X...../.XXXOO.../..XOX..../....OX.../...OX.O../...OO..O./...XX..../........./........."
)


def test_a_leaf_with_a_line_of_fours_is_a_win_in_its_plies() -> None:
    assert selective_value(Board.from_moves([40, 0, 41, 8, 42, 80], 9, 5), 0) == WIN - 3
    assert selective_value(CHAIN, 0) == WIN - 7
    quiet = Board.from_moves([40, 0, 41, 8], 9, 5)  # only two in a row
    assert abs(selective_value(quiet, 0)) < MATE_THRESHOLD
    assert abs(selective_value(CHAIN, 0, probe=False)) < MATE_THRESHOLD, "only where threats are"


#: O to move must block X's four at f3, after which X's open three makes an
#: open four: X wins in three more plies, whatever O does.
BLOCK_THEN_FOURS = Board.from_text(
    "O.......O/........./OXXXX..../........./........O/..XXX..../........./........./O.......O"
)


def test_a_leaf_that_must_block_a_four_sees_the_fours_that_follow() -> None:
    """The block is forced, so the other side's line of fours after it is a
    loss in the block's ply plus the line's."""
    assert selective_value(BLOCK_THEN_FOURS, 0) == 1 + 3 - WIN
    assert abs(selective_value(BLOCK_THEN_FOURS, 0, probe=False)) < MATE_THRESHOLD
    three_blocked = Board.from_text(  # the same, but the three is closed: no line
        "O.......O/........./OXXXX..../........./........O/.OXXX..../........./........./........O"
    )
    assert abs(selective_value(three_blocked, 0)) < MATE_THRESHOLD


def test_a_win_by_fours_past_the_horizon_is_seen_with_its_distance() -> None:
    assert leaf_fours_apply(CHAIN.geometry)
    assert selective_value(CHAIN, 2) == WIN - 7, "the first four, its block, then the leaf's"


def test_the_engine_plays_the_line_when_searching_by_time() -> None:
    result = Engine(selective=True, seed=1).search(CHAIN, Limit(time=1.0))
    assert result.score == WIN - 7, result.describe()
