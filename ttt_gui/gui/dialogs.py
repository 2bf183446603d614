"""Tk dialogs behind the :class:`~ttt_gui.dialogs.Dialogs` protocol.

The standard dialogs are imported when first needed, so start-up stays fast.
Every dialog is modal to the main window and closes with Escape.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import ttk

from ttt_gui.games import SUFFIX

FILE_TYPES = [("Saved games", f"*{SUFFIX}"), ("All files", "*")]


class TkDialogs:
    """Dialogs and the clipboard of one main window."""

    def __init__(self, root: tk.Tk) -> None:
        self.root = root

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool:
        from tkinter import messagebox

        return bool(messagebox.askyesno(title, f"{text}\n\n{yes}?", parent=self.root))

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None:
        from tkinter import simpledialog

        return simpledialog.askinteger(
            title,
            prompt,
            parent=self.root,
            initialvalue=initial,
            minvalue=minimum,
            maxvalue=maximum,
        )

    def show_info(self, title: str, text: str) -> None:
        from tkinter import messagebox

        messagebox.showinfo(title, text, parent=self.root)

    def show_error(self, title: str, text: str) -> None:
        from tkinter import messagebox

        try:
            messagebox.showerror(title, text, parent=self.root)
        except tk.TclError:  # the window is being destroyed
            pass

    def show_table(self, title: str, rows: list[tuple[str, str]]) -> None:
        """A modal two-column window: keys on the left, what they do on the right."""
        window = tk.Toplevel(self.root)
        window.title(title)
        window.transient(self.root)
        frame = ttk.Frame(window, padding=12)
        frame.grid(sticky="nsew")
        for row, (keys, description) in enumerate(rows):
            ttk.Label(frame, text=keys, font="TkFixedFont").grid(
                row=row, column=0, sticky="w", padx=(0, 16), pady=1
            )
            ttk.Label(frame, text=description).grid(row=row, column=1, sticky="w", pady=1)
        close = ttk.Button(frame, text="Close", command=window.destroy)
        close.grid(row=len(rows), column=1, sticky="e", pady=(12, 0))
        window.bind("<Escape>", lambda event: window.destroy())
        close.focus_set()
        window.wait_visibility()
        window.grab_set()
        self.root.wait_window(window)

    def ask_open_path(self) -> Path | None:
        from tkinter import filedialog

        name = filedialog.askopenfilename(
            parent=self.root, title="Open game", filetypes=FILE_TYPES
        )
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        from tkinter import filedialog

        name = filedialog.asksaveasfilename(
            parent=self.root, title="Save game", filetypes=FILE_TYPES, defaultextension=SUFFIX
        )
        return Path(name) if name else None

    def get_clipboard(self) -> str | None:
        try:
            return str(self.root.clipboard_get())
        except tk.TclError:
            return None

    def set_clipboard(self, text: str) -> None:
        self.root.clipboard_clear()
        self.root.clipboard_append(text)
