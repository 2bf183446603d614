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

import dataclasses
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
from ttt_gui.theme import THEME_LABELS, THEMES
from ttt_gui.words import (
    available_languages,
    gettext,
    gettext_noop,
    language_name,
    mnemonic,
    mnemonic_letter,
)


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

    ``label`` marks its mnemonic with ``&`` (``"&Undo"``; :attr:`text` is what the menu
    shows, :attr:`underline` Tk's index of the mnemonic). ``action`` names the presenter
    method called, with ``argument`` if it is not None (a cascade's action only names it for
    ``enabled``). ``keys`` are shortcuts in words (``"Ctrl+Z"``; the first is shown as the
    accelerator); keys without a modifier other than function keys belong to the board and
    are listed, not bound. ``enabled`` (None: always) says when the item applies. A radio
    item is selected when the view state's choice for ``group`` equals ``value``; a check
    item when its flag ``group`` is set.
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
    #: Makes a submenu's items when asked (None: they are :attr:`items`);
    #: such items have no ``enabled`` test.
    make_items: Callable[[], tuple[Item, ...]] | None = field(default=None, compare=False)

    @property
    def text(self) -> str:
        """The label as shown, without its ``&``."""
        return mnemonic(self.label)[0]

    @property
    def submenu(self) -> tuple[Item, ...]:
        """A cascade's items: :attr:`items`, or made now by :attr:`make_items`."""
        return self.make_items() if self.make_items is not None else self.items

    @property
    def underline(self) -> int:
        """Tk's index of the mnemonic letter in :attr:`text` (-1: none)."""
        return mnemonic(self.label)[1]

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


def cascade(
    label: str, items: list[Item], action: str = "", enabled: Tester | None = None
) -> Item:
    """A submenu; with ``enabled``, greyed where it does not apply, as are
    its items (``action``, the one its items call, names it in the view
    state's disabled actions)."""
    return Item(ItemKind.CASCADE, label, action, items=with_mnemonics(items), enabled=enabled)


def with_mnemonics(items: list[Item]) -> tuple[Item, ...]:
    """``items`` with a mnemonic for each one whose label marks none (labels
    made from data: shapes, themes, think times): its first letter or digit
    that no other item of the menu uses."""
    taken = {letter for item in items if (letter := mnemonic_letter(item.label))}
    marked = []
    for item in items:
        if item.kind is ItemKind.SEPARATOR or "&" in item.label:
            marked.append(item)
            continue
        label = item.label
        for index, character in enumerate(label):
            if character.isalnum() and character.lower() not in taken:
                taken.add(character.lower())
                label = f"{label[:index]}&{label[index:]}"
                break
        marked.append(dataclasses.replace(item, label=label))
    return tuple(marked)


def _against_computer(facts: Facts) -> bool:
    return facts.mode is Mode.COMPUTER


def _watching(facts: Facts) -> bool:
    return facts.mode is Mode.WATCH


def _levels(group: str, action: str, enabled: Tester | None = None) -> list[Item]:
    return [
        radio(f"&{level.label()}", group, name, action, enabled=enabled)
        for name, level in LEVELS.items()
    ]


def language_items() -> tuple[Item, ...]:
    """View › Language: the system's language, then each language there is a
    catalogue for (looked for now), by its own name."""
    return with_mnemonics(
        [
            radio(gettext("&System default"), "language", "", "set_language"),
            SEPARATOR,
            *(
                radio(language_name(code), "language", code, "set_language")
                for code in available_languages()
            ),
        ]
    )


#: The mode items' labels, each with its mnemonic.
_MODE_ITEMS = {
    Mode.HOTSEAT: "&Two players",
    Mode.COMPUTER: "&Against the computer",
    Mode.WATCH: "Co&mputer vs computer",
}


#: The menu bar: (menu label, items), in order.
MENUS: tuple[tuple[str, tuple[Item, ...]], ...] = tuple(
    (label, with_mnemonics(items))
    for label, items in (
        (
            "&Game",
            [
                command("&New game…", "show_new_game", "Ctrl+N"),
                command("&Play again", "new_game", "F2"),
                command("&Open…", "open_game", "Ctrl+O"),
                command("&Save…", "save_game", "Ctrl+S"),
                command(
                    "&Resume…",
                    "resume_kept",
                    enabled=lambda facts: facts.has_kept_games,
                ),
                SEPARATOR,
                command(
                    "Re&view this game",
                    "review_game",
                    "Ctrl+R",
                    enabled=lambda facts: facts.has_moves,
                ),
                command(
                    "S&top review",
                    "stop_review",
                    "Esc",
                    enabled=lambda facts: facts.can_stop_review,
                ),
                SEPARATOR,
                command("Stat&istics", "show_statistics"),
                command("Reset s&cores…", "reset_scores"),
                check("C&hange sides after each game", "toggle_alternate", "alternate"),
                SEPARATOR,
                command("&Quit", "quit", "Ctrl+Q"),
            ],
        ),
        (
            "&Edit",
            [
                command("&Undo", "undo", "Ctrl+Z", enabled=lambda facts: facts.can_undo),
                command(
                    "&Redo",
                    "redo",
                    "Ctrl+Y",
                    "Ctrl+Shift+Z",
                    enabled=lambda facts: facts.can_redo,
                ),
                command("&Hint", "hint", "Ctrl+H"),
                SEPARATOR,
                command("&Copy position", "copy_position", "Ctrl+C"),
                command("&Paste position", "paste_position", "Ctrl+V"),
            ],
        ),
        (
            "&Mode",
            [
                *(radio(_MODE_ITEMS[mode], "mode", mode.value, "set_mode") for mode in Mode),
                SEPARATOR,
                radio("You play &X", "human", "X", "set_human", enabled=_against_computer),
                radio("You play &O", "human", "O", "set_human", enabled=_against_computer),
                SEPARATOR,
                cascade(
                    "X p&lays at",
                    _levels("x_level", "set_x_level"),
                    "set_x_level",
                    _watching,
                ),
                cascade(
                    "O pla&ys at",
                    _levels("o_level", "set_o_level"),
                    "set_o_level",
                    _watching,
                ),
                command("&Play/Pause", "play_pause", "Space", enabled=_watching),
                command("&Step", "step", "Right", enabled=_watching),
                cascade(
                    "Spee&d",
                    [radio(name, "speed", ms, "set_speed") for name, ms in WATCH_SPEEDS.items()],
                    "set_speed",
                    _watching,
                ),
            ],
        ),
        (
            "&Difficulty",
            [
                *_levels("level", "set_level", _against_computer),
                radio(
                    "&Custom depth…",
                    "level",
                    "custom",
                    "ask_custom_depth",
                    custom=True,
                    enabled=_against_computer,
                ),
                SEPARATOR,
                cascade(
                    "&Think time for large boards",
                    [radio(f"{s:g} s", "think", s, "set_think_time") for s in THINK_TIMES],
                ),
            ],
        ),
        (
            "&Board",
            [
                *(
                    radio(shape.label, "board", shape, "set_board")
                    for shape in BOARD_CHOICES
                    if shape not in PRESETS
                ),
                SEPARATOR,
                *(radio(shape.label, "board", shape, "set_board") for shape in PRESETS),
                radio("C&ustom…", "board", "custom", "ask_custom_board", custom=True),
            ],
        ),
        (
            "&View",
            [
                check("Show &analysis", "toggle_analysis", "analysis", "F5"),
                check("Move &history", "toggle_history", "history"),
                check("Show c&oordinates", "toggle_coordinates", "coordinates"),
                check("A&nimations", "toggle_motion", "motion"),
                check("&Toolbar", "toggle_toolbar", "toolbar"),
                Item(
                    ItemKind.CASCADE,
                    gettext_noop("&Language"),
                    "set_language",
                    make_items=language_items,
                ),
                SEPARATOR,
                *(radio(THEME_LABELS[name], "theme", name, "set_theme") for name in THEMES),
                SEPARATOR,
                command("Lar&ger", "zoom_in", "Ctrl++"),
                command("S&maller", "zoom_out", "Ctrl+-"),
                command("&Reset size", "zoom_reset", "Ctrl+0"),
            ],
        ),
        (
            "&Help",
            [
                command("&How to play", "how_to_play", "F1"),
                command("&Keyboard shortcuts", "show_shortcuts"),
                command("&About", "about"),
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
        found.extend(all_items(item.submenu) if item.kind is ItemKind.CASCADE else [item])
    return found


def all_cascades(items: tuple[Item, ...] | None = None) -> list[Item]:
    """Every submenu of the menu bar (or of ``items``), nested ones too."""
    found: list[Item] = []
    for item in items if items is not None else tuple(i for _, menu in MENUS for i in menu):
        if item.kind is ItemKind.CASCADE:
            found += [item, *all_cascades(item.submenu)]
    return found


def disabled_actions(facts: Facts) -> frozenset[str]:
    """The actions whose items (and submenus) do not apply now, by the
    table's enabled-when tests."""
    return frozenset(item.action for item in _TESTED if item.enabled and not item.enabled(facts))


#: The items and submenus that apply only sometimes.
_TESTED = tuple(item for item in (*all_items(), *all_cascades()) if item.enabled is not None)


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
            (" or ".join(self.word(key) for key in item.keys), item.text.rstrip("…"))
            for item in all_items()
            if item.keys and item.kind in (ItemKind.COMMAND, ItemKind.CHECK)
        ]
        return [row for row in rows if row[0] not in ("Space", "Right")] + list(BOARD_KEYS)


def shortcut_rows(keys: KeyNames | None = None) -> list[tuple[str, str]]:
    """The keyboard-shortcuts help (see :meth:`KeyNames.shortcut_rows`)."""
    return (keys if keys is not None else KeyNames()).shortcut_rows()
