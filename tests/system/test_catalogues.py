"""build/catalogues.py: the per-language counts .ci/run prints, and the
compiled catalogues the program loads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from catalogues import TEST_CATALOGUE
from scripts import load_script

from ttt_gui.words import LOCALE_DIR_VARIABLE, gettext, install_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build_catalogues() -> ModuleType:
    return load_script("build/catalogues.py", "build_catalogues")


@pytest.fixture
def locale(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "locale"
    install_language([])


def write_po(locale: Path, language: str, text: str) -> Path:
    path = locale / language / "LC_MESSAGES" / "ttt_gui.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def test_a_complete_catalogue_counts_every_message_translated(
    build_catalogues: ModuleType, locale: Path
) -> None:
    counts = build_catalogues.count(write_po(locale, "eo", TEST_CATALOGUE))
    assert (counts.language, counts.messages, counts.translated, counts.fuzzy) == ("eo", 6, 6, 0)
    assert counts.is_complete


def test_untranslated_fuzzy_and_changed_placeholders_are_incomplete(
    build_catalogues: ModuleType, locale: Path
) -> None:
    text = HEADER + (
        'msgid "{player} has won"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "board size"\nmsgstr "grandeco"\n\n'
        'msgid "{count} moves"\nmsgstr "{nombro} movoj"\n\n'
        'msgid "a move"\nmsgid_plural "{count} moves"\nmsgstr[0] "movo"\nmsgstr[1] ""\n'
    )
    counts = build_catalogues.count(write_po(locale, "eo", text))
    assert (counts.messages, counts.translated, counts.fuzzy) == (4, 2, 1)
    assert counts.placeholders_differ == ("{count} moves",)
    assert not counts.is_complete


def test_compiled_catalogues_are_what_the_program_loads(
    build_catalogues: ModuleType, locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_po(locale, "eo", TEST_CATALOGUE)
    target = locale.parent / "built"
    written = build_catalogues.compile_catalogues(locale, target)
    assert written == [target / "eo" / "LC_MESSAGES" / "ttt_gui.mo"]
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(target))
    assert install_language(["eo"]).code == "eo"
    assert gettext("{player} has won") == "{player} venkis"


def test_fuzzy_entries_are_left_out_of_the_compiled_catalogue(
    build_catalogues: ModuleType, locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_po(locale, "eo", HEADER + '#, fuzzy\nmsgid "board size"\nmsgstr "grandeco"\n')
    build_catalogues.compile_catalogues(locale)
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(locale))
    install_language(["eo"])
    assert gettext("board size") == "board size"


def test_the_template_comparison_ignores_the_date_and_the_babel_version_alone(
    build_catalogues: ModuleType, tmp_path: Path
) -> None:
    def template(year: str, date: str, message: str, babel: str = "2.18.0") -> Path:
        path = tmp_path / f"{year}-{date}-{message}-{babel}.pot"
        path.write_text(
            f'# Copyright (C) {year}\nmsgid ""\nmsgstr ""\n'
            f'"POT-Creation-Date: {date}\\n"\n"Generated-By: Babel {babel}\\n"\n'
            f'\nmsgid "{message}"\nmsgstr ""\n'
        )
        return path

    undated = build_catalogues.undated_text
    assert undated(template("2026", "2026-11-25", "a")) == undated(
        template("2027", "2027-01-02", "a", babel="2.19.0")
    )
    assert undated(template("2026", "2026-11-25", "a")) != undated(
        template("2026", "2026-11-25", "b")
    )


def test_a_catalogue_lacking_a_message_of_the_template_is_incomplete_until_updated(
    build_catalogues: ModuleType, locale: Path
) -> None:
    template = locale / "ttt_gui.pot"
    template.parent.mkdir(parents=True)
    template.write_text(
        HEADER + 'msgid "{player} has won"\nmsgstr ""\n\nmsgid "New game"\nmsgstr ""\n',
        encoding="utf-8",
    )
    po_path = write_po(
        locale, "eo", HEADER + 'msgid "{player} has won"\nmsgstr "{player} venkis"\n'
    )
    counts = build_catalogues.count(po_path, template)
    assert counts.translated == counts.messages == 1
    assert counts.missing == ("New game",)
    assert not counts.is_complete

    build_catalogues.update(locale, template)
    counts = build_catalogues.count(po_path, template)
    assert (counts.messages, counts.translated, counts.missing) == (2, 1, ())
    assert "venkis" in po_path.read_text(encoding="utf-8")
