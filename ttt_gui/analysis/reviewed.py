"""A game's review as it is shown: the marks, each move reviewed with its
value before and after in words, and the summary; no Tk.

:mod:`ttt_gui.analysis.review` fills these in from the engine's values, and
:mod:`ttt_gui.analysis.threat_review` from forced wins by threats.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from ttt_gui.analysis.values import Clause, Value, scale_of
from ttt_gui.board import Board, Player
from ttt_gui.engine import MATE_THRESHOLD
from ttt_gui.words import gettext, ngettext, pgettext

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


def best_is_exact(scores: dict[int, int], is_exact: Callable[[int], bool]) -> bool:
    """Whether the best of ``scores`` is exact: a move scoring it is."""
    best = max(scores.values())
    return any(is_exact(move) for move, score in scores.items() if score == best)


@dataclass(frozen=True)
class MoveReview:
    """One move judged: ``board`` is the position before it, ``number`` its move
    number in the game (1 for the first move from an empty board), ``scores``
    every legal move's score from the mover's side (in a review by threats
    the played and the better move's only), ``better`` the best moves
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
        """The value before and after in words, naming the side each favours:
        ``"was a draw, now O wins in 2 moves"``, or the kept value
        (``"a draw"``, ``"O is better"``) for a best move."""
        scale = scale_of(self.board.geometry)
        before = Value(self.best_score, self.best_is_exact, scale)
        if self.mark is Mark.BEST:
            return before.phrase(self.player)
        after = Value(self.played_score, self.is_exact(self.move), scale)
        # TRANSLATORS: how a move changed the value: {before} is a clause such as "was a
        # draw", {after} one such as "now O wins in 3 moves".
        message = gettext("{before}, {after}")
        return message.format(
            before=before.words(self.player, Clause.BEFORE),
            after=after.words(self.player, Clause.AFTER),
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
        the mistakes named, and ``"approximate, searched 6 moves ahead"`` where
        not exact."""
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
        depth = self.depth
        if self.by_threats:
            # TRANSLATORS: a Gomoku review: the losses are proven by threats (fours and
            # threes), the other values are estimates of a search {depth} moves deep.
            text = ngettext(
                "{review} — losses proven by threats, other values searched {depth} move ahead",
                "{review} — losses proven by threats, other values searched {depth} moves ahead",
                depth,
            ).format(review=text, depth=depth)
        elif not self.is_exact:
            # TRANSLATORS: a review whose values are estimates of a search {depth} moves deep.
            text = ngettext(
                "{review} — approximate, searched {depth} move ahead",
                "{review} — approximate, searched {depth} moves ahead",
                depth,
            ).format(review=text, depth=depth)
        return text


class ReviewStopped(Exception):
    """A review whose stop token was set before it finished."""
