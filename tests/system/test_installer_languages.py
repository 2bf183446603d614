"""The Windows installer speaks the languages the game ships: each shipped
catalogue has its NSIS language, and each of the installer's own strings is
given in every one of them (makensis -WX, in CI, fails on a missing one)."""

from __future__ import annotations

import re
from pathlib import Path

from catalogues import shipped_languages

ROOT = Path(__file__).resolve().parents[2]
INSTALLER = ROOT / "build" / "windows" / "ttt-gui.nsi"
LANGUAGES = ROOT / "build" / "windows" / "languages.nsh"
#: The NSIS language file of each catalogue language.
NSIS_LANGUAGE = {
    "cs": "Czech",
    "de": "German",
    "en_GB": "English",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "nl": "Dutch",
    "pl": "Polish",
    "pt_BR": "PortugueseBR",
    "ru": "Russian",
    "zh_CN": "SimpChinese",
}


def inserted_languages() -> list[str]:
    return re.findall(r'^!insertmacro MUI_LANGUAGE "(\w+)"', LANGUAGES.read_text(), re.MULTILINE)


def language_strings() -> dict[str, dict[str, str]]:
    """Each LangString's text by language id (``LANG_GERMAN``)."""
    strings: dict[str, dict[str, str]] = {}
    pattern = r'^LangString (\w+) \$\{(LANG_\w+)\} "(.*)"$'
    for name, language, text in re.findall(pattern, LANGUAGES.read_text(), re.MULTILINE):
        strings.setdefault(name, {})[language] = text
    return strings


def test_every_shipped_catalogue_has_its_installer_language() -> None:
    wanted = {NSIS_LANGUAGE[code] for code in shipped_languages()}
    assert set(inserted_languages()) == wanted | {"English"}
    # English first: the language of a Windows the game does not speak.
    assert inserted_languages()[0] == "English"
    assert '!include "languages.nsh"' in INSTALLER.read_text()


def test_every_installer_string_is_given_in_every_language() -> None:
    ids = {f"LANG_{name.upper()}" for name in inserted_languages()}
    strings = language_strings()
    assert strings, "no LangString found"
    for name, texts in strings.items():
        assert set(texts) == ids, name
        assert all(text.strip() and "${DISPLAY_NAME}" in text for text in texts.values()), name
        assert len(set(texts.values())) > len(texts) // 2, f"{name} is left mostly in English"


def test_the_installer_shows_no_english_string_of_its_own() -> None:
    script = INSTALLER.read_text()
    assert "$(START_GAME)" in script and "$(SAVED_GAME)" in script
    assert not re.search(r'MUI_FINISHPAGE_RUN_TEXT "[A-Za-z]', script)
