"""A frame that scrolls where its parent is too short for it: its body is a
canvas's window, with a vertical scroll bar only while it does not fit."""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk


class ScrolledFrame:
    """:attr:`frame` (to lay out in ``parent``) shows :attr:`body` (to fill),
    as wide as the room and scrolled by a bar, the wheel over any widget
    carrying ``tag`` (the caller's bind tag), and :meth:`see`.
    ``on_resize`` is called when the body's size changes."""

    def __init__(
        self,
        parent: tk.Misc,
        tag: str,
        on_resize: Callable[[], None],
        padding: tuple[int, int] = (0, 0),
    ) -> None:
        self.frame = tk.Frame(parent, highlightthickness=0)
        self.frame.rowconfigure(0, weight=1)
        self.frame.columnconfigure(0, weight=1)
        self.canvas = tk.Canvas(self.frame, highlightthickness=0, borderwidth=0)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self.scrollbar = ttk.Scrollbar(self.frame, orient="vertical", command=self.canvas.yview)
        self.canvas.configure(yscrollcommand=self.scrollbar.set)
        padx, pady = padding
        self.body = tk.Frame(self.canvas, padx=padx, pady=pady, highlightthickness=0)
        self._item = self.canvas.create_window(0, 0, window=self.body, anchor="nw")
        self.on_resize = on_resize
        self.body.bind("<Configure>", self._body_changed)
        self.canvas.bind("<Configure>", self._canvas_changed)
        for widget in (self.canvas, self.body):
            widget.bindtags((*widget.bindtags()[:1], tag, *widget.bindtags()[1:]))
        for sequence, step in (("<Button-4>", -1), ("<Button-5>", 1)):
            parent.bind_class(tag, sequence, functools.partial(self._wheel, step))
        parent.bind_class(tag, "<MouseWheel>", self._wheel_delta)

    def width(self) -> int:
        """The body's room across, in pixels (1 before it is laid out)."""
        return int(self.canvas.winfo_width())

    def recolour(self, background: str) -> None:
        for widget in (self.frame, self.canvas, self.body):
            widget.configure(background=background)

    def _canvas_changed(self, event: object = None) -> None:
        """The body is as wide as the room it has."""
        self.canvas.itemconfigure(self._item, width=self.canvas.winfo_width())
        self._fit()

    def _body_changed(self, event: object = None) -> None:
        self.on_resize()
        self._fit()

    def _fit(self) -> None:
        """A scroll bar while the body is taller than the room, none otherwise."""
        needed, room = self.body.winfo_reqheight(), self.canvas.winfo_height()
        self.canvas.configure(scrollregion=(0, 0, self.canvas.winfo_width(), needed))
        if needed > room > 1:
            self.scrollbar.grid(row=0, column=1, sticky="ns")
        else:
            self.scrollbar.grid_remove()
            self.canvas.yview_moveto(0)

    def see(self, widget: tk.Misc) -> None:
        """Scroll so that ``widget`` (of the body) is in view, with the body's margin."""
        total, room = self.body.winfo_reqheight(), self.canvas.winfo_height()
        if total <= room or room <= 1:
            return
        margin = int(self.body.cget("pady"))
        top = widget.winfo_rooty() - self.body.winfo_rooty() - margin
        bottom = top + widget.winfo_height() + 2 * margin
        shown = self.canvas.canvasy(0)
        if top < shown:
            self.canvas.yview_moveto(max(0, top) / total)
        elif bottom > shown + room:
            self.canvas.yview_moveto(min(total, bottom - room) / total)

    def _wheel(self, step: int, event: object = None) -> None:
        if self.scrollbar.winfo_ismapped():
            self.canvas.yview_scroll(step, "units")

    def _wheel_delta(self, event: tk.Event[tk.Misc]) -> None:
        self._wheel(-1 if event.delta > 0 else 1)
