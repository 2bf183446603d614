"""The strongest level against a perfect opponent and a random one, in Connect Four.

Run ``python benchmarks/connect_four_match.py`` (``--python PYTHON`` names
the interpreter of an environment with the build to measure installed, e.g.
the compiled one made by ``TTT_GUI_COMPILE=1 pip install .``; without it,
this source tree as plain Python). ``--games N`` openings, ``--seed N``,
``--think S`` seconds a move (default: the game's default think time), or
``--nodes N`` positions a move instead (no clock: the same moves on a busy
machine as on a quiet one, so two builds compare move for move);
``--level-python PYTHON`` has the level play in another build than the
opponents and the judge (``tree``: this source tree as plain Python), e.g.
the plain build judged by the compiled one, whose exact solves take
seconds where plain Python's take minutes;
``--opponent perfect|random|both`` (default both), ``--side
first|second|both`` (default both), ``--from-empty N`` games from the empty
board for each opponent and side asked: against the perfect opponent as the
first player only (where the level played the opening book's winning move,
every answer loses by the book's proof, and the perfect opponent chooses by
its seed among those the book answers, the positions the solver does not
settle at once; beyond the book each of its answers is an exact solve, as
elsewhere); against the random opponent as either player, whose first move
as the first player is one that does not lose but the centre (after the
centre the level is lost whatever it plays). The values of the games'
first positions come from the opening book.

The openings: random games of 6 moves from the empty 7x6 board
(reproducible from the seed) that are not over. From each, the strongest
level plays the side asked as the window makes it (its level table entry,
the think time, the window's table limit) against

- the perfect opponent: an exact search without a bound, which takes the
  fastest win and delays a loss as long as it can, choosing among equally
  good moves by a seed (the game's number);
- the random opponent: a random move (seeded) among those that do not lose
  (after which the level does not win with best play), any move if all lose;
- the rival (``--opponent rival --rival-python PYTHON``, ``tree`` as for
  ``--level-python``): the strongest level of another build, e.g. the
  current main's compiled, at the same think time, each side's moves
  judged; its value-losing moves and the level's points (a win 1, a draw
  1/2) are printed too.

Every one of the level's moves is checked by the exact solver (a weak solve:
win, draw or loss, before and after the move): a move that lowers the value
of the game for the level (a win to a draw or a loss, a draw to a loss) is
a value-losing move. Printed per game: the opening (columns played, 1-7),
the level's side, the opponent, the value of the opening for the level (as
the solver sees it) and the result, the level's moves, its longest think,
its CPU time, its value-losing moves (the stones on the board before each,
and how it chose it) and how it chose each move: ``b`` the opening
book's (its value proven by the book), ``e`` an exact solve (in a
position the book holds won without its distance, too: the soonest win),
``w`` a proven winning move (its distance unknown), ``h`` the heuristic
fallback (nothing proven within the think time). Then the totals, and how
many of the level's moves in won positions ``--soonest-from`` stones in or
more (10 by default) won soonest, checked by exact solves (where those
take seconds or less in the compiled build).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from build_worker import worker_answer, worker_command

ROOT = Path(__file__).resolve().parent.parent
RANK = {"lost": -1, "drawn": 0, "won": 1}

#: The strongest level's side of the worker, in the build it runs in:
#: ``level_player(number)``, a new game's player, and ``level_move(player,
#: board)``, its move, how it chose it (``b``, ``e``, ``w`` or ``h``) and its CPU time.
LEVEL = r"""
import json, sys, time
from ttt_gui.app.engine_pool import ENGINE_TABLE_LIMIT
from ttt_gui.board import Board
from ttt_gui.config import LEVELS, TOP_LEVEL, GameConfig
from ttt_gui.engine import COMPILED, Limit
from ttt_gui.engine.connect_four_book import shipped_book
from ttt_gui.engine.engine import MATE_THRESHOLD
from ttt_gui.engine.levels import LevelPlayer

level = LEVELS[TOP_LEVEL]


def level_player(number, nodes, think):
    budget = Limit(time=think, nodes=nodes or level.nodes)
    return LevelPlayer(level.lookahead, level.temperature, budget=budget, seed=number,
                       table_limit=ENGINE_TABLE_LIMIT)


def level_move(player, board):
    cpu = time.process_time()
    found = player.search(board)
    entry = shipped_book().lookup_board(board)
    # A win (or loss) the book holds without its distance: the soonest sought.
    sought = entry is not None and not entry.exact and entry.value != 0
    kind = ("b" if entry is not None and not (sought and found.exact)
            else "e" if found.exact else "w" if found.score > MATE_THRESHOLD else "h")
    return found.move, kind, time.process_time() - cpu
"""

#: The level played by another build (``--level-python``): one JSON line in
#: (the game, its number and bounds, the moves from the empty board), one
#: out (the level's move, how it chose it, its CPU time); a new game starts
#: a new player, as in the window.
LEVEL_SERVER = (
    LEVEL
    + r"""
print(json.dumps({"compiled": COMPILED}), flush=True)
player, playing = None, None
for line in sys.stdin:
    ask = json.loads(line)
    if ask["game"] != playing:
        player, playing = level_player(ask["number"], ask["nodes"], ask["think"]), ask["game"]
    board = Board.from_moves(ask["moves"], rows=6, cols=7, win_length=4, gravity=True)
    print(json.dumps(level_move(player, board)), flush=True)
"""
)

WORKER = (
    LEVEL
    + r"""
import random, subprocess
from ttt_gui.board import Player
from ttt_gui.engine import Engine
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_book import shipped_book

request = json.load(sys.stdin)
rng = random.Random(request["seed"])
nodes = request["nodes"]
think = None if nodes else request["think"] or GameConfig().think_time
judge = BoardSolver(6, 7, 2_000_000)
book = shipped_book()
RESULT = {1: "won", 0: "drawn", -1: "lost"}


def value_for(board, player):
    # The value of the game for ``player`` with best play: 1, 0 or -1; the
    # book's value where it has the position (checked by its tests and by
    # build/connect_four_book.py --verify), else a weak solve.
    if board.is_over:
        return 0 if board.winner is None else (1 if board.winner is player else -1)
    entry = book.lookup_board(board)
    if entry is not None:
        outcome = entry.outcome
    else:
        outcome = judge.outcome(board)
    return outcome if board.turn is player else -outcome


def value_after(board, move, player):
    # value_for(board.play(move), player); where the book has ``board`` and
    # ``move`` is its move, the value that move keeps (the book's proof).
    entry = book.lookup_board(board)
    if entry is not None and move % 7 == entry.column:
        outcome = entry.outcome
        return outcome if board.turn is player else -outcome
    return value_for(board.play(move), player)


def wins_soonest(board, move):
    # Whether ``move`` wins ``board`` (won for its side to move) soonest: the
    # exact value after it is the position's (exact solves).
    after = board.play(move)
    if after.is_over:
        return True
    current, mask, stones = judge.position(board)
    judge.solver.root_stones = stones
    value = judge.solver.value(current, mask, stones)
    current, mask, stones = judge.position(after)
    judge.solver.root_stones = stones
    return -judge.solver.value(current, mask, stones) == value


def random_safe_move(board, chooser, moves=None):
    # A random move (of ``moves``, else any) after which the other side
    # does not win, if any.
    moves = list(moves or board.legal_moves())
    chooser.shuffle(moves)
    for move in moves:
        if value_after(board, move, board.turn) != -1:
            return move
    return moves[0]


class OtherBuild:
    # The level played by the build of ``request["level"]`` (LEVEL_SERVER).
    def __init__(self, command):
        self.process = subprocess.Popen(
            command["argv"], cwd=command["cwd"], env=command["env"], text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.compiled = json.loads(self.process.stdout.readline())["compiled"]
        self.game = 0

    def player(self, number):
        self.game += 1
        return self.game, number

    def move(self, player, moves):
        (game, number) = player
        ask = {"game": game, "number": number, "nodes": nodes, "think": think, "moves": moves}
        self.process.stdin.write(json.dumps(ask) + "\n")
        self.process.stdin.flush()
        return tuple(json.loads(self.process.stdout.readline()))


other = OtherBuild(request["level"]) if request["level"] else None
rival = OtherBuild(request["rival"]) if request["rival"] else None


def play(board, side, opponent_kind, number, opening, from_empty=False):
    player = other.player(number) if other else level_player(number, nodes, think)
    rival_player = rival.player(number) if rival else None
    rival_lost = 0  # the rival's value-losing moves
    moves = list(opening)
    perfect = Engine(seed=number, randomize=True)
    chooser = random.Random(number)
    longest = level_cpu = 0.0
    kinds = ""
    lost_value = []
    slower = []  # the stones before each winning move not the soonest win
    won_moves = 0  # the level's moves in won positions with soonest_from stones or more
    start_value = value_for(board, side)
    value = start_value
    proven_lost = False
    while not board.is_over:
        started = time.perf_counter()
        if board.turn is side:
            if other:
                move, kind, cpu = other.move(player, moves)
            else:
                move, kind, cpu = level_move(player, board)
            level_cpu += cpu
            longest = max(longest, time.perf_counter() - started)
            kinds += kind
            after = board.play(move)
            entry = book.lookup_board(board)
            # After the book's winning move every reply loses (the book's proof).
            proven_lost = entry is not None and entry.value > 0 and move % 7 == entry.column
            kept = value_after(board, move, side)
            if kept < value:
                lost_value.append((board.move_count, kind))
            elif value == 1 and board.move_count >= request["soonest_from"]:
                won_moves += 1
                if not wins_soonest(board, move):
                    slower.append((board.move_count, kind))
            value = kept
            board = after
            moves.append(move)
        else:
            if opponent_kind == "rival":
                move = rival.move(rival_player, moves)[0]
                kept = value_after(board, move, board.turn)  # the rival's value
                if kept < -value:
                    rival_lost += 1
                value = -kept
            elif opponent_kind == "perfect" and proven_lost:
                # Each reply loses: one the book answers (where the solver could
                # not settle the position at once) if any, as the hardest.
                replies = board.legal_moves()
                hard = [m for m in replies if book.lookup_board(board.play(m)) is not None]
                move = chooser.choice(hard or replies)
            elif opponent_kind == "perfect":
                move = perfect.search(board).move
            else:
                move = random_safe_move(board, chooser)
            board = board.play(move)
            moves.append(move)
            if opponent_kind == "random" and not board.is_over:
                value = value_for(board, side)  # a random move may give value away
    result = 0 if board.winner is None else (1 if board.winner is side else -1)
    game = {"opening": opening, "from_empty": from_empty,
            "side": "first" if side is Player.X else "second",
            "opponent": opponent_kind, "value": RESULT[start_value], "result": RESULT[result],
            "level_moves": len(kinds), "longest": longest, "level_cpu": level_cpu,
            "kinds": kinds, "lost_value": lost_value, "rival_lost": rival_lost,
            "won_moves": won_moves, "slower": slower}
    print(json.dumps(game), file=sys.stderr, flush=True)
    return game


empty = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
games = []
for opponent_kind in request["opponents"]:
    for side in request["sides"]:
        for number in range(request["from_empty"]):
            if side == "X":
                games.append(play(empty, Player.X, opponent_kind, number, [], True))
            elif opponent_kind == "random":
                # Its first move among those that do not lose, but the centre
                # (which wins: after it every move of the level keeps the loss).
                sides = [move for move in empty.legal_moves() if move % 7 != 3]
                first = random_safe_move(empty, random.Random(number), sides)
                games.append(
                    play(empty.play(first), Player.O, opponent_kind, number, [first], True))
openings = []
while len(openings) < request["games"]:
    board, opening = empty, []
    for _ in range(6):
        move = rng.choice(board.legal_moves())
        board = board.play(move)
        opening.append(move)
    if not board.is_over:
        openings.append((board, opening))
for opponent_kind in request["opponents"]:
    for side in request["sides"]:
        for number, (board, opening) in enumerate(openings):
            games.append(play(board, Player[side], opponent_kind, number, opening))
for server in (other, rival):
    if server:
        server.process.stdin.close()
        server.process.wait()
json.dump({"compiled": COMPILED, "level_compiled": other.compiled if other else COMPILED,
           "think": think, "nodes": nodes, "games": games}, sys.stdout)
"""
)


def column_line(moves: list[int]) -> str:
    return "".join(str(cell % 7 + 1) for cell in moves) or "(empty)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", help="the Python of an environment with the build to measure")
    parser.add_argument(
        "--level-python",
        help="the Python of the build the level plays in, if not --python's"
        " ('tree': this source tree as plain Python)",
    )
    parser.add_argument("--games", type=int, default=6, help="openings")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--opponent", choices=("perfect", "random", "both", "rival"), default="both"
    )
    parser.add_argument(
        "--rival-python",
        help="the Python of the build whose strongest level is the rival opponent"
        " ('tree': this source tree as plain Python)",
    )
    parser.add_argument("--side", choices=("first", "second", "both"), default="both")
    parser.add_argument("--from-empty", type=int, default=0, help="games from the empty board")
    parser.add_argument(
        "--soonest-from",
        type=int,
        default=10,
        help="check the level's moves in won positions with this many stones or more"
        " for the soonest win (exact solves; 43: none)",
    )
    bound = parser.add_mutually_exclusive_group()
    bound.add_argument("--think", type=float, help="seconds a move (default: the game's)")
    bound.add_argument("--nodes", type=int, help="positions a move, with no clock")
    args = parser.parse_args()
    if (args.opponent == "rival") != (args.rival_python is not None):
        parser.error("--opponent rival and --rival-python go together")
    sides = {"first": ["X"], "second": ["O"], "both": ["X", "O"]}[args.side]
    opponents = ["perfect", "random"] if args.opponent == "both" else [args.opponent]
    request = {
        "games": args.games,
        "seed": args.seed,
        "think": args.think,
        "nodes": args.nodes,
        "sides": sides,
        "opponents": opponents,
        "from_empty": args.from_empty,
        "soonest_from": args.soonest_from,
        "level": None,
        "rival": None,
    }
    with tempfile.TemporaryDirectory() as outside:
        for name, python in (("level", args.level_python), ("rival", args.rival_python)):
            if python:  # 'tree': this source tree, as the worker's own default
                request[name] = worker_command(
                    LEVEL_SERVER, None if python == "tree" else python, outside
                )
        answer: dict[str, Any] = worker_answer(WORKER, request, args.python)
    builds = {True: "compiled", False: "pure Python"}
    build = builds[answer["level_compiled"]]
    if answer["level_compiled"] != answer["compiled"]:
        build += f", judged by the {builds[answer['compiled']]} one"
    per_move = f"{answer['nodes']:,} nodes" if answer["nodes"] else f"{answer['think']:g} s"
    print(
        f"7x6 Connect Four: the strongest level ({per_move} a move, {build}) from"
        f" {args.games} random 6-move openings (seed {args.seed})"
        + (f" and {args.from_empty} games from the empty board" if args.from_empty else "")
    )
    print(
        f"{'opening':>8} {'side':>6} {'opponent':>8} {'value':>6} {'result':>6} {'moves':>5}"
        f" {'longest s':>9} {'CPU s':>6}  {'value lost at':<14} chosen by"
    )
    for game in answer["games"]:
        lost = " ".join(f"{ply}{kind}" for ply, kind in game["lost_value"]) or "-"
        print(
            f"{column_line(game['opening']):>8} {game['side']:>6} {game['opponent']:>8}"
            f" {game['value']:>6} {game['result']:>6} {game['level_moves']:>5}"
            f" {game['longest']:>9.2f} {game['level_cpu']:>6.1f}  {lost:<14} {game['kinds']}"
        )
    for start, from_empty in (("the empty board", True), ("the openings", False)):
        for opponent in ("perfect", "random", "rival"):
            for side in ("first", "second"):
                summarize(answer["games"], start, from_empty, opponent, side)
    won_moves = sum(g["won_moves"] for g in answer["games"])
    slower = [(stones, kind) for g in answer["games"] for stones, kind in g["slower"]]
    print(
        f"the level's moves in won positions {args.soonest_from} stones in or more:"
        f" {won_moves}; the soonest win in {won_moves - len(slower)}"
        + (
            "; a slower one at (stones and how chosen) "
            + " ".join(f"{stones}{kind}" for stones, kind in sorted(slower))
            if slower
            else ""
        )
    )


def summarize(
    games: list[dict[str, Any]], start: str, from_empty: bool, opponent: str, side: str
) -> None:
    """Print the totals of ``games`` from ``start`` (``from_empty``: the empty
    board, else the random openings) against ``opponent`` as ``side``."""
    played = [
        g
        for g in games
        if g["from_empty"] == from_empty and g["opponent"] == opponent and g["side"] == side
    ]
    if played:
        counts = {r: sum(g["result"] == r for g in played) for r in ("won", "drawn", "lost")}
        kept = sum(RANK[g["result"]] >= RANK[g["value"]] for g in played)
        lost_moves = [kind for g in played for _, kind in g["lost_value"]]
        print(
            f"from {start}, against the {opponent} opponent as the {side} player:"
            f" {len(played)} games,"
            f" won {counts['won']}, drew {counts['drawn']}, lost {counts['lost']};"
            f" the opening's value kept in {kept}; value-losing moves {len(lost_moves)}"
            f" ({sum(k == 'h' for k in lost_moves)} heuristic,"
            f" {sum(k != 'h' for k in lost_moves)} proven)"
            + (
                f"; the rival's value-losing moves {sum(g['rival_lost'] for g in played)},"
                f" points {counts['won'] + counts['drawn'] / 2:g} of {len(played)}"
                if opponent == "rival"
                else ""
            )
        )


if __name__ == "__main__":
    main()
