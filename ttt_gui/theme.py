"""Colour palettes keyed by role; no Tk.

Every colour the window paints comes from one of these palettes: the view
asks for a :class:`Role` (``Role.CELL``, ``Role.WIN``, ``Role.X``), never for a
literal colour. Every palette gives every role a colour:

>>> all(set(colours) == set(Role) for colours in PALETTES.values())
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from ttt_gui.words import gettext, gettext_noop


class Role(enum.StrEnum):
    """What a colour is for."""

    BACKGROUND = "background"  # the window around the board
    CELL = "cell"  # an empty cell, and the move list
    CELL_ACTIVE = "cell_active"  # the cell under the pointer
    CELL_BUSY = "cell_busy"  # a cell while the computer thinks
    TEXT = "text"
    MUTED = "muted"  # secondary text, coordinates, the mark a move would place
    DISABLED = "disabled"  # a control that does not apply now (told apart from TEXT)
    X = "X"  # X's marks
    O = "O"  # noqa: E741 - O's marks, as the game names the side
    LAST = "last"  # the cell of the last move
    WIN = "win"  # the cells of the winning line
    LOSS = "loss"  # under misère, the cells of the line that lost
    HINT = "hint"  # the suggested move, the selected entry of the move list
    GRID = "grid"  # the lines between cells
    FOCUS = "focus"  # the keyboard focus ring, the progress bar
    GOOD = "good"  # a move that wins, or a good move in a review
    EVEN = "even"  # a move that draws, or moves not yet reached in the move list
    BAD = "bad"  # a move that loses, or a mistake in a review
    FRAME = "frame"  # under gravity, the frame the discs drop into
    FRAME_FOCUS = "frame_focus"  # the keyboard focus ring on the frame
    DISC_X = "disc_X"  # X's discs under gravity
    DISC_O = "disc_O"  # O's discs under gravity


#: Colours by role.
Palette = Mapping[Role, str]

PALETTES: dict[str, Palette] = {
    "light": {
        Role.BACKGROUND: "#eef1f5",
        Role.CELL: "#ffffff",
        Role.CELL_ACTIVE: "#e3ecfa",
        Role.CELL_BUSY: "#f3f4f6",
        Role.TEXT: "#1f2933",
        Role.MUTED: "#52606d",
        Role.DISABLED: "#9aa5b1",
        Role.X: "#1d4ed8",
        Role.O: "#c2410c",
        Role.LAST: "#fff7d6",
        Role.WIN: "#bbf7d0",
        Role.LOSS: "#fecaca",
        Role.HINT: "#e9d5ff",
        Role.GRID: "#9aa5b1",
        Role.FOCUS: "#2563eb",
        # Blue against red, not green against red: told apart with every
        # kind of colour blindness (tests/test_theme.py), and the words or
        # the review's marks say the same beside the colour.
        Role.GOOD: "#0b6e99",
        Role.EVEN: "#6b7280",
        Role.BAD: "#b42318",
        Role.FRAME: "#2f5fb8",
        Role.FRAME_FOCUS: "#ffffff",
        Role.DISC_X: "#e0362c",
        Role.DISC_O: "#f7c531",
    },
    "dark": {
        Role.BACKGROUND: "#1b1f24",
        Role.CELL: "#2a3038",
        Role.CELL_ACTIVE: "#36404c",
        Role.CELL_BUSY: "#242a31",
        Role.TEXT: "#e6e9ef",
        Role.MUTED: "#a3acb9",
        Role.DISABLED: "#6b7280",
        Role.X: "#7cb4ff",
        Role.O: "#ffaa6e",
        Role.LAST: "#3d3a24",
        Role.WIN: "#1f5136",
        Role.LOSS: "#5c2329",
        Role.HINT: "#4a3566",
        Role.GRID: "#4b5563",
        Role.FOCUS: "#93c5fd",
        Role.GOOD: "#38bdf8",
        Role.EVEN: "#9ca3af",
        Role.BAD: "#fb923c",
        Role.FRAME: "#1f3f7a",
        Role.FRAME_FOCUS: "#e6e9ef",
        Role.DISC_X: "#ef4b3f",
        Role.DISC_O: "#f5c842",
    },
    # White and bright colours on black, as Windows' High Contrast Black.
    "contrast": {
        Role.BACKGROUND: "#000000",
        Role.CELL: "#000000",
        Role.CELL_ACTIVE: "#262626",
        Role.CELL_BUSY: "#000000",
        Role.TEXT: "#ffffff",
        Role.MUTED: "#d9d9d9",
        # Grey: white would draw a disabled control as an enabled one.
        Role.DISABLED: "#8c8c8c",
        Role.X: "#ffff00",
        Role.O: "#1aebff",
        Role.LAST: "#3d3d00",
        Role.WIN: "#005e00",
        Role.LOSS: "#7a0000",
        Role.HINT: "#4b0082",
        Role.GRID: "#ffffff",
        Role.FOCUS: "#3ff23f",
        Role.GOOD: "#4fc3ff",
        Role.EVEN: "#bdbdbd",
        Role.BAD: "#ffa64d",
        Role.FRAME: "#ffffff",
        Role.FRAME_FOCUS: "#3ff23f",
        Role.DISC_X: "#ffff00",
        Role.DISC_O: "#1aebff",
    },
}
#: The theme that follows the desktop: dark, light or high contrast as it asks.
SYSTEM_THEME = "system"
#: Theme names, in menu order.
THEMES = (SYSTEM_THEME, *PALETTES)
#: The theme of each name, in the menu: in English, translated where shown
#: (:func:`theme_label`); the names are what settings save.
THEME_LABELS = {
    # TRANSLATORS: the colours that follow the desktop's own (light, dark or high contrast).
    SYSTEM_THEME: gettext_noop("System theme"),
    "light": gettext_noop("Light theme"),
    "dark": gettext_noop("Dark theme"),
    "contrast": gettext_noop("High contrast theme"),
}
DEFAULT_THEME = SYSTEM_THEME


def theme_label(theme: str) -> str:
    """The label of theme ``theme`` in the player's language; KeyError for an unknown theme."""
    return gettext(THEME_LABELS[theme])


def palette(theme: str) -> Palette:
    """The colours of ``theme`` by role; KeyError for an unknown theme (the
    System theme is first resolved to one of the others by the window)."""
    return PALETTES[theme]
