"""The menus and their keys, as data; no Tk.

One table declares every menu item: its label, the presenter method it calls
(one handler serves the menu and the key), its keys, and for check and radio
items the part of the view state that shows whether it is selected. The
window builds its menu bar and binds its shortcuts from this table, the
accelerator labels are taken from it, and so is the keyboard-shortcuts help.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_gui.config import (
    BOARD_CHOICES,
    LEVELS,
    PRESETS,
    THINK_TIMES,
    WATCH_SPEEDS,
    Mode,
)
from ttt_gui.theme import THEMES


@dataclass(frozen=True)
class Item:
    """One menu entry.

    ``kind`` is ``"command"``, ``"check"``, ``"radio"``, ``"cascade"`` or
    ``"separator"``. ``action`` names the presenter method called, with
    ``argument`` if it is not None. ``keys`` are shortcuts in words
    (``"Ctrl+Z"``; the first is shown as the accelerator); keys without a
    modifier other than function keys belong to the board and are listed, not
    bound. A radio item is selected when the view state's choice for ``group``
    equals ``value``; a check item when its flag ``group`` is set.
    """

    kind: str
    label: str = ""
    action: str = ""
    keys: tuple[str, ...] = ()
    group: str = ""
    value: object = None
    argument: object = None
    items: tuple[Item, ...] = ()

    @property
    def label_key(self) -> str:
        """The key of this item's label in the view state's ``labels``: the
        action, with the argument of a radio item (``"set_level:hard"``)."""
        if self.kind == "radio" and self.argument is not None:
            return f"{self.action}:{self.argument}"
        return self.action


SEPARATOR = Item("separator")


def command(label: str, action: str, *keys: str) -> Item:
    return Item("command", label, action, keys)


def radio(label: str, group: str, value: object, action: str, custom: bool = False) -> Item:
    """A radio item calling ``action(value)`` (``action()`` for a custom choice)."""
    return Item("radio", label, action, (), group, value, None if custom else value)


def cascade(label: str, items: list[Item]) -> Item:
    return Item("cascade", label, items=tuple(items))


def _levels(group: str, action: str) -> list[Item]:
    return [radio(level.label(), group, name, action) for name, level in LEVELS.items()]


#: The menu bar: (menu label, items), in order.
MENUS: tuple[tuple[str, tuple[Item, ...]], ...] = tuple(
    (label, tuple(items))
    for label, items in (
        (
            "Game",
            [
                command("New game", "new_game", "Ctrl+N"),
                command("Open…", "open_game", "Ctrl+O"),
                command("Save…", "save_game", "Ctrl+S"),
                SEPARATOR,
                command("Review this game", "review_game", "Ctrl+R"),
                command("Stop review", "stop_review", "Esc"),
                SEPARATOR,
                command("Statistics", "show_statistics"),
                command("Reset scores…", "reset_scores"),
                Item("check", "Change sides after each game", "toggle_alternate", (), "alternate"),
                SEPARATOR,
                command("Quit", "quit", "Ctrl+Q"),
            ],
        ),
        (
            "Edit",
            [
                command("Undo", "undo", "Ctrl+Z"),
                command("Redo", "redo", "Ctrl+Y", "Ctrl+Shift+Z"),
                command("Hint", "hint", "Ctrl+H"),
                SEPARATOR,
                command("Copy position", "copy_position", "Ctrl+C"),
                command("Paste position", "paste_position", "Ctrl+V"),
            ],
        ),
        (
            "Mode",
            [
                *(radio(mode.label, "mode", mode.value, "set_mode") for mode in Mode),
                SEPARATOR,
                radio("You play X", "human", "X", "set_human"),
                radio("You play O", "human", "O", "set_human"),
                SEPARATOR,
                cascade("X plays at", _levels("x_level", "set_x_level")),
                cascade("O plays at", _levels("o_level", "set_o_level")),
                command("Play/Pause", "play_pause", "Space"),
                command("Step", "step", "Right"),
                cascade(
                    "Speed",
                    [radio(name, "speed", ms, "set_speed") for name, ms in WATCH_SPEEDS.items()],
                ),
            ],
        ),
        (
            "Difficulty",
            [
                *_levels("level", "set_level"),
                radio("Custom depth…", "level", "custom", "ask_custom_depth", custom=True),
                SEPARATOR,
                cascade(
                    "Think time for large boards",
                    [radio(f"{s:g} s", "think", s, "set_think_time") for s in THINK_TIMES],
                ),
            ],
        ),
        (
            "Board",
            [
                *(
                    radio(shape.label, "board", shape, "set_board")
                    for shape in BOARD_CHOICES
                    if shape not in PRESETS
                ),
                SEPARATOR,
                *(radio(shape.label, "board", shape, "set_board") for shape in PRESETS),
                radio("Custom…", "board", "custom", "ask_custom_board", custom=True),
            ],
        ),
        (
            "View",
            [
                Item("check", "Show analysis", "toggle_analysis", ("F5",), "analysis"),
                Item("check", "Move history", "toggle_history", (), "history"),
                Item("check", "Show coordinates", "toggle_coordinates", (), "coordinates"),
                SEPARATOR,
                *(
                    radio(f"{name.capitalize()} theme", "theme", name, "set_theme")
                    for name in THEMES
                ),
                SEPARATOR,
                command("Larger", "zoom_in", "Ctrl++"),
                command("Smaller", "zoom_out", "Ctrl+-"),
                command("Reset size", "zoom_reset", "Ctrl+0"),
            ],
        ),
        (
            "Help",
            [
                command("How to play", "how_to_play", "F1"),
                command("Keyboard shortcuts", "show_shortcuts"),
                command("About", "about"),
            ],
        ),
    )
)

#: Keys of the board itself, for the shortcuts help.
BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("Arrow keys", "Move between cells"),
    ("Enter or Space", "Play the focused cell"),
    ("1 to 9", "Play a cell on 3×3 (1 = top left)"),
    ("Keypad 1 to 9", "Play a cell on 3×3 in the keypad's layout (7 = top left)"),
    ("Space / Right", "Play-pause / step, computer vs computer"),
    ("Alt+letter", "Open a menu"),
)


def all_items(items: tuple[Item, ...] | None = None) -> list[Item]:
    """Every item of the menu bar (or of ``items``), cascades flattened."""
    found: list[Item] = []
    for item in items if items is not None else tuple(i for _, menu in MENUS for i in menu):
        found.extend(all_items(item.items) if item.kind == "cascade" else [item])
    return found


def shortcut_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every item that has keys, then the board's keys."""
    rows = [
        (" or ".join(item.keys), item.label.rstrip("…"))
        for item in all_items()
        if item.keys and item.kind in ("command", "check")
    ]
    return [row for row in rows if row[0] not in ("Space", "Right")] + list(BOARD_KEYS)
