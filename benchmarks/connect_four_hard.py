"""The strongest level's moves in hard 7x6 Connect Four positions, each checked
against the exact value of every move.

Run ``python benchmarks/connect_four_hard.py`` (``--python PYTHON`` names the
interpreter of an environment with the build to measure installed, as for
``connect_four_match.py``; without it, this source tree as plain Python).
``--think S`` seconds a move (default: the game's default think time) or
``--nodes N`` positions a move instead (no clock); ``--depths 6,8,10`` also
prints the choice of the heuristic search alone (the path's own, no solver)
at each of those depths.

The positions (``benchmarks/data/connect_four_hard.txt``) are where the
match's value-losing moves come from: random games of 6 to 9 moves from the
empty board (``--stones 6-9``; ``connect_four_hard_midgame.txt``, with
``--data``, holds those of 10 to 15 moves, where the book mostly ends and
the level's own search plays), kept where

- the solver does not settle the position within QUICK_NODES nodes from an
  empty table, so the level's think time mostly does not prove it either;
- the side to move does not lose with best play (where it does, every move
  keeps the value); and
- at least one move throws that value away.

Each line holds the columns played (1-7), the value for the side to move
(1 a win, 0 a draw) and, for columns 1 to 7, the value for the same side
after a move there (1, 0 or -1; ``x`` for a full column), each a weak solve
by this engine's own solver. ``--generate N --seed S`` appends N more such
positions (compiled, about a minute of one core each, the rejected samples
included); each line is written as soon as it is known, so a run can stop at
any time (leaving the first positions of its seed) and another seed add more.

A move is value-losing where its value is below the position's. Printed per
position: the stones, the value, the level's move, how it was chosen (``e``
an exact solve, ``w`` a proven winning move, ``h`` the heuristic fallback)
and whether it lost value; then the totals by stones and by how chosen.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from build_worker import started_worker, worker_answer

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data" / "connect_four_hard.txt"

#: The nodes within which a position the solver settles is not hard.
QUICK_NODES = 1_500_000

WORKER = r"""
import json, math, random, sys, threading
from ttt_gui.app.engine_pool import ENGINE_TABLE_LIMIT
from ttt_gui.board import Board
from ttt_gui.config import LEVELS, TOP_LEVEL, GameConfig
from ttt_gui.engine import COMPILED, Limit
from ttt_gui.engine.engine import MATE_THRESHOLD
from ttt_gui.engine.connect_four_choice import GuessSearch
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.levels import LevelPlayer
from ttt_gui.engine.state import SearchAborted

request = json.load(sys.stdin)
empty = Board.empty(rows=6, cols=7, win_length=4, gravity=True)


def board_of(line):
    board = empty
    for column in line:
        board = board.play(next(m for m in board.legal_moves() if m % 7 == int(column) - 1))
    return board


def generate(count, seed, quick_nodes, fewest, most):
    rng = random.Random(seed)
    judge = BoardSolver(6, 7, 2_000_000)
    quick = BoardSolver(6, 7, 2_000_000)
    stop = threading.Event()
    made = 0
    while made < count:
        board, line = empty, []
        for _ in range(rng.randint(fewest, most)):
            move = rng.choice(board.legal_moves())
            board = board.play(move)
            line.append(move % 7 + 1)
            if board.is_over:
                break
        if board.is_over:
            continue
        quick.solver.clear()
        quick.solver.limit(stop, math.inf, quick.solver.nodes + quick_nodes)
        try:
            quick.outcome(board)
            continue  # settled at once: not hard
        except SearchAborted:
            pass
        value = judge.outcome(board)
        if value < 0:
            continue
        after = {}
        for move in board.legal_moves():
            child = board.play(move)
            if child.is_over:
                after[move % 7 + 1] = 0 if child.winner is None else 1
            else:
                after[move % 7 + 1] = -judge.outcome(child)
        if all(kept >= value for kept in after.values()):
            continue
        made += 1
        cells = " ".join(str(after.get(column, "x")) for column in range(1, 8))
        print("".join(map(str, line)), value, cells, flush=True)


def measure(positions, think, nodes, depths):
    level = LEVELS[TOP_LEVEL]
    think = None if nodes else think or GameConfig().think_time
    shapes = BoardSolver(6, 7, 1_000)
    results = []
    for number, (line, value, after) in enumerate(positions):
        board = board_of(line)
        player = LevelPlayer(level.lookahead, level.temperature,
                             budget=Limit(time=think, nodes=nodes or level.nodes),
                             seed=number, table_limit=ENGINE_TABLE_LIMIT)
        found = player.search(board)
        kind = "e" if found.exact else "w" if found.score > MATE_THRESHOLD else "h"
        guesses = {}
        if depths:
            guess = GuessSearch(shapes, board)
            for depth in range(1, max(depths) + 1):
                guess.deepen()
                if depth in depths:
                    guesses[depth] = guess.choice(set())[0] % 7 + 1
        results.append({"move": found.move % 7 + 1, "kind": kind, "guesses": guesses})
    return {"compiled": COMPILED, "think": think, "nodes": nodes, "results": results}


if request["generate"]:
    generate(request["generate"], request["seed"], request["quick_nodes"], *request["stones"])
else:
    json.dump(measure(request["positions"], request["think"], request["nodes"],
                      request["depths"]), sys.stdout)
"""


def read_positions(path: Path) -> list[tuple[str, int, dict[int, int]]]:
    """The positions of ``path``: (columns played, value, value after each
    playable column), comments and blank lines left out."""
    positions = []
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.strip() or text.startswith("#"):
            continue
        line, value, *after = text.split()
        values = {column: int(kept) for column, kept in enumerate(after, 1) if kept != "x"}
        positions.append((line, int(value), values))
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", help="the Python of an environment with the build to measure")
    parser.add_argument("--data", type=Path, default=DATA, help="the positions' file")
    parser.add_argument("--generate", type=int, default=0, help="positions to add to the file")
    parser.add_argument("--seed", type=int, default=2026, help="the seed of --generate")
    parser.add_argument(
        "--stones", default="6-9", help="the stones of the positions --generate makes, as 6-9"
    )
    parser.add_argument("--depths", default="", help="heuristic depths to print, e.g. 6,8,10")
    bound = parser.add_mutually_exclusive_group()
    bound.add_argument("--think", type=float, help="seconds a move (default: the game's)")
    bound.add_argument("--nodes", type=int, help="positions a move, with no clock")
    args = parser.parse_args()
    depths = [int(depth) for depth in args.depths.split(",") if depth]
    fewest, _, most = args.stones.partition("-")
    if not (fewest.isdigit() and most.isdigit() and 1 <= int(fewest) <= int(most) <= 40):
        parser.error(f"--stones must be two numbers from 1 to 40 as 6-9, not {args.stones!r}")
    request: dict[str, Any] = {
        "generate": args.generate,
        "seed": args.seed,
        "quick_nodes": QUICK_NODES,
        "stones": [int(fewest), int(most)],
        "think": args.think,
        "nodes": args.nodes,
        "depths": depths,
        "positions": [],
    }
    if args.generate:
        with started_worker(WORKER, request, args.python) as worker:
            assert worker.stdout is not None
            with args.data.open("a", encoding="utf-8") as data:
                for text in worker.stdout:
                    data.write(text)
                    data.flush()
                    print(text, end="", flush=True)
        sys.exit(worker.returncode)
    positions = read_positions(args.data)
    request["positions"] = positions
    answer = worker_answer(WORKER, request, args.python)
    build = "compiled" if answer["compiled"] else "pure Python"
    per_move = f"{answer['nodes']:,} nodes" if answer["nodes"] else f"{answer['think']:g} s"
    print(
        f"7x6 Connect Four: the strongest level ({per_move} a move, {build})"
        f" in {len(positions)} hard positions ({args.data.name})"
    )
    print(
        f"{'position':>10} {'stones':>6} {'value':>5} {'move':>4} {'by':>2} {'lost':>4}"
        + "".join(f" {'d' + str(depth):>4}" for depth in depths)
    )
    lost_by: dict[tuple[int, str], list[bool]] = {}
    guess_lost = dict.fromkeys(depths, 0)
    for (line, value, after), result in zip(positions, answer["results"], strict=True):
        lost = after[result["move"]] < value
        lost_by.setdefault((len(line), result["kind"]), []).append(lost)
        marks = ""
        for depth in depths:
            move = result["guesses"][str(depth)]
            guess_lost[depth] += after[move] < value
            marks += f" {move}{'!' if after[move] < value else ' '}".rjust(5)
        print(
            f"{line:>10} {len(line):>6} {value:>5} {result['move']:>4} {result['kind']:>2}"
            f" {'yes' if lost else '-':>4}{marks}"
        )
    total = sum(sum(flags) for flags in lost_by.values())
    print(f"value-losing moves: {total} of {len(positions)}")
    for stones in sorted({key[0] for key in lost_by}):
        for kind in "ewh":
            flags = lost_by.get((stones, kind), [])
            if flags:
                print(f"  {stones} stones, chosen by {kind}: {sum(flags)} of {len(flags)}")
    for depth in depths:
        print(f"the heuristic search alone at depth {depth}: {guess_lost[depth]} value-losing")


if __name__ == "__main__":
    main()
