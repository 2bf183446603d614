"""A search stopped through its stop token once it runs past a time limit,
for the benchmarks that solve (``engine.py``, ``solves.py``)."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from ttt_gui.engine import Limit

if TYPE_CHECKING:
    from ttt_gui.board import Board
    from ttt_gui.engine import Engine, SearchResult


def watched_search(
    engine: Engine, board: Board, seconds: float, limit: Limit = Limit()
) -> tuple[SearchResult, float]:
    """``engine.search(board, limit)``, its stop token set after ``seconds``;
    returns the result and the seconds the search took."""
    stop = threading.Event()
    watchdog = threading.Timer(seconds, stop.set)
    watchdog.start()
    started = time.perf_counter()
    try:
        result = engine.search(board, limit, stop=stop)
    finally:
        watchdog.cancel()
    return result, time.perf_counter() - started
