"""A tooltip: the whole of a text a widget shows shortened.

It shows below its widget while the pointer rests on it (after a short
pause) and while the widget has the keyboard's focus, so the whole text is
there for the mouse and the keyboard alike; a widget whose text is whole
has no tooltip text and shows none.
"""

from __future__ import annotations

import tkinter as tk

from ttt_gui.theme import Palette, Role

#: How long (ms) the pointer rests on the widget before the tooltip shows.
PAUSE_MS = 400
#: The tooltip's most width (pixels) before its text wraps.
MOST_WIDTH = 480


class Tooltip:
    """The tooltip of ``widget``; :attr:`text` is what it shows ("" for none)."""

    def __init__(self, widget: tk.Widget) -> None:
        self.widget = widget
        self.text = ""
        self.window: tk.Toplevel | None = None
        self.label: tk.Label | None = None
        self.colours: tuple[str, str] = ("#ffffe0", "#000000")
        self._pending: str | None = None
        widget.bind("<Enter>", self._later, add=True)
        widget.bind("<Leave>", self._hide_event, add=True)
        widget.bind("<FocusIn>", self._show_event, add=True)
        widget.bind("<FocusOut>", self._hide_event, add=True)
        widget.bind("<Destroy>", self._hide_event, add=True)

    @property
    def is_shown(self) -> bool:
        return self.window is not None

    def set_text(self, text: str) -> None:
        """Show ``text`` from now on ("" hides the tooltip)."""
        self.text = text
        if not text:
            self.hide()
        elif self.label is not None:
            self.label.configure(text=text)

    def recolour(self, colours: Palette) -> None:
        self.colours = (colours[Role.CELL], colours[Role.TEXT])

    def show(self) -> None:
        """Show the tooltip below the widget, if it has text."""
        self._cancel()
        if not self.text or self.window is not None or not self.widget.winfo_viewable():
            return
        window = tk.Toplevel(self.widget)
        window.wm_overrideredirect(True)
        background, foreground = self.colours
        self.label = tk.Label(
            window,
            text=self.text,
            justify="left",
            wraplength=MOST_WIDTH,
            background=background,
            foreground=foreground,
            relief="solid",
            borderwidth=1,
            padx=6,
            pady=4,
            font=self.widget.cget("font"),
        )
        self.label.pack()
        x = self.widget.winfo_rootx()
        y = self.widget.winfo_rooty() + self.widget.winfo_height() + 2
        window.wm_geometry(f"+{x}+{y}")
        self.window = window

    def hide(self) -> None:
        self._cancel()
        if self.window is not None:
            self.window.destroy()
        self.window = self.label = None

    def _later(self, event: object = None) -> None:
        self._cancel()
        if self.text:
            self._pending = self.widget.after(PAUSE_MS, self.show)

    def _cancel(self) -> None:
        if self._pending is not None:
            self.widget.after_cancel(self._pending)
            self._pending = None

    def _show_event(self, event: object = None) -> None:
        self.show()

    def _hide_event(self, event: object = None) -> None:
        self.hide()
