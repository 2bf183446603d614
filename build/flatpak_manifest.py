"""The Flathub manifest and its local variant.

    python build/flatpak_manifest.py check            # both manifests fit Flathub's rules
    python build/flatpak_manifest.py local OUT.json   # the variant that builds this checkout
    python build/flatpak_manifest.py pin vX.Y.Z       # the game's source: that tag's commit

``flatpak/io.github.tttgui.ttt_gui.Noxo.yml`` is the manifest for Flathub: the game
comes from its version's tag at a pinned commit. The local variant is that
manifest as ``flatpak-builder --show-manifest`` reads it, with the game's
source switched to a ``dir`` source at this checkout, so CI and a person
trying a change build what is here, with everything else the same.

``check`` reads the manifest with ``flatpak-builder`` and stops, naming the
first fault, where it departs from what Flathub asks and this project
promises: a ``git`` source with an https address, a tag ``v<version>`` and a
40-digit commit; no ``dir`` source; ``x-checker-data`` on every source; no
module that builds a Python (tkinter is built against the runtime's); no
network while building; X11 with shared memory and no access to dconf.
It is no substitute for ``flatpak-builder-lint``: it checks these rules only.

Exits 1 with the reason on the first failure.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
import metadata  # noqa: E402 - build/metadata.py, found through the line above

MANIFEST = ROOT / "flatpak" / "io.github.tttgui.ttt_gui.Noxo.yml"
GAME_MODULE = "ttt-gui"
#: The modules, in build order: Tcl, Tk, tkinter for the runtime's Python, the game.
MODULES = ["tcl", "tk", "tkinter", GAME_MODULE]
COMMIT = re.compile(r"[0-9a-f]{40}")


class ManifestError(Exception):
    """The manifest does not fit (the message says how)."""


def read_manifest(path: Path = MANIFEST) -> dict[str, Any]:
    """The manifest as flatpak-builder reads it (``--show-manifest``)."""
    shown = subprocess.run(
        ["flatpak-builder", "--show-manifest", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if shown.returncode:
        raise ManifestError(f"flatpak-builder cannot read {path}: {shown.stderr.strip()}")
    manifest: dict[str, Any] = json.loads(shown.stdout)
    return manifest


def read_version() -> str:
    """``__version__`` from ttt_gui/__init__.py (see ``build/metadata.py``)."""
    try:
        return metadata.read_version()
    except ValueError as error:
        raise ManifestError(str(error)) from None


def game_source(manifest: dict[str, Any]) -> dict[str, Any]:
    """The game module's first source: the game's own code."""
    for module in manifest.get("modules", []):
        if module.get("name") == GAME_MODULE:
            source: dict[str, Any] = module["sources"][0]
            return source
    raise ManifestError(f"no module named {GAME_MODULE}")


def local_variant(manifest: dict[str, Any], checkout: Path = ROOT) -> dict[str, Any]:
    """``manifest`` with the game's source a ``dir`` source at ``checkout``;
    the rest unchanged (a new dictionary; ``manifest`` is left as it was)."""
    variant: dict[str, Any] = json.loads(json.dumps(manifest))
    source = game_source(variant)
    source.clear()
    source.update(
        {
            "type": "dir",
            "path": str(checkout),
            "skip": [
                ".git",
                ".venv",
                "dist",
                "build/work",
                "build/setuptools",
                "flatpak-build",
                "flatpak-repo",
                ".flatpak-builder",
            ],
        }
    )
    return variant


def flathub_faults(manifest: dict[str, Any], version: str) -> list[str]:
    """What in ``manifest`` departs from the rules in this module's docstring
    (empty if nothing)."""
    faults: list[str] = []
    names = [module.get("name") for module in manifest.get("modules", [])]
    if names != MODULES:
        faults.append(f"modules {names}, expected {MODULES}")
    finish = manifest.get("finish-args", [])
    if sorted(finish) != ["--share=ipc", "--socket=pulseaudio", "--socket=x11"]:
        faults.append(f"finish-args {finish}: a Tk window with sound needs X11, IPC, audio only")
    if "--share=network" in manifest.get("build-options", {}).get("build-args", []):
        faults.append("the build asks for the network")
    for module in manifest.get("modules", []):
        name = module.get("name")
        if "--share=network" in module.get("build-options", {}).get("build-args", []):
            faults.append(f"{name}: its build asks for the network")
        python_source = any(
            re.search(r"/Python-[\d.]+\.tar", source.get("url", ""))
            for source in module.get("sources", [])
        )
        if python_source and module.get("buildsystem", "autotools") != "simple":
            faults.append(f"{name}: builds a whole Python (tkinter is built on its own)")
        for source in module.get("sources", []):
            kind = source.get("type")
            if kind == "dir":
                faults.append(f"{name}: a dir source (Flathub builds from published sources)")
            if "x-checker-data" not in source:
                faults.append(f"{name}: no x-checker-data for {source.get('url', kind)}")
    try:
        source = game_source(manifest)
    except ManifestError as error:
        return [*faults, str(error)]
    if source.get("type") != "git" or not str(source.get("url", "")).startswith("https://"):
        faults.append(f"the game's source is not a git source over https: {source}")
    if source.get("tag") != f"v{version}":
        faults.append(f"the game's tag is {source.get('tag')}, not v{version}")
    if not COMMIT.fullmatch(str(source.get("commit", ""))):
        faults.append(f"the game's commit {source.get('commit')!r} is not a full commit")
    return faults


def local_faults(variant: dict[str, Any], flathub: dict[str, Any], checkout: Path) -> list[str]:
    """What in the local ``variant`` differs from ``flathub`` beyond the game's source."""
    faults: list[str] = []
    source = game_source(variant)
    if source.get("type") != "dir" or Path(source.get("path", "")) != checkout:
        faults.append(f"the local variant's game source is not this checkout: {source}")
    if local_variant(flathub, checkout) != variant:
        faults.append("the local variant differs from the Flathub manifest beyond its source")
    return faults


def pinned_text(text: str, tag: str, commit: str) -> str:
    """The manifest's ``text`` with the game's git source at ``tag`` and
    ``commit`` (its other lines and comments as they were)."""
    if not COMMIT.fullmatch(commit):
        raise ManifestError(f"{commit!r} is not a full commit")
    pattern = re.compile(
        r"(- type: git\n(?:\s+url: .*\n))(\s+)tag: .*\n\s+commit: .*\n", re.MULTILINE
    )
    found = pattern.search(text)
    if found is None:
        raise ManifestError("the manifest has no git source with a tag and a commit")
    indent = found.group(2)
    pinned = f"{found.group(1)}{indent}tag: {tag}\n{indent}commit: {commit}\n"
    return text[: found.start()] + pinned + text[found.end() :]


def tag_commit(tag: str) -> str:
    """The commit ``tag`` names in this checkout."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{tag}^{{commit}}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise ManifestError(f"this checkout has no tag {tag}")
    return done.stdout.strip()


def check() -> None:
    """Check the Flathub manifest and the local variant made from it."""
    manifest = read_manifest()
    faults = flathub_faults(manifest, read_version())
    if faults:
        raise ManifestError("; ".join(faults))
    source = game_source(manifest)
    tagged = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "rev-parse",
            "--verify",
            "--quiet",
            f"{source['tag']}^{{commit}}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if tagged.returncode == 0 and tagged.stdout.strip() != source["commit"]:
        raise ManifestError(f"{source['tag']} is {tagged.stdout.strip()}, not {source['commit']}")
    print(
        f"Flathub manifest: {manifest['id']} on {manifest['runtime']} "
        f"{manifest['runtime-version']}, modules {MODULES}, the game from "
        f"{source['url']} {source['tag']} at {source['commit'][:12]}"
        + ("" if tagged.returncode == 0 else f" (no tag {source['tag']} here yet)")
    )
    with tempfile.TemporaryDirectory() as folder:
        variant_path = Path(folder) / "local.json"
        variant_path.write_text(json.dumps(local_variant(manifest), indent=2), encoding="utf-8")
        faults = local_faults(read_manifest(variant_path), manifest, ROOT)
    if faults:
        raise ManifestError("; ".join(faults))
    print("local variant: the same manifest, the game's source this checkout")


def main(arguments: list[str]) -> None:
    try:
        match arguments:
            case ["check"]:
                check()
            case ["local", out]:
                variant = local_variant(read_manifest())
                Path(out).write_text(json.dumps(variant, indent=2) + "\n", encoding="utf-8")
            case ["pin", tag]:
                text = MANIFEST.read_text(encoding="utf-8")
                MANIFEST.write_text(pinned_text(text, tag, tag_commit(tag)), encoding="utf-8")
            case _:
                raise SystemExit(__doc__.split("\n\n")[1] if __doc__ else "usage")
    except ManifestError as error:
        raise SystemExit(f"Flatpak manifest: {error}") from None


if __name__ == "__main__":
    main(sys.argv[1:])
