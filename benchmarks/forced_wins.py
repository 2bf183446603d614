"""Forced wins by continuous fours: how many the engine finds within its think time.

Run ``python benchmarks/forced_wins.py`` (``--think`` seconds per position,
default 1; ``--rebuild`` regenerates the position set).

The set (``benchmarks/data/forced_wins.txt``, one position a line in
:meth:`Board.to_text` form, the side to move winning) is built from seeded
random games on 9x9 and 15x15 boards with five in a row: a position is kept
when the threat search proves a win by fours of five plies or more, and that
win is re-verified with the board's rules alone (every reply of the defender
is tried). Each position is then searched by the engine and by
``Engine(baseline=True)``; a position counts as found when the search returns
a proven win. Target: the engine finds all of them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine  # noqa: E402
from ttt_gui.engine_threats import board_vcf  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "forced_wins.txt"
#: (board size, positions wanted) with five in a row.
SHAPES = ((9, 30), (15, 30))
SEED = 2024
#: The shortest wins kept: shorter ones are within reach of the full search.
LEAST_PLIES = 9


def completing_cells(board: Board, player: Player) -> set[int]:
    """The empty cells where a mark of ``player`` completes a line, by the rules."""
    cells = set()
    for cell in board.legal_moves():
        bit = 1 << cell
        if player is Player.X:
            marked = board.with_marks(board.x_bits | bit, board.o_bits)
        else:
            marked = board.with_marks(board.x_bits, board.o_bits | bit)
        if marked.winner is player:
            cells.add(cell)
    return cells


def verified(board: Board, line: tuple[int, ...]) -> bool:
    """Whether the attacker, playing ``line``'s moves, wins against every
    defence, judged by the board's rules only."""
    attacker = board.turn
    for index in range(0, len(line), 2):
        board = board.play(line[index])
        if board.is_over:
            return board.winner is attacker
        if completing_cells(board, attacker.other):
            return False  # the defender would win at once
        threats = completing_cells(board, attacker)
        if len(threats) >= 2:
            return True  # one block cannot stop two completions
        if len(threats) != 1 or index + 1 >= len(line) or line[index + 1] not in threats:
            return False
        board = board.play(line[index + 1])
    return False


def random_game_positions(size: int, rng: random.Random) -> list[Board]:
    """The positions of one random game played near the marks, until it ends."""
    board = Board.empty(size, 5)
    centre = size // 2 * size + size // 2
    positions = []
    board = board.play(centre)
    while not board.is_over and board.move_count < size * size // 2:
        near = [
            move
            for move in board.legal_moves()
            if any(
                board[other] is not None
                for other in range(board.cells)
                if abs(other // size - move // size) <= 1 and abs(other % size - move % size) <= 1
            )
        ]
        board = board.play(rng.choice(near))
        positions.append(board)
    return positions


def build(seed: int = SEED) -> list[str]:
    """The position set, deterministically from ``seed``."""
    rng = random.Random(seed)
    found: list[str] = []
    for size, wanted in SHAPES:
        kept = 0
        while kept < wanted:
            for board in random_game_positions(size, rng):
                if board.is_over:
                    break
                line = board_vcf(board, budget=200_000)
                if line is not None and len(line) >= LEAST_PLIES and verified(board, line):
                    found.append(board.to_text())
                    kept += 1
                    break  # one position per game, for variety
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    if args.rebuild or not DATA.exists():
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text("\n".join(build()) + "\n", encoding="utf-8")
    boards = [Board.from_text(text) for text in DATA.read_text(encoding="utf-8").splitlines()]
    print(f"{len(boards)} positions with a forced win by fours, {args.think:g} s each")
    print(f"{'engine':10} {'found':>7} {'share':>6} {'nodes':>10} {'seconds':>8}")
    for name, baseline in (("threats", False), ("baseline", True)):
        found = nodes = 0
        started = time.perf_counter()
        for board in boards:
            engine = Engine(time_limit=args.think, randomize=False, baseline=baseline)
            result = engine.search(board)
            nodes += result.nodes
            if result.score > MATE_THRESHOLD:
                found += 1
        seconds = time.perf_counter() - started
        share = 100 * found / len(boards)
        print(f"{name:10} {found:>7} {share:>5.0f}% {nodes:>10} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
