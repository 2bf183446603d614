"""Each catalogue uses its language's one word for each recurring term (the
tables in tests/data/terms): where the English says "game", "move", "board",
"mark", "undo", "hint", "cell", "draw" or a level's name, the translation says the table's
word and none of its rivals, so no sentence mixes two words for one thing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogues import PACKAGE_LOCALE, shipped_languages
from terms import TERMS_FOLDER, faults, table_languages, terms_of

#: The terms every table gives.
TERMS = {"game", "move", "board", "mark", "undo", "hint", "cell", "draw"} | {
    "easy",
    "medium",
    "hard",
    "strongest",
    "perfect",
}


def test_every_shipped_language_has_a_term_table_of_every_term() -> None:
    assert table_languages() == shipped_languages()
    for language in table_languages():
        assert {term.name for term in terms_of(language)} == TERMS, language


def test_every_exempt_message_is_in_the_template() -> None:
    with (PACKAGE_LOCALE / "ttt_gui.pot").open("rb") as file:
        template = read_po(file)
    english = {
        message.id[0] if isinstance(message.id, tuple | list) else message.id
        for message in template
    }
    for path in TERMS_FOLDER.glob("*.toml"):
        with path.open("rb") as file:
            table = tomllib.load(file)
        for name, entry in table.items():
            stale = set(entry.get("exempt", [])) - english
            assert not stale, f"{path.name} {name}: no longer in the template: {sorted(stale)}"


@pytest.mark.parametrize("language", shipped_languages())
def test_the_catalogue_uses_its_terms_consistently(language: str) -> None:
    found = faults(language)
    assert not found, "\n".join(str(fault) for fault in found)


def test_a_sentence_mixing_two_words_for_a_game_is_found(tmp_path: Path) -> None:
    catalogue = tmp_path / "ttt_gui.po"
    catalogue.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "This starts a new game. Abandon the game in progress?"\n'
        'msgstr "新しいゲームを始めます。進行中の対局を放棄しますか？"\n\n'
        'msgid "&Undo"\nmsgstr "元に戻す(&U)"\n',
        encoding="utf-8",
    )
    found = faults("ja", catalogue)
    assert [(fault.term, fault.problem) for fault in found] == [("game", "rival ['ゲーム']")]


def test_a_level_name_the_help_leaves_out_is_found(tmp_path: Path) -> None:
    catalogue = tmp_path / "ttt_gui.po"
    catalogue.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "level"\nmsgid "Strongest"\nmsgstr "Maximal"\n',
        encoding="utf-8",
    )
    problems = {fault.problem for fault in faults("de", catalogue)}
    assert problems == {"term missing", "rival ['Maximal']"}
