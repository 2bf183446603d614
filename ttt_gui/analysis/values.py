"""A move's or a position's value as the player reads it; no Tk.

The engine scores on its own scale (:mod:`ttt_gui.engine`): a win in ``n``
plies is ``WIN - n``. :class:`Value` reads a score once, as numbers and an
enum (the proven :class:`Outcome`, the distance in plies and in the mover's
own moves, the size of a heuristic advantage on the game's :class:`Scale`;
a win or loss proven without its distance has none),
and every text, short form, colour and decision above is computed from
those, never from the words. :meth:`Value.words` is the one owner of the
words: they always name the side a value favours, never the engine's
points. Distances count the winner's own moves (a win in 3 plies is "X
wins in 2 moves": X plays twice); the plies stay a number for the JSON of
the command line.

>>> from ttt_gui.board import Player
>>> from ttt_gui.engine import WIN
>>> [Value(s, True).words(Player.X) for s in (WIN - 3, 0, -(WIN - 2))]
['X wins in 2 moves', 'draw', 'O wins in 1 move']
>>> [Value(s, False).short(Player.O) for s in (WIN - 1, 40, -5, 1)]
['W1', 'O++', 'X+', '≈']
>>> from ttt_gui.engine import UNMEASURED_WIN
>>> Value(-UNMEASURED_WIN, True).words(Player.X), Value(UNMEASURED_WIN, True).short(Player.X)
('O wins with best play', 'W')
>>> Value(12, False).words(Player.O), Value(-30, False).words(Player.O)
('O is slightly better', 'X is better')
>>> before, after = Value(-30, False), Value(90, False)
>>> before.words(Player.O, Clause.BEFORE), after.words(Player.X, Clause.AFTER)
('X was better', 'now X is winning')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ttt_gui.board import Geometry, Player
from ttt_gui.engine import MATE_THRESHOLD, UNMEASURED_WIN, WIN
from ttt_gui.engine.connect_four import connect_four_applies
from ttt_gui.engine.gomoku_path import gomoku_applies
from ttt_gui.engine.tables import WEIGHT_BASE
from ttt_gui.words import gettext, ngettext, pgettext


@dataclass(frozen=True)
class Scale:
    """The least heuristic score (from the side it favours) of each step of
    an unproven advantage: ``slightly`` better, ``better``, ``winning``;
    below ``slightly`` is about even. Each kind of game has its own
    (:func:`scale_of`), since each engine path scores on its own scale."""

    slightly: int
    better: int
    winning: int


# -- Tune these to change where an estimate's words change ------------------------------

#: Connect Four (the solver's path, :mod:`ttt_gui.engine.connect_four`): a stone
#: counts the lines through its cell (3 to 13 on 7x6), a threat 8 and a threat
#: on its owner's rows 32. Slightly: about a stone better placed; better: a
#: threat or two central stones; winning: a threat on its owner's rows and more.
CONNECT_FOUR_SCALE = Scale(slightly=4, better=16, winning=48)

#: Gomoku (the shapes' path, :mod:`ttt_gui.engine.gomoku_search`): the attack
#: values of the empty cells (an open two 20, a three 28, an open three 90 a
#: cell), the mover's counted 10/8 for the tempo (about 10 early in a game).
#: Slightly: the first move's tempo; better: a two or three more than the
#: other side; winning: about an open three more.
GOMOKU_SCALE = Scale(slightly=10, better=40, winning=150)


def scale_of(geometry: Geometry) -> Scale:
    """The scale of the engine's estimates on ``geometry``'s boards.

    Other boards (3x3 and m,n,k, misère and gravity alike,
    :func:`ttt_gui.engine.state.leaf_value`) count open lines: ``WEIGHT_BASE``
    (4) to the power of its marks less one, so a line one mark short of the
    win (k-1 marks: 16 for four in a row) weighs ``4 ** (k - 2)``.
    Slightly: 2 (two lines of one mark); better: one such line more than
    the other side; winning: three.

    >>> from ttt_gui.board import geometry
    >>> [scale_of(geometry(5, 5, 4)).better, scale_of(geometry(3, 3, 3)).winning]
    [16, 12]
    >>> scale_of(geometry(6, 7, 4, True)) == CONNECT_FOUR_SCALE
    True
    """
    if connect_four_applies(geometry):
        return CONNECT_FOUR_SCALE
    if gomoku_applies(geometry):
        return GOMOKU_SCALE
    line = WEIGHT_BASE ** max(0, geometry.win_length - 2)
    return Scale(slightly=2, better=line, winning=3 * line)


#: The scale where the board is not known: four in a row's.
DEFAULT_SCALE = Scale(slightly=2, better=16, winning=48)


class Clause(enum.Enum):
    """Where a value's words stand: on their own (``"X is better"``), as the
    value before a move (``"X was better"``) or as the value a move left
    (``"now X is better"``)."""

    ALONE = "alone"
    BEFORE = "before"
    AFTER = "after"


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
    ``exact`` (a draw counts as proven only then; a win or a loss always);
    ``scale`` reads an estimate (:func:`scale_of` the board's)."""

    score: int
    exact: bool
    scale: Scale = DEFAULT_SCALE

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
        """Plies to the end of a proven win or loss; None otherwise, and for
        one proven without its distance (``UNMEASURED_WIN``)."""
        if MATE_THRESHOLD < abs(self.score) != UNMEASURED_WIN:
            return WIN - abs(self.score)
        return None

    @property
    def moves(self) -> int | None:
        """The mover's own moves to the end of a proven win or loss (:func:`moves_of`)."""
        plies = self.plies
        return None if plies is None else moves_of(plies)

    @property
    def advantage(self) -> int:
        """A heuristic advantage's step on the scale, signed for the mover: 0
        about even (or proven), 1 slightly better, 2 better, 3 winning
        (negative: the other side's)."""
        if self.outcome is not None:
            return 0
        size, scale = abs(self.score), self.scale
        step = sum(size >= least for least in (scale.slightly, scale.better, scale.winning))
        return step if self.score > 0 else -step

    @property
    def reading(self) -> Reading:
        """The outcome where proven, else whether the estimate is about even,
        ahead or behind (on the scale)."""
        outcome = self.outcome
        if outcome is not None:
            return Reading(outcome.value)
        advantage = self.advantage
        if advantage == 0:
            return Reading.EVEN
        return Reading.AHEAD if advantage > 0 else Reading.BEHIND

    @property
    def is_even(self) -> bool:
        """Whether the value is a draw or about even (the even colour)."""
        outcome = self.outcome
        return outcome is Outcome.DRAW or (outcome is None and self.advantage == 0)

    def favoured(self, mover: Player) -> Player | None:
        """The side the value favours, seen from ``mover``'s: the winner of a
        proven win or loss, the side ahead in an estimate; None for a draw or
        about even."""
        if self.outcome is Outcome.WIN or self.advantage > 0:
            return mover
        if self.outcome is Outcome.LOSS or self.advantage < 0:
            return mover.other
        return None

    def words(self, mover: Player, clause: Clause = Clause.ALONE) -> str:
        """The value in words, from ``mover``'s side, naming the side it
        favours: ``"X wins in 2 moves"``, ``"draw"``, ``"about even"``,
        ``"O is slightly better"``, ``"X is better"``, ``"O is winning"``
        (an estimate: see :class:`Scale`); in a ``clause`` before a move
        ``"X could win in 2 moves"``, ``"O was better"``, after it ``"now O
        wins in 1 move"``, ``"now about even"``. Distances count the
        winner's moves (:func:`moves_of`)."""
        side = self.favoured(mover)
        moves = self.moves
        if moves is not None and side is not None:
            return _proven_words(clause, moves).format(player=side.value, moves=moves)
        if side is not None and self.outcome is not None:  # proven, how soon not known
            return _unmeasured_words(clause).format(player=side.value)
        if side is None:
            return _even_words(clause, self.outcome is Outcome.DRAW)
        return _estimate_words(clause, abs(self.advantage)).format(player=side.value)

    def short(self, mover: Player) -> str:
        """The short form for small cells (see :func:`legend`): ``"W2"``,
        ``"L1"`` (``"W"``, ``"L"`` where how soon is not known), ``"="``,
        ``"≈"``, ``"X+"`` to ``"X+++"``."""
        outcome, moves = self.outcome, self.moves
        if outcome is not None and outcome is not Outcome.DRAW and moves is None:
            return unmeasured_short(outcome.sign)
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
        """:meth:`words` for the middle of a sentence: a draw reads ``"a draw"``."""
        if self.outcome is Outcome.DRAW:
            return gettext("a draw")
        return self.words(mover)


def _proven_words(clause: Clause, moves: int) -> str:
    """The message of a proven win of ``{player}`` in ``moves`` of its moves."""
    if clause is Clause.BEFORE:
        # TRANSLATORS: the value before a move, proven: {player} (X or O) could
        # win in {moves} of its moves.
        return ngettext(
            "{player} could win in {moves} move", "{player} could win in {moves} moves", moves
        )
    if clause is Clause.AFTER:
        # TRANSLATORS: the value a move left, proven: {player} (X or O) wins in
        # {moves} of its moves.
        return ngettext(
            "now {player} wins in {moves} move", "now {player} wins in {moves} moves", moves
        )
    # TRANSLATORS: a proven result: {player} (X or O) wins in {moves} of its moves.
    return ngettext("{player} wins in {moves} move", "{player} wins in {moves} moves", moves)


def unmeasured_short(sign: int) -> str:
    """The short form of a win (``sign`` 1) or a loss (-1) proven without
    how soon it comes: ``"W"``, ``"L"``."""
    if sign > 0:
        return pgettext("short for a win, how soon not known", "W")
    return pgettext("short for a loss, how soon not known", "L")


def _unmeasured_words(clause: Clause) -> str:
    """The message of a win of ``{player}`` proven without how soon it comes."""
    if clause is Clause.BEFORE:
        # TRANSLATORS: the value before a move, proven though not how soon: {player}
        # (X or O) could force a win, however the other side played.
        return gettext("{player} could win with best play")
    if clause is Clause.AFTER:
        # TRANSLATORS: the value a move left, proven though not how soon: {player}
        # (X or O) can force a win, however the other side plays.
        return gettext("now {player} wins with best play")
    # TRANSLATORS: a proven result, though not how soon: {player} (X or O)
    # can force a win, however the other side plays.
    return gettext("{player} wins with best play")


def _even_words(clause: Clause, is_draw: bool) -> str:
    """A proven draw (``is_draw``) or an estimate about even, in words."""
    if clause is Clause.BEFORE:
        return gettext("was a draw") if is_draw else gettext("was about even")
    if clause is Clause.AFTER:
        return gettext("now a draw") if is_draw else gettext("now about even")
    return pgettext("a value", "draw") if is_draw else gettext("about even")


def _estimate_words(clause: Clause, step: int) -> str:
    """The message of an estimate favouring ``{player}`` by ``step`` (1 to 3)."""
    if clause is Clause.BEFORE:
        messages = (
            # TRANSLATORS: an estimate before a move, not proven: {player} (X or O)
            # stood a little better.
            gettext("{player} was slightly better"),
            gettext("{player} was better"),
            # TRANSLATORS: an estimate, not proven: {player} (X or O) stood far better.
            gettext("{player} was winning"),
        )
    elif clause is Clause.AFTER:
        messages = (
            # TRANSLATORS: an estimate after a move, not proven: {player} (X or O)
            # stands a little better now.
            gettext("now {player} is slightly better"),
            gettext("now {player} is better"),
            gettext("now {player} is winning"),
        )
    else:
        messages = (
            # TRANSLATORS: an estimate, not proven: {player} (X or O) stands a little better.
            gettext("{player} is slightly better"),
            gettext("{player} is better"),
            # TRANSLATORS: an estimate, not proven: {player} (X or O) stands far better,
            # though no win is proven yet.
            gettext("{player} is winning"),
        )
    return messages[step - 1]


def legend() -> str:
    """What the short forms of :meth:`Value.short` mean, in one line."""
    # TRANSLATORS: the key to the analysis' short forms: {win} and {loss} are your
    # short forms of a win and a loss in 2 moves ("W2", "L2"), {win_words} and
    # {loss_words} their words; X and O are the players.
    message = gettext(
        "{win}: {win_words}, {loss}: {loss_words}, =: draw, ≈: about even, "
        "X+, X++, X+++: X is slightly better, better, winning (O+ likewise)"
    )
    win, loss = Value(WIN - 3, True), Value(-(WIN - 3), True)
    moves = 2
    return message.format(
        win=win.short(Player.X),
        win_words=ngettext("win in {moves} move", "win in {moves} moves", moves).format(
            moves=moves
        ),
        loss=loss.short(Player.X),
        loss_words=ngettext("loss in {moves} move", "loss in {moves} moves", moves).format(
            moves=moves
        ),
    )
