"""View › Zoom for every text of the window: the one owner of font sizes.

The sizes at zoom 1 are read once, when the window is built (after the
desktop's scale was applied, :func:`ttt_gui.gui.window.scale_fonts`); a
zoom then sets every font to its size at 1 times the zoom: Tk's named fonts,
which every widget uses unless told otherwise (the toolbar, the move list,
the coordinates, the dialogs), and the window's own fonts made from them
(the turn line, the message and scores, the New game page's headings), so
all grow and shrink together. The menus keep the desktop's size.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont

#: Tk's named fonts that follow the zoom (TkMenuFont stays the desktop's).
ZOOMED_NAMED_FONTS = (
    "TkDefaultFont",
    "TkTextFont",
    "TkHeadingFont",
    "TkFixedFont",
    "TkCaptionFont",
    "TkSmallCaptionFont",
    "TkIconFont",
    "TkTooltipFont",
)


class TextZoom:
    """The fonts of one window, each with its size at zoom 1."""

    def __init__(self, root: tk.Misc) -> None:
        self.root = root
        self.zoom = 1.0
        #: (font, its size at zoom 1: points if positive, pixels if negative).
        self.fonts: list[tuple[tkfont.Font, int]] = []
        for name in ZOOMED_NAMED_FONTS:
            if name in tkfont.names(root):
                self.follow(tkfont.nametofont(name, root))

    def follow(self, font: tkfont.Font, size: int | None = None) -> tkfont.Font:
        """Size ``font`` by the zoom from now on; ``size`` is its size at zoom
        1 (by default its size now, taken as the size at the current zoom).
        Returns ``font``."""
        if size is None:
            size = round(int(font.cget("size")) / self.zoom) or int(font.cget("size"))
        self.fonts.append((font, size))
        self._size(font, size)
        return font

    def apply(self, zoom: float) -> None:
        """Size every font for ``zoom`` (1: the desktop's sizes)."""
        self.zoom = zoom
        for font, size in self.fonts:
            self._size(font, size)

    def _size(self, font: tkfont.Font, size: int) -> None:
        zoomed = max(1, round(abs(size) * self.zoom))
        font.configure(size=zoomed if size > 0 else -zoomed)
