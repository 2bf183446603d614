"""Puzzles: "X to play and win in 3", made and proven by the engine; no Tk.

A :class:`Puzzle` is a position whose side to move (the *attacker*) has a
forced win; its ``winning`` first moves each win within ``distance`` of the
attacker's moves against every defence, and no other first move wins as
fast. The shipped sets (``ttt_gui/puzzles/<kind>.json``, made by
``build/make_puzzles.py``; docs/puzzles.md says how) load once, in a fixed
order; :func:`daily_puzzle` picks the same one for everyone on a date.

:class:`PuzzleJudge` answers the questions of a puzzle being played, exactly:
how far the attacker still is from its win after a move (:meth:`~PuzzleJudge.verdict`),
the defender's longest-lasting reply (:meth:`~PuzzleJudge.defence`) and the
attacker's moves that keep the puzzle's promise (:meth:`~PuzzleJudge.winning_moves`).
On every board but Gomoku's the engine's exact search answers (the Connect
Four solver on 7x6); on Gomoku the threat searches (wins by fours and
threes, :mod:`ttt_gui.analysis.puzzle_threats`), which prove every win they
find and are the measure of a Gomoku puzzle's distance.

Distances count the attacker's moves, the first one counted: a win in ``n``
plies from the attacker's move is a win in ``(n + 1) // 2`` moves (under
misère the last ply is the defender's forced completion of a line).

>>> puzzle = puzzle_by_id("small-0001")
>>> puzzle.kind is PuzzleKind.SMALL, puzzle.attacker is puzzle.board.turn
(True, True)
>>> judge = PuzzleJudge(puzzle)
>>> move = min(puzzle.winning)
>>> judge.verdict(puzzle.board.play(move)).moves_left == puzzle.distance - 1
True
"""

from __future__ import annotations

import datetime
import enum
import functools
import hashlib
import json
import threading
from dataclasses import dataclass
from importlib import resources

from ttt_gui.analysis.puzzle_threats import ThreatJudge
from ttt_gui.board import Board, InvalidPositionError, Player
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.tables import tables_for

__all__ = [
    "MalformedPuzzleError",
    "Puzzle",
    "PuzzleJudge",
    "PuzzleKind",
    "UnknownPuzzleError",
    "Verdict",
    "all_puzzles",
    "attacker_moves",
    "daily_puzzle",
    "position_key",
    "puzzle_by_id",
    "puzzle_set",
    "read_puzzles",
]

#: The version of the data files' format this module reads.
FORMAT = 1


class PuzzleKind(enum.StrEnum):
    """The puzzle sets, one per kind of game."""

    SMALL = "small"  # 3x3 and 4x4 (k = size)
    FIVE = "five"  # 5x5, four in a row
    CONNECT_FOUR = "connect-four"  # 7x6 with gravity, four in a row
    GOMOKU = "gomoku"  # 15x15, five in a row
    MISERE = "misere"  # misère boards where a forced win exists


class UnknownPuzzleError(ValueError):
    """No shipped puzzle has the id asked for."""


class MalformedPuzzleError(ValueError):
    """A puzzle data file that is not what :func:`read_puzzles` reads: its
    message names the file and what is wrong."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``board`` (its rules are the board's) with the attacker,
    ``board.turn``, to move; ``winning`` the first moves that each win in
    ``distance`` of the attacker's moves (the first counted) against every
    defence, none other as fast; ``rating`` its difficulty on the Glicko
    scale (1500 average); ``source`` the game it came from."""

    id: str
    kind: PuzzleKind
    board: Board
    winning: frozenset[int]
    distance: int
    rating: float
    source: str

    @property
    def attacker(self) -> Player:
        """The side to move, who has the forced win."""
        return self.board.turn


@dataclass(frozen=True)
class Verdict:
    """How a puzzle stands after the attacker's move: ``moves_left`` the
    attacker's moves still needed to win against the best defence (0: won
    now), None when there is no forced win any more."""

    moves_left: int | None


def attacker_moves(plies: int) -> int:
    """The attacker's moves in a win of ``plies`` plies from its own move
    (the first counted; under misère the last ply is the defender's).

    >>> attacker_moves(1), attacker_moves(3), attacker_moves(4)
    (1, 2, 2)
    """
    return (plies + 1) // 2


def position_key(board: Board) -> tuple[object, ...]:
    """The same for two positions exactly when one is the other up to the
    symmetries of the board and its rules (its shape and rules included).

    >>> position_key(Board.parse("x../.../...")) == position_key(Board.parse("..x/.../..."))
    True
    """
    cells = range(board.cells)
    marks = min(
        tuple(
            sum(1 << mapping[cell] for cell in cells if bits >> cell & 1)
            for bits in (board.x_bits, board.o_bits)
        )
        for mapping in tables_for(board.geometry).forward
    )
    return (board.rows, board.cols, board.win_length, *board.rule_names, *marks)


# -- The shipped sets --------------------------------------------------------------------


def read_puzzles(text: str, kind: PuzzleKind, *, name: str = "") -> tuple[Puzzle, ...]:
    """The puzzles of a data file's ``text`` (the set of ``kind``); raises
    MalformedPuzzleError, naming ``name`` and what is wrong."""
    where = name or kind.value
    try:
        data = json.loads(text)
    except ValueError as error:
        raise MalformedPuzzleError(f"{where}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MalformedPuzzleError(f"{where}: not a puzzle file of format {FORMAT}")
    if data.get("kind") != kind.value or not isinstance(data.get("puzzles"), list):
        raise MalformedPuzzleError(f"{where}: not the {kind.value} puzzle set")
    puzzles = []
    seen: set[str] = set()
    for index, entry in enumerate(data["puzzles"]):
        puzzle = _puzzle(entry, kind, f"{where}, puzzle {index + 1}")
        if puzzle.id in seen:
            raise MalformedPuzzleError(f"{where}: the id {puzzle.id} is used twice")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return tuple(puzzles)


def _puzzle(entry: object, kind: PuzzleKind, where: str) -> Puzzle:
    """One puzzle of a data file, checked."""
    fields = {"id": str, "board": str, "winning": list, "distance": int, "rating": float}
    if not isinstance(entry, dict):
        raise MalformedPuzzleError(f"{where}: not an object")
    for key, kind_of in fields.items():
        value = entry.get(key)
        if kind_of is float and isinstance(value, int) and not isinstance(value, bool):
            continue
        if not isinstance(value, kind_of) or isinstance(value, bool):
            raise MalformedPuzzleError(f"{where}: {key!r} is missing or not a {kind_of.__name__}")
    try:
        board = Board.from_text(entry["board"])
        winning = frozenset(board.parse_coordinate(str(name)) for name in entry["winning"])
    except InvalidPositionError as error:
        raise MalformedPuzzleError(f"{where}: {error}") from None
    if board.is_over or not winning or not winning <= set(board.legal_moves()):
        raise MalformedPuzzleError(f"{where}: the winning moves are not moves of the position")
    if entry["distance"] < 1:
        raise MalformedPuzzleError(f"{where}: the distance is less than one move")
    source = entry.get("source", "")
    return Puzzle(
        entry["id"],
        kind,
        board,
        winning,
        entry["distance"],
        float(entry["rating"]),
        source if isinstance(source, str) else "",
    )


@functools.cache
def puzzle_set(kind: PuzzleKind) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``kind``, in their fixed order (read once)."""
    name = f"{kind.value}.json"
    text = resources.files("ttt_gui.puzzles").joinpath(name).read_text(encoding="utf-8")
    return read_puzzles(text, kind, name=name)


def all_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, set by set in :class:`PuzzleKind`'s order."""
    return tuple(puzzle for kind in PuzzleKind for puzzle in puzzle_set(kind))


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    """The shipped puzzle ``puzzle_id``; raises UnknownPuzzleError."""
    for kind in PuzzleKind:
        if isinstance(puzzle_id, str) and puzzle_id.startswith(kind.value + "-"):
            for puzzle in puzzle_set(kind):
                if puzzle.id == puzzle_id:
                    return puzzle
    raise UnknownPuzzleError(f"there is no puzzle {puzzle_id!r}")


def daily_puzzle(kind: PuzzleKind, date: datetime.date) -> Puzzle:
    """The puzzle of ``kind`` for ``date``, the same for everyone: a hash
    of the set's name and the ISO date picks it. Raises UnknownPuzzleError
    if the set is empty."""
    puzzles = puzzle_set(kind)
    if not puzzles:
        raise UnknownPuzzleError(f"there are no {kind.value} puzzles")
    digest = hashlib.sha256(f"{kind.value}:{date.isoformat()}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


# -- Judging moves -----------------------------------------------------------------------


class PuzzleJudge:
    """Exact answers inside one puzzle; slow calls, made on the worker
    thread; ``stop`` set ends them by raising the engine's SearchAborted.

    Scores come from the engine's exact search (from the side to move, a win
    in n plies ``WIN - n``), on Gomoku from the threat searches."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._engine = Engine(randomize=False)
        gomoku = puzzle.kind is PuzzleKind.GOMOKU
        #: The threat searches that judge a Gomoku puzzle (None: the exact search).
        self.threat_judge = ThreatJudge(puzzle.board.geometry) if gomoku else None
        self._threats = self.threat_judge
        self._lock = threading.Lock()

    def verdict(self, board: Board, stop: threading.Event | None = None) -> Verdict:
        """How the puzzle stands at ``board``, a position of it after the
        attacker's move (the defender to move, or the game over)."""
        attacker = self.puzzle.attacker
        if board.is_over:
            return Verdict(0 if board.winner is attacker else None)
        if self._threats is not None:
            return Verdict(self._threats.moves_left(board, stop))
        score = self._search(board, stop)[1]
        if score >= -MATE_THRESHOLD:
            return Verdict(None)
        return Verdict((WIN + score) // 2)  # the defender loses in that many plies

    def defence(self, board: Board, stop: threading.Event | None = None) -> int:
        """The defender's reply at ``board`` (defender to move) that lasts
        longest against the best attack (one that escapes, if any does)."""
        if self._threats is not None:
            return self._threats.defence(board, stop)
        return self._search(board, stop)[0]

    def winning_moves(self, board: Board, stop: threading.Event | None = None) -> frozenset[int]:
        """The attacker's moves at ``board`` (attacker to move) that keep a
        forced win within the moves the puzzle still promises there."""
        made = (board.move_count - self.puzzle.board.move_count) // 2
        promise = self.puzzle.distance - made
        if board.is_over or promise < 1:
            return frozenset()
        if self._threats is not None:
            return self._threats.winning_moves(board, promise, stop)
        scores = self._scores(board, stop)
        return frozenset(
            move
            for move, score in scores.items()
            if score > MATE_THRESHOLD and attacker_moves(WIN - score) <= promise
        )

    def scores(self, board: Board, stop: threading.Event | None = None) -> dict[int, int]:
        """Every move's exact score at ``board`` from the side to move (not
        on Gomoku, where the threat searches prove wins but score no move)."""
        return self._scores(board, stop)

    def _search(self, board: Board, stop: threading.Event | None) -> tuple[int, int]:
        """The best move at ``board`` and its exact score."""
        with self._lock:
            result = self._engine.search(board, Limit(), stop=stop)
        if stop is not None and stop.is_set():
            raise SearchAborted
        if not result.exact:
            raise AssertionError("an unlimited search is exact")
        return result.move, result.score

    def _scores(self, board: Board, stop: threading.Event | None) -> dict[int, int]:
        with self._lock:
            analysis = self._engine.evaluate_moves(board, Limit(), stop=stop)
        if stop is not None and stop.is_set():
            raise SearchAborted
        if not analysis.exact:
            raise AssertionError("an unlimited search is exact")
        return analysis.scores
