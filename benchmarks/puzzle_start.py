"""How soon Game › Puzzles shows its first puzzle, and how long the computer
takes to answer a move in a puzzle.

Run ``python benchmarks/puzzle_start.py`` (``--runs``, default 5; ``--answers``,
puzzles per kind whose first answer is timed, default 20). For each kind of
puzzle, a fresh process (nothing loaded yet, as in a window just opened)
builds a presenter on a board of that kind and times the command *Puzzles*
up to the view the window paints: the set read, today's puzzle chosen, the
session set up; the median and the slowest of the runs are printed. Then,
in this process, the judge's answer to the first winning move of the
first ``--answers`` puzzles of each kind (the verdict and the longest
defence, the job the search thread runs) is timed: median and slowest.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttt_gui.analysis.puzzles import PuzzleJudge, PuzzleKind, puzzle_set  # noqa: E402

#: A board of each kind, as the settings' game fields.
BOARDS = {
    PuzzleKind.SMALL: "rows=3, cols=3, win_length=3",
    PuzzleKind.FIVE: "rows=5, cols=5, win_length=4",
    PuzzleKind.CONNECT_FOUR: "rows=6, cols=7, win_length=4, gravity=True",
    PuzzleKind.GOMOKU: "rows=15, cols=15, win_length=5",
    PuzzleKind.MISERE: "rows=4, cols=4, win_length=3, misere=True",
}

#: The program one cold run executes: it prints the seconds taken.
CHILD = """
import time
start = time.perf_counter()
from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig
from ttt_gui.storage.settings import Settings

class Dialogs:
    def confirm(self, *arguments):
        return True

presenter = Presenter(Settings(game=GameConfig({board})), Dialogs())
ready = time.perf_counter()
presenter.commands.run("puzzles")
view = presenter.view()
shown = time.perf_counter()
assert presenter.session.is_puzzle, view.note
print(shown - ready, ready - start)
"""


def cold_start(kind: PuzzleKind) -> tuple[float, float]:
    """Seconds from *Puzzles* to the view, and the window's own start before it."""
    program = CHILD.format(board=BOARDS[kind])
    output = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    return float(output[0]), float(output[1])


def first_answers(kind: PuzzleKind, count: int) -> list[float]:
    """Seconds the judge takes to answer the first winning move of ``count`` puzzles."""
    times = []
    for puzzle in puzzle_set(kind)[:count]:
        judge = PuzzleJudge(puzzle)
        board = puzzle.board.play(min(puzzle.winning))
        start = time.perf_counter()
        verdict = judge.verdict(board)
        if verdict.moves_left and not board.is_over:
            judge.defence(board)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--answers", type=int, default=20)
    options = parser.parse_args()
    kinds = [kind for kind in PuzzleKind if puzzle_set(kind)]
    print(f"{'kind':<14} {'puzzles':>7} {'first shown (ms)':>17} {'slowest':>8}", end="")
    print(f" {'answer median (ms)':>19} {'slowest':>8}")
    for kind in kinds:
        shown = [cold_start(kind)[0] for _ in range(options.runs)]
        answers = first_answers(kind, options.answers)
        print(
            f"{kind.value:<14} {len(puzzle_set(kind)):>7} "
            f"{statistics.median(shown) * 1000:>17.1f} {max(shown) * 1000:>8.1f} "
            f"{statistics.median(answers) * 1000:>19.1f} {max(answers) * 1000:>8.1f}"
        )
    missing = [kind.value for kind in PuzzleKind if kind not in kinds]
    if missing:
        print("no puzzles shipped yet:", ", ".join(missing))


if __name__ == "__main__":
    main()
