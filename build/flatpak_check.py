"""Checks the Flatpak manifest's wheels without building the Flatpak: that
they are the files it names, and that they alone build the game with the
engine compiled.

    flatpak-builder --show-manifest flatpak/io.github.tttgui.ttt_gui.Noxo.yml >manifest.json
    python build/flatpak_check.py manifest.json WORK_FOLDER

The game's module installs with no network (``PIP_NO_INDEX``), taking its
dependencies, build backend and mypyc from the wheels the manifest lists.
This script, run where pip can reach the package index:

1. checks each wheel's ``only-arches``: a wheel for one machine names it,
   a pure one none, and every machine gets the same projects;
2. downloads every wheel of this machine by name, version and tags (for the
   manifest's Python) and checks its file name and SHA-256 against the
   manifest's;
3. builds the game from the last commit's tree with the manifest's build
   environment and pip command, with only those wheels at hand (where a
   wheel is for another Python than this one, the same version for this
   Python), into a folder of its own, and checks that ``--version`` says
   ``engine: compiled``.

Exits 1 with the reason on the first failure; prints one line a step.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import sysconfig
import tarfile
from dataclasses import dataclass
from pathlib import Path

from packaging.tags import sys_tags
from packaging.utils import parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
GAME_MODULE = "ttt-gui"
#: The machines the manifest's binary wheels may be for, as wheel tags spell them.
MACHINES = ("x86_64", "aarch64")


class ManifestError(Exception):
    """The manifest's wheels do not fit (the message says how)."""


@dataclass(frozen=True)
class Wheel:
    """A wheel the manifest lists: its file name, SHA-256 and machine (None: any)."""

    filename: str
    sha256: str
    machine: str | None

    @property
    def project(self) -> str:
        return str(parse_wheel_filename(self.filename)[0])

    @property
    def version(self) -> str:
        return str(parse_wheel_filename(self.filename)[1])


def game_module(manifest: dict[str, object]) -> dict[str, object]:
    """The manifest's module of the game."""
    modules = manifest.get("modules")
    assert isinstance(modules, list)
    for module in modules:
        if isinstance(module, dict) and module.get("name") == GAME_MODULE:
            return module
    raise ManifestError(f"no module named {GAME_MODULE}")


def python_version(manifest: dict[str, object]) -> str:
    """The major.minor of the runtime's Python, which tkinter is built for (from
    the name of the CPython source tkinter's module is taken from)."""
    found = re.search(r"Python-(\d+\.\d+)\.\d+\.tar", json.dumps(manifest))
    if found is None:
        raise ManifestError("no Python source archive in the manifest")
    return found.group(1)


def wheel_machine(filename: str) -> str | None:
    """The machine a wheel is built for, or None for a pure wheel."""
    platforms = {tag.platform for tag in parse_wheel_filename(filename)[3]}
    if platforms == {"any"}:
        return None
    machines = {machine for machine in MACHINES if any(p.endswith(machine) for p in platforms)}
    if len(machines) != 1:
        raise ManifestError(f"{filename}: not for one of {', '.join(MACHINES)}")
    return machines.pop()


def listed_wheels(module: dict[str, object]) -> list[Wheel]:
    """The module's wheel sources, their ``only-arches`` checked (step 1)."""
    wheels: list[Wheel] = []
    sources = module.get("sources")
    assert isinstance(sources, list)
    for source in sources:
        url = source.get("url", "") if isinstance(source, dict) else ""
        if source.get("type") != "file" or not url.endswith(".whl"):
            continue
        filename = url.rsplit("/", 1)[1]
        machine = wheel_machine(filename)
        arches = source.get("only-arches")
        if arches != ([machine] if machine else None):
            raise ManifestError(f"{filename}: only-arches {arches}, expected {machine or 'none'}")
        wheels.append(Wheel(filename, source["sha256"], machine))
    for machine in MACHINES:
        own = {wheel.project for wheel in wheels if wheel.machine == machine}
        other = {wheel.project for wheel in wheels if wheel.machine not in (None, machine)}
        if own != other:
            raise ManifestError(f"{machine}: binary wheels of {sorted(own)}, not {sorted(other)}")
    return wheels


def pip(
    *arguments: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    python: Path | None = None,
) -> None:
    """Run the pip of ``python`` (this Python if None) quietly; its output
    only if it fails."""
    command = [str(python or sys.executable), "-m", "pip", "--disable-pip-version-check", "-q"]
    done = subprocess.run(
        [*command, *arguments],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    if done.returncode:
        raise ManifestError(f"pip {shlex.join(arguments)} failed:\n{done.stdout}{done.stderr}")


def fetch_listed(wheel: Wheel, python: str, folder: Path) -> Path:
    """Download ``wheel`` by name, version and tags; check its name and hash (step 2)."""
    tags = parse_wheel_filename(wheel.filename)[3]
    options: list[str] = ["--python-version", python]
    for platform_tag in sorted({tag.platform for tag in tags}):
        options += ["--platform", platform_tag]
    if wheel.machine is not None:
        options += ["--implementation", "cp"]
        for abi in sorted({tag.abi for tag in tags}):
            options += ["--abi", abi]
    target = folder / "listed"
    pip(
        "download",
        "--no-deps",
        "--only-binary=:all:",
        *options,
        "--dest",
        str(target),
        f"{wheel.project}=={wheel.version}",
    )
    path = target / wheel.filename
    if not path.is_file():
        raise ManifestError(f"{wheel.filename}: the index's file for its tags has another name")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != wheel.sha256:
        raise ManifestError(f"{wheel.filename}: SHA-256 {digest}, not {wheel.sha256}")
    return path


def runs_here(filename: str) -> bool:
    """Whether this Python installs the wheel ``filename``."""
    here = set(sys_tags())
    return any(tag in here for tag in parse_wheel_filename(filename)[3])


def build_from(module: dict[str, object], wheels: list[Path], folder: Path) -> str:
    """Build the game as the module does, with only ``wheels`` (or the same
    versions for this Python) at hand; return its ``--version`` (step 3)."""
    links = folder / "links"
    links.mkdir()
    for path in wheels:
        if runs_here(path.name):
            (links / path.name).write_bytes(path.read_bytes())
        else:  # the same version, for this Python
            name, version = parse_wheel_filename(path.name)[:2]
            wanted = f"{name}=={version}"
            pip("download", "--no-deps", "--only-binary=:all:", "--dest", str(links), wanted)
    source = folder / "source"
    source.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    options = module.get("build-options", {})
    assert isinstance(options, dict)
    env = {**os.environ, **options.get("env", {}), "PIP_FIND_LINKS": str(links)}
    commands = module.get("build-commands", [])
    assert isinstance(commands, list)
    install = shlex.split(commands[0])
    if install[:2] != ["pip3", "install"]:
        raise ManifestError(f"the first build command is not a pip install: {commands[0]}")
    prefix = folder / "app"
    destination = "--prefix=${FLATPAK_DEST}"
    arguments = [f"--prefix={prefix}" if word == destination else word for word in install[2:]]
    # A venv of its own: pip installing into a prefix removes the same
    # projects from the environment it runs in.
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    python = folder / "venv" / "bin" / "python"
    pip("install", *arguments, env=env, cwd=source, python=python)
    paths = sysconfig.get_paths(vars={"base": str(prefix), "platbase": str(prefix)})
    site = os.pathsep.join({paths["purelib"], paths["platlib"]})
    done = subprocess.run(
        [str(python), "-P", "-m", "ttt_gui", "--version"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": site},
        cwd=folder,
        check=True,
    )
    return done.stdout


def main() -> None:
    manifest_path, work = Path(sys.argv[1]), Path(sys.argv[2])
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    try:
        module = game_module(manifest)
        wheels = listed_wheels(module)
        print(f"{len(wheels)} wheels; binary ones for {', '.join(MACHINES)} alike")
        python = python_version(manifest)
        machine = platform.machine()
        mine = [wheel for wheel in wheels if wheel.machine in (None, machine)]
        paths = [fetch_listed(wheel, python, work) for wheel in mine]
        print(f"{len(paths)} wheels for {machine} and Python {python}: names and SHA-256 match")
        version = build_from(module, paths, work)
        if version.splitlines()[-1:] != ["engine: compiled"]:
            raise ManifestError(f"the build from the wheels says {version!r}")
        print(f"built from them alone with the module's pip command: {version.splitlines()[-1]}")
    except ManifestError as error:
        raise SystemExit(f"Flatpak manifest: {error}") from None


if __name__ == "__main__":
    main()
