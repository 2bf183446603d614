"""A modal form of whole numbers and check boxes, checked as the person types.

:func:`number_form` builds it into a dialog's window (see
:meth:`~ttt_gui.gui.tk_dialogs.TkDialogs.ask_integer` and
:meth:`~ttt_gui.gui.tk_dialogs.TkDialogs.ask_board`).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ttt_gui.gui.control_style import select_all_on_ctrl_a
from ttt_gui.gui.dialog_style import PROBLEM
from ttt_gui.words import gettext

#: A whole-number field: its label, initial value, least and most.
NumberField = tuple[str, int, int, int]
#: Builds the form into a dialog's window, which answers by ``finish``.
FormBuilder = Callable[[tk.Toplevel, Callable[[list[int] | None], None]], None]


def number_form(
    fields: list[NumberField],
    check: Callable[[list[int]], str],
    accept_label: str,
    options: tuple[tuple[str, bool], ...] = (),
) -> FormBuilder:
    """Whole-number ``fields`` and check boxes ``options`` (label, initial)
    after them: ``check(values)`` (the numbers, then each box's state, 1 or
    0) says what is wrong in words ("" if nothing), shown under the fields
    as the person types or ticks; the accept button works only for values
    that pass, and the answer is those values (None: cancelled)."""

    def build(window: tk.Toplevel, finish: Callable[[list[int] | None], None]) -> None:
        frame = ttk.Frame(window, padding=16)
        frame.grid(sticky="nsew")
        texts = [tk.StringVar(window, str(initial)) for _, initial, _, _ in fields]
        ticks = [tk.BooleanVar(window, initial) for _, initial in options]
        problem = tk.StringVar(window)
        for row, ((label, _, least, most), text) in enumerate(zip(fields, texts)):
            ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w", pady=2)
            box = ttk.Spinbox(frame, from_=least, to=most, width=4, textvariable=text)
            box.grid(row=row, column=1, sticky="w", padx=(8, 0), pady=2)
            select_all_on_ctrl_a(box)
        for row, ((label, _), tick) in enumerate(zip(options, ticks), start=len(fields)):
            ttk.Checkbutton(frame, text=label, variable=tick).grid(
                row=row, column=0, columnspan=2, sticky="w", pady=2
            )
        end = len(fields) + len(options)
        ttk.Label(frame, textvariable=problem, style=PROBLEM).grid(
            row=end, column=0, columnspan=2, sticky="w", pady=(6, 6)
        )
        ok = ttk.Button(frame, text=accept_label)
        ok.grid(row=end + 1, column=0, sticky="e", padx=(0, 8))
        ttk.Button(frame, text=gettext("Cancel"), command=lambda: finish(None)).grid(
            row=end + 1, column=1, sticky="e"
        )

        def values() -> list[int] | None:
            raw = [text.get().strip() for text in texts]
            if not all(part.isdigit() for part in raw):
                problem.set(gettext("Type whole numbers only."))
                return None
            answer = [int(part) for part in raw] + [int(tick.get()) for tick in ticks]
            problem.set(check(answer))
            return None if problem.get() else answer

        def update(*_: object) -> None:
            ok.state(["!disabled"] if values() is not None else ["disabled"])

        def accept() -> None:
            chosen = values()
            if chosen is not None:
                finish(chosen)

        ok.configure(command=accept)
        for variable in (*texts, *ticks):
            variable.trace_add("write", update)
        window.bind("<Return>", lambda event: accept())
        ok.focus_set()

    return build
