"""Solves from the empty board: value, nodes, time and memory, with the engine's
reach techniques and without them (``Engine(baseline=True)``), as a table.

Run ``python benchmarks/solves.py`` (``--only 6x6k5`` for some cases,
``--cap 30`` for the seconds a search may run, ``--table-limit N``;
``--installed`` with the Python of an environment where the package is
installed, e.g. the compiled build, measures that one, not this tree's).

Targets (with the techniques):

- 5x5 k=4 (draw): under 1.5 s; with the app's table limit no more nodes than
  with an unlimited table;
- 5x5 k=5 (draw): under 5 s;
- 6x6 k=4 (X wins in 11): under 3 s; with a table of 5,000 entries (about
  a third of what the solve stores) not many more nodes;
- 6x6 k=5 (draw): under 60 s;
- 7x7 k=4 (X wins): how deep iterative deepening gets within the cap;
- 7x7 k=5 (draw; the stretch, solved in 2.5 s by Hsu et al. in compiled
  code): solved, by the relevance-zone draw proofs (ttt_gui/engine/zones.py).

Each search runs in a process of its own, so its peak memory (the process's
resident set, the interpreter's ~10-20 MB included) is its own. A search
past the cap is stopped through its stop token and reported "unsolved in N s".
``nodes`` counts positions visited, the proof's line included; table figures
are the engine's own estimate (:meth:`Engine.table_memory`). Times are wall
clock of one run: compare nodes when the machine is busy.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

# --installed: the installed package (e.g. the compiled build), not this tree's.
if "--installed" not in sys.argv:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from watched import watched_search  # noqa: E402

from ttt_gui.app.engine_pool import ENGINE_TABLE_LIMIT  # noqa: E402
from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import COMPILED, Engine, Limit  # noqa: E402

#: case name -> (board size, win length, table limit (None: --table-limit),
#: deepen: search by iterative deepening within the cap rather than solve).
CASES: dict[str, tuple[int, int, int | None, bool]] = {
    "5x5k4": (5, 4, None, False),
    "5x5k4-app": (5, 4, ENGINE_TABLE_LIMIT, False),
    "5x5k5": (5, 5, None, False),
    "6x6k4": (6, 4, None, False),
    "6x6k4-5k-table": (6, 4, 5_000, False),  # a table far too small: replacement at work
    "6x6k5": (6, 5, None, False),
    "7x7k4": (7, 4, None, True),
    "7x7k5": (7, 5, None, False),
}
#: Seconds per search unless --cap says otherwise.
DEFAULT_CAP = 60.0
#: The table limit of the solves (the app's is ENGINE_TABLE_LIMIT).
DEFAULT_TABLE_LIMIT = 10**8
TARGETS = {"5x5k4": 1.5, "5x5k5": 5.0, "6x6k4": 3.0, "6x6k5": 60.0, "7x7k5": 60.0}


def run_case(name: str, baseline: bool, cap: float, table_limit: int) -> dict[str, Any]:
    """One search of case ``name`` in this process; its figures as a dict."""
    size, win_length, case_limit, deepen = CASES[name]
    limit = case_limit if case_limit is not None else table_limit
    board = Board.empty(size, win_length)
    engine = Engine(randomize=False, table_limit=limit, baseline=baseline)
    search_limit = Limit(time=cap) if deepen else Limit()
    result, seconds = watched_search(engine, board, cap + 1 if deepen else cap, search_limit)
    memory = engine.table_memory()
    if result.exact:
        words = result.describe()
    elif deepen:
        words = f"depth {result.depth} in {cap:.0f} s ({result.describe()})"
    else:
        words = f"unsolved in {cap:.0f} s"
    return {
        "case": name,
        "engine": ("baseline" if baseline else "new")
        + (" (compiled)" if COMPILED else " (pure Python)"),
        "table_limit": limit,
        "result": words,
        "exact": result.exact,
        "nodes": result.nodes,
        "seconds": seconds,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "entries": memory.entries,
        "table_mb": memory.bytes / 1e6,
        "pv": len(result.pv),
    }


def run_in_child(name: str, baseline: bool, cap: float, table_limit: int) -> dict[str, Any]:
    """:func:`run_case` in a fresh Python process (for its own peak memory)."""
    command = [sys.executable, __file__, "--child", name, "--cap", str(cap)]
    command += ["--table-limit", str(table_limit)] + (["--baseline"] if baseline else [])
    command += ["--installed"] if "--installed" in sys.argv else []
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def print_table(rows: list[dict[str, Any]]) -> None:
    header = (
        "case",
        "engine",
        "result",
        "nodes",
        "time (s)",
        "peak RSS (MB)",
        "table entries",
        "table (MB)",
        "pv",
    )
    cells = [
        (
            row["case"],
            row["engine"],
            row["result"],
            f"{row['nodes']:,}",
            f"{row['seconds']:.2f}",
            f"{row['peak_mb']:,.0f}",
            f"{row['entries']:,}",
            f"{row['table_mb']:,.1f}",
            str(row["pv"]),
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [header, *cells]) for i in range(len(header))]

    def line(values: tuple[str, ...]) -> str:
        return " | ".join(
            value.rjust(width) if i >= 3 else value.ljust(width)
            for i, (value, width) in enumerate(zip(values, widths))
        ).rstrip()

    print(line(header))
    print("-+-".join("-" * width for width in widths))
    for values in cells:
        print(line(values))


def check_targets(rows: list[dict[str, Any]]) -> None:
    new = {row["case"]: row for row in rows if row["engine"].startswith("new")}
    for name, seconds in TARGETS.items():
        if name in new:
            row = new[name]
            met = row["exact"] and row["seconds"] < seconds
            print(f"target {name} solved < {seconds:g} s: {'met' if met else 'MISSED'}")
    if "5x5k4" in new and "5x5k4-app" in new:
        app, unlimited = new["5x5k4-app"]["nodes"], new["5x5k4"]["nodes"]
        verdict = "met" if app <= unlimited else "MISSED"
        print(
            f"target 5x5k4 with the app's table limit ({ENGINE_TABLE_LIMIT:,}) "
            f"no more nodes than unlimited: {verdict} ({app:,} vs {unlimited:,})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(CASES), help="these cases only")
    parser.add_argument("--cap", type=float, default=DEFAULT_CAP, help="seconds per search")
    parser.add_argument("--table-limit", type=int, default=DEFAULT_TABLE_LIMIT)
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline engine")
    parser.add_argument("--child", choices=sorted(CASES), help=argparse.SUPPRESS)
    parser.add_argument("--baseline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--installed", action="store_true", help="the installed ttt_gui, not this source tree's"
    )
    arguments = parser.parse_args(argv)
    if arguments.child:
        figures = run_case(
            arguments.child, arguments.baseline, arguments.cap, arguments.table_limit
        )
        print(json.dumps(figures))
        return 0
    rows = []
    for name in arguments.only or CASES:
        for baseline in (False, True):
            if baseline and arguments.no_baseline:
                continue
            rows.append(run_in_child(name, baseline, arguments.cap, arguments.table_limit))
            print(f"  {name} {rows[-1]['engine']}: {rows[-1]['result']}", file=sys.stderr)
    print_table(rows)
    print()
    check_targets(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
