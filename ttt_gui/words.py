"""The one door to the words the player reads: ready for gettext; no Tk.

Every user-visible string goes through these helpers, shaped as gettext's
(``gettext``, ``ngettext``, ``pgettext``), so a catalogue can be plugged in
later without touching the callers; for now they return the English. Counts
go through :func:`ngettext` (never ``count == 1`` by hand), sentences are whole
with named placeholders (``"{player} wins."``), and a menu label marks its
mnemonic with ``&`` (:func:`mnemonic`), so each language can choose its own.

>>> ngettext("win in {moves} move", "win in {moves} moves", 2).format(moves=2)
'win in 2 moves'
>>> mnemonic("&Game"), mnemonic("Save &As…"), mnemonic("Rock && roll")
(('Game', 0), ('Save As…', 5), ('Rock & roll', -1))
"""

from __future__ import annotations


def gettext(message: str) -> str:
    """``message`` in the player's language (English for now)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (English: the singular for 1 only);
    the caller fills its placeholders, the count among them."""
    return singular if count == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language where one English word has
    several meanings, told apart by ``context``."""
    del context
    return message


def mnemonic(label: str) -> tuple[str, int]:
    """A menu label marked with ``&`` before its mnemonic letter, as (the text
    shown, Tk's ``underline`` index; -1 for none). ``&&`` is a literal ``&``.

    >>> mnemonic("&Undo move"), mnemonic("About")
    (('Undo move', 0), ('About', -1))
    """
    text: list[str] = []
    underline = -1
    index = 0
    while index < len(label):
        character = label[index]
        if character == "&" and index + 1 < len(label):
            following = label[index + 1]
            if following != "&" and underline < 0:
                underline = len(text)
            text.append(following)
            index += 2
            continue
        text.append(character)
        index += 1
    return "".join(text), underline


def mnemonic_letter(label: str) -> str | None:
    """The (lower-case) mnemonic letter of a ``&``-marked label, None if it has none."""
    text, underline = mnemonic(label)
    return text[underline].lower() if underline >= 0 else None
