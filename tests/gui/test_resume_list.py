"""Game › Resume…'s list shows every kept game's row whole."""

from __future__ import annotations

import time
from pathlib import Path
from tkinter import font as tkfont

from test_dialogs_look import inspect_dialog

from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.games import SavedGame, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame


def test_the_resume_lists_rows_are_whole(make_window, tmp_path: Path) -> None:
    """Issue 48: the rows were cut ("…12 moves · 2026-1")."""
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    long_games = (
        GameConfig(mode=Mode.WATCH, rows=15, cols=15, win_length=5, exact=True),
        GameConfig(mode=Mode.COMPUTER, rows=6, cols=7, win_length=4, gravity=True),
    )
    moves = (tuple(range(12)), (35, 36, 37, 38, 39, 40, 41, 28, 29, 30, 31, 32))
    for index, (config, played) in enumerate(zip(long_games, moves)):
        write_game(folder / f"{index}.ttt", SavedGame(config, played, None))
    window: Window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT)),
        real_dialogs=True,
        unfinished=UnfinishedGame(folder),
    )
    seen: dict[str, object] = {}

    def inspect(path: str) -> None:
        tcl = window.root.tk
        stack = [path]
        while stack:
            here = stack.pop()
            if str(tcl.call("winfo", "class", here)) == "Listbox":
                listbox = window.root.nametowidget(here)
                rows = [str(listbox.get(index)) for index in range(listbox.size())]
                font = tkfont.Font(window.root, font=listbox.cget("font"))
                seen["rows"] = rows
                seen["widest"] = max(font.measure(row) for row in rows)
                seen["room"] = listbox.winfo_width() - 2 * (
                    int(listbox.cget("borderwidth")) + int(listbox.cget("highlightthickness"))
                )
            stack.extend(
                str(child) for child in tcl.splitlist(tcl.call("winfo", "children", here))
            )

    inspect_dialog(window, "resume_kept", inspect)
    assert len(seen["rows"]) == 2 and all("12 moves" in row for row in seen["rows"])  # type: ignore[arg-type]
    assert time.strftime("%Y") in str(seen["rows"])
    assert int(seen["widest"]) <= int(seen["room"]), seen  # type: ignore[call-overload]
