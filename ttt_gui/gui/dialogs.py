"""Tk dialogs behind the :class:`~ttt_gui.dialogs.Dialogs` protocol.

The standard dialogs are imported when first needed, so start-up stays fast.
Every dialog is modal to the main window and closes with Escape. While one is
open, :attr:`TkDialogs.open_count` is above zero: the window then defers a
close request until the dialog is answered.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from tkinter import ttk
from typing import TypeVar

from ttt_gui.board import MAX_SIZE, MIN_SIZE
from ttt_gui.games import SUFFIX

FILE_TYPES = [("Saved games", f"*{SUFFIX}"), ("All files", "*")]
Answer = TypeVar("Answer")


class TkDialogs:
    """Dialogs and the clipboard of one main window."""

    def __init__(self, root: tk.Tk) -> None:
        self.root = root
        self.open_count = 0
        #: Called when the last open dialog closes (the window's deferred quit).
        self.on_all_closed: Callable[[], None] | None = None

    @contextmanager
    def _open(self) -> Iterator[None]:
        self.open_count += 1
        try:
            yield
        finally:
            self.open_count -= 1
            if self.open_count == 0 and self.on_all_closed is not None:
                self.root.after_idle(self.on_all_closed)

    def _modal(
        self,
        title: str,
        build: Callable[[tk.Toplevel, Callable[[Answer], None]], None],
        cancel: Answer,
    ) -> Answer:
        """Run a modal window built by ``build(window, finish)``; its answer, or
        ``cancel`` for Escape or closing it."""
        answer: list[Answer] = [cancel]
        window = tk.Toplevel(self.root)
        window.title(title)
        window.transient(self.root)
        window.resizable(False, False)

        def finish(value: Answer) -> None:
            answer[0] = value
            window.destroy()

        build(window, finish)
        window.bind("<Escape>", lambda event: finish(cancel))
        window.protocol("WM_DELETE_WINDOW", lambda: finish(cancel))
        with self._open():
            window.wait_visibility()
            window.grab_set()
            self.root.wait_window(window)
        return answer[0]

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool:
        """A question with two verb buttons; ``no`` is the default, Escape answers it."""

        def build(window: tk.Toplevel, finish: Callable[[bool], None]) -> None:
            frame = ttk.Frame(window, padding=16)
            frame.grid(sticky="nsew")
            ttk.Label(frame, text=text, wraplength=360, justify="left").grid(
                row=0, column=0, columnspan=2, sticky="w", pady=(0, 16)
            )
            keep = ttk.Button(frame, text=no, command=lambda: finish(False))
            ttk.Button(frame, text=yes, command=lambda: finish(True)).grid(
                row=1, column=0, sticky="e", padx=(0, 8)
            )
            keep.grid(row=1, column=1, sticky="e")
            frame.columnconfigure(0, weight=1)
            keep.focus_set()

            def press_focused(event: object) -> None:
                button = window.focus_get()
                if isinstance(button, ttk.Button):
                    button.invoke()

            window.bind("<Return>", press_focused)

        return self._modal(title, build, False)

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None:
        from tkinter import simpledialog

        with self._open():
            return simpledialog.askinteger(
                title,
                prompt,
                parent=self.root,
                initialvalue=initial,
                minvalue=minimum,
                maxvalue=maximum,
            )

    def ask_board(self, size: int, win_length: int) -> tuple[int, int] | None:
        """One dialog with both fields; OK is enabled only for a board that exists."""

        def build(window: tk.Toplevel, finish: Callable[[tuple[int, int] | None], None]) -> None:
            frame = ttk.Frame(window, padding=16)
            frame.grid(sticky="nsew")
            size_text, length_text = (
                tk.StringVar(window, str(size)),
                tk.StringVar(window, str(win_length)),
            )
            problem = tk.StringVar(window)
            fields = (
                (f"Cells a side ({MIN_SIZE} to {MAX_SIZE}):", size_text),
                ("Marks in a row to win (3 to the side):", length_text),
            )
            for row, (label, variable) in enumerate(fields):
                ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w", pady=2)
                ttk.Spinbox(
                    frame, from_=MIN_SIZE, to=MAX_SIZE, width=4, textvariable=variable
                ).grid(row=row, column=1, sticky="w", padx=(8, 0), pady=2)
            ttk.Label(frame, textvariable=problem, foreground="#b91c1c").grid(
                row=2, column=0, columnspan=2, sticky="w", pady=(6, 6)
            )
            ok = ttk.Button(frame, text="Play this board")
            cancel = ttk.Button(frame, text="Cancel", command=lambda: finish(None))
            ok.grid(row=3, column=0, sticky="e", padx=(0, 8))
            cancel.grid(row=3, column=1, sticky="e")

            def shape() -> tuple[int, int] | None:
                text = size_text.get().strip(), length_text.get().strip()
                if not all(part.isdigit() for part in text):
                    problem.set("Both must be whole numbers.")
                    return None
                side, length = int(text[0]), int(text[1])
                if not MIN_SIZE <= side <= MAX_SIZE:
                    problem.set(f"A side has {MIN_SIZE} to {MAX_SIZE} cells.")
                    return None
                if not MIN_SIZE <= length <= side:
                    problem.set(f"On a {side}×{side} board, 3 to {side} in a row can win.")
                    return None
                problem.set("")
                return side, length

            def check(*_: object) -> None:
                ok.state(["!disabled"] if shape() is not None else ["disabled"])

            def accept() -> None:
                chosen = shape()
                if chosen is not None:
                    finish(chosen)

            ok.configure(command=accept)
            for variable in (size_text, length_text):
                variable.trace_add("write", check)
            window.bind("<Return>", lambda event: accept())
            ok.focus_set()

        return self._modal("Custom board", build, None)

    def show_info(self, title: str, text: str) -> None:
        from tkinter import messagebox

        with self._open():
            messagebox.showinfo(title, text, parent=self.root)

    def show_error(self, title: str, text: str) -> None:
        from tkinter import messagebox

        try:
            with self._open():
                messagebox.showerror(title, text, parent=self.root)
        except tk.TclError:  # the window is being destroyed
            pass

    def show_table(self, title: str, rows: list[tuple[str, str]]) -> None:
        """A modal two-column window: keys on the left, what they do on the right."""

        def build(window: tk.Toplevel, finish: Callable[[None], None]) -> None:
            frame = ttk.Frame(window, padding=16)
            frame.grid(sticky="nsew")
            for row, (keys, description) in enumerate(rows):
                ttk.Label(frame, text=keys, font="TkHeadingFont").grid(
                    row=row, column=0, sticky="w", padx=(0, 24), pady=1
                )
                ttk.Label(frame, text=description).grid(row=row, column=1, sticky="w", pady=1)
            close = ttk.Button(frame, text="Close", command=lambda: finish(None))
            close.grid(row=len(rows), column=1, sticky="e", pady=(12, 0))
            close.focus_set()

        self._modal(title, build, None)

    def ask_open_path(self, folder: Path) -> Path | None:
        from tkinter import filedialog

        with self._open():
            name = filedialog.askopenfilename(
                parent=self.root, title="Open game", filetypes=FILE_TYPES, initialdir=str(folder)
            )
        return Path(name) if name else None

    def ask_save_path(self, folder: Path, name: str) -> Path | None:
        from tkinter import filedialog

        with self._open():
            chosen = filedialog.asksaveasfilename(
                parent=self.root,
                title="Save game",
                filetypes=FILE_TYPES,
                defaultextension=SUFFIX,
                initialdir=str(folder),
                initialfile=name,
            )
        return Path(chosen) if chosen else None

    def get_clipboard(self) -> str | None:
        try:
            return str(self.root.clipboard_get())
        except tk.TclError:
            return None

    def set_clipboard(self, text: str) -> None:
        self.root.clipboard_clear()
        self.root.clipboard_append(text)
