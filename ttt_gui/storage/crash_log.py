"""The crash log: what went wrong, written down where a person can find it
and send it; no Tk.

The tracebacks of errors nobody expected (in the window's callbacks, an
uncaught one that ends the program, one in a worker thread) and
``faulthandler``'s account of a fatal crash go to ``ttt-gui.log`` in the
system's folder for logs (``platformdirs.user_log_path``; on Linux
``$XDG_STATE_HOME/ttt-gui/log``), never to the person as a traceback: the
windowed and frozen builds have no terminal to show one. The file is begun
again past :data:`MAX_BYTES`, the one before kept as ``ttt-gui.log.1``, so the
log never holds more than twice that. It is created at the first error (at
the start, for a window, which ``faulthandler`` needs open).

Several windows write to the same log; a record of one may land in the file
just set aside by another (both are read for the last error).
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import logging.handlers
import re
import sys
import threading
from io import TextIOWrapper
from pathlib import Path
from types import TracebackType
from typing import IO

from ttt_gui.storage.files import read_limited
from ttt_gui.words import gettext

#: The logger the program's errors are written to.
LOGGER_NAME = "ttt_gui"
#: The log's file name in its folder.
LOG_NAME = "ttt-gui.log"
#: The log is begun again past this many bytes, the one before kept.
MAX_BYTES = 200 * 1024
#: How a record begins: its time, then its level.
_RECORD_FORMAT = "%(asctime)s %(levelname)s %(message)s"
#: Where a record, or a dump by ``faulthandler``, begins in the log.
_RECORD_START = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|Fatal Python error)", re.MULTILINE)


def default_log_path() -> Path:
    """The log in the user's folder for logs (platformdirs)."""
    from platformdirs import user_log_path

    return user_log_path("ttt-gui", appauthor=False) / LOG_NAME


ExceptionInfo = tuple[type[BaseException], BaseException, TracebackType | None]


class CrashLog:
    """The log at ``path``: where errors are written (:meth:`write`) and the
    last one read back (:meth:`last_error`). Nothing is written until an
    error is, or :meth:`start` is called with ``faults``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: _LogFile | None = None
        self._faults: IO[str] | None = None
        self._started = False

    def start(self, *, faults: bool = False) -> None:
        """Send the errors the program logs (the logger :data:`LOGGER_NAME`)
        to this log; with ``faults``, also ``faulthandler``'s account of a
        fatal crash (the log is then opened now). Never raises: a log that
        cannot be written is said on stderr when an error comes."""
        if not self._started:
            logger = logging.getLogger(LOGGER_NAME)
            logger.addHandler(self._handler())
            logger.propagate = False
            self._started = True
        if faults and self._faults is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._faults = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
                faulthandler.enable(self._faults, all_threads=True)
            except (OSError, ValueError):
                self._faults = None

    def stop(self) -> None:
        """Stop writing to this log what :meth:`start` sent to it."""
        if self._started:
            logging.getLogger(LOGGER_NAME).removeHandler(self._handler())
            self._started = False
        if self._faults is not None:
            faulthandler.disable()
            self._faults.close()
            self._faults = None
        if self._file is not None:
            self._file.close()
            self._file = None

    def write(self, summary: str, error: ExceptionInfo) -> None:
        """Write ``summary`` and the traceback of ``error`` to the log."""
        record = logging.LogRecord(LOGGER_NAME, logging.ERROR, __file__, 0, summary, None, error)
        self._handler().handle(record)

    def last_error(self) -> str | None:
        """The last error the log holds (its summary and traceback, or a
        fatal crash's account), None if it holds none or cannot be read."""
        text = ""
        for path in (self.path.with_name(f"{self.path.name}.1"), self.path):
            with contextlib.suppress(OSError, ValueError):
                text += read_limited(path, 2 * MAX_BYTES).decode("utf-8", "replace")
        starts = [found.start() for found in _RECORD_START.finditer(text)]
        if not starts:
            return None
        return text[starts[-1] :].strip() or None

    def _handler(self) -> _LogFile:
        if self._file is None:
            self._file = _LogFile(self.path)
            self._file.setFormatter(logging.Formatter(_RECORD_FORMAT))
        return self._file


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log's file, created at the first record, begun again past
    :data:`MAX_BYTES`. A record it cannot write goes to stderr, once said why."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8", delay=True)
        self.path = path

    def _open(self) -> TextIOWrapper:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def handleError(self, record: logging.LogRecord) -> None:
        error = sys.exc_info()[1]
        stream = sys.stderr
        if stream is None:
            return
        # TRANSLATORS: {path} is the crash log's file; {reason} why it cannot be written.
        said = gettext("ttt-gui: the log {path} cannot be written ({reason}).").format(
            path=self.path, reason=getattr(error, "strerror", None) or error
        )
        with contextlib.suppress(Exception):
            stream.write(f"{said}\n{self.format(record)}\n")


_installed: CrashLog | None = None


def installed() -> CrashLog | None:
    """The crash log :func:`install` made the program's, None before."""
    return _installed


def install(log: CrashLog, *, faults: bool) -> None:
    """Make ``log`` the program's crash log: logged errors, uncaught errors
    (of the program and of its threads) and, with ``faults``, fatal crashes
    go to it; an uncaught error is said on stderr in one line naming the
    log, never as a traceback. For the program's entry point only."""
    global _installed
    _installed = log
    log.start(faults=faults)

    def uncaught(
        kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            return
        log.write("uncaught error", (kind, error, trace))
        say_logged(log, error)

    def uncaught_in_thread(arguments: threading.ExceptHookArgs) -> None:
        kind, error, trace = arguments.exc_type, arguments.exc_value, arguments.exc_traceback
        if error is None or issubclass(kind, SystemExit):
            return
        name = arguments.thread.name if arguments.thread is not None else "?"
        log.write(f"uncaught error in the thread {name!r}", (kind, error, trace))
        say_logged(log, error)

    sys.excepthook = uncaught
    threading.excepthook = uncaught_in_thread


def say_logged(log: CrashLog, error: BaseException) -> None:
    """Say on stderr, in one line, that ``error`` happened and is written in ``log``."""
    stream = sys.stderr
    if stream is None:
        return
    # TRANSLATORS: {error} is the error's name and its text, in English; {path} the log.
    said = gettext("ttt-gui: something went wrong ({error}); the details are written in {path}.")
    with contextlib.suppress(Exception):
        stream.write(said.format(error=f"{type(error).__name__}: {error}", path=log.path) + "\n")
        stream.flush()
