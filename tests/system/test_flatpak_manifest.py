"""The Flathub manifest and its local variant (build/flatpak_manifest.py):
the game from its version's tag at a pinned commit, tkinter built against the
runtime's Python instead of a Python of its own, x-checker-data on every
source, and a local variant that differs only in building this checkout."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import need_tools
from scripts import load_script

from ttt_gui import __version__

ROOT = Path(__file__).resolve().parents[2]
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def load_manifest_script() -> ModuleType:
    return load_script("build/flatpak_manifest.py", "flatpak_manifest")


@pytest.fixture(scope="module")
def flathub() -> dict[str, Any]:
    need_tools("flatpak-builder")
    manifest: dict[str, Any] = load_manifest_script().read_manifest()
    return manifest


def test_the_flathub_manifest_keeps_flathubs_rules(flathub: dict[str, Any]) -> None:
    script = load_manifest_script()
    assert script.flathub_faults(flathub, __version__) == []
    source = script.game_source(flathub)
    assert source["type"] == "git" and source["url"].startswith("https://")
    assert source["tag"] == f"v{__version__}"
    assert re.fullmatch(r"[0-9a-f]{40}", source["commit"])


def test_tkinter_is_built_for_the_runtimes_python_not_a_python_of_its_own(
    flathub: dict[str, Any],
) -> None:
    modules = {module["name"]: module for module in flathub["modules"]}
    assert "python3" not in modules
    tkinter = modules["tkinter"]
    assert tkinter["buildsystem"] == "simple"
    (build,) = tkinter["build-commands"]
    assert "Modules/_tkinter.c" in build and "python3 -c" in build
    assert any("import tkinter" in command for command in tkinter["post-install"])
    game = modules["ttt-gui"]
    assert game["build-commands"][0].startswith("pip3 install --prefix=${FLATPAK_DEST} ")


def test_every_source_says_how_to_find_its_new_versions(flathub: dict[str, Any]) -> None:
    for module in flathub["modules"]:
        for source in module["sources"]:
            checker = source.get("x-checker-data")
            assert checker and checker.get("type"), (module["name"], source.get("url"))
            assert "commit-query" not in checker, "Flathub refuses checkers that track commits"


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (lambda m: m["modules"][-1]["sources"].insert(0, {"type": "dir", "path": "."}), "dir"),
        (lambda m: m["modules"][-1]["sources"][0].update(tag="v0.0.1"), "tag"),
        (lambda m: m["modules"][-1]["sources"][0].update(commit="abc"), "commit"),
        (lambda m: m["modules"][0]["sources"][0].pop("x-checker-data"), "x-checker-data"),
        (lambda m: m["finish-args"].append("--filesystem=xdg-run/dconf"), "finish-args"),
        (lambda m: m["modules"][2].update(buildsystem="autotools"), "whole Python"),
        (
            lambda m: (
                m["modules"][1]
                .setdefault("build-options", {})
                .update({"build-args": ["--share=network"]})
            ),
            "network",
        ),
    ],
)
def test_a_manifest_that_breaks_a_rule_is_refused(
    flathub: dict[str, Any], change: Any, fault: str
) -> None:
    script = load_manifest_script()
    broken = json.loads(json.dumps(flathub))
    change(broken)
    faults = script.flathub_faults(broken, __version__)
    assert any(fault in said for said in faults), faults


def test_the_local_variant_builds_this_checkout_and_nothing_else_changes(
    flathub: dict[str, Any], tmp_path: Path
) -> None:
    out = tmp_path / "local.json"
    subprocess.run(
        [sys.executable, str(ROOT / "build" / "flatpak_manifest.py"), "local", str(out)],
        check=True,
        timeout=60,
    )
    script = load_manifest_script()
    variant = script.read_manifest(out)
    source = script.game_source(variant)
    assert source["type"] == "dir" and Path(source["path"]) == ROOT
    assert script.local_faults(variant, flathub, ROOT) == []
    variant["modules"][0]["config-opts"].append("--enable-symbols")
    assert script.local_faults(variant, flathub, ROOT) != []


def test_pinning_changes_only_the_games_tag_and_commit() -> None:
    script = load_manifest_script()
    text = (ROOT / "flatpak" / "io.github.tttgui.ttt_gui.Noxo.yml").read_text(encoding="utf-8")
    pinned = script.pinned_text(text, "v9.8.7", COMMIT)
    changed = [
        (old, new)
        for old, new in zip(text.splitlines(), pinned.splitlines(), strict=True)
        if old != new
    ]
    assert [new.strip() for _, new in changed] == ["tag: v9.8.7", f"commit: {COMMIT}"]
    with pytest.raises(script.ManifestError):
        script.pinned_text(text, "v9.8.7", "HEAD")
