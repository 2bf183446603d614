"""The one pipeline that analyses a position, for the window's analysis view
and the command line's ``analyse`` alike; no Tk.

A position is searched by the engine it is given within the limit it is
given (exact where there is none); where the result is not exact and
relevance zones apply (plain rules, five or more in a row), the moves it did
not prove are then given ``proof_time`` seconds of draw proofs
(:func:`ttt_gui.analysis.proving.prove_draws`), so a move that neither side can
turn into a line reads as the exact draw it is. A draw that each side holds by
a pairing of cells (:mod:`ttt_gui.engine.pairing`) is named as such. The
window then goes on proving the shown position in rounds
(:class:`ttt_gui.analysis.proving.Prover`), with the same proofs.
"""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass

from ttt_gui.analysis.proving import prove_draws
from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit, MoveAnalysis
from ttt_gui.engine.pairing import pairing_draw


class Proof(enum.Enum):
    """How a position's value is proven beyond the search itself."""

    #: Each side can answer every move in a pair of cells with its partner,
    #: so neither can ever complete a line: a draw whoever is to move.
    PAIRING = "pairing"


@dataclass(frozen=True)
class PositionAnalysis:
    """What the pipeline says of ``board``: every move's value (``moves``;
    None once the game is over) and, for a proven draw held by a pairing
    strategy, ``proof``."""

    board: Board
    moves: MoveAnalysis | None
    proof: Proof | None = None

    @property
    def best_score(self) -> int | None:
        """The value of the position for the side to move (None once over)."""
        return None if self.moves is None else max(self.moves.scores.values())

    @property
    def is_proven_draw(self) -> bool:
        """Whether the position is an exact draw with best play."""
        return self.moves is not None and self.moves.exact and self.best_score == 0


@dataclass(frozen=True)
class Analyst:
    """Analyses positions with ``engine`` within ``limit``, then proves draws
    for ``proof_time`` seconds where the search is not exact (None: no
    proofs)."""

    engine: Engine
    limit: Limit = Limit()
    proof_time: float | None = None

    def evaluate_moves(self, board: Board, *, stop: threading.Event | None = None) -> MoveAnalysis:
        """Every move's value of ``board`` (not over), the moves proven drawn
        included; ``stop`` ends the search and the proofs early."""
        analysis = self.engine.evaluate_moves(board, self.limit, stop=stop)
        if self.proof_time is not None:
            analysis = prove_draws(board, analysis, self.proof_time, stop=stop)
        return analysis

    def analyse(self, board: Board, *, stop: threading.Event | None = None) -> PositionAnalysis:
        """The whole analysis of ``board``, over or not."""
        if board.is_over:
            return PositionAnalysis(board, None)
        moves = self.evaluate_moves(board, stop=stop)
        analysis = PositionAnalysis(board, moves)
        if analysis.is_proven_draw and pairing_draw(board):
            return PositionAnalysis(board, moves, Proof.PAIRING)
        return analysis
