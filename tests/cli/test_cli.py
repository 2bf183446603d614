"""The command line: bad values, --version and --help, the overrides of the saved
settings, the settings file of a real run, and --smoke-test under the test display."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import eventually, finish, launch_game, shows_colour, xdotool

from ttt_gui import __version__
from ttt_gui.board import Player
from ttt_gui.cli.main import build_parser, main, settings_for_run
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.engine import COMPILED
from ttt_gui.storage.settings import Settings, load, save
from ttt_gui.storage.settings_store import SettingsStore
from ttt_gui.theme import PALETTES

ROOT = Path(__file__).resolve().parents[2]


def child_environment(home: Path) -> dict[str, str]:
    """The environment of a child ``python -m ttt_gui``: this display, this
    source tree, and a home of its own so that no real settings are touched."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = str(ROOT)
    environment["HOME"] = str(home)
    environment["XDG_CONFIG_HOME"] = str(home / "config")
    return environment


def run_ttt(home: Path, *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ttt_gui", *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=home,
        env=child_environment(home),
    )


# -- bad values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--bogus"], "--bogus"),
        (["--size", "16"], "--size"),
        (["--size", "three"], "--size"),
        (["--level", "godlike"], "--level"),
        (["--mode", "online"], "--mode"),
        (["--play", "z"], "--play"),
        (["--depth", "0"], "--depth"),
        (["--theme", "neon"], "--theme"),
        (["--size", "3", "--win-length", "4"], "--win-length"),
        (["--win-length", "4"], "--win-length"),  # the saved board is 3x3
        (["--depth", "10"], "--depth"),
        (["--size", "4", "--depth", "17"], "--depth"),
        (["--settings", ""], "--settings"),
        (["--settings", "a" * 300], "--settings"),  # a name too long for the file system
        (["--settings", "b" * 300 + "/settings.json"], "--settings"),
    ],
)
def test_bad_values_exit_2_with_the_usage_and_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], named: str
) -> None:
    path = tmp_path / "settings.json"
    with pytest.raises(SystemExit) as exited:
        main(["--settings", str(path), *arguments])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: ttt-gui")
    last = err.strip().splitlines()[-1]
    assert last.startswith("ttt-gui: error: ") and named in last, last
    assert not path.exists()


def test_a_bad_value_exits_2_from_the_installed_entry_point(tmp_path: Path) -> None:
    result = run_ttt(tmp_path, "--size", "3", "--win-length", "4")
    assert result.returncode == 2
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.startswith("usage: ttt-gui")
    assert result.stderr.strip().splitlines()[-1] == (
        "ttt-gui: error: --win-length 4 is longer than the board size 3"
    )


@pytest.mark.parametrize(
    ("name", "contents"),
    [
        ("game.ttt", '{"format": "ttt-gui game", "version": 1, "size": 3, "moves": [4]}\n'),
        ("package.json", '{"name": "package", "version": "1.0"}\n'),
        ("notes.txt", "shopping: eggs, milk\n"),
        ("empty", ""),
    ],
)
def test_a_named_file_that_is_not_settings_is_refused_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, contents: str
) -> None:
    path = tmp_path / name
    path.write_text(contents)
    path.chmod(0o640)
    with pytest.raises(SystemExit) as exited:
        main(["--settings", str(path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: ttt-gui")
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"ttt-gui: error: --settings {name}: ") and "left as it is" in last
    assert path.read_bytes() == contents.encode(), "left byte for byte"
    assert oct(path.stat().st_mode & 0o777) == "0o640"
    assert sorted(tmp_path.iterdir()) == [path], "nothing renamed aside, nothing created"


@pytest.mark.parametrize(
    "contents",
    # As a process: by default the empty object and settings from before the
    # marker; all of them under --slow. (main() refuses files that are not
    # settings in this process too, above.)
    [
        b"{}",
        pytest.param(b'{"theme": "dark", "zoom": 1.0}', marks=pytest.mark.slow),
        pytest.param(b'{ "theme" : "dark",\r\n  "zoom": 1.0 }\r\n', marks=pytest.mark.slow),
        b'{"size": 5, "theme": "dark", "scores": {}}',  # settings before the marker
    ],
)
def test_the_command_refuses_json_without_the_marker_and_leaves_it_byte_for_byte(
    tmp_path: Path, contents: bytes
) -> None:
    """Only a file with the ttt-gui marker (or a path not there yet) is taken
    for settings: these hold settings' keys only, and no marker."""
    path = tmp_path / "viewer.json"
    path.write_bytes(contents)
    path.chmod(0o640)
    result = run_ttt(tmp_path, "--settings", str(path), timeout=30)
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ttt-gui: error: --settings viewer.json: not a ttt-gui settings file")
    assert last.endswith("the file was left as it is")
    assert path.read_bytes() == contents and oct(path.stat().st_mode & 0o777) == "0o640"
    assert sorted(tmp_path.iterdir()) == [path], "nothing renamed aside, nothing created"


# -- --version and --help ------------------------------------------------------------------


def test_version_prints_the_version_and_exits_0(tmp_path: Path) -> None:
    result = run_ttt(tmp_path, "--version")
    assert result.returncode == 0, result.stderr
    engine = "compiled" if COMPILED else "pure Python"
    assert result.stdout == f"ttt-gui {__version__}\nengine: {engine}\n"
    assert result.stderr == ""


def test_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    options = ["--mode", "--play", "--level", "--depth", "--size", "--win-length", "--exact"]
    options += ["--theme"]
    options += ["--settings", "--reset-settings", "--smoke-test", "--version"]
    for option in options:
        assert option in shown


NO_TK_FOR = """
import sys
from ttt_gui.cli.main import main
try:
    main([sys.argv[1]])
except SystemExit as exited:
    print("status", exited.code)
print("tkinter loaded:", "tkinter" in sys.modules)
"""


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_never_load_tk(tmp_path: Path, option: str) -> None:
    environment = child_environment(tmp_path)
    environment.pop("DISPLAY", None)
    result = subprocess.run(
        [sys.executable, "-c", NO_TK_FOR, option],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd=tmp_path,
    )
    assert result.stdout.splitlines()[-2:] == ["status 0", "tkinter loaded: False"]


# -- the overrides of the saved settings ---------------------------------------------


SAVED = Settings(
    GameConfig(
        mode=Mode.HOTSEAT, human=Player.O, level="easy", depth=5, rows=4, cols=4, win_length=3
    ),
    theme="light",
    zoom=1.5,
    window="600x500",
    analysis=True,
    scores={"hotseat:4x4:3": {"X": 2}},
)


def overridden(*arguments: str, saved: Settings = SAVED) -> Settings:
    args: argparse.Namespace = build_parser().parse_args(list(arguments))
    return settings_for_run(args, saved)


def test_no_options_keep_the_saved_settings() -> None:
    assert overridden() == SAVED


@pytest.mark.parametrize(
    ("arguments", "changes"),
    [
        (["--mode", "computer"], {"mode": Mode.COMPUTER}),
        (["--play", "x"], {"mode": Mode.COMPUTER, "human": Player.X}),
        (["--play", "X", "--mode", "watch"], {"mode": Mode.WATCH, "human": Player.X}),
        (["--level", "hard"], {"level": "hard", "depth": None}),
        (["--level", "strongest"], {"level": "strongest", "depth": None}),
        (["--level", "perfect"], {"level": "strongest", "depth": None}),  # the old name
        (
            ["--mode", "watch", "--level", "hard"],
            {
                "mode": Mode.WATCH,
                "level": "hard",
                "x_level": "hard",
                "o_level": "hard",
                "depth": None,
            },
        ),
        (["--depth", "9"], {"depth": 9}),
        (["--size", "5"], {"rows": 5, "cols": 5, "win_length": 4}),
        (["--size", "9"], {"rows": 9, "cols": 9, "win_length": 5}),
        (["--size", "7", "--win-length", "3"], {"rows": 7, "cols": 7, "win_length": 3}),
        (["--win-length", "4"], {"win_length": 4}),
        (["--size", "3", "--depth", "9"], {"rows": 3, "cols": 3, "win_length": 3, "depth": 9}),
    ],
)
def test_options_override_the_game_of_the_saved_settings(
    arguments: list[str], changes: dict[str, Any]
) -> None:
    settings = overridden(*arguments)
    assert settings.game == dataclasses.replace(SAVED.game, **changes)
    assert dataclasses.replace(settings, game=SAVED.game) == SAVED, "nothing else changes"


def test_the_theme_option_overrides_the_saved_theme() -> None:
    assert overridden("--theme", "dark") == dataclasses.replace(SAVED, theme="dark")


def test_overrides_keep_the_scores_and_leave_the_saved_settings_alone() -> None:
    before = dataclasses.replace(SAVED, scores={"hotseat:4x4:3": {"X": 2}})
    settings = overridden("--size", "5", "--theme", "dark", saved=before)
    assert settings.scores is before.scores, "scores are counted on in the same table"
    assert before.game == SAVED.game and before.theme == "light"


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--win-length", "5"], "--win-length 5 is longer than the board size 4"),
        (["--size", "3", "--win-length", "4"], "--win-length 4 is longer than the board size 3"),
        (["--depth", "17"], "--depth 17 is more than the 16 cells of the board"),
    ],
)
def test_overrides_that_do_not_fit_the_board_are_refused(arguments: list[str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        overridden(*arguments)


# -- real runs ------------------------------------------------------------------------------


def test_the_smoke_test_passes_under_the_test_display(tmp_path: Path) -> None:
    result = run_ttt(tmp_path, "--smoke-test", timeout=30)  # its own deadline is 20 s
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("smoke test passed in en: X wins;")
    assert result.stdout.rstrip().endswith(
        "menus: Game, Edit, Mode, Difficulty, Board, View, Help"
    ), result.stdout
    assert result.stderr == ""
    assert list(tmp_path.iterdir()) == [], "the smoke test writes no settings"


def run_window_and_quit(home: Path, *arguments: str) -> None:
    """Start the game window, wait for it, quit with Ctrl+Q; it must exit cleanly."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=home,
        env=child_environment(home),
    )
    try:
        window = xdotool("search", "--sync", "--onlyvisible", "--name", "^Noxo").split()[0]
        cells = [palette["cell"] for palette in PALETTES.values()]
        assert eventually(lambda: any(shows_colour(window, cell) for cell in cells))
        xdotool("windowfocus", "--sync", window, "key", "ctrl+q")
        stdout, stderr = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0 and stdout == "" and stderr == "", (stdout, stderr)


def test_a_run_reads_and_saves_its_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(SAVED, path)
    run_window_and_quit(tmp_path, "--settings", str(path))
    saved, message, _ = load(path)
    assert message is None
    assert saved.game == SAVED.game and saved.scores == SAVED.scores
    assert (saved.theme, saved.zoom, saved.analysis) == ("light", 1.5, True)
    assert not (tmp_path / "config").exists(), "the default settings file is not touched"


def test_a_run_removes_the_temporaries_a_kill_during_a_save_left(tmp_path: Path) -> None:
    """Temporaries of the settings file and of the unfinished game older than a
    minute are gone once the window shows; any other file stays."""
    path = tmp_path / "settings.json"
    save(SAVED, path)
    stale = [".settings.json.abcd1234.tmp", ".settings.unfinished.ttt.k3_x9z0q.tmp"]
    young = ".settings.json.young123.tmp"  # a writer may be using it right now
    kept = [young, ".settings.json.backup.tmp", ".other.json.abcd1234.tmp", "notes.tmp"]
    hour_ago = time.time() - 3600
    for name in stale + kept:
        (tmp_path / name).write_text(name)
        if name != young:
            os.utime(tmp_path / name, (hour_ago, hour_ago))
    process, window = launch_game(path)
    try:
        names = set(os.listdir(tmp_path))
    finally:
        xdotool("windowfocus", "--sync", window, "key", "ctrl+q")
        stdout, stderr = finish(process)
    assert (process.returncode, stdout, stderr) == (0, "", "")
    assert names.isdisjoint(stale), names
    assert all((tmp_path / name).read_text() == name for name in kept)


def test_a_settings_file_not_there_yet_is_created_with_the_marker(tmp_path: Path) -> None:
    path = tmp_path / "new folder" / "settings.json"
    run_window_and_quit(tmp_path, "--settings", str(path))
    saved, message, _ = load(path, set_aside_bad=False)
    assert message is None and json.loads(path.read_text())["format"] == "ttt-gui settings"
    assert saved.game == GameConfig()


@pytest.mark.slow
def test_options_override_the_saved_settings_for_this_run_only(tmp_path: Path) -> None:
    """``--help`` says: "Options override the saved settings for this run only."
    So after a run with options, the file still holds the settings it held.
    (In this process: test_what_the_person_changes_is_saved_and_the_options_are_not.)"""
    path = tmp_path / "settings.json"
    save(SAVED, path)
    run_window_and_quit(tmp_path, "--settings", str(path), "--size", "5", "--theme", "dark")
    saved, message, _ = load(path)
    assert message is None
    assert (saved.game.size, saved.game.win_length, saved.theme) == (4, 3, "light")


def test_reset_settings_starts_from_the_defaults_for_this_run_and_keeps_the_scores(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    save(SAVED, path)
    run_window_and_quit(tmp_path, "--settings", str(path), "--reset-settings")
    saved, message, _ = load(path)
    assert message is None
    assert saved.game == SAVED.game and saved.zoom == SAVED.zoom
    assert saved.scores == SAVED.scores


def test_what_the_person_changes_is_saved_and_the_options_are_not(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(SAVED, path)
    run = settings_for_run(build_parser().parse_args(["--size", "5", "--theme", "dark"]), SAVED)
    assert (run.game.size, run.theme) == (5, "dark")
    store = SettingsStore(path, run)
    scores = {**run.scores, "hotseat:5x5:4": {"X": 1}}
    current = dataclasses.replace(run, zoom=2.0, scores=scores)
    current.game = dataclasses.replace(current.game, level="hard")
    store.save(current)
    written = load(path)[0]
    assert (written.game.size, written.game.win_length, written.theme) == (4, 3, "light")
    assert (written.game.level, written.zoom) == ("hard", 2.0), "the person's changes"
    assert written.scores == {**SAVED.scores, "hotseat:5x5:4": {"X": 1}}
    store.save(dataclasses.replace(current, game=current.game.with_shape(Shape(3, 3, 3))))
    assert load(path)[0].game.size == 3


def test_a_game_file_that_does_not_exist_exits_2_naming_it(tmp_path: Path) -> None:
    result = run_ttt(tmp_path, "nowhere.ttt")
    assert result.returncode == 2
    assert "'nowhere.ttt' is not a file" in result.stderr.splitlines()[-1]
    assert result.stderr.startswith("usage: ttt-gui")


class FakeKernel32:
    """``ctypes.windll.kernel32`` of a Windows process whose parent has (or has
    not) a console; records the calls."""

    def __init__(self, parent_has_console: bool) -> None:
        self.parent_has_console = parent_has_console
        self.calls: list[int] = []

    def AttachConsole(self, process: int) -> int:  # noqa: N802 - the Windows name
        self.calls.append(process)
        return int(self.parent_has_console)


@pytest.mark.parametrize(
    ("arguments", "parent_has_console", "attached"),
    [
        (["--version"], True, True),
        (["--version"], False, False),  # started from Explorer: nothing to attach to
        ([], True, False),  # a plain start from a terminal stays a window of its own
    ],
)
def test_a_windows_build_without_a_console_prints_to_its_parents_console(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    arguments: list[str],
    parent_has_console: bool,
    attached: bool,
) -> None:
    import ctypes

    from ttt_gui.cli.main import attach_parent_console

    kernel32 = FakeKernel32(parent_has_console)
    monkeypatch.setattr(ctypes, "windll", argparse.Namespace(kernel32=kernel32), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.chdir(tmp_path)  # elsewhere "CONOUT$" is a plain file name
    attach_parent_console(arguments)
    try:
        assert kernel32.calls == ([-1] if arguments else [])
        if attached:
            assert sys.stdout is not None and sys.stdout.name == "CONOUT$"
            assert sys.stderr is not None and sys.stderr.name == "CONOUT$"
        else:
            assert sys.stdout is None and sys.stderr is None
    finally:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.close()


def test_output_that_already_goes_somewhere_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ctypes

    from ttt_gui.cli.main import attach_parent_console

    kernel32 = FakeKernel32(parent_has_console=True)
    monkeypatch.setattr(ctypes, "windll", argparse.Namespace(kernel32=kernel32), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    stdout = sys.stdout
    attach_parent_console(["--version"])  # redirected to a pipe or a file, as in CI
    assert kernel32.calls == [] and sys.stdout is stdout


#: ``python -m ttt_gui`` that sends itself a signal (``argv[1]``) while it
#: imports the engine, which every run does before it reads a single option.
SIGNAL_WHILE_IMPORTING = """
import importlib.abc, os, runpy, sys

class SignalOnImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "ttt_gui.engine":
            os.kill(os.getpid(), int(sys.argv.pop(1)))
        return None

sys.meta_path.insert(0, SignalOnImport())
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("number", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_a_signal_while_the_program_loads_ends_it_quietly(
    tmp_path: Path, number: signal.Signals, status: int
) -> None:
    """Ctrl+C (or a kill, or a closed terminal) in the first instants, while
    the engine and Tk load: the signal's exit status, no traceback."""
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_WHILE_IMPORTING, str(int(number)), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env=child_environment(tmp_path),
    )
    assert (done.returncode, done.stdout, done.stderr) == (status, "", "")


def test_the_exact_option_plays_standard_gomoku() -> None:
    run = overridden("--size", "15", "--exact")
    assert run.game.exact and (run.game.rows, run.game.win_length) == (15, 5)
    assert not overridden("--size", "15").game.exact


#: Runs ``python -m ttt_gui ARGUMENTS`` as a Python without Tk would: tkinter
#: and _tkinter cannot be imported.
WITHOUT_TK = """
import runpy, sys
sys.modules["tkinter"] = None
sys.modules["_tkinter"] = None
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("arguments", [[], ["--smoke-test"]])
def test_without_tk_the_window_names_the_package_to_install(
    tmp_path: Path, arguments: list[str]
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_TK, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=child_environment(tmp_path),
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    words = " ".join(done.stderr.split())
    assert "needs Tk" in words
    assert "Debian and Ubuntu the package python3-tk" in words
    assert "Fedora python3-tkinter" in words and "Arch tk" in words
    assert done.stdout == ""


def test_without_tk_the_commands_still_work(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_TK, "analyse", "x../.../..."],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=child_environment(tmp_path),
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("X../.../...  O to move:")
