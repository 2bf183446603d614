"""Game review: every move judged against the engine's values; no Tk.

For each move of a game the engine scores every legal move of the position
before it (:meth:`Engine.evaluate_moves`, scores from the side to move) and
the move played is marked:

* *best*: its value equals the best move's (same outcome, as fast as any);
* *inaccuracy*: same outcome, but a slower win or a faster loss;
* *mistake*: the outcome changed (win to draw, draw to loss, win to loss).

An outcome counts only where the search proved it: a mate score (a win or
loss the search saw to the end) always, a draw only when the whole analysis
is exact. On boards the engine cannot solve in its think time, a move is a
mistake only if the search proved it loses while the best move was not
proven lost; a move that gives up a proven win without a proven loss, or
falls ``HEURISTIC_MARGIN`` or more below the best heuristic value, is an
inaccuracy; smaller heuristic differences are within what the search can
tell and count as best.

On Gomoku boards (:func:`~ttt_gui.analysis.forced_wins.threats_decide`: plain
rules, five or more in a row, 49 cells or more) a search to a depth the
review can afford sees nothing of how such games are lost, so the marks
rest on forced wins by threats instead (:func:`review_by_threats`): the
first move after which the other side has a forced win of fours and threes,
where another move left it none, is the mistake, the value before it an
estimate and the one after it "a loss in N moves".

Values in words name the side they favour: a kept value reads "X wins in 3
moves" or "O is slightly better", never the engine's points.

>>> from ttt_gui.engine import Engine
>>> review = review_game(Board.parse("xx./oo./..."), (6, 5), Engine())
>>> for move in review.moves:
...     print(move.coordinate, move.mark.value, move.change, sep=": ")
a3: mistake: X could win in 1 move, now O wins in 1 move
c2: best: O wins in 1 move
>>> for line in review.summary().split("; "):
...     print(line)
X: 0 best, 0 inaccuracies, 1 mistake (move 5: a3 lost the win)
O: 1 best, 0 inaccuracies, 0 mistakes
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ttt_gui.analysis.forced_wins import threats_decide
from ttt_gui.analysis.reviewed import (
    GameReview,
    Mark,
    MoveReview,
    Progress,
    ReviewStopped,
    best_is_exact,
    proven_outcome,
)
from ttt_gui.analysis.threat_review import review_by_threats
from ttt_gui.board import Board
from ttt_gui.engine import UNMEASURED_WIN, Engine, Limit, MoveAnalysis

__all__ = [
    "HEURISTIC_MARGIN",
    "GameReview",
    "Mark",
    "MoveReview",
    "Progress",
    "ReviewStopped",
    "judge",
    "proven_outcome",
    "review_by_threats",
    "review_game",
    "review_move",
]

#: A heuristic value this much below the best marks an inaccuracy: in points
#: of the engine's scale, the same on every board (the words' steps are read
#: per board kind: :func:`ttt_gui.analysis.values.scale_of`).
HEURISTIC_MARGIN = 25


def judge(
    best: int, played: int, exact: bool, *, best_proven: bool = False, played_proven: bool = False
) -> Mark:
    """The mark of a move scored ``played`` where the best move scores ``best``
    (both from the mover's side, from one analysis; ``exact`` as above, and
    ``best_proven``, ``played_proven`` when a best move's score or the played
    one's is exact on its own). A win or loss of the same outcome as the
    best's is no inaccuracy where either distance is unmeasured."""
    if played >= best:
        return Mark.BEST
    best_outcome = proven_outcome(best, exact or best_proven)
    played_outcome = proven_outcome(played, exact or played_proven)
    if best_outcome is not None and played_outcome is not None:
        if played_outcome < best_outcome:
            return Mark.MISTAKE
        # The same outcome: slower only if both distances are known.
        unmeasured = UNMEASURED_WIN in (abs(best), abs(played))
        return Mark.BEST if unmeasured else Mark.INACCURACY
    if played_outcome == -1:
        return Mark.MISTAKE  # the loss is proven; the best move's was not
    if best_outcome == 1 or best - played >= HEURISTIC_MARGIN:
        return Mark.INACCURACY
    return Mark.BEST


def review_move(number: int, board: Board, move: int, analysis: MoveAnalysis) -> MoveReview:
    """Judge ``move`` in ``board`` from ``analysis`` (every legal move scored)."""
    scores = dict(analysis.scores)
    best = max(scores.values())
    exact, depth, proven = analysis.exact, analysis.depth, analysis.proven
    best_proven = best_is_exact(scores, analysis.is_exact)
    played_proven = analysis.is_exact(move)
    mark = judge(best, scores[move], exact, best_proven=best_proven, played_proven=played_proven)
    better = () if mark is Mark.BEST else tuple(m for m, s in scores.items() if s == best)
    return MoveReview(number, board, move, mark, scores, exact, depth, better, proven)


def review_game(
    start: Board,
    moves: Sequence[int],
    engine: Engine,
    *,
    limit: Limit = Limit(),
    stop: threading.Event | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review ``moves`` played from ``start`` with ``engine``, each position
    searched within ``limit`` (none: exact; else as far as it searches).
    Raises IllegalMoveError for a move that is not legal, and ReviewStopped
    once ``stop`` is set."""
    if threats_decide(start.geometry):
        return review_by_threats(start, moves, engine, limit=limit, stop=stop, progress=progress)
    reviewed = []
    board = start
    for index, move in enumerate(moves):
        if stop is not None and stop.is_set():
            raise ReviewStopped
        after = board.play(move)  # checks the move first
        analysis = engine.evaluate_moves(board, limit, stop=stop)
        if stop is not None and stop.is_set():
            raise ReviewStopped  # the analysis may be cut short
        reviewed.append(review_move(start.move_count + index + 1, board, move, analysis))
        board = after
        if progress is not None:
            progress(index + 1, len(moves))
    return GameReview(start, tuple(reviewed))
