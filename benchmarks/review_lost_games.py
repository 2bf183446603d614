"""Does the review find where a lost Gomoku game was lost?

    python benchmarks/review_lost_games.py              # 20 games, about 15 minutes
    python benchmarks/review_lost_games.py --games 5 --first-seed 40

Builds lost games on 15x15, five in a row: from the balanced openings of
``benchmarks/data/gomoku_openings.txt`` (game ``s`` plays opening ``s``
modulo their number), the engine plays itself, one side with
``Engine(selective=True, seed=s).search(board, Limit(nodes=3000))``, the
other with ``Limit(nodes=300)``, the stronger side X in even games and O in
odd ones, until someone has five in a row (a game filling the board is
left out and another seed taken).

For each game it finds the *reference move*: the first move of the loser
after which the winner's forced win is proven, by the threat searches
(:class:`ttt_gui.analysis.forced_wins.ThreatProver`) at a larger budget
than the review's (``GENEROUS``), each position after a move of the loser
searched in turn from the start. It then reviews the game as the window and
``ttt-gui review`` do (``review_game`` with ``Engine(randomize=False)``) and
counts the game *found* when the review marks a mistake of the loser at or
before the reference move.

Prints one line per game (seed, moves, winner, reference move, the loser's
first mistake in the review, the review's seconds and seconds per move),
then how many of the games were found and the review's time per move.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ttt_gui.analysis.forced_wins import ThreatBudget, ThreatProver
from ttt_gui.analysis.review import Mark, review_game
from ttt_gui.board import Board, Player
from ttt_gui.engine import Engine, Limit

ROOT = Path(__file__).resolve().parent.parent
OPENINGS = ROOT / "benchmarks" / "data" / "gomoku_openings.txt"
STRONG, WEAK = Limit(nodes=3000), Limit(nodes=300)
#: The reference's threat searches: half as many positions again as the review
#: gives the winner's, ten times its VCF's and fifteen times its time.
GENEROUS = ThreatBudget(vcf_nodes=200_000, vct_nodes=60_000, vct_plies=15, seconds=60.0)


def openings() -> list[tuple[int, ...]]:
    lines = OPENINGS.read_text().split()
    return [tuple(int(cell) for cell in line.split(",")) for line in lines if line]


def play_game(seed: int, opening: tuple[int, ...]) -> tuple[Board, list[int]]:
    """The game of ``seed`` from ``opening``: (the empty board, every move)."""
    start = Board.empty(15, 5)
    board = Board.from_moves(opening, 15, 5)
    strong_side = board.turn if seed % 2 == 0 else board.turn.other
    strong, weak = Engine(selective=True, seed=seed), Engine(selective=True, seed=seed + 1000)
    moves = list(opening)
    while not board.is_over:
        engine, limit = (strong, STRONG) if board.turn is strong_side else (weak, WEAK)
        move = engine.search(board, limit).move
        board = board.play(move)
        moves.append(move)
    return start, moves


def reference_move(start: Board, moves: list[int], loser: Player) -> int | None:
    """The number of the loser's first move after which the winner's forced
    win is proven at the GENEROUS budget (None if none is)."""
    prover = ThreatProver(start.geometry, GENEROUS)
    board = start
    for index, move in enumerate(moves):
        mover = board.turn
        board = board.play(move)
        if mover is loser and not board.is_over and prover.win(board) is not None:
            return index + 1
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    chosen = openings()
    found = games = 0
    review_seconds = review_moves = 0.0
    seed = args.first_seed
    while games < args.games:
        start, moves = play_game(seed, chosen[seed % len(chosen)])
        final = Board.from_moves(moves, 15, 5)
        seed += 1
        if final.winner is None:
            continue
        games += 1
        loser = final.winner.other
        reference = reference_move(start, moves, loser)
        began = time.perf_counter()
        review = review_game(start, moves, Engine(randomize=False))
        seconds = time.perf_counter() - began
        review_seconds += seconds
        review_moves += len(moves)
        mistakes = [
            move.number
            for move in review.moves
            if move.player is loser and move.mark is Mark.MISTAKE
        ]
        first = mistakes[0] if mistakes else None
        hit = first is not None and (reference is None or first <= reference)
        found += hit
        print(
            f"seed {seed - 1:3}: {len(moves):3} moves, {final.winner.value} won; "
            f"proven after move {reference}; review's first mistake of {loser.value}: "
            f"{first}; {'found' if hit else 'MISSED'}; review {seconds:.1f} s "
            f"({seconds / len(moves):.2f} s a move)",
            flush=True,
        )
    print(
        f"{found} of {games} lost games: the review marks a mistake of the loser at or "
        f"before the move after which the winner's forced win was first proven"
    )
    print(
        f"review: {review_seconds:.0f} s for {review_moves:.0f} moves, "
        f"{review_seconds / review_moves:.2f} s a move "
        f"({40 * review_seconds / review_moves:.0f} s for 40 moves)"
    )


if __name__ == "__main__":
    main()
