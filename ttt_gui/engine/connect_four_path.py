"""The Connect Four path as the engine uses it: boards turned into the
solver's bitboards (:mod:`ttt_gui.engine.connect_four`), its values into the
engine's scale (:mod:`ttt_gui.engine.negamax`: a win in ``n`` plies
``WIN - n``, a loss ``-(WIN - n)``), the scores of moves and lines of
perfect play, and the budgets of a bounded search; no Tk.

>>> from ttt_gui.board import Board
>>> solver = BoardSolver(4, 5, 10_000)
>>> board = Board.empty(rows=4, cols=5, win_length=4, gravity=True)
>>> solver.move_scores(board, all_moves=False, randomize=False)
({17: 0}, [17])
"""

from __future__ import annotations

import math
import time
from typing import Final

from ttt_gui.board import Board, Geometry, Player
from ttt_gui.engine.connect_four import (
    COMPILED,
    GUESS_WIN,
    ConnectFourGuess,
    ConnectFourSolver,
    connect_four_applies,
)
from ttt_gui.engine.connect_four_book import ConnectFourBook, book_applies, shipped_book
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.negamax import MATE_THRESHOLD, UNMEASURED_WIN, WIN, RootScores
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.transposition import TableMemory

#: A proven line may take this many nodes at least (else as many as its search).
LINE_MIN_NODES: Final = 20_000
#: A bounded search's first try to solve may visit this many nodes; each
#: next one twice as many, and at least as many as the solver visits in
#: SOLVE_SHARE times the time the heuristic search has taken so far.
FIRST_BUDGET: Final = 5_000.0
SOLVE_SHARE: Final = 3.0
#: A bounded search for the best move first gives the solver alone this
#: share of its time (and of its nodes), then lets its heuristic search
#: spend up to GUESS_SHARE of the solver's nodes (see ConnectFourPath.choose).
SOLVE_FIRST: Final = 0.25
GUESS_SHARE: Final = 0.25
#: The solver's table (entries) where the engine picks its size: what pays
#: at the speed of the build that runs (a larger one saves few nodes in the
#: searches of a think time). Compiled, a slot is a 64-bit integer: 16 MB,
#: full or not; as plain Python, a pointer, and one in use an integer object
#: too (:mod:`ttt_gui.engine.transposition`): 8 MB, about 48 MB full.
OWN_TABLE_ENTRIES: Final = 2_000_000 if COMPILED else 1_000_000


def best_of(scores: dict[int, int]) -> list[int]:
    """The moves of the best of ``scores``, in their order."""
    top = max(scores.values())
    return [cell for cell, score in scores.items() if score == top]


def with_known(root: RootScores, known: dict[int, int]) -> RootScores:
    """``root`` (a search's scores of the moves) with the ``known`` scores
    (proven, as the book's) in place of its estimates (a win or loss the
    search proved is kept: it says how soon), those moves proven; the best
    moves again."""
    replaced = {
        cell: score
        for cell, score in known.items()
        if cell in root.scores and abs(root.scores[cell]) <= MATE_THRESHOLD
    }
    if not replaced:
        return root
    scores = {**root.scores, **replaced}
    return RootScores(scores, best_of(scores), root.exact | replaced.keys())


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

    def choice(self, refuted: set[int]) -> tuple[int, int]:
        """The move chosen, first in the order of the deepest even depth (of
        the last depth where it sees a win or a loss, or where there is no
        even one) among those not ``refuted`` (unless all are), and its value
        on the engine's scale: that depth's value if it is that depth's best,
        else 0. A value on the scale of wins is a win or loss the search saw
        within its horizon (the rules only, no heuristic), but not proven the
        fastest."""
        order, value, stones = self.order, self.value, self.position[2]
        beyond = GUESS_WIN - self.boards.solver.cells - 2  # the wins and losses seen
        if abs(value) <= beyond and self.even is not None:
            order, value = self.even
        heuristic = abs(value) <= beyond
        cells = [self.boards.cell_of(move) for move in order]
        kept = [cell for cell in cells if cell not in refuted] or cells
        if kept[0] != cells[0]:
            return kept[0], 0
        if heuristic:
            return kept[0], value
        end = GUESS_WIN - abs(value)  # the stones when the game ends
        return kept[0], WIN - (end - stones) if value > 0 else (end - stones) - WIN


class ConnectFourPath:
    """The Connect Four path as a part of the engine: the solver of the
    board shape searched (none where :func:`connect_four_applies` fails or
    the path is off), with a table of ``table_limit`` entries (None:
    OWN_TABLE_ENTRIES), and the node budget of the search running. A search
    with a time or node bound for the best move is the path's own
    (:meth:`choose`: a proof, else its own heuristic search); one for the
    scores of the moves tries to solve before each depth of the engine's
    heuristic search, with budgets doubling from FIRST_BUDGET, and at least
    SOLVE_SHARE times the time the heuristic search took (whose depths cost
    ever more); one without a bound solves outright."""

    def __init__(self, table_limit: int | None) -> None:
        self.table_limit = OWN_TABLE_ENTRIES if table_limit is None else table_limit
        self.boards: BoardSolver | None = None
        self.book: ConnectFourBook | None = None
        self.budget = FIRST_BUDGET
        self.solving_seconds = 0.0  # this search's, and its nodes:
        self.solving_nodes = 0
        self.other_seconds = 0.0  # the heuristic search's so far
        self.resumed: float | None = None  # when the heuristic search resumed

    def prepare(self, geometry: Geometry, *, enabled: bool) -> None:
        """Make ready for searches on ``geometry`` (a new shape: a new table)."""
        self.boards = None
        self.book = None
        if enabled and connect_four_applies(geometry):
            self.boards = BoardSolver(geometry.rows, geometry.cols, self.table_limit)
            if book_applies(geometry):
                self.book = shipped_book()

    def clear(self) -> None:
        """Forget what the table holds."""
        if self.boards is not None:
            self.boards.solver.clear()

    def memory(self, memory: TableMemory) -> TableMemory:
        """``memory`` (the engine's other tables) with the solver's table."""
        if self.boards is None:
            return memory
        solver = self.boards.solver
        return memory.with_solver_table(solver.entries(), solver.table_size, native=COMPILED)

    def start(self, limit: Limit) -> bool:
        """Whether a search within ``limit`` goes by this path (not one to a
        fixed depth); sets its first budget."""
        self.budget = FIRST_BUDGET if limit.bounded else math.inf
        self.solving_seconds = self.other_seconds = 0.0
        self.solving_nodes = 0
        self.resumed = None
        return self.boards is not None and limit.depth is None

    def book_scores(self, board: Board) -> dict[int, int]:
        """The scores the book proves of moves of ``board`` (see
        :meth:`BoardSolver.book_outcomes`; a win or loss ``UNMEASURED_WIN``
        or its negative, centre first), for a bounded search of every
        move's value; none without a book or a bound."""
        if self.book is None or self.boards is None or self.budget == math.inf:
            return {}
        outcomes = self.boards.book_outcomes(self.book, board)
        return {cell: outcome * UNMEASURED_WIN for cell, outcome in outcomes.items()}

    def solve(
        self, board: Board, context: SearchContext, *, all_moves: bool, randomize: bool
    ) -> tuple[dict[int, int], list[int], bool, int] | None:
        """The exact (scores, best moves) of ``board``, as
        :meth:`BoardSolver.move_scores` gives them, True and the depth (the
        empty cells), if found within the budget (doubled for the next try)
        and ``context``'s limits; else None. A bounded search for the best
        move instead always answers: the book's move where it has one, else
        as :meth:`choose` does; one without a bound takes the book's move
        where its score is exact. The nodes count into ``context``.
        """
        boards = self.boards
        assert boards is not None, "solve only where start() said so"
        if not all_moves and self.book is not None:
            booked = boards.book_move(self.book, board)
            if booked is not None and (booked[2] or self.budget < math.inf):
                scores, best, exact = booked
                return scores, best, exact, board.empty_bits.bit_count()
        if not all_moves and self.budget < math.inf:
            return self.choose(board, context, randomize=randomize)
        solver = boards.solver
        now = time.perf_counter()
        if self.resumed is not None:
            self.other_seconds += now - self.resumed
        budget = self.budget
        if self.solving_seconds > 0:
            speed = self.solving_nodes / self.solving_seconds
            budget = max(budget, speed * SOLVE_SHARE * self.other_seconds)
        self.budget *= 2
        started = int(solver.nodes)
        budget = min(context.node_limit, context.nodes + budget) - context.nodes
        solver.limit(context.stop, context.deadline, started + budget)
        try:
            scores, best = boards.move_scores(board, all_moves=all_moves, randomize=randomize)
            return scores, best, True, board.empty_bits.bit_count()
        except SearchAborted:
            return None
        finally:
            context.nodes += int(solver.nodes) - started
            self.solving_nodes += int(solver.nodes) - started
            self.resumed = time.perf_counter()
            self.solving_seconds += self.resumed - now

    def choose(
        self, board: Board, context: SearchContext, *, randomize: bool
    ) -> tuple[dict[int, int], list[int], bool, int]:
        """The best move of ``board`` within ``context``'s limits, as
        (scores, best moves, exact, depth); the nodes count into ``context``.

        Short of the exact scores it returns a proven winning move (its score
        a bound), else the heuristic search's move, never one proven not to
        win a won position."""
        # The solver tries, its table kept between tries: first whether the
        # side to move wins (one null-window test), then a winning move, then
        # the exact scores. The first try, alone, has SOLVE_FIRST of the time
        # and nodes left: most positions a think time solves are solved so,
        # at no cost of the tries below. Those have budgets doubling from
        # FIRST_BUDGET, and after each one the heuristic
        # search (GuessSearch) goes one depth further while it has spent at
        # most GUESS_SHARE of the solver's nodes.
        boards = self.boards
        assert boards is not None, "choose only where start() said so"
        solver = boards.solver
        started = int(solver.nodes)
        empties = board.empty_bits.bit_count()
        refuted: set[int] = set()
        winning: tuple[int, int] | None = None
        won: bool | None = None  # whether the side to move wins, once proven
        guess = GuessSearch(boards, board)
        now = time.perf_counter()
        first_deadline = now + SOLVE_FIRST * max(context.deadline - now, 0.0)
        first_nodes = SOLVE_FIRST * max(context.node_limit - context.nodes, 0)
        solver.limit(context.stop, first_deadline, started + first_nodes)
        try:
            winning = boards.winning_move(board, refuted)
            won = winning is not None
            scores, best = boards.move_scores(board, all_moves=False, randomize=randomize)
            context.nodes += int(solver.nodes) - started
            return scores, best, True, empties
        except SearchAborted:
            pass
        budget, guessing = FIRST_BUDGET, 0
        try:
            while not context.stop.is_set():
                counted = context.nodes + int(solver.nodes) - started
                limit = started + min(context.node_limit, counted + budget) - context.nodes
                solver.limit(context.stop, context.deadline, limit)
                try:
                    if won is None:
                        winning = boards.winning_move(board, refuted)
                        won = winning is not None
                    scores, best = boards.move_scores(board, all_moves=False, randomize=randomize)
                    return scores, best, True, empties
                except SearchAborted:
                    counted = context.nodes + int(solver.nodes) - started
                    if (
                        context.stop.is_set()
                        or time.perf_counter() > context.deadline
                        or counted >= context.node_limit
                    ):
                        break  # not the budget: a limit of the search
                budget *= 2
                solving = int(solver.nodes) - started - guessing
                while guessing <= GUESS_SHARE * solving and not guess.done:
                    before = int(solver.nodes)
                    solver.limit(
                        context.stop,
                        context.deadline,
                        started + context.node_limit - context.nodes,
                    )
                    try:
                        guess.deepen()
                    finally:
                        guessing += int(solver.nodes) - before
        except SearchAborted:
            pass  # the heuristic search's limits
        finally:
            context.nodes += int(solver.nodes) - started
        if winning is not None:
            move, score = winning
            return {move: score}, [move], False, empties
        move, value = guess.choice(refuted)
        return {move: value}, [move], False, guess.depth

    def line(self, board: Board, move: int, score: int, context: SearchContext) -> tuple[int, ...]:
        """The line of perfect play from ``board`` after ``move`` (scored
        ``score``, exact), within max(LINE_MIN_NODES, the search's nodes) more
        nodes; its nodes count into ``context``. Empty off the path."""
        if self.boards is None:
            return ()
        solver = self.boards.solver
        started = int(solver.nodes)
        solver.limit(context.stop, math.inf, started + max(LINE_MIN_NODES, context.nodes))
        try:
            return self.boards.line(board, move, score)
        finally:
            context.nodes += int(solver.nodes) - started
