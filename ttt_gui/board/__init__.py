"""Rules of m,n,k games on rectangular boards: an immutable, hashable position.

Cells are numbered ``row * cols + col`` from the top left. X moves first; a
line of ``win_length`` marks in a row, column or diagonal wins (under misère,
loses); a full board with no such line is a draw. Under gravity (Connect
Four) a mark drops to the lowest empty cell of its column. Under the exact
rule (standard Gomoku) only exactly ``win_length`` in a row counts: a longer
line (an overline) does not (see :mod:`ttt_gui.board.lines`).

>>> board = Board.parse("xx./oo./...")
>>> board.turn
<Player.X: 'X'>
>>> board.play(2).winner
<Player.X: 'X'>
>>> str(board.play(2))
'XXX/OO./...'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

# The named errors live with the words that tell them; imported here, they
# are the rules' own (``from ttt_gui.board import IllegalMoveError``).
from ttt_gui.board.errors import FloatingMarkError as FloatingMarkError
from ttt_gui.board.errors import IllegalMoveError as IllegalMoveError
from ttt_gui.board.errors import InvalidCoordinateError as InvalidCoordinateError
from ttt_gui.board.errors import InvalidPositionError as InvalidPositionError
from ttt_gui.board.errors import InvalidShapeError as InvalidShapeError
from ttt_gui.board.lines import windows, won_windows

#: The sides of a board the rules play, up to Gomocup's freestyle 20x20 (cells
#: a1 to t20); the window plays up to :data:`ttt_gui.config.MAX_WINDOW_SIZE`.
MIN_SIZE = 3
MAX_SIZE = 20

#: Win length used when none is given: the usual m,n,k variants for each
#: (shorter) side.
DEFAULT_WIN_LENGTH = {3: 3, 4: 4, 5: 4, 6: 4, **dict.fromkeys(range(7, MAX_SIZE + 1), 5)}


def default_win_length(rows: int, cols: int) -> int:
    """The win length of a board when none is given: :data:`DEFAULT_WIN_LENGTH`
    of its shorter side (3 for a side out of range)."""
    return DEFAULT_WIN_LENGTH.get(min(rows, cols), MIN_SIZE)


class Player(enum.Enum):
    """A side: X moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the game's own name for the side

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.O if self is Player.X else Player.X


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winner`` is None for a draw.

    ``line`` is the completed line: the winner's, or under misère the line
    the loser completed.
    """

    winner: Player | None
    line: tuple[int, ...] | None


@dataclass(frozen=True)
class Geometry:
    """Precomputed lines of one board shape and rules, shared by the rules and the engine.

    ``lines`` are bit masks of every winning line; ``lines_through[cell]`` the
    indices into ``lines`` of the lines containing ``cell``; ``bottom`` the
    mask of the lowest row (where gravity lets marks rest). Under the
    ``exact`` rule, ``guards[i]`` is the mask of the cells just beyond line
    ``i``'s ends, where a mark of the line's owner makes it an overline.

    Equality and the hash read the shape and rules alone: the tables follow
    from them (:func:`geometry` builds every instance), and the engine's
    per-shape caches hash a geometry often, where hashing its tables took
    tens of microseconds.
    """

    rows: int
    cols: int
    win_length: int
    gravity: bool
    misere: bool
    lines: tuple[int, ...] = field(compare=False)
    lines_through: tuple[tuple[int, ...], ...] = field(compare=False)
    exact: bool = False
    guards: tuple[int, ...] = field(default=(), compare=False)

    def won_lines(self, bits: int) -> list[int]:
        """The lines the marks ``bits`` complete (under the exact rule, no overline)."""
        return list(won_windows(bits, self.lines, self.guards, exact=self.exact))

    def first_won_line(self, bits: int) -> int | None:
        """The first of :meth:`won_lines`, or None."""
        return next(won_windows(bits, self.lines, self.guards, exact=self.exact), None)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def full(self) -> int:
        """The mask of every cell."""
        return (1 << self.cells) - 1

    @property
    def bottom(self) -> int:
        """The mask of the lowest row."""
        return ((1 << self.cols) - 1) << (self.cells - self.cols)

    def playable(self, occupied: int) -> int:
        """The empty cells a move may take: all of them, or under gravity the
        lowest empty cell of each column."""
        empty = ~occupied & self.full
        if self.gravity:
            return empty & ((occupied >> self.cols) | self.bottom)
        return empty


def check_shape(rows: int, cols: int, win_length: int, *, max_size: int = MAX_SIZE) -> None:
    """Raise InvalidShapeError unless rows and columns are MIN_SIZE to
    ``max_size`` (at most MAX_SIZE) and 3 <= win_length <= max(rows, cols)."""
    largest = min(max_size, MAX_SIZE)
    for is_rows, side in ((True, rows), (False, cols)):
        if not MIN_SIZE <= side <= largest:
            if rows == cols:
                raise InvalidShapeError.size(side, minimum=MIN_SIZE, maximum=largest)
            raise InvalidShapeError.side(side, is_rows=is_rows, minimum=MIN_SIZE, maximum=largest)
    longest = max(rows, cols)
    if not MIN_SIZE <= win_length <= longest:
        raise InvalidShapeError.win_length(
            win_length, minimum=MIN_SIZE, maximum=longest, shape=shape_name(rows, cols)
        )


def shape_name(rows: int, cols: int) -> str:
    """``'3x3'`` or, columns first as people say, ``'7x6'`` for 7 columns and 6 rows."""
    return f"{cols}x{rows}"


@cache
def geometry(
    rows: int,
    cols: int,
    win_length: int,
    gravity: bool = False,
    misere: bool = False,
    exact: bool = False,
) -> Geometry:
    """The lines of a board of ``rows`` x ``cols`` cells with ``win_length`` in a row."""
    check_shape(rows, cols, win_length)
    lines, guards = windows(rows, cols, win_length)
    through = tuple(
        tuple(i for i, mask in enumerate(lines) if mask >> cell & 1) for cell in range(rows * cols)
    )
    return Geometry(rows, cols, win_length, gravity, misere, lines, through, exact, guards)


def cells_of(mask: int) -> tuple[int, ...]:
    """The cell indices set in a bit mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


def split_rules(text: str) -> tuple[str, dict[str, int]]:
    """(the position without whitespace, the rules its words name) of a text in
    :meth:`Board.to_text`'s form: ``win_length``, ``gravity``, ``misere``, ``exact``.
    Raises InvalidPositionError for a win length of more than 100 digits.

    >>> split_rules("x../.o./... k=3 Misère")
    ('x../.o./...', {'win_length': 3, 'misere': True})
    """
    marks, rules = [], {}
    for word in text.split():
        lowered = word.lower()
        if lowered.startswith("k=") and lowered[2:].isascii() and lowered[2:].isdigit():
            if len(lowered) > 102:  # int() refuses thousands of digits
                raise InvalidPositionError.long_win_length(len(word) - 2)
            rules["win_length"] = int(lowered[2:])
        elif lowered == "gravity":
            rules["gravity"] = True
        elif lowered in ("misere", "misère"):
            rules["misere"] = True
        elif lowered == "exact":
            rules["exact"] = True
        else:
            marks.append(word)
    return "".join(marks), rules


def check_reachable(shape: Geometry, x_bits: int, o_bits: int) -> None:
    """Raise InvalidPositionError unless legal play on ``shape`` reaches these
    marks: no overlap, counts that alternate, at most one side with lines,
    made by its last move (under gravity, the top mark of a column); raise
    FloatingMarkError under gravity for a mark above an empty cell."""
    if x_bits & o_bits or (x_bits | o_bits) >> shape.cells:
        raise InvalidPositionError.overlap()
    x_count, o_count = x_bits.bit_count(), o_bits.bit_count()
    if not 0 <= x_count - o_count <= 1:
        raise InvalidPositionError.counts(x_count, o_count)
    occupied = x_bits | o_bits
    last_cells = shape.full
    if shape.gravity:
        supported = (occupied >> shape.cols) | shape.bottom
        floating = occupied & ~supported
        if floating:
            cell = floating.bit_length() - 1
            raise FloatingMarkError.in_column(chr(ord("a") + cell % shape.cols))
        last_cells = occupied & ~(occupied << shape.cols)  # the top mark of each column
    x_lines, o_lines = shape.won_lines(x_bits), shape.won_lines(o_bits)
    if x_lines and o_lines:
        raise InvalidPositionError.two_winners()
    for player, made, moved_last in (
        (Player.X, x_lines, x_count == o_count + 1),
        (Player.O, o_lines, x_count == o_count),
    ):
        if made and not moved_last:
            raise InvalidPositionError.play_after_line(player.value)
        common = last_cells
        for mask in made:
            common &= mask
        if made and not common:
            raise InvalidPositionError.no_last_move(player.value)


@dataclass(frozen=True)
class Board:
    """An immutable position: bit ``i`` of ``x_bits``/``o_bits`` marks cell ``i``.

    Cell ``i`` is row ``i // cols``, column ``i % cols``, row 0 at the top.
    Under ``gravity`` a mark drops to the lowest empty cell of its column;
    under ``misere`` completing a line loses instead of winning; under
    ``exact`` only exactly ``win_length`` in a row completes one.

    Build boards with :meth:`empty`, :meth:`parse` or :meth:`from_moves`; the
    constructor trusts its arguments (use :meth:`validated` for untrusted ones).
    """

    rows: int
    cols: int
    win_length: int
    x_bits: int
    o_bits: int
    gravity: bool = False
    misere: bool = False
    exact: bool = False

    @classmethod
    def empty(
        cls,
        size: int | None = None,
        win_length: int | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        gravity: bool = False,
        misere: bool = False,
        exact: bool = False,
    ) -> Board:
        """An empty board of ``size`` x ``size`` cells, or ``rows`` x ``cols``.

        ``win_length`` defaults to DEFAULT_WIN_LENGTH of the shorter side.
        Raises InvalidShapeError for a side or win length out of range.

        >>> Board.empty(rows=6, cols=7, gravity=True)
        Board.parse('......./......./......./......./......./.......', win_length=4, gravity=True)
        """
        rows = rows if rows is not None else size if size is not None else 3
        cols = cols if cols is not None else size if size is not None else rows
        if win_length is None:
            win_length = default_win_length(rows, cols)
        check_shape(rows, cols, win_length)
        return cls(rows, cols, win_length, 0, 0, bool(gravity), bool(misere), bool(exact))

    @classmethod
    def parse(
        cls,
        text: str,
        win_length: int | None = None,
        *,
        gravity: bool = False,
        misere: bool = False,
        exact: bool = False,
        max_size: int = MAX_SIZE,
    ) -> Board:
        """Read rows joined by ``/``: ``X``/``x``, ``O``/``o`` or ``.`` per cell.

        The rows and columns are the text's, at most ``max_size`` each (the
        errors name it: a reader of smaller boards passes its largest);
        ``win_length`` defaults to DEFAULT_WIN_LENGTH of the shorter side (3
        on 3x3, 4 on 4x4 to 6x6, 5 from 7x7). Raises InvalidPositionError (or
        a subclass) naming what is wrong.

        >>> Board.parse("x.o/.x./...")
        Board.parse('X.O/.X./...', win_length=3)
        >>> Board.parse("..../..../.xo.", win_length=3, gravity=True).legal_moves()
        [5, 6, 8, 11]
        """
        if not isinstance(text, str):
            raise InvalidPositionError.not_text(type(text).__name__)
        lines = text.strip().split("/")
        rows, cols = len(lines), len(lines[0])
        largest = min(max_size, MAX_SIZE)
        if not MIN_SIZE <= rows <= largest:
            raise InvalidShapeError.row_count(rows, minimum=MIN_SIZE, maximum=largest)
        if not MIN_SIZE <= cols <= largest:
            raise InvalidShapeError.first_row_length(cols, minimum=MIN_SIZE, maximum=largest)
        x_bits = o_bits = 0
        for row_index, row in enumerate(lines):
            if len(row) != cols:
                raise InvalidShapeError.row_length(row_index + 1, len(row), expected=cols)
            for col, char in enumerate(row):
                bit = 1 << (row_index * cols + col)
                if char in "Xx":
                    x_bits |= bit
                elif char in "Oo":
                    o_bits |= bit
                elif char != ".":
                    raise InvalidPositionError.unknown_character(char, row_index + 1)
        if win_length is None:
            win_length = default_win_length(rows, cols)
        rules = {"gravity": gravity, "misere": misere, "exact": exact}
        return cls.validated(rows, cols, win_length, x_bits, o_bits, **rules)

    @classmethod
    def validated(
        cls,
        rows: int,
        cols: int,
        win_length: int,
        x_bits: int,
        o_bits: int,
        *,
        gravity: bool = False,
        misere: bool = False,
        exact: bool = False,
    ) -> Board:
        """A board from bitboards, checked to be reachable by legal play.

        Raises InvalidPositionError for overlapping marks, impossible counts,
        wins by both players, or a line that no single last move explains;
        FloatingMarkError under gravity for a mark above an empty cell.
        """
        rules = (bool(gravity), bool(misere), bool(exact))
        check_reachable(geometry(rows, cols, win_length, *rules), x_bits, o_bits)
        return cls(rows, cols, win_length, x_bits, o_bits, *rules)

    @classmethod
    def from_moves(
        cls,
        moves: list[int] | tuple[int, ...],
        size: int | None = None,
        win_length: int | None = None,
        **rules: Any,
    ) -> Board:
        """The board after playing ``moves`` from :meth:`empty` (same arguments);
        raises IllegalMoveError."""
        board = cls.empty(size, win_length, **rules)
        for move in moves:
            board = board.play(move)
        return board

    @classmethod
    def from_text(
        cls,
        text: str,
        win_length: int | None = None,
        *,
        gravity: bool = False,
        misere: bool = False,
        exact: bool = False,
        max_size: int = MAX_SIZE,
    ) -> Board:
        """Read :meth:`to_text`'s form: a position, then words for the rules
        (``k=4``, ``gravity``, ``misere``, ``exact``) that replace the given ones.
        Whitespace inside the position is ignored; ``max_size`` is
        :meth:`parse`'s. Raises InvalidPositionError.

        >>> Board.from_text("... / .x. / ... misere")
        Board.parse('.../.X./...', win_length=3, misere=True)
        """
        position, rules = split_rules(text)
        win_length = rules.get("win_length", win_length)
        gravity = bool(rules.get("gravity", gravity))
        misere = bool(rules.get("misere", misere))
        exact = bool(rules.get("exact", exact))
        return cls.parse(
            position, win_length, gravity=gravity, misere=misere, exact=exact, max_size=max_size
        )

    def to_text(self) -> str:
        """The position, followed by the rules where they are not the usual
        ones: the form :meth:`from_text` reads, for copy and paste.

        >>> Board.empty(rows=3, cols=4, win_length=4, gravity=True).play(9).to_text()
        '..../..../.X.. k=4 gravity'
        """
        words = [str(self)]
        if self.win_length != default_win_length(self.rows, self.cols):
            words.append(f"k={self.win_length}")
        return " ".join(words + list(self.rule_names))

    def with_marks(self, x_bits: int, o_bits: int) -> Board:
        """The same rules with other marks, trusted like the constructor."""
        rules = (self.gravity, self.misere, self.exact)
        return Board(self.rows, self.cols, self.win_length, x_bits, o_bits, *rules)

    def __str__(self) -> str:
        chars = []
        for cell in range(self.cells):
            if self.x_bits >> cell & 1:
                chars.append("X")
            elif self.o_bits >> cell & 1:
                chars.append("O")
            else:
                chars.append(".")
        text = "".join(chars)
        return "/".join(text[i : i + self.cols] for i in range(0, len(text), self.cols))

    def __repr__(self) -> str:
        rules = "".join(f", {name}=True" for name in self.rule_names)
        return f"Board.parse({str(self)!r}, win_length={self.win_length}{rules})"

    @property
    def rule_names(self) -> tuple[str, ...]:
        """The rules that hold, by their words: ``gravity``, ``misere``, ``exact``."""
        rules = (("gravity", self.gravity), ("misere", self.misere), ("exact", self.exact))
        return tuple(name for name, on in rules if on)

    def __getitem__(self, cell: int) -> Player | None:
        """The mark on ``cell``, or None when it is empty."""
        if self.x_bits >> cell & 1:
            return Player.X
        if self.o_bits >> cell & 1:
            return Player.O
        return None

    @property
    def geometry(self) -> Geometry:
        rules = (self.gravity, self.misere, self.exact)
        return geometry(self.rows, self.cols, self.win_length, *rules)

    @property
    def size(self) -> int:
        """The longer side (the side of a square board)."""
        return max(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def move_count(self) -> int:
        return (self.x_bits | self.o_bits).bit_count()

    @property
    def turn(self) -> Player:
        """The side to move (still defined once the game is over)."""
        return Player.X if self.x_bits.bit_count() == self.o_bits.bit_count() else Player.O

    @property
    def empty_bits(self) -> int:
        return ~(self.x_bits | self.o_bits) & ((1 << self.cells) - 1)

    @cached_property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on.

        A completed line wins for its owner, or under misère loses; a full
        board without one is a draw. Under the exact rule an overline is
        no completed line.
        """
        for player, bits in ((Player.X, self.x_bits), (Player.O, self.o_bits)):
            mask = self.geometry.first_won_line(bits)
            if mask is not None:
                return Outcome(player.other if self.misere else player, cells_of(mask))
        if not self.empty_bits:
            return Outcome(None, None)
        return None

    @property
    def winner(self) -> Player | None:
        return self.outcome.winner if self.outcome else None

    @property
    def winning_line(self) -> tuple[int, ...] | None:
        """The completed line (under misère, the one that lost), if any."""
        return self.outcome.line if self.outcome else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_moves(self) -> list[int]:
        """Playable cells in ascending order (under gravity at most one per
        column); none once the game is over."""
        if self.is_over:
            return []
        return list(cells_of(self.geometry.playable(self.x_bits | self.o_bits)))

    def landing(self, cell: int) -> int | None:
        """The cell a mark aimed at ``cell`` takes: ``cell`` itself when it is
        legal, under gravity the lowest empty cell of its column; None when
        there is no such move (full column, taken cell, game over).

        >>> board = Board.parse("..../..../..../x...", win_length=3, gravity=True)
        >>> board.landing(0), board.landing(1)
        (8, 13)
        """
        if not 0 <= cell < self.cells or self.is_over:
            return None
        playable = self.geometry.playable(self.x_bits | self.o_bits)
        if self.gravity:
            column = playable & self.column_mask(cell % self.cols)
            return column.bit_length() - 1 if column else None
        return cell if playable >> cell & 1 else None

    def column_mask(self, col: int) -> int:
        """The mask of every cell of column ``col``."""
        return sum(1 << (row * self.cols + col) for row in range(self.rows))

    def play(self, move: int) -> Board:
        """The board after the side to move marks ``move``.

        Raises IllegalMoveError for an occupied cell, a cell off the board, a
        cell above an empty one under gravity, or a game that is already over.
        """
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < self.cells:
            raise IllegalMoveError.off_the_board(move, self.cells - 1)
        if self.is_over:
            raise IllegalMoveError.game_over()
        bit = 1 << move
        occupied = self.x_bits | self.o_bits
        if occupied & bit:
            raise IllegalMoveError.taken(move)
        if self.gravity and not self.geometry.playable(occupied) & bit:
            raise IllegalMoveError.floating(move)
        if self.turn is Player.X:
            return self.with_marks(self.x_bits | bit, self.o_bits)
        return self.with_marks(self.x_bits, self.o_bits | bit)

    def coordinate(self, cell: int) -> str:
        """A cell's name: column letter and row number, ``a1`` at the top left."""
        return f"{chr(ord('a') + cell % self.cols)}{cell // self.cols + 1}"

    def parse_coordinate(self, name: str) -> int:
        """The cell named ``name``: the inverse of :meth:`coordinate`.

        Case and surrounding whitespace are ignored. Raises
        InvalidCoordinateError, naming the text and the board's range.

        >>> board = Board.empty(3)
        >>> board.parse_coordinate("a1"), board.parse_coordinate(" B2 ")
        (0, 4)
        >>> try:
        ...     board.parse_coordinate("z9")
        ... except InvalidCoordinateError as error:
        ...     print(error)
        'z9' is not a cell of this 3x3 board (a1 to c3)
        """
        text = name.strip().lower() if isinstance(name, str) else ""
        digits = text[1:]
        if digits.isascii() and digits.isdigit() and len(digits) <= 2:
            col, row = ord(text[0]) - ord("a"), int(digits) - 1
            if 0 <= col < self.cols and 0 <= row < self.rows:
                cell = row * self.cols + col
                if self.coordinate(cell) == text:  # no leading zeros
                    return cell
        last = self.coordinate(self.cells - 1)
        raise InvalidCoordinateError.not_a_cell(
            name, shape=shape_name(self.rows, self.cols), last=last
        )
