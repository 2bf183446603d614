"""Where the strength benchmark's points can come from: its games replayed,
and every position from move 8 on solved exactly, to count the moves that
throw a proven result away.

Run ``python benchmarks/blunders.py`` (``--boards``, default 7x7; ``--think``,
``--games`` and ``--jobs`` as for ``strength.py``; ``--cap`` seconds per solve,
default 8). The games are those of ``strength.py`` (same openings, same
engines). Each position is solved by a fresh search of the exact engine,
stopped after ``--cap`` seconds (then unknown). A *blunder* is a move from a
position its player does not lose into one it loses, or from one it wins
into one it does not win, both proven. On a board whose value is a draw, the
engine can win only the games in which the baseline blunders.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import BOARDS, each_game, match_arguments, play, record  # noqa: E402
from watched import watched_search  # noqa: E402

from ttt_gui.board import Board, Player  # noqa: E402
from ttt_gui.engine import MATE_THRESHOLD, Engine  # noqa: E402

#: The first position solved: the move count after which it arises.
FIRST_MOVE = 8


WORDS = {1: "X wins", 0: "draw", -1: "O wins"}


@dataclass(frozen=True)
class Audit:
    """One game, its moves, and its positions' proven values (+1 X wins, 0
    draw, -1 O wins, None unknown) from move ``FIRST_MOVE`` on."""

    points: float
    engine_plays_x: bool
    line: tuple[int, ...]
    values: tuple[int | None, ...]

    def blunders(self, by_engine: bool) -> list[int]:
        """The numbers (from 0) of one side's moves that threw a proven result away."""
        found = []
        for index in range(len(self.values) - 1):
            before, after = self.values[index], self.values[index + 1]
            number = FIRST_MOVE + index
            mover = Player.X if number % 2 == 0 else Player.O
            if (
                before is None
                or after is None
                or (mover is Player.X) != (by_engine == self.engine_plays_x)
            ):
                continue
            sign = 1 if mover is Player.X else -1
            if sign * after < sign * before:
                found.append(number)
        return found

    @property
    def ahead(self) -> bool:
        """Whether the engine had a proven win at move ``FIRST_MOVE``."""
        return self.values[0] == (1 if self.engine_plays_x else -1)

    def describe(self, number: int, size: int) -> str:
        """One blunder in words, with the game's moves up to it."""
        board = Board.from_moves(list(self.line[:number]), size, 5)
        before, after = (self.values[number - FIRST_MOVE + step] for step in (0, 1))
        side = "engine" if (board.turn is Player.X) == self.engine_plays_x else "baseline"
        return (
            f"move {number + 1}, {board.turn.value} ({side}) "
            f"{board.coordinate(self.line[number])}: {WORDS[before or 0]} -> "
            f"{WORDS[after or 0]}, after {' '.join(map(board.coordinate, self.line[:number]))}"
        )


def value(board: Board, cap: float) -> int | None:
    """The proven value of ``board`` from X's side, or None past ``cap`` seconds."""
    if board.is_over:
        return 0 if board.winner is None else 1 if board.winner is Player.X else -1
    result, _ = watched_search(Engine(), board, cap)
    if not result.exact:
        return None
    score = result.score if board.turn is Player.X else -result.score
    return 1 if score > MATE_THRESHOLD else -1 if score < -MATE_THRESHOLD else 0


def audit(
    size: int, opening: tuple[int, int], engine_plays_x: bool, think: float, cap: float
) -> Audit:
    """One game of the strength benchmark and its positions' values."""
    game = play(size, opening, engine_plays_x, think)
    board = Board.from_moves(list(game.line[:FIRST_MOVE]), size, 5)
    values = [value(board, cap)]
    for move in game.line[FIRST_MOVE:]:
        board = board.play(move)
        values.append(value(board, cap))
    return Audit(game.points, engine_plays_x, game.line, tuple(values))


def main() -> None:
    parser = match_arguments(__doc__.splitlines()[0], ["7x7"])
    parser.add_argument("--cap", type=float, default=8.0)
    args = parser.parse_args()
    print(
        f"engine vs baseline, {args.think:g} s a move, {args.games} games a board; "
        f"positions from move {FIRST_MOVE} solved, {args.cap:g} s each"
    )
    print(
        f"{'board':6} {'W-D-L':>9} {'proven':>13} {'engine':>7} {'base':>5} "
        f"{'games':>6} {'won':>4} {'ahead':>6}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.boards:
            size = BOARDS[name]
            audits = each_game(pool, audit, size, args.games, args.think, args.cap)
            known = sum(v is not None for game in audits for v in game.values)
            total = sum(len(game.values) for game in audits)
            erring = [game for game in audits if game.blunders(by_engine=False)]
            print(
                f"{name:6} {record([game.points for game in audits]):>9} "
                f"{f'{known}/{total}':>13} "
                f"{sum(len(game.blunders(by_engine=True)) for game in audits):>7} "
                f"{sum(len(game.blunders(by_engine=False)) for game in audits):>5} "
                f"{len(erring):>6} {sum(game.points == 1 for game in erring):>4} "
                f"{sum(game.ahead for game in audits):>6}",
                flush=True,
            )
            for game in audits:
                for number in sorted(game.blunders(True) + game.blunders(False)):
                    print(f"  {name} {game.describe(number, size)}", flush=True)
    print(
        "proven: positions solved within the cap; engine, base: blunders by each;\n"
        "games: the games with a blunder of the baseline; won: of those, won by the engine;\n"
        f"ahead: the games the engine had won at move {FIRST_MOVE} (proven)"
    )


if __name__ == "__main__":
    main()
