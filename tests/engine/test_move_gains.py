"""The gains that order a search's moves (:func:`ttt_gui.engine.negamax.move_gains`)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_gui.board import Board
from ttt_gui.engine import negamax
from ttt_gui.engine.tables import playing_tables


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
