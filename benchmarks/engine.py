"""Engine speed: nodes, time and results of a few fixed searches, printed as a table.

Run ``python benchmarks/engine.py`` (``--quick`` skips the 5x5 solve).

Targets:

- 3x3 from the empty board, fresh engine: at most 600 nodes and under 5 ms;
- 4x4 with four in a row, full solve from empty: under 1 s;
- 5x5 with four in a row, full solve from empty: under 60 s.

Times are the median of 5 runs (wall clock, ``time.perf_counter``) unless the
runs column says otherwise; ``nodes`` is the engine's count for the median run.
For reference the script also counts the nodes of a plain minimax (no pruning,
no table) from the empty 3x3 board: every position visited, the root and the
finished positions included, once per path that reaches it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from watched import watched_search  # noqa: E402

from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import Engine, Limit, SearchResult  # noqa: E402

RUNS = 5
#: A 5x5 solve that runs longer than this is stopped and reported as such.
SOLVE_LIMIT = 120.0


@dataclass(frozen=True)
class Row:
    case: str
    runs: int
    nodes: int
    milliseconds: float
    result: str
    exact: bool

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / (self.milliseconds / 1000) if self.milliseconds else 0.0


def describe(board: Board, result: SearchResult) -> str:
    """Move (coordinate and cell), score in words, depth reached, exactness."""
    move = f"{board.coordinate(result.move)} ({result.move})"
    exact = "exact" if result.exact else "not exact"
    return f"{move}, {result.describe()}, depth {result.depth}, {exact}"


def measure(
    case: str,
    board: Board,
    make_engine: Callable[[], Engine],
    runs: int = RUNS,
    limit: Limit = Limit(),
) -> Row:
    """Search ``board`` within ``limit`` with a fresh engine ``runs`` (odd)
    times; the median run's figures."""
    timed: list[tuple[float, SearchResult]] = []
    for _ in range(runs):
        engine = make_engine()
        started = time.perf_counter()
        result = engine.search(board, limit)
        timed.append((time.perf_counter() - started, result))
    timed.sort(key=lambda pair: pair[0])
    seconds, result = timed[len(timed) // 2]
    return Row(case, runs, result.nodes, seconds * 1000, describe(board, result), result.exact)


def solve_with_watchdog(case: str, board: Board, limit: float) -> Row:
    """One unlimited search, stopped through its stop token if it runs past ``limit``."""
    result, seconds = watched_search(Engine(randomize=False, table_limit=10**8), board, limit)
    text = describe(board, result)
    if not result.exact:
        text = f"stopped after {limit:.0f} s: {text}"
    return Row(case, 1, result.nodes, seconds * 1000, text, result.exact)


def plain_minimax_nodes(board: Board) -> tuple[int, int]:
    """(nodes, value for the side to move) of plain minimax: no pruning, no table.

    Every call counts as a node, the root and finished positions included; the
    value is +1 win, 0 draw, -1 loss.
    """
    nodes = 0

    def value(position: Board) -> int:
        nonlocal nodes
        nodes += 1
        if position.is_over:
            return 0 if position.winner is None else -1
        return max(-value(position.play(move)) for move in position.legal_moves())

    result = value(board)
    return nodes, result


def minimax_row() -> Row:
    board = Board.empty(3)
    started = time.perf_counter()
    nodes, value = plain_minimax_nodes(board)
    seconds = time.perf_counter() - started
    words = {1: "win", 0: "draw", -1: "loss"}[value]
    return Row("plain minimax, empty 3x3 (reference)", 1, nodes, seconds * 1000, words, True)


def print_table(rows: list[Row]) -> None:
    header = ("case", "runs", "nodes", "time (ms)", "nodes/s", "result")
    cells = [
        (
            row.case,
            str(row.runs),
            f"{row.nodes:,}",
            f"{row.milliseconds:,.1f}",
            f"{row.nodes_per_second:,.0f}",
            row.result,
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [header, *cells]) for i in range(len(header))]
    right = {1, 2, 3, 4}

    def line(values: tuple[str, ...]) -> str:
        return " | ".join(
            value.rjust(width) if i in right else value.ljust(width)
            for i, (value, width) in enumerate(zip(values, widths))
        ).rstrip()

    print(line(header))
    print("-+-".join("-" * width for width in widths))
    for values in cells:
        print(line(values))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 5x5 solve")
    arguments = parser.parse_args(argv)

    def fresh() -> Engine:
        return Engine(randomize=False)

    def big_table() -> Engine:
        return Engine(randomize=False, table_limit=10**8)

    rows = [
        measure("3x3 empty board", Board.empty(3), fresh),
        measure("3x3 reply to X in a corner (a1)", Board.from_moves([0]), fresh),
        measure("3x3 reply to X in the centre (b2)", Board.from_moves([4]), fresh),
        measure("4x4 k=4 full solve", Board.empty(4, 4), big_table),
        measure("4x4 k=4 depth 4", Board.empty(4, 4), big_table, limit=Limit(depth=4)),
        measure("4x4 k=4 depth 6", Board.empty(4, 4), big_table, limit=Limit(depth=6)),
    ]
    if not arguments.quick:
        rows.append(
            solve_with_watchdog("5x5 k=4 full solve (unlimited)", Board.empty(5, 4), SOLVE_LIMIT)
        )
        rows.append(
            measure(
                f"5x5 k=4 time_limit={SOLVE_LIMIT:.0f} s (deepening)",
                Board.empty(5, 4),
                big_table,
                runs=1,
                limit=Limit(time=SOLVE_LIMIT),
            )
        )
    rows.append(
        measure(
            "9x9 k=5 time_limit=1 s",
            Board.empty(9, 5),
            fresh,
            limit=Limit(time=1.0),
        )
    )
    rows.append(minimax_row())
    print_table(rows)

    print()
    empty_3x3, solve_4x4 = rows[0], rows[3]
    checks = [
        (
            "3x3 empty: <= 600 nodes and < 5 ms",
            empty_3x3.nodes <= 600 and empty_3x3.milliseconds < 5,
        ),
        ("4x4 k=4 full solve < 1 s", solve_4x4.milliseconds < 1000),
    ]
    if not arguments.quick:
        solve_5x5 = rows[6]
        checks.append(
            ("5x5 k=4 full solve < 60 s", solve_5x5.exact and solve_5x5.milliseconds < 60_000)
        )
    for target, met in checks:
        print(f"target {target}: {'met' if met else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
