"""The toolbar: New, Undo, Redo, Hint, Analysis and the level, always in view.

Its icons are drawn by the program (shapes rasterised into a ``PhotoImage``
in the palette's text colour), so the toolbar follows the theme and needs no
image files. Each button calls the presenter action of the menu item of the
same name and is greyed when that item is; every control takes the keyboard
focus with Tab and answers Space. The level's combobox lists the levels as
the Difficulty menu names them for this board; choosing one does what the
menu does (it applies from the next game, or asks first).
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ttt_gui.app.view_state import ViewState
from ttt_gui.config import LEVELS
from ttt_gui.gui.control_style import (
    COMBOBOX,
    TOOL,
    colour_dropdown,
    fit_combobox,
    style_controls,
)
from ttt_gui.gui.toolbar_icons import draw_icon
from ttt_gui.theme import Palette, Role
from ttt_gui.words import gettext, gettext_noop, plain_label

#: Runs a command with its arguments, then paints (``Window.run``).
Run = Callable[..., object]

#: The buttons: (icon, label, presenter action), in order.
BUTTONS = (
    # TRANSLATORS: a toolbar button beside its icon (starts a new game); one short word.
    ("new", gettext_noop("New"), "show_new_game"),
    # TRANSLATORS: a toolbar button beside its icon (takes back a move); one short word.
    ("undo", gettext_noop("Undo"), "undo"),
    # TRANSLATORS: a toolbar button beside its icon (replays a move); one short word.
    ("redo", gettext_noop("Redo"), "redo"),
    # TRANSLATORS: a toolbar button beside its icon (shows a good move); one short word.
    ("hint", gettext_noop("Hint"), "hint"),
)
#: The level's combobox: the game's, with a list that may be wider than its box.
LEVEL_BOX = f"Level.{COMBOBOX}"
#: The bind tag of the toolbar's controls: the board's keys stop there.
TOOLBAR_TAG = "Toolbar"


def _grid_padding(widget: tk.Widget) -> int:
    """The room ``widget``'s grid padding takes across (both sides)."""
    padding = widget.grid_info().get("padx", 0)
    sides = padding if isinstance(padding, tuple) else (padding, padding)
    return sum(int(side) for side in sides)


class Toolbar:
    """The toolbar in ``parent``; its controls call ``run``. At ``scale``
    (2 at 200 %) its icons are drawn ``scale`` times 16 pixels, and its
    padding, the gap before the level and the level box's arrow grow alike;
    every control takes the height of the tallest (the level box)."""

    def __init__(self, parent: tk.Misc, run: Run, scale: float = 1.0) -> None:
        self.run = run
        self.scale = max(1.0, scale)
        self.side = max(16, round(16 * scale))
        self.frame = tk.Frame(
            parent, padx=self._pixels(4), pady=self._pixels(1), highlightthickness=0
        )
        self.is_shown = True
        self.images: dict[str, tk.PhotoImage] = {}
        self.buttons: dict[str, ttk.Button] = {}
        for column, (_, label, action) in enumerate(BUTTONS):
            button = ttk.Button(
                self.frame,
                text=gettext(label),
                compound="left",
                style=TOOL,
                command=functools.partial(self.run, action),
            )
            button.grid(row=0, column=column + (column > 0), sticky="ns")  # New's menu after New
            self.buttons[action] = button
        # New's other half: the recent setups, each started at once from its menu.
        self.quick_menu = tk.Menu(self.frame, tearoff=False)
        self.quick = ttk.Menubutton(self.frame, style=TOOL, menu=self.quick_menu, takefocus=True)
        self.quick.grid(row=0, column=1, sticky="ns")
        self._quick_labels: tuple[str, ...] | None = None
        after = len(BUTTONS) + 1  # the columns after the buttons
        self.analysis_shown = tk.BooleanVar(self.frame, value=False)
        self.analysis = ttk.Checkbutton(
            self.frame,
            # TRANSLATORS: a toolbar toggle beside its icon (shows what each move is worth).
            text=gettext("Analysis"),
            compound="left",
            style=TOOL,
            variable=self.analysis_shown,
            command=lambda: self.run("toggle_analysis"),
        )
        self.analysis.grid(row=0, column=after, sticky="ns", padx=self._pixels(1))
        self.frame.columnconfigure(after + 1, weight=1)
        # TRANSLATORS: the toolbar's label before the list of computer levels.
        self.level_title = tk.Label(self.frame, text=gettext("Level"), padx=self._pixels(4))
        # At 100 % the label's own padding parts it from Analysis (the window's
        # least width is the toolbar's); scaled, the text outgrows it.
        self.level_title.grid(row=0, column=after + 2, sticky="nse", padx=(self._pixels(8) - 8, 0))
        self.level = ttk.Combobox(
            self.frame, state="readonly", width=10, takefocus=True, style=LEVEL_BOX
        )
        self.level.grid(row=0, column=after + 3, sticky="nse", padx=(0, self._pixels(4)))
        self.level.bind("<<ComboboxSelected>>", self._level_chosen)
        for control in self.frame.winfo_children():  # after the class's own keys
            tags = list(control.bindtags())
            control.bindtags((*tags[:2], TOOLBAR_TAG, *tags[2:]))
        for key in ("space", "Left", "Right", "Up", "Down"):
            self.frame.bind_class(TOOLBAR_TAG, f"<Key-{key}>", lambda event: "break")
        for key in ("Return", "KP_Enter"):  # Enter presses a button too
            self.frame.bind_class(TOOLBAR_TAG, f"<Key-{key}>", self._enter)
        self._levels: list[tuple[str, str | None]] = []  # (label, level name; None: custom)
        self._painted: ViewState | None = None

    def _pixels(self, at_96_dpi: int) -> int:
        """``at_96_dpi`` pixels at the toolbar's scale."""
        return round(at_96_dpi * self.scale)

    @staticmethod
    def _enter(event: tk.Event[tk.Misc]) -> str:
        widget = event.widget
        if isinstance(widget, (ttk.Button, ttk.Checkbutton)):
            widget.invoke()
        elif isinstance(widget, ttk.Menubutton):
            widget.event_generate("<<Invoke>>")  # opens its menu, as Space does
        return "break"

    def _level_chosen(self, event: object = None) -> None:
        index = self.level.current()
        self.level.selection_clear()
        if 0 <= index < len(self._levels):
            name = self._levels[index][1]
            if name is None:
                self.run("ask_custom_depth")
            else:
                self.run("set_level", name)
        if self._painted is not None:  # a change declined or refused shows the level kept
            self.paint(self._painted)

    def size(self) -> tuple[int, int]:
        """The width and height the toolbar needs (0, 0 when hidden)."""
        if not self.is_shown:
            return 0, 0
        # From the controls' own requests, known at once (the frame's is
        # only worked out when Tk is idle, and making it so would map the
        # window before its size is set).
        controls = [
            *self.buttons.values(),
            self.quick,
            self.analysis,
            self.level_title,
            self.level,
        ]
        padding = 2 * int(self.frame.cget("padx")), 2 * int(self.frame.cget("pady"))
        width = sum(control.winfo_reqwidth() + _grid_padding(control) for control in controls)
        height = max(control.winfo_reqheight() for control in controls) + padding[1]
        return width + padding[0], height

    def paint(self, state: ViewState) -> None:
        """Show or hide the toolbar as ``state`` says; show its enabled actions,
        the analysis flag and the level."""
        self._painted = state
        if state.show_toolbar != self.is_shown or not self.frame.winfo_manager():
            self.is_shown = state.show_toolbar
            if self.is_shown:
                self.frame.grid(row=0, column=0, columnspan=2, sticky="ew")
            else:
                self.frame.grid_remove()
        for action, button in self.buttons.items():
            button.state(["disabled" if action in state.disabled else "!disabled"])
        self._paint_quick(state.quick_starts)
        self.analysis_shown.set(bool(state.flags.get("analysis")))
        levels: list[tuple[str, str | None]] = [
            (plain_label(state.labels.get(f"set_level:{name}", level.label())), name)
            for name, level in LEVELS.items()
        ]
        custom = state.labels.get("ask_custom_depth") or gettext("&Custom depth…")
        levels.append((plain_label(custom), None))
        if levels != self._levels:
            self._levels = levels
            self._fit_levels(levels)
        chosen = state.choices.get("level")
        index = next(
            (i for i, (_, name) in enumerate(levels) if name == chosen),
            len(levels) - 1,  # a custom depth
        )
        if self.level.current() != index:
            self.level.current(index)
        self.level.state(["disabled" if "set_level" in state.disabled else "!disabled"])

    def _paint_quick(self, labels: tuple[str, ...]) -> None:
        """New's menu: the recent setups (greyed while there are none)."""
        if labels == self._quick_labels:
            return
        self._quick_labels = labels
        self.quick_menu.delete(0, "end")
        for index, label in enumerate(labels):
            self.quick_menu.add_command(
                label=label, command=functools.partial(self.run, "quick_start", index)
            )
        self.quick.state(["!disabled" if labels else "disabled"])

    def _fit_levels(self, levels: list[tuple[str, str | None]]) -> None:
        """List ``levels``; the box as wide as a level's name, its list as wide
        as its longest entry (a custom depth's may be longer)."""
        labels = [label for label, _ in levels]
        fit_combobox(self.level, [label for label, name in levels if name], labels, least=10)

    def recolour(self, colours: Palette) -> None:
        """Colour the toolbar and draw its icons for the palette (and colour the
        styles of every control of the game, see :mod:`control_style`)."""
        background, text = colours[Role.BACKGROUND], colours[Role.TEXT]
        self.frame.configure(background=background)
        self.level_title.configure(background=background, foreground=colours[Role.MUTED])
        style_controls(self.frame, colours)
        style = ttk.Style(self.frame)
        style.configure(TOOL, padding=(self._pixels(4), self._pixels(1)))
        # The arrow Tk draws at 96 dpi whatever the scale: as large as the text.
        style.configure(LEVEL_BOX, arrowsize=self._pixels(12))
        colour_dropdown(self.level, colours)
        self.quick_menu.configure(
            background=background,
            foreground=text,
            activebackground=colours[Role.CELL_ACTIVE],
            activeforeground=text,
            disabledforeground=colours[Role.DISABLED],
        )
        icons = (*(icon for icon, _, _ in BUTTONS), "menu", "analysis")
        widgets: tuple[ttk.Button | ttk.Checkbutton | ttk.Menubutton, ...] = (
            *self.buttons.values(),
            self.quick,
            self.analysis,
        )
        for icon, widget in zip(icons, widgets):
            self.images[icon] = draw_icon(self.frame, icon, self.side, text, background)
            disabled = draw_icon(self.frame, icon, self.side, colours[Role.DISABLED], background)
            self.images[f"{icon}-disabled"] = disabled
            widget.configure({"image": (self.images[icon], "disabled", disabled)})
