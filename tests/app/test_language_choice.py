"""View › Language: the choice is saved for the next start and the player is
told so in the language chosen; nothing is said when the window speaks it
already. No display: a presenter over fakes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import compile_catalogue_text
from fakes import make_presenter

from ttt_gui.app.actions import MENUS, ItemKind, language_items
from ttt_gui.app.language_choice import choose_language, spoken_language
from ttt_gui.storage.settings import Settings
from ttt_gui.words import (
    LOCALE_DIR_VARIABLE,
    available_languages,
    current_language,
    install_language,
    language_name,
    mnemonic_letter,
)

CATALOGUE = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "The language changes the next time you start {name}."
msgstr "{words}"

msgid "&System default"
msgstr "&Sistema lingvo"
"""
ESPERANTO = "La lingvo ŝanĝiĝas kiam vi venontfoje lanĉas {name}."
DUTCH = "De taal verandert wanneer je {name} de volgende keer start."


@pytest.fixture
def languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Catalogues for Esperanto and Dutch, looked in first; English spoken."""
    folder = tmp_path / "locale"
    compile_catalogue_text(folder, "eo", CATALOGUE.replace("{words}", ESPERANTO))
    compile_catalogue_text(folder, "nl", CATALOGUE.replace("{words}", DUTCH))
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    install_language([])
    yield folder
    install_language([])


def test_choosing_a_language_saves_it_and_says_so_in_that_language(languages: Path) -> None:
    rig = make_presenter()
    rig.presenter.display.set_language("eo")
    assert rig.presenter.settings.language == "eo"
    assert '"language": "eo"' in rig.store.saved[-1]
    assert rig.presenter.view().note == ESPERANTO.format(name="Noxo")
    assert current_language().code == "en"  # the words shown stay until the next start


def test_choosing_the_language_already_chosen_changes_and_says_nothing(languages: Path) -> None:
    rig = make_presenter(Settings(language="nl"))
    rig.presenter.display.set_language("nl")
    assert rig.store.saved == []
    assert not rig.presenter.view().note


def test_choosing_the_language_the_window_speaks_saves_it_silently(languages: Path) -> None:
    install_language(["nl"])
    settings = Settings()
    saves: list[str] = []
    told = choose_language(settings, "nl", save=lambda: saves.append(settings.language))
    assert told is None and saves == ["nl"]


def test_the_system_default_speaks_the_system_s_first_language_with_a_catalogue(
    languages: Path,
) -> None:
    settings = Settings(language="eo")
    told = choose_language(settings, "", save=lambda: None, system=lambda: ["xx_XX", "nl_BE"])
    assert settings.language == ""
    assert told == DUTCH.format(name="Noxo")
    assert spoken_language("", lambda: ["xx_XX"]) == "en"
    assert spoken_language("xx", lambda: []) == "en"
    install_language(["nl"])
    assert choose_language(settings, "eo", save=lambda: None) == ESPERANTO.format(name="Noxo")
    assert choose_language(settings, "", save=lambda: None, system=lambda: ["nl"]) is None


def test_the_language_menu_lists_the_system_default_then_each_catalogue_by_its_own_name(
    languages: Path,
) -> None:
    items = language_items()
    radios = [item for item in items if item.kind is ItemKind.RADIO]
    codes = available_languages()  # the shipped ones too, where compiled
    assert {"en", "eo", "nl"} <= set(codes)
    names = ["System default", *map(language_name, codes)]
    for item, name in zip(radios, names, strict=True):
        # A name in a script without capitals gets its access letter in brackets.
        with_letter = f"{name}({item.text[item.underline]})"
        assert item.text == (with_letter if name in ("日本語", "한국어", "简体中文") else name)
    assert [item.argument for item in radios] == ["", *codes]
    assert language_name("nl") == "Nederlands" and language_name("ja") == "日本語"
    assert {item.action for item in radios} == {"set_language"}
    letters = [mnemonic_letter(item.label) for item in radios]
    assert None not in letters and len(set(letters)) == len(letters)
    install_language(["eo"])
    assert language_items()[0].text == "Sistema lingvo"  # made when the menu is


def test_the_language_menu_is_in_the_view_menu() -> None:
    view = dict(MENUS)["&View"]
    assert [item.action for item in view if item.kind is ItemKind.CASCADE] == ["set_language"]
