"""The computer's reply time against its think time, printed as a table.

    python benchmarks/reply_time.py [--think 1.0] [--moves 20] [--level strongest] [--busy 3]
        [--installed]

Plays a game on Gomoku (15×15, five in a row) between the computer at
``--level`` (as the window keeps it: one :class:`LevelPlayer` per strength
and think time) and an opponent at ``--opponent`` (Hard by default, at a tenth of the think
time, so the games last and the positions are tense), and times each of the
computer's ``--moves`` replies with a wall clock, as a person waits for them.
Prints each reply's seconds, then the median and the maximum, and whether
every reply stayed within the think time plus 10%. ``--busy N`` keeps N
other processes spinning meanwhile, as on a busy machine (the overrun the
time control must absorb: checks of the clock too far apart). ``--installed``
times the package installed in the running interpreter's environment (a
compiled build, say) instead of this source tree; the build is printed.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(ROOT))

from ttt_gui.app.engine_pool import ENGINE_TABLE_LIMIT  # noqa: E402
from ttt_gui.board import Board  # noqa: E402
from ttt_gui.config import LEVELS  # noqa: E402
from ttt_gui.engine import COMPILED, Limit  # noqa: E402
from ttt_gui.engine.levels import LevelPlayer  # noqa: E402

#: A reply may run this much past the think time.
ALLOWED_OVERRUN = 0.10


def player(level_name: str, think_time: float, seed: int) -> LevelPlayer:
    """The computer at ``level_name``, as the window makes it."""
    level = LEVELS[level_name]
    return LevelPlayer(
        level.lookahead,
        level.temperature,
        budget=Limit(time=think_time, nodes=level.nodes),
        seed=seed,
        table_limit=ENGINE_TABLE_LIMIT,
    )


def reply_times(
    level_name: str, opponent_name: str, think_time: float, moves: int, seed: int = 1
) -> list[float]:
    """Seconds the computer at ``level_name`` took for each of ``moves``
    replies on Gomoku, playing O against ``opponent_name`` (starting over
    when a game ends)."""
    computer = player(level_name, think_time, seed)
    opponent = player(opponent_name, think_time / 10, seed)
    board = Board.empty(15, 5)
    times: list[float] = []
    while len(times) < moves:
        if board.is_over:
            board = Board.empty(15, 5)
        board = board.play(opponent.search(board).move)
        if board.is_over:
            continue
        started = time.perf_counter()
        move = computer.search(board).move
        times.append(time.perf_counter() - started)
        board = board.play(move)
    return times


@contextlib.contextmanager
def busy(processes: int) -> Iterator[None]:
    """While in the block, ``processes`` other processes keep a CPU busy each."""
    spinners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)
    ]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="think time in seconds")
    parser.add_argument("--moves", type=int, default=20, help="replies to time")
    parser.add_argument("--level", default="strongest", choices=sorted(LEVELS))
    parser.add_argument("--opponent", default="hard", choices=sorted(LEVELS))
    parser.add_argument("--busy", type=int, default=0, help="other processes kept busy")
    parser.add_argument(
        "--installed", action="store_true", help="time the installed package, not this tree"
    )
    options = parser.parse_args()
    gc.collect()
    with busy(options.busy):
        times = reply_times(options.level, options.opponent, options.think, options.moves)
    for number, seconds in enumerate(times, 1):
        print(f"reply {number:2}: {seconds:6.3f} s")
    median, longest = statistics.median(times), max(times)
    allowed = options.think * (1 + ALLOWED_OVERRUN)
    print(
        f"level {options.level}, think time {options.think:.2f} s, {len(times)} replies, "
        f"{options.busy} busy processes beside, engine {'compiled' if COMPILED else 'pure'}"
    )
    print(f"median {median:.3f} s, maximum {longest:.3f} s, allowed {allowed:.3f} s")
    print("within the think time" if longest <= allowed else "OVER the think time")
    return 0 if longest <= allowed else 1


if __name__ == "__main__":
    sys.exit(main())
