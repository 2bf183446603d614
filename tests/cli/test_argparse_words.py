"""argparse's own words (usage, options, its errors) come from the game's
catalogue: every message argparse shows a person is in the template, every
language translates it with its placeholders intact, and a translated
``--help`` or usage error carries no English argparse words."""

from __future__ import annotations

import argparse
import ast
import inspect
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogues import PACKAGE_LOCALE, compile_shipped_catalogues, shipped_languages
from conftest import by_default

from ttt_gui.cli import argparse_words
from ttt_gui.cli.argparse_words import (
    AUTHOR_MESSAGES,
    MESSAGES,
    PLURAL_MESSAGES,
    columns,
    percent_fields,
    wrap_columns,
)
from ttt_gui.words import LOCALE_DIR_VARIABLE, install_language

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = PACKAGE_LOCALE / "ttt_gui.pot"
#: argparse's English words, none of which a translated run may print.
ENGLISH_WORDS = (
    "usage:",
    "options:",
    "positional arguments",
    "show this help message",
    "error:",
    "invalid choice",
    "choose from",
    "the following arguments are required",
    "unrecognized arguments",
    "expected one argument",
)


def argparse_messages() -> set[str]:
    """Every message the running Python's argparse translates, read from its
    source: the first argument of each ``_(...)`` call, both of each
    ``ngettext(...)``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("_", "ngettext"):
                found.update(
                    argument.value
                    for argument in node.args[:2]
                    if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                )
    return found


def carried_messages() -> set[str]:
    return set(MESSAGES) | {form for pair in PLURAL_MESSAGES for form in pair}


def template_messages() -> set[str]:
    with TEMPLATE.open("rb") as file:
        catalogue = read_po(file)
    found: set[str] = set()
    for message in catalogue:
        found.update(message.id if isinstance(message.id, tuple | list) else (message.id,))
    return found


def test_every_message_argparse_shows_a_person_is_carried_and_in_the_template() -> None:
    shown = argparse_messages() - AUTHOR_MESSAGES
    assert shown, "argparse's messages were not found in its source"
    assert shown <= carried_messages(), sorted(shown - carried_messages())
    assert carried_messages() <= template_messages()


@pytest.mark.parametrize("language", shipped_languages())
def test_each_language_translates_argparse_with_its_placeholders_intact(language: str) -> None:
    po_path = PACKAGE_LOCALE / language / "LC_MESSAGES" / "ttt_gui.po"
    with po_path.open("rb") as file:
        catalogue = read_po(file, locale=language)
    for english in MESSAGES:
        message = catalogue.get(english)
        assert message is not None and message.string, english
        assert percent_fields(message.string) == percent_fields(english), message.string
    for singular, plural in PLURAL_MESSAGES:
        message = catalogue.get(singular)
        assert message is not None
        for form in message.string:
            assert form and percent_fields(form) == percent_fields(plural), form
    usage = catalogue.get("usage: ")
    assert usage is not None
    # The usage line's words follow the prefix: a space, or a full-width colon.
    assert usage.string.endswith((" ", "：")), usage.string


def test_a_translation_with_other_placeholders_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = {"invalid choice: %(value)r (choose from %(choices)s)": "falsch: %(wert)r"}
    monkeypatch.setattr(argparse_words.words, "gettext", lambda text: broken.get(text, text))
    english = "invalid choice: %(value)r (choose from %(choices)s)"
    assert argparse_words.translate(english) == english
    filled = argparse_words.translate(english) % {"value": "x", "choices": "a, b"}
    assert filled == "invalid choice: 'x' (choose from a, b)"


@pytest.fixture
def run_installed_words() -> Iterator[None]:
    saved = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]
    yield
    argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
    install_language([])


def test_install_routes_argparse_through_the_words_door(
    run_installed_words: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = compile_shipped_catalogues(tmp_path / "locale")
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    install_language(["de"])
    argparse_words.install()
    parser = argparse.ArgumentParser(prog="ttt-gui")
    parser.add_argument("--level", choices=["easy", "hard"])
    text = parser.format_help()
    assert text.startswith("Aufruf: ttt-gui")
    assert "Optionen:" in text and "diese Hilfe zeigen und beenden" in text
    assert argparse.ngettext("expected %s argument", "expected %s arguments", 2) == (  # type: ignore[attr-defined]
        "erwartet %s Argumente"
    )


@pytest.fixture(scope="module")
def shipped_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_shipped_catalogues(tmp_path_factory.mktemp("locale"))


def run(shipped_locale: Path, language: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        LOCALE_DIR_VARIABLE: str(shipped_locale),
        "LANG": "C.UTF-8",
        "PYTHONUTF8": "1",
        "COLUMNS": "80",
    }
    return subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--language", language, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd=ROOT,
    )


def english_words_in(text: str) -> list[str]:
    return [word for word in ENGLISH_WORDS if word in text]


@pytest.mark.parametrize(
    ("language", "usage", "options"),
    by_default(
        [("de", "Aufruf: ttt-gui", "Optionen:"), ("ja", "使い方: ttt-gui", "オプション:")],
        ("ja", "使い方: ttt-gui", "オプション:"),
        spread=True,
    ),
)
def test_the_help_has_no_english_argparse_words(
    shipped_locale: Path, language: str, usage: str, options: str
) -> None:
    for arguments in (["--help"], ["analyse", "--help"], ["pbrain", "--help"]):
        finished = run(shipped_locale, language, *arguments)
        assert finished.returncode == 0, finished.stderr
        assert finished.stdout.startswith(usage), finished.stdout[:80]
        assert options in finished.stdout
        assert english_words_in(finished.stdout) == [], arguments


@pytest.mark.parametrize(
    ("language", "usage", "error"),
    [("de", "Aufruf: ttt-gui", "Fehler:"), ("ja", "使い方: ttt-gui", "エラー:")],
)
@pytest.mark.parametrize(
    "arguments",
    [
        ["--level", "maximal"],
        ["--play"],
        ["analyse"],
        ["--no-such-option"],
        ["analyse", "xx/"],
    ],
)
def test_a_usage_error_is_in_the_language_and_exits_2(
    shipped_locale: Path, language: str, usage: str, error: str, arguments: list[str]
) -> None:
    finished = run(shipped_locale, language, *arguments)
    assert finished.returncode == 2
    if arguments != ["analyse", "xx/"]:  # a bad position is said in one line
        assert finished.stderr.startswith(usage), finished.stderr[:80]
    assert error in finished.stderr
    assert "Traceback" not in finished.stderr
    assert english_words_in(finished.stderr) == [], finished.stderr


LEVEL_HELP_JA = (
    "コンピューターの強さ: easy（かんたん）、medium（ふつう）、hard（むずかしい）、"
    "strongest（最強）。解けるほど小さな盤では strongest は「完璧」になります"
)


@pytest.mark.parametrize("width", [10, 24, 30, 56, 80])
def test_wide_letters_wrap_by_columns_and_words_stay_whole(width: int) -> None:
    lines = wrap_columns(LEVEL_HELP_JA, width)
    assert "".join(lines).replace(" ", "") == LEVEL_HELP_JA.replace(" ", "")
    assert all(columns(line) <= width for line in lines), lines
    for word in ("easy", "medium", "hard", "strongest"):
        assert sum(line.count(word) for line in lines) == LEVEL_HELP_JA.count(word), lines
    assert not any(line[0] in "、。）」" for line in lines), lines


def test_latin_text_wraps_at_spaces_as_before() -> None:
    text = "the computer's strength: easy, medium, hard, strongest; on small boards Perfect"
    lines = wrap_columns(text, 40)
    assert " ".join(lines) == text
    assert all(len(line) <= 40 for line in lines)
    assert wrap_columns("averyveryverylongword x", 5) == ["averyveryverylongword", "x"]


def test_a_japanese_help_fits_the_terminal_and_cuts_no_value(shipped_locale: Path) -> None:
    environment_columns = 80
    finished = run(shipped_locale, "ja", "--help")
    assert finished.returncode == 0, finished.stderr
    described = finished.stdout.split("オプション:", 1)[1]
    assert all(columns(line) <= environment_columns for line in described.splitlines())
    level = described.split("--level", 1)[1].split("--depth", 1)[0]
    assert level.count("strongest") == 3, level


@pytest.mark.parametrize("language", by_default(["ja", "zh_CN", "ko", "de"], "ja"))
def test_the_usage_lines_line_up_under_a_prefix_of_wide_letters(
    shipped_locale: Path, language: str
) -> None:
    for arguments in (["--help"], ["analyse", "--help"]):
        first, second, *_ = run(shipped_locale, language, *arguments).stdout.splitlines()
        options_start = columns(first[: first.index("[-h]")])
        assert len(second) - len(second.lstrip(" ")) == options_start, (first, second)
