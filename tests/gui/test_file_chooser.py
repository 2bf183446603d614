"""The desktop's own file chooser for Open and Save: which one is asked, what
it is asked, how its answer is read, and the window while it is open (fake
choosers), then once for real with zenity."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path
from tkinter import filedialog

import pytest
from conftest import marks, need_tools, real_click, sync, wait, xdotool

from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.file_chooser import (
    CANCELLED,
    FAILED,
    Chooser,
    ChooserAnswer,
    CommandChooser,
    FileQuestion,
    RunningCommand,
    find_choosers,
    kdialog_command,
    read_answer,
    zenity_command,
)
from ttt_gui.gui.tk_dialogs import TkDialogs
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings

FILTERS = [("Saved games", "*.ttt"), ("All files", "*")]
SAVE = FileQuestion(True, "Save game", Path("/home/a/Games"), "Game 1.ttt", FILTERS, parent=77)
OPEN = FileQuestion(False, "Open game", Path("/home/a/Games"), "", FILTERS)


# -- what is asked, of which chooser ---------------------------------------------------------


def test_zenity_saves_with_the_name_the_filters_and_its_own_overwrite_question() -> None:
    command = zenity_command(SAVE)
    assert command[:2] == ["zenity", "--file-selection"]
    assert "--save" in command and "--confirm-overwrite" in command
    assert "--filename=/home/a/Games/Game 1.ttt" in command
    filters = [part for part in command if part.startswith("--file-filter=")]
    assert filters == ["--file-filter=Saved games | *.ttt", "--file-filter=All files | *"]
    assert "--modal" in command and "--attach=77" in command, "it belongs to the window"


def test_zenity_opens_in_the_folder_without_saving_options() -> None:
    command = zenity_command(OPEN)
    assert "--filename=/home/a/Games/" in command
    assert "--save" not in command and "--confirm-overwrite" not in command
    assert not any(part.startswith("--attach") for part in command), "no window known"


def test_kdialog_asks_with_its_own_filter_lines() -> None:
    assert kdialog_command(OPEN) == [
        "kdialog",
        "--title",
        "Open game",
        "--getopenfilename",
        "/home/a/Games",
        "*.ttt|Saved games\n*|All files",
    ]
    save = kdialog_command(SAVE)
    assert save[save.index("--getsavefilename") + 1] == "/home/a/Games/Game 1.ttt"
    assert save[save.index("--attach") + 1] == "77"


def names(choosers: list[Chooser]) -> list[str]:
    return [chooser.name for chooser in choosers]


def test_the_chooser_of_the_desktop_comes_first() -> None:
    both = {"zenity": "/usr/bin/zenity", "kdialog": "/usr/bin/kdialog"}.get
    gnome = {"DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"}
    kde = {"WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"}
    assert names(find_choosers(gnome, both, "linux")) == ["zenity", "kdialog"]
    assert names(find_choosers(kde, both, "linux")) == ["kdialog", "zenity"]
    only_zenity = {"zenity": "/usr/bin/zenity"}.get
    assert names(find_choosers(kde, only_zenity, "linux")) == ["zenity"]


def test_the_portal_comes_before_the_programs() -> None:
    class Portal:
        name = "portal"

        def start(self, question: FileQuestion) -> RunningCommand:
            raise AssertionError("not started here")

    found = find_choosers({"DISPLAY": ":0"}, {"zenity": "z"}.get, "linux", portal=Portal)
    assert names(found) == ["portal", "zenity"]


def test_tks_dialog_stays_where_it_is_the_systems_or_nothing_else_is_there() -> None:
    everything = {"zenity": "z", "kdialog": "k"}.get
    display = {"DISPLAY": ":0"}
    assert find_choosers(display, everything, "win32") == []
    assert find_choosers(display, everything, "darwin") == []
    assert find_choosers({}, everything, "linux") == [], "no display"
    assert find_choosers(display, lambda name: None, "linux") == []


# -- how the answer is read ------------------------------------------------------------------


def test_a_path_is_chosen_one_is_cancelled_and_anything_odd_failed() -> None:
    assert read_answer(0, b"/home/a/x.ttt\n") == ChooserAnswer(Path("/home/a/x.ttt"))
    assert read_answer(0, "/home/a/é.ttt\n".encode()) == ChooserAnswer(Path("/home/a/é.ttt"))
    assert read_answer(1, b"") == CANCELLED
    for returncode, output in [(0, b""), (0, b"\n"), (0, b"x.ttt\n"), (5, b""), (-15, b"")]:
        assert read_answer(returncode, output) == FAILED, (returncode, output)


class FakeProcess:
    """A chooser process that closes after ``polls`` polls with ``returncode``
    and ``output``; records whether it was terminated."""

    def __init__(self, returncode: int, output: bytes = b"", polls: int = 3) -> None:
        self.returncode, self.polls, self.terminated = returncode, polls, False
        self.stdout = io.BytesIO(output)

    def poll(self) -> int | None:
        if self.terminated:
            return -15
        self.polls -= 1
        return self.returncode if self.polls <= 0 else None

    def terminate(self) -> None:
        self.terminated = True


class FakeRunner:
    """Starts :class:`FakeProcess` es (or raises ``error``); records each command."""

    def __init__(self, *processes: FakeProcess, error: OSError | None = None) -> None:
        self.processes = list(processes)
        self.error = error
        self.commands: list[list[str]] = []

    def __call__(self, command: list[str]) -> FakeProcess:
        self.commands.append(command)
        if self.error is not None:
            raise self.error
        return self.processes.pop(0)


def test_a_chooser_that_cannot_start_fails_instead_of_raising() -> None:
    runner = FakeRunner(error=FileNotFoundError("zenity"))
    running = CommandChooser("zenity", zenity_command, runner).start(OPEN)
    assert running.poll() == FAILED


def test_a_running_chooser_answers_once_it_has_closed_and_can_be_cancelled() -> None:
    process = FakeProcess(0, b"/g/a.ttt\n", polls=2)
    running = RunningCommand(process)
    assert running.poll() is None
    assert running.poll() == ChooserAnswer(Path("/g/a.ttt"))
    open_one = FakeProcess(0, polls=100)
    running = RunningCommand(open_one)
    running.cancel()
    assert open_one.terminated and running.poll() == FAILED


# -- the window while a chooser is open (fake choosers) -------------------------------------


def desktop_window(make_window, runner: FakeRunner) -> tuple[Window, TkDialogs]:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    dialogs = window.presenter.dialogs
    assert isinstance(dialogs, TkDialogs)
    dialogs.desktop.choosers = [CommandChooser("zenity", zenity_command, runner)]
    return window, dialogs


def no_tk_dialog(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Tk's file dialogs replaced by ones that record being asked."""
    asked: list[str] = []
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **options: asked.append("open"))
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **options: asked.append("save"))
    return asked


def test_save_writes_where_the_desktops_chooser_says(
    make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "mine.ttt"
    runner = FakeRunner(FakeProcess(0, f"{target}\n".encode(), polls=5))
    window, dialogs = desktop_window(make_window, runner)
    asked = no_tk_dialog(monkeypatch)
    ticks: list[int] = []

    def tick() -> None:  # the window's own loop runs while the chooser is open
        ticks.append(1)
        if len(ticks) < 100:
            window.root.after(10, tick)

    window.root.after(10, tick)
    window.run("save_game")
    assert target.exists() and asked == []
    assert len(ticks) >= 3, "the window kept running its loop"
    assert "--save" in runner.commands[0] and dialogs.open_count == 0


def test_cancelling_the_desktops_chooser_asks_nothing_more(
    make_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = FakeRunner(FakeProcess(1), FakeProcess(1))
    window, dialogs = desktop_window(make_window, runner)
    asked = no_tk_dialog(monkeypatch)
    assert dialogs.ask_save_path(Path("/tmp"), "a.ttt") is None
    assert dialogs.ask_open_path(Path("/tmp")) is None
    assert asked == [] and len(runner.commands) == 2


def test_a_chooser_that_fails_gives_way_to_tks_dialog_from_then_on(
    make_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = FakeRunner(FakeProcess(255))
    window, dialogs = desktop_window(make_window, runner)
    asked = no_tk_dialog(monkeypatch)
    dialogs.ask_open_path(Path("/tmp"))
    assert asked == ["open"], "Tk's dialog asked instead"
    dialogs.ask_save_path(Path("/tmp"), "a.ttt")
    assert asked == ["open", "save"] and len(runner.commands) == 1, "not tried again"


def test_a_name_without_suffix_gets_it_and_replacing_that_file_is_asked_once(
    make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "kept.ttt").write_text("x")
    runner = FakeRunner(
        FakeProcess(0, f"{tmp_path / 'fresh'}\n".encode()),
        FakeProcess(0, f"{tmp_path / 'kept'}\n".encode()),
        FakeProcess(0, f"{tmp_path / 'kept.ttt'}\n".encode()),
    )
    window, dialogs = desktop_window(make_window, runner)
    questions: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda *words: questions.append(words[1]) or False)
    assert dialogs.ask_save_path(tmp_path, "a.ttt") == tmp_path / "fresh.ttt"
    assert questions == []
    assert dialogs.ask_save_path(tmp_path, "a.ttt") is None, "not replaced"
    assert len(questions) == 1 and "kept.ttt" in questions[0]
    assert dialogs.ask_save_path(tmp_path, "a.ttt") == tmp_path / "kept.ttt"
    assert len(questions) == 1, "the chooser asked about that name itself"


def test_the_board_takes_no_click_while_the_chooser_is_open(make_window) -> None:
    process = FakeProcess(1, polls=10_000)
    window, dialogs = desktop_window(make_window, FakeRunner(process))
    clicked: list[bool] = []

    def click_then_close() -> None:
        real_click(window.board.cells[4])
        sync(window.root)
        clicked.append(True)
        process.polls = 1  # the person cancels the chooser

    empty = marks(window)
    window.root.after(100, click_then_close)
    window.run("open_game")
    assert clicked and marks(window) == empty
    real_click(window.board.cells[4])
    assert wait(window.root, lambda: marks(window) != empty), "clicks work again"
    window.run("undo")  # nothing to ask about when the window closes


def test_closing_the_window_closes_the_chooser(make_window) -> None:
    process = FakeProcess(0, b"/tmp/x.ttt\n", polls=10_000)
    window, dialogs = desktop_window(make_window, FakeRunner(process))
    window.root.after(100, dialogs.close_all)
    assert dialogs.ask_open_path(Path("/tmp")) is None
    assert process.terminated


# -- for real --------------------------------------------------------------------------------


@pytest.mark.slow  # the real zenity; the runs with stand-ins above cover the window's side
def test_zenity_saves_and_opens_a_game_typed_as_a_person_would(
    make_window, tmp_path: Path
) -> None:
    need_tools("zenity", "xdotool")
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    window.run("play", 4)
    dialogs = window.presenter.dialogs
    assert isinstance(dialogs, TkDialogs)
    dialogs.desktop.choosers = [CommandChooser("zenity", zenity_command)]
    target = tmp_path / "typed.ttt"
    errors: list[BaseException] = []

    def type_into(title: str, text: str) -> None:
        try:
            found = xdotool("search", "--sync", "--onlyvisible", "--name", f"^{title}$").split()
            time.sleep(0.5)  # GTK has mapped the window; let it take keys
            keys = ["ctrl+a"] if text.endswith(".ttt") and "Save" in title else []
            xdotool("windowfocus", "--sync", found[0], *(["key", *keys] if keys else []))
            xdotool("type", "--delay", "20", text)
            time.sleep(0.3)
            xdotool("key", "Return")
        except BaseException as error:  # reported by the test below
            errors.append(error)

    typist = threading.Thread(target=type_into, args=("Save game", str(target)))
    typist.start()
    window.run("save_game")
    typist.join(10)
    assert not errors and target.exists(), "saved where typed"
    played = marks(window)
    window.run("undo")
    assert marks(window) != played

    typist = threading.Thread(target=type_into, args=("Open game", str(target)))
    typist.start()
    window.run("open_game")
    typist.join(10)
    assert not errors and marks(window) == played, "the saved game is back"
    window.run("undo")  # nothing to ask about when the window closes


def test_a_portal_that_fails_gives_way_to_zenity_for_the_same_question(
    make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_portal_chooser import FakeBus

    from ttt_gui.gui.portal_chooser import PortalChooser

    target = tmp_path / "z.ttt"
    runner = FakeRunner(FakeProcess(0, f"{target}\n".encode()), FakeProcess(1))
    window, dialogs = desktop_window(make_window, runner)
    broken = FakeBus(None, error=ConnectionRefusedError("no portal"))
    dialogs.desktop.choosers.insert(0, PortalChooser(lambda: broken))
    asked = no_tk_dialog(monkeypatch)
    assert dialogs.ask_open_path(tmp_path) == target
    assert len(broken.asked) == 1 and len(runner.commands) == 1 and asked == []
    assert dialogs.ask_open_path(tmp_path) is None
    assert len(broken.asked) == 1, "the portal is not asked again"


def test_a_chooser_that_cannot_start_gives_way_to_tks_dialog_at_once(
    make_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = FakeRunner(error=FileNotFoundError("zenity"))
    window, dialogs = desktop_window(make_window, runner)
    asked = no_tk_dialog(monkeypatch)
    dialogs.ask_open_path(Path("/tmp"))
    assert asked == ["open"] and dialogs.desktop.choosers == [] and dialogs.open_count == 0
