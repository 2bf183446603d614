"""Where the window's size comes from: the board, or the person.

The window asks for the size its board needs, and shrinks back to it after
a larger board, unless the person has sized the window (by dragging its
border, maximising it, or a size kept from the last run): then that size is
kept, and the window only grows as far as a board needs. Reset size forgets
the person's size.

The window's position is set here only to keep it whole on the screen: when
a larger board (or zoom) would push its right or bottom edge off the screen,
it moves left or up just enough (and shrinks if the screen is too small), as
:func:`keep_on_screen` decides. Otherwise only the size is asked for, and
never before the window is on the screen (Tk on X11 records a window it has
not yet mapped at +0+0, and a size set then would later move it there), so
the window stays where the person or the window manager put it.

:class:`SizeKeeper` tells the person's sizes from the window's own: a
change of size that arrives after the window's last request has arrived,
and differs from it, was made by someone else; it decides without Tk.
:class:`WindowSizer` applies its decisions to the Tk window.
"""

from __future__ import annotations

import re
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
#: A window's position on the screen in pixels: (x, y) of its frame's top left corner.
Position = tuple[int, int]
#: The least height taken for the window manager's frame below the window
#: (Tk is not told it; Openbox's is 5 pixels), in pixels at 96 dpi.
FRAME_BOTTOM = 8


@dataclass(frozen=True)
class Frame:
    """What the window manager's frame (and the menu bar) adds around the
    window's content, in pixels on each side."""

    left: int
    top: int
    right: int
    bottom: int


def keep_on_screen(
    position: Position, size: Size, screen: Size, frame: Frame
) -> tuple[Position, Size]:
    """Where the window's frame goes and the content's size, so that the
    whole window, frame included, is on a ``screen`` of that size: the size
    shrunk to fit the screen, then the window moved left or up just as far
    as its right or bottom edge was off the screen (never past the left or
    top edge). A window already on the screen keeps ``position``.

    >>> keep_on_screen((1000, 700), (400, 300), (1280, 900), Frame(1, 50, 1, 5))
    ((878, 545), (400, 300))
    >>> keep_on_screen((10, 10), (400, 300), (1280, 900), Frame(1, 50, 1, 5))
    ((10, 10), (400, 300))
    """
    width = max(1, min(size[0], screen[0] - frame.left - frame.right))
    height = max(1, min(size[1], screen[1] - frame.top - frame.bottom))
    x = min(position[0], screen[0] - (frame.left + width + frame.right))
    y = min(position[1], screen[1] - (frame.top + height + frame.bottom))
    return (max(0, x), max(0, y)), (width, height)


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


def geometry_position(geometry: str) -> Position:
    """The position in a Tk geometry (``"WIDTHxHEIGHT+X+Y"``); (0, 0) if none.

    >>> geometry_position("300x200+500+400"), geometry_position("300x200+-4+10")
    ((500, 400), (-4, 10))
    """
    found = re.fullmatch(r"\d+x\d+\+(-?\d+)\+(-?\d+)", geometry)
    return (int(found[1]), int(found[2])) if found else (0, 0)


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
        is_mapped = root.winfo_ismapped()
        place = ""
        if is_mapped:
            position, frame = self.frame()
            moved, (width, height) = keep_on_screen(position, resize.size, screen, frame)
            place = f"+{moved[0]}+{moved[1]}" if moved != position else ""
            resize = Resize((width, height), resize.sticky)
        if resize.sticky and is_mapped:
            root.geometry(f"{width}x{height}{place}")
        else:
            if is_mapped:
                root.wm_geometry("")  # drop any person's size: follow the content
            root.configure(width=width, height=height)
            if place:
                root.wm_geometry(place)  # the position only: the size follows the content
        self.keeper.requested(resize.size)

    def frame(self) -> tuple[Position, Frame]:
        """The position of the window's frame and what the frame adds around
        the content (the title bar and the menu bar above it)."""
        root = self.root
        position = geometry_position(str(root.wm_geometry()))
        left = max(0, root.winfo_rootx() - position[0])
        top = max(0, root.winfo_rooty() - position[1])
        return position, Frame(left, top, left, max(left, int(FRAME_BOTTOM * self.dpi_scale)))

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
