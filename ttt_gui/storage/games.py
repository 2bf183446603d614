"""Saved games (``.ttt`` files): small JSON documents replayed through the rules; no Tk.

A file holds a format name and version, the board's size and win length
(and for other variants its rows, columns, gravity and misère: a file
without them is a square board of the usual rules), an optional start
position (``Board.parse`` text), the moves as coordinates (``a1`` is the
top left) and how the game was played (the other fields of
:class:`~ttt_gui.config.GameConfig`). Loading replays the moves, so a file
that describes an impossible game is refused.

>>> game = SavedGame(GameConfig(rows=4, cols=4, win_length=3), moves=(5, 0))
>>> parse_game(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttt_gui.board import (
    MIN_SIZE,
    Board,
    IllegalMoveError,
    InvalidPositionError,
    shape_name,
)
from ttt_gui.config import (
    MAX_THINK_TIME,
    MAX_WINDOW_SIZE,
    MIN_THINK_TIME,
    TOP_LEVEL,
    ConfigError,
    GameConfig,
    Mode,
    is_number,
    short_repr,
)
from ttt_gui.storage.files import read_limited, write_atomically
from ttt_gui.words import gettext, ngettext

FORMAT = "ttt-gui game"
VERSION = 1
SUFFIX = ".ttt"
#: Files larger than this are refused without being read.
MAX_FILE_BYTES = 64 * 1024
#: What a file leaves out: files written before levels were saved meant the top level.
_BASE = GameConfig(mode=Mode.HOTSEAT, level=TOP_LEVEL, x_level=TOP_LEVEL, o_level=TOP_LEVEL)
#: The type of each field a file may hold (float: any number), checked before its range.
_TYPES: dict[str, type] = {
    **dict.fromkeys(("size", "rows", "cols", "win_length", "depth"), int),
    **dict.fromkeys(("gravity", "misere", "exact"), bool),
    **dict.fromkeys(("mode", "human", "level", "x_level", "o_level", "start"), str),
    "think_time": float,
    "moves": list,
}
_REQUIRED = ("size", "moves")
_NULLABLE = ("depth", "start")


class GameFileError(ValueError):
    """A saved game that cannot be loaded; the message names the problem."""


@dataclass(frozen=True)
class SavedGame:
    """A game as stored: ``moves`` are cell indices played from ``start``
    (``Board.parse`` text; None for the empty board of ``config``)."""

    config: GameConfig
    moves: tuple[int, ...] = ()
    start: str | None = None

    def start_board(self) -> Board:
        """The position before the first move; raises InvalidPositionError."""
        config = self.config
        if self.start is None:
            return config.empty_board()
        rules = {"gravity": config.gravity, "misere": config.misere, "exact": config.exact}
        return Board.parse(
            self.start, win_length=config.win_length, max_size=MAX_WINDOW_SIZE, **rules
        )

    def to_json(self) -> str:
        """The file's text, read back by :func:`parse_game`."""
        start = self.start_board()
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, **self.config.to_dict()}
        data["moves"] = [start.coordinate(move) for move in self.moves]
        if self.start is not None:
            data["start"] = self.start
        return json.dumps(data, indent=2) + "\n"


def parse_game(text: str | bytes) -> SavedGame:
    """Read and check a saved game; raises GameFileError naming the problem.

    Missing fields mean a two-player game and the top level. The moves are
    replayed through the rules: every one must be legal.
    """
    if len(text) > MAX_FILE_BYTES:
        kilobytes = MAX_FILE_BYTES // 1024
        message = ngettext(
            "the file is larger than {size} KB", "the file is larger than {size} KB", kilobytes
        )
        raise GameFileError(message.format(size=kilobytes))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            message = gettext("this file is not a saved game (it is not text)")
            raise GameFileError(message) from None
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a byte-order mark is allowed
    except (ValueError, RecursionError):  # also over-long integers
        raise GameFileError(gettext("this file is not a saved game")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError(gettext("this file is not a saved game"))
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        # TRANSLATORS: the version of a saved game's file format, and the one this game reads.
        message = gettext("unsupported version {version} (this game reads {supported})")
        raise GameFileError(message.format(version=short_repr(version), supported=VERSION))
    for name, kind in _TYPES.items():
        value = data.get(name)
        if (name not in data and name not in _REQUIRED) or (value is None and name in _NULLABLE):
            continue
        is_wrong_kind = not isinstance(value, kind) or isinstance(value, bool)
        if kind is float and not is_number(value):
            # TRANSLATORS: {field} is a field of the file as it names it ('think_time'),
            # {value} the value it holds.
            message = gettext("{field} should be a number, not {value}")
        elif kind is bool and not isinstance(value, bool):
            message = gettext("{field} should be true or false, not {value}")
        elif kind not in (float, bool) and is_wrong_kind:
            # TRANSLATORS: {kind} is the type the file should hold, named as Python
            # names it (int, str, list): keep it as it is.
            message = gettext("{field} should be {kind}, not {value}")
        else:
            continue
        field, shown = repr(name), short_repr(value)
        raise GameFileError(message.format(field=field, kind=kind.__name__, value=shown))
    config = _config(data)
    try:
        board = SavedGame(config, start=data.get("start")).start_board()
    except InvalidPositionError as error:
        # TRANSLATORS: {problem} says what is wrong with the position the game started from.
        message = gettext("bad start position: {problem}")
        raise GameFileError(message.format(problem=error)) from None
    if not config.fits(board):
        raise GameFileError(gettext("the start position does not match the board size"))
    coordinates = {board.coordinate(cell): cell for cell in range(config.cells)}
    moves = []
    for number, name in enumerate(data["moves"], start=1):
        if not isinstance(name, str) or name.lower() not in coordinates:
            message = gettext("move {number} is not a cell of the board: {name}")
            raise GameFileError(message.format(number=number, name=short_repr(name)))
        move = coordinates[name.lower()]
        try:
            board = board.play(move)
        except IllegalMoveError as error:
            # TRANSLATORS: {name} is a cell such as "b2"; {problem} says why the move is illegal.
            message = gettext("move {number} ({name}) is impossible: {problem}")
            raise GameFileError(message.format(number=number, name=name, problem=error)) from None
        moves.append(move)
    return SavedGame(config, tuple(moves), data.get("start"))


def _config(data: dict[str, Any]) -> GameConfig:
    """The configuration of a file whose fields have the right types; raises
    GameFileError saying in words which value is out of range."""
    try:
        return GameConfig.from_dict(data, base=_BASE)
    except OverflowError:  # an integer think time too large for a float
        name, problem = "think_time", ""
    except ConfigError as error:
        name = error.field if error.field in _TYPES else ""
        problem = str(error)
    value, size = short_repr(data.get(name)), data["size"]
    rows, cols = data.get("rows", size), data.get("cols", size)
    limits = {"minimum": MIN_SIZE, "maximum": MAX_WINDOW_SIZE}
    if name == "size":
        message = gettext("board size {size} is out of range ({minimum} to {maximum})")
        problem = message.format(size=value, **limits)
    elif name == "rows":
        # TRANSLATORS: {count} is the file's number of rows (then of columns), as written.
        problem = gettext("{count} rows is out of range ({minimum} to {maximum})")
        problem = problem.format(count=value, **limits)
    elif name == "cols":
        problem = gettext("{count} columns is out of range ({minimum} to {maximum})")
        problem = problem.format(count=value, **limits)
    elif name == "win_length":  # the sides are valid: they are checked first
        # TRANSLATORS: the win length is how many marks in a row win; {shape} is columns x rows.
        problem = gettext("win length {win_length} does not fit a {shape} board")
        problem = problem.format(win_length=value, shape=shape_name(rows, cols))
    elif name == "depth":
        # TRANSLATORS: a custom strength: how many moves ahead the computer looks.
        problem = gettext("depth {depth} is out of range (1 to {maximum})")
        problem = problem.format(depth=value, maximum=rows * cols)
    elif name == "think_time":
        # TRANSLATORS: the computer's think time in seconds ("s").
        problem = gettext("think time {time} is out of range ({minimum} to {maximum} s)")
        problem = problem.format(time=value, minimum=MIN_THINK_TIME, maximum=MAX_THINK_TIME)
    elif name == "human":
        # TRANSLATORS: the side the person plays, which must be X or O.
        problem = gettext("unknown side {value} (X or O)").format(value=value)
    elif name == "mode":
        problem = gettext("unknown mode {value}").format(value=value)
    elif name == "level":
        problem = gettext("unknown level {value}").format(value=value)
    elif name in ("x_level", "o_level"):
        # TRANSLATORS: a level the computer plays the side {player} (X or O) at.
        problem = gettext("unknown level {value} for {player}")
        problem = problem.format(value=value, player=name[0].upper())
    raise GameFileError(problem) from None


def read_game(path: Path) -> SavedGame:
    """Load a saved game file; raises GameFileError (also for unreadable files)."""
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except OSError as error:
        # TRANSLATORS: {reason} is the system's reason ("Permission denied").
        message = gettext("the file cannot be read ({reason})")
        raise GameFileError(message.format(reason=error.strerror or error)) from None
    except ValueError as error:
        raise GameFileError(str(error)) from None
    return parse_game(data)


def write_game(path: Path, game: SavedGame) -> None:
    """Save ``game`` atomically; raises OSError on failure."""
    write_atomically(path, game.to_json())
