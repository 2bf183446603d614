"""A test-only catalogue: a small ``.po`` compiled into a locale folder, to
prove the gettext pipeline end to end while no language is shipped."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

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
    catalogue = read_po(io.StringIO(TEST_CATALOGUE), locale=language)
    target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_mo(file, catalogue)
    return folder


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
            catalogue = read_po(file, locale=language)
        target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_mo(file, catalogue, use_fuzzy=False)
    return folder


def compile_catalogue_text(folder: Path, language: str, text: str) -> Path:
    """Compile the ``.po`` ``text`` as ``language`` into the locale folder
    ``folder``; returns ``folder``."""
    catalogue = read_po(io.StringIO(text), locale=None)
    target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_mo(file, catalogue)
    return folder


def compile_po_file(folder: Path, po_path: Path) -> str:
    """Compile a shipped ``.po`` (``<language>/LC_MESSAGES/ttt_gui.po``) into the
    locale folder ``folder``; returns its language."""
    language = po_path.parent.parent.name
    with po_path.open("rb") as file:
        catalogue = read_po(file, locale=language)
    target = folder / language / "LC_MESSAGES" / "ttt_gui.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        write_mo(file, catalogue, use_fuzzy=False)
    return language
