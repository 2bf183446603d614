"""The program's entry point: the signals that end it are handled from its
first moment, before the slow imports (the engine, Tk).

This module imports nothing but the standard library's ``os``, ``signal``
and ``sys``, loaded before any program (then the small ``app.ports``): a
Ctrl+C, a polite kill or a closed terminal while the rest loads ends the
program quietly with the signal's exit status, never with a traceback.
The window's clipboard reader (the program started with
``--print-clipboard``, see ``gui/clipboard.py``) is sent on from here too,
before the game's modules load, so that it answers quickly even as a
frozen executable.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

#: The signals that end the program as Quit does: Ctrl+C in the terminal
#: (SIGINT), a polite kill (SIGTERM), the terminal closed (SIGHUP, where the
#: system has it).
QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def exit_quietly(number: int, frame: FrameType | None) -> None:
    """A signal handler: end the program with status 128 plus ``number``, at
    once, what it printed flushed first. Not by raising SystemExit: raised in
    a callback of the import system or of a finaliser, which a signal can
    interrupt, Python prints it as a traceback and goes on."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:  # noqa: BLE001, S110 - a closed stream, a flush already running
            pass
    os._exit(128 + number)


def main() -> int:
    """Run the program (see :func:`ttt_gui.cli.main.main`); until the window
    notes the quit signals itself, one of them ends the program quietly. A
    Ctrl+C that a command let through (it handles its own) ends it with
    status 130, and once the run is over, to the process's last moment, the
    quit signals end it quietly again."""
    quiet_signals()
    try:
        return _run()
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    finally:
        quiet_signals()


def quiet_signals() -> None:
    """From now on, a quit signal ends the program quietly (:func:`exit_quietly`)."""
    for number in QUIT_SIGNALS:
        signal.signal(number, exit_quietly)


def _run() -> int:
    from ttt_gui.app.ports import CLIPBOARD_READER_OPTION

    if sys.argv[1:] == [CLIPBOARD_READER_OPTION]:
        # A signal ends the reader even while Tk waits for the clipboard's owner.
        usual_signals()
        from ttt_gui.gui.clipboard import print_clipboard

        return print_clipboard()
    from ttt_gui.cli.main import main as run
    from ttt_gui.storage.crash_log import CrashLog, default_log_path, install

    # The log is made at the first error (a window's, as it opens: see cli.main).
    install(CrashLog(default_log_path()), faults=False)
    return run()


def usual_signals() -> None:
    """Give the signals :func:`main` set to end the program quietly their usual
    handling back (Ctrl+C raises KeyboardInterrupt, see :func:`interrupt`; the
    others end the process), for a command that handles them itself."""
    for number in QUIT_SIGNALS:
        if signal.getsignal(number) is exit_quietly:
            usual = interrupt if number == signal.SIGINT else signal.SIG_DFL
            signal.signal(number, usual)


def interrupt(number: int, frame: FrameType | None) -> None:
    """Ctrl+C's handler for a command: raise KeyboardInterrupt, which the
    command handles, unless the signal came in the middle of an import,
    where Python may run it inside a callback that swallows it (printing a
    traceback, and the command goes on): there, end quietly at once (see
    :func:`exit_quietly`)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            exit_quietly(number, frame)
        frame = frame.f_back
    raise KeyboardInterrupt
