"""The colours of the game's own ttk controls (the toolbar, the turn field's
Play again and the New game page), from the palette, so that they follow the
light, dark and other themes as the board does.

Only styles named here are changed (``Game.*``, ``Page.*``, ``Toolbar.*``),
never Tk's own (``TButton``…), which dialogs may colour in their own way.
"""

from __future__ import annotations

import math
import tkinter as tk
from tkinter import ttk

from ttt_gui.gui.focus_ring import style_focus_rings
from ttt_gui.gui.menus import key_sequences
from ttt_gui.theme import Palette, Role

#: The styles of buttons, fields and choices on the window's background.
BUTTON, COMBOBOX, SPINBOX = "Game.TButton", "Game.TCombobox", "Game.TSpinbox"
RADIO, CHECK, LABEL, FRAME = "Page.TRadiobutton", "Page.TCheckbutton", "Page.TLabel", "Page.TFrame"
TOOL = "Toolbar.Toolbutton"
#: The button that does what the page is for (Start), and a choice among buttons.
ACCENT, SEGMENT = "Accent.Game.TButton", "Segment.Toolbutton"


#: The most entries a control's drop-down list shows before it scrolls.
LIST_ROWS = 20


def text_width(widget: tk.Misc, text: str) -> int:
    """How wide ``text`` is in ``widget``'s font, in pixels."""
    font = str(widget.cget("font")) or "TkTextFont"
    return int(widget.tk.call("font", "measure", font, "-displayof", widget, text))


def fit_combobox(
    box: ttk.Combobox, shown: list[str], listed: list[str], *, least: int, room: int = 0
) -> None:
    """List ``listed`` in ``box``, the box as wide as the longest of ``shown``
    (``least`` characters at least, Tk's unit: the width of "0"; at most
    ``room`` pixels if given) and its list as its longest entry, in any
    language; the list shows every entry (up to :data:`LIST_ROWS`) without
    scrolling. The list's extra width is its style's ``postoffset``: ``box``
    must have a style of its own."""
    zero = max(1, text_width(box, "0"))
    widest = max((text_width(box, label) for label in shown), default=0)
    width = max(least, math.ceil(widest / zero) + 1)
    if room:
        width = min(width, max(least, room // zero - 3))  # the arrow and borders
    box.configure(values=listed, width=width, height=max(1, min(len(listed), LIST_ROWS)))
    longest = max((text_width(box, label) for label in listed), default=0)
    wider = max(0, longest + zero - width * zero)
    ttk.Style(box).configure(str(box.cget("style")), postoffset=(0, 0, wider, 0))


def select_all_on_ctrl_a(field: ttk.Entry) -> None:
    """Ctrl+A (Cmd+A on macOS) selects the whole text of ``field`` (a number
    box), as in every text field of the desktop; Tk's own Ctrl+A on X11
    only moves to the start, so a number typed after it joined the old one."""
    aqua = str(field.tk.call("tk", "windowingsystem")) == "aqua"
    for sequence in key_sequences("Ctrl+A", aqua):
        field.bind(sequence, _select_all)


def _select_all(event: tk.Event[ttk.Entry]) -> str:
    field = event.widget
    field.selection_range(0, "end")
    field.icursor("end")
    return "break"


def style_controls(master: tk.Misc, colours: Palette) -> None:
    """Colour every style named above for ``colours``, each with its focus
    ring (:mod:`ttt_gui.gui.focus_ring`)."""
    background, text, field = colours[Role.BACKGROUND], colours[Role.TEXT], colours[Role.CELL]
    active, muted, focus = colours[Role.CELL_ACTIVE], colours[Role.DISABLED], colours[Role.FOCUS]
    style_focus_rings(master, colours)
    style = ttk.Style(master)
    style.configure(FRAME, background=background)
    style.configure(BUTTON, background=field, foreground=text, focuscolor=focus)
    style.map(
        BUTTON,
        background=[("disabled", background), ("pressed", active), ("active", active)],
        foreground=[("disabled", muted)],
    )
    style.configure(ACCENT, background=focus, foreground=field, padding=(16, 3))
    style.map(ACCENT, background=[("disabled", muted), ("active", colours[Role.X])])
    style.configure(
        SEGMENT,
        background=field,
        foreground=text,
        padding=(10, 3),
        relief="raised",
        borderwidth=1,
        focuscolor=focus,
        anchor="center",
    )
    style.map(
        SEGMENT,
        background=[("selected", focus), ("active", active)],
        foreground=[("selected", field), ("disabled", muted)],
        relief=[("selected", "sunken")],
    )
    for name in (COMBOBOX, SPINBOX):
        style.configure(
            name,
            fieldbackground=field,
            background=field,
            foreground=text,
            arrowcolor=text,
            selectbackground=field,
            selectforeground=text,
            insertcolor=text,
        )
        style.map(
            name,
            fieldbackground=[("disabled", background), ("readonly", field)],
            foreground=[("disabled", muted)],
            background=[("active", active)],
        )
    for name in (RADIO, CHECK, LABEL):
        style.configure(name, background=background, foreground=text, indicatorcolor=field)
        style.map(
            name,
            background=[("active", active)],
            indicatorcolor=[("selected", focus)],
            foreground=[("disabled", muted)],
        )
    style.configure(
        TOOL,
        background=background,
        foreground=text,
        relief="flat",
        padding=(4, 1),
        focuscolor=focus,
    )
    style.map(
        TOOL,
        background=[
            ("disabled", background),
            ("selected", colours[Role.HINT]),
            ("active", active),
        ],
        foreground=[("disabled", muted)],
        relief=[("pressed", "sunken"), ("selected", "sunken")],
    )


def colour_dropdown(box: ttk.Combobox, colours: Palette) -> None:
    """Colour the list ``box`` drops down (a plain Tk listbox, made once per
    combobox and kept: its colours are set again at each change of theme)."""
    popdown = box.tk.call("ttk::combobox::PopdownWindow", str(box))
    box.tk.call(
        f"{popdown}.f.l",
        "configure",
        "-background",
        colours[Role.CELL],
        "-foreground",
        colours[Role.TEXT],
        "-selectbackground",
        colours[Role.HINT],
        "-selectforeground",
        colours[Role.TEXT],
    )
