"""7x6 Connect Four boards for the tests, named by the columns played."""

from __future__ import annotations

from ttt_gui.board import Board


def play_column(board: Board, column: int) -> Board:
    """``board`` after its side to move drops a stone in ``column`` (0-6),
    which must have room."""
    return board.play(next(cell for cell in board.legal_moves() if cell % 7 == column))


def board_after(columns: str) -> Board:
    """The 7x6 board after ``columns`` (each 1 to 7) are played in turn
    from the empty board."""
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
    for name in columns:
        board = play_column(board, int(name) - 1)
    return board
