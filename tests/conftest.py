"""Shared fixtures: a real Tk window (under Xvfb via pytest-xvfb) per test."""

from __future__ import annotations

import gc
import os
import subprocess
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ttt_gui.app import App, pump_until
from ttt_gui.settings import Settings


def pytest_sessionstart(session: pytest.Session) -> None:
    """With TTT_GUI_REQUIRE_DISPLAY set, a missing display fails the run at once."""
    if os.environ.get("TTT_GUI_REQUIRE_DISPLAY") and not os.environ.get("DISPLAY"):
        pytest.exit("no display: the GUI tests need Xvfb (install xvfb)", returncode=4)


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "config" / "settings.json"


@pytest.fixture
def make_app(settings_path: Path) -> Iterator[Callable[..., App]]:
    """Build an App in a fresh root window; the window is destroyed afterwards."""
    apps: list[App] = []

    def make(settings: Settings | None = None, path: Path | None = settings_path) -> App:
        root = tk.Tk()
        app = App(root, settings or Settings(), path, computer_pause_ms=0)
        app.confirm = lambda title, text: True
        app.infos = []  # type: ignore[attr-defined]
        app.errors = []  # type: ignore[attr-defined]
        app.show_info = lambda title, text: app.infos.append((title, text))  # type: ignore[attr-defined]
        app.show_error = lambda title, text: app.errors.append((title, text))  # type: ignore[attr-defined]
        apps.append(app)
        assert pump_until(root, lambda: bool(app.cells) and app.cells[0].winfo_viewable(), 5)
        return app

    yield make
    for app in apps:
        try:
            if app.root.winfo_exists():
                app.on_quit()  # cancels the search and pending callbacks, then closes
        except tk.TclError:
            app.worker.cancel()
    apps.clear()
    gc.collect()  # finalise Tk variables here, never in a search thread


def wait_for_computer(app: App, timeout: float = 10.0) -> None:
    """Pump events until the computer has moved (or the game is over)."""
    assert pump_until(
        app.root, lambda: not app.controller.is_computer_turn and not app.worker.is_busy, timeout
    ), "the computer did not move in time"


def real_click(widget: tk.Misc) -> None:
    """Click the widget's centre with a real pointer event (xdotool)."""
    root = widget.winfo_toplevel()
    assert pump_until(root, widget.winfo_viewable, 3), "widget never became viewable"
    x = widget.winfo_rootx() + widget.winfo_width() // 2
    y = widget.winfo_rooty() + widget.winfo_height() // 2
    move_pointer(x, y)
    subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)


def move_pointer(x: int, y: int) -> None:
    """Move the pointer and wait until it is there (``--sync`` alone would wait
    forever for a pointer that is already in place)."""
    where = subprocess.run(
        ["xdotool", "getmouselocation", "--shell"], capture_output=True, text=True, timeout=10
    ).stdout
    if f"X={x}\n" in where and f"Y={y}\n" in where:
        return
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=10)


def move_pointer_away() -> None:
    move_pointer(0, 0)


def wait(root: tk.Misc, condition: Callable[[], bool], timeout: float = 3.0) -> bool:
    return pump_until(root, condition, timeout)


def sleep_pumping(root: tk.Misc, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.005)


def press(widget: tk.Misc, sequence: str) -> None:
    """Send a key event as Tk would: to the focused window of the toplevel."""
    widget.focus_force()
    widget.update()
    widget.event_generate(sequence)
    widget.update()
