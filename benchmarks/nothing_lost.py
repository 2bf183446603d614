"""Attacks on the settings file and the process, counted.

    python benchmarks/nothing_lost.py [--processes 8] [--games 25] [--signals 70]

1. Shared settings: ``--processes`` processes save into one settings file at
   once, each finishing ``--games`` games and saving after every one (as a
   window does), one of them changing the zoom; every game must be counted
   once and the zoom kept.
2. Signals (needs a display, e.g. ``xvfb-run -a``): ``--signals`` runs of the
   game on 9x9, computer against computer, each sent SIGINT or SIGTERM (in
   turn) at a random moment of the search once its window is up (xdotool);
   every run must exit with 130 or 143 within a second of the signal, with
   nothing on stderr and its settings saved.
3. Clipboard (needs a display): a program takes the clipboard and hangs;
   Paste in the window must not stop its event loop (the longest gap between
   20 ms heartbeats is printed) and must say that the clipboard did not answer.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttt_gui.config import GameConfig, Mode  # noqa: E402
from ttt_gui.storage.settings import Settings, load, save  # noqa: E402
from ttt_gui.storage.settings_store import SettingsStore  # noqa: E402

KEY = GameConfig(mode=Mode.HOTSEAT).score_key


def _window(path: str, games: int, zooms: bool) -> None:
    """One window: load, then finish ``games`` games, saving after each."""
    settings, _, can_save = load(Path(path))
    store = SettingsStore(Path(path), settings, can_write=can_save)
    for game in range(games):
        tally = settings.scores.setdefault(KEY, {})
        tally["X"] = tally.get("X", 0) + 1
        if zooms and game == games // 2:
            settings.zoom = 2.0
        store.save(settings)


def shared_settings(processes: int, games: int) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        save(Settings(GameConfig(mode=Mode.HOTSEAT)), path)
        context = multiprocessing.get_context("spawn")
        workers = [
            context.Process(target=_window, args=(str(path), games, index == 0))
            for index in range(processes)
        ]
        started = time.perf_counter()
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        elapsed = time.perf_counter() - started
        saved = load(path)[0]
        counted = saved.scores.get(KEY, {}).get("X", 0)
        expected = processes * games
        good = counted == expected and saved.zoom == 2.0
        print(
            f"shared settings: {processes} processes x {games} games, saved after each: "
            f"{counted} of {expected} games counted, zoom kept: {saved.zoom == 2.0} "
            f"({processes * games} merged saves in {elapsed:.1f} s) -> {'OK' if good else 'LOST'}"
        )
        return good


def one_signal_run(folder: Path, number: int, rng: random.Random) -> tuple[str, float]:
    """(outcome, seconds from the signal to the exit)."""
    path = folder / "settings.json"
    save(Settings(GameConfig(mode=Mode.WATCH, rows=9, cols=9, win_length=5, think_time=2.0)), path)
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "--settings", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    subprocess.run(
        ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Noxo"],
        capture_output=True,
        timeout=30,
    )
    time.sleep(rng.uniform(0.0, 1.2))  # the computer is thinking: 2 s a move on 9x9
    sent = time.perf_counter()
    process.send_signal(number)
    try:
        stdout, stderr = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return "hang", 10.0
    took = time.perf_counter() - sent
    if "Traceback" in stderr:
        return "traceback", took
    if process.returncode != 128 + number or stdout or stderr:
        return f"exit {process.returncode}, stderr {stderr[:60]!r}", took
    if load(path)[1] is not None:
        return "settings unreadable", took
    return "clean", took


def signals(runs: int) -> bool:
    if runs <= 0:
        return True
    if not os.environ.get("DISPLAY"):
        print("signals: skipped (no display; run under xvfb-run -a)")
        return True
    rng = random.Random(11)
    outcomes: dict[str, int] = {}
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            number = signal.SIGINT if run % 2 == 0 else signal.SIGTERM
            outcome, took = one_signal_run(Path(folder), number, rng)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            times.append(took)
    clean = outcomes.get("clean", 0)
    slow = sum(took > 1.0 for took in times)
    print(
        f"signals: {runs} runs (SIGINT and SIGTERM in turn, during a 9x9 search): "
        f"{clean} clean exits (130/143, nothing on stderr, settings saved); "
        f"others: {dict((k, v) for k, v in outcomes.items() if k != 'clean') or 'none'}; "
        f"signal to exit median {statistics.median(times) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms, over 1 s: {slow}"
    )
    return clean == runs and slow == 0


HUNG_OWNER = """
import time, tkinter
root = tkinter.Tk()
root.withdraw()
root.clipboard_clear()
root.clipboard_append("x../.o./...")
root.update()
print("ready", flush=True)
time.sleep(60)
"""


def clipboard() -> bool:
    if not os.environ.get("DISPLAY"):
        print("clipboard: skipped (no display; run under xvfb-run -a)")
        return True
    from ttt_gui.cli.compose import launch
    from ttt_gui.gui.window import pump_until

    window = launch(Settings(GameConfig(mode=Mode.HOTSEAT)), None, None)
    assert window is not None
    owner = subprocess.Popen([sys.executable, "-c", HUNG_OWNER], stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None and owner.stdout.readline() == "ready\n"
        beats: list[float] = []

        def beat() -> None:
            beats.append(time.perf_counter())
            window.root.after(20, beat)

        pump_until(window.root, lambda: False, 0.3)
        beat()
        started = time.perf_counter()
        window.run("paste_position")
        command = time.perf_counter() - started
        said = pump_until(
            window.root, lambda: "did not answer" in window.presenter.view().status, 15
        )
        answered_after = time.perf_counter() - started
    finally:
        owner.kill()
        owner.wait()
    gaps = [later - earlier for earlier, later in zip(beats, beats[1:])]
    window.close()
    print(
        f"clipboard: owner hangs; the paste command returned in {command * 1000:.0f} ms, "
        f"longest event-loop gap {max(gaps) * 1000:.0f} ms over {len(gaps)} heartbeats, "
        f"'did not answer' said after {answered_after:.1f} s: {said}"
    )
    return said and max(gaps) < 0.1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--signals", type=int, default=70)
    args = parser.parse_args()
    good = shared_settings(args.processes, args.games)
    good = signals(args.signals) and good
    good = clipboard() and good
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
