"""Connect Four (7x6) solves by both engine builds, side by side.

Run ``python benchmarks/connect_four.py`` (``--compiled PYTHON`` names the
interpreter of an environment with the compiled build installed, e.g. one
made by ``TTT_GUI_COMPILE=1 pip install .``; without it only the pure build
runs). ``--count N`` positions per band, ``--cap S`` seconds per position,
``--seed N``.

The positions: random games from the empty board, ``10-18``, ``20-28`` and
``30-36`` moves in, that are not over and where the side to move cannot win
at once (reproducible from the seed). Each is solved by a fresh engine
(``Engine.search`` with a time limit of the cap; the solver's table the
size the engine picks for its build) in a process per build:
the pure build from this source tree, the compiled one from the installed
package (its process runs outside the tree, so it cannot import the
source). Printed per band and build: positions solved within the cap, the
median and longest time, nodes (the solver's, and its heuristic search's
while it has not solved: a quarter of the solver's at most), nodes per
second of wall clock and of the process's CPU time, and the position that
took longest (as the moves played, columns 1-7). Times are wall clock of one run: on a busy machine
compare nodes, and nodes per CPU second.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BANDS = ((10, 18), (20, 28), (30, 36))
ROWS, COLS = 6, 7

WORKER = r"""
import json, sys, time
from ttt_gui.board import Board
from ttt_gui.engine import COMPILED, Engine, Limit

request = json.load(sys.stdin)
results = []
for moves in request["positions"]:
    board = Board.from_moves(moves, rows=6, cols=7, win_length=4, gravity=True)
    engine = Engine(randomize=False)
    started, cpu = time.perf_counter(), time.process_time()
    result = engine.search(board, Limit(time=request["cap"]))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    results.append({"moves": moves, "exact": result.exact, "score": result.score,
                    "nodes": result.nodes, "seconds": seconds, "cpu": cpu})
json.dump({"compiled": COMPILED, "results": results}, sys.stdout)
"""


def random_position(rng: random.Random, plies: int) -> list[int] | None:
    """The cells of a random game of ``plies`` moves if it is not over and
    the side to move cannot win at once; else None."""
    from ttt_gui.board import Board
    from ttt_gui.engine.state import immediate_wins

    board = Board.empty(rows=ROWS, cols=COLS, win_length=4, gravity=True)
    moves: list[int] = []
    for _ in range(plies):
        move = rng.choice(board.legal_moves())
        board = board.play(move)
        moves.append(move)
        if board.is_over:
            return None
    return None if immediate_wins(board) else moves


def positions(count: int, seed: int) -> dict[str, list[list[int]]]:
    """``count`` positions per band, by band name."""
    sys.path.insert(0, str(ROOT))
    rng = random.Random(seed)
    found: dict[str, list[list[int]]] = {}
    for low, high in BANDS:
        band: list[list[int]] = []
        while len(band) < count:
            moves = random_position(rng, rng.randint(low, high))
            if moves is not None:
                band.append(moves)
        found[f"{low}-{high}"] = band
    return found


def run_build(
    python: str, source: bool, request: dict[str, Any], worker: str = WORKER
) -> dict[str, Any]:
    """The answer of ``worker`` (a script reading ``request`` as JSON on its
    standard input, writing its answer so) from ``python``: with ``source``,
    importing this tree; else the installed package, from a folder outside
    the tree."""
    env = {"PYTHONPATH": str(ROOT)} if source else {}
    with tempfile.TemporaryDirectory() as outside:
        done = subprocess.run(
            [python, "-c", worker],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            cwd=ROOT if source else outside,
            env={"PATH": "/usr/bin:/bin", **env},
            check=True,
        )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def column_line(moves: list[int]) -> str:
    return "".join(str(cell % COLS + 1) for cell in moves)


def band_row(name: str, build: str, results: list[dict[str, Any]], cap: float) -> str:
    times = [result["seconds"] for result in results]
    nodes = sum(result["nodes"] for result in results)
    solved = sum(result["exact"] and result["seconds"] <= cap for result in results)
    worst = max(results, key=lambda result: result["seconds"])
    cpu = sum(result["cpu"] for result in results)
    return (
        f"{name:>6} {build:>9} {solved:>3}/{len(results):<3} {statistics.median(times):>8.2f}"
        f" {max(times):>8.2f} {nodes:>12,} {nodes / sum(times):>11,.0f}"
        f" {nodes / max(cpu, 1e-9):>11,.0f}  {column_line(worst['moves'])}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compiled", help="the Python of an environment with the compiled build")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    bands = positions(args.count, args.seed)
    request = {"cap": args.cap}
    builds: dict[str, dict[str, list[dict[str, Any]]]] = {}
    runs = [("pure", sys.executable, True)]
    if args.compiled:
        runs.append(("compiled", args.compiled, False))
    for label, python, source in runs:
        builds[label] = {}
        for name, band in bands.items():
            answer = run_build(python, source, {**request, "positions": band})
            expected = label == "compiled"
            if answer["compiled"] != expected:
                raise SystemExit(f"the {label} run imported the wrong build")
            builds[label][name] = answer["results"]
    print(f"7x6 Connect Four, {args.count} positions per band, seed {args.seed}, cap {args.cap} s")
    print(
        f"{'moves':>6} {'build':>9} {'solved':<7} {'median s':>8} {'max s':>8} {'nodes':>12}"
        f" {'nodes/s':>11} {'nodes/CPU s':>11}  longest (columns played)"
    )
    for name in bands:
        for label in builds:
            print(band_row(name, label, builds[label][name], args.cap))
    if len(builds) == 2:
        wrong = [
            column_line(pure["moves"])
            for name in bands
            for pure, compiled in zip(builds["pure"][name], builds["compiled"][name])
            if pure["exact"] and compiled["exact"] and pure["score"] != compiled["score"]
        ]
        print(f"exact scores that differ between the builds: {len(wrong)} {wrong}")


if __name__ == "__main__":
    main()
