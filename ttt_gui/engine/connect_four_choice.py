"""How the Connect Four path's bounded search chooses a move where it
proves neither the value nor a win within its limits: its own heuristic
search (:class:`GuessSearch`, one depth more at a time) and the check of
that search's moves for one the other side does not win after
(:class:`DrawCheck`); both on the bitboards of a
:class:`~ttt_gui.engine.connect_four_board_solver.BoardSolver`, under its limits.
No Tk.
"""

from __future__ import annotations

from ttt_gui.board import Board
from ttt_gui.engine.connect_four import GUESS_WIN
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.negamax import WIN


class GuessSearch:
    """The heuristic search (:meth:`ConnectFourGuess.guess`) of ``board``
    (not over, no win in one) by ``boards``, one depth more at each
    :meth:`deepen`, the best move of the last depth first in its order.

    Its choice comes from the deepest even depth, where the other side has
    the last move before the heuristic judges: one depth more, with our move
    last, tends to value threats the other side would answer at once (on
    7x6 openings the odd depths chose moves that lose where the even ones
    found wins), unless that depth sees a win or a loss within its horizon.
    """

    def __init__(self, boards: BoardSolver, board: Board) -> None:
        self.boards = boards
        solver = boards.solver
        current, mask, stones = self.position = boards.position(board)
        possible = (mask + solver.bottom) & solver.board_mask
        opponent_wins = solver.winning_cells(current ^ mask, mask)
        safe = solver.safe_moves(mask, opponent_wins)
        # Where every move loses at once, a block still (if a threat is playable).
        self.order = boards.heuristic.ordered(
            current, mask, safe or (possible & opponent_wins) or possible
        )
        # Nothing to search where one move is left, or every move loses at once.
        self.done = len(self.order) == 1 or not safe
        self.depth = 0  # the depth searched
        self.value = 0  # the best move's value there
        self.even: tuple[list[int], int] | None = None  # the deepest even depth's order, value

    def deepen(self) -> None:
        """Search one depth more (nothing once the end is reached); raises
        SearchAborted at a limit, the last depth's order and value kept."""
        if self.done:
            return
        solver = self.boards.solver
        current, mask, stones = self.position
        depth = self.depth + 1
        alpha, chosen = -GUESS_WIN - 1, self.order[0]
        for move in self.order:
            score = -self.boards.heuristic.guess(
                current ^ mask, mask | move, stones + 1, depth - 1, -GUESS_WIN, -alpha
            )
            if score > alpha:
                alpha, chosen = score, move
        self.order.remove(chosen)
        self.order.insert(0, chosen)
        self.depth, self.value = depth, alpha
        if depth % 2 == 0:
            self.even = (list(self.order), alpha)
        self.done = depth >= solver.cells - stones

    @property
    def beyond(self) -> int:
        """The values above which (or below whose negative) the search saw a
        win (or a loss) by the rules."""
        return GUESS_WIN - self.boards.solver.cells - 2

    def ranked(self) -> tuple[list[int], int]:
        """The moves (one bit each) in the order :meth:`choice` goes by, and
        that depth's value."""
        if abs(self.value) <= self.beyond and self.even is not None:
            return self.even
        return self.order, self.value

    def choice(self, refuted: set[int]) -> tuple[int, int]:
        """The move chosen, first in the order of the deepest even depth (of
        the last depth where it sees a win or a loss, or where there is no
        even one) among those not ``refuted`` (unless all are), and its value
        on the engine's scale: that depth's value if it is that depth's best,
        else 0. A value on the scale of wins is a win or loss the search saw
        within its horizon (the rules only, no heuristic), but not proven the
        fastest."""
        order, value = self.ranked()
        stones = self.position[2]
        heuristic = abs(value) <= self.beyond
        cells = [self.boards.cell_of(move) for move in order]
        kept = [cell for cell in cells if cell not in refuted] or cells
        if kept[0] != cells[0]:
            return kept[0], 0
        if heuristic:
            return kept[0], value
        end = GUESS_WIN - abs(value)  # the stones when the game ends
        return kept[0], WIN - (end - stones) if value > 0 else (end - stones) - WIN


class DrawCheck:
    """The moves of a position checked, in the order of its heuristic search
    ``guess``, for whether the other side wins after them: a null-window
    test each, until the first move not proven to lose is proven to keep
    at least the draw. A test cut short at a limit is taken up again by the
    next :meth:`run`, the table's work kept; as the heuristic search goes
    deeper and changes its mind, its new first choice is checked in turn.
    A bounded search that proves neither the value nor a win so still
    avoids the moves it has seen lose: the test of a losing move is mostly
    quick, of a drawing one less so, and of whether the position is won
    the slowest."""

    def __init__(self, boards: BoardSolver, guess: GuessSearch) -> None:
        self.boards = boards
        self.guess = guess
        self.losing: set[int] = set()  # the moves (one bit) proven to lose
        self.keeping: set[int] = set()  # those proven to keep at least the draw

    def run(self) -> None:
        """Check the heuristic search's moves in its present order, those
        proven to lose passed over, until one is proven to keep the draw
        (:attr:`kept`) or every one loses; raises SearchAborted at a limit."""
        solver = self.boards.solver
        current, mask, stones = self.guess.position
        solver.root_stones = stones
        for move in self.guess.ranked()[0]:
            if move in self.losing:
                continue
            if move in self.keeping:
                return
            if solver.is_at_most(current ^ mask, mask | move, stones + 1, 0):
                self.keeping.add(move)
                return
            self.losing.add(move)

    @property
    def kept(self) -> int | None:
        """The heuristic search's first move not proven to lose, if it is
        proven to keep the draw (one bit), else None."""
        order = self.guess.ranked()[0]
        first = next((move for move in order if move not in self.losing), None)
        return first if first in self.keeping else None

    def losing_cells(self) -> set[int]:
        """The board cells of the moves proven to lose."""
        return {self.boards.cell_of(move) for move in self.losing}
