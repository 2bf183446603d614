"""Saved games (``.ttt`` files): small JSON documents replayed through the rules; no Tk.

A file holds a format name and version, the board's size and win length, an
optional start position (``Board.parse`` text), the moves as coordinates
(``a1`` is the top left) and how the game was played (mode, levels). Loading
replays the moves, so a file that describes an impossible game is refused.

>>> game = SavedGame(size=3, win_length=3, moves=(4, 0))
>>> parse_game(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttt_gui.board import (
    DEFAULT_WIN_LENGTH,
    MAX_SIZE,
    MIN_SIZE,
    Board,
    IllegalMoveError,
    InvalidPositionError,
)
from ttt_gui.engine import LEVELS
from ttt_gui.settings import read_limited, short_repr, write_atomically

FORMAT = "ttt-gui game"
VERSION = 1
SUFFIX = ".ttt"
#: Files larger than this are refused without being read.
MAX_FILE_BYTES = 64 * 1024
MODES = ("hotseat", "computer", "watch")


class GameFileError(ValueError):
    """A saved game that cannot be loaded; the message names the problem."""


@dataclass(frozen=True)
class SavedGame:
    """A game as stored: ``moves`` are cell indices played from ``start``."""

    size: int
    win_length: int
    moves: tuple[int, ...] = ()
    start: str | None = None
    mode: str = "hotseat"
    human: str = "X"
    level: str = "perfect"
    depth: int | None = None
    x_level: str = "perfect"
    o_level: str = "perfect"

    def start_board(self) -> Board:
        if self.start is None:
            return Board.empty(self.size, self.win_length)
        return Board.parse(self.start, win_length=self.win_length)

    def to_json(self) -> str:
        start = self.start_board()
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "size": self.size,
            "win_length": self.win_length,
            "moves": [start.coordinate(move) for move in self.moves],
            "mode": self.mode,
            "human": self.human,
            "level": self.level,
            "depth": self.depth,
            "x_level": self.x_level,
            "o_level": self.o_level,
        }
        if self.start is not None:
            data["start"] = self.start
        return json.dumps(data, indent=2) + "\n"


def _field(
    data: dict[str, Any], name: str, kind: type, default: Any = None, optional: bool = False
) -> Any:
    """``data[name]``, checked to be of ``kind`` (or None, if ``optional``)."""
    value = data.get(name, default)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise GameFileError(f"'{name}' should be {kind.__name__}, not {short_repr(value)}")
    return value


def parse_game(text: str | bytes) -> SavedGame:
    """Read and check a saved game; raises GameFileError naming the problem.

    The moves are replayed through the rules: every one must be legal.
    """
    if len(text) > MAX_FILE_BYTES:
        raise GameFileError(f"the file is larger than {MAX_FILE_BYTES // 1024} KB")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise GameFileError("the file is not UTF-8 text") from None
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a byte-order mark is allowed
    except (ValueError, RecursionError):  # also over-long integers
        raise GameFileError("the file is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError("this is not a saved tic-tac-toe game")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise GameFileError(
            f"unsupported version {short_repr(version)} (this game reads {VERSION})"
        )
    size = _field(data, "size", int)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise GameFileError(
            f"board size {short_repr(size)} is out of range ({MIN_SIZE} to {MAX_SIZE})"
        )
    win_length = _field(data, "win_length", int, DEFAULT_WIN_LENGTH[size])
    if not MIN_SIZE <= win_length <= size:
        raise GameFileError(
            f"win length {short_repr(win_length)} does not fit a {size}x{size} board"
        )
    mode = _field(data, "mode", str, "hotseat")
    human = _field(data, "human", str, "X")
    levels = [_field(data, name, str, "perfect") for name in ("level", "x_level", "o_level")]
    depth = _field(data, "depth", int, optional=True)
    if mode not in MODES or human not in ("X", "O") or any(lv not in LEVELS for lv in levels):
        raise GameFileError("unknown mode, side or level")
    if depth is not None and not 1 <= depth <= size * size:
        raise GameFileError(f"depth {short_repr(depth)} is out of range (1 to {size * size})")
    start_text = _field(data, "start", str, optional=True)
    try:
        board = (
            Board.parse(start_text, win_length=win_length)
            if start_text is not None
            else Board.empty(size, win_length)
        )
    except InvalidPositionError as error:
        raise GameFileError(f"bad start position: {error}") from None
    if board.size != size:
        raise GameFileError("the start position does not match the board size")
    names = _field(data, "moves", list)
    coordinates = {board.coordinate(cell): cell for cell in range(size * size)}
    moves = []
    for number, name in enumerate(names, start=1):
        if not isinstance(name, str) or name.lower() not in coordinates:
            raise GameFileError(f"move {number} is not a cell of the board: {short_repr(name)}")
        move = coordinates[name.lower()]
        try:
            board = board.play(move)
        except IllegalMoveError as error:
            raise GameFileError(f"move {number} ({name}) is impossible: {error}") from None
        moves.append(move)
    return SavedGame(
        size, win_length, tuple(moves), start_text, mode, human, levels[0], depth, *levels[1:]
    )


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
