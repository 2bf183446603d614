"""The quick starts under a finished game: the recent setups, one click each.

Once a game is over, a row of buttons under the message line offers the
recent setups (the view state's ``quick_starts``), so that the next game,
of any of them, is one click from the board, as KFourInLine's Quick Launch
has it; Play again (F2) stays beside the result. Each button takes the
keyboard focus with Tab and answers Space and Enter, with the game's focus
ring. A button shows its setup on two lines, the board over the players
(the label split at its first " · "), and a line too long for its share of
the row is shortened with "…".
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.app.view_state import ViewState
from ttt_gui.gui.control_style import BUTTON
from ttt_gui.theme import Palette, Role

#: Runs a command with its arguments, then paints (``Window.run``).
Run = Callable[..., object]
#: Where a setup's label is broken into its two lines.
SEPARATOR = " · "
#: Pixels of a button's width that are not its text (padding, border, ring).
_BUTTON_EDGES = 28


def shortened(text: str, font: tkfont.Font, width: int) -> str:
    """``text`` if it fits in ``width`` pixels of ``font``, else its longest
    beginning that fits with "…" after it (at least one character)."""
    if font.measure(text) <= width:
        return text
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.measure(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


class QuickStartRow:
    """The row (grid row ``row`` of ``parent``), shown while the game is
    over and there are recent setups; a button calls ``run("quick_start", index)``."""

    def __init__(self, parent: tk.Misc, row: int, text_font: tkfont.Font, run: Run) -> None:
        self.run = run
        self.text_font = text_font
        self.row = row
        self.frame = tk.Frame(parent, padx=8, pady=4, highlightthickness=0)
        self.buttons: list[ttk.Button] = []
        self._labels: tuple[str, ...] = ()
        self.is_shown = False
        self.frame.bind("<Configure>", lambda event: self._fit())

    def paint(self, state: ViewState) -> None:
        """Show the row with ``state``'s quick starts once its game is over
        (never over the New game page)."""
        shown = state.offers_play_again and bool(state.quick_starts) and state.new_game is None
        if state.quick_starts != self._labels:
            self._labels = state.quick_starts
            for button in self.buttons:
                button.destroy()
            self.buttons = [
                ttk.Button(
                    self.frame,
                    style=BUTTON,
                    command=functools.partial(self.run, "quick_start", index),
                )
                for index in range(len(self._labels))
            ]
            for column, button in enumerate(self.buttons):
                button.grid(row=0, column=column, padx=(0, 6), sticky="w")
            self._fit()
        if shown != self.is_shown:
            self.is_shown = shown
            if shown:
                self.frame.grid(row=self.row, column=0, sticky="ew")
            else:
                self.frame.grid_remove()

    def _fit(self) -> None:
        """Each button's label whole, or shortened to its share of the row's width."""
        width = self.frame.winfo_width()
        if width <= 1:
            width = self.frame.winfo_toplevel().winfo_width()
        share = (width - 2 * int(self.frame.cget("padx"))) // max(1, len(self.buttons)) - 6
        for button, label in zip(self.buttons, self._labels):
            lines = label.split(SEPARATOR, 1)
            room = max(1, share - _BUTTON_EDGES)
            text = "\n".join(shortened(line, self.text_font, room) for line in lines)
            if button.cget("text") != text:
                button.configure(text=text)

    def recolour(self, colours: Palette) -> None:
        self.frame.configure(background=colours[Role.BACKGROUND])
