"""The menus and their keys, as data; no Tk.

One table declares every menu item: its label, the command it runs, by
action id (one handler serves the menu and the key), its keys, when it is enabled, and
for check and radio items the part of the view state that shows whether it
is selected. The window builds its menu bar and binds its shortcuts from this
table; the accelerator labels, the keyboard-shortcuts help and every key named
in a text (:class:`KeyNames`) are taken from it, and so is the set of actions
disabled now (:func:`disabled_actions`).

The table is made at import time, in English: a label is a message of the
catalogue (marked with ``gettext_noop``), translated where it is shown
(:attr:`Item.label`), so the menus speak the language chosen when the window
is built. Labels made from data (boards, levels, themes, speeds) are named by
the data's own words, and their mnemonics are chosen among the translated
labels of their menu (:func:`marked_labels`), so no two collide in any
language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial

from ttt_gui.app.mnemonics import Menu, marked_labels
from ttt_gui.config import (
    BOARD_CHOICES,
    LEVELS,
    PRESETS,
    THINK_TIMES,
    WATCH_SPEEDS,
    Mode,
    Shape,
)
from ttt_gui.theme import THEME_LABELS, THEMES
from ttt_gui.words import (
    available_languages,
    gettext,
    gettext_noop,
    language_name,
    mnemonic,
    pgettext,
    plain_label,
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
    whether a review runs or a reviewed move is shown (to stop), whether
    other unfinished games are kept (to resume), and whether a puzzle is
    played."""

    mode: Mode
    can_undo: bool
    can_redo: bool
    has_moves: bool
    can_stop_review: bool
    has_kept_games: bool = False
    in_puzzle: bool = False


def _in_puzzle(facts: Facts) -> bool:
    return facts.in_puzzle


#: An item's enabled-when test.
Tester = Callable[[Facts], bool]


@dataclass(frozen=True)
class Item:
    """One menu entry.

    ``message`` is its label as the catalogue has it, in English, marking its
    mnemonic with ``&`` (``"&Undo"``); :attr:`label` is that label in the
    player's language, :attr:`text` what the menu shows and :attr:`underline`
    Tk's index of the mnemonic. An item named from data has ``words`` instead,
    its label in the player's language without a mnemonic, which its menu
    (``menu``) chooses.

    ``action`` is the id of the command run (see :mod:`~ttt_gui.app.commands`),
    with ``argument`` if it is not None (a cascade's action only names it for
    ``enabled``). ``keys`` are shortcuts in words (``"Ctrl+Z"``; the first is
    shown as the accelerator); keys without a modifier other than function
    keys belong to the board and are listed, not bound. ``enabled`` (None:
    always) says when the item applies. A radio item is selected when the
    view state's choice for ``group`` equals ``value``; a check item when its
    flag ``group`` is set.
    """

    kind: ItemKind
    message: str = ""
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
    words: Callable[[], str] | None = field(default=None, compare=False)
    menu: Menu[Item] | None = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        """The label in the player's language, its mnemonic marked with ``&``."""
        if self.menu is not None:
            return self.menu.label_of(self)
        return self.own_label

    @property
    def own_label(self) -> str:
        """The label in the player's language before its menu chose a
        mnemonic (a label from data has none; its ``&`` are doubled)."""
        if self.words is not None:
            return self.words().replace("&", "&&")
        return gettext(self.message) if self.message else ""

    @property
    def text(self) -> str:
        """The label as shown, without its ``&``."""
        return mnemonic(self.label)[0]

    @property
    def plain_text(self) -> str:
        """The label as words outside a menu: no mnemonic at all (not even
        one in brackets, "(&B)", which only a menu shows)."""
        return plain_label(self.label)

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
    words: Callable[[], str] | None = None,
) -> Item:
    """A radio item calling ``action(value)`` (``action()`` for a custom choice);
    ``words`` name it when its label comes from data (``label`` is then its
    English text, for the reader of the table)."""
    argument = None if custom else value
    return Item(
        ItemKind.RADIO, label, action, (), group, value, argument, enabled=enabled, words=words
    )


def cascade(
    label: str, items: list[Item], action: str = "", enabled: Tester | None = None
) -> Item:
    """A submenu; with ``enabled``, greyed where it does not apply, as are
    its items (``action``, the one its items call, names it in the view
    state's disabled actions)."""
    return Item(ItemKind.CASCADE, label, action, items=with_mnemonics(items), enabled=enabled)


def with_mnemonics(items: list[Item]) -> tuple[Item, ...]:
    """``items`` as one menu: each whose label marks no mnemonic (labels made
    from data: shapes, themes, think times) gets one there, chosen in the
    language shown (see :func:`marked_labels`)."""
    menu: Menu[Item] = Menu()
    menu.items = tuple(
        item
        if item.kind is ItemKind.SEPARATOR or item.words is None
        else dataclasses.replace(item, menu=menu)
        for item in items
    )
    return menu.items


def _against_computer(facts: Facts) -> bool:
    return facts.mode is Mode.COMPUTER


def _watching(facts: Facts) -> bool:
    return facts.mode is Mode.WATCH


def _levels(group: str, action: str, enabled: Tester | None = None) -> list[Item]:
    return [
        radio(name, group, name, action, enabled=enabled, words=level.label)
        for name, level in LEVELS.items()
    ]


def language_items() -> tuple[Item, ...]:
    """View › Language: the system's language, then each language there is a
    catalogue for (looked for now), by its own name."""
    return with_mnemonics(
        [
            radio(gettext_noop("&System default"), "language", "", "set_language"),
            SEPARATOR,
            *(
                radio(code, "language", code, "set_language", words=partial(language_name, code))
                for code in available_languages()
            ),
        ]
    )


def _shape_words(shape: Shape) -> Callable[[], str]:
    """A board's label in the player's language, as its item names it."""
    return lambda: shape.label


def seconds_words(seconds: float) -> str:
    """A think time in the player's language, as the menu names it: ``"0.5 s"``."""
    # TRANSLATORS: the decimal separator of numbers such as 0.5 ("," in German).
    number = f"{seconds:g}".replace(".", pgettext("decimal separator", "."))
    # TRANSLATORS: a think time in the Difficulty menu: {seconds} is a number such
    # as 0.5 or 2, "s" the symbol of seconds.
    return gettext("{seconds} s").format(seconds=number)


#: The mode items' labels, each with its mnemonic.
_MODE_ITEMS = {
    Mode.HOTSEAT: gettext_noop("&Two players"),
    Mode.COMPUTER: gettext_noop("&Against the computer"),
    Mode.WATCH: gettext_noop("Co&mputer vs computer"),
}


#: The menu bar: (menu label, items), in order.
MENUS: tuple[tuple[str, tuple[Item, ...]], ...] = tuple(
    (label, with_mnemonics(items))
    for label, items in (
        (
            # TRANSLATORS: the menus' labels mark their access key with "&" before a
            # letter ("&Game": Alt+G). Within the menu bar and within each menu, give
            # no two labels the same marked letter; "&&" writes an "&" itself.
            gettext_noop("&Game"),
            [
                command(gettext_noop("&New game…"), "show_new_game", "Ctrl+N"),
                # TRANSLATORS: start another game with the same choices.
                command(gettext_noop("&Play again"), "new_game", "F2"),
                command(gettext_noop("&Open…"), "open_game", "Ctrl+O"),
                command(gettext_noop("&Save…"), "save_game", "Ctrl+S"),
                command(
                    gettext_noop("&Resume…"),
                    "resume_kept",
                    enabled=lambda facts: facts.has_kept_games,
                ),
                SEPARATOR,
                # TRANSLATORS: Game menu: "X to play and win" puzzles (or the next one).
                command(gettext_noop("Pu&zzles"), "puzzles", "Ctrl+P"),
                # TRANSLATORS: Game menu: play the puzzle shown again from its start.
                command(
                    gettext_noop("Retr&y puzzle"), "puzzle_retry", "Ctrl+T", enabled=_in_puzzle
                ),
                command(
                    gettext_noop("Show sol&ution"), "puzzle_solution", "Ctrl+U", enabled=_in_puzzle
                ),
                command(gettext_noop("&Leave puzzles"), "leave_puzzles", enabled=_in_puzzle),
                SEPARATOR,
                command(
                    gettext_noop("Re&view this game"),
                    "review_game",
                    "Ctrl+R",
                    enabled=lambda facts: facts.has_moves,
                ),
                command(
                    gettext_noop("S&top review"),
                    "stop_review",
                    "Esc",
                    enabled=lambda facts: facts.can_stop_review,
                ),
                SEPARATOR,
                command(gettext_noop("Stat&istics"), "show_statistics"),
                command(gettext_noop("Reset s&cores…"), "reset_scores"),
                check(
                    gettext_noop("C&hange sides after each game"), "toggle_alternate", "alternate"
                ),
                SEPARATOR,
                command(gettext_noop("&Quit"), "quit", "Ctrl+Q"),
            ],
        ),
        (
            gettext_noop("&Edit"),
            [
                command(
                    gettext_noop("&Undo"), "undo", "Ctrl+Z", enabled=lambda facts: facts.can_undo
                ),
                command(
                    gettext_noop("&Redo"),
                    "redo",
                    "Ctrl+Y",
                    "Ctrl+Shift+Z",
                    enabled=lambda facts: facts.can_redo,
                ),
                # TRANSLATORS: show a good move for the player to move.
                command(gettext_noop("&Hint"), "hint", "Ctrl+H"),
                SEPARATOR,
                command(gettext_noop("&Copy position"), "copy_position", "Ctrl+C"),
                command(gettext_noop("&Paste position"), "paste_position", "Ctrl+V"),
            ],
        ),
        (
            gettext_noop("&Mode"),
            [
                *(radio(_MODE_ITEMS[mode], "mode", mode.value, "set_mode") for mode in Mode),
                SEPARATOR,
                radio(
                    gettext_noop("You play &X"),
                    "human",
                    "X",
                    "set_human",
                    enabled=_against_computer,
                ),
                radio(
                    gettext_noop("You play &O"),
                    "human",
                    "O",
                    "set_human",
                    enabled=_against_computer,
                ),
                SEPARATOR,
                cascade(
                    # TRANSLATORS: computer vs computer: the submenu of the level X plays at.
                    gettext_noop("X p&lays at"),
                    _levels("x_level", "set_x_level"),
                    "set_x_level",
                    _watching,
                ),
                cascade(
                    gettext_noop("O pla&ys at"),
                    _levels("o_level", "set_o_level"),
                    "set_o_level",
                    _watching,
                ),
                command(gettext_noop("&Play/Pause"), "play_pause", "Space", enabled=_watching),
                # TRANSLATORS: computer vs computer: play one move, then pause.
                command(gettext_noop("&Step"), "step", "Right", enabled=_watching),
                cascade(
                    gettext_noop("Spee&d"),
                    [
                        radio(name, "speed", ms, "set_speed", words=partial(gettext, name))
                        for name, ms in WATCH_SPEEDS.items()
                    ],
                    "set_speed",
                    _watching,
                ),
            ],
        ),
        (
            gettext_noop("&Difficulty"),
            [
                *_levels("level", "set_level", _against_computer),
                radio(
                    gettext_noop("&Custom depth…"),
                    "level",
                    "custom",
                    "ask_custom_depth",
                    custom=True,
                    enabled=_against_computer,
                ),
                SEPARATOR,
                cascade(
                    gettext_noop("&Think time for large boards"),
                    [
                        radio(
                            f"{s:g} s",
                            "think",
                            s,
                            "set_think_time",
                            words=partial(seconds_words, s),
                        )
                        for s in THINK_TIMES
                    ],
                ),
            ],
        ),
        (
            gettext_noop("&Board"),
            [
                *(
                    radio(shape.label, "board", shape, "set_board", words=_shape_words(shape))
                    for shape in BOARD_CHOICES
                    if shape not in PRESETS
                ),
                SEPARATOR,
                *(
                    radio(shape.label, "board", shape, "set_board", words=_shape_words(shape))
                    for shape in PRESETS
                ),
                radio(
                    gettext_noop("C&ustom…"), "board", "custom", "ask_custom_board", custom=True
                ),
            ],
        ),
        (
            gettext_noop("&View"),
            [
                check(gettext_noop("Show &analysis"), "toggle_analysis", "analysis", "F5"),
                # TRANSLATORS: show the list of the game's moves ("Move" is a noun here).
                check(gettext_noop("Move &history"), "toggle_history", "history"),
                check(gettext_noop("Show c&oordinates"), "toggle_coordinates", "coordinates"),
                check(gettext_noop("A&nimations"), "toggle_motion", "motion"),
                # TRANSLATORS: View menu: hear moves and the game's end, or not.
                check(gettext_noop("&Sound"), "toggle_sound", "sound"),
                check(gettext_noop("&Toolbar"), "toggle_toolbar", "toolbar"),
                Item(
                    ItemKind.CASCADE,
                    gettext_noop("&Language"),
                    "set_language",
                    make_items=language_items,
                ),
                SEPARATOR,
                *(
                    radio(
                        name,
                        "theme",
                        name,
                        "set_theme",
                        words=partial(gettext, THEME_LABELS[name]),
                    )
                    for name in THEMES
                ),
                SEPARATOR,
                command(gettext_noop("Lar&ger"), "zoom_in", "Ctrl++"),
                command(gettext_noop("S&maller"), "zoom_out", "Ctrl+-"),
                command(gettext_noop("&Reset size"), "zoom_reset", "Ctrl+0"),
            ],
        ),
        (
            gettext_noop("&Help"),
            [
                command(gettext_noop("&How to play"), "how_to_play", "F1"),
                command(gettext_noop("&Keyboard shortcuts"), "show_shortcuts"),
                command(gettext_noop("&Report a problem…"), "report_problem"),
                command(gettext_noop("&About"), "about"),
            ],
        ),
    )
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


def changed_labels(words: dict[str, str]) -> dict[str, str]:
    """The labels the game changes, each with its mnemonic chosen among the
    labels of its menu: ``words`` maps an item's label key to its label in
    the player's language (one from data without a mnemonic, with any ``&``
    doubled); the result maps it to the label as shown, mnemonic marked."""
    labels: dict[str, str] = {}
    menus = (*(items for _, items in MENUS), *(menu.submenu for menu in all_cascades()))
    for items in menus:
        keys = [item.label_key for item in items]
        if not words.keys() & set(keys):
            continue
        shown = marked_labels([words.get(key, item.own_label) for key, item in zip(keys, items)])
        labels.update((key, label) for key, label in zip(keys, shown) if key in words)
    return labels


def menu_path(action: str) -> str:
    """Where the menu bar holds ``action``'s item, in the player's language,
    as a person is told to look: ``"Game › Resume…"``; KeyError if no item
    calls it."""
    for title, items in MENUS:
        for item in all_items(items):
            if item.action == action:
                return f"{plain_label(gettext(title))} › {item.plain_text}"
    raise KeyError(action)


def disabled_actions(facts: Facts) -> frozenset[str]:
    """The actions whose items (and submenus) do not apply now, by the
    table's enabled-when tests."""
    return frozenset(item.action for item in _TESTED if item.enabled and not item.enabled(facts))


#: The items and submenus that apply only sometimes.
_TESTED = tuple(item for item in (*all_items(), *all_cascades()) if item.enabled is not None)
