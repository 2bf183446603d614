"""The program's entry point: the signals that end it are handled from its
first moment, before the slow imports (the engine, Tk).

This module imports nothing but the standard library's ``signal`` and
``sys``, loaded before any program, and :mod:`ttt_gui.cli.quit_signals`
(then the small ``app.ports``): a Ctrl+C, a polite kill or a closed
terminal while the rest loads ends the program quietly with the signal's
exit status, never with a traceback.
The window's clipboard reader (the program started with
``--print-clipboard``, see ``gui/clipboard.py``) is sent on from here too,
before the game's modules load, so that it answers quickly even as a
frozen executable.
"""

from __future__ import annotations

import signal
import sys

from ttt_gui.cli.quit_signals import quiet_signals, usual_signals


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
