"""Proving in the real window: the status says the analysis is being proved,
then proven, while the event loop goes on; hiding the analysis and quitting
stop the proving thread."""

from __future__ import annotations

import threading

from conftest import real_click, wait

from ttt_gui.config import GameConfig, Mode
from ttt_gui.settings import Settings

#: 7x7, four in a row, analysis shown; X's first move in the middle loses for O.
SEVEN = Settings(
    GameConfig(mode=Mode.HOTSEAT, size=7, win_length=4, think_time=0.05), analysis=True
)


def prove_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "ttt-prove"]


def test_the_status_says_proving_then_proven(make_window) -> None:
    window = make_window(SEVEN)
    status = window.status_label
    real_click(window.board.cells[24])
    assert wait(window.root, lambda: "Analysis: proving… depth" in status.cget("text"), 30)
    assert wait(window.root, lambda: status.cget("text").endswith("Analysis: proven"), 120)
    notes = [cell.note for cell in window.presenter.view().cells if cell.note]
    assert len(notes) == 48 and all(note.startswith("loss in") for note in notes)
    assert wait(window.root, lambda: not window.presenter.is_working and not prove_threads())
    assert window.callback_errors == []


def test_hiding_the_analysis_or_quitting_stops_the_proving_thread(make_window) -> None:
    window = make_window(SEVEN)
    window.run("play", 24)
    window.run("play", 25)  # a position proving needs long for
    assert wait(window.root, lambda: bool(prove_threads()), 30)
    window.run("toggle_analysis")
    assert wait(window.root, lambda: not prove_threads(), 5)
    assert "Analysis" not in window.status_label.cget("text")
    window.run("toggle_analysis")
    assert wait(window.root, lambda: bool(prove_threads()), 30)
    window.run("quit")
    assert wait(window.root, lambda: not prove_threads(), 5)
    assert window.callback_errors == []
