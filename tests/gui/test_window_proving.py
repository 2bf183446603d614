"""Proving in the real window: the status says the analysis is being proved,
then proven, while the event loop goes on; cells proven drawn by relevance
zones read "draw"; hiding the analysis and quitting stop the proving thread."""

from __future__ import annotations

import threading
import tkinter as tk

import pytest
from conftest import real_click, wait

from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.settings import Settings

#: 7x7, four in a row, analysis shown; X's first move in the middle loses for O.
SEVEN = Settings(
    GameConfig(mode=Mode.HOTSEAT, rows=7, cols=7, win_length=4, think_time=0.05), analysis=True
)


def prove_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "ttt-prove"]


def test_the_status_says_proving_then_proven(make_window) -> None:
    window = make_window(SEVEN)
    status = window.turn_field.message_label
    real_click(window.board.cells[24])
    assert wait(window.root, lambda: "Analysis: proving… searched " in status.cget("text"), 30)
    assert wait(window.root, lambda: status.cget("text").endswith("Analysis: proven"), 120)
    notes = [cell.note for cell in window.presenter.view().cells if cell.note]
    assert len(notes) == 48 and all(note.startswith("X wins in") for note in notes)
    assert wait(window.root, lambda: not window.presenter.is_working and not prove_threads())
    assert window.callback_errors == []


def test_hiding_the_analysis_or_quitting_stops_the_proving_thread(make_window) -> None:
    window = make_window(SEVEN)
    window.run("play", 24)
    window.run("play", 25)  # a position proving needs long for
    assert wait(window.root, lambda: bool(prove_threads()), 30)
    window.run("toggle_analysis")
    assert wait(window.root, lambda: not prove_threads(), 5)
    assert "Analysis" not in window.turn_field.message_label.cget("text")
    window.run("toggle_analysis")
    assert wait(window.root, lambda: bool(prove_threads()), 30)
    window.run("quit")
    assert wait(window.root, lambda: not prove_threads(), 5)
    assert window.callback_errors == []


def painted_text(canvas: tk.Canvas) -> str:
    """The text drawn on a cell's canvas."""
    items = canvas.find_all()
    return " ".join(canvas.itemcget(item, "text") for item in items if canvas.type(item) == "text")


@pytest.mark.slow
def test_cells_the_relevance_zones_prove_drawn_read_draw(make_window) -> None:
    """7x7, five in a row, seven moves clicked: O must stop X's open three at
    a4, e4 or f4, each a draw that relevance zones prove; after every other
    move X wins in 2 of its moves, as the search proves."""
    settings = Settings(
        GameConfig(mode=Mode.HOTSEAT, rows=7, cols=7, win_length=5, think_time=0.05), analysis=True
    )
    window = make_window(settings)
    board = window.presenter.session.board
    for name in ("b4", "b3", "c4", "d3", "d4", "c6", "g7"):
        real_click(window.board.cells[board.parse_coordinate(name)])
    status = window.turn_field.message_label
    assert wait(window.root, lambda: status.cget("text").endswith("Analysis: proven"), 60)
    texts = {
        board.coordinate(cell): painted_text(canvas)
        for cell, canvas in enumerate(window.board.cells)
    }
    blocks = {texts.pop(name) for name in ("a4", "e4", "f4")}
    assert blocks <= {"draw", "="}, blocks
    # O to move: a loss reads as X's win ("X wins in 2 moves", X's own moves),
    # or "L2" where the words do not fit the cell.
    losses = {
        name
        for name, text in texts.items()
        if "X wins in 2" in " ".join(text.split()) or text == "L2"
    }
    marks = [name for name in texts if name not in losses]
    assert sorted(marks) == ["b3", "b4", "c4", "c6", "d3", "d4", "g7"]
    assert window.callback_errors == []
