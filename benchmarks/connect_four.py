"""Connect Four (7x6) solves by both engine builds, side by side.

Run ``python benchmarks/connect_four.py`` (``--compiled PYTHON`` names the
interpreter of an environment with the compiled build installed, e.g. one
made by ``TTT_GUI_COMPILE=1 pip install .``; without it only the pure build
runs). ``--count N`` positions per band, ``--cap S`` seconds per position,
``--seed N``. ``--pons PATH`` names a binary of Pascal Pons's solver (built
from its public source; optional): it reads positions as lines of columns
1-7 on its standard input and writes each line back with the position's
score after it, and with the nodes it searched and the microseconds it took
after that where it was built to print them.

The positions: random games from the empty board, ``10-18``, ``20-28`` and
``30-36`` moves in, that are not over and where the side to move cannot win
at once (reproducible from the seed). Each is solved by a fresh engine
(``Engine.search`` with a time limit of the cap; the solver's table the
size the engine picks for its build, made and cleared before the clock
starts, as a game in play has it) in a process per build:
the pure build from this source tree, the compiled one from the installed
package (its process runs outside the tree, so it cannot import the
source). Printed per band and build: positions solved within the cap, the
median and longest time, nodes (the solver's, and its heuristic search's
while it has not solved: a quarter of the solver's at most), nodes per
second of wall clock and of the process's CPU time, and the position that
took longest (as the moves played, columns 1-7). Times are wall clock of one run: on a busy machine
compare nodes, and nodes per CPU second.

With ``--pons``, the outside solver and this engine's fastest build (the
compiled one if named, else the pure one) solve each position in turn, one
after the other (a process each, so both see the same load): this engine
twice, once as above (the best move within the cap) and once for the
position's exact value alone with a fresh solver (what the outside solver
computes), and the outside solver once with a fresh table (a process of its
own; its time is its own count, else the process's wall clock less its
start-up, the median of five runs with no position). Printed per band: both
solvers' times and nodes per position (the fastest of ``--rounds N`` runs
each, one after the other: the run the machine disturbed least, as
``timeit`` advises; with ``--rounds-median`` their median), then per band
their median times, the ratios of this engine's median times to the outside
solver's (search and value alone), the median of the ratios per position
(search and value alone; wall clock, then CPU time, which a busy machine
disturbs less: the outside solver's is its process's less its start-up's,
table made and cleared included), and the positions where the two values
differ (wrong claims of one of them).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from build_worker import worker_answer

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
    engine.search(Board.empty(rows=6, cols=7, win_length=4, gravity=True), Limit(nodes=1))
    engine.clear()  # its tables made (once a game in play), and empty
    started, cpu = time.perf_counter(), time.process_time()
    result = engine.search(board, Limit(time=request["cap"]))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    results.append({"moves": moves, "exact": result.exact, "score": result.score,
                    "nodes": result.nodes, "seconds": seconds, "cpu": cpu})
json.dump({"compiled": COMPILED, "results": results}, sys.stdout)
"""

VALUE_WORKER = WORKER.replace(
    "json.dump(",
    """from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_path import OWN_TABLE_ENTRIES
for result in results:
    board = Board.from_moves(result["moves"], rows=6, cols=7, win_length=4, gravity=True)
    solver = BoardSolver(6, 7, OWN_TABLE_ENTRIES)
    current, mask, stones = solver.position(board)
    started, nodes = time.perf_counter(), solver.solver.nodes
    cpu = time.process_time()
    result["value"] = solver.solver.value(current, mask, stones)
    result["value_seconds"] = time.perf_counter() - started
    result["value_cpu"] = time.process_time() - cpu
    result["value_nodes"] = solver.solver.nodes - nodes
json.dump(""",
    1,
)


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


def run_build(python: str | None, request: dict[str, Any], worker: str = WORKER) -> dict[str, Any]:
    """The answer of ``worker`` to ``request`` from ``python``'s environment
    (None: this tree as plain Python), as :mod:`build_worker` runs it."""
    answer: dict[str, Any] = worker_answer(worker, request, python)
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


def children_cpu() -> float:
    """The CPU time of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_timed(binary: str, line: str) -> tuple[str, float, float]:
    """The output, wall clock and CPU time of ``binary`` given ``line``."""
    started, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run([binary], input=line, capture_output=True, text=True, check=True)
    return done.stdout, time.perf_counter() - started, children_cpu() - cpu


def pons_start_up(binary: str) -> tuple[float, float]:
    """The median wall clock and CPU time of five runs of ``binary`` given no
    position."""
    runs = [run_timed(binary, "") for _ in range(5)]
    return statistics.median(run[1] for run in runs), statistics.median(run[2] for run in runs)


def pons_solve(binary: str, moves: list[int], start_up: tuple[float, float]) -> dict[str, Any]:
    """The outside solver's score, nodes (None if it does not print them),
    seconds and CPU seconds (less its start-up's) for the position
    ``moves``, with a fresh table."""
    line = column_line(moves)
    output, seconds, cpu = run_timed(binary, line + "\n")
    seconds -= start_up[0]
    fields = output.split()
    if len(fields) < 2 or fields[0] != line:
        raise SystemExit(f"the outside solver did not solve {line}: {output!r}")
    nodes = int(fields[2]) if len(fields) >= 4 else None
    if len(fields) >= 4:
        seconds = int(fields[3]) / 1e6
    return {
        "score": int(fields[1]),
        "nodes": nodes,
        "seconds": max(seconds, 1e-6),
        "cpu": max(cpu - start_up[1], 1e-6),
    }


def one_sample(samples: list[dict[str, Any]], *, median: bool) -> dict[str, Any]:
    """One position's runs as one: the least (``median``: the median) of
    each time, the first run's other fields (nodes and values are the same
    in every run)."""
    merged = dict(samples[0])
    for field in ("seconds", "value_seconds", "cpu", "value_cpu"):
        if field in merged:
            times = [sample[field] for sample in samples]
            merged[field] = statistics.median(times) if median else min(times)
    return merged


def per_position(
    ours: list[dict[str, Any]], theirs: list[dict[str, Any]], field: str, their_field: str
) -> float:
    """The median over the positions of our ``field`` over their ``their_field``."""
    ratios: list[float] = [o[field] / t[their_field] for o, t in zip(ours, theirs, strict=True)]
    return statistics.median(ratios)


def compare_with_pons(
    binary: str,
    python: str | None,
    bands: dict[str, list[list[int]]],
    cap: float,
    rounds: int,
    *,
    median: bool,
) -> None:
    """Solve each position of ``bands`` by this engine (``python``, as in
    :func:`run_build`) and by the outside solver ``binary`` in turn,
    ``rounds`` times, and print each position's least (``median``: median)
    times and the comparison per band."""
    start_up = pons_start_up(binary)
    print(
        f"{Path(binary).name}: start-up {start_up[0] * 1000:.1f} ms,"
        f" {start_up[1] * 1000:.1f} ms of CPU (less from its times); {rounds} round(s),"
        f" {'the median' if median else 'the fastest'} of each position's"
    )
    print(
        f"{'moves':>6} {'ours s':>8} {'value s':>8} {'theirs s':>9} {'ours nodes':>11}"
        f" {'value nodes':>11} {'their nodes':>12}  position (columns played)"
    )
    summaries = []
    for name, band in bands.items():
        our_runs: list[list[dict[str, Any]]] = [[] for _ in band]
        their_runs: list[list[dict[str, Any]]] = [[] for _ in band]
        for _ in range(rounds):
            for index, moves in enumerate(band):
                request = {"cap": cap, "positions": [moves]}
                answer = run_build(python, request, VALUE_WORKER)
                our_runs[index].append(answer["results"][0])
                their_runs[index].append(pons_solve(binary, moves, start_up))
        ours = [one_sample(runs, median=median) for runs in our_runs]
        theirs = [one_sample(runs, median=median) for runs in their_runs]
        for o, t in zip(ours, theirs):
            their_nodes = f"{t['nodes']:>12,}" if t["nodes"] is not None else f"{'-':>12}"
            print(
                f"{name:>6} {o['seconds']:>8.3f} {o['value_seconds']:>8.3f} {t['seconds']:>9.4f}"
                f" {o['nodes']:>11,} {o['value_nodes']:>11,} {their_nodes}"
                f"  {column_line(o['moves'])}"
            )
        summaries.append((name, ours, theirs))
    print(
        f"{'moves':>6} {'ours s':>8} {'value s':>8} {'theirs s':>9} {'ratio':>6} {'value':>6}"
        f" {'per pos':>7} {'value':>6} {'CPU':>6} {'value':>6}  values that differ"
    )
    for name, ours, theirs in summaries:
        median_ours = statistics.median(o["seconds"] for o in ours)
        median_value = statistics.median(o["value_seconds"] for o in ours)
        median_theirs = statistics.median(t["seconds"] for t in theirs)

        differ = [
            column_line(o["moves"]) for o, t in zip(ours, theirs) if o["value"] != t["score"]
        ]
        print(
            f"{name:>6} {median_ours:>8.3f} {median_value:>8.3f} {median_theirs:>9.4f}"
            f" {median_ours / median_theirs:>6.1f} {median_value / median_theirs:>6.1f}"
            f" {per_position(ours, theirs, 'seconds', 'seconds'):>7.1f}"
            f" {per_position(ours, theirs, 'value_seconds', 'seconds'):>6.1f}"
            f" {per_position(ours, theirs, 'cpu', 'cpu'):>6.1f}"
            f" {per_position(ours, theirs, 'value_cpu', 'cpu'):>6.1f}"
            f"  {len(differ)} {differ}"
        )
    print(
        "ours: the search for the best move; value: our exact value alone; times: medians"
        " over the positions;"
        " ratio: of the median times (search, value); per pos: the median of the ratios"
        " per position (search, value; wall clock, then CPU time: the outside solver's,"
        " of its process less its start-up)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compiled", help="the Python of an environment with the compiled build")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pons", help="a binary of Pascal Pons's solver, to compare with")
    parser.add_argument("--no-builds", action="store_true", help="only the comparison (--pons)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each position (--pons)")
    parser.add_argument(
        "--rounds-median",
        action="store_true",
        help="each position's median of its runs, not its fastest (--pons)",
    )
    args = parser.parse_args()
    bands = positions(args.count, args.seed)
    print(f"7x6 Connect Four, {args.count} positions per band, seed {args.seed}, cap {args.cap} s")
    if args.pons:
        compare_with_pons(
            args.pons, args.compiled, bands, args.cap, args.rounds, median=args.rounds_median
        )
    if args.no_builds:
        return
    request = {"cap": args.cap}
    builds: dict[str, dict[str, list[dict[str, Any]]]] = {}
    runs: list[tuple[str, str | None]] = [("pure", None)]
    if args.compiled:
        runs.append(("compiled", args.compiled))
    for label, python in runs:
        builds[label] = {}
        for name, band in bands.items():
            answer = run_build(python, {**request, "positions": band})
            expected = label == "compiled"
            if answer["compiled"] != expected:
                raise SystemExit(f"the {label} run imported the wrong build")
            builds[label][name] = answer["results"]
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
