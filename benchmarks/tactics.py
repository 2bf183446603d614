"""Gomoku tactics: wins by continuous fours to find, and positions where only
one defence holds against them; how many the engine solves in its think time.

Run ``python benchmarks/tactics.py`` (``--think`` seconds per position,
default 1; ``--rebuild`` regenerates the set, a few minutes).

The set (``benchmarks/data/tactics.txt``, one position a line: its kind,
:meth:`Board.to_text` and the answer) comes from seeded random games on a
15x15 board with five in a row (:func:`forced_wins.random_game_positions`),
one position per game, alternately of each kind:

- ``win <board> <plies>``: the side to move has a victory by continuous
  fours (VCF) of at least 7, 9 or 11 plies in turn (MIN_PLIES), at most
  MAX_PLIES; the threat search, run to its end (no budget cut), gives its
  shortest length, and the line is re-verified by the board's rules alone
  (:func:`forced_wins.verified`). Solved when the engine returns a proven
  win.
- ``defend <board> <cell>``: the side to move cannot make a four (so has
  no VCF, nor a four that only delays), the other side would have a VCF
  were it to move, and exactly one move leaves it none:
  every move within four cells of a stone is tried (a move farther away
  touches no line with a stone: it is a pass, which does not hold), each
  by a search run to its end. Solved when the engine plays that move.

The engine is this program's strongest level (``Engine(selective=True)``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from forced_wins import random_game_positions, verified  # noqa: E402

from ttt_gui.board import Board  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit  # noqa: E402
from ttt_gui.engine.threats import ThreatSearch, scan, side_bits  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "tactics.txt"
SEED = 2031
SIZE = 15
#: Positions of each kind in the set.
EACH = 30
#: The longest win kept, in plies, and the positions a check may visit (a
#: check that passes it is dropped with its position: it proved nothing).
MAX_PLIES = 15
#: The shortest win kept, in turn (so that the set has long lines too):
#: shorter ones are few moves from a double four.
MIN_PLIES = (7, 9, 11)
CHECK_BUDGET = 300_000
#: Moves farther than this from every stone are a pass as far as fours go.
REACH = 4


class Unproven(Exception):
    """A check ran out of its budget."""


def vcf_plies(me: int, opp: int, board: Board) -> int:
    """The plies of ``me``'s shortest VCF (``me`` to move) of at most
    MAX_PLIES, 0 if there is none; raises Unproven past the budget."""
    search = ThreatSearch(board.geometry, CHECK_BUDGET)
    line = search.find(me, opp, MAX_PLIES)
    if search.nodes > CHECK_BUDGET:
        raise Unproven
    return search.plies if line is not None else 0


def relevant_moves(board: Board) -> list[int]:
    """The legal moves within REACH cells of a stone."""
    stones = [cell for cell in range(board.cells) if board[cell] is not None]
    return [
        move
        for move in board.legal_moves()
        if any(
            abs(move // SIZE - s // SIZE) <= REACH and abs(move % SIZE - s % SIZE) <= REACH
            for s in stones
        )
    ]


def as_win(board: Board, least: int) -> str | None:
    """The set's line for ``board`` as a win to find of ``least`` plies or
    more, or None."""
    me, opp = side_bits(board)
    if scan(me, opp, board.geometry)[0]:
        return None  # a win at once is no tactic
    plies = vcf_plies(me, opp, board)
    if plies < least:
        return None
    line = ThreatSearch(board.geometry).find(me, opp, plies)
    if line is None or not verified(board, line):
        return None
    return f"win {board.to_text()} {plies}"


def as_defence(board: Board) -> str | None:
    """The set's line for ``board`` as the one defence to find, or None."""
    me, opp = side_bits(board)
    mine, theirs, fours = scan(me, opp, board.geometry)
    if mine or theirs or fours or not vcf_plies(opp, me, board):
        return None  # a win, a block by rule, fours to delay with, or nothing to stop
    holding = []
    for move in relevant_moves(board):
        if not vcf_plies(opp, me | 1 << move, board):
            holding.append(move)
            if len(holding) > 1:
                return None
    return f"defend {board.to_text()} {holding[0]}" if holding else None


def build(seed: int = SEED) -> list[str]:
    """The set, deterministically from ``seed``."""
    rng = random.Random(seed)
    found: dict[str, list[str]] = {"win": [], "defend": []}
    kinds = ("win", "defend")
    turn = 0

    def least() -> int:
        return MIN_PLIES[len(found["win"]) % len(MIN_PLIES)]

    while any(len(lines) < EACH for lines in found.values()):
        kind = kinds[turn % 2]
        if len(found[kind]) >= EACH:
            turn += 1
            continue
        for board in random_game_positions(SIZE, rng):
            if board.is_over:
                break
            try:
                line = as_win(board, least()) if kind == "win" else as_defence(board)
            except Unproven:
                continue
            if line is not None:
                found[kind].append(line)
                print(f"{kind} {len(found[kind])}: {line.rsplit(' ', 1)[1]}", flush=True)
                turn += 1
                break
    return found["win"] + found["defend"]


def load(path: Path = DATA) -> list[tuple[str, Board, int]]:
    """The set: (kind, board, plies of the win or the defending cell)."""
    positions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        kind, text, answer = line.split()
        positions.append((kind, Board.from_text(text), int(answer)))
    return positions


def solves(engine: Engine, kind: str, board: Board, answer: int, limit: Limit) -> bool:
    """Whether ``engine`` solves one position of the set within ``limit``."""
    result = engine.search(board, limit)
    if kind == "win":
        return result.score > MATE_THRESHOLD
    return result.move == answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="seconds per position")
    parser.add_argument("--rebuild", action="store_true", help="regenerate the set")
    args = parser.parse_args()
    if args.rebuild or not DATA.exists():
        DATA.write_text("\n".join(build()) + "\n", encoding="utf-8")
    positions = load()
    print(f"{len(positions)} positions, {args.think:g} s each")
    print(f"{'kind':8} {'solved':>7} {'of':>4} {'seconds':>8}")
    for kind in ("win", "defend"):
        chosen = [(board, answer) for k, board, answer in positions if k == kind]
        started = time.perf_counter()
        solved = 0
        for board, answer in chosen:
            engine = Engine(selective=True, seed=1)
            if solves(engine, kind, board, answer, Limit(time=args.think)):
                solved += 1
            else:
                print(f"  not solved: {kind} {board.to_text()} {answer}", flush=True)
        seconds = time.perf_counter() - started
        print(f"{kind:8} {solved:>7} {len(chosen):>4} {seconds:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
