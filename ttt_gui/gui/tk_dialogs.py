"""Tk dialogs behind the :class:`~ttt_gui.app.ports.Dialogs` protocol.

The standard dialogs are imported when first needed, so start-up stays fast.
Every dialog is modal to the main window and closes with Escape. While one is
open, :attr:`TkDialogs.open_count` is above zero. A close request from the
window manager then calls :meth:`TkDialogs.close_all`: every open dialog is
closed as if cancelled (from then on each answers its cancel value, so no
dialog's action runs), and the window quits once the last has closed.

Open and Save use the desktop's own file chooser where there is one (see
:mod:`ttt_gui.gui.desktop_choosers`), else Tk's.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from tkinter import ttk
from typing import TypeVar

from ttt_gui.app.ports import GAME_FILE_SUFFIX, ClipboardDelivery, KeptGameAction
from ttt_gui.board import MIN_SIZE
from ttt_gui.config import MAX_WINDOW_SIZE, Shape
from ttt_gui.gui.clipboard import ClipboardReader
from ttt_gui.gui.desktop_choosers import DesktopChoosers
from ttt_gui.gui.file_chooser import Chooser
from ttt_gui.gui.number_form import NumberField, number_form
from ttt_gui.gui.text_window import build_text_window
from ttt_gui.theme import Palette
from ttt_gui.words import current_language, gettext, gettext_noop

#: The file dialogs' filters: (description, pattern); the descriptions are
#: translated where shown (:func:`file_types`).
FILE_TYPES = [
    # TRANSLATORS: a filter of the Open and Save file dialogs.
    (gettext_noop("Saved games"), f"*{GAME_FILE_SUFFIX}"),
    # TRANSLATORS: a filter of the Open and Save file dialogs.
    (gettext_noop("All files"), "*"),
]
Answer = TypeVar("Answer")


def file_types() -> list[tuple[str, str]]:
    """The file dialogs' filters, in the player's language."""
    return [(gettext(description), pattern) for description, pattern in FILE_TYPES]


def speak_in_tk_dialogs(root: tk.Misc, language: str) -> None:
    """Tk's own dialogs (the message boxes' buttons, the file dialog) in
    ``language`` where Tk has words for it (German, French, Russian…; its
    own English otherwise), not in the system's: the player may have chosen
    another language than the system's."""
    try:
        root.tk.call("::msgcat::mclocale", language.lower())
        folder = root.tk.call("file", "join", root.tk.call("set", "::tk_library"), "msgs")
        root.tk.call("::msgcat::mcload", folder)
    except tk.TclError:  # a Tk without its message catalogues
        pass


class TkDialogs:
    """Dialogs and the clipboard of one main window; ``choosers`` are the
    desktop's file choosers to try before Tk's dialog, the first first."""

    def __init__(self, root: tk.Tk, choosers: list[Chooser] | None = None) -> None:
        self.root = root
        #: The desktop's file choosers, asked before Tk's dialog.
        self.desktop = DesktopChoosers(
            root, list(choosers or []), self._open, lambda: self.is_closing
        )
        self.open_count = 0
        #: The theme's colours (set by the window; None: Tk's own).
        self.colours: Palette | None = None
        #: Set by :meth:`close_all`: every dialog answers as if cancelled.
        self.is_closing = False
        #: Called when the last open dialog closes (the window's deferred quit).
        self.on_all_closed: Callable[[], None] | None = None
        self.clipboard = ClipboardReader(root)
        speak_in_tk_dialogs(root, current_language().code)
        #: Called after a clipboard answer that came late (the window repaints).
        self.after_late_answer: Callable[[], None] = lambda: None

    @contextmanager
    def _open(self) -> Iterator[None]:
        self.open_count += 1
        try:
            yield
        finally:
            self.open_count -= 1
            if self.open_count == 0 and self.on_all_closed is not None:
                self.root.after_idle(self.on_all_closed)

    def close_all(self) -> None:
        """Close every open dialog as if cancelled, and cancel every later one
        (the window is closing). Native dialogs (Windows, macOS) cannot be
        closed from here: their answer is then ignored."""
        self.is_closing = True
        self.desktop.cancel()
        tcl = self.root.tk
        for name in tcl.splitlist(tcl.call("winfo", "children", ".")):
            path = str(name)
            is_window = str(tcl.call("winfo", "toplevel", path)) == path
            if not is_window or str(tcl.call("winfo", "class", path)) == "Menu":
                continue
            # As its close button would: Tk's file dialog must cancel itself.
            close = str(tcl.call("wm", "protocol", path, "WM_DELETE_WINDOW"))
            tcl.call(*tcl.splitlist(close)) if close else tcl.call("destroy", path)

    def _modal(
        self,
        title: str,
        build: Callable[[tk.Toplevel, Callable[[Answer], None]], None],
        cancel: Answer,
    ) -> Answer:
        """Run a modal window built by ``build(window, finish)``; its answer, or
        ``cancel`` for Escape or closing it."""
        if self.is_closing:
            return cancel
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
        return cancel if self.is_closing else answer[0]

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

    def _ask_numbers(
        self,
        title: str,
        fields: list[NumberField],
        check: Callable[[list[int]], str],
        accept_label: str,
        options: tuple[tuple[str, bool], ...] = (),
    ) -> list[int] | None:
        """A modal form of whole numbers and check boxes (see
        :func:`~ttt_gui.gui.number_form.number_form`); its values, or None."""

        build = number_form(fields, check, accept_label, options)
        return self._modal(title, build, None)

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None:
        def check(numbers: list[int]) -> str:
            if minimum <= numbers[0] <= maximum:
                return ""
            return gettext("Choose a number from {least} to {most}.").format(
                least=minimum, most=maximum
            )

        fields = [(prompt, initial, minimum, maximum)]
        answer = self._ask_numbers(title, fields, check, gettext("OK"))
        return None if answer is None else answer[0]

    def ask_board(self, shape: Shape) -> Shape | None:
        """One dialog with the columns, rows, win length and the three rules;
        the button works only for a board that exists (the exact rule goes
        with neither of the others). The sides are asked in the order every
        board is named (columns × rows: Connect Four is 7×6)."""
        rows, cols, win_length, gravity, misere, exact = shape

        def check(values: list[int]) -> str:
            width, height, length, drops, loses, only_exact = values
            if not all(MIN_SIZE <= side <= MAX_WINDOW_SIZE for side in (height, width)):
                return gettext("Columns and rows are {least} to {most} each.").format(
                    least=MIN_SIZE, most=MAX_WINDOW_SIZE
                )
            board = Shape(height, width, length)
            if not board.is_valid:  # the sides are: the win length is not
                return gettext(
                    "On a {columns}×{rows} board, {least} to {most} in a row can win."
                ).format(columns=width, rows=height, least=MIN_SIZE, most=board.size)
            if only_exact and (drops or loses):
                # TRANSLATORS: the custom board form; the three rules as its check boxes name them.
                return gettext("The exact rule goes with neither gravity nor misère.")
            return ""

        least, most = MIN_SIZE, MAX_WINDOW_SIZE
        fields = [
            (gettext("Columns, across ({least} to {most}):"), cols),
            (gettext("Rows, down ({least} to {most}):"), rows),
            (gettext("Marks in a row ({least} to the longer side):"), win_length),
        ]
        numbers = [
            (label.format(least=least, most=most), initial, least, most)
            for label, initial in fields
        ]
        options = (
            (gettext("Gravity: a mark drops to the bottom of its column"), gravity),
            (gettext("Misère: whoever completes a line loses"), misere),
            (gettext("Exact (a longer line does not win)"), exact),
        )
        answer = self._ask_numbers(
            gettext("Custom board"), numbers, check, gettext("Play this board"), options
        )
        if answer is None:
            return None
        width, height, length, drops, loses, only_exact = answer
        return Shape(height, width, length, bool(drops), bool(loses), bool(only_exact))

    def show_info(self, title: str, text: str) -> None:
        from tkinter import messagebox

        if self.is_closing:
            return
        with self._open():
            messagebox.showinfo(title, text, parent=self.root)

    def show_text(self, title: str, text: str) -> None:
        """A window of text to read (see :mod:`ttt_gui.gui.text_window`)."""

        def build(window: tk.Toplevel, finish: Callable[[None], None]) -> None:
            build_text_window(window, title, text, lambda: finish(None), self.colours)

        self._modal(title, build, None)

    def show_error(self, title: str, text: str) -> None:
        from tkinter import messagebox

        if self.is_closing:
            return
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
            close = ttk.Button(frame, text=gettext("Close"), command=lambda: finish(None))
            close.grid(row=len(rows), column=1, sticky="e", pady=(12, 0))
            close.focus_set()

        self._modal(title, build, None)

    def choose_kept_game(self, entries: list[str]) -> tuple[int, KeptGameAction] | None:
        """A list of the kept games with Open, Discard and Cancel: Enter (or a
        double click) opens the selected one, Delete discards it, Escape cancels."""

        def build(
            window: tk.Toplevel, finish: Callable[[tuple[int, KeptGameAction] | None], None]
        ) -> None:
            frame = ttk.Frame(window, padding=16)
            frame.grid(sticky="nsew")
            ttk.Label(frame, text=gettext("Unfinished games kept from earlier windows:")).grid(
                row=0, column=0, columnspan=3, sticky="w", pady=(0, 8)
            )
            games = tk.Listbox(frame, height=min(max(len(entries), 3), 12), exportselection=False)
            games.configure(width=list_width(games, entries))
            for entry in entries:
                games.insert("end", entry)
            games.grid(row=1, column=0, columnspan=3, sticky="nsew", pady=(0, 12))
            games.selection_set(0)
            games.activate(0)

            def choose(action: KeptGameAction) -> None:
                selected = games.curselection()  # type: ignore[no-untyped-call]
                if selected:
                    finish((int(selected[0]), action))

            buttons = (
                # TRANSLATORS: a button: open the kept game chosen in the list.
                (gettext("Open"), lambda: choose("open")),
                # TRANSLATORS: a button: forget the kept game chosen in the list.
                (gettext("Discard"), lambda: choose("discard")),
                (gettext("Cancel"), lambda: finish(None)),
            )
            for column, (label, press) in enumerate(buttons):
                ttk.Button(frame, text=label, command=press).grid(
                    row=2, column=column, sticky="e", padx=(8, 0)
                )
            frame.columnconfigure(0, weight=1)
            window.bind("<Return>", lambda event: choose("open"))
            window.bind("<KP_Enter>", lambda event: choose("open"))
            window.bind("<Delete>", lambda event: choose("discard"))
            games.bind("<Double-Button-1>", lambda event: choose("open"))
            games.focus_set()

        return self._modal(gettext("Resume game"), build, None)

    def ask_open_path(self, folder: Path) -> Path | None:
        from tkinter import filedialog

        if self.is_closing:
            return None
        title = gettext("Open game")
        chosen = self.desktop.ask(self.desktop.question(False, title, folder, "", file_types()))
        if not chosen.failed or self.is_closing:
            return None if self.is_closing else chosen.path
        with self._open():
            name = filedialog.askopenfilename(
                parent=self.root, title=title, filetypes=file_types(), initialdir=str(folder)
            )
        return Path(name) if name and not self.is_closing else None

    def ask_save_path(self, folder: Path, name: str) -> Path | None:
        """As Tk's dialog answers: a name without a suffix gets the games'
        suffix. The desktop's chooser has asked before replacing the name
        chosen; only when the suffix added makes it another file that exists
        is the person asked (once) here."""
        from tkinter import filedialog

        if self.is_closing:
            return None
        title = gettext("Save game")
        desktop = self.desktop.ask(self.desktop.question(True, title, folder, name, file_types()))
        if not desktop.failed or self.is_closing:
            path = desktop.path
            if path is None or self.is_closing:
                return None
            if path.suffix:
                return path
            path = path.with_name(path.name + GAME_FILE_SUFFIX)
            if path.exists() and not self.confirm(
                title,
                gettext("A file named “{name}” is already there. Replace it?").format(
                    name=path.name
                ),
                # TRANSLATORS: a button: write the game over the file already there.
                gettext("Replace"),
                gettext("Cancel"),
            ):
                return None
            return path
        with self._open():
            chosen = filedialog.asksaveasfilename(
                parent=self.root,
                title=title,
                filetypes=file_types(),
                defaultextension=GAME_FILE_SUFFIX,
                initialdir=str(folder),
                initialfile=name,
            )
        return Path(chosen) if chosen and not self.is_closing else None

    def read_clipboard(self, deliver: ClipboardDelivery) -> None:
        """See :mod:`ttt_gui.gui.clipboard`: a late answer is followed by
        :attr:`after_late_answer`."""
        self.clipboard.read(deliver, lambda: self.after_late_answer())

    def set_clipboard(self, text: str) -> None:
        self.root.clipboard_clear()
        self.root.clipboard_append(text)


def list_width(listbox: tk.Listbox, entries: list[str], least: int = 40) -> int:
    """The width, in the listbox's characters (its font's "0"), that shows
    every one of ``entries`` whole, at least ``least``; at most what the
    screen holds (a row longer than that is cut where nothing else can be)."""
    from tkinter import font as tkfont

    measure = tkfont.Font(listbox, font=listbox.cget("font"))
    zero = max(1, measure.measure("0"))
    widest = max((measure.measure(entry) for entry in entries), default=0)
    screen = max(least, (listbox.winfo_screenwidth() - 80) // zero)
    return min(screen, max(least, -(-widest // zero) + 2))
