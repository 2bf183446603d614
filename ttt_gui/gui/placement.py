"""Where the window's size comes from: the board, or the person; no Tk.

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
and differs from it, was made by someone else.
"""

from __future__ import annotations

from dataclasses import dataclass

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
