"""``benchmarks/gomoku_match.py``'s manager side of the Gomocup protocol."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

from scripts import load_script

from ttt_gui.board import Board

#: A brain that writes each line it reads to the file ``sys.argv[1]``,
#: answers START with OK, and each position (DONE or TURN) with diagnostic
#: lines and its next move of 7,8, 8,8, 9,8 ..., all in one write, as
#: engines such as Carbon do.
CHATTY_BRAIN = r"""
import sys
heard = open(sys.argv[1], "w")
column = 7
for line in sys.stdin:
    line = line.strip()
    heard.write(line + "\n")
    heard.flush()
    if line.startswith("START"):
        sys.stdout.write("OK\n")
    elif line == "DONE" or line.startswith("TURN"):
        sys.stdout.write(f"DEBUG depth 1\nDEBUG depth 2\nMESSAGE eval 0\n{column},8\n")
        column += 1
    elif line == "END":
        break
    sys.stdout.flush()
"""


def match_module() -> ModuleType:
    """benchmarks/gomoku_match.py, loaded from its file."""
    return load_script("benchmarks/gomoku_match.py", "gomoku_match")


def test_a_brain_gets_the_position_once_then_the_other_sides_moves(tmp_path: Path) -> None:
    # A brain need not clear its board on BOARD (Carbon adds the stones to
    # those it has): after the first position, TURN gives it the one new move.
    # Its move comes after diagnostic lines written with it at once, which a
    # buffered readline took in one read, after which select() saw nothing
    # and the move was lost.
    heard = tmp_path / "heard"
    match = match_module()
    command = [sys.executable, "-c", CHATTY_BRAIN, str(heard)]
    brain = match.Brain(command, "chatty", 0.1, dict(os.environ))
    try:
        brain.start(exact=False)
        board = Board.from_moves([112, 113], 15, 5)
        assert brain.move(board) == 8 * 15 + 7
        board = board.play(8 * 15 + 7).play(0)
        assert brain.move(board) == 8 * 15 + 8
        brain.start(exact=False)  # a new game: the whole position again
        assert brain.move(Board.from_moves([112, 113], 15, 5)) == 8 * 15 + 9
    finally:
        brain.close()
    assert brain.process.returncode == 0
    lines = heard.read_text().split("\n")
    position = ["BOARD", "7,7,1", "8,7,2", "DONE"]
    start = ["START 15", "INFO timeout_turn 100", "INFO timeout_match 0", "INFO rule 0"]
    assert lines == [*start, *position, "TURN 0,0", *start, *position, "END", ""]
