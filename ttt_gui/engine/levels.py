"""How a level chooses its move: the search it sees by, then a choice by value; no Tk.

A level first scores the moves as far as it can see: at lookahead 0 only by
its own move (a win in one, else the lines it grows and blocks), otherwise by
the engine's search to its lookahead and node budget. It then chooses among
them by their values, never at random among all cells:

* proven wins and losses sit on their own scale, above and below every other
  value: a win is always taken (the fastest one seen); a move it sees lose is
  never played while another does not; when every move loses it plays the
  slowest loss, the one that blocks most among those, so it still defends;
* the other moves are chosen by a softmax of their values with the level's
  temperature, among the plausible ones only: those within
  ``PLAUSIBLE_TEMPERATURES`` temperatures of the best (at temperature 0,
  only the best) and near the play (:func:`near_cells`). The temperature is
  in units of the weight of a line one mark short of a threat
  (:func:`temperature_unit`), so a level errs alike on every board.

So a lookahead of 1 or more never leaves a threat unblocked while a block
holds the game (an unblocked line is a loss in 2 it sees), and a lookahead of
2 sees a fork before the opponent makes it. The choice is reproducible from a
seed.

>>> from ttt_gui.board import Board
>>> LevelPlayer(lookahead=0, temperature=2.0, seed=1).search(Board.parse("xx./oo./...")).move
2
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass

from ttt_gui.board import Board, Player
from ttt_gui.engine.context import Limit
from ttt_gui.engine.engine import MATE_THRESHOLD, WIN, Engine, MoveAnalysis, SearchResult
from ttt_gui.engine.state import threats
from ttt_gui.engine.tables import tables_for
from ttt_gui.engine.transposition import DEFAULT_TABLE_LIMIT

#: Moves further below the best than this many temperatures are not considered.
PLAUSIBLE_TEMPERATURES = 6
#: Moves further than this (in king steps) from every mark are not considered.
NEAR = 2


@dataclass(frozen=True)
class Policy:
    """A level's choice in one position: the probability of each move it may
    play (moves it never plays are left out), and the analysis behind it."""

    probabilities: dict[int, float]
    analysis: MoveAnalysis


def instinct(board: Board) -> dict[int, int]:
    """Each legal move's value seen one move ahead, from the side to move.

    A move that completes a line scores a win in one; any other the heuristic
    points it adds: the lines it grows (free of the opponent's marks), each
    weighted by the marks in it, and the opponent's threats (lines one mark
    short) it blocks. A threat is thus a strong line to block, not a loss seen
    coming, and a shorter line of the opponent's goes unnoticed. Under misère
    the signs turn: completing a line is a loss in one, and growing lines or
    filling the cell the opponent must avoid counts against the move.
    Under the exact rule a move that would make an overline completes nothing.
    """
    tables = tables_for(board.geometry)
    weights, k = tables.weights, board.win_length
    sign = -1 if board.misere else 1
    me, opp = board.x_bits, board.o_bits
    if board.turn is Player.O:
        me, opp = opp, me
    winning = threats(me, opp, board.geometry)
    values: dict[int, int] = {}
    for move in board.legal_moves():
        value = 0
        for mask in tables.through_masks[move]:
            mine, theirs = (mask & me).bit_count(), (mask & opp).bit_count()
            if not theirs:
                if mine + 1 == k:
                    if winning >> move & 1:
                        value = sign * (WIN - 1)
                        break
                    continue  # an overline under the exact rule
                value += weights[mine + 1] - weights[mine]
            elif not mine and theirs + 1 == k:
                value += weights[theirs]
        values[move] = value if abs(value) == WIN - 1 else sign * value
    return values


def temperature_unit(board: Board) -> int:
    """Heuristic points of a line one mark short of a threat: 1 on 3x3."""
    return tables_for(board.geometry).weights[max(1, board.win_length - 2)]


def near_cells(board: Board) -> set[int]:
    """Empty cells at most ``NEAR`` king steps from a mark (from the centre of
    an empty board): where a person looks for a move."""
    rows, cols = board.rows, board.cols
    marks = [cell for cell in range(board.cells) if board[cell] is not None]
    if not marks:
        marks = [
            row * cols + col
            for row in {(rows - 1) // 2, rows // 2}
            for col in {(cols - 1) // 2, cols // 2}
        ]
    near = set()
    for mark in marks:
        row, col = divmod(mark, cols)
        for r in range(max(0, row - NEAR), min(rows, row + NEAR + 1)):
            for c in range(max(0, col - NEAR), min(cols, col + NEAR + 1)):
                near.add(r * cols + c)
    return {cell for cell in near if board[cell] is None}


def choice_probabilities(
    scores: dict[int, int], temperature: float, board: Board
) -> dict[int, float]:
    """The probability of each move a level may play, from its ``scores``
    (on the engine's scale; see the module docstring for the rules)."""
    best = max(scores.values())
    if best > MATE_THRESHOLD or best < -MATE_THRESHOLD or temperature <= 0:
        chosen = [move for move, score in scores.items() if score == best]
        if best < -MATE_THRESHOLD and len(chosen) > 1:
            defence = instinct(board)
            most = max(defence[move] for move in chosen)
            chosen = [move for move in chosen if defence[move] == most]
        return {move: 1 / len(chosen) for move in sorted(chosen)}
    floor = best - PLAUSIBLE_TEMPERATURES * temperature
    near = near_cells(board)
    weights = {
        move: math.exp((score - best) / temperature)
        for move, score in sorted(scores.items())
        if score >= floor and score >= -MATE_THRESHOLD and move in near
    }
    if not weights:  # nothing near the play looks plausible: the best then
        return choice_probabilities(scores, 0.0, board)
    total = sum(weights.values())
    return {move: weight / total for move, weight in weights.items()}


class LevelPlayer:
    """The computer at one level: :meth:`policy` says how it may play a
    position, :meth:`search` plays one move (an engine's interface).

    ``lookahead`` is in plies (0: :func:`instinct` only; None: to the end),
    ``budget``'s time and nodes bound the search (with the lookahead as its
    depth, they make :attr:`limit`; a node budget alone is reproducible),
    ``temperature`` is in units of :func:`temperature_unit` (0: always a
    best move). Moves are drawn reproducibly from ``seed``. A bounded search
    starts from an empty table, so what a level sees depends on the position
    alone, never on what it searched before; an exact search (no bound)
    keeps its table. The top level (``lookahead`` None) searches selectively
    where solving is out of reach (see :class:`~ttt_gui.engine.engine.Engine`).
    """

    def __init__(
        self,
        lookahead: int | None,
        temperature: float,
        *,
        budget: Limit | None = None,
        seed: int | None = None,
        table_limit: int = DEFAULT_TABLE_LIMIT,
    ) -> None:
        if lookahead is not None and lookahead < 0:
            raise ValueError(f"lookahead must be 0 or more, or None, not {lookahead}")
        if temperature < 0:
            raise ValueError(f"temperature must be 0 or more, not {temperature}")
        self.lookahead = lookahead
        self.temperature = temperature
        time, nodes = (budget.time, budget.nodes) if budget is not None else (None, None)
        self.limit = Limit(time=time, depth=lookahead or None, nodes=nodes)
        self.engine = Engine(seed=seed, table_limit=table_limit, selective=lookahead is None)
        self._random = random.Random(seed)

    def policy(self, board: Board, *, stop: threading.Event | None = None) -> Policy:
        """How this level may play ``board``; raises ValueError if the game is over.

        A ``stop`` set before or during the search cuts it short, as for
        :meth:`Engine.search`.
        """
        if board.is_over:
            raise ValueError("the game is over: there is no move to search")
        temperature = self.temperature * temperature_unit(board)
        if self.lookahead == 0:
            started = time.perf_counter()
            scores = instinct(board)
            elapsed = time.perf_counter() - started
            best = [move for move, score in scores.items() if score == max(scores.values())]
            analysis = MoveAnalysis(scores, 1, False, len(scores), elapsed, best)
        else:
            if self.lookahead is not None or self.limit.nodes is not None:
                self.engine.clear()
            within = math.floor(PLAUSIBLE_TEMPERATURES * temperature)
            analysis = self.engine.evaluate_moves(board, self.limit, stop=stop, within=within)
        return Policy(choice_probabilities(analysis.scores, temperature, board), analysis)

    def search(self, board: Board, *, stop: threading.Event | None = None) -> SearchResult:
        """One move drawn from :meth:`policy`, scored as this level sees it."""
        policy = self.policy(board, stop=stop)
        moves = list(policy.probabilities)
        move = self._random.choices(moves, [policy.probabilities[m] for m in moves])[0]
        return policy.analysis.result(move, (move,))
