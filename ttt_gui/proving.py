"""Proving: the shown analysis of a position too large to solve in the think
time, searched again and again with doubling time until it is proven; no Tk.

While the analysis is shown and the position stays the same, the session asks
for one proving round after another (:meth:`Prover.round`), each a search of
every move's value given twice the time of the round before (the first, twice
the think time). Every round runs on the prover's one engine, whose
transposition table is kept between rounds, so a round starts from the work
of those before it. A round's result replaces the shown analysis when it is
deeper or proven (:meth:`Prover.accept`); a proven one ends the proving.

The rounds are the least urgent searches: they run only when nothing else is
wanted, and like every search they are cancelled by their job's stop token.
The doubling bounds the work repeated by restarting: all rounds together take
at most about twice the time of the last.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ttt_gui.board import Board
from ttt_gui.engine import Engine, MoveAnalysis

#: The first round's time, in think times; each later round's time doubles.
FIRST_ROUND_THINK_TIMES = 2.0
#: The time (s) the first round takes when there is no think time.
FIRST_ROUND_WITHOUT_THINK_TIME = 1.0


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


@dataclass(frozen=True)
class ProvingRound:
    """Round ``number`` (0 for the first) of proving: every move's value,
    searched on the prover's ``engine`` for ``budget`` seconds on ``clock``."""

    number: int
    budget: float
    engine: Engine
    clock: Callable[[], float]

    def evaluate_moves(self, board: Board, *, stop: threading.Event | None = None) -> MoveAnalysis:
        """The analysis of ``board`` by the deepest search finished within the
        budget (exact if it reached every game end); ``stop`` ends it early."""
        outer = stop if stop is not None else threading.Event()
        token = RoundToken(outer, self.clock() + self.budget, self.clock)
        return self.engine.evaluate_moves(board, stop=token)


class Prover:
    """The proving of the position of one ``generation`` at a time: how many
    rounds it has had, and whether one proved it.

    ``clock`` times the rounds (tests pass one that moves on each reading, so
    a round's length is counted in positions searched); ``table_limit`` bounds
    the engine's table, as for :class:`~ttt_gui.engine.Engine`.
    """

    def __init__(
        self, *, table_limit: int, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        # Deepening without a limit of its own: each round's token ends it.
        self.engine = Engine(time_limit=math.inf, randomize=False, table_limit=table_limit)
        self.clock = clock
        self._generation = -1
        self.rounds = 0  # rounds finished for the position of ``_generation``
        self._proved = False

    def _follow(self, generation: int) -> None:
        """Start counting afresh for a new position."""
        if generation != self._generation:
            self._generation, self.rounds, self._proved = generation, 0, False

    def round(self, generation: int, think_time: float | None) -> ProvingRound:
        """The next round for the position of ``generation`` (asking twice for
        it gives the same round until one is accepted)."""
        self._follow(generation)
        first = FIRST_ROUND_WITHOUT_THINK_TIME
        if think_time is not None:
            first = FIRST_ROUND_THINK_TIMES * think_time
        return ProvingRound(self.rounds, first * 2**self.rounds, self.engine, self.clock)

    def accept(self, generation: int, shown: MoveAnalysis, found: MoveAnalysis) -> bool:
        """Count a finished round of the position of ``generation``; whether
        its analysis ``found`` should replace the ``shown`` one (it is proven,
        or deeper)."""
        self._follow(generation)
        self.rounds += 1
        self._proved = found.exact
        return found.exact or (not shown.exact and found.depth > shown.depth)

    def has_proved(self, generation: int) -> bool:
        """Whether a round proved the position of ``generation``."""
        return generation == self._generation and self._proved
