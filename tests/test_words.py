"""The words door: catalogues found by language code, English where there is
none (or it lacks a message), and the process's own gettext left alone."""

from __future__ import annotations

import builtins
import gettext as stdlib_gettext
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import TEST_LANGUAGE, compile_catalogue_text, compile_test_catalogue

from ttt_gui import words
from ttt_gui.words import (
    LOCALE_DIR_VARIABLE,
    available_languages,
    current_language,
    find_language,
    gettext,
    install_language,
    ngettext,
    pgettext,
)


@pytest.fixture
def locale_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A locale folder holding the test catalogue, the only one looked in: the
    package's own catalogues (compiled in place by an editable install) are
    hidden, so the languages found are the test's whatever is shipped."""
    folder = compile_test_catalogue(tmp_path / "locale")
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    monkeypatch.setattr(words, "locale_folders", lambda: [folder])
    yield folder
    install_language([])


def test_the_words_are_english_without_a_catalogue() -> None:
    assert install_language([]).code == "en"
    assert gettext("{player} has won") == "{player} has won"
    assert ngettext("a move", "{count} moves", 1) == "a move"
    assert ngettext("a move", "{count} moves", 0) == "{count} moves"
    assert pgettext("test", "draw") == "draw"


def test_an_installed_catalogue_translates_and_english_fills_its_gaps(locale_folder: Path) -> None:
    assert install_language(["fr_FR", TEST_LANGUAGE]).code == TEST_LANGUAGE
    assert current_language().code == TEST_LANGUAGE
    assert gettext("{player} has won").format(player="X") == "X venkis"
    assert gettext("a message no catalogue has") == "a message no catalogue has"


def test_counts_and_contexts_come_from_the_catalogue(locale_folder: Path) -> None:
    install_language([TEST_LANGUAGE])
    one = ngettext("win in {moves} move", "win in {moves} moves", 1)
    assert one.format(moves=1) == "venko post 1 movo"
    assert ngettext("win in {moves} move", "win in {moves} moves", 3) == "venko post {moves} movoj"
    assert pgettext("test", "draw") == "egalo"
    assert pgettext("another context", "draw") == "draw"


def test_english_first_in_the_preferences_wins_over_a_catalogue(locale_folder: Path) -> None:
    assert install_language(["en_GB", TEST_LANGUAGE]).code == "en"
    assert gettext("{player} has won") == "{player} has won"


def test_a_language_without_a_catalogue_is_english(locale_folder: Path) -> None:
    assert install_language(["xx", "tlh"]).code == "en"


def test_the_available_languages_are_the_catalogues_and_english(locale_folder: Path) -> None:
    assert available_languages() == ["en", TEST_LANGUAGE]


@pytest.mark.parametrize(
    ("code", "found"),
    [
        ("eo", "eo"),
        ("eo_XX.UTF-8", "eo"),
        ("EO", "eo"),
        ("pt", "pt_BR"),
        ("pt-br", "pt_BR"),
        ("pt_PT", "pt_BR"),
        ("zh_Hans_CN", "zh_CN"),
        ("zh-Hans", "zh_CN"),
        ("de", None),
        ("", None),
        ("en_US", "en"),
    ],
)
def test_codes_find_the_language_they_narrow(locale_folder: Path, code: str, found: str) -> None:
    for language in ("pt_BR", "zh_CN"):
        compile_test_catalogue(locale_folder, language)
    assert find_language(code) == found


def test_a_broken_catalogue_is_passed_over_for_english(locale_folder: Path) -> None:
    broken = locale_folder / "de" / "LC_MESSAGES" / "ttt_gui.mo"
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b"not a catalogue")
    assert install_language(["de"]).code == "en"


def test_installing_leaves_the_process_gettext_domain_and_builtins_alone(
    locale_folder: Path,
) -> None:
    domain = stdlib_gettext.textdomain()
    underscore = getattr(builtins, "_", None)  # doctests' display hook may have set it
    install_language([TEST_LANGUAGE])
    assert stdlib_gettext.textdomain() == domain
    assert getattr(builtins, "_", None) is underscore
    # The standard library's own messages (argparse's) are looked up in their
    # domain, never in ours.
    assert stdlib_gettext.gettext("{player} has won") == "{player} has won"


def test_the_package_catalogues_folder_is_inside_the_package() -> None:
    assert words.locale_folders()[-1] == Path(words.__file__).resolve().parent / "locale"


def test_an_empty_catalogue_is_english_and_said_once_on_stderr(
    locale_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = locale_folder / "xx" / "LC_MESSAGES" / "ttt_gui.mo"
    empty.parent.mkdir(parents=True)
    empty.write_bytes(b"")
    assert install_language(["xx"]).code == "en"
    assert gettext("{player} has won") == "{player} has won"
    assert words.gettext_in("xx", "{player} has won") == "{player} has won"
    install_language(["xx"])
    said = capsys.readouterr().err
    assert said.count("cannot be read") == 1 and str(empty) in said


def misspelt_catalogue(folder: Path) -> Path:
    """A catalogue of the test language whose translations of two messages
    name a placeholder the message has not, and one that is no format string."""
    return compile_catalogue_text(
        folder,
        TEST_LANGUAGE,
        r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{player} has won"
msgstr "{plaier} venkis"

msgid "{player} wins!"
msgstr "{player} venkas!"

msgid "win in {moves} move"
msgid_plural "win in {moves} moves"
msgstr[0] "venko post {moves} movo"
msgstr[1] "venko post {nopemoves} movoj"

msgctxt "test"
msgid "{cells} cells"
msgstr "{cells} ĉeloj {"
""",
    )


def test_a_misspelt_placeholder_gives_the_english_message_and_says_which(
    locale_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    misspelt_catalogue(locale_folder)
    assert install_language([TEST_LANGUAGE]).code == TEST_LANGUAGE
    for _ in range(2):
        assert gettext("{player} has won").format(player="X") == "X has won"
        assert gettext("{player} wins!").format(player="X") == "X venkas!", "the rest translated"
        assert ngettext("win in {moves} move", "win in {moves} moves", 1).format(moves=1) == (
            "venko post 1 movo"
        )
        assert ngettext("win in {moves} move", "win in {moves} moves", 3).format(moves=3) == (
            "win in 3 moves"
        )
        assert pgettext("test", "{cells} cells").format(cells=9) == "9 cells"
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 3, "each said once"
    assert any("'{player} has won'" in line for line in said)
    assert any("'win in {moves} move'" in line for line in said)
    assert any("'{cells} cells'" in line for line in said)


def test_a_broken_catalogue_gives_english_not_the_one_it_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    translators = tmp_path / "translators"
    empty = translators / TEST_LANGUAGE / "LC_MESSAGES" / "ttt_gui.mo"
    empty.parent.mkdir(parents=True)
    empty.write_bytes(b"")
    shipped = compile_test_catalogue(tmp_path / "shipped")
    monkeypatch.setattr(words, "locale_folders", lambda: [translators, shipped])
    try:
        assert install_language([TEST_LANGUAGE]).code == "en"
        assert gettext("{player} has won") == "{player} has won"
    finally:
        install_language([])
