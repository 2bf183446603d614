"""desktop/install.sh: the desktop entry it writes starts the command it was
given, wherever that lives, as the Desktop Entry specification reads it."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import by_default, need_tools

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tttgui.ttt_gui.Noxo"
#: The string escapes of a desktop entry's values, read before the quoting.
STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def exec_arguments(value: str) -> list[str]:
    """The arguments an Exec value names, as the specification says to read
    it: string escapes, then double quotes (inside which a backslash escapes
    ``"``, `````, ``$`` and ``\\``), then ``%%`` for a percent sign."""
    text = re.sub(r"\\(.)", lambda match: STRING_ESCAPES.get(match[1], match[0]), value)
    arguments: list[str] = []
    current: list[str] | None = None
    index = 0
    while index < len(text):
        char = text[index]
        if char == " ":
            if current is not None:
                arguments.append("".join(current))
            current = None
        elif char == '"':
            current = current or []
            index += 1
            while text[index] != '"':
                if text[index] == "\\" and text[index + 1] in '"`$\\':
                    index += 1
                current.append(text[index])
                index += 1
        else:
            assert char not in "\\'`$&|;<>~*?#()\t\n", f"{char!r} unquoted in {value!r}"
            current = [*(current or []), char]
        index += 1
    if current is not None:
        arguments.append("".join(current))
    return [
        argument.replace("%%", "%") if argument != "%f" else argument for argument in arguments
    ]


FOLDERS = [
    "plain",
    "a&b",
    "a|b",
    "100%",
    "a;b",
    "with space",
    'say "hi"',
    "it's",
    "$HOME`id`\\n",
    "all & | % ; ' \" $ ` \\ # ( ) < > ~ * ? %f tab\there",
]


@pytest.mark.parametrize("folder", by_default(FOLDERS, FOLDERS[-1]))
def test_the_desktop_entry_starts_the_command_from_any_folder(tmp_path: Path, folder: str) -> None:
    program = tmp_path / folder / "ttt-gui"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    data = tmp_path / "data"
    environment = {**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    done = subprocess.run(
        ["bash", str(ROOT / "desktop" / "install.sh"), str(program)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / f"{APP_ID}.desktop"
    need_tools("desktop-file-validate")
    validated = subprocess.run(
        ["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=30
    )
    assert (validated.returncode, validated.stdout, validated.stderr) == (0, "", "")
    (exec_line,) = [line for line in entry.read_text().splitlines() if line.startswith("Exec=")]
    assert exec_arguments(exec_line.removeprefix("Exec=")) == [str(program), "%f"]


def test_a_command_whose_path_has_a_line_break_is_refused(tmp_path: Path) -> None:
    """A line break cannot stand in an Exec line: a message, nothing written."""
    program = tmp_path / "two\nlines" / "ttt-gui"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    data = tmp_path / "data"
    done = subprocess.run(
        ["bash", str(ROOT / "desktop" / "install.sh"), str(program)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)},
    )
    assert done.returncode == 1 and "has a line break" in done.stderr, done.stderr
    assert not data.exists()


def test_the_manual_page_and_completions_are_installed_and_removed(tmp_path: Path) -> None:
    program = tmp_path / "bin" / "ttt-gui"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    data = tmp_path / "data"
    environment = {**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    shared = [
        data / "man" / "man6" / "ttt-gui.6",
        data / "bash-completion" / "completions" / "ttt-gui",
        data / "zsh" / "site-functions" / "_ttt-gui",
        data / "fish" / "vendor_completions.d" / "ttt-gui.fish",
    ]
    for arguments, expected in (([str(program)], True), (["--uninstall"], False)):
        done = subprocess.run(
            ["bash", str(ROOT / "desktop" / "install.sh"), *arguments],
            capture_output=True,
            text=True,
            timeout=60,
            env=environment,
        )
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert [path.is_file() for path in shared] == [expected] * len(shared), arguments
