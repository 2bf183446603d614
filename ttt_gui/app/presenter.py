"""Every user command, Tk-free: the presenter between the window and the game.

The window forwards each menu item, key and click to one method here, then
paints :meth:`Presenter.view`. Questions to the person go through a
:class:`Dialogs` object (the Tk one lives in ``gui``; tests pass a fake), time
comes from a ``clock`` callable, and searches run through a job runner
(:mod:`ttt_gui.app.jobs`) whose results :meth:`Presenter.tick` collects: the
window calls it from ``after()`` while :attr:`Presenter.is_working`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ttt_gui.app.coach import CoachCommands
from ttt_gui.app.display import DisplayCommands
from ttt_gui.app.jobs import JobRunner, JobTag, Runner
from ttt_gui.app.ports import Dialogs, SaveSettings
from ttt_gui.app.session import Refused, SearchRequest, Session
from ttt_gui.app.transfer import FileCommands
from ttt_gui.app.view_state import ViewState, build_view, hint_text
from ttt_gui.board import Board, Player
from ttt_gui.config import ConfigError, Mode, Shape
from ttt_gui.engine import MoveAnalysis, SearchResult
from ttt_gui.engine.levels import LevelPlayer
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame

#: Least time (s) between the person's move and the computer's reply on 3x3.
COMPUTER_PAUSE = 0.3
#: A search running this long (s) shows the progress bar.
PROGRESS_DELAY = 0.3


@dataclass(frozen=True)
class PendingMove:
    """A computed move waiting for its moment (pacing on 3x3, watch speed)."""

    generation: int
    move: int
    due: float


class Presenter(FileCommands, DisplayCommands, CoachCommands):
    """One window's commands over one :class:`Session` and its settings."""

    def __init__(
        self,
        settings: Settings,
        dialogs: Dialogs,
        *,
        save_settings: SaveSettings | None = None,
        clock: Callable[[], float] = time.monotonic,
        runner: Runner | None = None,
        computer_pause: float = COMPUTER_PAUSE,
        message: str | None = None,
        unfinished: UnfinishedGame | None = None,
        resume: bool = False,
    ) -> None:
        self.settings = settings
        self.dialogs = dialogs
        self.clock = clock
        self.runner: Runner = runner if runner is not None else JobRunner()
        self.computer_pause = computer_pause
        self.session = Session(settings.game, settings.scores)
        self.session.analysis_wanted = settings.analysis
        self.message = message
        self.is_closed = False
        self.errors: list[BaseException] = []
        self._save = save_settings
        self._saved_scores_version = 0
        self._save_problem: str | None = None
        self._pending: PendingMove | None = None
        self._job_started = 0.0
        self._failed: JobTag | None = None  # a search that raised is not run again
        #: Commands start searches at once; a window that paints first turns
        #: this off and calls :meth:`start_work` when :attr:`is_work_wanted`.
        self.start_work_in_commands = True
        self.is_work_wanted = False
        self._progress_shown = False
        self.unfinished = unfinished
        if resume:
            self.resume_unfinished()
        self._schedule()

    # -- state ----------------------------------------------------------------

    def view(self) -> ViewState:
        """Everything the window shows now."""
        state = build_view(self.session, self.settings, self.message, self._shows_progress())
        return self._with_review(state)

    def _shows_progress(self) -> bool:
        """Whether a search has run long enough to show the progress bar."""
        tag = self.runner.tag  # proving says so in the status, and may go on for long
        searching = tag is not None and tag.kind != "prove"
        return searching and self.clock() - self._job_started >= PROGRESS_DELAY

    @property
    def is_working(self) -> bool:
        """Whether a search runs or a move waits: :meth:`tick` has work to do."""
        return self.runner.tag is not None or self._pending is not None

    def _say(self, outcome: Refused | str | None) -> None:
        """Show a refusal or message in the status bar; None clears it."""
        self.message = outcome.reason if isinstance(outcome, Refused) else outcome

    # -- background work ----------------------------------------------------------

    def _schedule(self) -> None:
        """After a command: start the work it calls for now, or (when the window
        wants to paint first) mark it wanted for :meth:`start_work`."""
        if self.start_work_in_commands:
            self.start_work()
            return
        self.is_work_wanted = True
        tag = self.runner.tag
        if tag is not None and self._is_stale_job(tag):
            self.runner.cancel()  # at once: a stale search must not slow the repaint

    def start_work(self) -> None:
        """Start the search the position needs next; stop one no longer needed."""
        self.is_work_wanted = False
        session, runner = self.session, self.runner
        pending = self._pending
        if pending is not None and (pending.generation != session.generation or session.is_paused):
            self._pending = pending = None
        request = session.next_search()
        if (request is None or request.kind != "move") and pending is None:
            if self._start_review():  # a review asked for goes before the analysis
                return
        if request is None or pending is not None:
            if runner.tag is not None and (
                request is None or runner.tag.kind in ("analysis", "prove")
            ):
                runner.cancel()
            return
        tag = JobTag(request.kind, request.generation)
        if runner.tag != tag and tag != self._failed:
            self._job_started = self.clock()
            runner.start(tag, _job(request))

    def tick(self) -> bool:
        """Collect a finished search and play a move whose time has come.

        Returns whether the view may have changed (a result, a move, the
        progress bar), so a window repaints only then."""
        changed = False
        finished = self.runner.poll()
        if finished is not None:
            self._finish(finished.tag, finished.result)
            changed = True
        pending = self._pending
        if pending is not None and self.clock() >= pending.due:
            self._pending = None
            changed = True
            if self.session.apply_computer_move(pending.generation, pending.move):
                self._after_move()
        if changed:
            self.start_work()
        progress = self._shows_progress()
        if progress != self._progress_shown:
            self._progress_shown = progress
            changed = True
        return self._review_progressed() or changed

    def _finish(self, tag: JobTag, result: object) -> None:
        session = self.session
        if self._finish_review(tag, result) or tag.generation != session.generation:
            return  # a review, or an answer for an older position: dropped
        if isinstance(result, BaseException):
            self._failed = tag
            self.report_error(result)
        elif isinstance(result, SearchResult) and session.is_computer_turn:
            if session.config.mode is Mode.WATCH:
                wait = 0.0 if session.step_wanted else self.settings.watch_delay / 1000
            elif session.board.cells == 9:
                wait = max(0.0, self.computer_pause - (self.clock() - self._job_started))
            else:
                wait = 0.0
            # Played by tick(), at once if there is no wait.
            self._pending = PendingMove(tag.generation, result.move, self.clock() + wait)
        elif isinstance(result, MoveAnalysis) and session.accept_analysis(
            tag.generation, result, proving=tag.kind == "prove"
        ):
            if session.hint:
                self._say(hint_text(session.board, result))

    def _after_move(self) -> None:
        if self.session.scores_version != self._saved_scores_version:
            self.save_settings()

    def cancel_search(self) -> None:
        """Stop any search and drop a move on its way."""
        self.runner.cancel()
        self._pending = None

    def close(self) -> None:
        """Stop the search thread (bounded wait)."""
        self._pending = None
        self.runner.close()

    # -- the board ------------------------------------------------------------------

    def play(self, cell: int) -> None:
        """The person clicks ``cell`` (or presses Enter on it)."""
        refused = self._leave_review_focus() or self.session.play(cell)
        self._say(refused)
        if refused is None:
            self._after_move()
        self._schedule()

    def activate(self, cell: int) -> None:
        """Enter or Space on ``cell``: plays it, or plays/pauses when the computer
        plays both sides."""
        if self.session.config.mode is Mode.WATCH:
            self.play_pause()
        else:
            self.play(cell)

    def play_digit(self, digit: int, keypad: bool = False) -> bool:
        """Digit keys 1 to 9 play a cell on 3x3: in reading order (1 = top left),
        or on the keypad in its layout (7 = top left); False elsewhere."""
        if (self.session.board.rows, self.session.board.cols) != (3, 3) or not 1 <= digit <= 9:
            return False
        row, column = divmod(digit - 1, 3)
        self.play((2 - row) * 3 + column if keypad else digit - 1)
        return True

    def _move_to(self, outcome: Refused | None) -> None:
        if outcome is None:
            self._say(None)
            self._after_move()
        self._schedule()

    def undo(self) -> None:
        self._move_to(self.session.undo())

    def redo(self) -> None:
        self._move_to(self.session.redo())

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (the move list)."""
        if not self._focus_review(index) and index != self.session.history.cursor:
            self._move_to(self.session.go_to(index))

    def play_pause(self) -> None:
        self._say(self.session.play_pause())
        self._schedule()

    def step(self) -> None:
        self._say(self.session.step())
        self._schedule()

    # -- games and configuration ---------------------------------------------------------

    def new_game(self) -> None:
        """Start again; against the computer with "alternate" set, a finished
        game is followed by one in which the person plays the other side."""
        config = self.session.config
        if self.settings.alternate and config.mode is Mode.COMPUTER and self.session.board.is_over:
            self.change_config(force_new=True, human=config.human.other)
        else:
            self.change_config(force_new=True)

    def change_config(
        self, start: Board | None = None, force_new: bool = False, **changes: Any
    ) -> bool:
        """Apply ``changes`` to the configuration; start a new game (from ``start``)
        when they change the game being played, asking first if one is in
        progress. Returns False if the person declined or a value was refused."""
        session = self.session
        try:
            config = session.config.changed(**changes)
        except ConfigError as error:
            self._say(f"Not possible: {error}.")
            return False
        if start is None and not force_new and not session.config.changes_game(config):
            session.reconfigure(config)
            self._store_config()
            self._schedule()
            return True
        if session.has_moves_to_lose and not self.dialogs.confirm(
            "New game",
            "This starts a new game. Abandon the game in progress?",
            "Abandon game",
            "Keep playing",
        ):
            return False
        self.cancel_search()
        session.new_game(config, start)
        self._say(None)
        self._store_config()
        self._schedule()
        return True

    def _store_config(self) -> None:
        self.settings.game = self.session.config
        self.save_settings()

    def set_mode(self, mode: str) -> None:
        self.change_config(mode=Mode(mode))

    def set_human(self, side: str) -> None:
        self.change_config(human=Player(side))

    def set_level(self, name: str) -> None:
        self.change_config(level=name, depth=None)

    def set_x_level(self, name: str) -> None:
        self.change_config(x_level=name)

    def set_o_level(self, name: str) -> None:
        self.change_config(o_level=name)

    def set_think_time(self, seconds: float) -> None:
        self.change_config(think_time=float(seconds))

    def set_board(self, shape: Shape) -> None:
        """Play on ``shape``, as the Board menu offers them."""
        self.change_config(shape=Shape(*shape), depth=None)

    def ask_custom_depth(self) -> None:
        config = self.session.config
        cells = config.cells
        depth = self.dialogs.ask_integer(
            "Custom depth",
            f"How many moves ahead should the computer look? (1 to {cells})",
            config.max_depth or cells,
            1,
            cells,
        )
        if depth is not None and 1 <= depth <= cells:
            self.change_config(depth=depth)

    def ask_custom_board(self) -> None:
        config = self.session.config
        shape = self.dialogs.ask_board(config.shape)
        if shape is not None and shape.is_valid:
            self.set_board(shape)

    def reset_scores(self) -> None:
        config = self.session.config
        if not self.dialogs.confirm(
            "Reset scores",
            f"Set the scores of {config.mode.label.lower()} on {config.board_label} to zero?",
            "Reset scores",
            "Keep scores",
        ):
            return
        self.session.reset_scores()
        self.save_settings()
        self._say("Scores reset.")

    # -- errors, quitting ---------------------------------------------------------------

    def report_error(self, error: BaseException) -> None:
        """An unexpected error: counted, shown, and the game goes on."""
        self.errors.append(error)
        text = f"{type(error).__name__}: {error}"
        self._say(f"Something went wrong: {text}")
        self.dialogs.show_error("Unexpected error", f"{text}\n\nThe game goes on.")

    def quit(self) -> None:
        """Stop searching, save the settings; the window then closes. Asks first
        if a game in which the person has moved would be abandoned."""
        if (
            self.unfinished is None  # else the game is kept for the next start
            and self.session.has_moves_to_lose
            and not self.dialogs.confirm(
                "Quit", "Quit and abandon the game in progress?", "Quit", "Keep playing"
            )
        ):
            return
        self.end()

    def end(self) -> None:
        """Stop searching and save the settings without asking; the window then
        closes (Quit once answered, or a signal from the system)."""
        self.close()
        self.keep_unfinished()
        self.save_settings()
        self.is_closed = True


def _job(request: SearchRequest) -> Callable[[Any], object]:
    """The engine call for ``request``, taking the job's stop token."""
    engine, board = request.engine, request.board
    if isinstance(engine, LevelPlayer):  # the computer's move
        return lambda stop: engine.search(board, stop=stop)
    return lambda stop: engine.evaluate_moves(board, stop=stop)
