"""The strongest level against the perfect solver, from won Connect Four openings.

Run ``python benchmarks/connect_four_match.py`` (``--python PYTHON`` names
the interpreter of an environment with the build to measure installed, e.g.
the compiled one made by ``TTT_GUI_COMPILE=1 pip install .``; without it,
this source tree as plain Python). ``--games N`` openings, ``--seed N``,
``--think S`` seconds a move (default: the game's default think time), or
``--nodes N`` positions a move instead (no clock: the same moves on a busy
machine as on a quiet one, so two builds compare move for move).

The openings: random games of 6 moves from the empty 7x6 board
(reproducible from the seed) that are not over and that the first player
wins with best play (a weak solve: win, draw or loss). From each, the
strongest level plays the first player as the window makes it (its level
table entry, the think time, the window's table limit) and the perfect
solver the second (an exact search without a bound, which delays its loss
as long as it can), to the end. Printed per game: the opening (columns
played, 1-7), the result for the level, its moves, its longest think and
the solver's total time, the level's CPU time, where it first let the win
go and how it chose each move; then the score. Each game takes about a
minute on the compiled build; the solver's first answers take longest.

How the level chose each move, one letter a move: ``e`` an exact solve,
``w`` a proven winning move (its distance unknown), ``h`` the heuristic
fallback (nothing proven within the think time). After each of the level's
moves a judge (a weak solve) tells whether the first player still wins: the
first move after which it does not is printed as its ply (the stones on the
board before it, 6 for the level's first move) and its letter; ``-`` where
the level kept the win to the end.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WORKER = r"""
import json, random, sys, time
from ttt_gui.app.engine_pool import ENGINE_TABLE_LIMIT
from ttt_gui.board import Board, Player
from ttt_gui.config import LEVELS, TOP_LEVEL, GameConfig
from ttt_gui.engine import COMPILED, Engine, Limit
from ttt_gui.engine.engine import MATE_THRESHOLD
from ttt_gui.engine.connect_four_path import BoardSolver
from ttt_gui.engine.levels import LevelPlayer

request = json.load(sys.stdin)
rng = random.Random(request["seed"])
nodes = request["nodes"]
think = None if nodes else request["think"] or GameConfig().think_time
level = LEVELS[TOP_LEVEL]
judge = BoardSolver(6, 7, 1_000_000)
games = []
while len(games) < request["games"]:
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
    opening = []
    for _ in range(6):
        move = rng.choice(board.legal_moves())
        board = board.play(move)
        opening.append(move)
    if board.is_over or judge.outcome(board) != 1:
        continue
    budget = Limit(time=think, nodes=nodes or level.nodes)
    player = LevelPlayer(level.lookahead, level.temperature, budget=budget, seed=len(games),
                         table_limit=ENGINE_TABLE_LIMIT)
    solver = Engine(randomize=False)
    longest = solver_seconds = level_cpu = 0.0
    kinds = ""
    let_go = None
    while not board.is_over:
        started = time.perf_counter()
        if board.turn is Player.X:
            cpu = time.process_time()
            found = player.search(board)
            level_cpu += time.process_time() - cpu
            longest = max(longest, time.perf_counter() - started)
            kinds += "e" if found.exact else "w" if found.score > MATE_THRESHOLD else "h"
            after = board.play(found.move)
            if let_go is None and not after.is_over and judge.outcome(after) != -1:
                let_go = (board.move_count, kinds[-1])
            move = found.move
        else:
            move = solver.search(board).move
            solver_seconds += time.perf_counter() - started
        board = board.play(move)
    result = {Player.X: "won", None: "drawn", Player.O: "lost"}[board.winner]
    games.append({"opening": opening, "result": result, "level_moves": len(kinds),
                  "longest": longest, "solver_seconds": solver_seconds,
                  "level_cpu": level_cpu, "kinds": kinds, "let_go": let_go})
    print(json.dumps(games[-1]), file=sys.stderr, flush=True)
json.dump({"compiled": COMPILED, "think": think, "nodes": nodes, "games": games}, sys.stdout)
"""


def column_line(moves: list[int]) -> str:
    return "".join(str(cell % 7 + 1) for cell in moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", help="the Python of an environment with the build to measure")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2026)
    bound = parser.add_mutually_exclusive_group()
    bound.add_argument("--think", type=float, help="seconds a move (default: the game's)")
    bound.add_argument("--nodes", type=int, help="positions a move, with no clock")
    args = parser.parse_args()
    request = {"games": args.games, "seed": args.seed, "think": args.think, "nodes": args.nodes}
    source = args.python is None
    with tempfile.TemporaryDirectory() as outside:
        done = subprocess.run(
            [args.python or sys.executable, "-c", WORKER],
            input=json.dumps(request),
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT if source else outside,
            env={"PATH": "/usr/bin:/bin", **({"PYTHONPATH": str(ROOT)} if source else {})},
            check=True,
        )
    answer: dict[str, Any] = json.loads(done.stdout)
    build = "compiled" if answer["compiled"] else "pure Python"
    bound = f"{answer['nodes']:,} nodes" if answer["nodes"] else f"{answer['think']:g} s"
    print(
        f"7x6 Connect Four: the strongest level (first player, {bound} a move,"
        f" {build}) against the perfect solver from won 6-move openings, seed {args.seed}"
    )
    print(
        f"{'opening':>8} {'result':>7} {'moves':>6} {'longest s':>9} {'solver s':>9}"
        f" {'level CPU s':>11} {'let go':>6}  chosen by"
    )
    for game in answer["games"]:
        let_go = "-" if game["let_go"] is None else "{} {}".format(*game["let_go"])
        print(
            f"{column_line(game['opening']):>8} {game['result']:>7} {game['level_moves']:>6}"
            f" {game['longest']:>9.2f} {game['solver_seconds']:>9.1f}"
            f" {game['level_cpu']:>11.1f} {let_go:>6}  {game['kinds']}"
        )
    counts = {
        result: sum(g["result"] == result for g in answer["games"])
        for result in ("won", "drawn", "lost")
    }
    won, drawn, lost = counts["won"], counts["drawn"], counts["lost"]
    print(f"the level won {won}, drew {drawn}, lost {lost} of {len(answer['games'])}")
    fallbacks = [game["let_go"] for game in answer["games"] if game["let_go"] is not None]
    print(
        f"the win let go by a heuristic move {sum(kind == 'h' for _, kind in fallbacks)} times,"
        f" by a proven one {sum(kind != 'h' for _, kind in fallbacks)} times"
    )


if __name__ == "__main__":
    main()
