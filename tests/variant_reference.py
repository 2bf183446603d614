"""An independent plain minimax over any variant, for the exactness tests and
the variants benchmark: no pruning, no shortcuts, no symmetry, only the rules
of :class:`~ttt_gui.board.Board`.

Scores are from the side to move: a win in ``n`` plies is ``WIN - n``, a loss
in ``n`` plies ``-(WIN - n)``, a draw 0.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from ttt_gui.board import Board, Player
from ttt_gui.engine import WIN, Engine

#: The small variants checked on every reachable position: (name, Board.empty keywords).
EXHAUSTIVE: dict[str, dict[str, Any]] = {
    "3x3 misere": {"size": 3, "misere": True},
    "4x4 gravity k=3": {"rows": 4, "cols": 4, "win_length": 3, "gravity": True},
    "4 rows x 3 cols k=3": {"rows": 4, "cols": 3, "win_length": 3},
    "3 rows x 4 cols k=3": {"rows": 3, "cols": 4, "win_length": 3},
    "4 rows x 3 cols exact k=3": {"rows": 4, "cols": 3, "win_length": 3, "exact": True},
}
#: The variants checked on random positions: (name, keywords, least number of marks).
RANDOM: dict[str, tuple[dict[str, Any], int]] = {
    "5 cols x 4 rows gravity k=4": ({"rows": 4, "cols": 5, "win_length": 4, "gravity": True}, 6),
    "4x4 gravity k=4": ({"rows": 4, "cols": 4, "win_length": 4, "gravity": True}, 0),
    "4x4 misere k=3": ({"size": 4, "win_length": 3, "misere": True}, 6),
    "4x4 exact k=3": ({"size": 4, "win_length": 3, "exact": True}, 5),
    # Plain minimax needs minutes for each position of these with more than
    # 11 cells empty, so their positions start later in the game.
    "5x5 exact k=4": ({"size": 5, "win_length": 4, "exact": True}, 14),
    "6 cols x 5 rows exact k=4": ({"rows": 5, "cols": 6, "win_length": 4, "exact": True}, 19),
}
#: How many positions of each of :data:`RANDOM` the --slow check takes
#: (2,000 unless named), for a few minutes of plain minimax in all.
RANDOM_SLOW_COUNT = {"4x4 exact k=3": 1000, "5x5 exact k=4": 300, "6 cols x 5 rows exact k=4": 300}


def one_ply_later(score: int) -> int:
    """A score seen one ply further from the game's end (win/loss distances grow)."""
    return score - 1 if score > 0 else score + 1 if score < 0 else 0


@cache
def minimax(board: Board) -> int:
    """The game value from the side to move, plies counted from ``board``.

    A finished board scores ``WIN`` for the side to move when it is the
    winner (under misère the other side completed a line), ``-WIN`` when it
    lost, 0 for a draw.
    """
    if board.is_over:
        if board.winner is None:
            return 0
        return WIN if board.winner is board.turn else -WIN
    return max(move_values(board).values())


@cache
def forces_win(board: Board, player: Player, plies: int) -> bool:
    """Whether ``player`` can force the game's win within ``plies`` plies from
    ``board``, whoever is to move (plain AND-OR search over every legal move)."""
    if board.is_over:
        return board.winner is player
    if plies == 0:
        return False
    children = (board.play(move) for move in board.legal_moves())
    if board.turn is player:
        return any(forces_win(child, player, plies - 1) for child in children)
    return all(forces_win(child, player, plies - 1) for child in children)


def forget_values() -> None:
    """Empty the memos of :func:`minimax` and :func:`forces_win`. Kept, their
    millions of boards would make every later full garbage collection slow."""
    minimax.cache_clear()
    forces_win.cache_clear()


def move_values(board: Board) -> dict[int, int]:
    """The minimax value of every legal move, from the side to move."""
    return {move: -one_ply_later(minimax(board.play(move))) for move in board.legal_moves()}


def reachable(start: Board) -> list[Board]:
    """Every unfinished position reachable from ``start``, in a fixed order."""
    seen: set[Board] = set()
    stack = [start]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            stack.extend(board.play(move) for move in board.legal_moves())
    return sorted(
        (board for board in seen if not board.is_over),
        key=lambda board: (board.move_count, str(board)),
    )


def random_positions(start: Board, count: int, least_marks: int, seed: int) -> list[Board]:
    """``count`` unfinished positions after random legal games of at least
    ``least_marks`` moves from ``start`` (reproducible from ``seed``)."""
    rng = random.Random(seed)
    positions: list[Board] = []
    while len(positions) < count:
        board = start
        for _ in range(rng.randint(least_marks, start.cells - 1)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            positions.append(board)
    return positions


def mismatches(positions: list[Board], engine: Engine | None = None) -> list[str]:
    """The positions where the engine's analysis (one engine shared by all,
    so its table is reused) differs from plain minimax on any move."""
    engine = engine or Engine()
    return [
        f"{board!r}: {scores} != {expected}"
        for board in positions
        if (scores := engine.analyse(board)) != (expected := move_values(board))
    ]


def play_line(board: Board, line: tuple[int, ...]) -> Board:
    """``board`` after the moves of ``line`` in turn."""
    for move in line:
        board = board.play(move)
    return board


# -- the 3x3 board and its lines, independently of the engine ------------------


@cache
def reachable_3x3() -> tuple[Board, ...]:
    """Every board reachable from the empty 3x3 board, in a fixed order."""
    seen: set[Board] = set()
    stack = [Board.empty(3)]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            stack.extend(board.play(move) for move in board.legal_moves())
    return tuple(sorted(seen, key=lambda board: (board.move_count, str(board))))


def open_3x3() -> Iterator[Board]:
    """The reachable 3x3 positions that are not finished."""
    return (board for board in reachable_3x3() if not board.is_over)


def completes_line(board: Board, cell: int, player: Player) -> bool:
    """Whether ``player`` marking the empty ``cell`` makes ``win_length`` in a row
    (under the exact rule, exactly that many).

    Scans the four directions through the cell, independently of the engine.
    """
    row, col = divmod(cell, board.cols)
    for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            r, c = row + sign * d_row, col + sign * d_col
            while (
                0 <= r < board.rows and 0 <= c < board.cols and board[r * board.cols + c] is player
            ):
                run += 1
                r, c = r + sign * d_row, c + sign * d_col
        if run == board.win_length or (run > board.win_length and not board.exact):
            return True
    return False


def has_line(board: Board, player: Player) -> bool:
    """Whether ``player``'s marks hold a winning line: a run of ``win_length``
    or more in a row (under the exact rule, a run of exactly that many), by
    scanning every run, independently of the rules' own line tables."""
    for start in range(board.cells):
        row, col = divmod(start, board.cols)
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            before_row, before_col = row - d_row, col - d_col
            inside = 0 <= before_row < board.rows and 0 <= before_col < board.cols
            if board[start] is not player or (
                inside and board[before_row * board.cols + before_col] is player
            ):
                continue  # not the first mark of a run
            run, r, c = 0, row, col
            while (
                0 <= r < board.rows and 0 <= c < board.cols and board[r * board.cols + c] is player
            ):
                run, r, c = run + 1, r + d_row, c + d_col
            if run == board.win_length or (run > board.win_length and not board.exact):
                return True
    return False


def winning_cells(board: Board, player: Player) -> set[int]:
    """The empty cells where ``player`` would win at once."""
    return {cell for cell in board.legal_moves() if completes_line(board, cell, player)}
