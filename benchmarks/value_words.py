"""How the analysis words its estimates on each kind of board: the share of
positions read "about even", "slightly better", "better", "winning" or
proven, and the spread of the engine's unproven scores, to check the steps
of :func:`ttt_gui.analysis.values.scale_of` against what the engine says.

Run ``python benchmarks/value_words.py`` (``--positions`` per board and move
count, default 8; ``--depth`` plies searched, default 2). The positions are
random games (seeded, so each run sees the same) of 2 to 12 moves; each is
searched to the depth (deterministic, unlike a think time) and its best
value counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.analysis.values import Value, scale_of  # noqa: E402
from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit  # noqa: E402

#: The boards, by the engine path that scores them.
BOARDS = {
    "5x5, four in a row": Board.empty(5, 4),
    "5x5 misère, four in a row": Board.empty(5, 4, misere=True),
    "Connect Four 7x6": Board.empty(rows=6, cols=7, gravity=True),
    "Gomoku 15x15": Board.empty(15, 5),
}
MOVE_COUNTS = (2, 4, 6, 8, 12)
STEPS = ("about even", "slightly", "better", "winning", "proven")


def random_position(board: Board, moves: int, chooser: random.Random) -> Board | None:
    """``board`` after ``moves`` random moves near the middle; None if it ended."""
    centre_row, centre_col = board.rows // 2, board.cols // 2
    for _ in range(moves):
        if board.is_over:
            return None
        legal = list(board.legal_moves())
        legal.sort(
            key=lambda cell: (
                abs(cell // board.cols - centre_row) + abs(cell % board.cols - centre_col)
            )
        )
        board = board.play(chooser.choice(legal[: max(3, len(legal) // 3)]))
    return None if board.is_over else board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args()
    print(f"{'board':28} {'scale':>14}  " + "  ".join(f"{step:>10}" for step in STEPS), end="")
    print("   |score| median, 90th percentile")
    for name, empty in BOARDS.items():
        chooser = random.Random(7)
        scale = scale_of(empty.geometry)
        counts = dict.fromkeys(STEPS, 0)
        sizes = []
        for moves in MOVE_COUNTS:
            for _ in range(args.positions):
                board = random_position(empty, moves, chooser)
                if board is None:
                    continue
                analysis = Engine(randomize=False).evaluate_moves(board, Limit(depth=args.depth))
                best = max(analysis.scores.values())
                value = Value(best, analysis.exact, scale)
                if value.outcome is not None:
                    counts["proven"] += 1
                    continue
                counts[STEPS[abs(value.advantage)]] += 1
                if abs(best) < MATE_THRESHOLD:
                    sizes.append(abs(best))
        total = sum(counts.values()) or 1
        shares = "  ".join(f"{100 * counts[step] / total:>9.0f}%" for step in STEPS)
        steps = f"{scale.slightly}/{scale.better}/{scale.winning}"
        spread = (
            f"{statistics.median(sizes):.0f}, {statistics.quantiles(sizes, n=10)[-1]:.0f}"
            if len(sizes) > 1
            else "-"
        )
        print(f"{name:28} {steps:>14}  {shares}   {spread}")


if __name__ == "__main__":
    main()
