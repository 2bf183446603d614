"""A test-only catalogue: a small ``.po`` compiled into a locale folder, to
prove the gettext pipeline end to end while no language is shipped."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ttt_gui.words import LOCALE_DIR_VARIABLE, install_language

#: The test language: one no release ships.
TEST_LANGUAGE = "eo"

TEST_CATALOGUE = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Language: eo\n"

msgid "Tic-tac-toe and m,n,k games against a friend or the computer."
msgstr "Iksoj kaj nuloj kontraŭ amiko aŭ la komputilo."

msgid "{position}  game over: {result}"
msgstr "{position}  ludo finita: {result}"

msgid "{player} has won"
msgstr "{player} venkis"

msgid "win in {moves} move"
msgid_plural "win in {moves} moves"
msgstr[0] "venko post {moves} movo"
msgstr[1] "venko post {moves} movoj"

msgid "{player} wins!"
msgstr "{player} venkas!"

msgctxt "test"
msgid "draw"
msgstr "egalo"
"""


def compile_test_catalogue(folder: Path, language: str = TEST_LANGUAGE) -> Path:
    """Compile :data:`TEST_CATALOGUE` as ``language`` into ``folder``, a
    locale folder (``<language>/LC_MESSAGES/ttt_gui.mo``); returns ``folder``."""
    return write_catalogue(folder, language, read_po(io.StringIO(TEST_CATALOGUE), locale=language))


def write_catalogue(folder: Path, language: str, catalogue: Catalog) -> Path:
    """Compile ``catalogue`` (fuzzy entries left out, as the build does) as
    ``language`` into the locale folder ``folder``; returns ``folder``."""
    target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_mo(file, catalogue, use_fuzzy=False)
    return folder


@contextmanager
def speaking(
    folder: Path, language: str, catalogue: Catalog, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """The words in ``catalogue`` (English where it has none) while the
    block runs: compiled into ``folder``, looked for there first, installed."""
    write_catalogue(folder, language, catalogue)
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    install_language([language])
    try:
        yield
    finally:
        install_language([])


#: The package's translations, as committed.
PACKAGE_LOCALE = Path(__file__).resolve().parents[1] / "ttt_gui" / "locale"


def shipped_languages() -> list[str]:
    """The codes of the languages the package ships a ``.po`` for."""
    return sorted(po.parent.parent.name for po in PACKAGE_LOCALE.glob("*/LC_MESSAGES/ttt_gui.po"))


def compile_shipped_catalogues(folder: Path) -> Path:
    """Compile every shipped ``.po`` (fuzzy entries left out, as the build
    does) into ``folder``, a locale folder; returns ``folder``."""
    for language in shipped_languages():
        source = PACKAGE_LOCALE / language / "LC_MESSAGES" / "ttt_gui.po"
        with source.open("rb") as file:
            write_catalogue(folder, language, read_po(file, locale=language))
    return folder


def compile_catalogue_text(folder: Path, language: str, text: str) -> Path:
    """Compile the ``.po`` ``text`` as ``language`` into the locale folder
    ``folder``; returns ``folder``."""
    return write_catalogue(folder, language, read_po(io.StringIO(text), locale=None))


def compile_po_file(folder: Path, po_path: Path) -> str:
    """Compile a shipped ``.po`` (``<language>/LC_MESSAGES/ttt_gui.po``) into the
    locale folder ``folder``; returns its language."""
    language = po_path.parent.parent.name
    with po_path.open("rb") as file:
        write_catalogue(folder, language, read_po(file, locale=language))
    return language


# -- the pseudo language: every message marked, longer, and in no English letter ---------

#: The pseudo language's code: a language no one speaks (Microsoft's pseudo-locale's).
PSEUDO_LANGUAGE = "qps"
#: Where a pseudo message begins and ends.
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
#: Every ASCII letter as a letter outside ASCII: text with an ASCII letter left
#: in it was not translated (names aside).
PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
#: What a translation keeps as it is: placeholders and web addresses.
_VERBATIM = re.compile(r"\{[^{}]*\}|https?://[^\s)]+")
#: How much longer a pseudo message is than its English (German and Russian often are).
PSEUDO_GROWTH = 0.4


def pseudo(message: str) -> str:
    """``message`` marked, its letters accented and padded ~40% longer, its
    placeholders, addresses, ``&`` marks and line breaks kept.

    >>> pseudo("Save game")
    '⟦Šàṽé ĝàɱé··⟧'
    >>> pseudo("{player} wins.")
    '⟦{player} ŵîñš.····⟧'
    """
    if not message:
        return message
    parts, place = [], 0
    for found in _VERBATIM.finditer(message):
        parts += [message[place : found.start()].translate(PSEUDO_LETTERS), found.group()]
        place = found.end()
    parts.append(message[place:].translate(PSEUDO_LETTERS))
    padding = "·" * max(1, round(len(message) * PSEUDO_GROWTH) - 2)
    return f"{PSEUDO_OPEN}{''.join(parts)}{padding}{PSEUDO_CLOSE}"


def compile_pseudo_catalogue(
    folder: Path, template: Path, language: str = PSEUDO_LANGUAGE
) -> Path:
    """Compile the pseudo translation of every message of ``template`` (the
    ``.pot``) as ``language`` into the locale folder ``folder``; returns it."""
    with template.open("rb") as file:
        catalogue = read_po(file, locale="en")
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            singular, plural = message.id[0], message.id[1]
            message.string = (pseudo(singular), pseudo(plural))
        else:
            message.string = pseudo(message.id)
        message.flags.discard("fuzzy")
    target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_mo(file, catalogue)
    return folder
