"""Playing strength: the top level's engine against ``Engine(baseline=True)``.

Run ``python benchmarks/strength.py`` (``--think`` seconds per move, default 1;
``--games`` per board, default 40; ``--jobs`` games at once, default 1;
``--boards`` a subset such as ``9x9``).

Both think the same time a move. The engine is the one the top level plays
with (``selective=True``: the selective search and threats of three). Each
board (7x7, 9x9 and 15x15, five in a row) starts from seeded openings of two
random moves near the centre; each opening is played twice, the sides
swapped, so neither engine profits from moving first. A win is a point, a
draw half a point. Target: the engine takes at least 70% of the points on
every board. The mid-game depth is the mean depth of the searches between
moves 6 and 20, per engine (node counts beside it, as timings are noisy).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.engine import Engine, Limit  # noqa: E402

BOARDS = {"7x7": 7, "9x9": 9, "15x15": 15}
SEED = 15
#: The moves whose searches count for the mid-game depth.
MID_GAME = range(6, 21)

Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class Game:
    """One finished game: the threat engine's points and its searches' figures."""

    points: float
    depths: tuple[list[int], list[int]]  # mid-game depths: (engine, baseline)
    nodes: tuple[int, int]
    line: tuple[int, ...]  # every move, the opening's included

    @property
    def moves(self) -> int:
        return len(self.line)


def openings(size: int, count: int) -> list[tuple[int, int]]:
    """``count`` distinct seeded openings: two moves within two cells of the centre."""
    rng = random.Random(SEED * 100 + size)
    centre = size // 2
    near = [
        row * size + col
        for row in range(centre - 2, centre + 3)
        for col in range(centre - 2, centre + 3)
    ]
    chosen: list[tuple[int, int]] = []
    while len(chosen) < count:
        first, second = rng.sample(near, 2)
        if (first, second) not in chosen:
            chosen.append((first, second))
    return chosen


def pairings(size: int, games: int) -> list[tuple[tuple[int, int], bool]]:
    """The ``games`` games of a board as (opening, whether the engine plays X):
    each opening twice, the sides swapped."""
    return [
        (opening, engine_plays_x)
        for opening in openings(size, max(games // 2, 1))
        for engine_plays_x in (True, False)
    ]


def record(points: list[float]) -> str:
    """The engine's wins, draws and losses as ``W-D-L``."""
    wins, losses = points.count(1.0), points.count(0.0)
    return f"{wins}-{len(points) - wins - losses}-{losses}"


def each_game(
    pool: Executor,
    game: Callable[..., Outcome],
    size: int,
    games: int,
    *options: float,
) -> list[Outcome]:
    """``game(size, opening, engine_plays_x, *options)`` for each of the
    board's ``games`` pairings (see :func:`pairings`), run on ``pool``, in order."""
    jobs = [
        pool.submit(game, size, opening, engine_plays_x, *options)
        for opening, engine_plays_x in pairings(size, games)
    ]
    return [job.result() for job in jobs]


def match_arguments(description: str, boards: list[str]) -> argparse.ArgumentParser:
    """The options of a match of the engine against the baseline: ``--think``,
    ``--games``, ``--jobs`` and ``--boards`` (``boards`` by default)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=40, help="per board (even)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--boards", nargs="*", default=boards, choices=list(BOARDS))
    return parser


def play(size: int, opening: tuple[int, int], engine_plays_x: bool, think: float) -> Game:
    """One game from ``opening``; the engine plays X when ``engine_plays_x``."""
    board = Board.from_moves(list(opening), size, 5)
    engines = {
        Player.X: Engine(seed=1, baseline=not engine_plays_x, selective=True),
        Player.O: Engine(seed=2, baseline=engine_plays_x, selective=True),
    }
    threat_side = Player.X if engine_plays_x else Player.O
    depths: tuple[list[int], list[int]] = ([], [])
    nodes = [0, 0]
    line = list(opening)
    while not board.is_over:
        result = engines[board.turn].search(board, Limit(time=think))
        index = 0 if board.turn is threat_side else 1
        if board.move_count in MID_GAME:
            depths[index].append(result.depth)
        nodes[index] += result.nodes
        board = board.play(result.move)
        line.append(result.move)
    points = 0.5 if board.winner is None else float(board.winner is threat_side)
    return Game(points, depths, (nodes[0], nodes[1]), tuple(line))


def mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def main() -> None:
    args = match_arguments(__doc__.splitlines()[0], list(BOARDS)).parse_args()
    print(f"engine vs baseline, {args.think:g} s a move, {args.games} games a board")
    print(
        f"{'board':6} {'games':>5} {'points':>7} {'share':>6} {'W-D-L':>9} "
        f"{'depth':>6} {'base':>5} {'nodes':>10} {'base':>10} {'moves':>6} {'min':>5}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.boards:
            size = BOARDS[name]
            started = time.perf_counter()
            games = each_game(pool, play, size, args.games, args.think)
            points = sum(game.points for game in games)
            depth = mean([d for game in games for d in game.depths[0]])
            base_depth = mean([d for game in games for d in game.depths[1]])
            nodes = sum(game.nodes[0] for game in games)
            base_nodes = sum(game.nodes[1] for game in games)
            moves = mean([game.moves for game in games])
            minutes = (time.perf_counter() - started) / 60
            print(
                f"{name:6} {len(games):>5} {points:>7.1f} {100 * points / len(games):>5.0f}% "
                f"{record([game.points for game in games]):>9} {depth:>6.2f} {base_depth:>5.2f} "
                f"{nodes:>10} {base_nodes:>10} "
                f"{moves:>6.1f} {minutes:>5.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
