"""The mnemonics of a menu's labels, chosen in the language shown; no Tk.

A label of the catalogue marks its mnemonic with ``&`` where its translator
put it; a label made from data (a board, a level, a theme) has none, so one
is chosen among the labels of its menu as they read in the player's language:
no two items of a menu share a letter in any language.
"""

from __future__ import annotations

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
    label of the menu uses (none if every one is taken).

    >>> marked_labels(["&Easy", "Expert", "Extreme"])
    ['&Easy', 'E&xpert', 'Ex&treme']
    """
    taken = {letter for label in labels if (letter := mnemonic_letter(label))}
    marked = []
    for label in labels:
        if mnemonic_letter(label) is None:
            for index, character in enumerate(label):
                if character.isalnum() and character.lower() not in taken:
                    taken.add(character.lower())
                    label = f"{label[:index]}&{label[index:]}"
                    break
        marked.append(label)
    return marked


class Menu(Generic[LabelledItem]):
    """The items of one menu, which choose the mnemonics of its labels made
    from data in the language shown (a menu's labels are few: they are
    chosen again when asked, so a language installed later is followed)."""

    def __init__(self) -> None:
        self.items: tuple[LabelledItem, ...] = ()

    def label_of(self, item: LabelledItem) -> str:
        """``item``'s label in the player's language, with its mnemonic."""
        labels = marked_labels([each.own_label for each in self.items])
        for each, label in zip(self.items, labels):
            if each is item:
                return label
        return item.own_label
