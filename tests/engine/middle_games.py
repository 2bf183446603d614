"""Positions several engine tests search."""

from ttt_gui.board import Board

#: A 15x15 middle game (an opening of benchmarks/data/gomoku_speed_openings.txt played on):
#: no threat to answer, dozens of cells near the marks.
MIDDLE_GAME = Board.from_text(
    ".............../.............../.............../.............../.............../"
    "......OXX.X..../.......OXO...../......O.O....../.......O.X...../.............../"
    ".....X........./.............../.............../.............../..............."
)
