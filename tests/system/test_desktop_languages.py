"""The desktop's own files (the entry, the AppStream metadata, the file
type) say what the game is in every language the program speaks, with the
words of its catalogue; its name, Noxo, is the same in all of them."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogues import PACKAGE_LOCALE, shipped_languages

DESKTOP = Path(__file__).resolve().parents[2] / "ttt_gui" / "desktop"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


def translated(language: str, message: str) -> str:
    with (PACKAGE_LOCALE / language / "LC_MESSAGES" / "ttt_gui.po").open("rb") as file:
        catalogue = read_po(file, locale=language)
    found = catalogue.get(message)
    assert found is not None and found.string, f"{language} lacks {message!r}"
    return str(found.string)


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(DESKTOP / "io.github.tttgui.ttt_gui.Noxo.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def by_language(path: Path, tag: str) -> dict[str, str]:
    root = ElementTree.parse(path).getroot()
    return {
        element.get(XML_LANG, "en"): element.text or ""
        for element in root.iter(tag)
        if element.text
    }


@pytest.mark.parametrize("language", shipped_languages())
def test_the_desktop_files_speak_each_shipped_language(language: str) -> None:
    generic_name = translated(language, "Tic-tac-toe")
    summary = translated(
        language, "Tic-tac-toe and m,n,k games against a friend or the computer."
    ).rstrip(".。")
    entry = desktop_entry()
    assert entry[f"GenericName[{language}]"] == generic_name
    assert entry[f"Comment[{language}]"] == summary
    assert entry[f"Keywords[{language}]"].endswith(";")
    metainfo = DESKTOP / "io.github.tttgui.ttt_gui.Noxo.metainfo.xml"
    # The software centres' summary is a shorter one of its own (tests/system/test_metainfo.py).
    assert by_language(metainfo, "summary")[language]
    comments = by_language(DESKTOP / "io.github.tttgui.ttt_gui.Noxo.xml", f"{MIME}comment")
    assert comments[language] != comments["en"]


def test_every_language_of_the_desktop_files_is_shipped() -> None:
    named = {key[12:-1] for key in desktop_entry() if key.startswith("GenericName[")}
    assert named == set(shipped_languages())
