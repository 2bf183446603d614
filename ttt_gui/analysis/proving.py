"""Proving: the shown analysis of a position too large to solve in the think
time, searched again and again with doubling time until it is proven; no Tk.

While the analysis is shown and the position stays the same, the session asks
for one proving round after another (:meth:`Prover.round`), each a search of
every move's value given twice the time of the round before (the first, twice
the think time). Every round runs on the prover's one engine, whose
transposition table is kept between rounds, so a round starts from the work
of those before it. A round's result replaces the shown analysis when it is
deeper, proves more moves, or is proven (:meth:`Prover.accept`); a proven one
ends the proving.

Where the engine's solves try relevance zones (plain rules, five or more in
a row), a round gives the search half its time and the other half to proving
moves drawn by them (:mod:`ttt_gui.engine.zones`): after such a move, neither
side can force a line against the other's best defence. Those moves are exact
draws however far the search is from the game's end (on 7x7 with five in a
row, most moves of the middle game), and the analysis is proven once every
move is, drawn or searched to every game end. Each move's proofs get a number
of positions that doubles each round; the proofs' answers are kept for the
position, so a round goes on from where the one before stopped.

The rounds are the least urgent searches: they run only when nothing else is
wanted, and like every search they are cancelled by their job's stop token.
The doubling bounds the work repeated by restarting: all rounds together take
at most about twice the time of the last.
"""

from __future__ import annotations

import dataclasses
import math
import threading
import time
from collections.abc import Callable

from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit, MoveAnalysis, is_mate_score, zones_apply
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.zones import ZoneSearch

#: The first round's time, in think times; each later round's time doubles.
FIRST_ROUND_THINK_TIMES = 2.0
#: The time (s) the first round takes when there is no think time.
FIRST_ROUND_WITHOUT_THINK_TIME = 1.0
#: The share of a round's time the draw proofs get (where zones_apply).
PROOF_SHARE = 0.5
#: Seconds between a waiting round's looks at its stop token.
LOCK_POLL = 0.01
#: Positions one move's draw proofs may visit in the first round; each later
#: round's doubles.
FIRST_MOVE_PROOF_NODES = 2_000
#: Positions the draw proofs of one position may visit in all (their answers
#: are kept until the position changes, about 260 bytes a position).
POSITION_PROOF_NODES = 400_000
#: The limit of a round's searches: deepening without a bound of its own
#: (each round's token ends it).
ROUND_LIMIT = Limit(time=math.inf)


class RoundToken(threading.Event):
    """A stop token set by its job's token or once ``deadline`` passes on
    ``clock``, whichever comes first (the engine asks :meth:`is_set` every few
    hundred positions, so a round ends within a few ms of either)."""

    def __init__(
        self, outer: threading.Event, deadline: float, clock: Callable[[], float]
    ) -> None:
        super().__init__()
        self.outer, self.deadline, self.clock = outer, deadline, clock

    def is_set(self) -> bool:
        if not super().is_set() and (self.outer.is_set() or self.clock() >= self.deadline):
            self.set()
        return super().is_set()


class DrawProofs:
    """The moves of one position proven drawn by relevance zones so far, and
    the proofs' answers, kept from round to round.

    A round stopped may still be ending in its worker when the next one
    starts in another: one round at a time proves (the next waits for the
    stopped one, a few ms; a stopped one waits for nothing), so neither
    runs on the other's stop token."""

    def __init__(self) -> None:
        self.drawn: set[int] = set()
        self.last: MoveAnalysis | None = None  # the last round's search
        self._hopeless: set[int] = set()  # moves whose proofs failed at every depth
        self._search: ZoneSearch | None = None
        self._lock = threading.Lock()

    def prove(
        self, board: Board, analysis: MoveAnalysis, move_nodes: int, stop: threading.Event
    ) -> int:
        """Try to prove drawn each move of ``board`` that ``analysis`` scored
        without a forced win for either side (best first), each within
        ``move_nodes`` more positions, until ``stop`` is set; returns the
        positions visited. Does nothing for an exact or empty analysis, nor
        where :func:`zones_apply` does not."""
        if analysis.exact or analysis.depth == 0 or not zones_apply(board.geometry):
            return 0
        while not self._lock.acquire(timeout=LOCK_POLL):
            if stop.is_set():
                return 0
        try:
            if self._search is None:
                self._search = ZoneSearch(board.geometry, node_limit=0)
            before = self._search.nodes
            self._prove(self._search, board, analysis, move_nodes, stop)
            return self._search.nodes - before
        finally:
            self._lock.release()

    def _prove(
        self,
        search: ZoneSearch,
        board: Board,
        analysis: MoveAnalysis,
        move_nodes: int,
        stop: threading.Event,
    ) -> None:
        search.stop = stop
        order = sorted(analysis.scores, key=lambda move: -analysis.scores[move])
        for move in order:
            if stop.is_set():
                return
            if move in self.drawn or move in self._hopeless or move in analysis.proven:
                continue
            if is_mate_score(analysis.scores[move]):
                continue  # a forced win is no draw
            search.node_limit = min(search.nodes + move_nodes, POSITION_PROOF_NODES)
            try:
                if search.proves_draw(board.play(move)):
                    self.drawn.add(move)
                else:
                    self._hopeless.add(move)
            except SearchAborted:
                if stop.is_set() or search.nodes >= POSITION_PROOF_NODES:
                    return

    def applied(self, analysis: MoveAnalysis) -> MoveAnalysis:
        """``analysis`` with the moves proven drawn scored as exact draws, and
        exact as a whole once every move is proven (drawn, or searched to
        every game end); one stopped before its first depth as it is (its one
        move's score is a stand-in)."""
        if analysis.depth == 0:
            return analysis
        with self._lock:
            drawn = (self.drawn & analysis.scores.keys()) - analysis.proven
        if analysis.exact or not drawn:
            return analysis
        scores = {move: 0 if move in drawn else score for move, score in analysis.scores.items()}
        top = max(scores.values())
        proven = analysis.proven | drawn
        return dataclasses.replace(
            analysis,
            scores=scores,
            exact=proven >= scores.keys(),
            best=[move for move in analysis.scores if scores[move] == top],
            proven=proven,
        )


def prove_draws(
    board: Board,
    analysis: MoveAnalysis,
    seconds: float,
    *,
    stop: threading.Event | None = None,
) -> MoveAnalysis:
    """``analysis`` of ``board`` with the moves that relevance zones prove
    drawn within ``seconds`` (each move's budget doubling, as from round to
    round) or until ``stop`` is set; as it is where :func:`zones_apply` does
    not."""
    if analysis.exact or not zones_apply(board.geometry):
        return analysis
    draws = DrawProofs()
    clock = time.perf_counter
    outer = stop if stop is not None else threading.Event()
    deadline = RoundToken(outer, clock() + seconds, clock)
    move_nodes = FIRST_MOVE_PROOF_NODES
    while move_nodes <= POSITION_PROOF_NODES and not deadline.is_set():
        draws.prove(board, analysis, move_nodes, deadline)
        move_nodes *= 2
    return draws.applied(analysis)


@dataclasses.dataclass(frozen=True)
class ProvingRound:
    """Round ``number`` (0 for the first) of proving: every move's value,
    searched on the prover's ``engine`` for ``budget`` seconds on ``clock``
    (its share where :func:`zones_apply`: moves proven drawn with ``draws``)."""

    number: int
    budget: float
    engine: Engine
    clock: Callable[[], float]
    draws: DrawProofs = dataclasses.field(default_factory=DrawProofs)

    def evaluate_moves(self, board: Board, *, stop: threading.Event | None = None) -> MoveAnalysis:
        """The analysis of ``board`` by the deepest search finished within the
        budget (exact if it reached every game end), with the moves proven
        drawn by then (its nodes and time the round's, the proofs' included);
        ``stop`` ends it early.

        Where :func:`zones_apply`, the draw proofs get half the budget: after the
        search in the first round, and before it in later ones (ordered by
        the round before's values), where the search is left out once they
        prove drawn every move it did not prove."""
        outer = stop if stop is not None else threading.Event()
        start, draws, began = self.clock(), self.draws, time.perf_counter()
        deadline = RoundToken(outer, start + self.budget, self.clock)
        if not zones_apply(board.geometry):
            return self.engine.evaluate_moves(board, ROUND_LIMIT, stop=deadline)
        move_nodes = FIRST_MOVE_PROOF_NODES * 2**self.number
        if draws.last is None:
            search_end = start + (1 - PROOF_SHARE) * self.budget
            analysis = self.engine.evaluate_moves(
                board, ROUND_LIMIT, stop=RoundToken(outer, search_end, self.clock)
            )
            proof_nodes = draws.prove(board, analysis, move_nodes, deadline)
        else:
            proofs_end = start + PROOF_SHARE * self.budget
            proofs_stop = RoundToken(outer, proofs_end, self.clock)
            proof_nodes = draws.prove(board, draws.last, move_nodes, proofs_stop)
            proven = draws.applied(draws.last)
            if proven.exact:  # the search is left out
                elapsed = time.perf_counter() - began
                return dataclasses.replace(proven, nodes=proof_nodes, elapsed=elapsed)
            analysis = self.engine.evaluate_moves(board, ROUND_LIMIT, stop=deadline)
        if analysis.depth > 0:  # a search stopped before its first depth has no values
            draws.last = analysis
        nodes, elapsed = analysis.nodes + proof_nodes, time.perf_counter() - began
        return draws.applied(dataclasses.replace(analysis, nodes=nodes, elapsed=elapsed))


class Prover:
    """The proving of the position of one ``generation`` at a time: how many
    rounds it has had, and whether one proved it.

    ``clock`` times the rounds (tests pass one that moves on each reading, so
    a round's length is counted in positions searched); ``table_limit`` bounds
    the engine's table, as for :class:`~ttt_gui.engine.engine.Engine`.
    """

    def __init__(
        self, *, table_limit: int, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.table_limit = table_limit
        self.engine = self._new_engine()
        self.clock = clock
        self._start(-1)

    def _new_engine(self) -> Engine:
        return Engine(randomize=False, table_limit=self.table_limit)

    def release(self) -> None:
        """Let go of the work kept for proving (the table, up to about 150 MB,
        and the draw proofs' answers), as when the analysis is hidden; a round
        still ending keeps its own until it ends."""
        self.engine = self._new_engine()
        self._start(-1)

    def _follow(self, generation: int) -> None:
        """Start counting afresh for a new position."""
        if generation != self._generation:
            self._start(generation)

    def _start(self, generation: int) -> None:
        """Follow ``generation``'s position from its first round."""
        self._generation = generation
        self.rounds = 0  # rounds finished for the position of ``_generation``
        self._proved = False
        self._draws = DrawProofs()

    def round(self, generation: int, think_time: float | None) -> ProvingRound:
        """The next round for the position of ``generation`` (asking twice for
        it gives the same round until one is accepted)."""
        self._follow(generation)
        first = FIRST_ROUND_WITHOUT_THINK_TIME
        if think_time is not None:
            first = FIRST_ROUND_THINK_TIMES * think_time
        budget = first * 2**self.rounds
        return ProvingRound(self.rounds, budget, self.engine, self.clock, self._draws)

    def accept(self, generation: int, shown: MoveAnalysis, found: MoveAnalysis) -> bool:
        """Count a finished round of the position of ``generation``; whether
        its analysis ``found`` should replace the ``shown`` one (it is proven,
        deeper, or has more moves proven, even if not as deep)."""
        self._follow(generation)
        self.rounds += 1
        self._proved = found.exact
        better = found.depth > shown.depth or len(found.proven) > len(shown.proven)
        return found.exact or (not shown.exact and better)

    def has_proved(self, generation: int) -> bool:
        """Whether a round proved the position of ``generation``."""
        return generation == self._generation and self._proved
