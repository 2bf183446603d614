"""The colours of the dialogs, from the palette, so that they belong to the
game in the light, dark and high-contrast themes alike.

Two sources colour them: Tk's own ttk styles (``TFrame``, ``TLabel``,
``TButton``… — the game's dialogs are built from them), and the option
database, which colours the plain Tk widgets made after it is set: Tk's
message boxes and file dialogs on X11, and the text of the help windows.
The game's own controls have styles of their own (see
:mod:`ttt_gui.gui.control_style`).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ttt_gui.gui.focus_ring import style_focus_rings
from ttt_gui.theme import Palette, Role

#: The label under a form's fields that says what is wrong.
PROBLEM = "Problem.TLabel"
#: Tk's file dialog is made once and kept: it is made again in new colours.
FILE_DIALOG = ".__tk_filedialog"


def style_dialogs(master: tk.Misc, colours: Palette) -> None:
    """Colour Tk's ttk styles and the option database for ``colours``; the
    buttons get the game's focus ring."""
    background, text, field = colours[Role.BACKGROUND], colours[Role.TEXT], colours[Role.CELL]
    active, muted, focus = colours[Role.CELL_ACTIVE], colours[Role.DISABLED], colours[Role.FOCUS]
    selected = colours[Role.HINT]
    style_focus_rings(master, colours)
    style = ttk.Style(master)
    style.configure(
        ".",
        background=background,
        foreground=text,
        fieldbackground=field,
        selectbackground=selected,
        selectforeground=text,
        insertcolor=text,
        troughcolor=field,
        focuscolor=focus,
        arrowcolor=text,
        indicatorcolor=field,
    )
    style.map(
        ".",
        background=[("disabled", background), ("pressed", active), ("active", active)],
        foreground=[("disabled", muted)],
    )
    style.configure("TButton", background=field)
    style.map(
        "TButton", background=[("disabled", background), ("pressed", active), ("active", active)]
    )
    style.map(
        "TCheckbutton", indicatorcolor=[("selected", focus)], background=[("active", background)]
    )
    for name in ("TEntry", "TSpinbox", "TCombobox"):
        style.map(name, fieldbackground=[("disabled", background), ("readonly", field)])
    style.configure(PROBLEM, foreground=colours[Role.BAD])
    options = {
        "background": background,
        "foreground": text,
        "activeBackground": active,
        "activeForeground": text,
        "selectBackground": selected,
        "selectForeground": text,
        "insertBackground": text,
        "highlightBackground": background,
        "highlightColor": focus,
        "troughColor": field,
        "disabledForeground": muted,
        "selectColor": field,
    }
    for name, colour in options.items():
        master.option_add(f"*{name}", colour, "interactive")
    # Fields and lists (the file dialog's) on the cell colour, as the move list.
    for widget in ("Entry", "Listbox", "Text", "Canvas"):
        master.option_add(f"*{widget}.background", field, "interactive")
    tcl = master.tk
    if int(tcl.call("winfo", "exists", FILE_DIALOG)) and not int(
        tcl.call("winfo", "ismapped", FILE_DIALOG)
    ):
        tcl.call("destroy", FILE_DIALOG)
