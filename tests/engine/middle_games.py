"""Positions several engine tests search."""

from ttt_gui.board import Board

#: A 15x15 middle game (a balanced opening of the Gomoku match played on).
MIDDLE_GAME = Board.from_text(
    ".............../.............../.............../.............../.............../"
    "......OXX.X..../.......OXO...../......O.O....../.......O.X...../.............../"
    ".....X........./.............../.............../.............../..............."
)
