"""The language of a run: --language over the system's, the command line's
help and the analysis words in it, and a usage error for a language there is
none of. A test-only catalogue stands in for the translations."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import TEST_LANGUAGE, compile_test_catalogue

from ttt_gui import words
from ttt_gui.cli.main import main
from ttt_gui.words import LOCALE_DIR_VARIABLE, current_language, install_language

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_DESCRIPTION = "Tic-tac-toe and m,n,k games against a friend or the computer."
TEST_DESCRIPTION = "Iksoj kaj nuloj kontraŭ amiko aŭ la komputilo."


@pytest.fixture
def locale_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test catalogue, the only one looked in in this process (the
    package's own, compiled in place by an editable install, are hidden);
    the system says English."""
    folder = compile_test_catalogue(tmp_path / "locale")
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    monkeypatch.setattr(words, "locale_folders", lambda: [folder])
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield folder
    install_language([])


def help_text(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main([*arguments, "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def test_the_language_option_translates_the_help(
    locale_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    translated = help_text(capsys, "--language", TEST_LANGUAGE)
    assert TEST_DESCRIPTION in translated
    assert ENGLISH_DESCRIPTION not in translated
    assert current_language().code == TEST_LANGUAGE
    # Options not translated keep English; argparse's own words keep theirs.
    assert "--smoke-test" in translated and "usage: ttt-gui" in translated


def test_without_the_option_the_system_language_is_spoken(
    locale_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ENGLISH_DESCRIPTION in help_text(capsys)
    monkeypatch.setenv("LANG", "eo_XX.UTF-8")
    assert TEST_DESCRIPTION in help_text(capsys)
    # The option overrides the system.
    assert ENGLISH_DESCRIPTION in help_text(capsys, "--language", "en")


def test_the_help_names_the_available_languages(
    locale_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "en, eo" in " ".join(help_text(capsys).split())


@pytest.mark.parametrize("arguments", [[], ["analyse", "x../.../..."]])
def test_a_language_there_is_none_of_is_a_usage_error_naming_the_languages(
    locale_folder: Path, capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*arguments, "--language", "tlh"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: ttt-gui")
    assert "--language: 'tlh' is not one of: en, eo" in error


def test_the_analysis_words_follow_the_language_option(
    locale_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", "xxx/oo./...", "--language", TEST_LANGUAGE]) == 0
    translated = capsys.readouterr().out
    assert "ludo finita: X venkis" in translated
    assert main(["analyse", "xxx/oo./..."]) == 0
    assert "game over: X has won" in capsys.readouterr().out


def test_a_whole_process_speaks_the_language_of_its_option(locale_folder: Path) -> None:
    environment = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        LOCALE_DIR_VARIABLE: str(locale_folder),
        "LANG": "C.UTF-8",
    }
    finished = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--language", "eo", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert finished.returncode == 0, finished.stderr
    assert TEST_DESCRIPTION in finished.stdout


def test_the_saved_language_is_spoken_unless_the_option_says_another(
    locale_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ttt_gui.cli import compose

    spoken: list[str] = []

    def launch(*arguments: object, **options: object) -> None:
        spoken.append(current_language().code)

    monkeypatch.setattr(compose, "launch", launch)
    settings = tmp_path / "settings.json"
    settings.write_text('{"format": "ttt-gui settings", "language": "eo"}')
    assert main(["--settings", str(settings)]) == 1
    assert main(["--settings", str(settings), "--language", "en"]) == 1
    settings.write_text('{"format": "ttt-gui settings", "language": "de"}')  # none of it
    assert main(["--settings", str(settings)]) == 1
    assert spoken == ["eo", "en", "en"]
