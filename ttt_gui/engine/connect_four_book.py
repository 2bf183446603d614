"""The opening book of Connect Four on the standard board (7 columns, 6
rows): for positions the strongest level may meet where the side to move
cannot be solved within a think time, one move that keeps the game's value
and its value; no Tk.

The book holds positions a player of one side meets when it follows the
book itself from the empty board: where that side is to move, its one
move; where the other side is, nothing (every reply is followed). It may
also hold a layer: positions with a number of stones, whoever reached
them, that the side to move wins or draws, each with its move (for games
that leave the book or start elsewhere), and the positions after the
replies to a layer's moves. A position and its mirror image share one
entry. ``build/connect_four_book.py`` computes it with the exact solver
(:mod:`ttt_gui.engine.connect_four`).

The data file (shipped gzip-compressed) has one entry a line: the moves
from the empty board that reach the position (columns 1-7), the book's
move (a column, 1-7) and its value from the side to move: a number, the
solver's exact value (in half-moves to the end, as
:class:`~ttt_gui.engine.connect_four.ConnectFourSolver` gives it), or
``win``, ``draw`` or ``loss`` where the book proved the result but not its
distance. Lines starting with ``#`` are comments.

>>> book = ConnectFourBook.parse("43 4 win\\n")
>>> centre, left = 1 << 7 * 3, 1 << 7 * 2  # the bottom cells of columns 4 and 3
>>> book.lookup(0 | centre, centre | left)  # after 4 3, the first player to move
BookMove(column=3, value=1, exact=False)
>>> book.lookup(centre, centre | left << 14)  # its mirror image, after 4 5
BookMove(column=3, value=1, exact=False)
>>> book.lookup(0, centre) is None
True
"""

from __future__ import annotations

import functools
import gzip
from array import array
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Final

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.connect_four import has_four

#: The board the book is for.
ROWS: Final = 6
COLS: Final = 7
#: A column's bits on the solver's bitboard: the cells from the bottom up,
#: and one sentinel bit above them.
STEP: Final = ROWS + 1
COLUMN_BITS: Final = (1 << STEP) - 1
BOTTOM: Final = sum(1 << (col * STEP) for col in range(COLS))
#: The package file the shipped book is read from: its text, gzip-compressed.
BOOK_FILE: Final = "connect_four_book.txt.gz"
#: The words of a value proven without its distance, from the side to move.
OUTCOME_WORDS: Final = {"win": 1, "draw": 0, "loss": -1}
#: No exact value is larger from either side (a win with the side's first stone).
EXACT_LIMIT: Final = (ROWS * COLS + 1) // 2


class BookError(ValueError):
    """A book's text is not a book: a line that is not ``moves column
    value``, a move that cannot be played, or two entries for a position."""


@dataclass(frozen=True)
class BookMove:
    """A book entry: the move (``column``, 0 the leftmost) and the value
    of the position for the side to move: the solver's exact value if
    ``exact``, else 1 a win, 0 a draw, -1 a loss."""

    column: int
    value: int
    exact: bool

    @property
    def outcome(self) -> int:
        """The value's outcome for the side to move: 1 a win, 0 a draw, -1 a loss."""
        return (self.value > 0) - (self.value < 0)

    def mirrored(self) -> BookMove:
        """The entry of the mirror image (the column seen from the other side)."""
        return BookMove(COLS - 1 - self.column, self.value, self.exact)

    def text(self) -> str:
        """The column (1-7) and value as a line of the data file gives them."""
        if self.exact:
            value = str(self.value)
        else:
            value = next(word for word, outcome in OUTCOME_WORDS.items() if outcome == self.value)
        return f"{self.column + 1} {value}"


def mirror(bits: int) -> int:
    """The bitboard ``bits`` seen in a mirror: the columns' order reversed."""
    mirrored = 0
    for col in range(COLS):
        mirrored |= ((bits >> (col * STEP)) & COLUMN_BITS) << ((COLS - 1 - col) * STEP)
    return mirrored


def position_key(current: int, mask: int) -> tuple[int, bool]:
    """The key a position and its mirror image share, and whether it is
    the mirror image's (``current``: the side to move's stones, ``mask``:
    all stones, on the solver's bitboard)."""
    return shared_key(current, mask, mirror(current), mirror(mask))


def shared_key(
    current: int, mask: int, mirrored_current: int, mirrored_mask: int
) -> tuple[int, bool]:
    """:func:`position_key` of a position whose mirror image is known."""
    key = current + mask + BOTTOM
    mirrored = mirrored_current + mirrored_mask + BOTTOM
    return (mirrored, True) if mirrored < key else (key, False)


def drop(mask: int, col: int) -> int:
    """The bit of the cell a stone dropped in column ``col`` (0-6) lands on,
    with stones on ``mask``; 0 when the column is full."""
    return (mask + (1 << (col * STEP))) & (((1 << ROWS) - 1) << (col * STEP))


def play_name(current: int, mask: int, columns: str, index: int) -> tuple[int, int]:
    """The position (current, mask) after the move ``columns[index]`` (a
    digit 1-7) from the position after ``columns[:index]``. Raises
    BookError for a column that is not one or is full, or a game over."""
    name = columns[index]
    if name not in "1234567":
        raise BookError(f"not a column: {name!r} in {columns!r}")
    move = drop(mask, int(name) - 1)
    if move == 0:
        raise BookError(f"column {name} is full after {columns[:index]!r}")
    if has_four(current | move, STEP):
        raise BookError(f"the game is over after {columns[: index + 1]!r}")
    return current ^ mask, mask | move  # the other side's stones: it moves next


def replay(columns: str) -> tuple[int, int]:
    """The position (current, mask) after the moves ``columns`` (digits
    1-7) from the empty board. Raises BookError for a column that is not
    one or is full, or a game already over."""
    current = mask = 0
    for index in range(len(columns)):
        current, mask = play_name(current, mask, columns, index)
    return current, mask


class Replayer:
    """Replays move lists that share their first moves with the last one
    replayed (as a sorted book's lines do) from where they part, keeping
    each position's mirror image beside it."""

    def __init__(self) -> None:
        self.columns = ""
        #: After each first part of ``columns``: current, mask and their mirror images.
        self.positions: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]

    def key(self, columns: str) -> tuple[int, bool]:
        """:func:`position_key` of the position after ``columns``; raises
        BookError as :func:`replay` does."""
        last = self.columns
        shared = min(len(last), len(columns))
        while last[:shared] != columns[:shared]:  # sorted lines part late: few steps
            shared -= 1
        positions = self.positions
        del positions[shared + 1 :]
        self.columns = columns[:shared]
        for index in range(shared, len(columns)):
            current, mask, mirrored_current, mirrored_mask = positions[-1]
            after = play_name(current, mask, columns, index)
            mirrored_move = drop(mirrored_mask, COLS - int(columns[index]))
            positions.append(
                (*after, mirrored_current ^ mirrored_mask, mirrored_mask | mirrored_move)
            )
        self.columns = columns
        return shared_key(*positions[-1])

    @property
    def mask(self) -> int:
        """The stones of the position last keyed."""
        return self.positions[-1][1]


def entry_lines(text: str) -> Iterator[tuple[int, str, str, str]]:
    """The entries of a data file's ``text``, in its order, as (the line's
    number, the moves from the empty board, "" for ``-``, the book's move,
    its value), as written; comments and blank lines left out. Raises
    BookError for a line that is not three fields."""
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if len(fields) != 3:
            raise BookError(f"line {number}: expected 'moves column value', got {line!r}")
        columns, move, value = fields
        yield number, "" if columns == "-" else columns, move, value


class BookEntries(Mapping[int, BookMove]):
    """The book's entries by :func:`position_key`, held compactly: the keys
    sorted in an array of 64-bit numbers and each entry packed in one
    16-bit number beside its key (10 bytes an entry; a dict of entry
    objects held about 17 times as much)."""

    def __init__(self, packed: dict[int, int]) -> None:
        """The entries of ``packed``: each key's entry as :func:`pack` gives it."""
        keys = sorted(packed)
        self.sorted_keys = array("Q", keys)
        self.codes = array("h", map(packed.__getitem__, keys))

    def __len__(self) -> int:
        return len(self.sorted_keys)

    def __iter__(self) -> Iterator[int]:
        return iter(self.sorted_keys)

    def index(self, key: object) -> int:
        """Where ``key`` is in :attr:`sorted_keys`, or -1 if it is not: a key
        equal to one held is found, as in a dict (5.0 as 5)."""
        if isinstance(key, int):
            number = key
        else:
            try:
                number = int(key)  # type: ignore[call-overload]
            except (TypeError, ValueError, OverflowError):
                return -1
            if number != key:
                return -1
        if not 0 <= number < 1 << 64:
            return -1
        index = bisect_left(self.sorted_keys, number)
        return index if index < len(self.sorted_keys) and self.sorted_keys[index] == number else -1

    def __contains__(self, key: object) -> bool:
        return self.index(key) >= 0

    def __getitem__(self, key: int) -> BookMove:
        index = self.index(key)
        if index < 0:
            raise KeyError(key)
        return unpack(self.codes[index])


def pack(entry: BookMove) -> int:
    """``entry`` as one number: its value times 16, 8 if exact, its column."""
    return entry.value * 16 + 8 * entry.exact + entry.column


def unpack(packed: int) -> BookMove:
    """The entry :func:`pack` made ``packed`` of."""
    value, low = divmod(packed, 16)
    return BookMove(low & 7, value, bool(low & 8))


class ConnectFourBook:
    """The book's entries by :func:`position_key`, each in the orientation
    of the key."""

    def __init__(self, entries: BookEntries) -> None:
        self.entries = entries

    def __len__(self) -> int:
        return len(self.entries)

    @classmethod
    def parse(cls, text: str) -> ConnectFourBook:
        """The book of a data file's ``text``; raises BookError if it is not one."""
        packed: dict[int, int] = {}
        replayer = Replayer()
        for number, columns, move, value in entry_lines(text):
            key, mirrored = replayer.key(columns)
            entry = parse_entry(move, value, number)
            if drop(replayer.mask, entry.column) == 0:
                raise BookError(f"line {number}: column {move} is full")
            if key in packed:
                raise BookError(f"line {number}: a second entry for {columns or '-'!r}")
            packed[key] = pack(entry.mirrored() if mirrored else entry)
        return cls(BookEntries(packed))

    def lookup(self, current: int, mask: int) -> BookMove | None:
        """The entry of a position (bitboards as the solver's, on 7x6), or None."""
        key, mirrored = position_key(current, mask)
        entry = self.entries.get(key)
        if entry is None:
            return None
        return entry.mirrored() if mirrored else entry

    def lookup_board(self, board: Board) -> BookMove | None:
        """The entry of ``board`` (any board: None off the standard one)."""
        if not book_applies(board.geometry):
            return None
        current = mask = 0
        for cell in range(board.cells):
            player = board[cell]
            if player is None:
                continue
            row, col = divmod(cell, COLS)
            bit = 1 << (col * STEP + ROWS - 1 - row)
            mask |= bit
            if player is board.turn:
                current |= bit
        return self.lookup(current, mask)


def parse_entry(move: str, value: str, number: int) -> BookMove:
    """The entry of a line's move and value fields (line ``number``);
    raises BookError."""
    try:
        return fields_entry(move, value)
    except BookError as error:
        raise BookError(f"line {number}: {error}") from None


@functools.cache
def fields_entry(move: str, value: str) -> BookMove:
    """The entry of a line's move and value fields; raises BookError."""
    if move not in "1234567" or len(move) != 1:
        raise BookError(f"not a column: {move!r}")
    if value in OUTCOME_WORDS:
        return BookMove(int(move) - 1, OUTCOME_WORDS[value], False)
    try:
        exact = int(value)
    except ValueError:
        raise BookError(f"not a value: {value!r}") from None
    if not -EXACT_LIMIT <= exact <= EXACT_LIMIT:
        raise BookError(f"not a value: {value!r}")
    return BookMove(int(move) - 1, exact, True)


def book_applies(geometry: Geometry) -> bool:
    """Whether the book is for ``geometry``'s game: Connect Four on 7x6."""
    return (
        geometry.gravity
        and not (geometry.misere or geometry.exact)
        and geometry.win_length == 4
        and (geometry.rows, geometry.cols) == (ROWS, COLS)
    )


def shipped_text() -> str:
    """The text of the book's data file shipped in the package."""
    data = resources.files(__package__).joinpath(BOOK_FILE).read_bytes()
    return gzip.decompress(data).decode("utf-8")


@functools.cache
def shipped_book() -> ConnectFourBook:
    """The book shipped in the package (read once)."""
    return ConnectFourBook.parse(shipped_text())
