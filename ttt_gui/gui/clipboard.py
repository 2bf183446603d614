"""Reading the clipboard without freezing the window.

On X11 the clipboard belongs to another program, and Tk waits for that
program's answer (up to 5 seconds, twice over with tkinter's retry) inside
``clipboard get``. A program that hangs would freeze the window for that long.
So when another program owns the clipboard, it is read by a second Tk
interpreter in a worker thread, used only there (Tk allows one interpreter per
thread), and the window's thread only looks every :data:`CHECK_MS` whether
the answer has come, giving up after :data:`ANSWER_SECONDS`. Elsewhere (and
when this program owns the clipboard) the answer is immediate and is read
directly.
"""

from __future__ import annotations

import threading
import time
import tkinter as tk
from collections.abc import Callable

from ttt_gui.dialogs import ClipboardDelivery

#: How long the clipboard's owner has to answer.
ANSWER_SECONDS = 2.0
#: How often (ms) the window's thread looks for the answer.
CHECK_MS = 20


def read_text(widget: tk.Misc) -> str | None:
    """The clipboard's text read through ``widget``'s interpreter; None if
    there is none. May wait for the owner: see the module's docstring."""
    try:
        return str(widget.clipboard_get())
    except tk.TclError:
        return None


def is_answer_immediate(root: tk.Misc) -> bool:
    """Whether reading the clipboard cannot wait for another program: not on
    X11, or this program owns the clipboard."""
    if root.tk.call("tk", "windowingsystem") != "x11":
        return True
    return bool(str(root.tk.call("selection", "own", "-selection", "CLIPBOARD")))


def _read_in_own_interpreter(answer: list[str | None]) -> None:
    """Worker thread: read the clipboard through an interpreter of its own,
    created, used and destroyed in this thread only."""
    text = None
    try:
        reader = tk.Tk(className="ttt-gui-clipboard")
        try:
            reader.withdraw()
            text = read_text(reader)
        finally:
            reader.destroy()
            del reader  # freed here, in its own thread
    except tk.TclError:
        pass
    answer.append(text)


class ClipboardReader:
    """Reads the clipboard for one window, one read at a time."""

    def __init__(self, root: tk.Tk) -> None:
        self.root = root

    def read(self, deliver: ClipboardDelivery, after_delivery: Callable[[], None]) -> None:
        """Give ``deliver`` the clipboard's text: at once when it is
        immediate, else later from an ``after()`` callback, followed there by
        ``after_delivery`` (the window repaints)."""
        if is_answer_immediate(self.root):
            deliver(read_text(self.root), True)
            return
        answer: list[str | None] = []
        threading.Thread(
            target=_read_in_own_interpreter, args=(answer,), name="clipboard", daemon=True
        ).start()
        self._wait(answer, time.monotonic() + ANSWER_SECONDS, deliver, after_delivery)

    def _wait(
        self,
        answer: list[str | None],
        deadline: float,
        deliver: ClipboardDelivery,
        after_delivery: Callable[[], None],
    ) -> None:
        answered = bool(answer)
        if not answered and time.monotonic() < deadline:
            self.root.after(CHECK_MS, self._wait, answer, deadline, deliver, after_delivery)
            return
        deliver(answer[0] if answered else None, answered)
        after_delivery()
