"""The cost of keeping a window's unfinished game as it is played: after every
move the window saves its whole game to its own file (atomically: a
temporary file, fsync, rename). The window hands the game to a writer
thread, so the Tk thread only pays for the hand-over; the write itself is
timed too. Prints the median and the worst time of one save on 3x3 and
15x15, games of growing length, and whether the Tk thread's median meets
the 5 ms target.

Run ``python benchmarks/save_cost.py`` (``--saves N`` per board, 200 by
default; ``--folder DIR`` to measure another disk than the system's
temporary folder, where settings usually live on the same disk as home).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.config import GameConfig  # noqa: E402
from ttt_gui.storage.games import SavedGame  # noqa: E402
from ttt_gui.storage.unfinished import UnfinishedGame  # noqa: E402

TARGET_MS = 5.0
BOARDS = {"3x3": GameConfig(), "15x15 k5": GameConfig(rows=15, cols=15, win_length=5)}


def save_times(config: GameConfig, saves: int, folder: Path, background: bool) -> list[float]:
    """Milliseconds of each of ``saves`` saves on the caller's thread, the game
    one move longer each time until the board is nearly full (then from the
    start again); in the ``background``, each save is written before the next
    (as moves come far apart), and only the hand-over is timed."""
    kept = UnfinishedGame(folder, background=background)
    kept.hold()
    board, moves = config.empty_board(), list[int]()
    rng = random.Random(1)
    times = []
    try:
        for _ in range(saves):
            if board.is_over or len(board.legal_moves()) < 2:
                board, moves = config.empty_board(), []
            move = rng.choice(board.legal_moves())
            board, moves = board.play(move), [*moves, move]
            game = SavedGame(config, tuple(moves))
            start = time.perf_counter()
            kept.save(game)
            times.append((time.perf_counter() - start) * 1000)
            kept.flush()
    finally:
        kept.save(None)
        kept.release()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    print(
        f"{'board':10} | {'save':28} | saves | median (ms) | worst (ms) | "
        f"target (Tk thread's median < {TARGET_MS} ms)"
    )
    with tempfile.TemporaryDirectory(dir=args.folder) as scratch:
        for name, config in BOARDS.items():
            for background, what in (
                (True, "on the Tk thread (hand-over)"),
                (False, "the write itself"),
            ):
                times = save_times(config, args.saves, Path(scratch), background)
                median, worst = statistics.median(times), max(times)
                met = ("met" if median < TARGET_MS else "NOT met") if background else ""
                print(
                    f"{name:10} | {what:28} | {len(times):5} | {median:11.2f} | "
                    f"{worst:10.2f} | {met}"
                )


if __name__ == "__main__":
    main()
