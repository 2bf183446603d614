"""Unexpected errors are written down in the crash log and named where the
window shows them; Help › Report a problem copies a report (Tk-free, with
fake dialogs and a log under tmp_path)."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeClock, FakeDialogs, InlineRunner

from ttt_gui import __version__
from ttt_gui.app.actions import MENUS
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.problem_report import engine_build
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.crash_log import CrashLog
from ttt_gui.storage.settings import Settings


def start(log: CrashLog | None) -> tuple[Presenter, FakeDialogs]:
    dialogs = FakeDialogs()
    presenter = Presenter(
        Settings(game=GameConfig(mode=Mode.HOTSEAT)),
        dialogs,
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        crash_log=log,
    )
    return presenter, dialogs


def raised(message: str) -> RuntimeError:
    """An error as the window meets it: raised, with its traceback."""
    try:
        raise RuntimeError(message)
    except RuntimeError as error:
        return error


def test_an_unexpected_error_is_written_down_and_the_message_names_the_log(
    tmp_path: Path,
) -> None:
    log = CrashLog(tmp_path / "log" / "ttt-gui.log")
    presenter, dialogs = start(log)
    presenter.moves.play(4)
    presenter.report_error(raised("a stone fell off"))
    written = log.path.read_text()
    assert "Traceback (most recent call last)" in written
    assert "RuntimeError: a stone fell off" in written and "in raised" in written
    [(title, text)] = [arguments for name, arguments in dialogs.calls if name == "show_error"]
    assert "RuntimeError: a stone fell off" in str(text) and str(log.path) in str(text)
    assert "Report a problem" in str(text)
    assert presenter.session.history.moves == [4], "the game goes on"
    assert "Something went wrong" in presenter.view().status


def test_about_names_the_log(tmp_path: Path) -> None:
    log = CrashLog(tmp_path / "ttt-gui.log")
    presenter, dialogs = start(log)
    presenter.display.about()
    [(_, text)] = [arguments for name, arguments in dialogs.calls if name == "show_text"]
    assert str(log.path) in str(text)
    assert not log.path.exists(), "naming the log writes nothing"


def test_help_has_report_a_problem() -> None:
    [(_, items)] = [menu for menu in MENUS if menu[0] == "&Help"]
    assert "report_problem" in [item.action for item in items]


def test_report_a_problem_copies_the_version_system_build_and_last_error(
    tmp_path: Path,
) -> None:
    log = CrashLog(tmp_path / "ttt-gui.log")
    presenter, dialogs = start(log)
    presenter.report_error(raised("the first"))
    presenter.report_error(raised("the last"))
    dialogs.confirm_answers.append(True)
    presenter.problems.report_problem()
    report = dialogs.clipboard
    assert report is not None
    assert report.startswith(f"ttt-gui {__version__}\nengine: {engine_build()}\nsystem: ")
    assert "RuntimeError: the last" in report and "Traceback" in report
    assert "the first" not in report, "the last error only"
    assert str(log.path) in report
    assert "Copied the report" in presenter.view().status


def test_report_a_problem_declined_copies_nothing(tmp_path: Path) -> None:
    presenter, dialogs = start(CrashLog(tmp_path / "ttt-gui.log"))
    dialogs.confirm_answers.append(False)
    presenter.problems.report_problem()
    assert dialogs.clipboard is None
    [(title, text, yes, no)] = [
        arguments for name, arguments in dialogs.calls if name == "confirm"
    ]
    assert "No error is written down" in str(text) and str(tmp_path) in str(text)


def test_a_crash_of_an_earlier_run_is_the_last_error_reported(tmp_path: Path) -> None:
    log = CrashLog(tmp_path / "ttt-gui.log")
    CrashLog(log.path).write("uncaught error", (type(error := raised("old")), error, None))
    with log.path.open("a") as file:  # what faulthandler writes when the process dies
        file.write("Fatal Python error: Segmentation fault\n\nCurrent thread 0x1 (most recent")
        file.write(' call first):\n  File "engine.py", line 3 in search\n')
    presenter, dialogs = start(log)
    presenter.problems.report_problem()
    assert dialogs.clipboard is not None
    assert "Fatal Python error: Segmentation fault" in dialogs.clipboard
    assert "RuntimeError: old" not in dialogs.clipboard
