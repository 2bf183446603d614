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
    MAX_SIZE,
    MIN_SIZE,
    Board,
    IllegalMoveError,
    InvalidPositionError,
    shape_name,
)
from ttt_gui.config import (
    MAX_THINK_TIME,
    MIN_THINK_TIME,
    TOP_LEVEL,
    ConfigError,
    GameConfig,
    Mode,
    is_number,
    short_repr,
)
from ttt_gui.storage.files import read_limited, write_atomically

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
    **dict.fromkeys(("gravity", "misere"), bool),
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
        return Board.parse(
            self.start, win_length=config.win_length, gravity=config.gravity, misere=config.misere
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
        raise GameFileError(f"the file is larger than {MAX_FILE_BYTES // 1024} KB")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise GameFileError("this file is not a saved game (it is not text)") from None
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a byte-order mark is allowed
    except (ValueError, RecursionError):  # also over-long integers
        raise GameFileError("this file is not a saved game") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError("this file is not a saved game")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise GameFileError(
            f"unsupported version {short_repr(version)} (this game reads {VERSION})"
        )
    for name, kind in _TYPES.items():
        value = data.get(name)
        if (name not in data and name not in _REQUIRED) or (value is None and name in _NULLABLE):
            continue
        if kind is float and not is_number(value):
            raise GameFileError(f"{name!r} should be a number, not {short_repr(value)}")
        if kind is bool and not isinstance(value, bool):
            raise GameFileError(f"{name!r} should be true or false, not {short_repr(value)}")
        if kind not in (float, bool) and (not isinstance(value, kind) or isinstance(value, bool)):
            raise GameFileError(f"{name!r} should be {kind.__name__}, not {short_repr(value)}")
    config = _config(data)
    try:
        board = SavedGame(config, start=data.get("start")).start_board()
    except InvalidPositionError as error:
        raise GameFileError(f"bad start position: {error}") from None
    if not config.fits(board):
        raise GameFileError("the start position does not match the board size")
    coordinates = {board.coordinate(cell): cell for cell in range(config.cells)}
    moves = []
    for number, name in enumerate(data["moves"], start=1):
        if not isinstance(name, str) or name.lower() not in coordinates:
            raise GameFileError(f"move {number} is not a cell of the board: {short_repr(name)}")
        move = coordinates[name.lower()]
        try:
            board = board.play(move)
        except IllegalMoveError as error:
            raise GameFileError(f"move {number} ({name}) is impossible: {error}") from None
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
        name = next((name for name in _TYPES if str(error).startswith(f"{name!r} ")), "")
        problem = str(error)
    value, size = short_repr(data.get(name)), data["size"]
    rows, cols = data.get("rows", size), data.get("cols", size)
    if name == "size":
        problem = f"board size {value} is out of range ({MIN_SIZE} to {MAX_SIZE})"
    elif name in ("rows", "cols"):
        what = "rows" if name == "rows" else "columns"
        problem = f"{value} {what} is out of range ({MIN_SIZE} to {MAX_SIZE})"
    elif name == "win_length":  # the sides are valid: they are checked first
        problem = f"win length {value} does not fit a {shape_name(rows, cols)} board"
    elif name == "depth":
        problem = f"depth {value} is out of range (1 to {rows * cols})"
    elif name == "think_time":
        problem = f"think time {value} is out of range ({MIN_THINK_TIME} to {MAX_THINK_TIME} s)"
    elif name == "human":
        problem = f"unknown side {value} (X or O)"
    elif name in ("mode", "level"):
        problem = f"unknown {name} {value}"
    elif name in ("x_level", "o_level"):
        problem = f"unknown level {value} for {name[0].upper()}"
    raise GameFileError(problem) from None


def read_game(path: Path) -> SavedGame:
    """Load a saved game file; raises GameFileError (also for unreadable files)."""
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except OSError as error:
        raise GameFileError(f"the file cannot be read ({error.strerror or error})") from None
    except ValueError as error:
        raise GameFileError(str(error)) from None
    return parse_game(data)


def write_game(path: Path, game: SavedGame) -> None:
    """Save ``game`` atomically; raises OSError on failure."""
    write_atomically(path, game.to_json())
