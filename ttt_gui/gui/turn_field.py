"""The turn field and the message line under the board.

The turn field says whose turn it is, or the result, with the reminder of a
rule that turns the game around (misère), and offers Play again once the
game is over; the progress bar of a long search shows at its end. The
message line below it holds messages, the hint and the analysis's state,
with the scores of the match at its right.
Both have fixed heights (one line, and two lines), so neither a message nor
the Play again button ever changes the size of the board. A text too long
for its room is never cut mid-word: it is shortened at a word (between
characters in Japanese and Chinese) and ends with "…", and its whole shows
in a tooltip, on hover and while the field has the keyboard's focus (the
shortened field takes the focus by Tab).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.app.view_state import ViewState
from ttt_gui.gui.control_style import text_width
from ttt_gui.gui.text_fit import fit_text
from ttt_gui.gui.tooltip import Tooltip
from ttt_gui.theme import Palette, Role
from ttt_gui.words import gettext

#: Lines of text the message line holds.
MESSAGE_LINES = 2


class TurnField:
    """The turn field (row ``row`` of ``parent``'s grid) and the message line
    (row ``row + 1``), in ``text_font``; ``play_again`` is called by the
    Play again button, ``next_puzzle`` by the Next puzzle button (once a
    puzzle is over)."""

    def __init__(
        self,
        parent: tk.Misc,
        row: int,
        text_font: tkfont.Font,
        play_again: Callable[[], object],
        next_puzzle: Callable[[], object] = lambda: None,
    ) -> None:
        self.text_font = text_font
        self.turn_font = tkfont.Font(font=text_font)
        self.turn_font.configure(weight="bold")
        self.frame = tk.Frame(parent, padx=8, highlightthickness=0)
        self.frame.grid(row=row, column=0, sticky="ew")
        self.frame.grid_propagate(False)
        self.frame.columnconfigure(1, weight=1)
        self.frame.rowconfigure(0, weight=1)
        # A label shortened takes the focus (for its tooltip), ringed by its highlight.
        self.turn_label = tk.Label(
            self.frame,
            anchor="w",
            padx=0,
            font=self.turn_font,
            borderwidth=0,
            highlightthickness=1,
        )
        self.turn_label.grid(row=0, column=0, sticky="w")
        self.rule_label = tk.Label(self.frame, anchor="w", padx=12, font=text_font)
        self.rule_label.grid(row=0, column=1, sticky="w")
        ttk.Style(parent).configure("Turn.Game.TButton", padding=(8, 0))
        self.play_again = ttk.Button(
            self.frame, text=gettext("Play again"), command=play_again, style="Turn.Game.TButton"
        )
        self.next_puzzle = ttk.Button(
            self.frame,
            # TRANSLATORS: the button beside a solved or failed puzzle.
            text=gettext("Next puzzle"),
            command=next_puzzle,
            style="Turn.Game.TButton",
        )
        self.progress = ttk.Progressbar(self.frame, mode="indeterminate", length=80)
        self.message_frame = tk.Frame(parent, padx=8, highlightthickness=0)
        self.message_frame.grid(row=row + 1, column=0, sticky="ew")
        self.message_frame.grid_propagate(False)
        self.message_frame.columnconfigure(0, weight=1)
        self.message_label = tk.Label(
            self.message_frame,
            anchor="nw",
            justify="left",
            padx=0,
            pady=0,
            font=text_font,
            borderwidth=0,
            highlightthickness=1,
        )
        self.message_label.grid(row=0, column=0, sticky="new")
        self.score_label = tk.Label(self.message_frame, anchor="ne", padx=0, font=text_font)
        self.score_label.grid(row=0, column=1, sticky="ne", padx=(12, 0))
        #: The whole texts of the turn label and the message line.
        self.turn_text = self.message_text = ""
        #: What each label was last laid out for: (text, room, font, its size).
        self._laid_out: dict[str, tuple[str, int, str, object]] = {}
        self.turn_tip = Tooltip(self.turn_label)
        self.message_tip = Tooltip(self.message_label)
        for widget in (self.frame, self.message_frame, self.score_label, self.rule_label):
            widget.bind("<Configure>", lambda event: self._wrap(), add=True)
        self.fit()

    def fit(self) -> None:
        """Fix the heights for the fonts as they are now (after a zoom)."""
        # The Play again button: a line of text, its border and focus ring.
        button = self.text_font.metrics("linespace") + 5
        self.frame.configure(height=max(self.turn_font.metrics("linespace"), button) + 2)
        self.message_frame.configure(
            height=self.text_font.metrics("linespace") * MESSAGE_LINES + 2
        )

    def message_width(self) -> int:
        """The room (pixels) of the message's lines, beside the scores."""
        return self.message_frame.winfo_width() - self.score_label.winfo_reqwidth() - 32

    def turn_width(self) -> int:
        """The room (pixels) of the turn's line, beside the rule, Play again
        and the progress bar."""
        others = sum(
            widget.winfo_reqwidth() + 12
            for widget in (self.rule_label, self.play_again, self.next_puzzle, self.progress)
            if widget.winfo_manager() and (widget is not self.rule_label or self.rule_text)
        )
        return self.frame.winfo_width() - 16 - others

    @property
    def rule_text(self) -> str:
        return str(self.rule_label.cget("text"))

    def _wrap(self) -> None:
        """Lay the turn and the message out in the room they have now."""
        self._show(self.turn_label, self.turn_tip, self.turn_text, self.turn_width(), 1)
        self._show(
            self.message_label, self.message_tip, self.message_text, self.message_width(), 2
        )

    def _show(self, label: tk.Label, tip: Tooltip, text: str, width: int, lines: int) -> None:
        """Show ``text`` in ``label``, within ``lines`` lines of ``width``
        pixels, shortened if it must be (the whole then in ``tip``)."""
        font = str(label.cget("font"))
        key = (text, width, font, tkfont.Font(name=font, exists=True).actual("size"))
        if self._laid_out.get(str(label)) == key:
            return
        self._laid_out[str(label)] = key
        if width <= 1:  # not laid out yet
            fitted_text, is_shortened = text, False
        else:
            fitted = fit_text(text, width, lines, lambda part: text_width(label, part))
            fitted_text, is_shortened = fitted.shown, fitted.is_shortened
        label.configure(text=fitted_text, takefocus=is_shortened)
        tip.set_text(text if is_shortened else "")

    @property
    def height(self) -> int:
        """The height both take (pixels)."""
        return int(self.frame.cget("height")) + int(self.message_frame.cget("height"))

    def paint(self, state: ViewState, previous: ViewState | None) -> None:
        """Show ``state``'s turn, rule, note, Play again and progress."""
        if previous is None or previous.rule != state.rule:
            self.rule_label.configure(text=state.rule)
        self.turn_text, self.message_text = state.turn, state.note
        if previous is None or previous.offers_play_again != state.offers_play_again:
            if state.offers_play_again:
                self.play_again.grid(row=0, column=2, sticky="e")
            else:
                self.play_again.grid_remove()
        if previous is None or previous.offers_next_puzzle != state.offers_next_puzzle:
            if state.offers_next_puzzle:
                self.next_puzzle.grid(row=0, column=2, sticky="e")
            else:
                self.next_puzzle.grid_remove()
        if previous is None or previous.show_progress != state.show_progress:
            if state.show_progress:
                self.progress.grid(row=0, column=3, sticky="e", padx=(8, 0))
                self.progress.start(15)
            else:
                self.progress.stop()
                self.progress.grid_remove()
        self._wrap()

    def recolour(self, colours: Palette) -> None:
        background = colours[Role.BACKGROUND]
        for widget in (self.frame, self.message_frame):
            widget.configure(background=background)
        self.score_label.configure(background=background, foreground=colours[Role.MUTED])

        self.rule_label.configure(background=background, foreground=colours[Role.BAD])
        for label in (self.turn_label, self.message_label):
            label.configure(
                background=background,
                foreground=colours[Role.TEXT],
                highlightbackground=background,
                highlightcolor=colours[Role.FOCUS],
            )
        self.turn_tip.recolour(colours)
        self.message_tip.recolour(colours)

    def stop(self) -> None:
        """Stop the progress bar's timer (before the window is destroyed)."""
        self.progress.stop()
