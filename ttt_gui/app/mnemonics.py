"""The mnemonics of a menu's labels, chosen in the language shown; no Tk.

A label of the catalogue marks its mnemonic with ``&`` where its translator
put it; a label made from data (a board, a level, a theme) has none, so one
is chosen among the labels of its menu as they read in the player's language:
no two items of a menu share a letter in any language.
"""

from __future__ import annotations

import functools
from string import ascii_lowercase
from typing import Generic, Protocol, TypeVar

from ttt_gui.words import mnemonic_letter


class Labelled(Protocol):
    """A menu item, as far as its mnemonic goes."""

    @property
    def own_label(self) -> str:
        """Its label in the player's language; ``&`` marks its mnemonic, if it has one."""


LabelledItem = TypeVar("LabelledItem", bound=Labelled)


def marked_labels(labels: list[str]) -> list[str]:
    """One menu's labels (in the player's language), each with a mnemonic: a
    label that marks one with ``&`` keeps it; the others (labels from data:
    boards, levels, themes) get their first letter or digit that no other
    label of the menu uses. A label in a script without capitals (Chinese,
    Japanese, Korean) that has no such character free gets a Latin letter in
    brackets at its end, as those languages' menus do ("最強(&A)"); a label
    goes without if every letter it could have is taken.

    >>> marked_labels(["&Easy", "Expert", "Extreme"])
    ['&Easy', 'E&xpert', 'Ex&treme']
    >>> marked_labels(["難しい(&D)", "最強", "三目並べ"])
    ['難しい(&D)', '最強(&A)', '三目並べ(&B)']
    """
    taken = {letter for label in labels if (letter := mnemonic_letter(label))}
    marked = []
    for label in labels:
        if mnemonic_letter(label) is None:
            label = _with_mnemonic(label, taken)
        marked.append(label)
    return marked


@functools.lru_cache(maxsize=64)
def _marked_menu(labels: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`marked_labels` of one menu's labels, kept (so never changed
    by a caller): a window asks for each item's label in turn, and the
    labels change only with the language."""
    return tuple(marked_labels(list(labels)))


def _keyable(character: str) -> bool:
    """Whether Alt and ``character`` can choose an item: a digit, or a letter
    of a script with capitals (Latin, Cyrillic, Greek…)."""
    return character.isdigit() or character.lower() != character.upper()


def _with_mnemonic(label: str, taken: set[str]) -> str:
    """``label`` with a mnemonic no letter of ``taken`` is; the letter is added to ``taken``."""
    for index, character in enumerate(label):
        if _keyable(character) and character.lower() not in taken:
            taken.add(character.lower())
            return f"{label[:index]}&{label[index:]}"
    if not any(character.isalpha() and not _keyable(character) for character in label):
        return label  # its own letters are all taken: it goes without
    for letter in ascii_lowercase:
        if letter not in taken:
            taken.add(letter)
            text = label.removesuffix("…")
            return f"{text}(&{letter.upper()}){label[len(text) :]}"
    return label


class Menu(Generic[LabelledItem]):
    """The items of one menu, which choose the mnemonics of its labels made
    from data in the language shown (a menu's labels are few: they are
    chosen again when asked, so a language installed later is followed)."""

    def __init__(self) -> None:
        self.items: tuple[LabelledItem, ...] = ()

    def label_of(self, item: LabelledItem) -> str:
        """``item``'s label in the player's language, with its mnemonic."""
        labels = _marked_menu(tuple(each.own_label for each in self.items))
        for each, label in zip(self.items, labels):
            if each is item:
                return label
        return item.own_label
