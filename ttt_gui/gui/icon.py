"""The application's icon for its windows, from PNG files shipped in the package."""

from __future__ import annotations

import base64
import tkinter as tk
from importlib import resources

#: Sizes handed to the window manager, which picks the nearest for the title bar,
#: the task bar or the task switcher. Each size costs a little start-up time.
WINDOW_ICON_SIZES = (16, 32, 48, 64, 128)


def set_window_icon(root: tk.Tk) -> bool:
    """Give ``root`` and every later toplevel the app's icon; False (and the
    default icon kept) if an icon file cannot be read.

    Tk copies the pixels when the icon is set, so the images need not outlive
    this call."""
    folder = resources.files("ttt_gui") / "icons"
    try:
        images = [
            tk.PhotoImage(
                master=root,
                data=base64.b64encode((folder / f"ttt-gui-{size}.png").read_bytes()),
                format="png",
            )
            for size in WINDOW_ICON_SIZES
        ]
        root.iconphoto(True, *images)
    except (OSError, tk.TclError):
        return False
    return True
