"""Make the shipped puzzle sets from the engine's own games, each puzzle proven.

    python build/make_puzzles.py WORK [--kinds small,five,...] [--target 320]
                                      [--minutes 6] [--out ttt_gui/puzzles]

Plays seeded games between the levels (``ttt_gui.config.LEVELS``: each
game's two levels and its moves drawn from its seed) and looks at every
position of them: where the side to move has a forced win of a length the
kind allows (:data:`KINDS`), whose fastest first moves are proven by the
puzzle judge (:class:`ttt_gui.analysis.puzzles.PuzzleJudge`: the exact
search, the Connect Four solver on 7x6, the threat searches on Gomoku), the
position is a puzzle, unless one the same up to the board's symmetries is
already kept. A puzzle with one fastest first move is preferred; where the
kind keeps several (:attr:`Kind.several`) they are all in ``winning``.

Resumable: the progress of each kind (its next game and the puzzles found)
is kept in ``WORK/progress-<kind>.json`` after every game; a second run goes
on from there, and writes the data files once every kind asked for is done
(its target reached or its minutes spent). Progress goes to stderr.

The rating of each puzzle (docs/puzzles.md explains it) is computed from
the distance, the tempting alternatives and which levels miss the move.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_gui.analysis.puzzle_threats import MAX_PLIES
from ttt_gui.analysis.puzzles import (
    FORMAT,
    Puzzle,
    PuzzleJudge,
    PuzzleKind,
    attacker_moves,
    position_key,
)
from ttt_gui.board import Board
from ttt_gui.config import LEVELS
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.levels import LevelPlayer

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "ttt_gui" / "puzzles"

# -- Tune these to change what the sets hold and what making them costs ------------------


@dataclass(frozen=True)
class Kind:
    """How one kind's puzzles are made: the empty ``boards`` its games start
    from, the ``distances`` (the attacker's moves) a puzzle may have, the
    fewest marks on a board looked at (``first_marks``), the node budget of
    the levels' searches where they have none (``level_nodes``), the exact
    check's budget (``check_nodes``, None: none) and whether a puzzle may
    keep several fastest first moves (``several``)."""

    boards: tuple[Board, ...]
    distances: range
    first_marks: int = 0
    level_nodes: int | None = None
    check_nodes: int | None = None
    several: bool = False


KINDS: dict[PuzzleKind, Kind] = {
    PuzzleKind.SMALL: Kind(
        (Board.empty(3), Board.empty(4)), range(2, 5), first_marks=2, several=True
    ),
    PuzzleKind.FIVE: Kind((Board.empty(5, 4),), range(2, 7), first_marks=4, level_nodes=4_000),
    PuzzleKind.CONNECT_FOUR: Kind(
        (Board.empty(rows=6, cols=7, gravity=True),),
        range(3, 11),
        first_marks=12,
        level_nodes=4_000,
        check_nodes=400_000,
    ),
    PuzzleKind.GOMOKU: Kind((Board.empty(15, 5),), range(3, 10), first_marks=7, level_nodes=3_000),
    PuzzleKind.MISERE: Kind(
        (Board.empty(3, misere=True), Board.empty(4, 3, misere=True), Board.empty(4, misere=True)),
        range(2, 8),
        first_marks=2,
        several=True,
    ),
}
#: The levels' order of strength, weakest first, and the rating each one's
#: miss adds (docs/puzzles.md): a move the strongest level misses is hard.
MISS_POINTS = {"easy": 120.0, "medium": 180.0, "hard": 240.0, "strongest": 300.0}
#: The rating of a win in one, and what each further move of the attacker adds.
BASE_RATING = 900.0
DISTANCE_POINTS = 110.0
#: What each tempting alternative adds (a move that also wins, only slower;
#: on Gomoku a four or three that does not win in time), at most this many.
TEMPTING_POINTS = 40.0
MOST_TEMPTING = 5
#: Seconds between two lines of progress.
SHOW_EVERY = 10.0


# -- Finding puzzles --------------------------------------------------------------------


def level_players(kind: Kind, seed: int) -> dict[str, LevelPlayer]:
    """The levels of one game, each seeded from ``seed``."""
    players = {}
    for name, level in LEVELS.items():
        nodes = level.nodes if level.nodes is not None else kind.level_nodes
        budget = Limit(nodes=nodes) if nodes is not None else None
        players[name] = LevelPlayer(
            level.lookahead, level.temperature, budget=budget, seed=seed * 7 + len(players)
        )
    return players


def game(kind: Kind, seed: int) -> tuple[Board, tuple[str, str], Iterator[Board]]:
    """One seeded game: its start, its levels (X's, O's) and its positions."""
    chooser = random.Random(seed)
    start = chooser.choice(kind.boards)
    names = (chooser.choice(list(LEVELS)), chooser.choice(list(LEVELS)))
    players = level_players(kind, seed)

    def positions() -> Iterator[Board]:
        board = start
        while not board.is_over:
            yield board
            name = names[0] if board.turn is start.turn else names[1]
            board = board.play(players[name].search(board).move)

    return start, names, positions()


def exact_scores(engine: Engine, board: Board, nodes: int | None) -> dict[int, int] | None:
    """Every move's exact score at ``board``, None past ``nodes`` positions."""
    analysis = engine.evaluate_moves(board, Limit(nodes=nodes) if nodes else Limit())
    return analysis.scores if analysis.exact else None


def fastest(
    puzzle_kind: PuzzleKind, kind: Kind, board: Board, engine: Engine
) -> tuple[frozenset[int], int, int] | None:
    """(the fastest winning first moves, their distance, the tempting
    alternatives) at ``board``, if the side to move wins within the kind's
    distances; else None."""
    if puzzle_kind is PuzzleKind.GOMOKU:
        return gomoku_fastest(kind, board)
    scores = exact_scores(engine, board, kind.check_nodes)
    if scores is None:
        return None
    best = max(scores.values())
    if best <= MATE_THRESHOLD:
        return None
    distance = attacker_moves(WIN - best)
    if distance not in kind.distances:
        return None
    winning = frozenset(move for move, score in scores.items() if score == best)
    slower = sum(1 for score in scores.values() if MATE_THRESHOLD < score < best)
    return winning, distance, slower


def gomoku_fastest(kind: Kind, board: Board) -> tuple[frozenset[int], int, int] | None:
    """As :func:`fastest`, by the threat searches (see puzzle_threats)."""
    stub = Puzzle("gomoku-0", PuzzleKind.GOMOKU, board, frozenset({0}), kind.distances[-1], 0, "")
    judge = PuzzleJudge(stub)
    threats = judge.threat_judge
    assert threats is not None
    me, opp = (
        (board.x_bits, board.o_bits)
        if board.turn is board.turn.X
        else (board.o_bits, board.x_bits)
    )
    plies = threats.win_plies(me, opp)
    if plies is None or plies > MAX_PLIES:
        return None
    lefts = {}
    for move in threats.candidates(board):
        after = board.play(move)
        left = threats.moves_left(after, None) if not after.is_over else 0
        if left is not None:
            lefts[move] = left + 1
    if not lefts:
        return None
    distance = min(lefts.values())
    if distance not in kind.distances:
        return None
    winning = frozenset(move for move, moves in lefts.items() if moves == distance)
    tempting = len(threats.candidates(board)) - len(winning)
    return winning, distance, tempting


def rating(
    puzzle_kind: PuzzleKind,
    board: Board,
    winning: frozenset[int],
    distance: int,
    tempting: int,
    kind: Kind,
    seed: int,
) -> float:
    """The puzzle's difficulty on the Glicko scale (docs/puzzles.md)."""
    points = BASE_RATING + DISTANCE_POINTS * (distance - 1)
    points += TEMPTING_POINTS * min(tempting, MOST_TEMPTING)
    for name, player in level_players(kind, seed).items():
        if name == "strongest" and puzzle_kind is not PuzzleKind.GOMOKU:
            continue  # it solves these boards: it never misses
        policy = player.policy(board)
        found = sum(p for move, p in policy.probabilities.items() if move in winning)
        points += MISS_POINTS[name] * (1.0 - found)
    return round(points, 1)


def describe(start: Board, names: tuple[str, str], seed: int, marks: int) -> str:
    """The puzzle's source in words."""
    shape = f"{start.rows}x{start.cols}" + (" misère" if start.misere else "")
    return f"{names[0]} vs {names[1]}, {shape}, seed {seed}, after move {marks}"


# -- Progress ---------------------------------------------------------------------------


def entry(
    puzzle_id: str,
    board: Board,
    winning: frozenset[int],
    distance: int,
    points: float,
    source: str,
) -> dict[str, object]:
    return {
        "id": puzzle_id,
        "board": board.to_text(),
        "winning": sorted(board.coordinate(move) for move in winning),
        "distance": distance,
        "rating": points,
        "source": source,
    }


def make_kind(
    puzzle_kind: PuzzleKind, work: Path, target: int, minutes: float
) -> list[dict[str, object]]:
    """The puzzles of one kind, going on from ``work``'s progress file."""
    kind = KINDS[puzzle_kind]
    progress_file = work / f"progress-{puzzle_kind.value}.json"
    state: dict[str, object] = {"seed": 0, "seconds": 0.0, "puzzles": []}
    if progress_file.exists():
        state = json.loads(progress_file.read_text(encoding="utf-8"))
    puzzles: list[dict[str, object]] = state["puzzles"]  # type: ignore[assignment]
    seen = {position_key(Board.from_text(str(p["board"]))) for p in puzzles}
    engine = Engine(randomize=False)
    seconds = float(state["seconds"])  # type: ignore[arg-type]
    started = time.perf_counter() - seconds
    shown = time.perf_counter()
    while len(puzzles) < target and time.perf_counter() - started < minutes * 60:
        seed = int(state["seed"])  # type: ignore[call-overload]
        start, names, positions = game(kind, seed)
        for board in positions:
            if board.move_count < kind.first_marks or len(puzzles) >= target:
                continue
            key = position_key(board)
            if key in seen:
                continue
            found = fastest(puzzle_kind, kind, board, engine)
            if found is None:
                continue
            winning, distance, tempting = found
            if len(winning) > 1 and not kind.several:
                continue
            seen.add(key)
            points = rating(puzzle_kind, board, winning, distance, tempting, kind, seed)
            puzzle_id = f"{puzzle_kind.value}-{len(puzzles) + 1:04d}"
            source = describe(start, names, seed, board.move_count)
            puzzles.append(entry(puzzle_id, board, winning, distance, points, source))
        state["seed"] = seed + 1
        state["seconds"] = round(time.perf_counter() - started, 1)
        progress_file.write_text(json.dumps(state), encoding="utf-8")
        if time.perf_counter() >= shown + SHOW_EVERY:
            shown = time.perf_counter()
            show(puzzle_kind, puzzles, target, seed + 1, state["seconds"])
    show(puzzle_kind, puzzles, target, int(state["seed"]), state["seconds"])  # type: ignore[call-overload]
    return puzzles


def show(
    kind: PuzzleKind, puzzles: list[dict[str, object]], target: int, games: int, seconds: object
) -> None:
    """One line of progress on stderr."""
    print(
        f"{kind.value}: {len(puzzles)}/{target} puzzles, {games} games, {seconds} s",
        file=sys.stderr,
        flush=True,
    )


def write_set(puzzle_kind: PuzzleKind, puzzles: list[dict[str, object]], out: Path) -> Path:
    """The data file of one kind: one puzzle a line, for readable diffs."""
    lines = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in puzzles)
    head = f'{{"format":{FORMAT},"kind":"{puzzle_kind.value}","puzzles":[\n'
    path = out / f"{puzzle_kind.value}.json"
    path.write_text(head + lines + "\n]}\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("work", type=Path, help="the folder of the progress files")
    parser.add_argument("--kinds", default=",".join(k.value for k in PuzzleKind))
    parser.add_argument("--target", type=int, default=320, help="puzzles a kind")
    parser.add_argument("--minutes", type=float, default=6.0, help="a kind's time at most")
    parser.add_argument("--out", type=Path, default=OUT)
    options = parser.parse_args(argv)
    options.work.mkdir(parents=True, exist_ok=True)
    kinds = [PuzzleKind(name) for name in options.kinds.split(",")]
    for puzzle_kind in kinds:
        puzzles = make_kind(puzzle_kind, options.work, options.target, options.minutes)
        path = write_set(puzzle_kind, puzzles, options.out)
        print(f"{path.name}: {len(puzzles)} puzzles", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
