"""Every user command, Tk-free: the presenter between the window and the game.

The window forwards each menu item, key and click to one method here, then
paints :meth:`Presenter.view`. The presenter plays the board's commands
itself and owns a part for each other concern, each given the few things it
needs of the presenter (its host):
:class:`~ttt_gui.app.game_setup.GameSetup` (the game's configuration),
:class:`~ttt_gui.app.coach.Coach` (hint and review),
:class:`~ttt_gui.app.transfer.Transfer` (clipboard, files, the unfinished
game), :class:`~ttt_gui.app.display.Display` (display settings, help),
:class:`~ttt_gui.app.sounds.Sounds` (what is heard) and
:class:`~ttt_gui.app.work.Work` (the searches). The commands of the parts
are reached here too, each by a method of one line. Questions to the person
go through a :class:`Dialogs` object (the Tk one lives in ``gui``; tests pass
a fake), sounds through a :class:`SoundPlayer` (none given: silence), time
comes from a ``clock`` callable, and searches run through a job runner
(:mod:`ttt_gui.app.jobs`).

Scheduling, the same for the window and for tests: a command only marks the
work it calls for as wanted (stopping at once a search no longer needed);
:meth:`Presenter.tick` starts it, collects finished searches and plays moves
and sounds whose time has come, and tries again a pending settings save (see
:mod:`~ttt_gui.app.settings_saving`). Its owner calls it while
:attr:`Presenter.is_working`: the window from ``after()``, once it has
painted the command's outcome.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from ttt_gui.app.actions import Facts, KeyNames, disabled_actions
from ttt_gui.app.coach import Coach
from ttt_gui.app.display import Display
from ttt_gui.app.game_setup import GameSetup
from ttt_gui.app.jobs import JobRunner, Runner
from ttt_gui.app.language_choice import choose_language
from ttt_gui.app.new_game import NewGamePage
from ttt_gui.app.ports import Dialogs, SaveSettings, SoundPlayer
from ttt_gui.app.problem_report import Problems
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.settings_saving import SettingsSaving
from ttt_gui.app.sounds import Silence, Sounds
from ttt_gui.app.transfer import Transfer
from ttt_gui.app.view_state import ViewState, build_view
from ttt_gui.app.work import Work
from ttt_gui.board import Board
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.crash_log import CrashLog
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame
from ttt_gui.words import gettext

#: Least time (s) between the person's move and the computer's reply on 3x3.
COMPUTER_PAUSE = 0.3


class Presenter:
    """One window's commands over one :class:`Session` and its ``settings``,
    which hold the game's configuration, the analysis flag and the scores.

    ``keys`` names keys in every text (Ctrl, or Cmd on macOS); ``message`` is
    shown first; ``unfinished`` saves the game in play as it is played, for
    the next start, and with ``resume`` a kept one is played on at once.
    ``sound_player`` plays the game's sounds (None: nothing is heard), on
    by default where ``desktop_sounds`` (the desktop allows event sounds)."""

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
        keys: KeyNames | None = None,
        crash_log: CrashLog | None = None,
        sound_player: SoundPlayer | None = None,
        desktop_sounds: bool = True,
    ) -> None:
        self.settings = settings
        self.dialogs = dialogs
        self.keys = keys if keys is not None else KeyNames()
        self.session = Session(settings, keys=self.keys)
        #: The message in the status bar (None: none), unless the hint is shown.
        self.message = message
        self.shows_hint = False
        self.is_closed = False
        self.problems = Problems(dialogs, crash_log)
        self.errors = self.problems.errors  # the unexpected errors met, oldest first
        self._saved_scores_version = 0
        self.saving = SettingsSaving(settings, save_settings, self, clock)
        session = self.session
        self.setup = GameSetup(session, settings, dialogs, self)
        self.new_game_page = NewGamePage(session, self.setup)
        self.coach = Coach(session, self)
        self.transfer = Transfer(session, settings, dialogs, self, unfinished)
        self.display = Display(
            session, settings, dialogs, save_settings=self.save_settings, schedule=self.schedule
        )
        self.sounds = Sounds(
            session,
            settings,
            sound_player if sound_player is not None else Silence(),
            clock,
            desktop_allows=desktop_sounds,
            save_settings=self.save_settings,
        )
        runner = runner if runner is not None else JobRunner()
        self.work = Work(session, settings, self, self.coach, runner, clock, computer_pause)
        if resume:
            self.transfer.resume_unfinished()
        else:
            self.transfer.count_kept()
        self.schedule()

    # -- state ----------------------------------------------------------------

    def view(self) -> ViewState:
        """Everything the window shows now."""
        session, review = self.session, self.coach.view()
        facts = Facts(
            mode=session.config.mode,
            can_undo=session.can_undo,
            can_redo=session.can_redo,
            has_moves=bool(session.history.moves),
            can_stop_review=self.coach.can_stop,
            has_kept_games=self.transfer.has_kept_games,
        )
        return build_view(
            session,
            self.settings,
            keys=self.keys,
            message=self.message,
            shows_hint=self.shows_hint,
            show_progress=self.work.shows_progress(),
            review=review,
            disabled=disabled_actions(facts),
            new_game=self.new_game_page.view(),
            sound=self.sounds.is_on,
            quick_starts=self.setup.quick_starts,
        )

    def say(self, outcome: Refused | str | None) -> None:
        """Show a refusal or message in the status bar; None clears it."""
        self.message = outcome.reason if isinstance(outcome, Refused) else outcome
        self.shows_hint = False

    def show_hint(self) -> None:
        """Show the session's hint in the status bar (worded when the view is built)."""
        self.message, self.shows_hint = None, True

    def show_history(self) -> None:
        """Show the move list, if hidden."""
        if not self.settings.history:
            self.display.toggle_history()

    def schedule(self) -> None:
        """After a command: the work it calls for is wanted (see the module
        docstring), and the game is saved as it now stands."""
        self.transfer.save_unfinished()
        self.work.want()

    def move_played(self) -> None:
        """The computer has moved: it is heard, and the game is kept with the
        scores (no command follows it to :meth:`schedule`)."""
        self.sounds.placed()
        self.transfer.save_unfinished()
        self._save_changed_scores()

    def _save_changed_scores(self) -> None:
        """After a move: the scores, if the move changed them (the game itself
        is kept by :meth:`schedule`, which every command calls after)."""
        if self.session.scores_version != self._saved_scores_version:
            self.save_settings()

    def save_settings(self, *, final: bool = False) -> None:
        """Persist settings and scores; a failure is shown, never raised. Never
        waits for another window holding the file, unless ``final`` (see
        :class:`SettingsSaving`)."""
        self._saved_scores_version = self.session.scores_version
        self.saving.save(final=final)

    # -- the board ------------------------------------------------------------------

    def play(self, cell: int) -> None:
        """The person clicks ``cell`` (or presses Enter on it)."""
        refused = self.coach.leave_focus() or self.session.play(cell)
        self.say(refused)
        if refused is None:
            self.sounds.placed()
            self._save_changed_scores()
        else:
            self.sounds.refused()
        self.schedule()

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
            self.say(None)
            self._save_changed_scores()
        self.schedule()

    def undo(self) -> None:
        self._move_to(self.session.undo())

    def redo(self) -> None:
        self._move_to(self.session.redo())

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (the move list)."""
        if not self.coach.focus(index) and index != self.session.history.cursor:
            self._move_to(self.session.go_to(index))

    def play_pause(self) -> None:
        self.say(self.session.play_pause())
        self.schedule()

    def step(self) -> None:
        if self.session.can_redo and self.session.config.mode is Mode.WATCH:
            self.redo()  # the recorded move after the one shown
        else:
            self.say(self.session.step())
            self.schedule()

    # -- errors, quitting ---------------------------------------------------------------

    def report_error(self, error: BaseException) -> None:
        """An unexpected error: written down, shown; the game goes on."""
        self.say(self.problems.report_error(error))

    def report_problem(self) -> None:
        """Help › Report a problem (see :meth:`Problems.report_problem`)."""
        said = self.problems.report_problem()
        if said is not None:
            self.say(said)

    def quit(self) -> None:
        """Stop searching, save the settings; the window then closes. Asks first
        if a game in which the person has moved would be abandoned: it is not
        kept for the next start, or could not be (a full disk)."""
        question = self.transfer.quit_question()
        # TRANSLATORS: the title and the button of the question before quitting.
        title = gettext("Quit")
        if question and not self.dialogs.confirm(title, question, title, gettext("Keep playing")):
            return
        self.end()

    def end(self) -> None:
        """Stop searching and save the settings without asking; the window then
        closes (Quit once answered, or a signal from the system)."""
        self.close()
        self.transfer.keep_unfinished()
        self.save_settings(final=True)
        self.is_closed = True

    # -- the background work (see Work) ---------------------------------------------------

    @property
    def runner(self) -> Runner:
        return self.work.runner

    @property
    def is_working(self) -> bool:
        """Whether :meth:`tick` has something to do: work, a pending save or
        a sound due later."""
        return self.work.is_working or self.saving.is_pending or self.sounds.is_pending

    def tick(self) -> bool:
        self.sounds.tick()
        saved = self.saving.retry()
        return self.work.tick() or saved

    def cancel_search(self) -> None:
        self.work.cancel()

    def close(self) -> None:
        self.work.close()

    # -- the game's setup (see GameSetup) ---------------------------------------------------

    def new_game(self) -> None:
        """Play again with the same settings (see :meth:`GameSetup.new_game`)."""
        self.setup.new_game()
        self.new_game_page.close()

    def show_new_game(self) -> None:
        """Open the New game page (see :class:`NewGamePage`)."""
        self.new_game_page.open()

    def quick_start(self, index: int) -> None:
        """Start the recent setup ``index`` in one click (see :meth:`NewGamePage.quick_start`)."""
        self.new_game_page.quick_start(index)

    def change_config(
        self,
        change: Callable[[GameConfig], GameConfig],
        start: Board | None = None,
        force_new: bool = False,
    ) -> bool:
        return self.setup.change_config(change, start, force_new)

    def set_mode(self, mode: str) -> None:
        self.setup.set_mode(mode)

    def set_human(self, side: str) -> None:
        self.setup.set_human(side)

    def set_level(self, name: str) -> None:
        self.setup.set_level(name)

    def set_x_level(self, name: str) -> None:
        self.setup.set_x_level(name)

    def set_o_level(self, name: str) -> None:
        self.setup.set_o_level(name)

    def set_think_time(self, seconds: float) -> None:
        self.setup.set_think_time(seconds)

    def set_board(self, shape: Shape) -> None:
        self.setup.set_board(shape)

    def ask_custom_depth(self) -> None:
        self.setup.ask_custom_depth()

    def ask_custom_board(self) -> None:
        self.setup.ask_custom_board()

    def reset_scores(self) -> None:
        self.setup.reset_scores()

    # -- the coach (see Coach) --------------------------------------------------------------

    def hint(self) -> None:
        self.coach.hint()

    def review_game(self) -> None:
        self.coach.review_game()

    def stop_review(self) -> None:
        self.coach.stop_review()

    # -- positions and games in and out (see Transfer) --------------------------------------

    def copy_position(self) -> None:
        self.transfer.copy_position()

    def paste_position(self) -> None:
        self.transfer.paste_position()

    def save_game(self) -> None:
        self.transfer.save_game()

    def open_game(self) -> None:
        self.transfer.open_game()

    def open_game_file(self, path: Path) -> None:
        self.transfer.open_game_file(path)

    def resume_kept(self) -> None:
        self.transfer.resume_kept()

    # -- the display and help (see Display) ------------------------------------------------

    def toggle_analysis(self) -> None:
        self.display.toggle_analysis()

    def toggle_history(self) -> None:
        self.display.toggle_history()

    def toggle_coordinates(self) -> None:
        self.display.toggle_coordinates()

    def toggle_toolbar(self) -> None:
        self.display.toggle_toolbar()

    def toggle_alternate(self) -> None:
        self.display.toggle_alternate()

    def toggle_motion(self) -> None:
        self.display.toggle_motion()

    def toggle_sound(self) -> None:
        self.sounds.toggle()

    def set_theme(self, name: str) -> None:
        self.display.set_theme(name)

    def set_speed(self, delay_ms: int) -> None:
        self.display.set_speed(delay_ms)

    def set_language(self, code: str) -> None:
        """The language of the next start (see :mod:`~ttt_gui.app.language_choice`)."""
        if (news := choose_language(self.settings, code, save=self.save_settings)) is not None:
            self.say(news)

    def set_zoom(self, zoom: float) -> None:
        self.display.set_zoom(zoom)

    def zoom_in(self) -> None:
        self.display.zoom_in()

    def zoom_out(self) -> None:
        self.display.zoom_out()

    def zoom_reset(self) -> None:
        self.display.zoom_reset()

    def set_window_size(self, width: int, height: int) -> None:
        self.display.set_window_size(width, height)

    def how_to_play(self) -> None:
        self.display.how_to_play()

    def show_shortcuts(self) -> None:
        self.display.show_shortcuts()

    def about(self) -> None:
        self.display.about(self.problems.where_written())

    def show_statistics(self) -> None:
        self.display.show_statistics()
