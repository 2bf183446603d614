"""Figures for the variants (rectangles, gravity, misère), printed as tables.

Run ``python benchmarks/variants.py`` (the window figures need a display, e.g.
``xvfb-run -a python benchmarks/variants.py``; ``--quick`` checks fewer
positions).

- exactness: the engine's analysis (one engine per variant, its table kept)
  against the independent plain minimax of ``tests/variant_reference.py`` on
  every reachable unfinished position of 3x3 misère, 4x4 gravity k=3, 4x3 and
  3x4 k=3, and on random positions of 5 columns x 4 rows gravity k=4, 4x4
  gravity k=4 and 4x4 misère k=3: positions checked and how many differ
  (target: none);
- solves from the empty board (fresh engine, exact search): value, time, nodes;
- Connect Four and Gomoku: the depth the computer reaches in the default think
  time, from the empty board and after a few moves;
- the largest event-loop gap while the computer thinks on 15x15 Gomoku and on
  Connect Four, measured in a window process (target under 50 ms), and that
  process's peak memory (target under 100 MB).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.setrecursionlimit(10_000)

from ui import WINDOW_HELPERS  # noqa: E402
from variant_reference import (  # noqa: E402
    EXHAUSTIVE,
    RANDOM,
    mismatches,
    random_positions,
    reachable,
)

from ttt_gui.board import Board  # noqa: E402
from ttt_gui.config import GameConfig  # noqa: E402
from ttt_gui.engine import Engine, Limit  # noqa: E402

SOLVES: dict[str, dict[str, Any]] = {
    "3x3 misere": {"size": 3, "misere": True},
    "4x4 gravity k=3": {"size": 4, "win_length": 3, "gravity": True},
    "4 rows x 3 cols k=3": {"rows": 4, "cols": 3, "win_length": 3},
    "5 cols x 4 rows gravity k=4": {"rows": 4, "cols": 5, "win_length": 4, "gravity": True},
    "4x4 gravity k=4": {"size": 4, "win_length": 4, "gravity": True},
    "4x4 misere k=3": {"size": 4, "win_length": 3, "misere": True},
}
CONNECT_FOUR = {"rows": 6, "cols": 7, "win_length": 4, "gravity": True}
GOMOKU = {"size": 15, "win_length": 5}

IN_WINDOW = (
    WINDOW_HELPERS
    + r"""
results = []
for config, opening in (
    (dict(size=15, win_length=5), 112),
    (dict(rows=6, cols=7, win_length=4, gravity=True), 38),
):
    window = fresh(game(mode=Mode.COMPUTER, human=Player.X, level="strongest", **config))
    gaps = search_gaps(window, opening, 30)
    results += [max(gaps), len(gaps) + 1]
    window.run("quit")
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(*results, peak)
"""
)


def table(title: str, header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())


def exactness(quick: bool) -> None:
    rows = []
    for name, keywords in EXHAUSTIVE.items():
        positions = reachable(Board.empty(**keywords))
        if quick:
            positions = positions[:: max(1, len(positions) // 2000)]
        started = time.perf_counter()
        differ = len(mismatches(positions))
        rows.append(("every reachable" if not quick else "a sample", name, positions, differ))
        print(f"  {name}: {len(positions)} positions, {time.perf_counter() - started:.0f} s")
    for name, (keywords, least_marks) in RANDOM.items():
        count = 300 if quick else 2000
        positions = random_positions(Board.empty(**keywords), count, least_marks, seed=2)
        started = time.perf_counter()
        differ = len(mismatches(positions))
        rows.append((f"random, {least_marks}+ marks", name, positions, differ))
        print(f"  {name}: {len(positions)} positions, {time.perf_counter() - started:.0f} s")
    table(
        "Exactness: engine analysis against plain minimax, every move with its distance",
        ("variant", "positions", "checked", "differ"),
        [(name, kind, str(len(found)), str(differ)) for kind, name, found, differ in rows],
    )


def solves() -> None:
    rows = []
    for name, keywords in SOLVES.items():
        board = Board.empty(**keywords)
        started = time.perf_counter()
        result = Engine(randomize=False).search(board)
        elapsed = time.perf_counter() - started
        rows.append(
            (
                name,
                result.describe(),
                str(result.exact),
                f"{elapsed:.2f} s",
                f"{result.nodes:,}",
                board.coordinate(result.move),
            )
        )
    table(
        "Solved from the empty board (fresh engine, first player's value)",
        ("variant", "value", "exact", "time", "nodes", "move"),
        rows,
    )


def depths() -> None:
    think = GameConfig().think_time
    rows = []
    for name, keywords, openings in (
        ("Connect Four", CONNECT_FOUR, ((), (38, 31, 37))),
        ("Gomoku 15x15", GOMOKU, ((), (112, 113, 97))),
    ):
        for opening in openings:
            board = Board.from_moves(opening, **keywords)
            result = Engine(seed=1).search(board, Limit(time=think))
            rows.append(
                (
                    name,
                    f"after {len(opening)} moves",
                    str(result.depth),
                    f"{result.elapsed:.2f} s",
                    f"{result.nodes:,}",
                    board.coordinate(result.move),
                )
            )
    table(
        f"Depth reached in the default think time ({think:g} s)",
        ("variant", "position", "depth", "time", "nodes", "move"),
        rows,
    )


def window_figures() -> None:
    if not os.environ.get("DISPLAY"):
        print("\nno DISPLAY: the window figures need Xvfb (xvfb-run -a python ...)")
        return
    output = subprocess.check_output(
        [sys.executable, "-c", IN_WINDOW], cwd=ROOT, text=True, timeout=300
    )
    gomoku_gap, gomoku_beats, four_gap, four_beats, peak = (float(x) for x in output.split())
    table(
        "In a window process, the computer thinking (default think time)",
        ("figure", "measured", "target"),
        [
            (
                f"largest event-loop gap, 15x15 Gomoku ({gomoku_beats:.0f} beats)",
                f"{gomoku_gap:.1f} ms",
                "< 50 ms",
            ),
            (
                f"largest event-loop gap, Connect Four ({four_beats:.0f} beats)",
                f"{four_gap:.1f} ms",
                "< 50 ms",
            ),
            ("peak memory of the window process", f"{peak:.1f} MB", "< 100 MB"),
        ],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="check fewer positions")
    args = parser.parse_args()
    # The window process first: a child started later would report the peak
    # memory of this process, grown by the reference minimax's cache.
    window_figures()
    depths()
    solves()
    print("\nChecking exactness (minutes without --quick)…")
    exactness(args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
