"""build/flatpak_check.py's reading of the Flatpak manifest's wheels: which
machine each is for, and that every machine gets the same projects."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import need_tools
from scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PURE = "https://files.example/mypy-2.4.1-py3-none-any.whl"
X86 = "https://files.example/librt-0.17.0-cp313-cp313-manylinux_2_28_x86_64.whl"
ARM = "https://files.example/librt-0.17.0-cp313-cp313-manylinux_2_28_aarch64.whl"


def load_check() -> ModuleType:
    return load_script("build/flatpak_check.py", "flatpak_check")


def wheel(url: str, arches: list[str] | None = None) -> dict[str, Any]:
    source: dict[str, Any] = {"type": "file", "url": url, "sha256": "0" * 64}
    if arches is not None:
        source["only-arches"] = arches
    return source


def module(*sources: dict[str, Any]) -> dict[str, Any]:
    return {"name": "ttt-gui", "sources": [{"type": "dir", "path": ".."}, *sources]}


def test_each_wheel_is_read_with_its_machine() -> None:
    check = load_check()
    wheels = check.listed_wheels(
        module(wheel(PURE), wheel(X86, ["x86_64"]), wheel(ARM, ["aarch64"]))
    )
    assert [(w.project, w.version, w.machine) for w in wheels] == [
        ("mypy", "2.4.1", None),
        ("librt", "0.17.0", "x86_64"),
        ("librt", "0.17.0", "aarch64"),
    ]


@pytest.mark.parametrize(
    "sources",
    [
        [wheel(PURE, ["x86_64"])],  # a pure wheel limited to one machine
        [wheel(X86), wheel(ARM, ["aarch64"])],  # a binary wheel on every machine
        [wheel(X86, ["aarch64"]), wheel(ARM, ["aarch64"])],  # on the wrong machine
        [wheel(X86, ["x86_64"])],  # aarch64 gets no librt
    ],
)
def test_wheels_that_do_not_fit_their_machines_are_refused(sources: list[dict[str, Any]]) -> None:
    check = load_check()
    with pytest.raises(check.ManifestError):
        check.listed_wheels(module(*sources))


def test_the_manifest_lists_the_wheels_for_both_machines_alike() -> None:
    need_tools("flatpak-builder")
    check = load_check()
    shown = subprocess.run(
        ["flatpak-builder", "--show-manifest", "flatpak/io.github.tttgui.ttt_gui.Noxo.yml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    manifest = json.loads(shown)
    wheels = check.listed_wheels(check.game_module(manifest))
    projects = {w.project for w in wheels}
    assert {"babel", "setuptools", "platformdirs", "mypy-extensions", "mypy"} <= projects
    assert check.python_version(manifest) == "3.13"
