"""Entry point for ``python -m ttt_gui`` and the packaged executable."""

import os
import signal


def _end_quietly(number: int, frame: object) -> None:
    os._exit(128 + number)


# Until cli.start sets its own handlers (which end the program as this does):
# a KeyboardInterrupt raised while it is imported could land in a callback of
# the import system, which prints it as a traceback and goes on.
signal.signal(signal.SIGINT, _end_quietly)

from ttt_gui.cli.start import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
