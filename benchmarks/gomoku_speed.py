"""The selective search's speed on 15x15 Gomoku middle games, by build.

Run ``python benchmarks/gomoku_speed.py`` (``--compiled PYTHON``, which may
be given more than once, names the interpreter of an environment with a
compiled build installed, e.g. one made by ``TTT_GUI_COMPILE=1 pip install
.``, of this tree or of another revision; ``--installed PYTHON`` one with
either build installed, e.g. the pure build of another revision; ``--nodes`` per search, default
60,000; ``--positions``, default 8; ``--no-pure`` skips the pure build).

The positions are those of ``benchmarks/leaf_fours.py``: the first
openings of ``benchmarks/data/gomoku_speed_openings.txt`` played on by the
engine for a few moves at a small node limit. Each build searches each with a fresh
``Engine(selective=True, seed=1)`` to the node limit, in a process of its
own (the pure build from this source tree, a compiled one from its
installed package, outside the tree). Printed per build: nodes a second of
wall clock and of the process's CPU time, the mean depth completed, and
the moves and scores, so that builds that should search alike (a change of
speed alone) can be seen to: a change that keeps every node makes the same
moves with the same scores and node counts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from connect_four import run_build  # noqa: E402
from leaf_fours import middle_games  # noqa: E402

WORKER = r"""
import json, sys, time
from ttt_gui.board import Board
from ttt_gui.engine import COMPILED, Engine, Limit

request = json.load(sys.stdin)
results = []
for text in request["positions"]:
    board = Board.from_text(text)
    started, cpu = time.perf_counter(), time.process_time()
    result = Engine(selective=True, seed=1).search(board, Limit(nodes=request["nodes"]))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    results.append({"move": result.move, "score": result.score, "depth": result.depth,
                    "nodes": result.nodes, "seconds": seconds, "cpu": cpu})
json.dump({"compiled": COMPILED, "results": results}, sys.stdout)
"""


def build_row(label: str, results: list[dict[str, Any]]) -> str:
    nodes = sum(result["nodes"] for result in results)
    seconds = sum(result["seconds"] for result in results)
    cpu = sum(result["cpu"] for result in results)
    depth = sum(result["depth"] for result in results) / len(results)
    played = " ".join(f"{result['move']}:{result['score']}" for result in results)
    speeds = f"{nodes / seconds:>9,.0f} {nodes / cpu:>11,.0f}"
    return f"{label:>10} {nodes:>10,} {speeds} {depth:>6.1f}  {played}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--compiled",
        action="append",
        default=[],
        metavar="PYTHON",
        help="the Python of an environment with a compiled build (may be repeated)",
    )
    parser.add_argument(
        "--installed",
        action="append",
        default=[],
        metavar="PYTHON",
        help="the Python of an environment with any build installed, pure or compiled,"
        " of this tree or of another revision (may be repeated)",
    )
    parser.add_argument("--nodes", type=int, default=60_000, help="nodes per search")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--no-pure", action="store_true", help="skip this tree's pure build")
    args = parser.parse_args()
    request = {
        "nodes": args.nodes,
        "positions": [board.to_text() for board in middle_games(args.positions)],
    }
    runs: list[tuple[str, str, bool, bool | None]] = (
        [] if args.no_pure else [("pure", sys.executable, True, False)]
    )
    runs += [
        (f"compiled {number}", python, False, True)
        for number, python in enumerate(args.compiled, 1)
    ]
    runs += [
        (f"installed {number}", python, False, None)
        for number, python in enumerate(args.installed, 1)
    ]
    print(f"15x15 Gomoku, {len(request['positions'])} middle games, {args.nodes:,} nodes each")
    print(
        f"{'build':>10} {'nodes':>10} {'nodes/s':>9} {'nodes/CPU s':>11} {'depth':>6}  move:score"
    )
    builds = []
    for label, python, source, compiled in runs:
        answer = run_build(python, source, request, WORKER)
        if compiled is not None and answer["compiled"] != compiled:
            raise SystemExit(f"the {label} run imported the wrong build")
        builds.append("compiled" if answer["compiled"] else "pure")
        print(build_row(label, answer["results"]))
    for (label, python, source, _), build in zip(runs, builds, strict=True):
        if not source:
            print(f"{label}: {python} ({build})")


if __name__ == "__main__":
    main()
