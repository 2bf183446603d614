"""Take the README's screenshots of real windows (run under Xvfb).

    xvfb-run -a -s "-screen 0 1024x768x24" python docs/make_screenshots.py
"""

from __future__ import annotations

import gc
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ttt_gui.app import App, pump_until  # noqa: E402
from ttt_gui.settings import Settings  # noqa: E402


def shoot(settings: Settings, moves: list[int], out: Path, turns: int = 0) -> None:
    """Play ``turns`` moves (all of ``moves`` by default), each the first free one."""
    turns = turns or len(moves)
    root = tk.Tk()
    app = App(root, settings, None, computer_pause_ms=0)
    pump_until(root, lambda: app.cells[0].winfo_viewable(), 5)
    for _ in range(turns):
        pump_until(root, lambda: not app.controller.is_computer_turn, 10)
        app.cells[next(c for c in moves if app.controller.board[c] is None)].invoke()
    pump_until(root, lambda: not app.controller.is_computer_turn, 10)
    if settings.analysis:
        pump_until(root, lambda: app.analysis is not None, 10)
    subprocess.run(["xdotool", "mousemove", "--sync", "0", "0"], check=True)
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        root.update()
    # The window named after the title is Tk's wrapper: it holds the menu bar.
    wrapper = subprocess.check_output(
        ["xdotool", "search", "--onlyvisible", "--name", "^Tic-tac-toe"], text=True
    ).split()[0]
    subprocess.run(["import", "-window", wrapper, str(out)], check=True)
    print(out.name, app.status_label.cget("text"))
    app.worker.cancel()
    root.destroy()


def main() -> None:
    shoot(Settings(mode="hotseat"), [4, 1, 0, 2, 8], HERE / "screenshot-light.png")
    shoot(Settings(mode="hotseat", theme="dark"), [4, 1, 0, 2, 8], HERE / "screenshot-dark.png")
    gc.collect()  # finalise old windows' Tk objects here, never in a search thread
    gc.collect()
    shoot(
        Settings(mode="hotseat", analysis=True, history=True),
        [4, 1],
        HERE / "screenshot-analysis.png",
    )
    gc.collect()
    shoot(
        Settings(mode="computer", level="perfect", size=5, win_length=4, theme="dark"),
        [12, 6, 18, 8, 16, 7],
        HERE / "screenshot-5x5.png",
        turns=3,
    )


if __name__ == "__main__":
    main()
