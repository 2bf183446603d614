"""Colour palettes keyed by role; no Tk.

Every colour the window paints comes from one of these palettes: the view
asks for a role (``"cell"``, ``"win"``, ``"X"``), never for a literal colour.
"""

from __future__ import annotations

#: The roles every palette defines.
ROLES = (
    "background",
    "cell",
    "cell_active",
    "cell_busy",
    "text",
    "muted",
    "X",
    "O",
    "last",
    "win",
    "hint",
    "grid",
    "focus",
    "good",
    "even",
    "bad",
)

PALETTES: dict[str, dict[str, str]] = {
    "light": {
        "background": "#eef1f5",
        "cell": "#ffffff",
        "cell_active": "#e3ecfa",
        "cell_busy": "#f3f4f6",
        "text": "#1f2933",
        "muted": "#52606d",
        "X": "#1d4ed8",
        "O": "#c2410c",
        "last": "#fff7d6",
        "win": "#bbf7d0",
        "hint": "#e9d5ff",
        "grid": "#9aa5b1",
        "focus": "#2563eb",
        "good": "#15803d",
        "even": "#6b7280",
        "bad": "#b91c1c",
    },
    "dark": {
        "background": "#1b1f24",
        "cell": "#2a3038",
        "cell_active": "#36404c",
        "cell_busy": "#242a31",
        "text": "#e6e9ef",
        "muted": "#a3acb9",
        "X": "#7cb4ff",
        "O": "#ffaa6e",
        "last": "#3d3a24",
        "win": "#1f5136",
        "hint": "#4a3566",
        "grid": "#4b5563",
        "focus": "#93c5fd",
        "good": "#4ade80",
        "even": "#9ca3af",
        "bad": "#f87171",
    },
}
#: Theme names, in menu order.
THEMES = tuple(PALETTES)
DEFAULT_THEME = "light"


def palette(theme: str) -> dict[str, str]:
    """The colours of ``theme`` by role; KeyError for an unknown theme."""
    return PALETTES[theme]
