"""Widgets laid out in rows that wrap, as words do."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence
from tkinter import ttk
from typing import Literal

from ttt_gui.gui.control_style import FRAME


class Rows:
    """Widgets of ``parent`` laid out left to right in rows no wider than a
    width, as words wrap: a language with longer words takes more rows,
    never more width. Each row is a frame of its own (the rows of one grid
    would share its columns, so a long widget would widen a column of every
    row); a widget wider than the width has a row to itself."""

    def __init__(
        self, parent: ttk.Frame, *, padx: tuple[int, int], fill: Literal["none", "y"]
    ) -> None:
        self.parent = parent
        self.padx = padx
        self.fill = fill
        self.frames: list[ttk.Frame] = []

    def lay_out(self, widgets: Sequence[tk.Widget], room: int) -> None:
        """Put ``widgets`` in rows of at most ``room`` pixels, in their order."""
        rows: list[list[tk.Widget]] = [[]]
        used = 0
        for widget in widgets:
            width = widget.winfo_reqwidth() + sum(self.padx)
            if rows[-1] and used + width > room:
                rows.append([])
                used = 0
            rows[-1].append(widget)
            used += width
        while len(self.frames) < len(rows):
            frame = ttk.Frame(self.parent, style=FRAME)
            frame.grid(row=len(self.frames), column=0, sticky="w")
            self.frames.append(frame)
        for index, frame in enumerate(self.frames):
            if index < len(rows):
                frame.grid()
            else:
                frame.grid_remove()
        for widget in widgets:
            widget.pack_forget()
        for frame, row in zip(self.frames, rows):
            for widget in row:
                widget.pack(in_=frame, side="left", padx=self.padx, pady=(0, 1), fill=self.fill)
                widget.lift(frame)  # the row's frame was made after it: above it otherwise
