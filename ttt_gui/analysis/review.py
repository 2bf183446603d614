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
rest on forced wins by threats instead
(:func:`ttt_gui.analysis.threat_review.review_by_threats`): the first move
after which the other side has a forced win of fours and threes, where
another move left it none, is the mistake, the value before it an
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
    threats_decide,
)
from ttt_gui.analysis.values import Reading, Value
from ttt_gui.board import Board, Player
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit, MoveAnalysis
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
    #: Whether the marks rest on forced wins by threats
    #: (:mod:`ttt_gui.analysis.threat_review`).
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
        from ttt_gui.analysis.threat_review import review_by_threats  # it builds on this module

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


class ReviewStopped(Exception):
    """A review whose stop token was set before it finished."""
