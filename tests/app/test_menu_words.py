"""The menus' words: a mnemonic for every item, none shared within a menu,
marked with ``&`` in the label and turned into Tk's underline by one helper;
submenus greyed where they do not apply."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogues import compile_shipped_catalogues, shipped_languages, speaking
from fakes import make_presenter

from ttt_gui.app.actions import MENUS, Item, ItemKind, all_cascades, all_items, menu_path
from ttt_gui.app.key_names import KeyNames
from ttt_gui.words import (
    LOCALE_DIR_VARIABLE,
    gettext,
    install_language,
    mnemonic,
    mnemonic_letter,
    plain_label,
)


def every_menu() -> list[tuple[str, tuple[Item, ...]]]:
    """(name, items) of the menu bar itself, each menu and each submenu."""
    bar = tuple(Item(ItemKind.CASCADE, label) for label, _ in MENUS)
    menus = [("menu bar", bar), *MENUS]
    menus += [(cascade.label, cascade.submenu) for cascade in all_cascades()]
    return menus


@pytest.mark.parametrize("name, items", every_menu(), ids=[name for name, _ in every_menu()])
def test_within_every_menu_no_two_items_share_a_mnemonic(
    name: str, items: tuple[Item, ...]
) -> None:
    letters = [
        mnemonic_letter(item.label) for item in items if item.kind is not ItemKind.SEPARATOR
    ]
    assert None not in letters, [item.label for item in items]
    assert len(letters) == len(set(letters)), (name, letters)


@pytest.mark.parametrize(
    "options", [{}, {"mode": "watch", "size": 9}, {"size": 4, "depth": 3}, {"size": 15}]
)
def test_the_labels_the_game_changes_keep_their_mnemonics(options: dict[str, object]) -> None:
    labels = make_presenter(**options).presenter.view().labels
    for name, items in every_menu():
        shown = [
            labels.get(item.label_key, item.label) for item in items if item.kind != "separator"
        ]
        letters = [mnemonic_letter(label) for label in shown]
        assert None not in letters and len(letters) == len(set(letters)), (name, shown)


def test_the_mnemonic_helper_turns_a_marked_label_into_tk_s_underline() -> None:
    assert mnemonic("&Game") == ("Game", 0)
    assert mnemonic("Re&view this game") == ("Review this game", 2)
    assert mnemonic("Fish && chips") == ("Fish & chips", -1)
    assert mnemonic("No mark") == ("No mark", -1)


@pytest.mark.parametrize("mode", ["hotseat", "computer"])
def test_the_computer_vs_computer_submenus_are_greyed_in_other_modes(mode: str) -> None:
    disabled = make_presenter(mode=mode).presenter.view().disabled
    assert {"set_x_level", "set_o_level", "set_speed", "play_pause", "step"} <= disabled


def test_the_computer_vs_computer_submenus_apply_in_that_mode() -> None:
    disabled = make_presenter(mode="watch").presenter.view().disabled
    assert not {"set_x_level", "set_o_level", "set_speed"} & disabled


#: Menu words of a test language, chosen so that the translated labels of
#: the View menu's themes all begin with the same word.
MENU_CATALOGUE = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Language: eo\n"

msgid "&Edit"
msgstr "&Redakti"

msgid "&Undo"
msgstr "&Malfari"

msgid "System theme"
msgstr "Etoso: sistemo"

msgid "Light theme"
msgstr "Etoso: blanka"

msgid "Dark theme"
msgstr "Etoso: nigra"

msgid "High contrast theme"
msgstr "Etoso: kontrasta"

msgctxt "key"
msgid "Ctrl"
msgstr "Stir"

msgid "{key} or {other}"
msgstr "{key} aŭ {other}"
"""


@pytest.fixture
def menu_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The menus in the test language (English where it has no word)."""
    catalogue = read_po(io.StringIO(MENU_CATALOGUE), locale="eo")
    with speaking(tmp_path, "eo", catalogue, monkeypatch):
        yield


def test_the_menus_speak_the_language_installed(menu_language: None) -> None:
    edit = dict(MENUS)["&Edit"]
    assert mnemonic(gettext("&Edit")) == ("Redakti", 0)
    assert (edit[0].text, edit[0].underline) == ("Malfari", 0)
    themes = [item.text for item in all_items() if item.action == "set_theme"]
    assert themes == ["Etoso: sistemo", "Etoso: blanka", "Etoso: nigra", "Etoso: kontrasta"]
    assert KeyNames().either(edit[1].keys) == "Stir+Y aŭ Stir+Shift+Z"


def test_labels_from_data_get_their_mnemonics_in_the_language_shown(menu_language: None) -> None:
    for name, items in every_menu():
        letters = [item.text[item.underline].lower() for item in items if item.underline >= 0]
        assert len(letters) == len(set(letters)), (name, [item.label for item in items])
    labels = make_presenter(size=4).presenter.view().labels
    for name, items in every_menu():
        shown = [
            labels.get(item.label_key, item.label) for item in items if item.kind != "separator"
        ]
        letters = [mnemonic_letter(label) for label in shown]
        assert None not in letters and len(letters) == len(set(letters)), (name, shown)


@pytest.fixture(scope="module")
def shipped_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogues, compiled into a locale folder."""
    return compile_shipped_catalogues(tmp_path_factory.mktemp("shipped") / "locale")


@pytest.mark.parametrize("language", shipped_languages())
def test_the_translated_labels_of_a_menu_mark_different_letters(
    language: str, shipped_locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alt+letter opens one menu and chooses one item in every language: the
    letters the translators marked differ within each menu (labels a catalogue
    still lacks are English until it has them: they are not judged)."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        menus = [("menu bar", tuple(Item(ItemKind.CASCADE, label) for label, _ in MENUS))]
        menus += [(label, items) for label, items in MENUS]
        menus += [(cascade.message, cascade.submenu) for cascade in all_cascades()]
        for name, items in menus:
            translated = [
                item.label
                for item in items
                if item.kind is not ItemKind.SEPARATOR
                and (item.words is not None or gettext(item.message) != item.message)
            ]
            letters = [mnemonic_letter(label) for label in translated]
            assert len(letters) == len(set(letters)), (language, name, translated)
    finally:
        install_language([])


@pytest.mark.parametrize("language", shipped_languages())
def test_every_mnemonic_is_a_key_the_keyboard_types(
    language: str, shipped_locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alt and a kana or a hanzi cannot be typed: in Chinese, Japanese and
    Korean a label from data gets a Latin letter in brackets, as their menus'
    own labels do ("最強(&A)"); every other mnemonic is a digit or a letter
    of a script with capitals."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        labels = make_presenter(size=15).presenter.view().labels
        for name, items in every_menu():
            shown = [
                labels.get(item.label_key, item.label)
                for item in items
                if item.kind is not ItemKind.SEPARATOR
            ]
            letters = [mnemonic_letter(label) for label in shown]
            assert all(
                letter is not None and (letter.isdigit() or letter != letter.upper())
                for letter in letters
            ), (language, name, shown)
    finally:
        install_language([])


def test_a_menu_path_names_the_menu_and_the_item_as_the_bar_shows_them() -> None:
    assert menu_path("resume_kept") == "Game › Resume…"
    assert menu_path("toggle_analysis") == "View › Show analysis"


#: An access letter as a menu shows it: "&" or a letter in brackets ("(B)",
#: "（B）"), the players' letters X and O aside ("Your turn (X)").
ACCESS_LETTER = r"&|[(（][A-NP-WYZ][)）]"


def test_a_label_as_plain_words_has_no_access_letter() -> None:
    assert plain_label("ふつう(&B)") == "ふつう"
    assert plain_label("深さを指定(&C)…") == "深さを指定…"
    assert plain_label("Save &As…") == "Save As…"
    assert plain_label("Rock && roll") == "Rock & roll"


@pytest.mark.parametrize("language", shipped_languages())
def test_words_naming_a_menu_item_outside_its_menu_carry_no_access_letter(
    language: str, shipped_locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sentence that points to an item ("Game › Resume…") and the
    keyboard-shortcuts help name it without "&" or a bracketed letter."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        named = [menu_path(item.action) for item in all_items() if item.action]
        named += [does for _, does in KeyNames().shortcut_rows()]
        leaked = [text for text in named if re.search(ACCESS_LETTER, text)]
        assert not leaked, (language, leaked)
    finally:
        install_language([])
