"""The smoke test of an installed or packaged app: scripted games in a real window."""

from __future__ import annotations

import os
import sys
import threading

from ttt_gui.board import Player
from ttt_gui.config import Shape
from ttt_gui.gui.window import Window, pump_until
from ttt_gui.words import SOURCE_LANGUAGE, current_language

__all__ = ["pump_until", "run_smoke_test"]

SMOKE_TEST_DEADLINE = 20.0


def run_smoke_test(window: Window) -> int:
    """Play a hot-seat game and one move against the computer through the
    window's own cells and menus; 0 if all went right, 1 otherwise. The
    line it prints names the language the window spoke.

    A watchdog ends the process with status 1 if the test ever hangs.
    """

    def give_up() -> None:
        sys.stdout.write("smoke test failed: deadline exceeded\n")
        sys.stdout.flush()
        os._exit(1)

    watchdog = threading.Timer(SMOKE_TEST_DEADLINE, give_up)
    watchdog.daemon = True
    watchdog.start()
    root, presenter = window.root, window.presenter
    language = current_language().code
    session = presenter.session
    try:
        cells = window.board.cells
        if not pump_until(root, lambda: bool(cells) and cells[0].winfo_viewable(), 5):
            raise AssertionError("the window never appeared")
        presenter.work.computer_pause = 0
        window.run("set_mode", "hotseat")
        window.run("set_board", Shape(3, 3, 3))
        for cell in (0, 3, 1, 4, 2):
            window.run("activate", cell)
        status = window.turn_field.turn_label.cget("text")
        # English words in another language are words nobody translated.
        english = language.split("_")[0] == SOURCE_LANGUAGE
        said = status.startswith("X wins!") == english and bool(status)
        if not said or session.board.winner is not Player.X or str(session.board) != "XXX/OO./...":
            raise AssertionError(f"expected X to win, the window says {status!r}")
        window.run("set_mode", "computer")
        window.run("set_level", "strongest")
        window.run("activate", 4)
        if not pump_until(root, lambda: session.board.move_count == 2, 5):
            raise AssertionError("the computer did not answer the opening move")
        reply = session.history.moves[1]
        answer = session.board.coordinate(reply)
        print(
            f"smoke test passed in {language}: X wins; the computer answered {answer};"
            f" menus: {', '.join([title for title, _ in window.menubar.titles()])}"
        )
        code = 0
    except Exception as error:  # any failure is reported, not raised
        print(f"smoke test failed: {error}")
        code = 1
    finally:
        watchdog.cancel()
    if root.winfo_exists():
        window.close()
    return code
