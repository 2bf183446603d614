"""Closing the main window while any dialog is open: the dialog closes as if
cancelled (its action does not run), the window quits without asking, and
the game in progress is kept for the next start."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from conftest import eventually, finish, launch_game, start_game, xdotool

from ttt_gui.cli.smoke import pump_until
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.games import SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame, unfinished_folder


def open_dialogs(window: Window) -> list[str]:
    """The dialog windows of the main window that are on screen now (Tk's own
    message boxes and file dialogs included, which have no Python object)."""
    tcl = window.root.tk
    found = []
    for name in tcl.splitlist(tcl.call("winfo", "children", ".")):
        path = str(name)
        if (
            str(tcl.call("winfo", "toplevel", path)) == path
            and str(tcl.call("winfo", "class", path)) != "Menu"
            and int(tcl.call("winfo", "viewable", path))
        ):
            found.append(path)
    return found


#: Each kind of dialog, by the command that opens it.
DIALOG_ACTIONS = [
    "open_game",
    "save_game",
    "how_to_play",
    "about",
    "show_shortcuts",
    "show_statistics",
    "reset_scores",
    "ask_custom_depth",
    "ask_custom_board",
    "resume_kept",
]
#: Checked by default: one dialog of each way they are shown (Tk's file
#: dialog, Tk's message box, a window of text, a question that waits for its
#: answer); the others, of the same ways, with --slow only.
BY_DEFAULT = {"open_game", "show_statistics", "how_to_play", "ask_custom_board"}


@pytest.mark.parametrize(
    "action",
    [
        action if action in BY_DEFAULT else pytest.param(action, marks=pytest.mark.slow)
        for action in DIALOG_ACTIONS
    ],
)
def test_a_close_request_closes_the_open_dialog_and_keeps_the_game(
    make_window, settings_path: Path, action: str
) -> None:
    folder = unfinished_folder(settings_path)
    folder.mkdir(parents=True)
    other = folder / "other.ttt"
    write_game(other, SavedGame(GameConfig(mode=Mode.HOTSEAT), (0,), None))
    settings = Settings(GameConfig(mode=Mode.COMPUTER, level="easy"))
    window: Window = make_window(settings, real_dialogs=True, unfinished=UnfinishedGame(folder))
    presenter, root = window.presenter, window.root
    presenter.session.play(4)
    presenter.move_played()
    config = presenter.session.config
    seen: list[list[str]] = []

    def close_once_shown() -> None:
        shown = open_dialogs(window)
        if shown:
            seen.append(shown)
            window.request_close()  # as the window manager's close button does
        else:
            root.after(30, close_once_shown)

    root.after(30, close_once_shown)
    window.run(action)
    assert pump_until(root, lambda: window.is_destroyed, 5) or window.is_destroyed
    assert seen, "no dialog was shown"
    assert presenter.is_closed and window.callback_errors == [] and presenter.errors == []
    assert presenter.session.config == config, "the dialog's action did not run"
    assert other.exists(), "the other kept game is neither opened nor discarded"
    kept = [path for path in folder.glob("*.ttt") if path != other]
    assert [read_game(path).moves for path in kept] == [(4,)], "the game is kept"


@pytest.mark.parametrize(
    ("key", "title"),
    [
        pytest.param("ctrl+s", "^Save game$", marks=pytest.mark.slow),
        pytest.param("ctrl+o", "^Open game$", marks=pytest.mark.slow),
        ("F1", "^How to play$"),
    ],
)
def test_closing_from_the_title_bar_with_a_dialog_open_exits_and_the_next_start_resumes(
    tmp_path: Path, window_manager: None, key: str, title: str
) -> None:
    process, window, path = start_game(tmp_path, Settings(GameConfig(mode=Mode.HOTSEAT)))
    folder = unfinished_folder(path)
    try:
        xdotool("windowactivate", "--sync", window, "key", "Return")  # X in the centre
        assert eventually(lambda: any(folder.glob("*.ttt"))), "the move was not kept"
        xdotool("windowactivate", "--sync", window, "key", key)
        xdotool("search", "--sync", "--onlyvisible", "--name", title)
        started = time.monotonic()
        subprocess.run(["wmctrl", "-i", "-c", window], check=True, timeout=10)
        assert eventually(lambda: process.poll() is not None, 5), "the window stays open"
        elapsed = time.monotonic() - started
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0 and stderr == "" and stdout == ""
    assert elapsed < 3
    (kept,) = folder.glob("*.ttt")
    assert read_game(kept).moves == (4,)
    process, window = launch_game(path)
    try:
        assert eventually(lambda: not kept.exists()), "the next start takes the game back"
        xdotool("windowactivate", "--sync", window, "key", "ctrl+q")
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0 and stderr == ""
    (kept,) = folder.glob("*.ttt")
    assert read_game(kept).moves == (4,), "resumed, and kept again"
    assert os.path.getsize(kept) > 0
