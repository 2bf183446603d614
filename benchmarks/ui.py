"""Figures for the game window, printed as a table (run by hand under Xvfb).

    xvfb-run -a python benchmarks/ui.py

- launch: ``python -m ttt_gui`` until its window is visible (xdotool), median of 5;
  target under 300 ms.
- click to mark: a human move on 3x3 at Perfect (pause 0) until the computer's
  mark is on the board, median of 20; target under 30 ms.
- event-loop gap: the largest gap between 10 ms ``after()`` heartbeats while
  the computer thinks (1 s) on 9x9; target under 50 ms.
- motion: gaps between the heartbeats and between the board's frames while
  discs fall in Connect Four (two players: the fall alone; against the
  computer: falls while it thinks), and how long a fall to the foot of a
  column is on screen (target at most 250 ms, frames every 15 ms).
- 15x15: the heartbeat gaps while the computer thinks (1 s) on Gomoku, the
  largest and the median; target under 50 ms.
- analysis overlay: from F5 until every empty cell shows its value, on the
  empty 3x3 board and on 4x4 after two moves (fresh engine each time, median of 5);
  and the largest event-loop gap while the overlay is computed on 9x9.
- stopping a 9x9 search: from New game, Undo, a mode change or Quit until the
  search thread has ended (and the handler alone); target under 50 ms.
- close to exit: Quit during a 9x9 search until the process has ended.
- peak memory of a window process that plays those games; target under 50 MB.

The window under test is a ``Window`` over a ``Presenter`` whose dialogs answer
at once, with no pause before the computer's moves.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Set-up shared by the programs run in a window process: dialogs that answer at
#: once, a pump like the main loop, a fresh window, heartbeat gaps during a search.
WINDOW_HELPERS = r"""
import gc, resource, statistics, sys, time, tkinter as tk
from ttt_gui.board import Player
from ttt_gui.cli.main import prepare_process
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.app.presenter import Presenter
from ttt_gui.storage.settings import Settings

class Answers:
    # dialogs that never block: yes to every question, cancel to every other one
    def confirm(self, *question): return True
    def ask_integer(self, *question): return None
    def ask_board(self, *question): return None
    def show_info(self, *message): pass
    def show_table(self, *message): pass
    def show_error(self, *message): pass
    def ask_open_path(self, *where): return None
    def ask_save_path(self, *where): return None
    def get_clipboard(self): return None
    def set_clipboard(self, text): pass

def pump_until(root, condition, timeout):
    # like the mainloop: wait for events, run them at once
    end = time.monotonic() + timeout
    while time.monotonic() < end and not condition():
        root.tk.dooneevent(0)
    return condition()

def game(**config):
    return Settings(GameConfig(**config))

def fresh(settings):
    gc.collect()  # free the last window's objects here, never in a search thread
    root = tk.Tk()
    window = Window(root, Presenter(settings, Answers(), computer_pause=0))
    pump_until(root, lambda: window.board.cells[0].winfo_viewable(), 5)
    return window

def moves(window):
    return window.presenter.session.board.move_count

def search_gaps(window, cell, timeout):
    # the gaps (ms) between 10 ms after() heartbeats from the person's move on
    # ``cell`` until the computer's answer is on the board
    beats, beating = [], []
    def beat():
        beats.append(time.perf_counter())
        beating[:] = [window.root.after(10, beat)]
    before = moves(window)
    window.run("play", cell)  # the computer thinks from here, on a painted board
    beating.append(window.root.after(10, beat))
    pump_until(window.root, lambda: moves(window) == before + 2, timeout)
    window.root.after_cancel(beating.pop())
    return [(b - a) * 1000 for a, b in zip(beats, beats[1:])]

prepare_process()
"""

IN_WINDOW = (
    WINDOW_HELPERS
    + r"""
latencies = []
window = fresh(game(mode=Mode.COMPUTER, human=Player.X, level="strongest"))
for number in range(20):
    window.run("new_game")
    cell = (0, 4, 8, 2, 1)[number % 5]
    started = time.perf_counter()
    window.board.cells[cell].event_generate("<Button-1>")
    pump_until(window.root, lambda: moves(window) == 2, 5)
    latencies.append((time.perf_counter() - started) * 1000)
window.run("quit")

window = fresh(game(mode=Mode.COMPUTER, human=Player.X, depth=81, rows=9, cols=9, win_length=5))
gaps = search_gaps(window, 40, 10)
search_beats = len(gaps) + 1
window.run("quit")

window = fresh(game(mode=Mode.COMPUTER, human=Player.X, level="strongest", rows=15, cols=15,
                    win_length=5, think_time=1.0))
gomoku_gaps = []
for cell in (112, 113, 97):
    if window.presenter.session.board[cell] is None:
        gomoku_gaps += search_gaps(window, cell, 15)
window.run("quit")

def drop_figures(settings, columns, replies):
    # heartbeat gaps, gaps between the frames of one fall (ms) and, without
    # replies, each fall's time on screen: from the move until the motion stops
    window = fresh(settings)
    board = window.board
    frames, beats, beating, falls = [], [], [], []
    tick = board.motion.tick
    def timed_tick():
        now = time.perf_counter()
        cells = tick()
        frames.append((now, board.motion.is_running))  # running: a next frame follows
        return cells
    board.motion.tick = timed_tick
    def beat():
        beats.append(time.perf_counter())
        beating[:] = [window.root.after(10, beat)]
    beat_gaps, frame_gaps = [], []
    for column in columns:
        before = moves(window)
        beats.clear(); frames.clear()
        beating[:] = [window.root.after(10, beat)]
        started = time.perf_counter()
        window.run("play", column)
        pump_until(window.root, lambda: not board.motion.is_running, 5)
        stopped = time.perf_counter()
        if replies:
            pump_until(window.root, lambda: moves(window) == before + 2
                       and not board.motion.is_running, 15)
        else:
            falls.append((stopped - started) * 1000)
        window.root.after_cancel(beating.pop())
        beat_gaps += [(b - a) * 1000 for a, b in zip(beats, beats[1:])]
        frame_gaps += [
            (b - a) * 1000 for (a, running), (b, _) in zip(frames, frames[1:]) if running
        ]
    window.run("quit")
    return beat_gaps, frame_gaps, falls

four = dict(rows=6, cols=7, win_length=4, gravity=True)
drop_beats, drop_frames, falls = drop_figures(
    game(mode=Mode.HOTSEAT, **four), [3, 4, 5, 2, 1, 6, 0, 3, 4, 2], False
)
# the first seven moves fall to a column's foot, the longest falls (and none wins:
# a win's stroke would follow the fall)
foot_falls = falls[:7]
computer_beats, computer_frames, _ = drop_figures(
    game(mode=Mode.COMPUTER, human=Player.X, level="strongest", think_time=1.0, **four),
    [3, 2, 4, 3], True
)
beats = []
beating = []
def beat():
    beats.append(time.perf_counter())
    beating[:] = [window.root.after(10, beat)]
def stop_beating():
    window.root.after_cancel(beating.pop())

def notes_shown(window):
    board = window.presenter.session.board
    return all(
        any(canvas.type(item) == "text" for item in canvas.find_all())
        for cell, canvas in enumerate(window.board.cells)
        if board[cell] is None
    )

def analysis_time(settings, played):
    window = fresh(settings)
    for move in played:
        window.run("play", move)
    started = time.perf_counter()
    window.run("toggle_analysis")
    pump_until(window.root, lambda: notes_shown(window), 30)
    elapsed = (time.perf_counter() - started) * 1000
    assert notes_shown(window)
    window.run("quit")
    return elapsed

fill_3 = [analysis_time(game(mode=Mode.HOTSEAT), []) for _ in range(5)]
fill_4 = [
    analysis_time(game(mode=Mode.HOTSEAT, rows=4, cols=4, win_length=4), [5, 10])
    for _ in range(5)
]

settings = game(mode=Mode.HOTSEAT, rows=9, cols=9, win_length=5, think_time=1.0)
settings.analysis = True
window = fresh(settings)
beats = []
beating.append(window.root.after(10, beat))
window.run("play", 40)
pump_until(window.root, lambda: window.presenter.session.analysis is not None, 30)
stop_beating()
analysis_gaps = [(b - a) * 1000 for a, b in zip(beats, beats[1:])]
window.run("quit")

stops = []
handlers = []
for action in ("new_game", "undo", "mode", "quit") * 3:
    window = fresh(
        game(mode=Mode.COMPUTER, human=Player.X, depth=81, rows=9, cols=9, win_length=5,
             think_time=30.0)
    )
    runner = window.presenter.work.runner
    window.run("play", 40)
    pump_until(window.root, lambda: runner.is_running, 5)
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        window.root.update()
    thread = runner._thread
    started = time.perf_counter()
    if action == "mode":
        window.run("set_mode", "hotseat")
    else:
        window.run(action)
    handled = (time.perf_counter() - started) * 1000
    end = time.monotonic() + 5
    while thread.is_alive() and time.monotonic() < end:
        if action != "quit":
            window.root.update()  # the window stays live (no blocking wait for an event)
        thread.join(0.001)
    stopped = (time.perf_counter() - started) * 1000
    assert not thread.is_alive()
    stops.append(stopped)
    handlers.append(handled)
    if action != "quit":
        window.run("quit")

peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(statistics.median(latencies), max(latencies), max(gaps), search_beats, peak,
      statistics.median(fill_3), statistics.median(fill_4), max(analysis_gaps), max(stops),
      max(handlers), max(gomoku_gaps), statistics.median(gomoku_gaps), len(gomoku_gaps) + 1,
      max(drop_beats), statistics.median(drop_beats), max(drop_frames),
      statistics.median(drop_frames), max(foot_falls), statistics.median(foot_falls),
      max(computer_beats), statistics.median(computer_beats), max(computer_frames),
      statistics.median(computer_frames))
"""
)

CLOSE_DURING_SEARCH = """
import time, tkinter as tk
from ttt_gui.board import Player
from ttt_gui.cli.main import prepare_process
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window, pump_until
from ttt_gui.app.presenter import Presenter
from ttt_gui.storage.settings import Settings
prepare_process()
root = tk.Tk()
config = GameConfig(
    mode=Mode.COMPUTER, human=Player.O, depth=81, rows=9, cols=9, win_length=5, think_time=30.0
)
window = Window(root, Presenter(Settings(config), None))
pump_until(root, lambda: window.presenter.work.runner.is_running, 5)
def close():
    print(time.monotonic(), flush=True)
    window.run("quit")
root.after(300, close)
root.mainloop()
"""


def close_to_exit() -> float:
    """Milliseconds from closing the window during a 9x9 search to the process's end."""
    process = subprocess.Popen(
        [sys.executable, "-c", CLOSE_DURING_SEARCH], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    line = process.stdout.readline() if process.stdout else ""
    process.wait(timeout=30)
    return (time.monotonic() - float(line)) * 1000


def launch_time(settings: Path) -> float:
    # As on a user's machine, compiled modules are cached (the uncounted first
    # launch writes them), whatever PYTHONDONTWRITEBYTECODE says here.
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "--settings", str(settings)], cwd=ROOT, env=environment
    )
    try:
        window = ""
        while not window and time.perf_counter() - started < 20:  # poll: --sync waits 0.5 s
            window = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--name", "^Noxo"],
                capture_output=True,
                text=True,
                timeout=20,
            ).stdout.strip()
        elapsed = (time.perf_counter() - started) * 1000
        window = window.split()[0]
        subprocess.run(
            ["xdotool", "windowfocus", "--sync", window, "key", "ctrl+q"], check=True, timeout=10
        )
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    return elapsed


def main() -> int:
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under Xvfb, e.g. xvfb-run -a python benchmarks/ui.py")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        launch_time(Path(folder) / "settings.json")  # warm-up, not counted
        launches = [launch_time(Path(folder) / "settings.json") for _ in range(5)]
    output = subprocess.check_output(
        [sys.executable, "-c", IN_WINDOW], cwd=ROOT, text=True, timeout=120
    )
    figures = [float(x) for x in output.split()]
    median_click, worst_click, gap, beats, peak, fill_3, fill_4, analysis_gap, stop, handler = (
        figures[:10]
    )
    gomoku_gap, gomoku_median, gomoku_beats = figures[10:13]
    drop_gap, drop_gap_median, frame_gap, frame_median, fall, fall_median = figures[13:19]
    busy_gap, busy_gap_median, busy_frame, busy_frame_median = figures[19:23]
    closes = [close_to_exit() for _ in range(5)]
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rows = [
        (
            "launch to visible window (median of 5)",
            f"{statistics.median(launches):.0f} ms",
            "< 300 ms",
        ),
        (
            "click to computer's mark, 3x3 Perfect (median of 20)",
            f"{median_click:.1f} ms",
            "< 30 ms",
        ),
        ("  worst of those 20", f"{worst_click:.1f} ms", ""),
        (f"largest event-loop gap, 9x9 search ({beats:.0f} beats)", f"{gap:.1f} ms", "< 50 ms"),
        ("analysis overlay filled, empty 3x3 (median of 5)", f"{fill_3:.1f} ms", ""),
        ("analysis overlay filled, 4x4 after 2 moves (median of 5)", f"{fill_4:.1f} ms", ""),
        (
            f"largest event-loop gap, 15x15 search ({gomoku_beats:.0f} beats)",
            f"{gomoku_gap:.1f} ms",
            "< 50 ms",
        ),
        ("  median gap, 15x15 search", f"{gomoku_median:.1f} ms", "10 ms"),
        ("largest event-loop gap, discs falling (Connect Four)", f"{drop_gap:.1f} ms", "< 50 ms"),
        ("  median gap, discs falling", f"{drop_gap_median:.1f} ms", "10 ms"),
        ("  largest gap between frames of a fall", f"{frame_gap:.1f} ms", "< 50 ms"),
        ("  median gap between frames of a fall", f"{frame_median:.1f} ms", "15 ms"),
        ("a fall to a column's foot on screen (longest of 7)", f"{fall:.0f} ms", "<= 250 ms"),
        ("  median of those 7", f"{fall_median:.0f} ms", ""),
        (
            "largest event-loop gap, falls while the computer thinks",
            f"{busy_gap:.1f} ms",
            "< 50 ms",
        ),
        ("  median gap, falls while the computer thinks", f"{busy_gap_median:.1f} ms", "10 ms"),
        ("  largest gap between frames, computer thinking", f"{busy_frame:.1f} ms", "< 50 ms"),
        ("  median gap between frames, computer thinking", f"{busy_frame_median:.1f} ms", "15 ms"),
        ("largest event-loop gap, 9x9 analysis (1 s)", f"{analysis_gap:.1f} ms", "< 50 ms"),
        ("longest stop of a 9x9 search (new game/undo/mode/quit)", f"{stop:.1f} ms", "< 50 ms"),
        ("  the whole handler, longest", f"{handler:.1f} ms", ""),
        (
            "close during a 9x9 search to process end (max of 5)",
            f"{max(closes):.0f} ms",
            "< 1000 ms",
        ),
        ("peak memory of the window process", f"{peak:.1f} MB", "< 50 MB"),
        ("peak memory of any child process", f"{children:.1f} MB", ""),
    ]
    width = max(len(row[0]) for row in rows)
    print(f"{'figure':<{width}}  {'measured':>10}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>10}  {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
