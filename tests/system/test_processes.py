"""Real game processes under the test display: several windows on one settings
file, the signals a terminal sends (Ctrl+C, a polite kill, closing it), and
the unfinished games the windows keep."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import eventually, finish, launch_game, need_tools, xdotool

from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.games import read_game
from ttt_gui.storage.settings import Settings, load, save
from ttt_gui.storage.unfinished import unfinished_folder

HOTSEAT = Settings(GameConfig(mode=Mode.HOTSEAT))
HOTSEAT_KEY = GameConfig(mode=Mode.HOTSEAT).match_key
HOTSEAT_STATISTICS = GameConfig(mode=Mode.HOTSEAT).statistics_key
#: Digit keys play 3x3 cells in reading order: X takes the top row.
X_WINS_TOP_ROW = ("1", "4", "2", "5", "3")


def send_keys(window: str, *names: str) -> None:
    """Type keys into the window; the game handles them in order, before any
    later key or close request (all come through the X server)."""
    xdotool("windowfocus", "--sync", window)
    for name in names:
        xdotool("key", "--clearmodifiers", name)


def window_size(window: str) -> tuple[int, int]:
    shell = dict(
        line.split("=", 1) for line in xdotool("getwindowgeometry", "--shell", window).split()
    )
    return int(shell["WIDTH"]), int(shell["HEIGHT"])


def quit_window(process: subprocess.Popen[str], window: str) -> None:
    send_keys(window, "ctrl+q")
    stdout, stderr = finish(process)
    assert (process.returncode, stdout, stderr) == (0, "", "")


@pytest.mark.slow
def test_three_windows_on_one_settings_file_lose_no_game_and_no_change(
    tmp_path: Path, window_manager: None
) -> None:
    """Two windows each win a game, one of them also zooms in; a third stays
    idle and closes last: both wins and the zoom are in the file."""
    path = tmp_path / "settings.json"
    save(HOTSEAT, path)
    first, first_window = launch_game(path)
    second, second_window = launch_game(path)
    idle, idle_window = launch_game(path)
    send_keys(first_window, *X_WINS_TOP_ROW, "ctrl+plus")
    send_keys(second_window, *X_WINS_TOP_ROW)
    quit_window(first, first_window)
    quit_window(second, second_window)
    quit_window(idle, idle_window)
    saved, message, _ = load(path)
    assert message is None
    assert saved.scores == {HOTSEAT_KEY: {"X": 2}, HOTSEAT_STATISTICS: {"X": 2}}
    assert saved.zoom > 1.0, "the first window's zoom is kept"


WATCH_9X9 = Settings(GameConfig(mode=Mode.WATCH, rows=9, cols=9, win_length=5, think_time=2.0))


#: Each signal with its exit status. The program notes all three alike (the
#: status of each is also checked as it loads, tests/cli/test_cli.py): by
#: default SIGTERM alone; under --slow each of them, repeated twice more, as
#: a signal may land at any point of the search and the window's updates.
SIGNALS = [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]


@pytest.mark.parametrize(
    ("number", "status"),
    [
        case if case[0] == signal.SIGTERM else pytest.param(*case, marks=pytest.mark.slow)
        for case in SIGNALS
    ]
    + [pytest.param(*case, marks=pytest.mark.slow) for case in SIGNALS * 2],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_a_signal_during_a_search_quits_as_quit_does(
    tmp_path: Path, number: signal.Signals, status: int
) -> None:
    """Ctrl+C in the terminal (SIGINT), a polite kill (SIGTERM) or the
    terminal closed (SIGHUP) while the computer thinks on 9x9: settings saved,
    the signal's exit status, nothing on stderr, within seconds (no traceback,
    no error dialog, no hang)."""
    path = tmp_path / "settings.json"
    save(WATCH_9X9, path)
    process, window = launch_game(path)
    size = window_size(window)
    send_keys(window, "ctrl+plus")  # a change that must be saved
    # Zoomed (a signal, unlike keys, could overtake it); the computer is
    # thinking all the while: 9x9 takes its full think time.
    assert eventually(lambda: window_size(window) != size), "the zoom did not show"
    process.send_signal(number)
    stdout, stderr = finish(process)
    assert (process.returncode, stdout, stderr) == (status, "", "")
    saved, message, _ = load(path)
    assert message is None and saved.zoom > 1.0


@pytest.mark.parametrize(
    ("keys", "title"),
    # Both are the program's own modal windows (How to play is no longer a
    # Tk message box): by default the question, with --slow the text too.
    [
        (("1", "F2"), "^New game$"),
        pytest.param(("F1",), "^How to play$", marks=pytest.mark.slow),
    ],
    ids=["own dialog", "message box"],
)
def test_a_signal_while_a_dialog_is_open_still_quits(
    tmp_path: Path, keys: tuple[str, ...], title: str
) -> None:
    path = tmp_path / "settings.json"
    save(HOTSEAT, path)
    process, window = launch_game(path)
    send_keys(window, *keys)
    xdotool("search", "--sync", "--onlyvisible", "--name", title)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = finish(process)
    assert (process.returncode, stdout, stderr) == (143, "", "")


def kept_moves(settings_path: Path) -> list[tuple[int, ...]]:
    """The moves of every unfinished game kept beside the settings, sorted."""
    folder = unfinished_folder(settings_path)
    return sorted(read_game(path).moves for path in folder.glob("*.ttt"))


@pytest.mark.slow
def test_every_window_keeps_its_own_unfinished_game_and_an_idle_one_removes_none(
    tmp_path: Path, window_manager: None
) -> None:
    """Two windows each make a move and close; a third stays idle and closes
    last; a fourth asks for another board and closes without playing: both
    games are kept, and the next start plays on from one of them."""
    path = tmp_path / "settings.json"
    save(HOTSEAT, path)
    first, first_window = launch_game(path)
    second, second_window = launch_game(path)
    idle, idle_window = launch_game(path)
    send_keys(first_window, "1")
    send_keys(second_window, "5")
    quit_window(first, first_window)
    quit_window(second, second_window)
    quit_window(idle, idle_window)
    assert kept_moves(path) == [(0,), (4,)]
    other, other_window = launch_game(path, "--size", "4")
    quit_window(other, other_window)
    assert kept_moves(path) == [(0,), (4,)], "a run with game options takes nothing"
    again, again_window = launch_game(path)
    assert len(list(unfinished_folder(path).glob("*.ttt"))) == 2
    send_keys(again_window, "9")
    played_on = ([(0,), (4, 8)], [(0, 8), (4,)])
    assert eventually(lambda: kept_moves(path) in played_on), "one game taken, played on"
    quit_window(again, again_window)
    assert kept_moves(path) in played_on


@pytest.mark.slow
def test_a_window_that_dies_leaves_its_game_as_it_last_stood(
    tmp_path: Path, window_manager: None
) -> None:
    path = tmp_path / "settings.json"
    save(HOTSEAT, path)
    process, window = launch_game(path)
    send_keys(window, "5", "1")
    assert eventually(lambda: kept_moves(path) == [(4, 0)]), "saved as it is played"
    process.kill()
    finish(process)
    again, again_window = launch_game(path)
    send_keys(again_window, "9")
    assert eventually(lambda: kept_moves(path) == [(4, 0, 8)]), "played on from it"
    quit_window(again, again_window)
    assert kept_moves(path) == [(4, 0, 8)]


@contextlib.contextmanager
def display_of_its_own() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A new Xvfb on a free display number (it picks one and tells it), ended
    by its process id afterwards if it still runs: its name, such as ``:7``."""
    need_tools("Xvfb")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "800x600x24"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as told:
            number = told.readline().strip()
        assert number, "Xvfb told no display number"
        yield server, f":{number}"
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(timeout=10)


@pytest.mark.slow
def test_a_window_whose_display_is_lost_ends_cleanly_and_its_game_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, window_manager: None
) -> None:
    """The display goes away (a logout, a dropped ``ssh -X``): the process
    ends with at most the X library's one line on stderr, and the game it was
    playing, saved as it was played, is played on by the next start.

    Animations are off: the display goes while the window is idle. (Lost in
    the middle of drawing, Xlib may say so in its two-line form instead.)"""
    path = tmp_path / "settings.json"
    save(Settings(GameConfig(mode=Mode.HOTSEAT), motion=False), path)
    with display_of_its_own() as (server, display), monkeypatch.context() as patch:
        patch.setenv("DISPLAY", display)
        process, window = launch_game(path)
        send_keys(window, "5", "1")
        assert eventually(lambda: kept_moves(path) == [(4, 0)]), "saved as it is played"
        server.kill()
        server.wait(timeout=10)
        stdout, stderr = finish(process)
    assert process.returncode != 0 and stdout == ""
    assert len(stderr.splitlines()) <= 1 and "Traceback" not in stderr, stderr
    assert stderr == "" or stderr.startswith(("X connection", "XIO")), stderr
    again, again_window = launch_game(path)
    send_keys(again_window, "9")
    assert eventually(lambda: kept_moves(path) == [(4, 0, 8)]), "played on from it"
    quit_window(again, again_window)
    assert kept_moves(path) == [(4, 0, 8)]
