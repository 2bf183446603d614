"""build/package.sh packs a Linux build into its tarball and checksum file,
wherever it is started from and however ``PYTHON`` names the interpreter."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of what the script reads, with a stand-in one-folder build."""
    copy = tmp_path / "project"
    for name in (
        "build/package.sh",
        "build/metadata.py",
        "build/command_line.py",
        "build/linux/install",
        "build/linux/uninstall",
        "LICENSE",
    ):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    # The manual page and the completions are made from the package's parsers.
    shutil.copytree(
        ROOT / "ttt_gui", copy / "ttt_gui", ignore=shutil.ignore_patterns("__pycache__")
    )
    program = copy / "dist" / "ttt-gui" / "ttt-gui"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    return copy


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="packs the Linux tarball")
def test_a_relative_python_packs_the_tarball_and_its_checksum(project: Path) -> None:
    # The interpreter named by a path relative to where the script starts.
    (project / "venv" / "bin").mkdir(parents=True)
    (project / "venv" / "bin" / "python").symlink_to(sys.executable)
    done = subprocess.run(
        ["bash", "build/package.sh"],
        cwd=project,
        env={**os.environ, "PYTHON": "venv/bin/python", "TTT_GUI_TARGET_ARCH": "x86_64"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    release = project / "dist" / "release"
    (tarball,) = release.glob("ttt-gui-*-linux-x86_64.tar.gz")
    with tarfile.open(tarball) as archive:
        assert "ttt-gui/ttt-gui" in archive.getnames()
    sums = (release / "SHA256SUMS-linux-x86_64.txt").read_text(encoding="utf-8")
    assert sums.split()[1:] == [tarball.name]
    checked = subprocess.run(
        ["sha256sum", "-c", "SHA256SUMS-linux-x86_64.txt"], cwd=release, check=False
    )
    assert checked.returncode == 0


#: What the tarball's share/ holds and install puts under the data folder.
SHARED = (
    "man/man6/ttt-gui.6",
    "bash-completion/completions/ttt-gui",
    "zsh/site-functions/_ttt-gui",
    "fish/vendor_completions.d/ttt-gui.fish",
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="packs the Linux tarball")
def test_the_tarball_installs_the_manual_page_and_completions_and_removes_them(
    project: Path, tmp_path: Path
) -> None:
    packed = subprocess.run(
        ["bash", "build/package.sh"],
        cwd=project,
        env={**os.environ, "PYTHON": sys.executable, "TTT_GUI_TARGET_ARCH": "x86_64"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert packed.returncode == 0, packed.stderr
    (tarball,) = (project / "dist" / "release").glob("ttt-gui-*-linux-x86_64.tar.gz")
    unpacked = tmp_path / "unpacked"
    with tarfile.open(tarball) as archive:
        archive.extractall(unpacked, filter="data")
        assert {f"ttt-gui/share/{name}" for name in SHARED} <= set(archive.getnames())
    home, data = tmp_path / "home", tmp_path / "data"
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(data)}
    for script in (unpacked / "ttt-gui" / "install", home / ".local/lib/ttt-gui/uninstall"):
        done = subprocess.run(
            [str(script)], env=environment, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        installed = [(data / name).is_file() for name in SHARED]
        assert installed == [script.name == "install"] * len(SHARED), script.name
    manual = (unpacked / "ttt-gui" / "share" / SHARED[0]).read_text(encoding="utf-8")
    assert manual.startswith(".TH TTT\\-GUI 6")
