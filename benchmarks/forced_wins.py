"""Forced wins by threats: how many the engine finds within its think time.

Run ``python benchmarks/forced_wins.py`` (``--think`` seconds per position,
default 1; ``--rebuild`` regenerates the position set; ``--threes`` uses the
set of wins by threats of three instead).

The set (``benchmarks/data/forced_wins.txt``, one position a line in
:meth:`Board.to_text` form, the side to move winning) is built from seeded
random games on 9x9 and 15x15 boards with five in a row: a position is kept
when the threat search proves a win by fours of nine plies or more, and that
win is re-verified with the board's rules alone (every reply of the defender
is tried). Each position is then searched by the engine and by
``Engine(baseline=True)``; a position counts as found when the search returns
a proven win. Target: the engine finds all of them.

With ``--threes`` the set (``benchmarks/data/threat_wins.txt``) holds
positions of the same kind of games with no win by fours that the threat
search with threes (VCT, :mod:`ttt_gui.engine.vct`) proves won in 9 to 15
plies (building it takes about 10 minutes). Its proof is the search's own: a
VCT is a tree, not one line, and the tests check that search against plain
minimax on small boards. The engines are then the two of ``strength.py``:
the top level's (selective, with threats of three) and the baseline, which
ignores ``selective`` as it does every technique added for reach.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit  # noqa: E402
from ttt_gui.engine.threats import board_vcf, side_bits  # noqa: E402
from ttt_gui.engine.vct import ContinuousThreats  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "forced_wins.txt"
THREES_DATA = DATA.with_name("threat_wins.txt")
#: Positions the threat search with threes may visit to prove a set's win,
#: and the longest such win kept.
THREES_BUDGET = 100_000
THREES_PLIES = 15
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


def proven_by_fours(board: Board) -> bool:
    """Whether ``board`` is a win by fours of LEAST_PLIES or more, re-verified."""
    line = board_vcf(board, budget=200_000)
    return line is not None and len(line) >= LEAST_PLIES and verified(board, line)


def proven_by_threes(board: Board) -> bool:
    """Whether ``board`` has no win by fours but a win by threats of three
    within THREES_PLIES plies that takes LEAST_PLIES or more."""
    if board_vcf(board, budget=THREES_BUDGET) is not None:
        return False
    search = ContinuousThreats(board.geometry, THREES_BUDGET)
    return search.find(*side_bits(board), THREES_PLIES) is not None and search.plies >= LEAST_PLIES


def build(kept_when: Callable[[Board], bool], seed: int = SEED) -> list[str]:
    """The position set, deterministically from ``seed``: the first position
    of each random game that ``kept_when`` accepts, until each shape has its share."""
    rng = random.Random(seed)
    found: list[str] = []
    for size, wanted in SHAPES:
        kept = 0
        while kept < wanted:
            for board in random_game_positions(size, rng):
                if board.is_over:
                    break
                if kept_when(board):
                    found.append(board.to_text())
                    kept += 1
                    break  # one position per game, for variety
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--threes", action="store_true", help="wins by threats of three")
    args = parser.parse_args()
    data, kind = (THREES_DATA, "threats of three") if args.threes else (DATA, "fours")
    if args.rebuild or not data.exists():
        data.parent.mkdir(parents=True, exist_ok=True)
        kept_when = proven_by_threes if args.threes else proven_by_fours
        data.write_text("\n".join(build(kept_when)) + "\n", encoding="utf-8")
    boards = [Board.from_text(text) for text in data.read_text(encoding="utf-8").splitlines()]
    print(f"{len(boards)} positions with a forced win by {kind}, {args.think:g} s each")
    print(f"{'engine':10} {'found':>7} {'share':>6} {'nodes':>10} {'seconds':>8}")
    for name, baseline in (("threats", False), ("baseline", True)):
        found = nodes = 0
        started = time.perf_counter()
        for board in boards:
            engine = Engine(randomize=False, baseline=baseline, selective=args.threes)
            result = engine.search(board, Limit(time=args.think))
            nodes += result.nodes
            if result.score > MATE_THRESHOLD:
                found += 1
        seconds = time.perf_counter() - started
        share = 100 * found / len(boards)
        print(f"{name:10} {found:>7} {share:>5.0f}% {nodes:>10} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
