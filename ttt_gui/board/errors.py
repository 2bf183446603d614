"""The errors of malformed positions and illegal moves, each building its
message in the player's language when it is raised.

Each named error (a :class:`ValueError`, as python-chess names its own) has
a constructor per case, so the rules say *what* is wrong and this module owns
the words that tell the player. Tests read the English (the messages' source).

>>> str(IllegalMoveError.taken(4))
'cell 4 is already taken'
>>> str(InvalidShapeError.row_length(2, 4, expected=3))
'row 2 has 4 cells; every row needs as many as the first (3)'
"""

from __future__ import annotations

from ttt_gui.words import gettext, ngettext


class IllegalMoveError(ValueError):
    """A move on an occupied cell, outside the board, or after the game ended."""

    @classmethod
    def off_the_board(cls, move: object, last: int) -> IllegalMoveError:
        # TRANSLATORS: cells are numbered from 0; {move} is what was asked for.
        message = gettext("cell {move} is off the board (0 to {last})")
        return cls(message.format(move=repr(move), last=last))

    @classmethod
    def game_over(cls) -> IllegalMoveError:
        return cls(gettext("the game is already over"))

    @classmethod
    def taken(cls, move: int) -> IllegalMoveError:
        return cls(gettext("cell {move} is already taken").format(move=move))

    @classmethod
    def floating(cls, move: int) -> IllegalMoveError:
        # TRANSLATORS: gravity is the Connect Four rule: a mark falls down its column.
        message = gettext(
            "cell {move} is above an empty cell: under gravity a mark drops to "
            "the lowest empty cell of its column"
        )
        return cls(message.format(move=move))


class InvalidPositionError(ValueError):
    """Text or bitboards that describe no reachable position."""

    @classmethod
    def not_text(cls, kind: str) -> InvalidPositionError:
        # TRANSLATORS: {kind} is a Python type name such as "int".
        return cls(gettext("a position is text, not {kind}").format(kind=kind))

    @classmethod
    def long_win_length(cls, digits: int) -> InvalidPositionError:
        # TRANSLATORS: the win length is how many marks in a row win (the k of "k=5").
        message = ngettext(
            "a win length of {count} digit is out of range",
            "a win length of {count} digits is out of range",
            digits,
        )
        return cls(message.format(count=digits))

    @classmethod
    def overlap(cls) -> InvalidPositionError:
        return cls(gettext("marks overlap or lie outside the board"))

    @classmethod
    def counts(cls, x_count: int, o_count: int) -> InvalidPositionError:
        # TRANSLATORS: X and O are the two players' marks; "{count} X marks" counts X's.
        x_marks = ngettext("{count} X mark", "{count} X marks", x_count).format(count=x_count)
        # TRANSLATORS: X and O are the two players' marks; "{count} O marks" counts O's.
        o_marks = ngettext("{count} O mark", "{count} O marks", o_count).format(count=o_count)
        # TRANSLATORS: {x_marks} and {o_marks} are "3 X marks" and "1 O mark".
        message = gettext(
            "impossible counts: {x_marks} and {o_marks} "
            "(X moves first, so X has as many marks as O or one more)"
        )
        return cls(message.format(x_marks=x_marks, o_marks=o_marks))

    @classmethod
    def two_winners(cls) -> InvalidPositionError:
        # TRANSLATORS: a line is a row of marks long enough to win.
        return cls(gettext("both players have a line"))

    @classmethod
    def play_after_line(cls, player: str) -> InvalidPositionError:
        # TRANSLATORS: {player} is X or O; a line is a row of marks long enough to win.
        message = gettext("{player} has a line but play went on after it")
        return cls(message.format(player=player))

    @classmethod
    def no_last_move(cls, player: str) -> InvalidPositionError:
        # TRANSLATORS: {player} is X or O: its lines could not all be made by one move.
        message = gettext("{player} has lines that no single last move completes")
        return cls(message.format(player=player))

    @classmethod
    def unknown_character(cls, character: str, row: int) -> InvalidPositionError:
        # TRANSLATORS: a position is written with X, O and "." (an empty cell) per cell.
        message = gettext("unknown character {character} in row {row} (use X, O or .)")
        return cls(message.format(character=repr(character), row=row))


class InvalidShapeError(InvalidPositionError):
    """Rows, columns or a win length out of range."""

    @classmethod
    def side(cls, count: int, *, is_rows: bool, minimum: int, maximum: int) -> InvalidShapeError:
        if is_rows:
            # TRANSLATORS: a board's number of rows (then of columns) that no board has.
            message = ngettext(
                "{count} row is out of range ({minimum} to {maximum})",
                "{count} rows is out of range ({minimum} to {maximum})",
                count,
            )
        else:
            message = ngettext(
                "{count} column is out of range ({minimum} to {maximum})",
                "{count} columns is out of range ({minimum} to {maximum})",
                count,
            )
        return cls(message.format(count=count, minimum=minimum, maximum=maximum))

    @classmethod
    def size(cls, size: int, *, minimum: int, maximum: int) -> InvalidShapeError:
        # TRANSLATORS: the size of a square board: its number of rows and of columns.
        message = gettext("board size {size} is out of range ({minimum} to {maximum})")
        return cls(message.format(size=size, minimum=minimum, maximum=maximum))

    @classmethod
    def win_length(
        cls, win_length: int, *, minimum: int, maximum: int, shape: str
    ) -> InvalidShapeError:
        # TRANSLATORS: the win length is how many marks in a row win; {shape} is
        # a board's columns x rows, such as "7x6".
        message = gettext(
            "win length {win_length} is out of range ({minimum} to {maximum}) for a {shape} board"
        )
        return cls(
            message.format(win_length=win_length, minimum=minimum, maximum=maximum, shape=shape)
        )

    @classmethod
    def row_count(cls, count: int, *, minimum: int, maximum: int) -> InvalidShapeError:
        # TRANSLATORS: a position is written as rows joined by "/", such as "x../.o./...".
        message = ngettext(
            "a position has {minimum} to {maximum} rows separated by '/', this one has {count}",
            "a position has {minimum} to {maximum} rows separated by '/', this one has {count}",
            count,
        )
        return cls(message.format(count=count, minimum=minimum, maximum=maximum))

    @classmethod
    def first_row_length(cls, count: int, *, minimum: int, maximum: int) -> InvalidShapeError:
        message = ngettext(
            "row 1 has {count} cell; a row has {minimum} to {maximum}",
            "row 1 has {count} cells; a row has {minimum} to {maximum}",
            count,
        )
        return cls(message.format(count=count, minimum=minimum, maximum=maximum))

    @classmethod
    def row_length(cls, row: int, count: int, *, expected: int) -> InvalidShapeError:
        message = ngettext(
            "row {row} has {count} cell; every row needs as many as the first ({expected})",
            "row {row} has {count} cells; every row needs as many as the first ({expected})",
            count,
        )
        return cls(message.format(row=row, count=count, expected=expected))


class FloatingMarkError(InvalidPositionError):
    """Under gravity, a mark above an empty cell."""

    @classmethod
    def in_column(cls, column: str) -> FloatingMarkError:
        # TRANSLATORS: gravity is the Connect Four rule; {column} is a column's letter.
        message = gettext(
            "under gravity no mark floats: column {column} has a mark above an empty cell"
        )
        return cls(message.format(column=column))


class InvalidCoordinateError(ValueError):
    """A cell name, such as ``'b2'``, that names no cell of the board."""

    @classmethod
    def not_a_cell(cls, name: object, *, shape: str, last: str) -> InvalidCoordinateError:
        # TRANSLATORS: {name} is the text given; cells are named a column letter and a
        # row number ("b2"); {shape} is columns x rows ("3x3"); {last} the last cell.
        message = gettext("{name} is not a cell of this {shape} board (a1 to {last})")
        return cls(message.format(name=repr(name), shape=shape, last=last))
