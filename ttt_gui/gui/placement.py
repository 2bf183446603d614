"""Where the window's size comes from: the board, or the person.

The window asks for the size its board needs, and shrinks back to it after
a larger board, unless the person has sized the window (by dragging its
border, maximising it, or a size kept from the last run): then that size is
kept, and the window only grows as far as a board needs. Reset size forgets
the person's size.

The window's position is never set here: only the size is asked for, and
never before the window is on the screen (Tk on X11 records a window it has
not yet mapped at +0+0, and a size set then would later move it there), so
the window stays where the person or the window manager put it.

:class:`SizeKeeper` tells the person's sizes from the window's own: a
change of size that arrives after the window's last request has arrived,
and differs from it, was made by someone else; it decides without Tk.
:class:`WindowSizer` applies its decisions to the Tk window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tkinter as tk

    from ttt_gui.app.view_state import ViewState

BASE_CELL = 96  # pixels at 96 dpi and zoom 1
HISTORY_WIDTH = 150  # pixels at 96 dpi

#: A window size in pixels: (width, height).
Size = tuple[int, int]


@dataclass(frozen=True)
class Resize:
    """How to resize the window: ``size``, and whether it is the person's
    size kept (``sticky``: the window keeps it whatever its content asks) or
    the size the content asks for (the window follows its content)."""

    size: Size
    sticky: bool


def parse_size(text: str) -> Size:
    """``"WIDTHxHEIGHT"`` as a size.

    >>> parse_size("640x480")
    (640, 480)
    """
    width, height = text.split("x")
    return int(width), int(height)


def within(size: Size, screen: Size) -> Size:
    """``size`` no larger than the screen, and at least one pixel.

    >>> within((2000, 500), (1280, 1024))
    (1280, 500)
    """
    return (max(1, min(size[0], screen[0])), max(1, min(size[1], screen[1])))


class SizeKeeper:
    """Whether the person has sized the window, and the size to ask for next."""

    def __init__(self, saved: Size | None = None) -> None:
        #: The person's size (None: the window follows what the board needs).
        self.person_size: Size | None = saved
        self._requested: Size | None = None
        self._arrived = True

    @property
    def is_person_sized(self) -> bool:
        return self.person_size is not None

    def requested(self, size: Size) -> None:
        """The window asked for ``size``."""
        self._requested, self._arrived = size, False

    def observed(self, size: Size) -> bool:
        """The window now has ``size`` (a configure event); True if that is a
        size the person chose (the window's own request had arrived before)."""
        if self._requested is None or size == self._requested:
            self._arrived = self._requested is not None
            return False
        if not self._arrived:
            return False  # the window manager has not yet given the size asked for
        self.person_size = size
        return True

    def forget(self) -> None:
        """Reset size: the window follows its board again."""
        self.person_size = None

    def resize(self, needed: Size, screen: Size, *, extra_width: int = 0) -> Resize:
        """The resize for a board that needs ``needed`` (move list included).

        Not sized by the person: exactly ``needed``, so it shrinks back after a
        larger board. Sized by the person: that size, grown as far as
        ``needed`` and widened by ``extra_width`` (the move list shown, or
        narrowed when negative); never beyond the screen."""
        if self.person_size is None:
            return Resize(within(needed, screen), sticky=False)
        width, height = self.person_size
        width = max(needed[0], width + extra_width)
        size = within((width, max(needed[1], height)), screen)
        self.person_size = size
        return Resize(size, sticky=True)


class WindowSizer:
    """The size of the main window ``root`` for the view state it shows, at
    ``dpi_scale``; ``bars()`` gives the least width of its bars (menu bar,
    toolbar: each kept on one line) and the height of everything around the
    board; ``saved`` is the person's size from the last run."""

    def __init__(
        self, root: tk.Tk, bars: Callable[[], Size], dpi_scale: float, saved: Size | None
    ) -> None:
        self.root = root
        self.bars = bars
        self.dpi_scale = dpi_scale
        self.keeper = SizeKeeper(saved)
        # The content's size, not the window manager's: Tk then never records
        # the window at +0+0 before it is placed (see the module docstring).
        root.grid_propagate(False)
        root.minsize(int(300 * dpi_scale), int(320 * dpi_scale))

    def preferred_size(self, state: ViewState | None) -> Size:
        """The window size that fits the board of ``state`` at its zoom."""
        rows, cols = (state.rows, state.cols) if state else (3, 3)
        zoom = state.zoom if state else 1.0
        scale = self.dpi_scale
        cell = BASE_CELL * scale * zoom * (3 / max(rows, cols)) ** 0.5
        margin = int(20 * scale)
        bars_width, around = self.bars()
        width = max(int(cell * cols) + margin, int(420 * scale), bars_width)
        if state is not None and state.show_history:
            width += int(HISTORY_WIDTH * scale)
        return width, int(cell * rows) + margin + around

    def follow(self, previous: ViewState, state: ViewState) -> None:
        """Resize for a change from ``previous`` to ``state``: the move list
        shown or hidden, the zoom, the board or the toolbar changed."""
        if previous.show_history != state.show_history:
            panel = int(HISTORY_WIDTH * self.dpi_scale)
            self.resize(state, extra_width=panel if state.show_history else -panel)
        elif (previous.zoom, previous.rows, previous.cols, previous.show_toolbar) != (
            state.zoom,
            state.rows,
            state.cols,
            state.show_toolbar,
        ):
            self.resize(state)

    def resize(self, state: ViewState | None, extra_width: int = 0) -> None:
        """Size the window for the board of ``state``: only the size is set,
        never the position."""
        root = self.root
        screen = (root.winfo_screenwidth(), root.winfo_screenheight())
        resize = self.keeper.resize(self.preferred_size(state), screen, extra_width=extra_width)
        width, height = resize.size
        if resize.sticky and root.winfo_ismapped():
            root.geometry(f"{width}x{height}")
        else:
            if root.winfo_ismapped():
                root.wm_geometry("")  # drop any person's size: follow the content
            root.configure(width=width, height=height)
        self.keeper.requested(resize.size)

    def fit_minimum_size(self, state: ViewState | None) -> None:
        """The smallest window keeps the menu bar on one line and fits the board,
        the scores and the status."""
        width = max(int(300 * self.dpi_scale), self.bars()[0])
        if state is not None and state.show_history:
            width += int(HISTORY_WIDTH * self.dpi_scale)
        self.root.minsize(width, int(320 * self.dpi_scale))

    def forget_person_size(self, state: ViewState) -> None:
        """Reset size: the window takes the size its board needs again."""
        self.keeper.forget()
        self.resize(state)
