"""The signals that end the program as Quit does, and how they are handled
at each moment of its life: quietly while it loads and once it is over (no
traceback, the signal's exit status), by a command itself while it runs.

This module imports nothing but the standard library's ``os``, ``signal``
and ``sys``, so the entry point (:mod:`ttt_gui.cli.start`) sets the quiet
handling before any slow import.
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


def quiet_signals() -> None:
    """From now on, a quit signal ends the program quietly (:func:`exit_quietly`)."""
    for number in QUIT_SIGNALS:
        signal.signal(number, exit_quietly)


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
