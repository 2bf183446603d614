"""The computer's reply stays within its think time, however slow its parts run."""

from __future__ import annotations

import time

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import Limit, threats
from ttt_gui.engine.levels import LevelPlayer

#: A reply may run this much past the think time here (the last check of the
#: clock, the choice among the moves; generous for a test machine under load:
#: without the threat searches' deadline the reply takes seconds).
ALLOWED_OVERRUN = 0.5


def gomoku_middle_game() -> Board:
    """A 15×15 position where both sides have lines for the threat searches."""
    board = Board.empty(15, 5)
    for coordinate in ("h8", "h9", "i9", "g7", "j10", "g9", "g8", "f8", "i8", "i7"):
        board = board.play(board.parse_coordinate(coordinate))
    return board


def test_a_slow_threat_search_keeps_the_reply_within_the_think_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As on a busy machine: each position of the threat searches takes 2 ms,
    # so their node budgets alone would take seconds.
    scan = threats.scan

    def slow_scan(me: int, opp: int, geometry: threats.Geometry) -> tuple[int, int, int]:
        time.sleep(0.002)
        return scan(me, opp, geometry)

    monkeypatch.setattr(threats, "scan", slow_scan)
    think_time = 0.4
    player = LevelPlayer(None, 0.0, budget=Limit(time=think_time), seed=1)
    started = time.perf_counter()
    player.search(gomoku_middle_game())
    assert time.perf_counter() - started <= think_time * (1 + ALLOWED_OVERRUN)
