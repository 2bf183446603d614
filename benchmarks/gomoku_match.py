"""A Gomoku match: this tree's engine against the engine of a git revision, or
against any Gomocup brain, at equal think time, as engine testers measure.

    python benchmarks/gomoku_match.py --baseline main --time 0.2 --games 20
    python benchmarks/gomoku_match.py --pbrain "./pbrain-other" --time 1 --games 100
    python benchmarks/gomoku_match.py --baseline main --nodes 15000 --games 100

``--nodes`` bounds this program's engines by nodes instead of time, so a match
gives the same games however busy the machine: a screen for changes that do
not change the speed per node; the figures that count are at equal think time.

Each opening of a fixed set is played twice, the engines swapping colours:
four stones near the centre, black to move, each checked by searches to
fixed depths to be balanced (``benchmarks/data/gomoku_openings.txt``: the 25
openings ``--build-openings 25 --seed 2026`` builds, then the 25 of ``--seed
2027``, two builds run side by side; see :func:`build_openings`);
``--openings FILE`` plays, or builds, another set, and ``--python`` names
the interpreter whose installed engine checks the candidates.
As Gomocup managers do, the manager sends each side the whole position once
a game (``BOARD`` … ``DONE``), then ``TURN`` with the other side's move,
and reads the reply; a side that answers with an illegal move, or not at
all within ten times its think time, loses. Both engines of this program play as
the strongest level does (``Engine(selective=True)``), each in its own
process, one thinking at a time, its table cleared at each game's start. The
baseline's engine is ``git archive <revision> ttt_gui`` unpacked into a
temporary folder: both run as plain Python, unless ``--python`` and
``--baseline-python`` name interpreters whose installed ttt_gui each side
plays instead, such as venvs holding the compiled wheels (``TTT_GUI_COMPILE=1
pip install .``) of the two revisions.

Prints wins, draws and losses of this tree's engine, its score with a 95%
interval (the normal approximation over games), and the Elo difference with
the interval's Elo bounds; and how many of the games it lost it lost to a win
by fours its own leaves could have seen: one of its moves left the other side
a line of fours as short as the selective search's leaves find
(``engine/leaf_fours.py``), where another move would have left none. Also
prints the load average at the start and end: on a loaded machine both
engines are slowed alike, but less searched.
"""

from __future__ import annotations

import argparse
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.engine.leaf_fours import LEAF_PLIES  # noqa: E402
from ttt_gui.engine.root_defence import fours_win_plies  # noqa: E402

SIZE = 15
#: The balanced openings (cells in play order, one opening a line).
OPENINGS = ROOT / "benchmarks" / "data" / "gomoku_openings.txt"
#: An opening is balanced when the scores of black's searches (it is to move)
#: to these fixed depths, one of each parity, sum to within BALANCED_SUM. The
#: sum is not centred on 0: an opening such searches call even favours black,
#: who has the move. Over 544 games at 1 s a move on 100 openings built by an
#: earlier check (short searches scoring it near 0), black took 0.656 of the
#: points, 0.015 more per point of this sum, which a sum of 16 fitted to half
#: (``--build-openings``). Node limits would not do: the depth they reach,
#: and with it the score's parity, varies by opening.
BALANCE_DEPTHS = (6, 7)
BALANCED_SUM = (10, 22)
#: Runs first in each helper process below: the engine of the tree on
#: ``sys.argv[1]``, or the interpreter's installed ttt_gui if that is empty.
PREAMBLE = r"""
import sys
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
elif sys.path[0] == "":  # the interpreter's installed ttt_gui, not the working folder's
    del sys.path[0]
from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit
"""
#: A brain that speaks the Gomocup protocol's START, BOARD and TURN through
#: the engine of the tree on ``sys.argv[1]`` (what every revision has:
#: Board, Engine(selective=...), Limit), so old revisions play without pbrain.
DRIVER = (
    PREAMBLE
    + r"""
budget, exact = sys.argv[2], sys.argv[3] == "1"
if budget.startswith("n"):  # a node limit: the same moves on a busy machine
    limit = Limit(nodes=int(budget[1:]))
else:
    limit = Limit(time=float(budget))
engine = Engine(selective=True, seed=int(sys.argv[4]))
size, stones, board = 15, None, None


def reply(board):  # prints the engine's move on board; the board after it
    move = engine.search(board, limit).move
    print(f"{move % size},{move // size}", flush=True)
    return board.play(move)


for line in sys.stdin:
    words = line.strip()
    if words.startswith("START"):
        size = int(words.split()[1])
        engine.clear()
        print("OK", flush=True)
    elif words == "BOARD":
        stones = []
    elif words == "DONE":
        own = sum(1 << (y * size + x) for x, y, who in stones if who == 1)
        opp = sum(1 << (y * size + x) for x, y, who in stones if who == 2)
        x_bits, o_bits = (own, opp) if own.bit_count() == opp.bit_count() else (opp, own)
        rules = {"exact": True} if exact else {}
        board = reply(Board(size, size, 5, x_bits, o_bits, **rules))
        stones = None
    elif words.startswith("TURN"):
        x, y = (int(part) for part in words.split()[1].split(","))
        board = reply(board.play(y * size + x))
    elif words == "END":
        break
    elif stones is not None:
        stones.append(tuple(int(part) for part in words.split(",")))
"""
)


#: Reads openings (cells in play order, comma-separated), one a line, and
#: prints for each the scores of its side to move's searches to the depths
#: in ``sys.argv[2]`` (comma-separated), one line each.
SCORER = (
    PREAMBLE
    + r"""
depths = [int(depth) for depth in sys.argv[2].split(",")]
deepened = 10**9  # a node bound never reached: the search deepens, as in play
for line in sys.stdin:
    board = Board.from_moves([int(cell) for cell in line.split(",")], 15, 5)
    scores = []
    for depth in depths:
        engine = Engine(selective=True, randomize=False)  # fresh: no table from another depth
        scores.append(engine.search(board, Limit(depth=depth, nodes=deepened)).score)
    print(" ".join(map(str, scores)), flush=True)
"""
)


def installed_environment() -> dict[str, str]:
    """This process's environment without ``PYTHONPATH``: a process started
    with it imports the ttt_gui its interpreter has installed."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


class Brain:
    """One side: a process speaking the Gomocup protocol."""

    def __init__(self, command: list[str], name: str, think: float, env: dict[str, str]) -> None:
        self.name = name
        self.think = think
        self.known: int | None = None  # the stones after the brain's last move
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
        )
        # A reader thread queues the brain's lines: a brain may write several
        # at once (DEBUG lines, then its move), which a buffered readline
        # would take in one read, where select() would then see nothing more.
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Queue each line of the brain's output, then None at its end."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self, timeout: float) -> str | None:
        """The next line that is not a MESSAGE/DEBUG, or None after ``timeout``
        (or once the brain's output has ended)."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                self.lines.put(None)  # the end stays the end
                return None
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line.strip()

    def start(self, exact: bool) -> None:
        self.known = None
        self.send(f"START {SIZE}")
        if self.answer(30) != "OK":
            raise SystemExit(f"{self.name} did not answer START")
        self.send(f"INFO timeout_turn {int(self.think * 1000)}")
        self.send("INFO timeout_match 0")
        self.send(f"INFO rule {1 if exact else 0}")

    def move(self, board: Board) -> int | None:
        """The brain's move on ``board`` (it is to move), None if it failed.

        As Gomocup managers play a game: the first time, the whole position
        (``BOARD`` … ``DONE``, after ``START``); then ``TURN`` with the
        other side's move since the brain's own (a brain need not clear its
        board on ``BOARD``, and keeps what it learnt between its moves)."""
        me = board.turn
        stones = board.x_bits | board.o_bits
        known = self.known
        added = stones & ~(known or 0)
        if known is not None and known & stones == known and added.bit_count() == 1:
            last = added.bit_length() - 1  # the other side's move since
            self.send(f"TURN {last % SIZE},{last // SIZE}")
        else:
            self.send("BOARD")
            for cell in range(board.cells):
                owner = board[cell]
                if owner is not None:
                    self.send(f"{cell % SIZE},{cell // SIZE},{1 if owner is me else 2}")
            self.send("DONE")
        reply = self.answer(10 * self.think + 5)
        try:
            x, y = (int(part) for part in (reply or "").split(","))
        except ValueError:
            return None
        cell = y * SIZE + x
        if not (0 <= x < SIZE and 0 <= y < SIZE) or board[cell] is not None:
            return None
        self.known = stones | 1 << cell
        return cell

    def close(self) -> None:
        try:
            self.send("END")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def openings(count: int, path: Path = OPENINGS) -> list[tuple[int, ...]]:
    """The first ``count`` openings of the balanced set at ``path`` (see
    :func:`build_openings`)."""
    lines = path.read_text(encoding="utf-8").split()
    found = [tuple(int(cell) for cell in line.split(",")) for line in lines]
    if count > len(found):
        found = found * (count // len(found) + 1)
    return found[:count]


def build_openings(
    count: int, seed: int = 2026, python: str | None = None
) -> list[tuple[int, ...]]:
    """``count`` openings of four stones (black, white, black, white: black
    to move) within two cells of the centre, each balanced: searches of
    black's to BALANCE_DEPTHS score it within BALANCED_SUM in all. The
    searches are this tree's engine's, or the ttt_gui installed for
    ``python`` (a compiled build is faster). The same seed gives the same
    candidates; the check is one engine's, so the set is built once and kept
    (``--build-openings``)."""
    rng = random.Random(seed)
    centre = SIZE // 2
    near = [
        (centre + d_row) * SIZE + centre + d_col
        for d_row in range(-2, 3)
        for d_col in range(-2, 3)
    ]
    depths = ",".join(map(str, BALANCE_DEPTHS))
    command = [python or sys.executable, "-c", SCORER, "" if python else str(ROOT), depths]
    environment = installed_environment()
    low, high = BALANCED_SUM
    found: list[tuple[int, ...]] = []
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment
    ) as scorer:
        assert scorer.stdin is not None and scorer.stdout is not None
        while len(found) < count:
            opening = tuple(rng.sample(near, 4))
            if opening in found or Board.from_moves(list(opening), SIZE, 5).is_over:
                continue
            scorer.stdin.write(",".join(map(str, opening)) + "\n")
            scorer.stdin.flush()
            scores = [int(word) for word in scorer.stdout.readline().split()]
            kept = low <= sum(scores) <= high
            print(f"opening {opening}: scores {scores}{', kept' if kept else ''}", flush=True)
            if kept:
                found.append(opening)
        scorer.stdin.close()
    return found


def play_game(
    black: Brain, white: Brain, opening: tuple[int, ...], exact: bool
) -> tuple[Player | None, list[Board]]:
    """The winner of one game (None for a draw; a failing side loses) and
    its positions from the opening on."""
    board = Board.from_moves(list(opening), SIZE, 5, exact=exact)
    for brain in (black, white):
        brain.start(exact)
    played = [board]
    while not board.is_over:
        brain = black if board.turn is Player.X else white
        move = brain.move(board)
        if move is None:
            print(f"  {brain.name} failed to move", flush=True)
            return board.turn.other, played
        board = board.play(move)
        played.append(board)
    return board.winner, played


def fours_left(played: list[Board], loser: Player) -> int:
    """The plies of the first win by fours, as short as the leaves find, that
    a move of ``loser`` left the other side where another move would not
    have; 0 if it never did."""
    for before, after in zip(played, played[1:]):
        if before.turn is not loser or after.is_over:
            continue
        plies = fours_win_plies(after)
        if plies:  # avoidable if some move leaves no such win
            others = (before.play(move) for move in before.legal_moves())
            return plies if any(o.is_over or not fours_win_plies(o) for o in others) else 0
    return 0


def elo(score: float) -> float:
    """The Elo difference of an expected score."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def engine_tree(revision: str, folder: Path) -> Path:
    """``revision``'s ttt_gui unpacked under ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "ttt_gui"],
        check=True,
        capture_output=True,
    ).stdout
    tar_path = folder / "tree.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(folder, filter="data")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    opponent = parser.add_mutually_exclusive_group()
    opponent.add_argument("--baseline", default="main", help="git revision of the opponent")
    opponent.add_argument("--pbrain", help="command line of a Gomocup brain as opponent")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move (each side)")
    parser.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help="instead of a think time, N nodes a move for this program's engines, which"
        " then play the same moves however busy the machine (for screening; their speeds"
        " per node must match); a --pbrain opponent gets N/5000 s a move",
    )
    parser.add_argument(
        "--python",
        metavar="PYTHON",
        help="this side plays the ttt_gui installed for PYTHON (say a venv with the"
        " compiled wheel of this tree) instead of this tree's source",
    )
    parser.add_argument(
        "--baseline-python",
        metavar="PYTHON",
        help="the baseline plays the ttt_gui installed for PYTHON instead of"
        " --baseline's source (say a venv with that revision's compiled wheel)",
    )
    parser.add_argument("--games", type=int, default=100, help="games (even: both colours)")
    parser.add_argument("--exact", action="store_true", help="standard Gomoku: exactly five")
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        metavar="N",
        help="start from the set's opening N+1 (two runs can share a match's openings)",
    )
    parser.add_argument(
        "--build-openings",
        type=int,
        metavar="COUNT",
        help="build the set of COUNT balanced openings with this tree's engine, and stop",
    )
    parser.add_argument(
        "--openings",
        type=Path,
        default=OPENINGS,
        metavar="FILE",
        help="the set of openings to play, or to build (default: the kept set)",
    )
    parser.add_argument(
        "--seed", type=int, default=2026, help="the candidates' seed when building a set"
    )
    arguments = parser.parse_args()
    if arguments.build_openings:
        built = build_openings(arguments.build_openings, arguments.seed, arguments.python)
        text = "".join(",".join(map(str, opening)) + "\n" for opening in built)
        arguments.openings.write_text(text, "utf-8")
        print(f"{len(built)} openings written to {arguments.openings}")
        return
    environment = installed_environment()
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        exact = "1" if arguments.exact else "0"
        bound = str(arguments.time) if arguments.nodes is None else f"n{arguments.nodes}"
        # How long a side may take before it loses: ten times this, plus 5 s.
        seconds = arguments.time if arguments.nodes is None else arguments.nodes / 5_000
        new = Brain(
            [arguments.python or sys.executable, "-c", DRIVER]
            + ["" if arguments.python else str(ROOT), bound, exact, "1"],
            "new",
            seconds,
            environment,
        )
        if arguments.pbrain:
            command, name = shlex.split(arguments.pbrain), "pbrain"
        elif arguments.baseline_python:
            command = [arguments.baseline_python, "-c", DRIVER, "", bound, exact, "2"]
            name = f"{arguments.baseline} ({arguments.baseline_python})"
        else:
            tree = engine_tree(arguments.baseline, Path(temporary))
            command = [sys.executable, "-c", DRIVER, str(tree), bound, exact, "2"]
            name = arguments.baseline
        old = Brain(command, name, seconds, environment)
        results: list[float] = []
        as_white: list[float] = []
        seen: list[int] = []  # per game the new engine lost: the fours its leaves could see
        try:
            wanted = arguments.skip + (arguments.games + 1) // 2
            pairs = openings(wanted, arguments.openings)[arguments.skip :]
            for number, opening in enumerate(pairs, start=arguments.skip):
                for new_is_black in (True, False):
                    if len(results) == arguments.games:
                        break
                    black, white = (new, old) if new_is_black else (old, new)
                    started = time.perf_counter()
                    winner, played = play_game(black, white, opening, arguments.exact)
                    new_side = Player.X if new_is_black else Player.O
                    points = 0.5 if winner is None else 1.0 if winner is new_side else 0.0
                    if winner is new_side.other:
                        seen.append(fours_left(played, new_side))
                        if seen[-1]:  # the game, to replay the move that left it
                            stones = [b.x_bits | b.o_bits for b in played]
                            moves = [(a ^ b).bit_length() - 1 for a, b in zip(stones, stones[1:])]
                            print(
                                "  a win by fours its leaves find was left; the game's moves"
                                f" (Board.from_moves), the opening's first: {[*opening, *moves]}"
                            )
                    results.append(points)
                    if not new_is_black:
                        as_white.append(points)
                    print(
                        f"game {len(results)}: opening {number}, new as "
                        f"{'black' if new_is_black else 'white'}: {points} "
                        f"({time.perf_counter() - started:.0f} s)",
                        flush=True,
                    )
        finally:
            new.close()
            old.close()
    report(results, as_white)
    visible = [plies for plies in seen if plies]
    print(
        f"losses where a move of the new engine left a win by fours its leaves find"
        f" (at most {LEAF_PLIES} plies) and another move would not: {len(visible)}"
        f" of {len(seen)}"
        + (f", after which the win took {sorted(visible)} plies" if visible else "")
    )
    print(f"load average at end: {os.getloadavg()}")


def report(results: list[float], as_white: list[float]) -> None:
    games = len(results)
    wins, draws = results.count(1.0), results.count(0.5)
    losses = games - wins - draws
    score = sum(results) / games
    deviation = math.sqrt(sum((points - score) ** 2 for points in results) / games)
    margin = 1.96 * deviation / math.sqrt(games)
    low, high = max(score - margin, 0.0), min(score + margin, 1.0)
    print(f"new engine: {wins} wins, {draws} draws, {losses} losses in {games} games")
    print(f"score {score:.3f} (95% interval {low:.3f} to {high:.3f})")
    print(f"Elo difference {elo(score):+.0f} (95% interval {elo(low):+.0f} to {elo(high):+.0f})")
    if as_white:
        print(f"as white: {sum(as_white) / len(as_white):.3f} of the points")


if __name__ == "__main__":
    main()
