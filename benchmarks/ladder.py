"""The difficulty ladder: matches between neighbouring levels, and each level's mistakes on 3x3.

Run ``python benchmarks/ladder.py`` (``--quick`` plays fewer games; ``--jobs
N`` plays games in N processes).

Matches: each level against the one below, sides alternating, on 3x3 (100
games), 4x4 (40), 5x5 with 4 in a row, 7x7 and 9x9 with 5 in a row (40 each),
plus Easy against a uniformly random mover on 3x3; with ``--variants``, also
on Avoid three (3x3 misère), Connect Four and Gomoku (20 each). Players are
built as the app builds them (``Session.engine``) at the default think time,
so where the board is not solved Medium's and Hard's node budgets are their
real limit and the think time an upper bound (the script counts the moves
the clock cut short: 0 keeps those games reproducible, as every game is
seeded), while the top level thinks for the whole think time.

Mistakes: over every live 3x3 position (4,520: reachable, not over), the
share of a level's moves that (a) miss a win in one, (b) miss a forced block
(no win in one, and the opponent threatens to win on exactly one cell),
(c) change the game's value (win, draw or loss, from an independent plain
minimax). Shares are exact expectations over the level's move probabilities
(``LevelPlayer.policy``), not samples; (a) and (b) are out of the positions
where they apply.

Targets: each level beats the one below more than it loses on every board
(4x4, where sound play draws, only for the top level's target);
Easy beats a random mover in at least 90% of games on 3x3; from Medium up (a)
and (b) are 0; the top level never loses on 3x3 and 4x4.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.app.session import Session  # noqa: E402
from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.config import LEVELS, TOP_LEVEL, GameConfig, Mode, Shape  # noqa: E402
from ttt_gui.engine import Limit  # noqa: E402
from ttt_gui.engine.levels import LevelPlayer  # noqa: E402
from ttt_gui.storage.settings import Settings  # noqa: E402

RANDOM = "random"
#: (board, games per pairing, with --quick).
BOARDS: tuple[tuple[Shape, int, int], ...] = (
    (Shape(3, 3, 3), 100, 20),
    (Shape(4, 4, 4), 40, 6),
    (Shape(5, 5, 4), 40, 6),
    (Shape(7, 7, 5), 40, 6),
    (Shape(9, 9, 5), 40, 6),
)
VARIANTS: tuple[tuple[Shape, int, int], ...] = (
    (Shape(3, 3, 3, misere=True), 20, 6),
    (Shape(6, 7, 4, gravity=True), 20, 4),
    (Shape(15, 15, 5), 20, 4),
)
NAMES = [RANDOM, *LEVELS]


@dataclass(frozen=True)
class Game:
    shape: Shape
    x_level: str
    o_level: str
    seed: int


@dataclass(frozen=True)
class Played:
    winner: Player | None
    moves: int
    clock_stops: int  # moves whose search the think time cut before the node budget


def play(game: Game) -> Played:
    """One game between two levels (or the random mover), seeded."""
    levels = [name if name != RANDOM else "easy" for name in (game.x_level, game.o_level)]
    config = GameConfig(mode=Mode.WATCH, x_level=levels[0], o_level=levels[1]).with_shape(
        game.shape
    )
    session = Session(Settings(game=config), seed=game.seed)
    mover = random.Random(game.seed)
    random_side = {Player.X: game.x_level == RANDOM, Player.O: game.o_level == RANDOM}
    moves = clock_stops = 0
    while not session.board.is_over:
        board = session.board
        if random_side[board.turn]:
            move = mover.choice(board.legal_moves())
        else:
            player = session.engines.player(session.config, board.turn)
            result = player.search(board)
            move = result.move
            limit, budget = player.limit.time, player.limit.nodes
            if limit is not None and result.elapsed >= limit and not result.exact:
                clock_stops += budget is None or result.nodes < budget
        session.history.play(move)
        moves += 1
    return Played(session.board.winner, moves, clock_stops)


def match(upper: str, lower: str, shape: Shape, games: int, pool: ProcessPoolExecutor) -> str:
    """A line: ``upper``'s wins, draws and losses against ``lower``."""
    schedule = [
        Game(shape, *((upper, lower) if n % 2 == 0 else (lower, upper)), seed=n)
        for n in range(games)
    ]
    rows, cols, win_length, gravity, misere, exact = shape
    solved = shape.solved
    started = time.perf_counter()
    wins = draws = losses = clock_stops = moves = 0
    for game, played in zip(schedule, pool.map(play, schedule)):
        upper_side = Player.X if game.x_level == upper else Player.O
        moves += played.moves
        clock_stops += played.clock_stops
        if played.winner is None:
            draws += 1
        elif played.winner is upper_side:
            wins += 1
        else:
            losses += 1
    verdict = "ok" if wins > losses else "MISSED"
    if upper == "easy" and lower == RANDOM and not misere:  # misère: a random mover loses less
        verdict = "ok" if wins >= 0.9 * games else "MISSED (target 90%)"
    elif upper == TOP_LEVEL and solved and losses:
        verdict = "MISSED (top level lost)"
    elif (rows, cols) == (4, 4):  # only the top level's target: sound play draws 4x4
        verdict = "ok" if upper == TOP_LEVEL or wins >= losses else "MISSED"
    rules = "".join(f" {rule}" for rule, on in (("gravity", gravity), ("misère", misere)) if on)
    return (
        f"{cols}x{rows} k={win_length}{rules}  {upper:>9} vs {lower:<9} {games:4} games: "
        f"{wins:3} W {draws:3} D {losses:3} L  {verdict:<6}"
        f"  ({moves} moves, {clock_stops} cut by the clock, {time.perf_counter() - started:.0f} s)"
    )


# -- mistakes on 3x3 --------------------------------------------------------------


@cache
def value(board: Board) -> int:
    """Plain minimax outcome from the side to move: 1 win, 0 draw, -1 loss."""
    if board.is_over:
        return 0 if board.winner is None else -1  # the side to move has lost
    return max(-value(board.play(move)) for move in board.legal_moves())


def live_positions() -> list[Board]:
    """Every reachable 3x3 position where the game goes on."""
    seen: set[Board] = set()
    frontier = [Board.empty(3)]
    while frontier:
        board = frontier.pop()
        if board in seen or board.is_over:
            continue
        seen.add(board)
        frontier.extend(board.play(move) for move in board.legal_moves())
    return sorted(seen, key=lambda b: (b.move_count, b.x_bits, b.o_bits))


def winning_cells(board: Board, player: Player) -> set[int]:
    """Cells where ``player`` would complete a line at once."""
    own = board.x_bits if player is Player.X else board.o_bits
    cells = set()
    for cell in board.legal_moves():
        bits = own | 1 << cell
        if any(mask & bits == mask for mask in board.geometry.lines):
            cells.add(cell)
    return cells


def player_3x3(name: str) -> LevelPlayer:
    """Level ``name`` on 3x3, as the app builds it."""
    level = GameConfig(level=name).strength_for(Player.O)
    return LevelPlayer(level.lookahead, level.temperature, budget=Limit(nodes=level.nodes), seed=0)


def expected_result(upper: str, lower: str) -> str:
    """A line: ``upper``'s expected wins, draws and losses against ``lower`` on
    3x3, exact: every game weighted by its probability, sides alternating."""
    players = {name: player_3x3(name) for name in (upper, lower) if name != RANDOM}

    def policy(name: str, board: Board) -> dict[int, float]:
        if name == RANDOM:
            moves = board.legal_moves()
            return dict.fromkeys(moves, 1 / len(moves))
        return players[name].policy(board).probabilities

    @cache
    def results(board: Board, upper_side: Player) -> tuple[float, float, float]:
        if board.is_over:
            winner = board.winner
            return (winner is upper_side, winner is None, winner is upper_side.other)
        name = upper if board.turn is upper_side else lower
        total = [0.0, 0.0, 0.0]
        for move, probability in policy(name, board).items():
            for index, share in enumerate(results(board.play(move), upper_side)):
                total[index] += probability * share
        return total[0], total[1], total[2]

    sides = [results(Board.empty(3), side) for side in Player]
    wins, draws, losses = ((a + b) / 2 for a, b in zip(*sides))
    return (
        f"3x3 k=3  {upper:>9} vs {lower:<9} expected: {wins:6.1%} W {draws:6.1%} D {losses:6.1%} L"
    )


def mistakes(name: str, positions: list[Board]) -> str:
    """A line: level ``name``'s shares of mistakes (a), (b), (c) over ``positions``."""
    config = GameConfig(mode=Mode.WATCH, x_level=name, o_level=name)
    player = player_3x3(name)
    missed_win = missed_block = changed = 0.0
    with_win = with_block = 0
    for board in positions:
        probabilities = player.policy(board).probabilities
        wins = winning_cells(board, board.turn)
        threats = winning_cells(board, board.turn.other)
        if wins:
            with_win += 1
            missed_win += sum(p for move, p in probabilities.items() if move not in wins)
        elif len(threats) == 1:
            with_block += 1
            missed_block += sum(p for move, p in probabilities.items() if move not in threats)
        before = value(board)
        changed += sum(p for m, p in probabilities.items() if -value(board.play(m)) != before)
    return (
        f"{config.level_label(name):>9}: (a) missed wins {missed_win / with_win:7.2%} "
        f"of {with_win}, (b) missed blocks {missed_block / with_block:7.2%} of {with_block}, "
        f"(c) value changed {changed / len(positions):7.2%} of {len(positions)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games per pairing")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--exact-only", action="store_true", help="skip the played matches")
    parser.add_argument(
        "--variants", action="store_true", help="also Avoid three, Connect Four and Gomoku"
    )
    parser.add_argument(
        "--variants-only", action="store_true", help="only the matches on the variants"
    )
    arguments = parser.parse_args(argv)

    boards = BOARDS + VARIANTS if arguments.variants else BOARDS
    if arguments.variants_only:
        boards = VARIANTS
    else:
        positions = live_positions()
        print(f"Mistakes over the {len(positions)} live 3x3 positions (expected shares):")
        for name in LEVELS:
            print(mistakes(name, positions), flush=True)
        print("\nExact expected results on 3x3 (every game weighted by its probability):")
        for lower, upper in zip(NAMES, NAMES[1:]):
            print(expected_result(upper, lower), flush=True)
    if arguments.exact_only:
        return 0
    print(f"\nMatches (default think time {GameConfig().think_time:g} s as the upper bound):")
    with ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        for shape, games, quick_games in boards:
            count = quick_games if arguments.quick else games
            if shape[:2] == (3, 3):
                print(match("easy", RANDOM, shape, count, pool), flush=True)
            for lower, upper in zip(NAMES[1:], NAMES[2:]):
                print(match(upper, lower, shape, count, pool), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
