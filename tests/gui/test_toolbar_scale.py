"""The toolbar at 200 % (a desktop scale of 2): every control whole, none
touching the next, all as tall as the row, icons and the level's arrow drawn
at the scale."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from conftest import move_pointer_away, screenshot, sleep_pumping
from fakes import FakeDialogs, FakeStore

from ttt_gui.app.presenter import Presenter
from ttt_gui.cli.smoke import pump_until
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.system_look import SystemLook
from ttt_gui.gui.toolbar import LEVEL_BOX
from ttt_gui.gui.window import Window, scale_fonts
from ttt_gui.storage.settings import Settings


@pytest.fixture
def scaled_window(window_process: None) -> Iterator[Window]:
    root = tk.Tk()
    # Tk keeps its scaling per display, for every later window of the process too.
    usual = float(root.tk.call("tk", "scaling"))
    scale_fonts(root, 2.0)
    presenter = Presenter(
        Settings(GameConfig(mode=Mode.COMPUTER)),
        FakeDialogs(),
        save_settings=FakeStore(),
        computer_pause=0,
    )
    window = Window(root, presenter, look=SystemLook(scale=2.0))
    try:
        assert pump_until(root, lambda: window.toolbar.level.winfo_viewable(), 5)
        sleep_pumping(root, 0.3)
        yield window
    finally:
        if root.winfo_exists():
            root.tk.call("tk", "scaling", usual)
            window.close()


def box(widget: tk.Misc) -> tuple[int, int, int, int]:
    """``widget``'s left, top, right and bottom on the screen."""
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    return x, y, x + widget.winfo_width(), y + widget.winfo_height()


def test_every_toolbar_control_shows_whole_at_200_percent(
    scaled_window: Window, tmp_path: Path
) -> None:
    window = scaled_window
    toolbar = window.toolbar
    controls: list[tk.Misc] = [
        *toolbar.buttons.values(),
        toolbar.analysis,
        toolbar.level_title,
        toolbar.level,
    ]
    frame = box(toolbar.frame)
    window_box = box(window.root)
    for control in controls:
        left, top, right, bottom = box(control)
        assert control.winfo_width() >= control.winfo_reqwidth(), f"{control} squeezed across"
        assert control.winfo_height() >= control.winfo_reqheight(), f"{control} squeezed down"
        assert frame[0] <= left and right <= frame[2] and frame[1] <= top and bottom <= frame[3]
        assert right <= window_box[2], f"{control} runs past the window's edge"
    for before, after in zip(controls, controls[1:]):
        assert box(before)[2] <= box(after)[0], f"{before} overlaps {after}"
    text_starts = box(toolbar.level_title)[0] + int(toolbar.level_title.cget("padx"))
    assert text_starts - box(toolbar.analysis)[2] >= 16, "Level stands apart from Analysis"
    assert window_box[2] - box(toolbar.level)[2] >= 8, "the level box keeps off the edge"
    heights = {
        control.winfo_height() for control in controls if control is not toolbar.level_title
    }
    assert len(heights) == 1, f"the controls are as tall as one another: {heights}"
    assert toolbar.side == 32, "icons drawn at twice 16 pixels"
    arrow = int(ttk.Style(window.root).lookup(LEVEL_BOX, "arrowsize"))
    assert arrow >= 24, "the level's arrow drawn at the scale"
    move_pointer_away()
    shot = screenshot(str(int(window.root.wm_frame(), 16)), tmp_path / "toolbar-200.png")
    assert shot.stat().st_size > 0
