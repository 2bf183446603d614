"""Negamax search with alpha-beta pruning for m,n,k games; no Tk.

Scores are always from the side to move. A win in ``n`` plies scores
``WIN - n`` and a loss in ``n`` plies ``-(WIN - n)``, so faster wins and slower
losses score higher; a draw is 0. Scores with ``abs(score) <= MATE_THRESHOLD``
are draws or heuristic estimates from a depth-limited search.

>>> from ttt_gui.board import Board
>>> result = Engine(randomize=False).search(Board.parse("xx./oo./..."))
>>> result.move, describe_score(result.score)
(2, 'win in 1')
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.negamax import (
    EXACT,
    MATE_THRESHOLD,
    WIN,
    Entry,
    RootScores,
    SearchHost,
    make_search,
    search_root,
    selective_applies,
)
from ttt_gui.engine.pairing import pairing_applies
from ttt_gui.engine.state import (
    SearchAborted,
    State,
    make_play,
    root_candidates,
    root_state,
    threats,
)
from ttt_gui.engine.tables import Tables, playing_tables, symmetric_keys, tables_for
from ttt_gui.engine.threats import ROOT_NODES_PER_SECOND, is_threat_rules, root_threats
from ttt_gui.engine.transposition import TableMemory, prune, table_memory
from ttt_gui.engine.vct import ContinuousThreats
from ttt_gui.engine.zones import ZoneSearch

#: A selective engine then looks for wins by threats with threes (VCT),
#: with this fraction of the VCF's budget (its positions cost more), in
#: lines of at most this many plies.
VCT_SHARE = 3
VCT_PLIES = 9
#: The root looks for forced wins by threats on boards with this many empty
#: cells or more (fewer are solved outright within the think time).
THREAT_MIN_EMPTY = 20
#: A solve also tries to prove a draw by relevance zones (engine_zones) with
#: this many in a row or more and this many empty cells or more: in turn
#: with the solve, the first turns this many positions each, the proofs
#: this many at most (7x7 with five in a row takes about 272,000 from
#: empty; the proofs' answers take about 250 bytes a position).
ZONE_MIN_LENGTH = 5
ZONE_MIN_EMPTY = 37
ZONE_FIRST_BUDGET = 20_000
ZONE_NODE_LIMIT = 1_000_000


def zones_apply(geometry: Geometry) -> bool:
    """Whether relevance-zone draw proofs are tried on ``geometry``: plain
    rules and ZONE_MIN_LENGTH or more in a row (with shorter lines, the
    larger boards are won by the first player and the smaller solved by
    the search alone)."""
    return pairing_applies(geometry) and geometry.win_length >= ZONE_MIN_LENGTH


__all__ = [
    "MATE_THRESHOLD",
    "WIN",
    "Engine",
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
    """Words for a score: ``"win in 3"``, ``"draw"``, ``"loss in 2"``.

    Heuristic scores (not proven) read ``"about even"``, ``"ahead (≈+12)"`` or
    ``"behind (≈-12)"``.

    >>> describe_score(WIN - 3), describe_score(0), describe_score(-(WIN - 2))
    ('win in 3', 'draw', 'loss in 2')
    >>> describe_score(12, exact=False)
    'ahead (≈+12)'
    """
    if score > MATE_THRESHOLD:
        return f"win in {WIN - score}"
    if score < -MATE_THRESHOLD:
        return f"loss in {WIN + score}"
    if exact:
        return "draw"
    if abs(score) < 2:
        return "about even"
    return f"ahead (≈+{score})" if score > 0 else f"behind (≈{score})"


def _principal_variation(board: Board, move: int, table: dict[int, Entry]) -> tuple[int, ...]:
    """The expected line of play from the table, starting with ``move``."""
    tables = tables_for(board.geometry)
    line = [move]
    board = board.play(move)
    while not board.is_over and len(line) < board.cells:
        keys = symmetric_keys(board, tables)
        key = min(keys)
        entry = table.get(key)
        if entry is None or entry[3] < 0 or entry[1] != EXACT:
            break
        next_move = tables.inverse[keys.index(key)][entry[3]]
        if next_move not in board.legal_moves():
            break
        line.append(next_move)
        board = board.play(next_move)
    return tuple(line)


#: Deriving a proven line may visit this many positions at least (else as
#: many as the search that proved the result), then the line stops.
LINE_MIN_NODES = 20_000


def _one_ply_deeper(score: int) -> int:
    """The value, for the side to move after a move scored ``score``, of its
    position: a win in n becomes a loss in n - 1, and so on."""
    return -(score + 1) if score > 0 else -(score - 1) if score < 0 else 0


def proven_line(
    engine: SearchHost, board: Board, move: int, score: int, stop: threading.Event
) -> tuple[int, ...]:
    """The whole line of perfect play that proves ``score`` (exact, from the
    side to move) for ``move``, to the game's end: a win in n has n plies.

    Each position's move is found by null-window searches with the table
    (which usually answer at once): the first move worth the position's
    value. The line stops early, still correct as far as it goes, when
    ``stop`` is set or after max(LINE_MIN_NODES, the search's nodes)
    positions; its nodes count with the search's.
    """
    tables = tables_for(board.geometry)
    play = make_play(tables)
    line = [move]
    value = _one_ply_deeper(score)
    position = board.play(move)
    with more_nodes(engine, max(LINE_MIN_NODES, engine._nodes)):
        search = make_search(engine, tables, play, stop)
        try:
            while not position.is_over:
                next_move = _move_worth(position, value, tables, play, search, engine)
                if next_move is None:
                    break
                line.append(next_move)
                value = _one_ply_deeper(value)
                position = position.play(next_move)
        except SearchAborted:
            pass
    return tuple(line)


@contextmanager
def more_nodes(engine: SearchHost, nodes: int) -> Iterator[None]:
    """Within the block, searches made on ``engine`` may visit ``nodes`` more
    positions, with no deadline; the engine's limits are restored after."""
    saved = engine.node_limit, engine._deadline
    engine.node_limit, engine._deadline = engine._nodes + nodes, float("inf")
    try:
        yield
    finally:
        engine.node_limit, engine._deadline = saved


def _move_worth(
    board: Board,
    value: int,
    tables: Tables,
    play: Callable[[State, int], State],
    search: Callable[[State, int, int, int, int], int],
    engine: SearchHost,
) -> int | None:
    """A move of ``board`` worth ``value`` (its exact value, side to move), the
    table's move tried first; None if none is proven so (never for a value
    proven without the near-move restriction of large boards)."""
    state = root_state(board, tables)
    keys = state[8]
    key = min(keys)
    entry = engine._table.get(key)
    first = [tables.inverse[keys.index(key)][entry[3]]] if entry is not None else []
    moves = first + root_candidates(board, tables, all_moves=False)
    moves += [move for move in tables.order if move not in moves]
    legal = set(board.legal_moves())
    mine = threats(state[1], state[2], board.geometry)
    depth = board.empty_bits.bit_count()
    for move in dict.fromkeys(moves):
        if move not in legal:
            continue
        if mine >> move & 1:  # completes a line: wins now, or under misère loses
            worth = 1 - WIN if board.misere else WIN - 1
        else:
            hits = engine._horizon_hits
            worth = -search(play(state, move), depth - 1, -value, 1 - value, 1)
            if engine._horizon_hits != hits:
                return None  # not every move was searched: nothing is proven
        if worth >= value:
            return move
    return None


class Engine:
    """Negamax with alpha-beta pruning and a symmetric transposition table.

    ``max_depth`` is the search depth in plies (None = unlimited: exact play);
    ``time_limit`` (seconds) and ``node_limit`` (positions visited, checked
    every 256; None = none) bound a search by iterative deepening, which then
    returns the best move of the deepest completed iteration: a node limit
    alone gives the same move on any machine. With ``randomize``, moves of
    equal value are chosen at random (reproducibly from ``seed``); otherwise
    the first in the engine's order.
    The table is kept between searches, ``table_limit`` entries at most: past
    that it keeps its most valuable half (:mod:`ttt_gui.engine.transposition`).
    ``baseline`` switches off the techniques added for reach (threat search,
    pairing and zone draws, the table's replacement scheme), so benchmarks
    can measure them against the engine without them; results stay exact
    either way.
    ``selective`` trades exactness for depth where solving is out of reach
    (a bounded search, plain rules, five or more in a row): short of the
    game's end only the few most promising moves near the marks are searched,
    so the result is never exact. It is for playing, not for analysis.

    One search runs at a time per engine (a second caller waits). Each search
    takes an optional stop token, a :class:`threading.Event` that any thread
    may set, before or during the search, to make it return within a few ms.
    """

    def __init__(
        self,
        max_depth: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        randomize: bool = True,
        table_limit: int = 400_000,
        node_limit: int | None = None,
        baseline: bool = False,
        selective: bool = False,
    ) -> None:
        if max_depth is not None and max_depth < 1:
            raise ValueError(f"max_depth must be at least 1 or None, not {max_depth}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be positive or None, not {time_limit}")
        if node_limit is not None and node_limit < 1:
            raise ValueError(f"node_limit must be positive or None, not {node_limit}")
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.randomize = randomize
        self.table_limit = table_limit
        self.node_limit = node_limit
        self.baseline = baseline
        self.selective = selective
        self._random = random.Random(seed)
        self._table: dict[int, Entry] = {}
        self._pairing_answers: dict[int, bool] = {}  # see engine_pairing.make_blocked
        self._root_marks = 0  # marks on the board being searched
        self._table_geometry: Geometry | None = None
        self._search_lock = threading.Lock()
        self._running_stop: threading.Event | None = None  # the running search's token
        self._deadline = float("inf")
        self._nodes = 0
        self._horizon_hits = 0
        # The line the last search proved without the negamax, if it did: a
        # VCF's whole line, or a zone-proven draw's (engine_zones).
        self._proof_line: tuple[int, ...] = ()
        self._uses_threats = False  # whether the running search probes threats at its leaves
        self._selective = False  # whether the running search narrows its moves (selective)
        self._refuted: frozenset[int] = frozenset()  # root moves proven to lose to a VCF

    # -- public API ---------------------------------------------------------

    def clear(self) -> None:
        """Forget everything the transposition table holds."""
        self._table.clear()
        self._pairing_answers.clear()

    def table_memory(self) -> TableMemory:
        """What the engine's tables hold now, with an estimate of their memory."""
        return table_memory(self._table, self._pairing_answers)

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

    def search(self, board: Board, *, stop: threading.Event | None = None) -> SearchResult:
        """The best move for the side to move, with its score and statistics.

        Once ``stop`` is set (before or during the search) the search returns
        the best move of its last finished iteration, or if it finished none a
        win, else a block, else the first move in its order, scored 0 and not
        exact. Raises ValueError if the game is already over.
        """
        analysis, move, pv = self._run(board, all_moves=False, stop=stop, choose=True)
        return analysis.result(move, pv)

    def analyse(self, board: Board, *, stop: threading.Event | None = None) -> dict[int, int]:
        """The score of every legal move, from the side to move.

        Exact for every move when the search is unlimited and not stopped
        (``stop`` as for :meth:`search`).
        """
        return self.evaluate_moves(board, stop=stop).scores

    def evaluate_moves(
        self, board: Board, *, stop: threading.Event | None = None, within: int | None = None
    ) -> MoveAnalysis:
        """Like :meth:`analyse`, with the depth reached and whether it is exact.

        With ``within``, only the moves a search would consider (a win, else
        the blocks of a threat, else all) are searched, and only those scoring
        at least the best minus ``within`` are sure to be scored exactly: the
        others hold upper bounds below that, for a fraction of the cost.
        """
        return self._run(board, all_moves=within is None, stop=stop, margin=within or 0)[0]

    # -- search -------------------------------------------------------------

    def _root_threat_budget(self) -> int:
        """The VCF positions the root may visit per side: a share of the
        think time (or of the node limit), so short thinks stay short."""
        budget = ROOT_NODES_PER_SECOND
        if self.time_limit is not None:
            budget = min(budget, int(budget * self.time_limit))
        if self.node_limit is not None:
            budget = min(budget, self.node_limit // 4)
        return max(budget, 1)

    def _prepare(self, board: Board) -> Tables:
        geometry = board.geometry
        if self._table_geometry is not geometry:
            self._table.clear()
            self._pairing_answers.clear()
            self._table_geometry = geometry
        elif len(self._table) > self.table_limit:
            if self.baseline:
                self._table.clear()
            else:
                prune(self._table, self.table_limit, board.cells, board.move_count)
        if len(self._pairing_answers) > self.table_limit:
            self._pairing_answers.clear()
        self._root_marks = board.move_count
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
        all_moves: bool,
        stop: threading.Event | None,
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
                analysis = self._deepen(board, all_moves, margin, stop)
                if not choose:
                    return analysis, -1, ()
                best = analysis.best
                move = self._random.choice(best) if self.randomize else best[0]
                score = analysis.scores[move]
                if self._proof_line:  # a forced win by fours or a zone-proven draw
                    return analysis, move, self._proof_line
                if not (analysis.exact and not self.baseline):
                    return analysis, move, _principal_variation(board, move, self._table)
                started = time.perf_counter()
                line = proven_line(self, board, move, score, stop)
                elapsed = analysis.elapsed + time.perf_counter() - started
                return replace(analysis, nodes=self._nodes, elapsed=elapsed), move, line
            finally:
                self._running_stop = None

    def _deepen(
        self, board: Board, all_moves: bool, margin: int, stop: threading.Event
    ) -> MoveAnalysis:
        """Search ``board`` at increasing depths (only the last without a limit)."""
        started = time.perf_counter()
        self._nodes = 0
        self._deadline = started + self.time_limit if self.time_limit is not None else float("inf")
        tables = self._prepare(board)
        empties = board.empty_bits.bit_count()
        limit = empties if self.max_depth is None else min(self.max_depth, empties)
        bounded = self.time_limit is not None or self.node_limit is not None
        depths = range(1, limit + 1) if bounded else (limit,)
        root: RootScores | None = None
        exact = False
        reached = 0
        preferred: list[int] = []
        self._proof_line = ()
        self._refuted = frozenset()
        self._uses_threats = (
            not self.baseline and self.max_depth is None and is_threat_rules(board.geometry)
        )
        if self._uses_threats and bounded and not all_moves and empties >= THREAT_MIN_EMPTY:
            moves = root_candidates(board, tables, all_moves=False)
            found = root_threats(board, self._root_threat_budget(), moves)
            if not (found.win or found.defences) and self.selective:
                self._nodes += found.nodes
                budget = self._root_threat_budget() // VCT_SHARE
                found = root_threats(board, budget, moves, ContinuousThreats, VCT_PLIES)
            self._nodes += found.nodes
            if found.win:  # a proven win, if not always the fastest
                self._proof_line = found.win
                move, plies = found.win[0], found.plies
                elapsed = time.perf_counter() - started
                return MoveAnalysis(
                    {move: WIN - plies}, plies, False, self._nodes, elapsed, [move]
                )
            preferred = list(found.defences)
            self._refuted = found.refuted
        self._selective = bounded and self._plays_selectively(board.geometry)
        if not (bounded or all_moves or stop.is_set()) and self._proves_draws(board):
            solved = self._solve_or_prove_draw(board, tables, margin, stop)
            if solved is not None:
                scores, best = solved
                elapsed = time.perf_counter() - started
                return MoveAnalysis(scores, empties, True, self._nodes, elapsed, best)
        for depth in depths:
            if stop.is_set():
                break
            try:
                self._horizon_hits = 0
                root = search_root(
                    self,
                    board,
                    tables,
                    depth,
                    all_moves,
                    preferred,
                    margin,
                    stop,
                    self._refuted,
                    self.randomize,
                )
            except SearchAborted:
                break
            exact = self._horizon_hits == 0 and not self._refuted
            reached, preferred = depth, root.best
            if exact:
                break
        if root is None:  # stopped before the first iteration ended
            move = root_candidates(board, tables, all_moves=False)[0]
            root = RootScores({move: 0}, [move], frozenset())
        elapsed = time.perf_counter() - started
        return MoveAnalysis(
            root.scores, reached, exact, self._nodes, elapsed, root.best, root.exact
        )

    def _proves_draws(self, board: Board) -> bool:
        """Whether a solve of ``board`` first tries a zone-proven draw: where
        :func:`zones_apply`, on a board too large for the search alone
        (smaller ones it solves faster, pairings included)."""
        return (
            not self.baseline
            and self.max_depth is None
            and zones_apply(board.geometry)
            and board.empty_bits.bit_count() >= ZONE_MIN_EMPTY
        )

    def _solve_within(
        self, board: Board, tables: Tables, margin: int, stop: threading.Event, nodes: int
    ) -> tuple[dict[int, int], list[int]] | None:
        """The root's exact (scores, best moves) if a solve ends within
        ``nodes`` more positions (its table entries stay), else None."""
        self._horizon_hits = 0
        depth = board.empty_bits.bit_count()
        try:
            with more_nodes(self, nodes):
                found = search_root(
                    self, board, tables, depth, False, [], margin, stop, randomize=self.randomize
                )
        except SearchAborted:
            return None
        return (found.scores, found.best) if self._horizon_hits == 0 else None

    def _solve_or_prove_draw(
        self, board: Board, tables: Tables, margin: int, stop: threading.Event
    ) -> tuple[dict[int, int], list[int]] | None:
        """The root's exact (scores, best moves) from a solve or a zone-proven
        draw (engine_zones; its line kept as the proof line), tried in turn
        with budgets doubling from ZONE_FIRST_BUDGET positions each, so
        neither costs much more than the one that ends: a won position is
        often solved at once, where the proofs would fail only after a while.
        None once the proofs fail or pass ZONE_NODE_LIMIT positions (the
        solve then runs to its end) or ``stop`` is set."""
        zones = ZoneSearch(board.geometry, node_limit=0, stop=stop)
        budget = ZONE_FIRST_BUDGET
        while zones.nodes < ZONE_NODE_LIMIT and not stop.is_set():
            solved = self._solve_within(board, tables, margin, stop, budget)
            if solved is not None:
                return solved
            counted = zones.nodes
            zones.node_limit = min(zones.nodes + budget, ZONE_NODE_LIMIT)
            try:
                if zones.draw_move(board) is None:
                    return None  # the proofs failed at every depth
                # The line as for proven_line, each move's proof mostly known.
                zones.node_limit = zones.nodes + max(LINE_MIN_NODES, zones.nodes)
                self._proof_line = zones.draw_line(board)
            except SearchAborted:
                budget *= 2
                continue
            finally:
                self._nodes += zones.nodes - counted
            return {self._proof_line[0]: 0}, [self._proof_line[0]]
        return None
