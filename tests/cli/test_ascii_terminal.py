"""A language whose letters an ASCII-only terminal cannot show
(``LANGUAGE=ja LC_ALL=C``): every command still prints and exits as usual,
in English where its words are for the terminal, escaped where they are the
window's; never a UnicodeEncodeError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from catalogues import PACKAGE_LOCALE, compile_po_file
from test_cli import child_environment

from ttt_gui.words import LOCALE_DIR_VARIABLE


def ascii_terminal(home: Path, *, locale: str = "C") -> dict[str, str]:
    """A child's environment: Japanese wanted, an ASCII-only locale, and
    Python left to take the locale's encoding for its streams."""
    folder = home / "locale"
    compile_po_file(folder, PACKAGE_LOCALE / "ja" / "LC_MESSAGES" / "ttt_gui.po")
    environment = child_environment(home)
    for name in ("LANG", "LC_CTYPE", "LC_MESSAGES", "PYTHONIOENCODING"):
        environment.pop(name, None)
    environment.update(
        LANGUAGE="ja",
        LC_ALL=locale,
        PYTHONUTF8="0",
        PYTHONCOERCECLOCALE="0",
        **{LOCALE_DIR_VARIABLE: str(folder)},
    )
    return environment


def run(home: Path, *arguments: str, locale: str = "C") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "ttt_gui", *arguments],
        capture_output=True,
        timeout=60,
        cwd=home,
        env=ascii_terminal(home, locale=locale),
    )


def test_analyse_prints_in_english_on_an_ascii_terminal(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "xo./.x./...")
    assert (done.returncode, done.stderr) == (0, b"")
    lines = done.stdout.decode("ascii").splitlines()
    assert lines[0] == "XO./.X./...  O to move: X wins in 2 moves"
    assert "c1  X wins in 1 move" in lines


def test_analyse_speaks_the_language_where_the_terminal_can_show_it(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "xo./.x./...", locale="C.UTF-8")
    assert (done.returncode, done.stderr) == (0, b"")
    assert "O の番" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("arguments", [["--help"], ["analyse", "--help"], ["review", "--help"]])
def test_help_prints_on_an_ascii_terminal(tmp_path: Path, arguments: list[str]) -> None:
    done = run(tmp_path, *arguments)
    assert (done.returncode, done.stderr) == (0, b"")
    text = done.stdout.decode("ascii")
    assert "usage: ttt-gui" in text and "--language" in text


def test_a_usage_error_on_an_ascii_terminal_is_one_line_of_words(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "xo./.x./...", "--depth", "many")
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr and b"--depth" in done.stderr


def test_the_smoke_test_passes_on_an_ascii_terminal(tmp_path: Path) -> None:
    done = run(tmp_path, "--smoke-test")
    assert (done.returncode, done.stderr) == (0, b""), done.stdout + done.stderr
    text = done.stdout.decode("ascii")
    assert text.startswith("smoke test passed in ja: X wins;"), text
    assert "\\u5bfe\\u5c40" in text, "the window's menus, escaped: 対局"
