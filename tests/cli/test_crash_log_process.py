"""The crash log of a real process: an uncaught error, one in a thread and
a fatal crash end up in the log in the system's log folder, never as a
traceback to the person."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import child_environment

#: Runs ``python -m ttt_gui ARGUMENTS`` with one fault planted: ``analysis``
#: raises in the analyse command, ``thread`` raises in a thread of it,
#: ``crash`` ends the window's run with a fatal error before the window opens.
PLANTED = """
import faulthandler, runpy, sys, threading
import ttt_gui.cli.analyse as analyse
import ttt_gui.cli.main as cli_main

fault = sys.argv.pop(1)
report = analyse.analysis_report

def planted(*arguments, **keywords):
    if fault == "analysis":
        raise RuntimeError("a stone fell off")
    if fault == "thread":
        worker = threading.Thread(target=lambda: 1 / 0, name="planted worker")
        worker.start()
        worker.join()
    return report(*arguments, **keywords)

analyse.analysis_report = planted
if fault == "crash":
    cli_main.prepare_process = faulthandler._sigsegv
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


def run_planted(home: Path, fault: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = child_environment(home)
    environment["XDG_STATE_HOME"] = str(home / "state")
    return subprocess.run(
        [sys.executable, "-c", PLANTED, fault, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=home,
        env=environment,
    )


def log_of(home: Path) -> Path:
    return home / "state" / "ttt-gui" / "log" / "ttt-gui.log"


def test_an_uncaught_error_goes_to_the_log_not_to_the_person(tmp_path: Path) -> None:
    done = run_planted(tmp_path, "analysis", "analyse", "x../.../...")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [said] = done.stderr.splitlines()
    assert "RuntimeError: a stone fell off" in said and str(log_of(tmp_path)) in said
    written = log_of(tmp_path).read_text()
    assert "Traceback (most recent call last)" in written
    assert "RuntimeError: a stone fell off" in written and "in planted" in written


def test_an_error_in_a_thread_goes_to_the_log(tmp_path: Path) -> None:
    done = run_planted(tmp_path, "thread", "analyse", "x../.../...")
    assert done.returncode == 0 and done.stdout.startswith("X../.../...")
    assert "Traceback" not in done.stderr and "ZeroDivisionError" in done.stderr
    written = log_of(tmp_path).read_text()
    assert "'planted worker'" in written and "ZeroDivisionError: division by zero" in written


def test_a_command_that_goes_right_writes_no_log(tmp_path: Path) -> None:
    done = run_planted(tmp_path, "none", "analyse", "x../.../...")
    assert done.returncode == 0
    assert not (tmp_path / "state").exists()


@pytest.mark.parametrize("arguments", [[], ["--settings", "window.json"]])
def test_a_fatal_crash_of_the_window_is_written_down(tmp_path: Path, arguments: list[str]) -> None:
    done = run_planted(tmp_path, "crash", *arguments)
    assert done.returncode != 0
    written = log_of(tmp_path).read_text()
    assert "Fatal Python error: Segmentation fault" in written
    assert "Fatal Python error" not in done.stderr
