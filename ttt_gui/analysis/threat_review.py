"""Review of a game on a Gomoku board by forced wins by threats; no Tk.

Where :func:`~ttt_gui.analysis.forced_wins.threats_decide` (plain rules,
five or more in a row, 49 cells or more), :func:`ttt_gui.analysis.review.review_game`
reviews a game here: a search to the depth a review can afford sees nothing
of how such games are lost, so the marks rest on the forced wins the
threat searches prove (:class:`~ttt_gui.analysis.forced_wins.ThreatProver`),
and the other values are estimates of a small search.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ttt_gui.analysis.forced_wins import ForcedWin, ThreatBudget, ThreatProver, game_budgets
from ttt_gui.analysis.reviewed import GameReview, Mark, MoveReview, Progress, ReviewStopped
from ttt_gui.board import Board
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit

#: Where no depth is asked for, the estimates of a review by threats search
#: this many positions each (a few hundredths of a second).
ESTIMATE_NODES = 2_000


def review_by_threats(
    start: Board,
    moves: Sequence[int],
    engine: Engine,
    *,
    limit: Limit = Limit(),
    budget: ThreatBudget | None = None,
    stop: threading.Event | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review ``moves`` played from ``start`` on a board where
    :func:`~ttt_gui.analysis.forced_wins.threats_decide`: each position is
    searched for the side to move's forced win by threats within ``budget``
    (None: each side's of :func:`~ttt_gui.analysis.forced_wins.game_budgets`,
    the winner's wins searched furthest where the game was won), and a move
    is marked

    * *mistake* when after it the other side has a forced win while before
      it the mover was not proven lost and had a move that leaves none (the
      better move named; its value is the mover's own forced win, or an
      estimate);
    * *inaccuracy* when the mover had a forced win, did not play its first
      move, and has none found after the reply (if the game goes on);
    * *best* otherwise, a loss already proven included.

    A value that is no forced win is an estimate: ``engine``'s search to
    ``limit.depth`` plies if given, else of ``ESTIMATE_NODES`` positions.
    Raises IllegalMoveError for a move that is not legal (before any search),
    and ReviewStopped once ``stop`` is set (seen between searches, each
    bounded by ``budget.seconds``)."""
    reviewer = _ThreatReviewer(start, moves, engine, limit, budget, stop)
    reviewed: list[MoveReview] = []
    for index in range(len(moves)):
        reviewed.append(reviewer.review(index))
        remarked = reviewer.blamed_earlier(index, reviewed)
        if remarked is not None:
            reviewed[index + 1 - len(remarked) :] = remarked
        if progress is not None:
            progress(index + 1, len(moves))
    return GameReview(start, tuple(reviewed), by_threats=True)


class _ThreatReviewer:
    """The positions of one game reviewed by threats, and what is known of
    them: the estimates searched and the positions proven lost."""

    def __init__(
        self,
        start: Board,
        moves: Sequence[int],
        engine: Engine,
        limit: Limit,
        budget: ThreatBudget | None,
        stop: threading.Event | None,
    ) -> None:
        self.start, self.moves, self.engine, self.stop = start, list(moves), engine, stop
        self.boards = [start]
        for move in moves:
            self.boards.append(self.boards[-1].play(move))  # checks the move first
        if budget is None:  # the winner's wins searched furthest
            budgets = game_budgets(self.boards[-1].winner)
            self.prover = ThreatProver(start.geometry, budgets=budgets)
        else:
            self.prover = ThreatProver(start.geometry, budget)
        self.estimate_limit = (
            Limit(depth=limit.depth) if limit.depth is not None else Limit(nodes=ESTIMATE_NODES)
        )
        self._searched: dict[int, tuple[int, int]] = {}

    def check_stop(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise ReviewStopped

    def searched(self, index: int) -> tuple[int, int]:
        """(score from the side to move, depth) of position ``index`` (not over)."""
        if index not in self._searched:
            self.check_stop()
            result = self.engine.search(self.boards[index], self.estimate_limit, stop=self.stop)
            self._searched[index] = (result.score, result.depth)
        return self._searched[index]

    def estimate(self, index: int) -> tuple[int, int]:
        """As :meth:`searched`, averaged with the next position's (negated)
        unless either is a win or loss: a search to an odd depth and one to
        an even depth favour different sides, and the average of the two
        does not swing from move to move."""
        score, depth = self.searched(index)
        if index + 1 < len(self.boards) and not self.boards[index + 1].is_over:
            next_score, next_depth = self.searched(index + 1)
            if max(abs(score), abs(next_score)) <= MATE_THRESHOLD:
                return (score - next_score) // 2, min(depth, next_depth)
        return score, depth

    def win(self, index: int) -> ForcedWin | None:
        """The forced win of the side to move in position ``index``, if found."""
        self.check_stop()
        found = self.prover.win(self.boards[index])
        self.check_stop()  # a search stopped may have missed its win
        return found

    def proven_lost(self, index: int) -> bool:
        """Whether the side to move in position ``index`` is proven lost:
        the other side began its forced win with the last move, or the
        estimate's own search proved the loss."""
        before = self.win(index - 1) if index > 0 else None
        if before is not None and self.moves[index - 1] == before.move:
            return True
        return self.searched(index)[0] < -MATE_THRESHOLD

    def number(self, index: int) -> int:
        return self.start.move_count + index + 1

    def review(self, index: int) -> MoveReview:
        """The review of move ``index``."""
        board, after, move = self.boards[index], self.boards[index + 1], self.moves[index]
        number = self.number(index)
        proven_lost = self.proven_lost(index)
        score, depth = self.estimate(index)
        own = None if proven_lost else self.win(index)
        if own is not None:
            score = WIN - own.plies
        if after.is_over:
            played = WIN - 1 if after.winner is not None else 0
            return _threat_move(number, board, move, Mark.BEST, {move: played}, depth)
        theirs = self.win(index + 1)
        if theirs is not None:
            played = -(WIN - theirs.plies - 1)
            hold = None if proven_lost else self.prover.holding_move(board, besides=(move,))
            if hold is None:  # lost already, as far as the searches tell
                return _threat_move(number, board, move, Mark.BEST, {move: played}, depth)
            held = score if own is not None and hold == own.move else self.estimate(index)[0]
            scores = {move: played, hold: held}
            return _threat_move(number, board, move, Mark.MISTAKE, scores, depth)
        if (
            own is not None
            and move != own.move
            and index + 2 < len(self.boards)  # else the record ends: unknown
            and self.win(index + 2) is None
        ):
            played = -self.estimate(index + 1)[0]
            scores = {move: played, own.move: score}
            return _threat_move(number, board, move, Mark.INACCURACY, scores, depth)
        return _threat_move(number, board, move, Mark.BEST, {move: score}, depth)

    def blamed_earlier(self, index: int, reviewed: list[MoveReview]) -> list[MoveReview] | None:
        """The reviews of moves ``index - 2n`` to ``index`` again when move
        ``index`` is the first to leave the other side a forced win but no
        move tried holds: every move of the mover is then searched, and
        where each loses, the mover was lost before it, won by the other
        side's last move; its own move before that is the mistake if another
        move holds there, else the search goes one move pair further back
        (within ``EARLIER_PAIRS``). None where nothing changes."""
        current = reviewed[index]
        if current.mark is not Mark.BEST or current.played_score > -MATE_THRESHOLD:
            return None
        if index >= 2 and reviewed[index - 2].played_score < -MATE_THRESHOLD:
            return None  # not the first: the mover's move before lost already
        if self.proven_lost(index):
            score = self.searched(index)[0]
            if score > -MATE_THRESHOLD:
                return None  # lost to a forced win begun by the other side's move
            lost = {index: WIN + score}  # the estimate's search proved the loss
        else:
            move = self.moves[index]
            self.check_stop()
            defence = self.prover.defence(self.boards[index], besides=(move,))
            if defence is None:
                return None
            if defence.move is not None:  # a move held after all
                scores = {move: current.played_score, defence.move: self.estimate(index)[0]}
                return [self._remark(index, Mark.MISTAKE, scores)]
            lost = {index: max(defence.plies, WIN + current.played_score)}
        for earlier in range(index - 2, max(index - 2 * EARLIER_PAIRS, 0) - 1, -2):
            if any(review.mark is Mark.MISTAKE for review in reviewed[earlier:index]):
                return None
            if self.proven_lost(earlier) or reviewed[earlier].played_score < -MATE_THRESHOLD:
                return None  # lost before: no move of it to blame
            played = -(WIN - lost[earlier + 2] - 2)
            self.check_stop()
            defence = self.prover.defence(
                self.boards[earlier],
                besides=(self.moves[earlier],),
                first=(self.moves[earlier + 1],),  # where the other side went on
            )
            if defence is None:
                return None
            if defence.move is not None:
                own = self.win(earlier)
                held = self.estimate(earlier)[0]
                if own is not None and own.move == defence.move:
                    held = WIN - own.plies
                scores = {self.moves[earlier]: played, defence.move: held}
                remarked = [self._remark(earlier, Mark.MISTAKE, scores)]
                for later in range(earlier + 1, index + 1):
                    if later in lost:
                        value = -(WIN - lost[later])
                    else:  # the other side's move won
                        value = WIN - lost[later + 1] - 1
                    remarked.append(self._remark(later, Mark.BEST, {self.moves[later]: value}))
                return remarked
            lost[earlier] = max(defence.plies, WIN + played)
        return None

    def _remark(self, index: int, mark: Mark, scores: dict[int, int]) -> MoveReview:
        """Move ``index`` reviewed again with ``mark`` and ``scores``."""
        board, move = self.boards[index], self.moves[index]
        return _threat_move(self.number(index), board, move, mark, scores, self.estimate(index)[1])


#: How many of the mover's own moves a review by threats looks back from the
#: first move after which the other side's forced win was found, when the
#: mover had no better move there.
EARLIER_PAIRS = 3


def _threat_move(
    number: int, board: Board, move: int, mark: Mark, scores: dict[int, int], depth: int
) -> MoveReview:
    """A move reviewed by threats: ``scores`` the played move's and, unless
    it is best, the better move's (listed after it); a win or loss is proven."""
    proven = frozenset(cell for cell, score in scores.items() if abs(score) > MATE_THRESHOLD)
    better = tuple(cell for cell in scores if cell != move)
    return MoveReview(number, board, move, mark, scores, False, depth, better, proven)
