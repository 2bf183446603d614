"""A solid focus ring, drawn by the program, for the game's ttk controls and
the dialogs' buttons, in the palette's focus colour.

Tk's own focus mark is a one-pixel dotted line (and none at all on a tool
button or a read-only list box), which no one sees. Here each style named in
:data:`RINGED` gets, in place of that mark, an image element around its
content: a ring :data:`THICKNESS` pixels wide while the control has the
keyboard focus, nothing otherwise. A control whose own colour is the focus
colour (a chosen segment, Start) gets its ring in the field colour instead.

The ring's images are Tcl's (named, one set per interpreter) and are
repainted in place at each change of palette.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Any

from ttt_gui.theme import Palette, Role

#: The ring's width in pixels.
THICKNESS = 2
#: The transparent middle of the ring's image, in pixels a side. Tk tiles an
#: image element's middle over the control: a middle of one pixel is a copy
#: per pixel of every ringed control at each redraw (a fifth of a second to
#: show the New game page), one of 64 a copy per 4,096 pixels.
CENTRE = 64
#: The images: the ring in the focus colour, in the field colour, and nothing.
RING_IMAGE, INVERSE_IMAGE, BLANK_IMAGE = "ttt_gui_ring", "ttt_gui_ring_inverse", "ttt_gui_blank"
#: The elements: (name, (states, image) in order of precedence).
ELEMENTS: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "Ring.focusring": ((("focus",), RING_IMAGE),),
    "SegmentRing.focusring": (
        (("focus", "selected"), INVERSE_IMAGE),
        (("focus",), RING_IMAGE),
    ),
    "AccentRing.focusring": ((("focus",), INVERSE_IMAGE),),
}
#: The styles that draw a ring, each with the layout it starts from and its ring's element.
RINGED = {
    "Toolbar.Toolbutton": ("Toolbutton", "Ring.focusring"),
    "Segment.Toolbutton": ("Toolbutton", "SegmentRing.focusring"),
    "Game.TButton": ("TButton", "Ring.focusring"),
    "Accent.Game.TButton": ("TButton", "AccentRing.focusring"),
    "Game.TCombobox": ("TCombobox", "Ring.focusring"),
    "Game.TSpinbox": ("TSpinbox", "Ring.focusring"),
    "Page.TCheckbutton": ("TCheckbutton", "Ring.focusring"),
    "Page.TRadiobutton": ("TRadiobutton", "Ring.focusring"),
    "TButton": ("TButton", "Ring.focusring"),
}

#: A layout as ttk's ``style.layout`` gives it: (element, options) pairs.
Layout = list[tuple[str, Any]]


def ringed_layout(layout: Layout, element: str) -> Layout:
    """``layout`` with ``element`` around its (first) padding, and Tk's own
    focus mark taken out (its children kept); around the whole if it has no
    padding.

    >>> ringed_layout([("Button.focus", {"children": [("Button.padding", {})]})], "R.ring")
    [('R.ring', {'sticky': 'nswe', 'children': [('Button.padding', {})]})]
    """
    placed = False

    def walk(nodes: Layout) -> Layout:
        nonlocal placed
        result: Layout = []
        for name, options in nodes:
            children = (options or {}).get("children")
            if name.endswith(".focus") or name == "focus":
                result.extend(walk(list(children)) if isinstance(children, list) else [])
                continue
            if name.endswith(".padding") and not placed:
                placed = True
                result.append((element, {"sticky": "nswe", "children": [(name, options)]}))
                continue
            if isinstance(children, list):
                options = {**options, "children": walk(children)}
            result.append((name, options))
        return result

    walked = walk(layout)
    if not placed:
        return [(element, {"sticky": "nswe", "children": walked})]
    return walked


def _paint(master: tk.Misc, image: str, colour: str | None) -> None:
    """Make ``image`` a ring in ``colour`` (None: transparent), ``THICKNESS``
    pixels wide around a transparent middle of ``CENTRE`` pixels a side."""
    side = 2 * THICKNESS + CENTRE
    tcl = master.tk
    if image not in tcl.splitlist(tcl.call("image", "names")):
        tcl.call("image", "create", "photo", image, "-width", side, "-height", side)
    tcl.call(image, "blank")
    if colour is None:
        return
    for edge in (
        (0, 0, side, THICKNESS),
        (0, side - THICKNESS, side, side),
        (0, 0, THICKNESS, side),
        (side - THICKNESS, 0, side, side),
    ):
        tcl.call(image, "put", colour, "-to", *edge)


def install_focus_rings(master: tk.Misc) -> None:
    """Give every style of :data:`RINGED` its ring (once per interpreter;
    before the controls are made, so that their first size counts it)."""
    style = ttk.Style(master)
    if "Ring.focusring" in style.element_names():
        return
    for image in (RING_IMAGE, INVERSE_IMAGE, BLANK_IMAGE):
        _paint(master, image, None)
    for name, states in ELEMENTS.items():
        spec = [BLANK_IMAGE, *(part for state, image in states for part in (state, image))]
        style.tk.call(
            "ttk::style",
            "element",
            "create",
            name,
            "image",
            spec,
            "-border",
            THICKNESS,
            "-sticky",
            "nswe",
            # The ring asks for its width only, not its image's size.
            "-width",
            2 * THICKNESS,
            "-height",
            2 * THICKNESS,
        )
    bases = {base: style.layout(base) for base, _ in RINGED.values()}
    for name, (base, element) in RINGED.items():
        style.layout(name, ringed_layout(bases[base], element))


def style_focus_rings(master: tk.Misc, colours: Palette) -> None:
    """Draw the rings in ``colours`` (installed first if they are not yet)."""
    install_focus_rings(master)
    _paint(master, RING_IMAGE, colours[Role.FOCUS])
    _paint(master, INVERSE_IMAGE, colours[Role.CELL])
