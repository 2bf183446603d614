"""The New game page's board: the list of boards, and a custom board's size
and rules, shown when the list says Custom; no game logic (each choice goes
to the page's command, and each view is painted as it comes)."""

from __future__ import annotations

import functools
import re
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ttt_gui.app.new_game import CUSTOM, SIDES, NewGameView, Stop
from ttt_gui.gui.control_style import (
    CHECK,
    COMBOBOX,
    FRAME,
    LABEL,
    SPINBOX,
    fit_combobox,
    select_all_on_ctrl_a,
)
from ttt_gui.gui.wrapping_rows import Rows
from ttt_gui.words import gettext, gettext_noop

#: The board list's style: the game's, with a list that may be wider than its box.
BOARD_BOX = f"Board.{COMBOBOX}"
#: The number boxes of a custom board, by their placeholders in its sentence.
SHAPE_FIELDS = {"rows": "rows", "columns": "cols", "length": "win_length"}
#: A custom board's size, its number boxes in the sentence's placeholders:
#: the columns first, as a board's name writes its size (Connect Four is 7×6).
# TRANSLATORS: a custom board's size on the New game page. Each
# {placeholder} is a box the player types a number in; the words around
# them are shown beside the boxes, so put the boxes in your order. The
# columns come first, as the window's title writes a size ("7×6": 7 columns).
SHAPE_SENTENCE = gettext_noop("{columns} columns × {rows} rows, {length} in a row")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def sentence_parts(sentence: str) -> list[tuple[str, str | None]]:
    """A sentence with number boxes as its placeholders, in order: (words,
    None) for text, ("", field) for a box (a field of :data:`SHAPE_FIELDS`).

    >>> sentence_parts("{columns} columns × {rows} rows, {length} in a row")[:3]
    [('', 'cols'), (' columns × ', None), ('', 'rows')]
    """
    parts: list[tuple[str, str | None]] = []
    place = 0
    for found in _PLACEHOLDER.finditer(sentence):
        if sentence[place : found.start()].strip():
            parts.append((sentence[place : found.start()], None))
        parts.append(("", SHAPE_FIELDS.get(found.group(1), found.group(1))))
        place = found.end()
    if sentence[place:].strip():
        parts.append((sentence[place:], None))
    return parts


class BoardChoice:
    """The board's controls in ``parent``: each choice is passed to
    ``choose(name, value)``; rows wrap to ``room()`` pixels."""

    def __init__(
        self,
        parent: tk.Misc,
        choose: Callable[[str, object], None],
        room: Callable[[], int],
    ) -> None:
        self.choose = choose
        self.room = room
        #: The boards of the list: (key, label), as the view gives them.
        self.choices: list[tuple[str, str]] = []
        self.holder = ttk.Frame(parent, style=FRAME)
        holder = self.holder
        self.board = ttk.Combobox(holder, state="readonly", width=30, style=BOARD_BOX)
        self.board.bind("<<ComboboxSelected>>", lambda event: self._picked())
        self.board.grid(row=0, column=0, columnspan=2, sticky="w")
        self.shape = ttk.Frame(holder, style=FRAME)
        self.shape.grid(row=1, column=0, sticky="w", pady=(4, 0))
        self.spinboxes: dict[str, ttk.Spinbox] = {}
        parts = sentence_parts(gettext(SHAPE_SENTENCE))
        if sorted(name for _, name in parts if name) != sorted(SHAPE_FIELDS.values()):
            parts = sentence_parts(SHAPE_SENTENCE)  # a translation that lost a box
        for column, (words, name) in enumerate(parts):
            if name is None:
                label = ttk.Label(self.shape, text=words.strip(), style=LABEL)
                label.grid(row=0, column=column, padx=(3, 8) if column else (0, 3))
                continue
            spinbox = ttk.Spinbox(self.shape, from_=SIDES[0], to=SIDES[1], width=3, style=SPINBOX)
            spinbox.configure(command=functools.partial(self._spun, name))
            spinbox.bind("<KeyRelease>", functools.partial(self._spun, name))
            select_all_on_ctrl_a(spinbox)
            spinbox.grid(row=0, column=column)
            self.spinboxes[name] = spinbox
        self.rules = ttk.Frame(holder, style=FRAME)
        self.rule_checks: list[ttk.Checkbutton] = []
        self.rules.grid(row=2, column=0, sticky="w", pady=(2, 0))
        self.rule_variables = {
            "gravity": tk.BooleanVar(holder),
            "misere": tk.BooleanVar(holder),
            "exact": tk.BooleanVar(holder),
        }
        for name, words in (
            ("gravity", gettext("Gravity (marks drop down)")),
            ("misere", gettext("Misère (a line loses)")),
            # TRANSLATORS: the New game page's rule of standard Gomoku.
            ("exact", gettext("Exact (a longer line does not win)")),
        ):
            variable = self.rule_variables[name]
            check = ttk.Checkbutton(
                self.rules,
                text=words,
                variable=variable,
                style=CHECK,
                command=functools.partial(self._checked, name, variable),
            )
            self.rule_checks.append(check)
        self.rule_rows = Rows(self.rules, padx=(0, 12), fill="none")
        self.rule_rows.lay_out(self.rule_checks, room())

    def stops(self) -> list[tuple[Stop, tk.Widget]]:
        """The controls that take the focus, with their stops, in order."""
        rules = zip(self.rule_variables, self.rule_checks)
        return [
            (Stop("board"), self.board),
            *((Stop(name), box) for name, box in (*self.spinboxes.items(), *rules)),
        ]

    def reflow(self, room: int) -> None:
        """Lay the rules and the list out again for ``room`` pixels."""
        self.rule_rows.lay_out(self.rule_checks, room)
        labels = list(self.board.cget("values"))
        if labels:
            fit_combobox(self.board, labels, labels, least=30, room=room)

    def paint(self, view: NewGameView, focused: tk.Misc | None) -> None:
        """Show ``view``'s board; a number box the person is typing in
        (``focused``) keeps what is typed."""
        self.choices = list(view.boards)
        labels = [label for _, label in self.choices]
        if list(self.board.cget("values")) != labels:
            fit_combobox(self.board, labels, labels, least=30, room=self.room())
        keys = [key for key, _ in self.choices]
        if view.board in keys and self.board.current() != keys.index(view.board):
            self.board.current(keys.index(view.board))
        for name in ("rows", "cols", "win_length"):
            spinbox, value = self.spinboxes[name], str(getattr(view, name))
            if spinbox.get() != value and focused is not spinbox:
                spinbox.set(value)
        self.rule_variables["gravity"].set(view.gravity)
        self.rule_variables["misere"].set(view.misere)
        self.rule_variables["exact"].set(view.exact)
        for part in (self.shape, self.rules):
            if view.board == CUSTOM:
                part.grid()
            else:
                part.grid_remove()

    def _picked(self) -> None:
        index = self.board.current()
        self.board.selection_clear()
        if 0 <= index < len(self.choices):
            self.choose("board", self.choices[index][0])

    def _checked(self, name: str, variable: tk.BooleanVar) -> None:
        self.choose(name, variable.get())

    def _spun(self, name: str, event: object = None) -> None:
        self.choose(name, self.spinboxes[name].get())
