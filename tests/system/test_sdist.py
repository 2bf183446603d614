"""The sdist runs its own tests (distribution packagers run them there):
every project file the tests name is in it, and a test that needs a command
that is not installed is skipped, or fails where CI requires every tool."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REQUIRE_TOOLS_VARIABLE, need_tools
from setuptools.command.egg_info import FileList

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
#: A path the tests name as one string ("build/package.sh") or as parts
#: joined from the project's root (ROOT / "benchmarks" / "data" / "tactics.txt").
_PATH_STRING = re.compile(r'"((?:[\w.-]+/)+[\w.-]+)"')
_PATH_PARTS = re.compile(r'(?:ROOT|parents\[\d\])((?:\s*/\s*"[^"/]+")+)')


def files_the_tests_name() -> set[str]:
    """The project's files (relative to its root) that the tests' code names,
    aside from those the build always packs: the top-level files and the
    package's modules."""
    named = set()
    for test_file in TESTS.rglob("*.py"):
        text = test_file.read_text(encoding="utf-8")
        named.update(match[1] for match in _PATH_STRING.finditer(text))
        for match in _PATH_PARTS.finditer(text):
            named.add("/".join(re.findall(r'"([^"]+)"', match[1])))
    always_packed = re.compile(r"[^/]+|ttt_gui/.*\.py")
    return {
        path for path in named if not always_packed.fullmatch(path) and (ROOT / path).is_file()
    }


def files_the_manifest_packs(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The files MANIFEST.in adds to the sdist, read as setuptools reads it."""
    monkeypatch.chdir(ROOT)
    files = FileList()
    files.findall()
    for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            files.process_template_line(line)
    return {Path(name).as_posix() for name in files.files}


def test_the_sdist_holds_every_project_file_the_tests_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    named = files_the_tests_name()
    assert {"build/package.sh", "build/flatpak_check.py", "benchmarks/data/tactics.txt"} <= named
    missing = named - files_the_manifest_packs(monkeypatch)
    assert not missing, f"MANIFEST.in leaves out what tests read: {sorted(missing)}"


@pytest.fixture
def no_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PATH with no commands on it."""
    monkeypatch.setenv("PATH", str(tmp_path))


def test_a_test_that_needs_a_command_not_installed_is_skipped_naming_it(
    no_commands: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(REQUIRE_TOOLS_VARIABLE, raising=False)
    with pytest.raises(pytest.skip.Exception, match="needs openbox, wmctrl, not installed"):
        need_tools("openbox", "wmctrl")


def test_where_every_tool_is_required_a_missing_one_fails_the_test(
    no_commands: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(REQUIRE_TOOLS_VARIABLE, "1")
    with pytest.raises(pytest.fail.Exception, match="needs wmctrl, not installed"):
        need_tools("wmctrl")


def test_installed_commands_are_no_reason_to_skip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = tmp_path / "wmctrl"
    command.write_text("#!/bin/sh\n", encoding="utf-8")
    command.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    need_tools("wmctrl")
