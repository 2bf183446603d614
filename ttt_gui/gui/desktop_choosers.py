"""The desktop's file choosers, asked in turn with the window held modal.

A chooser of the desktop (see :mod:`ttt_gui.gui.file_chooser`) runs outside
Tk, so while it is open the window keeps repainting and behaves as under a
modal dialog: a grab on an empty frame takes the clicks and the keys, which
do nothing. One that fails is not tried again; when none works, the caller
falls back to Tk's own dialog.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from ttt_gui.gui.file_chooser import FAILED, Chooser, ChooserAnswer, FileQuestion

#: How often an open chooser of the desktop is asked whether it has closed, in ms.
CHOOSER_POLL_MS = 50


class DesktopChoosers:
    """The ``choosers`` of the desktop for the window ``root``, the first
    first; each shown inside ``opened()`` (the dialogs' count of what is
    open) unless ``is_closing()`` (the window closes)."""

    def __init__(
        self,
        root: tk.Tk,
        choosers: list[Chooser],
        opened: Callable[[], AbstractContextManager[None]],
        is_closing: Callable[[], bool],
    ) -> None:
        self.root = root
        #: The choosers still to try (one that failed is dropped).
        self.choosers = choosers
        self.opened = opened
        self.is_closing = is_closing
        self._cancel: Callable[[], None] | None = None

    def question(
        self, saving: bool, title: str, folder: Path, name: str, file_types: list[tuple[str, str]]
    ) -> FileQuestion:
        """A question for the choosers, over the window."""
        try:
            parent = int(self.root.wm_frame(), 16)
        except (tk.TclError, ValueError):
            parent = 0
        return FileQuestion(saving, title, folder, name, file_types, parent)

    def ask(self, question: FileQuestion) -> ChooserAnswer:
        """The choosers' answer to ``question``, each tried in turn until one
        works; :data:`FAILED` if none did (or there is none)."""
        while self.choosers and not self.is_closing():
            answer = self._run(self.choosers[0], question)
            if not answer.failed or self.is_closing():
                return answer
            del self.choosers[0]  # it does not work here: Tk's dialog from now on
        return FAILED

    def cancel(self) -> None:
        """Close the chooser open now, if any (it answers as cancelled)."""
        if self._cancel is not None:
            self._cancel()

    def _run(self, chooser: Chooser, question: FileQuestion) -> ChooserAnswer:
        """Show one chooser and wait for its answer, the window modal meanwhile."""
        running = chooser.start(question)
        answer: list[ChooserAnswer] = [FAILED]
        closed = tk.BooleanVar(self.root, False)
        # Under a grab on this frame the board, the menus and the toolbar get
        # no clicks; with the focus on it and no bindings, no key does anything.
        blocker = tk.Frame(self.root, width=1, height=1, takefocus=False)
        blocker.bindtags((str(blocker),))
        blocker.place(x=0, y=0)
        focus = self.root.focus_get()

        def check() -> None:
            result = running.poll()
            if result is None:
                self.root.after(CHOOSER_POLL_MS, check)
            else:
                answer[0] = result
                closed.set(True)

        self._cancel = running.cancel
        try:
            with self.opened():
                self.root.update_idletasks()
                try:
                    blocker.grab_set()
                except tk.TclError:  # not viewable (the window is minimised)
                    pass
                blocker.focus_set()
                check()
                if not closed.get():  # it may have answered at once (it could not start)
                    self.root.wait_variable(closed)
        finally:
            self._cancel = None
            blocker.destroy()
            if focus is not None and focus.winfo_exists():
                focus.focus_set()
        return answer[0]
