"""The Connect Four solver seen through boards: boards turned into the
solver's bitboards (:mod:`ttt_gui.engine.connect_four`), its values into the
engine's scale (:mod:`ttt_gui.engine.negamax`: a win in ``n`` plies
``WIN - n``, a loss ``-(WIN - n)``), the scores of moves, the book's moves
and lines of perfect play; no Tk.

>>> from ttt_gui.board import Board
>>> solver = BoardSolver(4, 5, 10_000)
>>> board = Board.empty(rows=4, cols=5, win_length=4, gravity=True)
>>> solver.move_scores(board, all_moves=False, randomize=False)
({17: 0}, [17])
"""

from __future__ import annotations

from ttt_gui.board import Board, Player
from ttt_gui.engine.connect_four import ConnectFourGuess, ConnectFourSolver
from ttt_gui.engine.connect_four_book import ConnectFourBook
from ttt_gui.engine.negamax import WIN
from ttt_gui.engine.state import SearchAborted


def best_of(scores: dict[int, int]) -> list[int]:
    """The moves of the best of ``scores``, in their order."""
    top = max(scores.values())
    return [cell for cell, score in scores.items() if score == top]


class BoardSolver:
    """A :class:`ConnectFourSolver` of one board shape (its table of
    ``table_size`` entries kept from search to search) seen through boards:
    moves are board cells, scores on the engine's scale."""

    def __init__(self, rows: int, cols: int, table_size: int) -> None:
        self.solver = ConnectFourSolver(rows, cols, table_size)
        self.heuristic = ConnectFourGuess(self.solver)

    def position(self, board: Board) -> tuple[int, int, int]:
        """(current, mask, stones) of ``board``."""
        current = mask = 0
        mine = Player.X if board.turn is Player.X else Player.O
        for cell in range(board.cells):
            player = board[cell]
            if player is None:
                continue
            bit = self.bit_of(cell)
            mask |= bit
            if player is mine:
                current |= bit
        return current, mask, board.move_count

    def bit_of(self, cell: int) -> int:
        """The bitboard bit of a board cell (rows numbered from the top)."""
        row, col = divmod(cell, self.solver.cols)
        return 1 << (col * self.solver.step + self.solver.rows - 1 - row)

    def cell_of(self, move: int) -> int:
        """The board cell of a one-bit move."""
        index = move.bit_length() - 1
        col, height = divmod(index, self.solver.step)
        return (self.solver.rows - 1 - height) * self.solver.cols + col

    def distance_score(self, value: int, stones: int) -> int:
        """A solver ``value`` at a position with ``stones`` stones on the
        engine's scale, from the same side, plies counted from there."""
        if value == 0:
            return 0
        winner_score = value if value > 0 else -value
        # The winner moves at the odd plies from here when it is to move.
        parity = (stones + 1) % 2 if value > 0 else stones % 2
        last = self.solver.cells + 2 - 2 * winner_score
        if last % 2 != parity:
            last -= 1
        plies = last - stones
        return WIN - plies if value > 0 else plies - WIN

    def solver_value(self, score: int, stones: int) -> int:
        """The solver's value of an exact engine ``score`` at a position
        with ``stones`` stones: :meth:`distance_score` undone."""
        if score == 0:
            return 0
        plies = WIN - score if score > 0 else score + WIN
        winner_score = (self.solver.cells + 2 - (stones + plies)) // 2
        return winner_score if score > 0 else -winner_score

    def outcome(self, board: Board) -> int:
        """The result of ``board`` (not over) with best play, from the side to
        move: 1 a win, 0 a draw, -1 a loss. Raises SearchAborted at a limit."""
        current, mask, stones = self.position(board)
        self.solver.root_stones = stones
        return self.solver.outcome(current, mask, stones)

    def book_move(
        self, book: ConnectFourBook, board: Board
    ) -> tuple[dict[int, int], list[int], bool] | None:
        """The book's move of ``board`` (7x6, not over) as (its score, [it],
        whether the score is exact), or None where the book has none. A
        value proven without its distance scores a win by the game's end
        (a bound), a draw 0 (exact) or a loss at the game's end (a bound)."""
        current, mask, stones = self.position(board)
        entry = book.lookup(current, mask)
        if entry is None:
            return None
        cell = self.cell_of((mask + self.solver.bottom) & self.solver.columns[entry.column])
        if entry.exact:
            return {cell: self.distance_score(entry.value, stones)}, [cell], True
        return {cell: self.distance_score(entry.value, stones)}, [cell], entry.value == 0

    def book_outcomes(self, book: ConnectFourBook, board: Board) -> dict[int, int]:
        """The outcomes the book proves of the moves of ``board`` (7x6, not
        over), from its side to move: 1 a win, 0 a draw, -1 a loss, for each
        move whose outcome it proves, centre first. A move's is proven where
        it ends the game, where the book has the position after it, or
        where it is the book's move of ``board``; every move's where the
        book holds ``board`` lost."""
        entry = book.lookup_board(board)
        lost = entry is not None and entry.value < 0
        outcomes: dict[int, int] = {}
        for move in self.solver.moves_in_order(self.position(board)[1]):
            cell = self.cell_of(move)
            after = board.play(cell)
            reply = None if after.is_over else book.lookup_board(after)
            if after.is_over:
                outcomes[cell] = 0 if after.winner is None else 1
            elif reply is not None:
                outcomes[cell] = -reply.outcome
            elif entry is not None and cell % self.solver.cols == entry.column:
                outcomes[cell] = entry.outcome
            elif lost:
                outcomes[cell] = -1
        return outcomes

    def winning_move(self, board: Board, refuted: set[int]) -> tuple[int, int] | None:
        """A move that wins ``board`` (not over) with best play, and its score
        at the least (a win by the game's end), if the side to move wins;
        else None. Cheaper than the exact scores: one null-window test, whose
        own winning move it mostly is, else one test per move until a winning
        one; the moves it proves not to win are added to ``refuted`` (so, if a
        limit ends the search, a winning move is among the others). Raises
        SearchAborted at a limit."""
        current, mask, stones = self.position(board)
        self.solver.root_stones = stones
        legal = self.solver.moves_in_order(mask)
        wins = self.solver.winning_cells(current, mask) & sum(legal)
        if wins != 0:
            return self.cell_of(wins & -wins), WIN - 1
        proving = self.solver.proving_move(current, mask, stones, 0, 1)
        if self.solver.proved <= 0:
            return None
        if proving != 0:  # the test's own winning move
            return self.cell_of(proving), self.distance_score(1, stones)
        for move in legal:  # its position is lost for the opponent
            if self.solver.is_at_most(current ^ mask, mask | move, stones + 1, -1):
                return self.cell_of(move), self.distance_score(1, stones)
            refuted.add(self.cell_of(move))
        raise AssertionError("a won position has a winning move")

    def move_scores(
        self, board: Board, *, all_moves: bool, randomize: bool
    ) -> tuple[dict[int, int], list[int]]:
        """The exact scores of the moves of ``board`` (not over) on the
        engine's scale and the best moves in the column order: every move's
        with ``all_moves``, else the best move's (all the best with
        ``randomize``). Raises SearchAborted at a limit."""
        current, mask, stones = self.position(board)
        self.solver.root_stones = stones
        legal = self.solver.moves_in_order(mask)
        wins = self.solver.winning_cells(current, mask) & sum(legal)
        scores: dict[int, int] = {}
        if all_moves:
            for move in legal:
                if move & wins:
                    scores[self.cell_of(move)] = WIN - 1
                else:
                    child = self.solver.value(current ^ mask, mask | move, stones + 1)
                    # One ply further from the end than the child's score.
                    farther = 1 if child > 0 else -1 if child < 0 else 0
                    scores[self.cell_of(move)] = farther - self.distance_score(child, stones + 1)
            return scores, best_of(scores)
        if wins != 0:
            best = [self.cell_of(move) for move in legal if move & wins]
            return dict.fromkeys(best, WIN - 1), best
        value = self.solver.value(current, mask, stones)
        score = self.distance_score(value, stones)
        if self.solver.best_move != 0 and not randomize:  # proven on the way
            cell = self.cell_of(self.solver.best_move)
            return {cell: score}, [cell]
        best = []
        for move in legal:
            # A move is best when its position is worth -value to the opponent.
            if self.solver.is_at_most(current ^ mask, mask | move, stones + 1, -value):
                best.append(self.cell_of(move))
                if not randomize:
                    break
        return dict.fromkeys(best, score), best

    def keeping_move(self, current: int, mask: int, stones: int, value: int) -> int:
        """The first move (one bit), centre first, after which the position
        (``value``, exact, to the side to move) is worth ``-value`` to the
        other side; 0 if none is (a limit reached meanwhile raises)."""
        for move in self.solver.moves_in_order(mask):
            if self.solver.is_at_most(current ^ mask, mask | move, stones + 1, -value):
                return move
        return 0

    def line(self, board: Board, move: int, score: int) -> tuple[int, ...]:
        """The line of perfect play from ``board`` that starts with ``move``,
        scored ``score`` (exact), to the game's end; shorter, still right as
        far as it goes, if a limit is reached."""
        line = [move]
        position = board.play(move)
        # The position after the best move is worth -score to the other side.
        value = -self.solver_value(score, board.move_count)
        try:
            while not position.is_over:
                current, mask, stones = self.position(position)
                wins = self.solver.winning_cells(current, mask)
                playable = (mask + self.solver.bottom) & self.solver.board_mask
                # A win at once, else the move a test at the value proves it
                # by, else the first move whose position is worth -value.
                best = wins & playable
                if best == 0:
                    best = self.solver.proving_move(current, mask, stones, value - 1, value)
                if best == 0:
                    best = self.keeping_move(current, mask, stones, value)
                if best == 0:
                    break
                chosen = self.cell_of(best & -best)
                line.append(chosen)
                position = position.play(chosen)
                value = -value  # the best move's position is worth -value to the other side
        except SearchAborted:
            pass
        return tuple(line)
