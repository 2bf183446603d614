"""The turn field and the message line under the board.

The turn field says whose turn it is, or the result, with the reminder of a
rule that turns the game around (misère), and offers Play again once the
game is over; the progress bar of a long search shows at its end. The
message line below it holds messages, the hint and the analysis's state,
with the scores of the match at its right.
Both have fixed heights (one line, and two lines), so neither a message nor
the Play again button ever changes the size of the board; a message too long
for two lines is cut, never grown into a third.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.app.view_state import ViewState
from ttt_gui.theme import Palette, Role
from ttt_gui.words import gettext

#: Lines of text the message line holds.
MESSAGE_LINES = 2


class TurnField:
    """The turn field (row ``row`` of ``parent``'s grid) and the message line
    (row ``row + 1``), in ``text_font``; ``play_again`` is called by the
    Play again button."""

    def __init__(
        self, parent: tk.Misc, row: int, text_font: tkfont.Font, play_again: Callable[[], None]
    ) -> None:
        self.text_font = text_font
        self.turn_font = tkfont.Font(font=text_font)
        self.turn_font.configure(weight="bold")
        self.frame = tk.Frame(parent, padx=8, highlightthickness=0)
        self.frame.grid(row=row, column=0, sticky="ew")
        self.frame.grid_propagate(False)
        self.frame.columnconfigure(1, weight=1)
        self.frame.rowconfigure(0, weight=1)
        self.turn_label = tk.Label(self.frame, anchor="w", padx=0, font=self.turn_font)
        self.turn_label.grid(row=0, column=0, sticky="w")
        self.rule_label = tk.Label(self.frame, anchor="w", padx=12, font=text_font)
        self.rule_label.grid(row=0, column=1, sticky="w")
        ttk.Style(parent).configure("Turn.Game.TButton", padding=(8, 0))
        self.play_again = ttk.Button(
            self.frame, text=gettext("Play again"), command=play_again, style="Turn.Game.TButton"
        )
        self.progress = ttk.Progressbar(self.frame, mode="indeterminate", length=80)
        self.message_frame = tk.Frame(parent, padx=8, highlightthickness=0)
        self.message_frame.grid(row=row + 1, column=0, sticky="ew")
        self.message_frame.grid_propagate(False)
        self.message_frame.columnconfigure(0, weight=1)
        self.message_label = tk.Label(
            self.message_frame, anchor="nw", justify="left", padx=0, pady=0, font=text_font
        )
        self.message_label.grid(row=0, column=0, sticky="new")
        self.score_label = tk.Label(self.message_frame, anchor="ne", padx=0, font=text_font)
        self.score_label.grid(row=0, column=1, sticky="ne", padx=(12, 0))
        self.message_frame.bind("<Configure>", lambda event: self._wrap())
        self.score_label.bind("<Configure>", lambda event: self._wrap())
        self.fit()

    def fit(self) -> None:
        """Fix the heights for the fonts as they are now (after a zoom)."""
        # The Play again button: a line of text, its border and focus ring.
        button = self.text_font.metrics("linespace") + 5
        self.frame.configure(height=max(self.turn_font.metrics("linespace"), button) + 2)
        self.message_frame.configure(
            height=self.text_font.metrics("linespace") * MESSAGE_LINES + 2
        )

    def _wrap(self) -> None:
        """Messages wrap beside the scores, within the line's width."""
        width = self.message_frame.winfo_width() - self.score_label.winfo_width() - 32
        self.message_label.configure(wraplength=max(1, width))

    @property
    def height(self) -> int:
        """The height both take (pixels)."""
        return int(self.frame.cget("height")) + int(self.message_frame.cget("height"))

    def paint(self, state: ViewState, previous: ViewState | None) -> None:
        """Show ``state``'s turn, rule, note, Play again and progress."""
        if previous is None or previous.turn != state.turn:
            self.turn_label.configure(text=state.turn)
        if previous is None or previous.rule != state.rule:
            self.rule_label.configure(text=state.rule)
        if previous is None or previous.note != state.note:
            self.message_label.configure(text=state.note)
        if previous is None or previous.offers_play_again != state.offers_play_again:
            if state.offers_play_again:
                self.play_again.grid(row=0, column=2, sticky="e")
            else:
                self.play_again.grid_remove()
        if previous is None or previous.show_progress != state.show_progress:
            if state.show_progress:
                self.progress.grid(row=0, column=3, sticky="e", padx=(8, 0))
                self.progress.start(15)
            else:
                self.progress.stop()
                self.progress.grid_remove()

    def recolour(self, colours: Palette) -> None:
        background = colours[Role.BACKGROUND]
        for widget in (self.frame, self.message_frame):
            widget.configure(background=background)
        self.turn_label.configure(background=background, foreground=colours[Role.TEXT])
        self.score_label.configure(background=background, foreground=colours[Role.MUTED])

        self.rule_label.configure(background=background, foreground=colours[Role.BAD])
        self.message_label.configure(background=background, foreground=colours[Role.TEXT])

    def stop(self) -> None:
        """Stop the progress bar's timer (before the window is destroyed)."""
        self.progress.stop()
