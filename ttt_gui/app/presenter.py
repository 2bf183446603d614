"""One window's logic, Tk-free: the presenter, host of the window's parts.

Each part owns one concern and its commands: :class:`~ttt_gui.app.moves.Moves`
(the board), :class:`~ttt_gui.app.game_setup.GameSetup` (the game's choices),
:class:`~ttt_gui.app.new_game.NewGamePage`, :class:`~ttt_gui.app.coach.Coach`
(hint and review), :class:`~ttt_gui.app.transfer.Transfer` (clipboard and
files), :class:`~ttt_gui.app.kept_games.KeptGames` (the unfinished game),
:class:`~ttt_gui.app.display.Display` (display settings, help),
:class:`~ttt_gui.app.puzzle_play.PuzzlePlay` (Game › Puzzles),
:class:`~ttt_gui.app.sounds.Sounds` and
:class:`~ttt_gui.app.problem_report.Problems`. :attr:`Presenter.commands` joins
their commands; the window runs each menu item, key and click there by its
action id, then paints :meth:`Presenter.view`. The presenter keeps the message
line, schedules the work, saves, and quits. Questions go through a
:class:`Dialogs` object (Tk's in ``gui``, a fake in tests), sounds through a
:class:`SoundPlayer`, time comes from a ``clock`` and searches run in a job
runner (:mod:`ttt_gui.app.jobs`).

Scheduling, the same for the window and for tests: a command only marks the
work it calls for as wanted; :meth:`Presenter.tick` starts it, collects
searches (:class:`~ttt_gui.app.work.Work`), plays moves and sounds whose time
has come and retries a pending save (:mod:`~ttt_gui.app.settings_saving`). Its
owner calls it while :attr:`Presenter.is_working`: the window from ``after()``,
once it has painted the command's outcome.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable

from ttt_gui.app.actions import Facts, disabled_actions
from ttt_gui.app.coach import Coach
from ttt_gui.app.commands import Commands
from ttt_gui.app.display import Display
from ttt_gui.app.game_setup import GameSetup
from ttt_gui.app.jobs import JobRunner, Runner
from ttt_gui.app.kept_games import KeptGames
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.moves import Moves
from ttt_gui.app.new_game import NewGamePage
from ttt_gui.app.ports import Dialogs, SaveSettings, SoundPlayer
from ttt_gui.app.problem_report import Problems
from ttt_gui.app.puzzle_play import PuzzlePlay
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.settings_saving import SettingsSaving
from ttt_gui.app.sounds import Silence, Sounds
from ttt_gui.app.transfer import Transfer
from ttt_gui.app.view_state import ViewState, build_view
from ttt_gui.app.work import Work
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
        today: Callable[[], datetime.date] = datetime.date.today,
    ) -> None:
        self.settings = settings
        self.dialogs = dialogs
        self.keys = keys if keys is not None else KeyNames()
        self.session = Session(settings, keys=self.keys)
        #: The message in the status bar (None: none), unless the hint is shown.
        self.message = message
        self.shows_hint = False
        self.is_closed = False
        self.problems = Problems(dialogs, crash_log, say=self.say)
        self.errors = self.problems.errors  # the unexpected errors met, oldest first
        self.saving = SettingsSaving(
            settings, save_settings, self, clock, lambda: self.session.scores_version
        )
        #: Persist settings and scores; a failure is shown, never raised (see
        #: :class:`SettingsSaving`).
        self.save_settings = self.saving.save
        #: After a move: the scores, if it changed them.
        self.save_changed_scores = self.saving.save_changed_scores
        session = self.session
        self.sounds = Sounds(
            session,
            settings,
            sound_player if sound_player is not None else Silence(),
            clock,
            desktop_allows=desktop_sounds,
            save_settings=self.save_settings,
        )
        self.puzzles = PuzzlePlay(session, settings, dialogs, self.sounds, self, today=today)
        self.coach = Coach(session, self, puzzle_hint=self.puzzles.hint)
        runner = runner if runner is not None else JobRunner()
        self.work = Work(
            session,
            settings,
            self,
            self.coach,
            runner,
            clock,
            computer_pause,
            puzzles=self.puzzles,
        )
        stop_search = self.work.cancel
        self.setup = GameSetup(session, settings, dialogs, self, stop_search)
        self.new_game_page = NewGamePage(session, self.setup)
        self.transfer = Transfer(
            session,
            settings,
            dialogs,
            self,
            setup=self.setup,
            stop_search=stop_search,
        )
        self.kept = KeptGames(session, dialogs, self, self.transfer.replay, unfinished)
        self.display = Display(
            session,
            settings,
            dialogs,
            save_settings=self.save_settings,
            schedule=self.schedule,
            about_note=self.problems.where_written,
            say=self.say,
            today=today,
        )
        self.moves = Moves(session, self.coach, self.sounds, self, guard=self.puzzles.refusal)
        #: Every command of the window, by action id.
        self.commands = Commands(
            self.moves.commands(),
            self.setup.commands(),
            self.new_game_page.commands(),
            self.coach.commands(),
            self.transfer.commands(),
            self.kept.commands(),
            self.display.commands(),
            self.sounds.commands(),
            self.problems.commands(),
            self.puzzles.commands(),
            {"quit": self.quit},
        )
        if resume:
            self.kept.resume_unfinished()
        else:
            self.kept.count_kept()
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
            has_kept_games=self.kept.has_kept_games,
            in_puzzle=self.puzzles.is_active,
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
            puzzle=self.puzzles.view(),
        )

    def say(self, outcome: Refused | str | None) -> None:
        """Show a refusal or message in the status bar; None clears it."""
        self.message = outcome.reason if isinstance(outcome, Refused) else outcome
        self.shows_hint = False

    def show_hint(self) -> None:
        """Show the session's hint in the status bar (worded when the view is built)."""
        self.message, self.shows_hint = None, True

    def puzzle_saved(self) -> None:
        """A puzzle's attempt is recorded: the settings are saved."""
        self.save_settings()

    def show_history(self) -> None:
        """Show the move list, if hidden."""
        if not self.settings.history:
            self.display.toggle_history()

    def schedule(self) -> None:
        """After a command: the work it calls for is wanted (see the module
        docstring), and the game is saved as it now stands."""
        self.kept.save_unfinished()
        self.work.want()

    def move_played(self) -> None:
        """The computer has moved: it is heard, and the game is kept with the
        scores (no command follows it to :meth:`schedule`)."""
        self.sounds.placed()
        self.kept.save_unfinished()
        self.save_changed_scores()

    # -- errors, quitting ---------------------------------------------------------------

    def report_error(self, error: BaseException) -> None:
        """An unexpected error: written down, shown; the game goes on."""
        self.say(self.problems.report_error(error))

    def quit(self) -> None:
        """Stop searching, save the settings; the window then closes. Asks first
        if a game in which the person has moved would be abandoned: it is not
        kept for the next start, or could not be (a full disk)."""
        question = self.kept.quit_question()
        # TRANSLATORS: the title and the button of the question before quitting.
        title = gettext("Quit")
        if question and not self.dialogs.confirm(title, question, title, gettext("Keep playing")):
            return
        self.end()

    def end(self) -> None:
        """Stop searching and save the settings without asking; the window then
        closes (Quit once answered, or a signal from the system)."""
        self.work.close()
        self.kept.keep_unfinished()
        self.save_settings(final=True)
        self.is_closed = True

    # -- the background work (see Work) ---------------------------------------------------

    @property
    def is_working(self) -> bool:
        """Whether :meth:`tick` has something to do: work, a pending save or
        a sound due later."""
        return self.work.is_working or self.saving.is_pending or self.sounds.is_pending

    def tick(self) -> bool:
        """Play due sounds, retry a pending save, start and collect searches;
        whether the view changed."""
        self.sounds.tick()
        saved = self.saving.retry()
        return self.work.tick() or saved
