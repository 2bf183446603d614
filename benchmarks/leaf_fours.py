"""What the fours search at the leaves costs: the selective search's speed and
depth on 15x15 middle games with it and without it.

Run ``python benchmarks/leaf_fours.py`` (``--nodes`` per search, default
30,000; ``--positions``, default 8).

The positions are the first openings of
``benchmarks/data/gomoku_speed_openings.txt`` (the Gomoku match's set until
its openings were balanced by fixed-depth searches, kept so that these
figures compare across revisions) played on by the engine for MOVES moves
at a small node limit (the same positions on every run).
Each is searched by ``Engine(selective=True)`` to the node limit with the
probe on and off, alternately (a loaded machine slows both alike); the
table prints the search's nodes a second and the depth it completed,
summed over the positions, and the probe's own positions (not counted in
the search's nodes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gomoku_match import ROOT, SIZE, openings  # noqa: E402

from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import Engine, Limit  # noqa: E402
from ttt_gui.engine.leaf_fours import leaf_fours  # noqa: E402

MOVES = 8
SPEED_OPENINGS = ROOT / "benchmarks" / "data" / "gomoku_speed_openings.txt"
SETUP_NODES = 2_000


def middle_games(count: int) -> list[Board]:
    """``count`` positions: openings played on MOVES moves by the engine."""
    boards = []
    for opening in openings(count, SPEED_OPENINGS):
        board = Board.from_moves(list(opening), SIZE, 5)
        engine = Engine(selective=True, randomize=False)
        for _ in range(MOVES):
            if board.is_over:
                break
            board = board.play(engine.search(board, Limit(nodes=SETUP_NODES)).move)
        if not board.is_over:
            boards.append(board)
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=30_000, help="nodes per search")
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    boards = middle_games(args.positions)
    totals = {True: [0, 0.0, 0, 0], False: [0, 0.0, 0, 0]}  # nodes, seconds, depth, probe
    for board in boards:
        for probe in (True, False):
            counter = leaf_fours(board.geometry)
            before = counter.nodes
            started = time.perf_counter()
            engine = Engine(selective=True, seed=1, leaf_fours=probe)
            result = engine.search(board, Limit(nodes=args.nodes))
            total = totals[probe]
            total[0] += result.nodes
            total[1] += time.perf_counter() - started
            total[2] += result.depth
            total[3] += counter.nodes - before
    print(f"{len(boards)} positions, {args.nodes} nodes each")
    print(f"{'leaf fours':10} {'nodes/s':>8} {'depth':>6} {'probe positions':>16}")
    for probe in (True, False):
        nodes, seconds, depth, probed = totals[probe]
        label = "on" if probe else "off"
        print(f"{label:10} {nodes / seconds:>8.0f} {depth / len(boards):>6.1f} {probed:>16}")


if __name__ == "__main__":
    main()
