"""A move's or a position's value as the player reads it; no Tk.

The engine scores on its own scale (:mod:`ttt_gui.engine`): a win in ``n``
plies is ``WIN - n``. :class:`Value` reads a score once, as numbers and an
enum (the proven :class:`Outcome`, the distance in plies and in the mover's
own moves, the size of a heuristic advantage), and every text, short form,
colour and decision above is computed from those, never from the words.
Distances in the words count the mover's own moves (a win in 3 plies is
"win in 2 moves": the mover plays twice); the plies stay a number for the
JSON of the command line.

>>> from ttt_gui.board import Player
>>> from ttt_gui.engine import WIN
>>> [Value(s, True).words(Player.X) for s in (WIN - 3, 0, -(WIN - 2))]
['win in 2 moves', 'draw', 'loss in 1 move']
>>> [Value(s, False).short(Player.O) for s in (WIN - 1, 40, -5, 1)]
['W1', 'O++', 'X+', '≈']
>>> Value(WIN - 5, True).phrase(Player.O), Value(-(WIN - 4), True).phrase(Player.O)
('O wins in 3 moves', 'X wins in 2 moves')
>>> Value(12, False).phrase(Player.O), Value(-30, False).phrase(Player.O)
('O slightly better', 'X better')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ttt_gui.board import Player
from ttt_gui.engine import MATE_THRESHOLD, WIN
from ttt_gui.words import gettext, ngettext, pgettext

#: Heuristic advantages (not proven): the least score of each step, from the
#: largest (3: much better) to the smallest (1: slightly better).
ADVANTAGE_STEPS = ((100, 3), (25, 2), (2, 1))


class Outcome(enum.Enum):
    """A proven result for the side to move; the value is the JSON's token."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def sign(self) -> int:
        """1 for a win, 0 for a draw, -1 for a loss (so outcomes compare)."""
        return {Outcome.WIN: 1, Outcome.DRAW: 0, Outcome.LOSS: -1}[self]


class Reading(enum.Enum):
    """What a value says, for the words to be chosen by: a proven outcome,
    or a heuristic estimate about even, ahead or behind."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    EVEN = "even"
    AHEAD = "ahead"
    BEHIND = "behind"


def moves_of(plies: int) -> int:
    """The mover's own moves in a line of ``plies`` from their turn: a win in
    3 plies takes 2 of their moves, a loss in 2 plies comes after 1.

    >>> [moves_of(plies) for plies in (1, 2, 3, 4, 6)]
    [1, 1, 2, 2, 3]
    """
    return (plies + 1) // 2


@dataclass(frozen=True)
class Value:
    """A ``score`` from the mover's side and whether the analysis behind it was
    ``exact`` (a draw counts as proven only then; a win or a loss always)."""

    score: int
    exact: bool

    @property
    def outcome(self) -> Outcome | None:
        """The proven outcome; None for a heuristic estimate."""
        if self.score > MATE_THRESHOLD:
            return Outcome.WIN
        if self.score < -MATE_THRESHOLD:
            return Outcome.LOSS
        return Outcome.DRAW if self.exact else None

    @property
    def plies(self) -> int | None:
        """Plies to the end of a proven win or loss; None otherwise."""
        if abs(self.score) > MATE_THRESHOLD:
            return WIN - abs(self.score)
        return None

    @property
    def moves(self) -> int | None:
        """The mover's own moves to the end of a proven win or loss (:func:`moves_of`)."""
        plies = self.plies
        return None if plies is None else moves_of(plies)

    @property
    def advantage(self) -> int:
        """A heuristic advantage's size, signed for the mover: 0 about even (or
        proven), 1 slightly, 2 clearly, 3 much better (negative: worse)."""
        if self.outcome is not None:
            return 0
        for least, step in ADVANTAGE_STEPS:
            if abs(self.score) >= least:
                return step if self.score > 0 else -step
        return 0

    @property
    def reading(self) -> Reading:
        """The outcome where proven, else whether the estimate is about even
        (within 1 point), ahead or behind."""
        outcome = self.outcome
        if outcome is not None:
            return Reading(outcome.value)
        if abs(self.score) < 2:
            return Reading.EVEN
        return Reading.AHEAD if self.score > 0 else Reading.BEHIND

    @property
    def is_even(self) -> bool:
        """Whether the value is a draw or about even (the even colour)."""
        outcome = self.outcome
        return outcome is Outcome.DRAW or (outcome is None and self.advantage == 0)

    def words(self, mover: Player) -> str:
        """The value in the analysis view's words, from ``mover``'s side:
        ``"win in 2 moves"``, ``"draw"``; heuristic ones name the side they
        favour (``"X slightly better"``, ``"about even"``)."""
        outcome, moves = self.outcome, self.moves
        if outcome is Outcome.WIN and moves is not None:
            return ngettext("win in {moves} move", "win in {moves} moves", moves).format(
                moves=moves
            )
        if outcome is Outcome.LOSS and moves is not None:
            return ngettext("loss in {moves} move", "loss in {moves} moves", moves).format(
                moves=moves
            )
        if outcome is Outcome.DRAW:
            return pgettext("a value", "draw")
        advantage = self.advantage
        side = (mover if advantage > 0 else mover.other).value
        if advantage == 0:
            return gettext("about even")
        if abs(advantage) == 1:
            # TRANSLATORS: an estimate, not proven: {player} (X or O) stands a little better.
            return gettext("{player} slightly better").format(player=side)
        if abs(advantage) == 2:
            return gettext("{player} better").format(player=side)
        return gettext("{player} much better").format(player=side)

    def short(self, mover: Player) -> str:
        """The short form for small cells (see :func:`legend`): ``"W2"``,
        ``"L1"``, ``"="``, ``"≈"``, ``"X+"`` to ``"X+++"``."""
        outcome, moves = self.outcome, self.moves
        if outcome is Outcome.WIN:
            return pgettext("short for a win in so many moves", "W{moves}").format(moves=moves)
        if outcome is Outcome.LOSS:
            return pgettext("short for a loss in so many moves", "L{moves}").format(moves=moves)
        if outcome is Outcome.DRAW:
            return "="
        advantage = self.advantage
        if advantage == 0:
            return "≈"
        side = (mover if advantage > 0 else mover.other).value
        return side + "+" * abs(advantage)

    def phrase(self, mover: Player) -> str:
        """The value for a sentence about ``mover``'s position, naming the
        side it favours: ``"X wins in 2 moves"`` (a loss of ``mover``'s names
        the other side), ``"a draw"``, or a heuristic ``"O slightly better"``,
        ``"about even"``. Distances count the winner's moves (:func:`moves_of`:
        a loss in 4 plies is a win in 2 of the winner's moves)."""
        outcome, moves = self.outcome, self.moves
        if outcome is Outcome.WIN or outcome is Outcome.LOSS:
            winner = mover if outcome is Outcome.WIN else mover.other
            # TRANSLATORS: a proven result: {player} (X or O) wins in {moves} of its moves.
            message = ngettext(
                "{player} wins in {moves} move", "{player} wins in {moves} moves", moves or 0
            )
            return message.format(player=winner.value, moves=moves)
        if outcome is Outcome.DRAW:
            return gettext("a draw")
        return self.words(mover)


def legend() -> str:
    """What the short forms of :meth:`Value.short` mean, in one line."""
    win, loss = Value(WIN - 3, True), Value(-(WIN - 3), True)
    # TRANSLATORS: the key to the analysis' short forms: {win} and {loss} are your
    # short forms of a win and a loss in 2 moves ("W2", "L2"), {win_words} and
    # {loss_words} their words; X and O are the players.
    message = gettext(
        "{win}: {win_words}, {loss}: {loss_words}, =: draw, ≈: about even, "
        "X+, X++, X+++: X slightly better, better, much better (O+ likewise)"
    )
    return message.format(
        win=win.short(Player.X),
        win_words=win.words(Player.X),
        loss=loss.short(Player.X),
        loss_words=loss.words(Player.X),
    )
