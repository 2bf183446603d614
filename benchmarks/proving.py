"""Proving in the analysis view: the rounds a position gets while it stays on
the board, printed one line each (time allowed, depth reached, moves proven,
exact or not, nodes, wall time), until it is proven or the time cap is
reached. With five in a row, moves are proven drawn by relevance zones.

Run ``python benchmarks/proving.py`` (``--cap SECONDS`` bounds each position's
total time, 60 by default; ``--table N`` sets the table's size). The rounds are
timed by the real clock, as in the window, so depths vary with the machine's
load; the node counts say how much work each round did. For comparison, each
position is also searched once by a fresh engine with the same table size,
given the proving's total time, without rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.analysis.proving import Prover  # noqa: E402
from ttt_gui.app.engine_pool import PROVING_TABLE_LIMIT  # noqa: E402
from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import Engine, Limit  # noqa: E402

THINK_TIME = 0.5
POSITIONS = (
    ("7x7 k4, X d4, O to move", "......./......./......./...x.../......./......./.......", 4),
    ("7x7 k4, X d4 O e4, X to move", "......./......./......./...xo../......./......./.......", 4),
    ("5x5 k4, X c3, O to move", "...../...../..x../...../.....", 4),
    ("7x7 k5, X d4 O c5, X to move", "......./......./......./...x.../..o..../......./.......", 5),
    ("7x7 k5, six marks, X to move", "......./......./..xoo../..o.x../...x.../......./.......", 5),
    (
        "7x7 k5, X's open three, O to move",
        "......./......./.o.o.../.xxx.../......./..o..../......x",
        5,
    ),
)


def prove(board: Board, cap: float, table_limit: int) -> float:
    """Print the rounds of proving ``board``; returns the total wall time."""
    prover = Prover(table_limit=table_limit)
    started = time.perf_counter()
    while True:
        proving = prover.round(1, THINK_TIME)
        if time.perf_counter() - started + proving.budget > cap:
            print(f"  stopped: the next round ({proving.budget:.1f} s) passes the cap")
            return time.perf_counter() - started
        begun = time.perf_counter()
        found = proving.evaluate_moves(board)
        prover.accept(1, found, found)
        print(
            f"  round {proving.number}: {proving.budget:6.1f} s allowed, depth {found.depth:2}, "
            f"{len(found.proven):3}/{len(found.scores)} moves proven, exact {found.exact!s:5}, "
            f"{found.nodes:8} nodes, {time.perf_counter() - begun:6.2f} s"
        )
        if found.exact:
            return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per position")
    parser.add_argument("--table", type=int, default=PROVING_TABLE_LIMIT, help="table entries")
    arguments = parser.parse_args()
    cap, table_limit = arguments.cap, arguments.table
    for name, text, win_length in POSITIONS:
        board = Board.parse(text, win_length)
        print(f"{name} (think time {THINK_TIME} s)")
        total = prove(board, cap, table_limit)
        single = Engine(randomize=False, table_limit=table_limit).evaluate_moves(
            board, Limit(time=max(total, THINK_TIME))
        )
        print(
            f"  total {total:.2f} s; one search of that time: depth {single.depth}, "
            f"exact {single.exact}, {single.nodes} nodes"
        )


if __name__ == "__main__":
    main()
