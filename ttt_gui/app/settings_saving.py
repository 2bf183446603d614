"""Saving a window's settings without ever waiting on the window's thread; no Tk.

Another window (process) may hold the settings file's lock for a while. A
save then does not wait for it: it is *pending*, the status says so, and the
presenter's tick tries again every :data:`RETRY_INTERVAL` seconds; the save
that gets the lock merges the settings as they are then, so no change is lost
(see :class:`~ttt_gui.storage.settings_store.SettingsStore`). Only the final
save, as the window closes, waits (as long as the store's bound).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ttt_gui import PROGRAM_NAME
from ttt_gui.app.ports import SaveSettings
from ttt_gui.storage.files import LockTimeoutError, describe_file_error
from ttt_gui.storage.settings import Settings
from ttt_gui.words import gettext, gettext_noop

#: Least time (s) between two tries of a pending save.
RETRY_INTERVAL = 0.25
#: The status while a save waits for another window.
PENDING = gettext_noop("Settings will be saved when another {name} window lets go of them.")


class SavingHost(Protocol):
    """What saving the settings needs of its presenter."""

    @property
    def message(self) -> str | None:
        """The message in the status bar (None: none)."""

    def say(self, outcome: str | None) -> None:
        """Show a message in the status bar (None clears it)."""


class SettingsSaving:
    """Saves ``settings`` through ``save`` (None keeps nothing); a failure is
    shown in ``host``'s status once, never raised. ``scores_version`` counts
    the changes of the scores the settings hold (see
    :meth:`save_changed_scores`)."""

    def __init__(
        self,
        settings: Settings,
        save: SaveSettings | None,
        host: SavingHost,
        clock: Callable[[], float],
        scores_version: Callable[[], int] = lambda: 0,
    ) -> None:
        self.settings = settings
        self._save = save
        self._host = host
        self._clock = clock
        self._scores_version = scores_version
        self._saved_scores_version = scores_version()
        self._problem: str | None = None
        self._retry_at: float | None = None

    @property
    def is_pending(self) -> bool:
        """Whether a save waits for another window to let go of the file."""
        return self._retry_at is not None

    def save(self, *, final: bool = False) -> None:
        """Save now if the file's lock is free, else make the save pending.
        ``final`` (the window closes): wait for the lock, within the store's bound."""
        self._saved_scores_version = self._scores_version()
        if self._save is None:
            return
        try:
            self._save(self.settings, wait=final)
        except LockTimeoutError as error:
            if final:
                self._failed(error)
            else:
                self._wait_for_lock()
        except (OSError, ValueError) as error:
            self._failed(error)
        else:
            self._saved()

    def save_changed_scores(self) -> None:
        """After a move: save if the scores changed since the last save."""
        if self._scores_version() != self._saved_scores_version:
            self.save()

    def retry(self) -> bool:
        """Try a pending save again once its time has come; returns whether
        it ended (saved or failed), so the status changed."""
        if self._retry_at is None or self._clock() < self._retry_at:
            return False
        self.save()
        return not self.is_pending

    def _wait_for_lock(self) -> None:
        if not self.is_pending:  # said once, not at every try
            self._host.say(gettext(PENDING).format(name=PROGRAM_NAME))
        self._retry_at = self._clock() + RETRY_INTERVAL

    def _failed(self, error: Exception) -> None:
        self._end_pending()
        # TRANSLATORS: {reason} says why the settings file could not be written.
        problem = gettext("Settings not saved: {reason}.").format(
            reason=describe_file_error(error)
        )
        if problem != self._problem:  # said once, not after every change
            self._problem = problem
            self._host.say(problem)

    def _saved(self) -> None:
        self._end_pending()
        self._problem = None

    def _end_pending(self) -> None:
        if self._retry_at is not None and self._host.message == gettext(PENDING).format(
            name=PROGRAM_NAME
        ):
            self._host.say(None)
        self._retry_at = None
