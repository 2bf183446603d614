"""Rules of m,n,k games on square boards: an immutable, hashable position.

Cells are numbered ``row * size + col`` from the top left. X moves first; a
line of ``win_length`` marks in a row, column or diagonal wins; a full board
with no such line is a draw.

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
from dataclasses import dataclass
from functools import cache, cached_property

MIN_SIZE = 3
MAX_SIZE = 9

#: Win length used when none is given: the usual m,n,k variants for each size.
DEFAULT_WIN_LENGTH = {3: 3, 4: 4, 5: 4, 6: 4, 7: 5, 8: 5, 9: 5}


class Player(enum.Enum):
    """A side: X moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the game's own name for the side

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.O if self is Player.X else Player.X


class IllegalMoveError(ValueError):
    """A move on an occupied cell, outside the board, or after the game ended."""


class InvalidPositionError(ValueError):
    """Text or bitboards that describe no reachable position."""


class InvalidCoordinateError(ValueError):
    """A cell name, such as ``'b2'``, that names no cell of the board."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winner`` is None for a draw."""

    winner: Player | None
    line: tuple[int, ...] | None


@dataclass(frozen=True)
class Geometry:
    """Precomputed lines of one board shape, shared by the rules and the engine.

    ``lines`` are bit masks of every winning line; ``lines_through[cell]`` the
    indices into ``lines`` of the lines containing ``cell``.
    """

    size: int
    win_length: int
    lines: tuple[int, ...]
    lines_through: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        return self.size * self.size


def check_shape(size: int, win_length: int) -> None:
    """Raise InvalidPositionError unless 3 <= size <= 9 and 3 <= win_length <= size."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidPositionError(f"board size {size} is out of range ({MIN_SIZE} to {MAX_SIZE})")
    if not MIN_SIZE <= win_length <= size:
        raise InvalidPositionError(
            f"win length {win_length} is out of range ({MIN_SIZE} to {size}) "
            f"for a {size}x{size} board"
        )


@cache
def geometry(size: int, win_length: int) -> Geometry:
    """The lines of a ``size`` x ``size`` board with ``win_length`` in a row."""
    check_shape(size, win_length)
    lines: list[int] = []
    for row in range(size):
        for col in range(size):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row = row + d_row * (win_length - 1)
                end_col = col + d_col * (win_length - 1)
                if end_row < size and 0 <= end_col < size:
                    mask = 0
                    for step in range(win_length):
                        mask |= 1 << ((row + d_row * step) * size + col + d_col * step)
                    lines.append(mask)
    through = tuple(
        tuple(i for i, mask in enumerate(lines) if mask >> cell & 1) for cell in range(size * size)
    )
    return Geometry(size, win_length, tuple(lines), through)


def cells_of(mask: int) -> tuple[int, ...]:
    """The cell indices set in a bit mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


@dataclass(frozen=True)
class Board:
    """An immutable position: bit ``i`` of ``x_bits``/``o_bits`` marks cell ``i``.

    Build boards with :meth:`empty`, :meth:`parse` or :meth:`from_moves`; the
    constructor trusts its arguments (use :meth:`validated` for untrusted ones).
    """

    size: int
    win_length: int
    x_bits: int
    o_bits: int

    @classmethod
    def empty(cls, size: int = 3, win_length: int | None = None) -> Board:
        """An empty board; ``win_length`` defaults to DEFAULT_WIN_LENGTH[size].

        Raises InvalidPositionError for a size or win length out of range.
        """
        if win_length is None:
            win_length = DEFAULT_WIN_LENGTH.get(size, MIN_SIZE)
        check_shape(size, win_length)
        return cls(size, win_length, 0, 0)

    @classmethod
    def parse(cls, text: str, win_length: int | None = None) -> Board:
        """Read rows joined by ``/``: ``X``/``x``, ``O``/``o`` or ``.`` per cell.

        The size is the number of rows; ``win_length`` defaults to
        DEFAULT_WIN_LENGTH[size] (3 on 3x3, 4 on 4x4 to 6x6, 5 on 7x7 to 9x9).
        Raises InvalidPositionError naming what is wrong.

        >>> Board.parse("x.o/.x./...")
        Board.parse('X.O/.X./...', win_length=3)
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        rows = text.strip().split("/")
        size = len(rows)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise InvalidPositionError(
                f"a position has {MIN_SIZE} to {MAX_SIZE} rows separated by '/', "
                f"this one has {size}"
            )
        x_bits = o_bits = 0
        for row_index, row in enumerate(rows):
            if len(row) != size:
                raise InvalidPositionError(
                    f"row {row_index + 1} has {len(row)} cells; a {size}-row board "
                    f"is square, so every row needs {size}"
                )
            for col, char in enumerate(row):
                bit = 1 << (row_index * size + col)
                if char in "Xx":
                    x_bits |= bit
                elif char in "Oo":
                    o_bits |= bit
                elif char != ".":
                    raise InvalidPositionError(
                        f"unknown character {char!r} in row {row_index + 1} (use X, O or .)"
                    )
        if win_length is None:
            win_length = DEFAULT_WIN_LENGTH[size]
        return cls.validated(size, win_length, x_bits, o_bits)

    @classmethod
    def validated(cls, size: int, win_length: int, x_bits: int, o_bits: int) -> Board:
        """A board from bitboards, checked to be reachable by legal play.

        Raises InvalidPositionError for overlapping marks, impossible counts,
        wins by both players, or a win that no single last move explains.
        """
        lines = geometry(size, win_length).lines
        if x_bits & o_bits or (x_bits | o_bits) >> (size * size):
            raise InvalidPositionError("marks overlap or lie outside the board")
        x_count, o_count = x_bits.bit_count(), o_bits.bit_count()
        if not 0 <= x_count - o_count <= 1:
            raise InvalidPositionError(
                f"impossible counts: {x_count} X and {o_count} O "
                "(X moves first, so X has as many marks as O or one more)"
            )
        board = cls(size, win_length, x_bits, o_bits)
        x_lines = [mask for mask in lines if mask & x_bits == mask]
        o_lines = [mask for mask in lines if mask & o_bits == mask]
        if x_lines and o_lines:
            raise InvalidPositionError("both players have a line")
        for player, won, moved_last in (
            (Player.X, x_lines, x_count == o_count + 1),
            (Player.O, o_lines, x_count == o_count),
        ):
            if won and not moved_last:
                raise InvalidPositionError(f"{player.value} has a line but play went on after it")
            common = -1
            for mask in won:
                common &= mask
            if won and not common:
                raise InvalidPositionError(
                    f"{player.value} has lines that no single last move completes"
                )
        return board

    @classmethod
    def from_moves(
        cls, moves: list[int] | tuple[int, ...], size: int = 3, win_length: int | None = None
    ) -> Board:
        """The board after playing ``moves`` from empty; raises IllegalMoveError."""
        board = cls.empty(size, win_length)
        for move in moves:
            board = board.play(move)
        return board

    def __str__(self) -> str:
        chars = []
        for cell in range(self.size * self.size):
            if self.x_bits >> cell & 1:
                chars.append("X")
            elif self.o_bits >> cell & 1:
                chars.append("O")
            else:
                chars.append(".")
        text = "".join(chars)
        return "/".join(text[i : i + self.size] for i in range(0, len(text), self.size))

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r}, win_length={self.win_length})"

    def __getitem__(self, cell: int) -> Player | None:
        """The mark on ``cell``, or None when it is empty."""
        if self.x_bits >> cell & 1:
            return Player.X
        if self.o_bits >> cell & 1:
            return Player.O
        return None

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size, self.win_length)

    @property
    def move_count(self) -> int:
        return (self.x_bits | self.o_bits).bit_count()

    @property
    def turn(self) -> Player:
        """The side to move (still defined once the game is over)."""
        return Player.X if self.x_bits.bit_count() == self.o_bits.bit_count() else Player.O

    @property
    def empty_bits(self) -> int:
        return ~(self.x_bits | self.o_bits) & ((1 << (self.size * self.size)) - 1)

    @cached_property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        for player, bits in ((Player.X, self.x_bits), (Player.O, self.o_bits)):
            for mask in self.geometry.lines:
                if mask & bits == mask:
                    return Outcome(player, cells_of(mask))
        if not self.empty_bits:
            return Outcome(None, None)
        return None

    @property
    def winner(self) -> Player | None:
        return self.outcome.winner if self.outcome else None

    @property
    def winning_line(self) -> tuple[int, ...] | None:
        return self.outcome.line if self.outcome else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_moves(self) -> list[int]:
        """Empty cells in ascending order; none once the game is over."""
        return [] if self.is_over else list(cells_of(self.empty_bits))

    def play(self, move: int) -> Board:
        """The board after the side to move marks ``move``.

        Raises IllegalMoveError for an occupied cell, a cell off the board, or
        a game that is already over.
        """
        if (
            not isinstance(move, int)
            or isinstance(move, bool)
            or not 0 <= move < self.size * self.size
        ):
            raise IllegalMoveError(
                f"cell {move!r} is off the board (0 to {self.size * self.size - 1})"
            )
        if self.is_over:
            raise IllegalMoveError("the game is already over")
        bit = 1 << move
        if (self.x_bits | self.o_bits) & bit:
            raise IllegalMoveError(f"cell {move} is already taken")
        if self.turn is Player.X:
            return Board(self.size, self.win_length, self.x_bits | bit, self.o_bits)
        return Board(self.size, self.win_length, self.x_bits, self.o_bits | bit)

    def coordinate(self, cell: int) -> str:
        """A cell's name: column letter and row number, ``a1`` at the top left."""
        return f"{chr(ord('a') + cell % self.size)}{cell // self.size + 1}"

    def parse_coordinate(self, name: str) -> int:
        """The cell named ``name``: the inverse of :meth:`coordinate`.

        Case and surrounding whitespace are ignored. Raises
        InvalidCoordinateError, naming the text and the board's range.

        >>> board = Board.empty(3)
        >>> board.parse_coordinate("a1"), board.parse_coordinate(" B2 ")
        (0, 4)
        >>> board.parse_coordinate("z9")
        Traceback (most recent call last):
        ...
        ttt_gui.board.InvalidCoordinateError: 'z9' is not a cell of this 3x3 board (a1 to c3)
        """
        text = name.strip().lower() if isinstance(name, str) else ""
        digits = text[1:]
        if digits.isascii() and digits.isdigit():
            col, row = ord(text[0]) - ord("a"), int(digits) - 1
            if 0 <= col < self.size and 0 <= row < self.size:
                cell = row * self.size + col
                if self.coordinate(cell) == text:  # no leading zeros
                    return cell
        last = self.coordinate(self.size * self.size - 1)
        raise InvalidCoordinateError(
            f"{name!r} is not a cell of this {self.size}x{self.size} board (a1 to {last})"
        )
