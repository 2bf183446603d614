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
moves" or "O slightly better", never the engine's points.

>>> from ttt_gui.engine import Engine
>>> review = review_game(Board.parse("xx./oo./..."), (6, 5), Engine())
>>> for move in review.moves:
...     print(move.coordinate, move.mark.value, move.change, sep=": ")
a3: mistake: was a win in 1 move, now a loss in 1 move
c2: best: O wins in 1 move
>>> for line in review.summary().split("; "):
...     print(line)
X: 0 best, 0 inaccuracies, 1 mistake (move 5: a3 lost the win)
O: 1 best, 0 inaccuracies, 0 mistakes
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ttt_gui.analysis.forced_wins import (
    ForcedWin,
    ThreatBudget,
    ThreatProver,
    game_budgets,
    threats_decide,
)
from ttt_gui.analysis.values import Reading, Value
from ttt_gui.board import Board, Player
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit, MoveAnalysis
from ttt_gui.words import gettext, ngettext, pgettext

#: A heuristic value this much below the best marks an inaccuracy (the step
#: from "slightly better" to "better" in the analysis words).
HEURISTIC_MARGIN = 25

#: Called after each reviewed move with (moves reviewed, moves in all).
Progress = Callable[[int, int], None]


class Mark(enum.Enum):
    """How good a move was, from the engine's values."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"

    def counted(self, count: int) -> str:
        """``count`` moves with this mark in words: ``"1 mistake"``, ``"2 best"``."""
        if self is Mark.BEST:
            # TRANSLATORS: a review's count of the moves that were the best ones.
            message = ngettext("{count} best", "{count} best", count)
        elif self is Mark.INACCURACY:
            # TRANSLATORS: a review's count of moves that kept the result but played it worse.
            message = ngettext("{count} inaccuracy", "{count} inaccuracies", count)
        else:
            # TRANSLATORS: a review's count of moves that changed the result for the worse.
            message = ngettext("{count} mistake", "{count} mistakes", count)
        return message.format(count=count)

    @property
    def label(self) -> str:
        """The mark in the player's language (``value`` is its id in the JSON)."""
        if self is Mark.BEST:
            # TRANSLATORS: a reviewed move's mark: the best move (or as good).
            return pgettext("review mark", "best")
        if self is Mark.INACCURACY:
            # TRANSLATORS: a reviewed move's mark: a move a little worse than the best.
            return pgettext("review mark", "inaccuracy")
        # TRANSLATORS: a reviewed move's mark: a move that changed the game's result.
        return pgettext("review mark", "mistake")

    @property
    def symbol(self) -> str:
        """The move list's sign, as in chess notation: ``✓``, ``?!``, ``?``."""
        return {Mark.BEST: "✓", Mark.INACCURACY: "?!", Mark.MISTAKE: "?"}[self]


def proven_outcome(score: int, exact: bool) -> int | None:
    """1 for a proven win, -1 for a proven loss, 0 for a proven draw, None when
    the score is a heuristic estimate (``exact``: the analysis was exact)."""
    if score > MATE_THRESHOLD:
        return 1
    if score < -MATE_THRESHOLD:
        return -1
    return 0 if exact else None


def judge(
    best: int, played: int, exact: bool, *, best_proven: bool = False, played_proven: bool = False
) -> Mark:
    """The mark of a move scored ``played`` where the best move scores ``best``
    (both from the mover's side, from one analysis; ``exact`` as above, and
    ``best_proven``, ``played_proven`` when a best move's score or the played
    one's is exact on its own)."""
    if played >= best:
        return Mark.BEST
    best_outcome = proven_outcome(best, exact or best_proven)
    played_outcome = proven_outcome(played, exact or played_proven)
    if best_outcome is not None and played_outcome is not None:
        return Mark.MISTAKE if played_outcome < best_outcome else Mark.INACCURACY
    if played_outcome == -1:
        return Mark.MISTAKE  # the loss is proven; the best move's was not
    if best_outcome == 1 or best - played >= HEURISTIC_MARGIN:
        return Mark.INACCURACY
    return Mark.BEST


def best_is_exact(scores: dict[int, int], is_exact: Callable[[int], bool]) -> bool:
    """Whether the best of ``scores`` is exact: a move scoring it is."""
    best = max(scores.values())
    return any(is_exact(move) for move, score in scores.items() if score == best)


def was_words(value: Value, mover: Player) -> str:
    """The value a position had for ``mover`` before its move, as a clause:
    ``"was a draw"``; an estimate names the side it favoured (``"O was ahead"``)."""
    reading, moves = value.reading, value.moves or 0
    if reading is Reading.WIN:
        # TRANSLATORS: the value before a move: the mover could win in {moves} moves.
        message = ngettext("was a win in {moves} move", "was a win in {moves} moves", moves)
    elif reading is Reading.LOSS:
        message = ngettext("was a loss in {moves} move", "was a loss in {moves} moves", moves)
    elif reading is Reading.DRAW:
        message = gettext("was a draw")
    elif value.advantage == 0:
        message = gettext("was about even")
    else:
        # TRANSLATORS: an estimate before a move, not proven: {player} (X or O) stood better.
        message = gettext("{player} was ahead")
    return message.format(moves=moves, player=_favoured(value, mover).value)


def now_words(value: Value, mover: Player) -> str:
    """The value a move of ``mover`` left, as a clause: ``"now a loss in 3
    moves"``; an estimate names the side it favours (``"now X is ahead"``)."""
    reading, moves = value.reading, value.moves or 0
    if reading is Reading.WIN:
        # TRANSLATORS: the value after a move: the mover can still win in {moves} moves.
        message = ngettext("now a win in {moves} move", "now a win in {moves} moves", moves)
    elif reading is Reading.LOSS:
        message = ngettext("now a loss in {moves} move", "now a loss in {moves} moves", moves)
    elif reading is Reading.DRAW:
        message = gettext("now a draw")
    elif value.advantage == 0:
        message = gettext("now about even")
    else:
        # TRANSLATORS: an estimate after a move, not proven: {player} (X or O) stands better.
        message = gettext("now {player} is ahead")
    return message.format(moves=moves, player=_favoured(value, mover).value)


def _favoured(value: Value, mover: Player) -> Player:
    """The side an estimate from ``mover``'s side favours (``mover`` when even)."""
    return mover if value.score >= 0 else mover.other


@dataclass(frozen=True)
class MoveReview:
    """One move judged: ``board`` is the position before it, ``number`` its move
    number in the game (1 for the first move from an empty board), ``scores``
    every legal move's score from the mover's side, ``better`` the best moves
    when the one played is not among them; ``proven`` the moves whose scores
    are exact when the analysis is not."""

    number: int
    board: Board
    move: int
    mark: Mark
    scores: dict[int, int]
    exact: bool
    depth: int
    better: tuple[int, ...]
    proven: frozenset[int] = frozenset()

    @property
    def player(self) -> Player:
        return self.board.turn

    @property
    def coordinate(self) -> str:
        return self.board.coordinate(self.move)

    @property
    def best_score(self) -> int:
        return max(self.scores.values())

    @property
    def played_score(self) -> int:
        return self.scores[self.move]

    def is_exact(self, move: int) -> bool:
        """Whether ``move``'s score is exact (all are in an exact analysis)."""
        return self.exact or move in self.proven

    @property
    def best_is_exact(self) -> bool:
        """Whether the best score is exact: a move scoring it is proven."""
        return best_is_exact(self.scores, self.is_exact)

    @property
    def is_proven(self) -> bool:
        """Whether the mark rests on proven values only."""
        return self.exact or self.mark is Mark.MISTAKE

    @property
    def change(self) -> str:
        """The value before and after in words: ``"was a draw, now a loss in 2 moves"``,
        or the kept value (``"a draw"``) for a best move."""
        before = Value(self.best_score, self.best_is_exact)
        if self.mark is Mark.BEST:
            return before.phrase(self.player)
        after = Value(self.played_score, self.is_exact(self.move))
        # TRANSLATORS: how a move changed the value: {before} is a clause such as "was a
        # draw", {after} one such as "now a loss in 3 moves".
        message = gettext("{before}, {after}")
        return message.format(
            before=was_words(before, self.player), after=now_words(after, self.player)
        )

    @property
    def better_coordinates(self) -> tuple[str, ...]:
        return tuple(self.board.coordinate(move) for move in self.better)

    def blunder_note(self) -> str:
        """For a mistake: ``"move 4: b1 lost the draw"``."""
        outcome = proven_outcome(self.best_score, self.best_is_exact)
        if outcome == 1:
            sentence = gettext("move {number}: {coordinate} lost the win")
        elif outcome == 0:
            sentence = gettext("move {number}: {coordinate} lost the draw")
        else:
            sentence = gettext("move {number}: {coordinate} lost the game")
        return sentence.format(number=self.number, coordinate=self.coordinate)


@dataclass(frozen=True)
class GameReview:
    """The review of the moves of a game played from ``start``."""

    start: Board
    moves: tuple[MoveReview, ...]
    #: Whether the marks rest on forced wins by threats (:func:`review_by_threats`).
    by_threats: bool = False

    @property
    def is_exact(self) -> bool:
        return all(move.exact for move in self.moves)

    @property
    def depth(self) -> int:
        """The shallowest depth an approximate position was searched to (0 if none)."""
        return min((move.depth for move in self.moves if not move.exact), default=0)

    def counts(self, player: Player) -> dict[Mark, int]:
        """How many of ``player``'s moves got each mark."""
        counts = dict.fromkeys(Mark, 0)
        for move in self.moves:
            if move.player is player:
                counts[move.mark] += 1
        return counts

    def summary(self) -> str:
        """One line per game: ``"X: 7 best, 1 inaccuracy, 0 mistakes; O: ..."``, with
        the mistakes named, and ``"approximate, depth 6"`` where not exact."""
        # TRANSLATORS: what separates the players' reviews, and the mistakes named
        # in one: keep the spacing and punctuation your language uses ("；" in Chinese).
        separator = pgettext("between the parts of a review", "; ")
        parts = []
        for player in Player:
            if not any(move.player is player for move in self.moves):
                continue
            counts = self.counts(player)
            # TRANSLATORS: a player's moves in a review: "7 best, 1 inaccuracy, 0 mistakes".
            words = gettext("{best}, {inaccuracies}, {mistakes}").format(
                best=Mark.BEST.counted(counts[Mark.BEST]),
                inaccuracies=Mark.INACCURACY.counted(counts[Mark.INACCURACY]),
                mistakes=Mark.MISTAKE.counted(counts[Mark.MISTAKE]),
            )
            notes = [
                move.blunder_note()
                for move in self.moves
                if move.player is player and move.mark is Mark.MISTAKE
            ]
            if notes:
                part = gettext("{player}: {counts} ({mistakes})").format(
                    player=player.value, counts=words, mistakes=separator.join(notes)
                )
            else:
                part = gettext("{player}: {counts}").format(player=player.value, counts=words)
            parts.append(part)
        text = separator.join(parts) if parts else gettext("No moves to review")
        if self.by_threats:
            # TRANSLATORS: a Gomoku review: the losses are proven by threats (fours and
            # threes), the other values are estimates searched {depth} moves deep.
            text = gettext(
                "{review} — losses proven by threats, other values approximate, depth {depth}"
            ).format(review=text, depth=self.depth)
        elif not self.is_exact:
            text = gettext("{review} — approximate, depth {depth}").format(
                review=text, depth=self.depth
            )
        return text


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


class ReviewStopped(Exception):
    """A review whose stop token was set before it finished."""
