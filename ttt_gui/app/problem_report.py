"""Unexpected errors and Help › Report a problem; no Tk.

:class:`Problems` is a part the presenter owns: it writes an unexpected
error down in the crash log and shows it, and offers to copy a report of a
problem: the facts a report needs (:func:`problem_report`), in plain
English for whoever reads it.

>>> print(problem_report(None, language="de", log=None, system="Linux-6.1-x86_64"))
... # doctest: +ELLIPSIS
ttt-gui ...
engine: ...
system: Linux-6.1-x86_64; Python ...
language: de
<BLANKLINE>
last error: none written down
"""

from __future__ import annotations

import logging
import platform
from collections.abc import Callable, Mapping
from pathlib import Path

from ttt_gui import __version__
from ttt_gui.app.commands import Handler
from ttt_gui.app.display import ISSUES
from ttt_gui.app.ports import Dialogs
from ttt_gui.engine import COMPILED
from ttt_gui.storage.crash_log import LOGGER_NAME, CrashLog
from ttt_gui.words import current_language, gettext


def engine_build() -> str:
    """Which engine runs: ``"compiled"`` (the mypyc build) or ``"pure Python"``."""
    return "compiled" if COMPILED else "pure Python"


def problem_report(
    last_error: str | None, *, language: str, log: Path | None, system: str | None = None
) -> str:
    """The version, the engine build, the system (``platform.platform()``
    unless given), the language, the log's place and ``last_error`` (the
    crash log's last error; None: none)."""
    lines = [
        f"ttt-gui {__version__}",
        f"engine: {engine_build()}",
        f"system: {system or platform.platform()}; Python {platform.python_version()}",
        f"language: {language}",
    ]
    if log is not None:
        lines.append(f"log: {log}")
    lines.append("")
    lines.append(f"last error:\n{last_error}" if last_error else "last error: none written down")
    return "\n".join(lines)


class Problems:
    """The unexpected errors of one window, written down in ``crash_log``
    (None: logged, for the program's own log, if any) and shown by
    ``dialogs``; and Help › Report a problem."""

    def __init__(
        self,
        dialogs: Dialogs,
        crash_log: CrashLog | None,
        say: Callable[[str], None] = lambda news: None,
    ) -> None:
        self.dialogs = dialogs
        self.crash_log = crash_log
        self.say = say
        #: The unexpected errors met, oldest first.
        self.errors: list[BaseException] = []

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {"report_problem": self.report_problem}

    def where_written(self) -> str | None:
        """Where errors are written down, in words for About (None: nowhere)."""
        if self.crash_log is None:
            return None
        # TRANSLATORS: {path} is the crash log's file.
        written = gettext("Errors, if any happen, are written down in {path}.")
        return written.format(path=self.crash_log.path)

    def write_down(self, error: BaseException, what: str) -> None:
        """Write ``error``'s traceback down (the crash log, else the log of
        unexpected errors), saying ``what`` it was; nothing is shown."""
        trace = (type(error), error, error.__traceback__)
        if self.crash_log is not None:
            self.crash_log.write(what, trace)
        else:
            logging.getLogger(LOGGER_NAME).error(what, exc_info=trace)

    def report_error(self, error: BaseException) -> str:
        """Count ``error``, write its traceback down, show it naming the log
        (the game goes on); what to say in the status line."""
        self.errors.append(error)
        self.write_down(error, "unexpected error in the window")
        text = f"{type(error).__name__}: {error}"
        goes_on = gettext("{error}\n\nThe game goes on.").format(error=text)
        if self.crash_log is not None:
            # TRANSLATORS: {path} is the crash log's file; "Help › Report a problem"
            # names the menu item (use its words in your language).
            written = gettext(
                "The details are written down in {path}; Help › Report a problem copies "
                "them for a report."
            )
            goes_on = f"{goes_on}\n\n{written.format(path=self.crash_log.path)}"
        self.dialogs.show_error(gettext("Unexpected error"), goes_on)
        # TRANSLATORS: {error} is the error's name and its text, in English.
        return gettext("Something went wrong: {error}").format(error=text)

    def report_problem(self) -> None:
        """Help › Report a problem: where to report it, and an offer to copy a
        report (the version, the engine build, the system and the last error
        the crash log holds) to paste there; a copy is said."""
        # TRANSLATORS: {issues} is the web address where problems are reported.
        text = gettext(
            "To report a problem, say what you did and what happened at {issues}."
        ).format(issues=ISSUES)
        log = self.crash_log
        last_error = log.last_error() if log is not None else None
        if log is not None:
            # TRANSLATORS: {path} is the crash log's file.
            text += "\n\n" + gettext("Errors are written down in {path}.").format(path=log.path)
        text += "\n\n" + (
            gettext(
                "Copy a report of the version, the system, the engine build and the last "
                "error written down, to paste there?"
            )
            if last_error
            else gettext(
                "No error is written down. Copy a report of the version, the system and "
                "the engine build, to paste there?"
            )
        )
        # TRANSLATORS: the title of Help › Report a problem, and its two buttons.
        title = gettext("Report a problem")
        if not self.dialogs.confirm(title, text, gettext("Copy report"), gettext("Close")):
            return
        report = problem_report(
            last_error, language=current_language().code, log=log.path if log else None
        )
        self.dialogs.set_clipboard(report)
        self.say(gettext("Copied the report; paste it where you report the problem."))
