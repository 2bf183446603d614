"""Keys in words, as the person reads them, and the keyboard-shortcuts help; no Tk.

Every key a text names is taken from the action table
(:mod:`ttt_gui.app.actions`), so the menus, their accelerators, the help
and the messages always agree; :class:`KeyNames` writes them in the
player's language and in the platform's words (Cmd on macOS).
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_gui.app.actions import ItemKind, all_items
from ttt_gui.app.new_game import page_key_rows
from ttt_gui.words import gettext, gettext_noop, pgettext

#: Keys of the board itself, for the shortcuts help: (keys, what they do), in
#: English, translated where shown.
BOARD_KEYS: tuple[tuple[str, str], ...] = (
    # TRANSLATORS: the keys of the board in the keyboard shortcuts' help: the keys
    # in words as your keyboards name them, then what they do.
    (gettext_noop("Arrow keys"), gettext_noop("Move between cells")),
    (gettext_noop("Enter or Space"), gettext_noop("Play the focused cell")),
    (gettext_noop("1 to 9"), gettext_noop("Play a cell on 3×3 (1 = top left)")),
    (
        gettext_noop("Keypad 1 to 9"),
        gettext_noop("Play a cell on 3×3 in the keypad's layout (7 = top left)"),
    ),
    (gettext_noop("Space / Right"), gettext_noop("Play-pause / step, computer vs computer")),
    (gettext_noop("Alt+letter"), gettext_noop("Open a menu")),
)
#: Keys the board's own keys name (the help lists them there, not with the menus').
_BOARD_OWN_KEYS = (("Space",), ("Right",))


#: The keys of each action that has some, as the table writes them.
_KEYS = {item.action: item.keys for item in all_items() if item.keys}


def _key_names() -> dict[str, str]:
    """The names of keys the table writes in words, in the player's language."""
    return {
        # TRANSLATORS: a key's name as keyboards and menus write it (German: "Strg").
        "Ctrl": pgettext("key", "Ctrl"),
        # TRANSLATORS: a key's name as keyboards and menus write it (German: "Umschalt").
        "Shift": pgettext("key", "Shift"),
        # TRANSLATORS: the Escape key's name as keyboards and menus write it.
        "Esc": pgettext("key", "Esc"),
        # TRANSLATORS: the space bar's name as menus write it (German: "Leertaste").
        "Space": pgettext("key", "Space"),
        # TRANSLATORS: the right arrow key's name as menus write it.
        "Right": pgettext("key", "Right"),
        # TRANSLATORS: the left arrow key's name as menus write it.
        "Left": pgettext("key", "Left"),
        # TRANSLATORS: the Tab key's name as keyboards and menus write it.
        "Tab": pgettext("key", "Tab"),
        # TRANSLATORS: the Enter (Return) key's name as menus write it.
        "Enter": pgettext("key", "Enter"),
    }


@dataclass(frozen=True)
class KeyNames:
    """Keys in words as the person reads them: the table's ``Ctrl`` is
    ``Cmd`` on macOS's windowing system (``aqua``), decided once per window."""

    aqua: bool = False

    def word(self, key: str) -> str:
        """``key`` as the table writes it (``"Ctrl+Z"``), in this platform's
        words and the player's language (German keyboards say ``"Strg+Z"``)."""
        parts = ["Ctrl", "+"] if key == "Ctrl++" else key.split("+")
        names = _key_names()
        if self.aqua:
            names["Ctrl"] = "Cmd"
        return "+".join(names.get(part, part) for part in parts)

    def either(self, keys: tuple[str, ...]) -> str:
        """Keys that do the same, in words: ``"Ctrl+Y or Ctrl+Shift+Z"``."""
        text = self.word(keys[0])
        for key in keys[1:]:
            # TRANSLATORS: two keys that do the same, e.g. "Ctrl+Y or Ctrl+Shift+Z".
            text = gettext("{key} or {other}").format(key=text, other=self.word(key))
        return text

    def of(self, action: str) -> str:
        """The first key of ``action`` in words (``"Ctrl+N"``); KeyError if it has none."""
        return self.word(_KEYS[action][0])

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every item that has keys, then the board's
        keys, then the New game page's."""
        rows = [
            (self.either(item.keys), item.plain_text.rstrip("…"))
            for item in all_items()
            if item.keys
            and item.kind in (ItemKind.COMMAND, ItemKind.CHECK)
            and item.keys not in _BOARD_OWN_KEYS
        ]
        rows += [(gettext(keys), gettext(does)) for keys, does in BOARD_KEYS]
        return rows + page_key_rows(self.word, self.either)


def shortcut_rows(keys: KeyNames | None = None) -> list[tuple[str, str]]:
    """The keyboard-shortcuts help (see :meth:`KeyNames.shortcut_rows`)."""
    return (keys if keys is not None else KeyNames()).shortcut_rows()
