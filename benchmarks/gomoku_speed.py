"""The selective search's speed on 15x15 Gomoku middle games, by build.

Run ``python benchmarks/gomoku_speed.py`` (``--compiled PYTHON``, which may
be given more than once, names the interpreter of an environment with a
compiled build installed, e.g. one made by ``TTT_GUI_COMPILE=1 pip install
.``, of this tree or of another revision; ``--installed PYTHON`` one with
either build installed, e.g. the pure build of another revision; ``--nodes`` per search, default
60,000; ``--positions``, default 8; ``--no-pure`` skips the pure build).

The positions are fixed, in ``benchmarks/data/gomoku_speed_positions.txt``
(one board a line), so that revisions compare on the same ones: middle
games that the engine of ``95aab19`` did not find won or lost within
60,000 nodes, where a search spends its nodes searching rather than
proving. ``--build-positions COUNT`` makes the file again with this tree's
engine: the openings of ``benchmarks/data/gomoku_speed_openings.txt``
played on by the engine for a few moves at a small node limit (as
``benchmarks/leaf_fours.py`` does), each kept if no result is proven
within the node limit, until COUNT are kept. Each build searches each
position with a fresh ``Engine(selective=True, seed=1)`` to the node limit,
in a process of its own (the pure build from this source tree, a compiled
one from its installed package, outside the tree); the builds take turns,
``--repeats`` times (default 3), and each position's fastest run counts;
each process searches a position briefly first, so that the tables it
builds once are not timed.
Printed per build:
nodes a second of wall clock and of the process's CPU time, the mean depth
completed, and the moves and scores, so that builds that should search
alike (a change of speed alone) can be seen to: a change that keeps every
node makes the same moves with the same scores and node counts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_worker import worker_answer  # noqa: E402
from gomoku_match import ROOT  # noqa: E402
from leaf_fours import middle_games  # noqa: E402

from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit  # noqa: E402

POSITIONS = ROOT / "benchmarks" / "data" / "gomoku_speed_positions.txt"

WORKER = r"""
import json, sys, time
from ttt_gui.board import Board
from ttt_gui.engine import COMPILED, Engine, Limit

request = json.load(sys.stdin)
# The tables a process builds once (shapes, keys) are built before the clock starts.
Engine(selective=True, seed=1).search(Board.from_text(request["positions"][0]), Limit(nodes=100))
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


def build_positions(count: int, nodes: int) -> None:
    """Write POSITIONS: ``count`` middle games this tree's engine does not
    prove won or lost within ``nodes``."""
    kept: list[str] = []
    candidates = middle_games(50)
    for number, board in enumerate(candidates, 1):
        result = Engine(selective=True, seed=1).search(board, Limit(nodes=nodes))
        proven = abs(result.score) > MATE_THRESHOLD
        print(f"candidate {number}: {'proven' if proven else 'kept'}", flush=True)
        if not proven:
            kept.append(board.to_text())
        if len(kept) == count:
            break
    POSITIONS.write_text("\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} positions written to {POSITIONS.relative_to(ROOT)}")


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
    parser.add_argument("--positions", type=int, default=8, help="how many of the fixed positions")
    parser.add_argument(
        "--build-positions",
        type=int,
        metavar="COUNT",
        help="make the file of fixed positions again with this tree's engine, and stop",
    )
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs of each build, in turn; the fastest counts"
    )
    parser.add_argument("--no-pure", action="store_true", help="skip this tree's pure build")
    args = parser.parse_args()
    if args.build_positions:
        build_positions(args.build_positions, args.nodes)
        return
    texts = POSITIONS.read_text(encoding="utf-8").split()
    request = {
        "nodes": args.nodes,
        "positions": [Board.from_text(text).to_text() for text in texts[: args.positions]],
    }
    # (label, the Python of its environment (None: this tree), the build expected)
    runs: list[tuple[str, str | None, bool | None]] = []
    if not args.no_pure:
        runs.append(("pure", None, False))
    runs += [
        (f"compiled {number}", python, True) for number, python in enumerate(args.compiled, 1)
    ]
    runs += [
        (f"installed {number}", python, None) for number, python in enumerate(args.installed, 1)
    ]
    print(f"15x15 Gomoku, {len(request['positions'])} middle games, {args.nodes:,} nodes each")
    print(
        f"{'build':>10} {'nodes':>10} {'nodes/s':>9} {'nodes/CPU s':>11} {'depth':>6}  move:score"
    )
    # The builds take turns, each run over all the positions; each position's
    # fastest time of its repeats counts (a virtual machine's speed wanders).
    fastest: list[list[dict[str, Any]]] = [[] for _ in runs]
    builds = ["" for _ in runs]
    for _ in range(args.repeats):
        for number, (label, python, compiled) in enumerate(runs):
            answer = worker_answer(WORKER, request, python)
            if compiled is not None and answer["compiled"] != compiled:
                raise SystemExit(f"the {label} run imported the wrong build")
            builds[number] = "compiled" if answer["compiled"] else "pure"
            if not fastest[number]:
                fastest[number] = answer["results"]
                continue
            for best, result in zip(fastest[number], answer["results"], strict=True):
                best["seconds"] = min(best["seconds"], result["seconds"])
                best["cpu"] = min(best["cpu"], result["cpu"])
    for (label, _, _), results in zip(runs, fastest, strict=True):
        print(build_row(label, results))
    for (label, python, _), build in zip(runs, builds, strict=True):
        if python is not None:
            print(f"{label}: {python} ({build})")


if __name__ == "__main__":
    main()
