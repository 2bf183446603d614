"""Negamax search with alpha-beta pruning for m,n,k games; no Tk.

Scores are always from the side to move. A win in ``n`` plies scores
``WIN - n`` and a loss in ``n`` plies ``-(WIN - n)``, so faster wins and slower
losses score higher; a draw is 0. Scores with ``abs(score) <= MATE_THRESHOLD``
are draws or heuristic estimates from a depth-limited search. A win proven
without its distance scores ``UNMEASURED_WIN`` (a loss so, its negative).

>>> from ttt_gui.board import Board
>>> result = Engine(randomize=False).search(Board.parse("xx./oo./..."))
>>> result.move, describe_score(result.score)
(2, 'win in 1')
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass, field, replace

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.connect_four_board_solver import best_of
from ttt_gui.engine.connect_four_path import ConnectFourPath, with_known
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.gomoku_path import GomokuPath, gomoku_applies
from ttt_gui.engine.lines import LINE_MIN_NODES, principal_variation, proven_line
from ttt_gui.engine.negamax import (
    MATE_THRESHOLD,
    UNMEASURED_WIN,
    WIN,
    RootScores,
    Table,
    ranked_moves,
    search_root,
    selective_applies,
    with_unfinished,
)
from ttt_gui.engine.pairing import pairing_applies
from ttt_gui.engine.root_defence import NO_THREATS, avoid_leaf_fours, plan_threats
from ttt_gui.engine.state import SearchAborted, root_candidates
from ttt_gui.engine.tables import Tables, playing_tables, tables_for
from ttt_gui.engine.threats import is_threat_rules
from ttt_gui.engine.transposition import DEFAULT_TABLE_LIMIT, TableMemory, prune, table_memory
from ttt_gui.engine.zones import ZoneSearch

#: A solve also tries to prove a draw by relevance zones (engine/zones.py) with
#: this many in a row or more and this many empty cells or more: in turn
#: with the solve, the first turns this many positions each, the proofs
#: this many at most (7x7 with five in a row takes about 272,000 from
#: empty; the proofs' answers take about 250 bytes a position).
ZONE_MIN_LENGTH = 5
ZONE_MIN_EMPTY = 37
ZONE_FIRST_BUDGET = 20_000
ZONE_NODE_LIMIT = 1_000_000


def proves_draws(board: Board, limit: Limit, baseline: bool) -> bool:
    """Whether a solve of ``board`` first tries a zone-proven draw: where
    :func:`zones_apply`, on a board too large for the search alone
    (smaller ones it solves faster, pairings included), not in the baseline."""
    return (
        not baseline
        and limit.depth is None
        and zones_apply(board.geometry)
        and board.empty_bits.bit_count() >= ZONE_MIN_EMPTY
    )


def zones_apply(geometry: Geometry) -> bool:
    """Whether relevance-zone draw proofs are tried on ``geometry``: plain
    rules (not the exact rule) and ZONE_MIN_LENGTH or more in a row (with shorter lines, the
    larger boards are won by the first player and the smaller solved by
    the search alone)."""
    return (
        pairing_applies(geometry) and not geometry.exact and geometry.win_length >= ZONE_MIN_LENGTH
    )


__all__ = [
    "MATE_THRESHOLD",
    "UNMEASURED_WIN",
    "WIN",
    "Engine",
    "Limit",
    "MoveAnalysis",
    "SearchResult",
    "describe_score",
    "is_mate_score",
]


@dataclass(frozen=True)
class SearchResult:
    """The outcome of :meth:`Engine.search`.

    ``score`` is from the side to move; ``exact`` is True when it is the proven
    game value (the search reached every game end); ``depth`` is the deepest
    completed iteration in plies; ``pv`` starts with ``move``. For a proven
    result the ``pv`` is the whole line to the game's end (a win in n has n
    plies), otherwise as far as the table knows it; ``nodes`` and
    ``elapsed`` include the work of finding it.
    """

    move: int
    score: int
    depth: int
    nodes: int
    elapsed: float
    exact: bool
    pv: tuple[int, ...] = ()

    def describe(self) -> str:
        return describe_score(self.score, self.exact)


@dataclass(frozen=True)
class MoveAnalysis:
    """Move scores from the side to move, on the search scale.

    From :meth:`Engine.evaluate_moves` every legal move is scored exactly at
    ``depth``; inside :meth:`Engine.search` only the candidates are, and moves
    worse than the best may hold upper bounds. ``best`` lists the best moves.
    Moves in ``proven`` are scored exactly even when the analysis is not.
    Exactly, on 7x6 Connect Four within a bound, may be the outcome alone,
    from the opening book: a win or loss whose distance it does not prove
    scores ``UNMEASURED_WIN`` (or its negative).
    """

    scores: dict[int, int]
    depth: int
    exact: bool
    nodes: int = 0
    elapsed: float = 0.0
    best: list[int] = field(default_factory=list)
    proven: frozenset[int] = frozenset()

    def is_exact(self, move: int) -> bool:
        """Whether ``move``'s score is exact: every one is in an exact analysis."""
        return self.exact or move in self.proven

    def result(self, move: int, pv: tuple[int, ...]) -> SearchResult:
        """The result of choosing ``move`` (one of the scored), with its line ``pv``."""
        score = self.scores[move]
        return SearchResult(move, score, self.depth, self.nodes, self.elapsed, self.exact, pv)


def is_mate_score(score: int) -> bool:
    return abs(score) > MATE_THRESHOLD


def describe_score(score: int, exact: bool = True) -> str:
    """Words for a score: ``"win in 3"``, ``"draw"``, ``"loss in 2"``
    (``"win"``, ``"loss"`` for an unmeasured one).

    Heuristic scores (not proven) read ``"about even"``, ``"ahead (≈+12)"`` or
    ``"behind (≈-12)"``.

    >>> describe_score(WIN - 3), describe_score(0), describe_score(-(WIN - 2))
    ('win in 3', 'draw', 'loss in 2')
    >>> describe_score(12, exact=False)
    'ahead (≈+12)'
    """
    if abs(score) == UNMEASURED_WIN:
        return "win" if score > 0 else "loss"
    if score > MATE_THRESHOLD:
        return f"win in {WIN - score}"
    if score < -MATE_THRESHOLD:
        return f"loss in {WIN + score}"
    if exact:
        return "draw"
    if abs(score) < 2:
        return "about even"
    return f"ahead (≈+{score})" if score > 0 else f"behind (≈{score})"


class Engine:
    """Negamax with alpha-beta pruning and a symmetric transposition table.

    Each search takes its :class:`Limit` (none: exact play) and an optional
    stop token that any thread may set to end it within a few ms. One search
    runs at a time per engine; a second caller waits.

    - ``seed``, ``randomize``: moves of equal value are drawn reproducibly
      from the seed; without ``randomize``, the first in the engine's order.
    - ``table_limit``: the table's entries at most, kept between searches
      (past it, the most valuable half stays: :mod:`~ttt_gui.engine.transposition`).
    - ``solver_table_limit``: the Connect Four solver's entries (None: the
      size for the build that runs).
    - ``selective``: for playing, not analysis. Where solving is out of reach
      (time or node bound, plain rules, five in a row) only the most
      promising moves are searched, so no result is exact.
    - ``baseline``, ``leaf_fours``: switch techniques off for benchmarks;
      results stay exact either way.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        randomize: bool = True,
        table_limit: int = DEFAULT_TABLE_LIMIT,
        solver_table_limit: int | None = None,
        baseline: bool = False,
        selective: bool = False,
        leaf_fours: bool = True,
    ) -> None:
        self.randomize = randomize
        self.table_limit = table_limit
        self.baseline, self.selective, self.leaf_fours = baseline, selective, leaf_fours
        self._random = random.Random(seed)
        self._table: Table = {}
        self._pairing_answers: dict[int, bool] = {}  # see pairing.make_blocked
        self._table_geometry: Geometry | None = None
        self._connect_four = ConnectFourPath(solver_table_limit)
        self._gomoku = GomokuPath()
        self._search_lock = threading.Lock()
        self._running_stop: threading.Event | None = None  # the running search's token

    # -- public API ---------------------------------------------------------

    def clear(self) -> None:
        """Forget everything the transposition tables hold."""
        self._table.clear()
        self._pairing_answers.clear()
        self._connect_four.clear()
        self._gomoku.clear()

    def table_memory(self) -> TableMemory:
        """What the engine's tables hold now, with an estimate of their memory."""
        return self._connect_four.memory(table_memory(self._table, self._pairing_answers))

    @property
    def is_searching(self) -> bool:
        """Whether a search runs now (its stop token is then known to :meth:`stop`)."""
        return self._running_stop is not None

    def stop(self) -> None:
        """Set the stop token of the search running now, if any; else do nothing.

        A convenience for a caller that knows a search is running: nothing is
        remembered for a search that has not started yet, so a caller that may
        race with the start passes its own token to the search and sets that
        (as :mod:`ttt_gui.app.jobs` does, with one token per job).
        """
        running = self._running_stop
        if running is not None:
            running.set()

    def search(
        self, board: Board, limit: Limit = Limit(), *, stop: threading.Event | None = None
    ) -> SearchResult:
        """The best move for the side to move within ``limit``, with its score
        and statistics.

        Once ``stop`` is set (before or during the search) the search returns
        the best move of its last finished iteration (a selective search: of
        the moves its unfinished one scored, if any), or if it finished none a
        win, else a block, else the first move in its order, scored 0 and not
        exact. Raises ValueError if the game is already over.
        """
        analysis, move, pv = self._run(board, limit, stop, all_moves=False, choose=True)
        return analysis.result(move, pv)

    def analyse(
        self, board: Board, limit: Limit = Limit(), *, stop: threading.Event | None = None
    ) -> dict[int, int]:
        """The score of every legal move within ``limit``, from the side to move.

        Exact for every move when the search is unlimited and not stopped
        (``stop`` as for :meth:`search`).
        """
        return self.evaluate_moves(board, limit, stop=stop).scores

    def evaluate_moves(
        self,
        board: Board,
        limit: Limit = Limit(),
        *,
        stop: threading.Event | None = None,
        within: int | None = None,
    ) -> MoveAnalysis:
        """Like :meth:`analyse`, with the depth reached and whether it is exact.

        With ``within``, only the moves a search would consider (a win, else
        the blocks of a threat, else all) are searched, and only those scoring
        at least the best minus ``within`` are sure to be scored exactly: the
        others hold upper bounds below that, for a fraction of the cost.
        """
        all_moves = within is None
        return self._run(board, limit, stop, all_moves=all_moves, margin=within or 0)[0]

    # -- search -------------------------------------------------------------

    def _start_board(self, geometry: Geometry) -> None:
        """Make ready for searches on ``geometry`` if the last was on another:
        empty tables, and the Connect Four path's own (with its book)."""
        if self._table_geometry is not geometry:
            self._table.clear()
            self._pairing_answers.clear()
            self._table_geometry = geometry
            self._connect_four.prepare(geometry, enabled=not self.baseline)

    def _prepare(self, board: Board) -> Tables:
        geometry = board.geometry
        if len(self._table) > self.table_limit:
            if self.baseline:
                self._table.clear()
            else:
                prune(self._table, self.table_limit, board.cells, board.move_count)
        if len(self._pairing_answers) > self.table_limit:
            self._pairing_answers.clear()
        if self._plays_selectively(geometry):
            return playing_tables(geometry)  # the same weights in every search of the table
        return tables_for(geometry)

    def _plays_selectively(self, geometry: Geometry) -> bool:
        """Whether this engine plays ``geometry`` with the selective search
        (when bounded) and its tables: ``selective``, not the baseline, and a
        board it applies to."""
        return self.selective and not self.baseline and selective_applies(geometry)

    def _run(
        self,
        board: Board,
        limit: Limit,
        stop: threading.Event | None,
        *,
        all_moves: bool,
        margin: int = 0,
        choose: bool = False,
    ) -> tuple[MoveAnalysis, int, tuple[int, ...]]:
        """The analysis; with ``choose`` also the move chosen among the best and
        its principal variation (else -1 and no line)."""
        if board.is_over:
            raise ValueError("the game is over: there is no move to search")
        stop = stop if stop is not None else threading.Event()
        with self._search_lock:  # one search at a time, even if a caller errs
            self._running_stop = stop
            try:
                # A new board's tables (and Connect Four's book, read once)
                # are made before the clock starts: they take nothing from it.
                self._start_board(board.geometry)
                started = time.perf_counter()
                tables = self._prepare(board)
                context = SearchContext(
                    table=self._table,
                    pairing_answers=self._pairing_answers,
                    table_limit=self.table_limit,
                    stop=stop,
                    deadline=started + limit.time if limit.time is not None else math.inf,
                    node_limit=limit.nodes if limit.nodes is not None else math.inf,
                    root_marks=board.move_count,
                    baseline=self.baseline,
                    leaf_fours=self.leaf_fours,
                )
                analysis = self._deepen(
                    board, tables, limit, context, started, all_moves=all_moves, margin=margin
                )
                if not choose:
                    return analysis, -1, ()
                best = analysis.best
                move = self._random.choice(best) if self.randomize else best[0]
                score = analysis.scores[move]
                if context.proof_line:  # a forced win by fours or a zone-proven draw
                    return analysis, move, context.proof_line
                if context.principal_line:  # a search of its own (Gomoku's shapes)
                    return analysis, move, context.principal_line
                if context.selective and score < MATE_THRESHOLD:  # not a proven win
                    ranked = sorted(analysis.scores, key=analysis.scores.__getitem__, reverse=True)
                    move = avoid_leaf_fours(board, move, ranked)
                if not (analysis.exact and not self.baseline):
                    return analysis, move, principal_variation(board, move, self._table)
                started = time.perf_counter()
                line = self._connect_four.line(board, move, score, context) or proven_line(
                    context, board, move, score
                )
                elapsed = analysis.elapsed + time.perf_counter() - started
                return replace(analysis, nodes=context.nodes, elapsed=elapsed), move, line
            finally:
                self._running_stop = None

    def _deepen(
        self,
        board: Board,
        tables: Tables,
        limit: Limit,
        context: SearchContext,
        started: float,
        *,
        all_moves: bool,
        margin: int,
    ) -> MoveAnalysis:
        """Search ``board`` at increasing depths (only the last without a limit)."""
        stop = context.stop
        empties = board.empty_bits.bit_count()
        deepest = empties if limit.depth is None else min(limit.depth, empties)
        bounded = limit.bounded
        depths = range(1, deepest + 1) if bounded else (deepest,)
        root: RootScores | None = None
        exact = False
        reached = 0
        preferred: list[int] = []
        refuted: frozenset[int] = frozenset()  # root moves proven to lose to a VCF
        plan = NO_THREATS
        if bounded and not (all_moves or margin) and self._plays_selectively(board.geometry):
            if gomoku_applies(board.geometry):
                return gomoku_analysis(self._gomoku, board, limit, context, started)
        context.uses_threats = (
            not self.baseline and limit.depth is None and is_threat_rules(board.geometry)
        )
        if context.uses_threats and bounded and not all_moves:
            plan = plan_threats(board, tables, limit, context, started, selective=self.selective)
            if plan.win:  # a proven win, if not always the fastest
                context.proof_line = plan.win
                move, plies = plan.win[0], plan.plies
                elapsed = time.perf_counter() - started
                return MoveAnalysis(
                    {move: WIN - plies}, plies, False, context.nodes, elapsed, [move]
                )
            preferred, refuted = list(plan.preferred), plan.refuted
        context.selective = bounded and self._plays_selectively(board.geometry)
        solves = self._connect_four.start(limit)  # first (bounded: before each depth)
        # The outcomes the book proves (7x6, bounded): all of them are the analysis.
        booked = (
            self._connect_four.book_scores(board) if solves and (all_moves or margin > 0) else {}
        )
        if booked and len(booked) == len(board.legal_moves()):
            elapsed = time.perf_counter() - started
            return MoveAnalysis(booked, empties, True, context.nodes, elapsed, best_of(booked))
        if not (bounded or all_moves or stop.is_set()) and proves_draws(
            board, limit, self.baseline
        ):
            solved = self._solve_or_prove_draw(board, tables, context, margin)
            if solved is not None:
                scores, best = solved
                elapsed = time.perf_counter() - started
                return MoveAnalysis(scores, empties, True, context.nodes, elapsed, best)
        for depth in depths:
            if solves and not stop.is_set():
                every = all_moves or margin > 0
                answer = self._connect_four.solve(
                    board, context, all_moves=every, randomize=self.randomize
                )
                if answer is not None:  # exact, a proven win, or (playing) the best guess
                    (scores, best, exact, reached), elapsed = answer, time.perf_counter() - started
                    return MoveAnalysis(scores, reached, exact, context.nodes, elapsed, best)
            if stop.is_set():
                break
            scored: dict[int, int] = {}
            try:
                context.horizon_hits = 0
                root = search_root(
                    context,
                    board,
                    tables,
                    depth=depth,
                    all_moves=all_moves,
                    preferred=preferred,
                    margin=margin,
                    refuted=refuted,
                    randomize=self.randomize,
                    scored=scored,
                )
            except SearchAborted:
                if root is not None and context.selective and not all_moves:
                    # A move the unfinished iteration found better is played.
                    root = with_unfinished(root, scored, self.randomize)
                break
            exact = context.horizon_hits == 0 and not refuted
            reached = depth
            # The next iteration tries the best first (selective: the rest by score too).
            preferred = ranked_moves(root) if context.selective else root.best
            if exact:
                break
        if root is None:  # stopped before the first iteration ended
            move = root_candidates(board, tables, all_moves=False)[0]
            root = RootScores({move: 0}, [move], frozenset())
        elif booked:  # some of them, in place of the search's estimates
            root = with_known(root, booked)
            exact = exact or root.exact >= root.scores.keys()
        elapsed = time.perf_counter() - started
        return MoveAnalysis(
            root.scores, reached, exact, context.nodes, elapsed, root.best, root.exact
        )

    def _solve_within(
        self, board: Board, tables: Tables, context: SearchContext, margin: int, nodes: int
    ) -> tuple[dict[int, int], list[int]] | None:
        """The root's exact (scores, best moves) if a solve ends within
        ``nodes`` more positions (its table entries stay), else None."""
        depth = board.empty_bits.bit_count()
        solve = context.with_more_nodes(nodes)
        try:
            found = search_root(
                solve, board, tables, depth=depth, margin=margin, randomize=self.randomize
            )
        except SearchAborted:
            return None
        finally:
            context.count_nodes(solve)
        return (found.scores, found.best) if solve.horizon_hits == 0 else None

    def _solve_or_prove_draw(
        self, board: Board, tables: Tables, context: SearchContext, margin: int
    ) -> tuple[dict[int, int], list[int]] | None:
        """The root's exact (scores, best moves) from a solve or a zone-proven
        draw (:mod:`ttt_gui.engine.zones`; its line kept as the context's proof
        line), tried in turn with budgets doubling from ZONE_FIRST_BUDGET
        positions each, so neither costs much more than the one that ends: a
        won position is often solved at once, where the proofs would fail
        only after a while. None once the proofs fail or pass ZONE_NODE_LIMIT
        positions (the solve then runs to its end) or the stop token is set."""
        stop = context.stop
        zones = ZoneSearch(board.geometry, node_limit=0, stop=stop)
        budget = ZONE_FIRST_BUDGET
        while zones.nodes < ZONE_NODE_LIMIT and not stop.is_set():
            solved = self._solve_within(board, tables, context, margin, budget)
            if solved is not None:
                return solved
            counted = zones.nodes
            zones.node_limit = min(zones.nodes + budget, ZONE_NODE_LIMIT)
            try:
                if zones.draw_move(board) is None:
                    return None  # the proofs failed at every depth
                # The line as for proven_line, each move's proof mostly known.
                zones.node_limit = zones.nodes + max(LINE_MIN_NODES, zones.nodes)
                context.proof_line = zones.draw_line(board)
            except SearchAborted:
                budget *= 2
                continue
            finally:
                context.nodes += zones.nodes - counted
            return {context.proof_line[0]: 0}, [context.proof_line[0]]
        return None


def gomoku_analysis(
    path: GomokuPath, board: Board, limit: Limit, context: SearchContext, started: float
) -> MoveAnalysis:
    """The move ``path`` chooses on a freestyle Gomoku board, as an analysis
    of the root moves it searched (never exact; its line kept in ``context``:
    a proof for a win by fours)."""
    choice = path.choose(board, limit, context)
    if choice.proof:
        context.proof_line = choice.line
    else:
        context.principal_line = choice.line
    elapsed = time.perf_counter() - started
    return MoveAnalysis(choice.scores, choice.depth, False, context.nodes, elapsed, [choice.move])
