"""The menus and their keys, as data; no Tk.

One table declares every menu item: its label, the presenter method it calls
(one handler serves the menu and the key), its keys, when it is enabled, and
for check and radio items the part of the view state that shows whether it
is selected. The window builds its menu bar and binds its shortcuts from this
table; the accelerator labels, the keyboard-shortcuts help and every key named
in a text (:class:`KeyNames`) are taken from it, and so is the set of actions
disabled now (:func:`disabled_actions`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from ttt_gui.config import (
    BOARD_CHOICES,
    LEVELS,
    PRESETS,
    THINK_TIMES,
    WATCH_SPEEDS,
    Mode,
)
from ttt_gui.theme import THEMES


class ItemKind(StrEnum):
    """The kinds of menu entry."""

    COMMAND = "command"
    CHECK = "check"
    RADIO = "radio"
    CASCADE = "cascade"
    SEPARATOR = "separator"


@dataclass(frozen=True)
class Facts:
    """What the enabled-when tests of the table read: the mode, whether undo
    and redo have somewhere to go, whether the game has moves (to review),
    whether a review runs or a reviewed move is shown (to stop), and whether
    other unfinished games are kept (to resume)."""

    mode: Mode
    can_undo: bool
    can_redo: bool
    has_moves: bool
    can_stop_review: bool
    has_kept_games: bool = False


#: An item's enabled-when test.
Tester = Callable[[Facts], bool]


@dataclass(frozen=True)
class Item:
    """One menu entry.

    ``action`` names the presenter method called, with ``argument`` if it is
    not None. ``keys`` are shortcuts in words (``"Ctrl+Z"``; the first is
    shown as the accelerator); keys without a modifier other than function
    keys belong to the board and are listed, not bound. ``enabled`` (None:
    always) says when the item applies. A radio item is selected when the
    view state's choice for ``group`` equals ``value``; a check item when its
    flag ``group`` is set.
    """

    kind: ItemKind
    label: str = ""
    action: str = ""
    keys: tuple[str, ...] = ()
    group: str = ""
    value: object = None
    argument: object = None
    items: tuple[Item, ...] = ()
    enabled: Tester | None = field(default=None, compare=False)

    @property
    def label_key(self) -> str:
        """The key of this item's label in the view state's ``labels``: the
        action, with the argument of a radio item (``"set_level:hard"``)."""
        if self.kind is ItemKind.RADIO and self.argument is not None:
            return f"{self.action}:{self.argument}"
        return self.action


SEPARATOR = Item(ItemKind.SEPARATOR)


def command(label: str, action: str, *keys: str, enabled: Tester | None = None) -> Item:
    return Item(ItemKind.COMMAND, label, action, keys, enabled=enabled)


def check(label: str, action: str, group: str, *keys: str) -> Item:
    """A check item calling ``action()``, ticked when the view state's flag ``group`` is set."""
    return Item(ItemKind.CHECK, label, action, keys, group)


def radio(
    label: str,
    group: str,
    value: object,
    action: str,
    custom: bool = False,
    enabled: Tester | None = None,
) -> Item:
    """A radio item calling ``action(value)`` (``action()`` for a custom choice)."""
    argument = None if custom else value
    return Item(ItemKind.RADIO, label, action, (), group, value, argument, enabled=enabled)


def cascade(label: str, items: list[Item]) -> Item:
    return Item(ItemKind.CASCADE, label, items=tuple(items))


def _against_computer(facts: Facts) -> bool:
    return facts.mode is Mode.COMPUTER


def _watching(facts: Facts) -> bool:
    return facts.mode is Mode.WATCH


def _levels(group: str, action: str, enabled: Tester | None = None) -> list[Item]:
    return [
        radio(level.label(), group, name, action, enabled=enabled)
        for name, level in LEVELS.items()
    ]


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
                command(
                    "Resume…",
                    "resume_kept",
                    enabled=lambda facts: facts.has_kept_games,
                ),
                SEPARATOR,
                command(
                    "Review this game",
                    "review_game",
                    "Ctrl+R",
                    enabled=lambda facts: facts.has_moves,
                ),
                command(
                    "Stop review",
                    "stop_review",
                    "Esc",
                    enabled=lambda facts: facts.can_stop_review,
                ),
                SEPARATOR,
                command("Statistics", "show_statistics"),
                command("Reset scores…", "reset_scores"),
                check("Change sides after each game", "toggle_alternate", "alternate"),
                SEPARATOR,
                command("Quit", "quit", "Ctrl+Q"),
            ],
        ),
        (
            "Edit",
            [
                command("Undo", "undo", "Ctrl+Z", enabled=lambda facts: facts.can_undo),
                command(
                    "Redo",
                    "redo",
                    "Ctrl+Y",
                    "Ctrl+Shift+Z",
                    enabled=lambda facts: facts.can_redo,
                ),
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
                radio("You play X", "human", "X", "set_human", enabled=_against_computer),
                radio("You play O", "human", "O", "set_human", enabled=_against_computer),
                SEPARATOR,
                cascade("X plays at", _levels("x_level", "set_x_level")),
                cascade("O plays at", _levels("o_level", "set_o_level")),
                command("Play/Pause", "play_pause", "Space", enabled=_watching),
                command("Step", "step", "Right", enabled=_watching),
                cascade(
                    "Speed",
                    [radio(name, "speed", ms, "set_speed") for name, ms in WATCH_SPEEDS.items()],
                ),
            ],
        ),
        (
            "Difficulty",
            [
                *_levels("level", "set_level", _against_computer),
                radio(
                    "Custom depth…",
                    "level",
                    "custom",
                    "ask_custom_depth",
                    custom=True,
                    enabled=_against_computer,
                ),
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
                check("Show analysis", "toggle_analysis", "analysis", "F5"),
                check("Move history", "toggle_history", "history"),
                check("Show coordinates", "toggle_coordinates", "coordinates"),
                check("Animations", "toggle_motion", "motion"),
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
        found.extend(all_items(item.items) if item.kind is ItemKind.CASCADE else [item])
    return found


def disabled_actions(facts: Facts) -> frozenset[str]:
    """The actions whose items do not apply now, by the table's enabled-when tests."""
    return frozenset(
        item.action for item in all_items() if item.enabled is not None and not item.enabled(facts)
    )


#: The keys of each action that has some, as the table writes them.
_KEYS = {item.action: item.keys for item in all_items() if item.keys}


@dataclass(frozen=True)
class KeyNames:
    """Keys in words as the person reads them: the table's ``Ctrl`` is
    ``Cmd`` on macOS's windowing system (``aqua``), decided once per window."""

    aqua: bool = False

    def word(self, key: str) -> str:
        """``key`` as the table writes it (``"Ctrl+Z"``), in this platform's words."""
        return key.replace("Ctrl+", "Cmd+") if self.aqua else key

    def of(self, action: str) -> str:
        """The first key of ``action`` in words (``"Ctrl+N"``); KeyError if it has none."""
        return self.word(_KEYS[action][0])

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every item that has keys, then the board's keys."""
        rows = [
            (" or ".join(self.word(key) for key in item.keys), item.label.rstrip("…"))
            for item in all_items()
            if item.keys and item.kind in (ItemKind.COMMAND, ItemKind.CHECK)
        ]
        return [row for row in rows if row[0] not in ("Space", "Right")] + list(BOARD_KEYS)


def shortcut_rows(keys: KeyNames | None = None) -> list[tuple[str, str]]:
    """The keyboard-shortcuts help (see :meth:`KeyNames.shortcut_rows`)."""
    return (keys if keys is not None else KeyNames()).shortcut_rows()
