"""The crash log: bounded in size, read back for a report, and never an
error of its own (real files under tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttt_gui.storage.crash_log import MAX_BYTES, CrashLog


def raised(message: str) -> tuple[type[BaseException], BaseException, None]:
    error = RuntimeError(message)
    return (RuntimeError, error, None)


def test_the_log_never_holds_more_than_twice_its_limit(tmp_path: Path) -> None:
    log = CrashLog(tmp_path / "ttt-gui.log")
    for number in range(400):
        log.write(f"error {number}", raised("x" * 2000))
    files = sorted(tmp_path.iterdir())
    assert [path.name for path in files] == ["ttt-gui.log", "ttt-gui.log.1"]
    assert sum(path.stat().st_size for path in files) <= 2 * MAX_BYTES
    last = log.last_error()
    assert last is not None and last.splitlines()[0].endswith("ERROR error 399")


def test_an_empty_or_missing_log_has_no_last_error(tmp_path: Path) -> None:
    log = CrashLog(tmp_path / "ttt-gui.log")
    assert log.last_error() is None
    log.path.write_text("")
    assert log.last_error() is None


def test_a_log_that_cannot_be_written_is_said_on_stderr_and_raises_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the log's folder should be")
    log = CrashLog(blocker / "ttt-gui.log")
    log.write("unexpected error", raised("lost"))
    log.start(faults=True)
    log.stop()
    said = capsys.readouterr().err
    assert "cannot be written" in said and "RuntimeError: lost" in said
    assert blocker.read_text() == "a file where the log's folder should be"
