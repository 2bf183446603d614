"""``ttt-gui --install-desktop-entry`` and ``--uninstall-desktop-entry``: from
the installed package, the same desktop files as desktop/install.sh, in a
scratch $XDG_DATA_HOME."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import by_default
from scripts import load_script

from ttt_gui.cli import desktop_entry
from ttt_gui.cli.desktop_entry import (
    APP_ID,
    FORMER_APP_ID,
    ICON_SIZES,
    SHARED_FILES,
    DataFolders,
    DesktopEntryError,
    install,
    remove_former,
    uninstall,
)

ROOT = Path(__file__).resolve().parents[2]


def run_ttt(home: Path, data: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": data}
    environment["PYTHONPATH"] = os.pathsep.join([str(ROOT), environment.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "ttt_gui", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=home,
    )


def test_the_desktop_files_are_installed_for_this_program_and_removed_again(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    installed = run_ttt(tmp_path, str(data), "--install-desktop-entry")
    assert installed.returncode == 0, installed.stderr
    assert str(data) in installed.stdout
    folders = DataFolders(data)
    assert all(path.is_file() for path in folders.files())
    entry = folders.entry.read_text(encoding="utf-8")
    exec_line = f'Exec="{sys.executable}" "-m" "ttt_gui" %f'
    assert exec_line in entry.splitlines()
    assert "MimeType=application/x-ttt-gui-game;" in entry.splitlines()
    for size in ICON_SIZES:
        png = folders.icon(size).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == size
    if shutil.which("desktop-file-validate"):
        validated = subprocess.run(
            ["desktop-file-validate", str(folders.entry)], capture_output=True, text=True
        )
        assert (validated.returncode, validated.stdout) == (0, "")
    if shutil.which("update-mime-database"):
        globs = (data / "mime" / "globs").read_text(encoding="utf-8")
        assert "application/x-ttt-gui-game:*.ttt" in globs.splitlines()

    removed = run_ttt(tmp_path, str(data), "--uninstall-desktop-entry")
    assert removed.returncode == 0, removed.stderr
    assert [path for path in folders.files() if path.exists()] == []
    globs_after = data / "mime" / "globs"
    if globs_after.exists():
        assert "ttt-gui" not in globs_after.read_text(encoding="utf-8")


def test_a_relative_data_home_is_ignored_for_the_users_own(tmp_path: Path) -> None:
    """The XDG Base Directory specification: a relative $XDG_DATA_HOME is invalid."""
    installed = run_ttt(tmp_path, "relative/share", "--install-desktop-entry")
    assert installed.returncode == 0, installed.stderr
    assert DataFolders(tmp_path / ".local" / "share").entry.is_file()
    assert not (tmp_path / "relative").exists()


def test_the_two_options_exclude_each_other(tmp_path: Path) -> None:
    both = run_ttt(tmp_path, str(tmp_path), "--install-desktop-entry", "--uninstall-desktop-entry")
    assert both.returncode == 2
    assert "not allowed with argument" in both.stderr


@pytest.mark.parametrize(
    "folder",
    by_default(
        ["plain", "100%", "with space", 'say "hi"', "$HOME`id`\\n", "tab\there; & | ' ~ * ?"],
        "tab\there; & | ' ~ * ?",
    ),
)
@pytest.mark.skipif(sys.platform == "win32", reason="desktop/install.sh is a bash script")
def test_the_entry_is_the_one_desktop_install_sh_writes(tmp_path: Path, folder: str) -> None:
    """desktop/install.sh's entry is checked against the specification's
    reading of Exec (tests/system/test_desktop_install.py): the package's
    entry must be the same, byte for byte."""
    program = tmp_path / folder / "ttt-gui"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    from_script = tmp_path / "script"
    done = subprocess.run(
        ["bash", str(ROOT / "desktop" / "install.sh"), str(program)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_DATA_HOME": str(from_script), "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    from_package = tmp_path / "package"
    install(from_package, [str(program)])
    for script_file, package_file in zip(
        DataFolders(from_script).files(), DataFolders(from_package).files()
    ):
        assert script_file.read_bytes() == package_file.read_bytes(), package_file.name


def test_a_program_path_with_a_line_break_is_refused_with_nothing_written(
    tmp_path: Path,
) -> None:
    with pytest.raises(DesktopEntryError, match="line break"):
        install(tmp_path / "data", [str(tmp_path / "two\nlines" / "ttt-gui")])
    assert not (tmp_path / "data").exists()
    assert APP_ID == "io.github.tttgui.ttt_gui.Noxo"


def test_the_manual_page_and_completions_the_package_holds_are_installed_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A built package holds them under ttt_gui/desktop/share (setup.py makes
    them with build/command_line.py); here they are made the same way."""
    built = tmp_path / "built"
    load_script("build/command_line.py", "command_line").write_all(built)
    made = {name: (built / name).read_bytes() for name in SHARED_FILES}
    monkeypatch.setattr(desktop_entry, "packaged_shared_files", lambda: made)
    data = tmp_path / "data"
    written = install(data, [str(tmp_path / "ttt-gui")])
    assert set(DataFolders(data).shared()) <= set(written)
    assert {name: (data / name).read_bytes() for name in SHARED_FILES} == made
    removed = uninstall(data)
    assert set(DataFolders(data).shared()) <= set(removed)
    assert not any((data / name).exists() for name in SHARED_FILES)


def write_former_files(data: Path) -> DataFolders:
    """The desktop files an earlier version installed under its former ID."""
    former = DataFolders(data, FORMER_APP_ID)
    texts = (
        f"[Desktop Entry]\nName=Tic-tac-toe\nExec=ttt-gui %f\nIcon={FORMER_APP_ID}\n",
        f"<component><id>{FORMER_APP_ID}</id></component>\n",
        '<mime-info><mime-type type="application/x-ttt-gui-game"/></mime-info>\n',
    )
    for path, text in zip(former.files(), texts):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for size in ICON_SIZES:
        former.icon(size).parent.mkdir(parents=True, exist_ok=True)
        former.icon(size).write_bytes(b"\x89PNG\r\n\x1a\n")
    return former


def test_installing_removes_what_an_earlier_version_left_under_its_former_id(
    tmp_path: Path,
) -> None:
    """A menu must not show the game twice, once under its former name."""
    data = tmp_path / "data"
    former = write_former_files(data)
    assert all(path.is_file() for path in former.files())
    install(data, ["/opt/ttt-gui/ttt-gui"])
    assert [path for path in former.files() if path.exists()] == []
    assert DataFolders(data).entry.is_file()
    write_former_files(data)
    uninstall(data)
    assert [path for path in former.files() if path.exists()] == []


def test_a_former_file_someone_else_wrote_or_a_link_stays(tmp_path: Path) -> None:
    """Only files as an earlier version wrote them go; a link is never
    followed to its target, and the link itself stays too."""
    data = tmp_path / "data"
    former = write_former_files(data)
    former.metainfo.write_text("<component><id>org.example.Other</id></component>\n")
    target = tmp_path / "mine.desktop"
    target.write_text(f"[Desktop Entry]\nIcon={FORMER_APP_ID}\n", encoding="utf-8")
    former.entry.unlink()
    former.entry.symlink_to(target)
    removed = remove_former(data)
    assert former.metainfo.read_text().startswith("<component><id>org.example.Other")
    assert former.entry.is_symlink() and target.is_file()
    assert former.mime_type in removed and not former.mime_type.exists()
    assert former.entry not in removed and former.metainfo not in removed
