"""``benchmarks/gomoku_match.py``'s manager side of the Gomocup protocol."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

from scripts import load_script

from ttt_gui.board import Board

ROOT = Path(__file__).resolve().parent.parent

#: A brain that answers START with OK and each DONE with diagnostic lines
#: and its move, all in one write, as engines such as Carbon do.
CHATTY_BRAIN = r"""
import sys
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        sys.stdout.write("OK\n")
    elif line == "DONE":
        sys.stdout.write("DEBUG depth 1\nDEBUG depth 2\nMESSAGE eval 0\n7,8\n")
    elif line == "END":
        break
    sys.stdout.flush()
"""


def match_module() -> ModuleType:
    """benchmarks/gomoku_match.py, loaded from its file."""
    return load_script("benchmarks/gomoku_match.py", "gomoku_match")


def test_a_move_written_with_diagnostics_in_one_write_is_read_at_once() -> None:
    # A buffered readline took every line of the write at once; select() then
    # saw nothing more to read, and the move waited for the brain's timeout
    # (ten think times and 5 s) and was lost.
    match = match_module()
    brain = match.Brain([sys.executable, "-c", CHATTY_BRAIN], "chatty", 0.1, dict(os.environ))
    try:
        brain.start(exact=False)
        board = Board.from_moves([112], 15, 5)
        assert brain.move(board) == 8 * 15 + 7
        assert brain.move(board) == 8 * 15 + 7  # and the next reply too
    finally:
        brain.close()
    assert brain.process.returncode == 0
