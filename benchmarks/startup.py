"""Start-to-exit time and peak memory of ``--smoke-test``: from source and frozen.

Runs ``python -m ttt_gui --smoke-test`` and, if it has been built, the
executable ``dist/ttt-gui --smoke-test`` several times each (after one
uncounted warm-up run each) and prints a table of medians: wall-clock time
from start to exit, CPU time, and peak resident memory of the largest process
(for the single-file executable that is the unpacked Python process, not its
small bootloader parent). The executable's size is printed too.

It needs a display and does not start one. Run it under a virtual one, e.g.::

    xvfb-run -a python benchmarks/startup.py
    xvfb-run -a python benchmarks/startup.py --runs 9 --exe dist/ttt-gui

Both commands run under the same display, one after the other, alternating, so
that a slow moment of the machine hits both alike. The single-file executable
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
    DEFAULT_EXE = ROOT / "dist" / "ttt-gui.exe"
elif sys.platform == "darwin":
    DEFAULT_EXE = ROOT / "dist" / "ttt-gui.app" / "Contents" / "MacOS" / "ttt-gui"
else:
    DEFAULT_EXE = ROOT / "dist" / "ttt-gui"
PASS_PREFIX = "smoke test passed"
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


def run_once(cmd: list[str]) -> Run:
    """Run ``cmd`` once; raise RuntimeError unless it passes its smoke test."""
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
    passed = any(line.startswith(PASS_PREFIX) for line in text.splitlines())
    if proc.returncode != 0 or not passed:
        raise RuntimeError(
            f"{' '.join(cmd)} exited {proc.returncode} without '{PASS_PREFIX}':\n{text}"
        )
    return Run(wall, cpu, peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="counted runs per command (5)")
    parser.add_argument(
        "--python", default=sys.executable, help="interpreter for python -m ttt_gui (this one)"
    )
    parser.add_argument(
        "--exe", type=Path, default=DEFAULT_EXE, help="built executable (dist/ttt-gui)"
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

    commands: dict[str, list[str]] = {
        "python -m ttt_gui": [args.python, "-m", "ttt_gui", "--smoke-test"],
    }
    exe = args.exe if args.exe.is_absolute() else ROOT / args.exe
    if exe.exists():
        label = str(exe.relative_to(ROOT)) if exe.is_relative_to(ROOT) else str(exe)
        commands[label] = [str(exe), "--smoke-test"]
    else:
        print(f"(no {exe}: build it with build/build.sh to compare; timing source only)")

    print(
        f"display {os.environ.get('DISPLAY', '-')}, {args.runs} counted runs per command "
        f"after 1 warm-up, alternating"
    )
    results: dict[str, list[Run]] = {name: [] for name in commands}
    try:
        for cmd in commands.values():  # warm-up: disk cache, .pyc files
            run_once(cmd)
        for _ in range(args.runs):
            for name, cmd in commands.items():
                results[name].append(run_once(cmd))
    except RuntimeError as exc:
        print(f"startup.py: {exc}", file=sys.stderr)
        return 1

    def mb(value: float | None) -> str:
        return "   n/a" if value is None else f"{value / 2**20:6.1f}"

    width = max(24, *(len(name) for name in commands))
    header = (
        f"{'command':<{width}} {'median ms':>9} {'min ms':>7} {'max ms':>7} "
        f"{'cpu ms':>7} {'peak MiB':>8}"
    )
    print(header)
    print("-" * len(header))
    medians: dict[str, float] = {}
    for name, runs in results.items():
        walls = [r.wall * 1000 for r in runs]
        medians[name] = statistics.median(walls)
        cpu = statistics.median(r.cpu * 1000 for r in runs)
        peaks = [r.peak_rss for r in runs if r.peak_rss is not None]
        peak = statistics.median(peaks) if peaks else None
        print(
            f"{name:<{width}} {medians[name]:9.0f} {min(walls):7.0f} {max(walls):7.0f} "
            f"{cpu:7.0f} {mb(peak):>8}"
        )
    names = list(medians)
    if len(names) == 2:
        base, frozen = names
        print(f"\n{frozen} / {base}: {medians[frozen] / medians[base]:.2f}x start-to-exit time")
        print(f"{frozen} size: {exe.stat().st_size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
