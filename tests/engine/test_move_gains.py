"""The gains that order a search's moves (:func:`ttt_gui.engine.negamax.move_gains`),
from the line gains each search state keeps as moves are played."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_gui.board import Board
from ttt_gui.engine import negamax
from ttt_gui.engine.state import StateTuple, make_play, root_state
from ttt_gui.engine.tables import playing_tables


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from([(15, 15, 5), (7, 7, 4), (6, 7, 4), (4, 4, 3)]),
    rules=st.sampled_from([{}, {"gravity": True}, {"exact": True}, {"misere": True}]),
    seed=st.integers(0, 2**32 - 1),
    marks=st.integers(0, 40),
)
def test_move_gains_are_those_of_counting_every_line_through_every_move(
    shape: tuple[int, int, int], rules: dict[str, bool], seed: int, marks: int
) -> None:
    """After any moves, the gains the state's kept line gains give are those
    of counting the marks of every line through every move anew."""
    rows, cols, length = shape
    board = Board.empty(win_length=length, rows=rows, cols=cols, **rules)
    geometry = board.geometry
    tables = playing_tables(geometry)
    play = make_play(tables)
    state: StateTuple = root_state(board, tables)
    rng = random.Random(seed)
    for _ in range(marks):
        me, opp = state[1], state[2]
        free = geometry.playable(me | opp) & ~state[3]  # no move that completes a line
        if not free:
            break
        state = play(state, rng.choice([c for c in range(geometry.cells) if free >> c & 1]))
    me, opp = state[1], state[2]
    moves = [cell for cell in range(geometry.cells) if not (me | opp) >> cell & 1]
    losing = sum(1 << cell for cell in rng.sample(moves, len(moves) // 5))
    weights = tables.weights
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
    assert negamax.move_gains(moves, state[9], losing, geometry) == expected
