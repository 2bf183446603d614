"""Ctrl+C in the first instants of ``ttt-gui analyse``: where it lands and
what the person sees, counted over many runs at each delay.

Starts ``python -m ttt_gui analyse`` (a 9×9 board, so that it is still
searching at the last delay), sends SIGINT after each delay, and sorts the
outcome:

- ``quiet``: status 130, nothing on stderr (the program's own handling);
- ``before``: killed by the signal with nothing printed (it came before
  Python set its own Ctrl+C handler);
- ``python``: a traceback from Python's own start, before any line of the
  program ran (``Fatal Python error: init_import_site`` and the like: the
  ``.pth`` files of the environment's site-packages are imported there; or a
  KeyboardInterrupt swallowed in a callback of the import system while
  ``runpy`` imports the package);
- ``program``: anything else on stderr: a fault of the program.

Only ``program`` is the program's to fix. How much of 10-40 ms Python's own
start takes depends on the machine and on what its site-packages import at
start (``python -X importtime -c pass`` shows it)::

    python benchmarks/early_interrupt.py
    python benchmarks/early_interrupt.py --runs 20 --delays 10 20 30 40
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTCOMES = ("quiet", "before", "python", "program")


def _swallowed_in_import(text: str) -> bool:
    """Whether ``text`` is Python's own handler's KeyboardInterrupt raised in
    a callback of the import system (printed and swallowed: the run goes
    on), with no frame of the program's: the program's handlers never raise
    there (see ``cli/start.py``), so it came before ``__main__``'s first line
    (while ``runpy`` imported the package)."""
    files = [line for line in text.splitlines() if line.strip().startswith("File ")]
    return (
        "Exception ignored in: <function _get_module_lock" in text
        and text.rstrip().endswith("KeyboardInterrupt:")
        and all('"<frozen ' in line for line in files)
    )


def one_run(delay: float) -> tuple[str, str]:
    """The outcome of one run interrupted ``delay`` seconds after its start,
    and what it printed on stderr."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "analyse", "/".join(["." * 9] * 9), "--think-time", "5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, error = process.communicate(timeout=60)
    text = error.decode("utf-8", "replace")
    if process.returncode == 130 and not text:
        return "quiet", text
    if process.returncode == -signal.SIGINT and not text:
        return "before", text
    if "Fatal Python error: init_" in text or _swallowed_in_import(text):
        return "python", text
    return "program", text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs at each delay (default: 10)")
    parser.add_argument(
        "--delays",
        type=float,
        nargs="+",
        default=[10, 15, 20, 25, 30, 35, 40, 60, 100],
        help="milliseconds after the start (default: 10 to 40, 60, 100)",
    )
    args = parser.parse_args()
    faults: collections.Counter[str] = collections.Counter()
    print(f"{'delay ms':>9}" + "".join(f"{name:>9}" for name in OUTCOMES))
    for delay in args.delays:
        counts: collections.Counter[str] = collections.Counter()
        for _ in range(args.runs):
            outcome, text = one_run(delay / 1000)
            counts[outcome] += 1
            if outcome == "program":
                faults[text.strip().splitlines()[-1] if text.strip() else "(status only)"] += 1
        print(f"{delay:>9g}" + "".join(f"{counts[name]:>9}" for name in OUTCOMES))
    for line, count in faults.most_common():
        print(f"program fault x{count}: {line}")


if __name__ == "__main__":
    main()
