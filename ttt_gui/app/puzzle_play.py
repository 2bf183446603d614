"""Game › Puzzles in the window: a puzzle played on the board, judged move by
move, rated; no Tk.

:class:`PuzzlePlay` is a part the presenter owns. *Puzzles* (or the same
command again, for the next one) offers a puzzle of the kind of the board
played: today's puzzle first, if not yet tried today, then one chosen near
the player's rating (:func:`~ttt_gui.app.puzzle_rating.next_puzzle`). The
session plays it (:meth:`~ttt_gui.app.session.Session.start_puzzle`), the
person as the attacker, with the board's commands (mouse and keys) as in a
game. After each of the person's moves a job on the search thread
(:class:`~ttt_gui.app.jobs.JobKind` ``PUZZLE``) judges it with the puzzle's
:class:`~ttt_gui.analysis.puzzles.PuzzleJudge` and, if it keeps the promised
win, finds the defence that lasts longest, which the session then plays as
the computer's move. A move that throws the win away, or wins more slowly
than promised, fails the puzzle and is said at once; the last move that
completes the win solves it. The first try of a puzzle is recorded and
rates the player (Glicko-2); *Retry* plays it again unrated, *Show
solution* goes back to the position of the mistake (or stays where the
person is to move) and marks the winning moves there; *Hint* marks the area
of the next winning move; *Leave puzzles*, *Play again* or any new game
returns to the game of the settings. What a puzzle says to the player, in
words, is :mod:`~ttt_gui.app.puzzle_words`.
"""

from __future__ import annotations

import datetime
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ttt_gui.analysis.puzzles import (
    Puzzle,
    PuzzleJudge,
    PuzzleKind,
    Verdict,
    daily_puzzle,
    puzzle_set,
)
from ttt_gui.app.commands import Handler
from ttt_gui.app.jobs import Job, JobKind, JobTag
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.puzzle_rating import next_puzzle, solve_update
from ttt_gui.app.puzzle_words import (
    failed_words,
    no_puzzle_words,
    score_words,
    solution_words,
    solved_words,
    title_words,
    turn_words,
)
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.board import Board
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.engine.state import SearchAborted
from ttt_gui.storage.puzzle_record import Attempt
from ttt_gui.storage.settings import Settings
from ttt_gui.words import gettext

#: Puzzles tried in this window that are not offered again soon.
JUST_TRIED = 20


class PuzzleHost(Protocol):
    """What the puzzles need of their presenter."""

    def say(self, outcome: Refused | str | None) -> None: ...

    def schedule(self) -> None: ...

    def report_error(self, error: BaseException) -> None: ...

    def puzzle_saved(self) -> None:
        """The record changed: save the settings."""


class PuzzleSounds(Protocol):
    """The sounds a puzzle's events make: the computer's move (and a won
    game's end) as in a game, a failed puzzle as a lost game."""

    def placed(self) -> None: ...

    def failed(self) -> None: ...


class Stage(Enum):
    """Where a puzzle stands."""

    PLAYING = "playing"  # the person to move, or the computer's defence on its way
    SOLVED = "solved"
    FAILED = "failed"  # a move threw the win away or was too slow
    SHOWN = "shown"  # the solution is shown; the person may play on, unrated


def puzzle_kind(shape: Shape) -> PuzzleKind:
    """The kind of puzzle of a board: Connect Four, Gomoku, 5×5, misère, or
    the small boards' for any other."""
    if shape.misere:
        return PuzzleKind.MISERE
    if shape.gravity:
        return PuzzleKind.CONNECT_FOUR
    if shape.rows >= 9 and shape.cols >= 9:
        return PuzzleKind.GOMOKU
    if (shape.rows, shape.cols) == (5, 5):
        return PuzzleKind.FIVE
    return PuzzleKind.SMALL


def puzzle_config(board: Board) -> GameConfig:
    """The game a puzzle is played as: against the computer, the person the
    side to move, on the puzzle's board and rules."""
    return GameConfig(mode=Mode.COMPUTER, human=board.turn).with_shape(Shape.of(board))


@dataclass(frozen=True)
class Judged:
    """A job's answer about the person's move: the verdict and, if the move
    keeps the promised win and the game goes on, the defence."""

    verdict: Verdict
    defence: int | None


@dataclass(frozen=True)
class Solution:
    """A job's answer to Show solution: the winning moves at the position shown."""

    moves: frozenset[int]


@dataclass(frozen=True)
class PuzzleView:
    """What the window shows of a puzzle: its title (the board and its
    rating), the turn field, the line of the player's rating and streak,
    the cells marked (the hint's area or the solution's moves), and whether
    they are the solution."""

    title: str
    turn: str
    rating: str
    marked: tuple[int, ...] = ()
    is_solution: bool = False
    #: Solved or failed: the next puzzle is offered.
    is_over: bool = False


def _attacker_to_move(puzzle: Puzzle, board: Board) -> bool:
    """Whether the person (the attacker) is to move at ``board``, still going on."""
    return not board.is_over and board.turn is puzzle.attacker


def hint_area(board: Board, cells: frozenset[int]) -> tuple[int, ...]:
    """The area around the first of ``cells`` (in reading order) that a hint
    marks, never the cell alone: under gravity its column and the next one
    on each side; on 3×3 its row, else its column (else the whole board),
    the first with two empty cells at least, so that the area does not give
    the cell away; on larger boards the 3×3 block around it, moved inside
    the board."""
    if not cells:
        return ()
    cell = min(cells)
    rows, cols = board.rows, board.cols
    row, column = divmod(cell, cols)
    if board.gravity:
        columns = _span(column, 3, cols)
        return tuple(r * cols + c for r in range(rows) for c in columns)
    if rows <= 3 and cols <= 3:
        areas = [
            tuple(row * cols + c for c in range(cols)),
            tuple(r * cols + column for r in range(rows)),
            tuple(range(board.cells)),
        ]
        return next(area for area in areas if sum(board[c] is None for c in area) >= 2)
    block_rows, block_columns = _span(row, 3, rows), _span(column, 3, cols)
    return tuple(r * cols + c for r in block_rows for c in block_columns)


def _span(middle: int, width: int, length: int) -> range:
    """``width`` indices around ``middle``, kept within ``0 .. length - 1``."""
    first = min(max(0, middle - width // 2), max(0, length - width))
    return range(first, min(length, first + width))


class PuzzlePlay:
    """Puzzles on the board of ``session``; the record in ``settings``;
    ``dialogs`` ask before a game in progress is abandoned; ``today`` gives
    the date (the daily puzzle, the streak), ``choose`` picks among puzzles
    of a like rating, ``load`` and ``daily`` give the shipped sets and the
    daily puzzle (tests pass their own)."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        dialogs: Dialogs,
        sounds: PuzzleSounds,
        host: PuzzleHost,
        *,
        today: Callable[[], datetime.date] = datetime.date.today,
        choose: Callable[[Sequence[Puzzle]], Puzzle] = random.choice,
        load: Callable[[PuzzleKind], Sequence[Puzzle]] = puzzle_set,
        daily: Callable[[PuzzleKind, datetime.date], Puzzle] = daily_puzzle,
    ) -> None:
        self.session = session
        self.settings = settings
        self.dialogs = dialogs
        self.sounds = sounds
        self.host = host
        self.today = today
        self.choose = choose
        self.load = load
        self.daily = daily
        self.puzzle: Puzzle | None = None
        self.stage = Stage.PLAYING
        self._judge: PuzzleJudge | None = None
        self._is_daily = False
        self._rated = False  # the attempt has been recorded
        self._tried: list[str] = []
        #: A solution's or hint's jobs are tagged -1, -2, …: never a judged move's generation.
        self._serial = 0
        self._wanted: tuple[JobTag, Board] | None = None
        self._marked: tuple[int, ...] = ()
        self._is_solution = False
        self._promise = 0  # the attacker's moves the puzzle still promises
        self._mistake: Board | None = None  # the position before a failing move
        self._change: float | None = None  # the last try's change of the rating

    # -- commands ---------------------------------------------------------------------

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "puzzles": self.next,
            "puzzle_retry": self.retry,
            "puzzle_solution": self.show_solution,
            "leave_puzzles": self.leave,
        }

    @property
    def is_active(self) -> bool:
        """Whether a puzzle is on the board (a new game leaves it)."""
        if self.puzzle is not None and not self.session.is_puzzle:
            self._drop()
        return self.puzzle is not None

    def next(self) -> None:
        """Game › Puzzles: a puzzle of the board's kind (today's first), or the next one."""
        current = self.puzzle if self.is_active else None
        if self.session.has_moves_to_lose and not self.dialogs.confirm(
            # TRANSLATORS: the title of the question before a puzzle replaces a game.
            gettext("Puzzles"),
            gettext("This starts a puzzle. Abandon the game in progress?"),
            gettext("Abandon game"),
            gettext("Keep playing"),
        ):
            return
        kind = current.kind if current is not None else puzzle_kind(self.session.config.shape)
        puzzles = self.load(kind)
        record = self.settings.puzzles
        today = self.today()
        daily = self.daily(kind, today) if puzzles else None
        tried_today = {a.puzzle for a in record.attempts if a.day == today}
        if daily is not None and daily.id not in tried_today and daily.id not in self._tried:
            self._start(daily, is_daily=True)
            return
        chosen = next_puzzle(
            puzzles,
            record.rating(kind.value).rating,
            solved=record.solved(),
            just_tried=set(self._tried[-JUST_TRIED:]),
            choose=self.choose,
        )
        if chosen is None:
            self.host.say(gettext("There are no puzzles for this board yet."))
            return
        self._start(chosen, is_daily=False)

    def retry(self) -> None:
        """Play the puzzle again from its start (rated only the first time)."""
        if not self.is_active or self.puzzle is None:
            self.host.say(no_puzzle_words())
            return
        self._start(self.puzzle, is_daily=self._is_daily)
        self.host.say(gettext("Again from the start: only the first try counts for your rating."))

    def show_solution(self) -> None:
        """Mark the winning moves: at the position before a failing move
        (played again from there), else where the person is to move. A
        puzzle not yet rated counts as failed."""
        puzzle = self.puzzle
        if not self.is_active or puzzle is None:
            self.host.say(no_puzzle_words())
            return
        if self.stage is Stage.SOLVED:
            self.host.say(gettext("The puzzle is solved: there is no solution left to show."))
            return
        if not self._rated:
            self._record(solved=False)
        board = self._mistake if self._mistake is not None else self.session.board
        if board.turn is not puzzle.attacker:
            self.host.say(gettext("Wait for the computer's move."))
            return
        if board is not self.session.board:
            self._replay_from(board)
        self.stage = Stage.SHOWN
        self._mistake = None
        if board == puzzle.board:
            self._mark(tuple(sorted(puzzle.winning)), solution=True)
        else:
            self._serial += 1
            self._wanted = (JobTag(JobKind.PUZZLE, -self._serial), board)
        self.host.schedule()

    def hint(self) -> None:
        """Edit › Hint in a puzzle: mark the area the next winning move is in."""
        puzzle = self.puzzle
        if not self.is_active or puzzle is None:
            return
        board = self.session.board
        if self.stage is not Stage.PLAYING or not _attacker_to_move(puzzle, board):
            self.host.say(gettext("A hint is given when it is your move in a puzzle."))
            return
        if board == puzzle.board:
            self._mark(hint_area(board, puzzle.winning), solution=False)
            self.host.say(gettext("The winning move is in the marked area."))
            return
        self._serial += 1
        self._wanted = (JobTag(JobKind.PUZZLE, -self._serial), board)
        self._is_solution = False
        self.host.say(gettext("Looking for a hint…"))
        self.host.schedule()

    def leave(self) -> None:
        """Leave puzzles for the game of the settings (a new game of it)."""
        if self.is_active:
            self.session.new_game()
            self._drop()
            self.host.say(None)
        self.host.schedule()

    def refusal(self) -> Refused | None:
        """Why the person may not move on the board now (None: they may)."""
        if not self.is_active or self.stage not in (Stage.SOLVED, Stage.FAILED):
            return None
        keys = self.session.keys
        # TRANSLATORS: {key} is a key, e.g. "Ctrl+P".
        message = gettext("This puzzle is over: {key} for the next one.")
        return Refused(message.format(key=keys.of("puzzles")))

    # -- the jobs (see Work) ----------------------------------------------------------

    def wanted_job(self) -> tuple[JobTag, Job] | None:
        """The job the puzzle needs now: judging the person's move (and the
        defence), or the winning moves asked for."""
        if not self.is_active or self.puzzle is None or self._judge is None:
            return None
        judge, puzzle, session = self._judge, self.puzzle, self.session
        if self._wanted is not None:
            tag, board = self._wanted
            return tag, lambda stop: Solution(judge.winning_moves(board, stop))
        board = session.board
        if self.stage not in (Stage.PLAYING, Stage.SHOWN) or _attacker_to_move(puzzle, board):
            return None
        promise = self._promise - 1

        def judge_move(stop: threading.Event) -> Judged:
            verdict = judge.verdict(board, stop)  # at once when the move ends the game
            left = verdict.moves_left
            # Under misère a win is complete once the defender's every move
            # makes a line (0 left, the game not over): that move is played too.
            keeps = left is not None and left <= promise and not board.is_over
            return Judged(verdict, judge.defence(board, stop) if keeps else None)

        return JobTag(JobKind.PUZZLE, session.generation), judge_move

    def is_stale(self, tag: JobTag) -> bool:
        if not self.is_active:
            return True
        if self._wanted is not None:
            return tag != self._wanted[0]
        puzzle = self.puzzle
        return (
            puzzle is None
            or tag.generation != self.session.generation
            or _attacker_to_move(puzzle, self.session.board)
        )

    def finish(self, tag: JobTag, result: object) -> None:
        if self.is_stale(tag):
            return
        if isinstance(result, BaseException):
            if not isinstance(result, SearchAborted):
                self.host.report_error(result)
            self._wanted = None
        elif isinstance(result, Solution):
            self._wanted = None
            self._show_moves(result.moves)
        elif isinstance(result, Judged):
            self._take(tag.generation, result)

    def progressed(self) -> bool:
        return False

    # -- the view ---------------------------------------------------------------------

    def view(self) -> PuzzleView | None:
        """The puzzle's title, turn and marks; None outside puzzles."""
        puzzle = self.puzzle
        if not self.is_active or puzzle is None:
            return None
        record = self.settings.puzzles
        player = record.rating(puzzle.kind.value).rating
        return PuzzleView(
            title=title_words(puzzle, is_daily=self._is_daily),
            turn=turn_words(
                puzzle,
                self.session.board,
                self._promise,
                is_solved=self.stage is Stage.SOLVED,
                is_failed=self.stage is Stage.FAILED,
            ),
            rating=score_words(player, record.streak(self.today()), self._change),
            marked=self._marked,
            is_solution=self._is_solution,
            is_over=self.stage in (Stage.SOLVED, Stage.FAILED),
        )

    # -- inside -----------------------------------------------------------------------

    def _start(self, puzzle: Puzzle, *, is_daily: bool) -> None:
        first_try = puzzle is not self.puzzle or not self.is_active
        self.session.start_puzzle(puzzle.board, puzzle_config(puzzle.board))
        if first_try:
            self._judge = PuzzleJudge(puzzle)
            self._change = None
            self._rated = False
            self._tried.append(puzzle.id)
        self.puzzle = puzzle
        self._is_daily = is_daily
        self.stage = Stage.PLAYING
        self._promise = puzzle.distance
        self._wanted = self._mistake = None
        self._marked, self._is_solution = (), False
        self.host.say(None)
        self.host.schedule()

    def _replay_from(self, board: Board) -> None:
        """Play on from ``board`` (the position before a mistake)."""
        puzzle = self.puzzle
        assert puzzle is not None
        self.session.start_puzzle(board, puzzle_config(puzzle.board))

    def _drop(self) -> None:
        self.puzzle = self._judge = self._wanted = self._mistake = None
        self._marked, self._is_solution = (), False
        self.stage = Stage.PLAYING

    def _mark(self, cells: tuple[int, ...], *, solution: bool) -> None:
        self._marked, self._is_solution = cells, solution
        if solution:
            self.host.say(solution_words(self.session.board, cells))

    def _show_moves(self, moves: frozenset[int]) -> None:
        if self._is_solution or self.stage is Stage.SHOWN:
            self._mark(tuple(sorted(moves)), solution=True)
        else:
            self._mark(hint_area(self.session.board, moves), solution=False)
            self.host.say(gettext("The winning move is in the marked area."))

    def _take(self, generation: int, judged: Judged) -> None:
        """The person's move judged: solved, failed, or the defence played."""
        puzzle, session = self.puzzle, self.session
        if puzzle is None or generation != session.generation:
            return
        self._marked, self._is_solution = (), False
        left = judged.verdict.moves_left
        before = session.history.boards[session.history.cursor - 1]
        move = session.history.last_move
        cell = session.board.coordinate(move) if move is not None else ""
        promise = self._promise - 1
        if left == 0:
            if judged.defence is not None:  # the defender's forced last move (misère)
                session.apply_computer_move(generation, judged.defence)
                self.sounds.placed()
            self.stage = Stage.SOLVED  # heard as the won game it ends
            rated = None if self._rated else self._record(solved=True)
            self.host.say(solved_words(rated))
            return
        if left is None or left > promise:
            self.stage = Stage.FAILED
            self._mistake = before
            self.sounds.failed()
            if not self._rated:
                self._record(solved=False)  # the change is on the score line
            self.host.say(failed_words(puzzle, cell, is_too_slow=left is not None))
            return
        self._promise = promise
        if judged.defence is not None:
            session.apply_computer_move(generation, judged.defence)
            self.sounds.placed()
            board = session.board
            if board.is_over:  # the defender had to complete a line (misère)
                won = board.winner is puzzle.attacker
                self._take(session.generation, Judged(Verdict(0 if won else None), None))
                return
        self.host.say(None)

    def _record(self, *, solved: bool) -> tuple[float, float]:
        """Record the first try of the puzzle; the new rating and its change."""
        puzzle = self.puzzle
        assert puzzle is not None
        self._rated = True
        record = self.settings.puzzles
        kind = puzzle.kind.value
        before = record.rating(kind)
        after = solve_update(before, puzzle.rating, solved=solved)
        attempt = Attempt(puzzle.id, self.today(), solved)
        self.settings.puzzles = record.with_attempt(attempt, kind, after)
        self.host.puzzle_saved()
        self._change = after.rating - before.rating
        return after.rating, self._change
