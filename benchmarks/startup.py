"""Start-to-exit time and peak memory of ``--smoke-test`` and ``--version``:
from source and frozen.

Runs ``python -m ttt_gui`` and, if it has been built, the executable
(``dist/ttt-gui/ttt-gui``; ``dist/ttt-gui/ttt-gui.exe`` on Windows, the
bundle's executable on macOS; ``--exe`` another, such as a one-file build)
with each of those arguments several times (after one uncounted warm-up run
each) and prints a table of medians: wall-clock time
from start to exit, CPU time, and peak resident memory of the largest process
(for the single-file executable that is the unpacked Python process, not its
small bootloader parent). The size of what is shipped (the file, the folder or
the bundle) is printed too.

The Linux and Windows builds are one folder, which starts without unpacking
anything.

It needs a display and does not start one. Run it under a virtual one, e.g.::

    xvfb-run -a python benchmarks/startup.py
    xvfb-run -a python benchmarks/startup.py --runs 9 --exe dist/ttt-gui/ttt-gui

Both commands run under the same display, one after the other, alternating, so
that a slow moment of the machine hits both alike. A single-file executable
unpacks itself into $TMPDIR (default /tmp) at every start, so its time depends
on that file system: on a disk-backed /tmp it can be twice what it is on tmpfs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.platform == "win32":
    DEFAULT_EXE = ROOT / "dist" / "ttt-gui" / "ttt-gui.exe"
elif sys.platform == "darwin":
    DEFAULT_EXE = ROOT / "dist" / "Noxo.app" / "Contents" / "MacOS" / "ttt-gui"
else:
    DEFAULT_EXE = ROOT / "dist" / "ttt-gui" / "ttt-gui"
#: Each measured argument and the start of the line its run must print.
CASES = {"--smoke-test": "smoke test passed", "--version": "ttt-gui "}
# As on a user's machine, compiled modules are cached (the warm-up run writes
# them), whatever PYTHONDONTWRITEBYTECODE says where this runs.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
RUN_TIMEOUT = 60.0


@dataclass
class Run:
    wall: float  # seconds, start to exit
    cpu: float  # seconds, user + system, of the process and its waited-for children
    peak_rss: int | None  # bytes, largest process; None where unavailable


def _peak_rss_bytes(ru_maxrss: int) -> int:
    # Linux reports KiB, macOS bytes.
    return ru_maxrss if sys.platform == "darwin" else ru_maxrss * 1024


def run_once(cmd: list[str], expected: str) -> Run:
    """Run ``cmd`` once; raise RuntimeError unless it exits 0 having printed a
    line that starts with ``expected``."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=ENVIRONMENT,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        if hasattr(os, "wait4"):
            # wait4 gives this child's own resource usage (unlike
            # getrusage(RUSAGE_CHILDREN), which accumulates over all children).
            killer = threading.Timer(RUN_TIMEOUT, proc.kill)
            killer.start()
            try:
                _, status, usage = os.wait4(proc.pid, 0)
            finally:
                killer.cancel()
            wall = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
            peak: int | None = _peak_rss_bytes(usage.ru_maxrss)
        else:  # Windows: time only
            proc.wait(timeout=RUN_TIMEOUT)
            wall = time.perf_counter() - start
            cpu, peak = float("nan"), None
        out.seek(0)
        text = out.read().decode(errors="replace")
    passed = any(line.startswith(expected) for line in text.splitlines())
    if proc.returncode != 0 or not passed:
        raise RuntimeError(
            f"{' '.join(cmd)} exited {proc.returncode} without '{expected}':\n{text}"
        )
    return Run(wall, cpu, peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="counted runs per command (5)")
    parser.add_argument(
        "--python", default=sys.executable, help="interpreter for python -m ttt_gui (this one)"
    )
    parser.add_argument(
        "--exe", type=Path, default=DEFAULT_EXE, help="built executable (dist/ttt-gui/ttt-gui)"
    )
    args = parser.parse_args(argv)

    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        print(
            "startup.py: DISPLAY is not set. This benchmark opens real windows and does not "
            "start a display itself; run it under one, e.g.\n"
            "    xvfb-run -a python benchmarks/startup.py",
            file=sys.stderr,
        )
        return 2

    exe = args.exe if args.exe.is_absolute() else ROOT / args.exe
    programs: dict[str, list[str]] = {"python -m ttt_gui": [args.python, "-m", "ttt_gui"]}
    if exe.exists():
        label = str(exe.relative_to(ROOT)) if exe.is_relative_to(ROOT) else str(exe)
        programs[label] = [str(exe)]
    else:
        print(f"(no {exe}: build it with build/build.sh to compare; timing source only)")
    commands = {
        (program, argument): [*start, argument]
        for argument in CASES
        for program, start in programs.items()
    }

    print(
        f"display {os.environ.get('DISPLAY', '-')}, {args.runs} counted runs per command "
        f"after 1 warm-up, alternating"
    )
    results: dict[tuple[str, str], list[Run]] = {key: [] for key in commands}
    try:
        for (_, argument), cmd in commands.items():  # warm-up: disk cache, .pyc files
            run_once(cmd, CASES[argument])
        for _ in range(args.runs):
            for key, cmd in commands.items():
                results[key].append(run_once(cmd, CASES[key[1]]))
    except RuntimeError as exc:
        print(f"startup.py: {exc}", file=sys.stderr)
        return 1

    def mb(value: float | None) -> str:
        return "   n/a" if value is None else f"{value / 2**20:6.1f}"

    width = max(24, *(len(f"{program} {argument}") for program, argument in commands))
    header = (
        f"{'command':<{width}} {'median ms':>9} {'min ms':>7} {'max ms':>7} "
        f"{'cpu ms':>7} {'peak MiB':>8}"
    )
    print(header)
    print("-" * len(header))
    medians: dict[tuple[str, str], float] = {}
    for key, runs in results.items():
        walls = [r.wall * 1000 for r in runs]
        medians[key] = statistics.median(walls)
        cpu = statistics.median(r.cpu * 1000 for r in runs)
        peaks = [r.peak_rss for r in runs if r.peak_rss is not None]
        peak = statistics.median(peaks) if peaks else None
        name = f"{key[0]} {key[1]}"
        print(
            f"{name:<{width}} {medians[key]:9.0f} {min(walls):7.0f} {max(walls):7.0f} "
            f"{cpu:7.0f} {mb(peak):>8}"
        )
    if len(programs) == 2:
        base, frozen = programs
        print()
        for argument in CASES:
            ratio = medians[frozen, argument] / medians[base, argument]
            print(f"{frozen} / {base}, {argument}: {ratio:.2f}x start-to-exit time")
        shipped = shipped_path(exe)
        print(f"shipped size ({shipped.name}): {size_of(shipped) / 2**20:.1f} MiB")
    return 0


def shipped_path(exe: Path) -> Path:
    """What a user downloads: the file, the one-folder build, or the .app bundle."""
    for parent in exe.parents:
        if parent.suffix == ".app":
            return parent
    if exe.parent.name == exe.stem:  # dist/ttt-gui/ttt-gui.exe
        return exe.parent
    return exe


def size_of(path: Path) -> int:
    """Bytes of a file, or of every file under a folder."""
    if path.is_file():
        return path.stat().st_size
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file())


if __name__ == "__main__":
    sys.exit(main())
