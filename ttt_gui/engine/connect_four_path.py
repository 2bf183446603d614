"""The Connect Four path as a part of the engine: the solver of the board
shape searched (:class:`~ttt_gui.engine.connect_four_board_solver.BoardSolver`),
the book, and the budgets of a bounded search; no Tk."""

from __future__ import annotations

import math
import time
from typing import Final

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.connect_four import (
    COMPILED,
    connect_four_applies,
)
from ttt_gui.engine.connect_four_board_solver import BoardSolver, best_of
from ttt_gui.engine.connect_four_book import ConnectFourBook, book_applies, shipped_book
from ttt_gui.engine.connect_four_choice import DrawCheck, GuessSearch
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.negamax import MATE_THRESHOLD, UNMEASURED_WIN, RootScores
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
        where its score is exact. Where the book's move wins (or loses)
        without its distance, the soonest win (the latest loss) is sought
        first within the limits (:meth:`soonest`); the book's move stands
        where it is not found. The nodes count into ``context``.
        """
        boards = self.boards
        assert boards is not None, "solve only where start() said so"
        if not all_moves and self.book is not None:
            booked = boards.book_move(self.book, board)
            if booked is not None and (booked[2] or self.budget < math.inf):
                scores, best, exact = booked
                soonest = None if exact else self.soonest(board, context, randomize=randomize)
                return soonest or (scores, best, exact, board.empty_bits.bit_count())
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
        try:
            return self.exact_scores(
                board, context, budget, all_moves=all_moves, randomize=randomize
            )
        finally:
            self.solving_nodes += int(solver.nodes) - started
            self.resumed = time.perf_counter()
            self.solving_seconds += self.resumed - now

    def soonest(
        self, board: Board, context: SearchContext, *, randomize: bool
    ) -> tuple[dict[int, int], list[int], bool, int] | None:
        """The exact best move of ``board``, a book entry's win (or loss)
        whose distance the book does not hold: the soonest win (the latest
        loss) as (scores, best moves, True, depth), if the solver finds it
        within ``context``'s limits; else None, and the book's move stands.
        The nodes count into ``context``."""
        budget = context.node_limit - context.nodes
        return self.exact_scores(board, context, budget, all_moves=False, randomize=randomize)

    def exact_scores(
        self,
        board: Board,
        context: SearchContext,
        budget: float,
        *,
        all_moves: bool,
        randomize: bool,
    ) -> tuple[dict[int, int], list[int], bool, int] | None:
        """The exact (scores, best moves) of ``board`` (every move's with
        ``all_moves``), True and the depth (the empty cells), if the solver
        finds them within ``budget`` more nodes and ``context``'s stop and
        deadline; else None. The nodes count into ``context``."""
        boards = self.boards
        assert boards is not None, "exact_scores only where start() said so"
        solver = boards.solver
        started = int(solver.nodes)
        solver.limit(context.stop, context.deadline, started + budget)
        try:
            scores, best = boards.move_scores(board, all_moves=all_moves, randomize=randomize)
            return scores, best, True, board.empty_bits.bit_count()
        except SearchAborted:
            return None
        finally:
            context.nodes += int(solver.nodes) - started

    def choose(
        self, board: Board, context: SearchContext, *, randomize: bool
    ) -> tuple[dict[int, int], list[int], bool, int]:
        """The best move of ``board`` within ``context``'s limits, as
        (scores, best moves, exact, depth); the nodes count into ``context``.

        Short of the exact scores it returns a proven winning move (its score
        a bound), else the heuristic search's move among those not proven to
        lose (:class:`DrawCheck`); never one proven not to win a won
        position, nor one proven to lose where another is not."""
        # The solver tries, its table kept between tries: first whether the
        # side to move wins (one null-window test), then a winning move, then
        # the exact scores. The first try, alone, has SOLVE_FIRST of the time
        # and nodes left: most positions a think time solves are solved so,
        # at no cost of the tries below. Those have budgets doubling from
        # FIRST_BUDGET; after each one the heuristic search (GuessSearch)
        # goes one depth further while it has spent at most GUESS_SHARE of
        # the solver's nodes, and where the position is not proven won its
        # moves are checked in its order for one that keeps the draw (the
        # same budget again).
        boards = self.boards
        assert boards is not None, "choose only where start() said so"
        solver = boards.solver
        started = int(solver.nodes)
        empties = board.empty_bits.bit_count()
        refuted: set[int] = set()
        winning: tuple[int, int] | None = None
        won: bool | None = None  # whether the side to move wins, once proven
        guess = GuessSearch(boards, board)
        check = DrawCheck(boards, guess)
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

        def within_budget() -> None:
            counted = context.nodes + int(solver.nodes) - started
            limit = started + min(context.node_limit, counted + budget) - context.nodes
            solver.limit(context.stop, context.deadline, limit)

        def at_a_limit() -> bool:  # not the budget: a limit of the search
            counted = context.nodes + int(solver.nodes) - started
            return (
                context.stop.is_set()
                or time.perf_counter() > context.deadline
                or counted >= context.node_limit
            )

        try:
            while not context.stop.is_set():
                within_budget()
                try:
                    if won is None:
                        winning = boards.winning_move(board, refuted)
                        won = winning is not None
                    scores, best = boards.move_scores(board, all_moves=False, randomize=randomize)
                    return scores, best, True, empties
                except SearchAborted:
                    if at_a_limit():
                        break
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
                if not won:
                    within_budget()
                    try:
                        check.run()
                    except SearchAborted:
                        if at_a_limit():
                            break
                    if won is False and check.kept is not None and not randomize:
                        # Not won, and the move keeps the draw: drawn, exactly.
                        cell = boards.cell_of(check.kept)
                        return {cell: 0}, [cell], True, empties
                budget *= 2
        except SearchAborted:
            pass  # the heuristic search's limits
        finally:
            context.nodes += int(solver.nodes) - started
        if winning is not None:
            move, score = winning
            return {move: score}, [move], False, empties
        move, value = guess.choice(refuted | check.losing_cells())
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
