"""What the release builds say about the app (build/metadata.py, used by the
PyInstaller spec): the macOS Info.plist, the copyright line, and that they
agree with the package, the licence and the Linux desktop files."""

from __future__ import annotations

import plistlib
import re
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType

from scripts import load_script

from ttt_gui import __version__
from ttt_gui.analysis.puzzles import PuzzleKind, read_puzzles
from ttt_gui.storage.games import SUFFIX

ROOT = Path(__file__).resolve().parents[2]


def load_metadata() -> ModuleType:
    return load_script("build/metadata.py", "metadata")


def test_the_info_plist_has_the_keys_macos_reads() -> None:
    metadata = load_metadata()
    info = plistlib.loads(plistlib.dumps(metadata.info_plist(metadata.read_version())))
    assert info["CFBundleVersion"] == info["CFBundleShortVersionString"] == __version__
    assert info["LSMinimumSystemVersion"] == "11.0"
    assert info["LSApplicationCategoryType"] == "public.app-category.board-games"
    assert "NSHighResolutionCapable" not in info, "PyInstaller sets it, as a boolean"
    (document,) = info["CFBundleDocumentTypes"]
    (exported,) = info["UTExportedTypeDeclarations"]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]
    tags = exported["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [SUFFIX.lstrip(".")]


def test_the_builds_name_the_app_and_its_files_as_the_desktop_files_do() -> None:
    metadata = load_metadata()
    desktop = ROOT / "ttt_gui" / "desktop"
    assert (desktop / f"{metadata.APP_ID}.desktop").is_file()
    mime = ElementTree.parse(desktop / f"{metadata.APP_ID}.xml").getroot()
    assert [element.get("type") for element in mime] == [metadata.GAME_FILE_MIME]


def test_the_copyright_and_licence_are_those_of_the_license_file() -> None:
    metadata = load_metadata()
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License")
    assert metadata.read_copyright() in license_text.replace("(c)", "©")
    assert metadata.read_copyright().startswith("Copyright © 20")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    spec_text = (ROOT / "build" / "ttt_gui.spec").read_text(encoding="utf-8")
    assert "NSHighResolutionCapable" not in spec_text


def test_the_readme_links_by_absolute_address_as_pypi_shows_it() -> None:
    """PyPI shows the README without the repository's files beside it: every
    image and link must be a full address, images at the project's repository."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    repository = project["urls"]["Source"].removeprefix("https://github.com/")
    raw_files = f"https://raw.githubusercontent.com/{repository}/main/"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)", readme)
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)", readme)
    assert images
    assert [target for target in targets if not re.match(r"https?://|#", target)] == []
    assert [image for image in images if not image.startswith(raw_files)] == []
    for image in images:
        assert (ROOT / image.removeprefix(raw_files)).is_file(), image
    repository_files = f"https://github.com/{repository}/blob/main/"
    for target in targets:
        if target.startswith(repository_files):
            assert (ROOT / target.removeprefix(repository_files)).is_file(), target


def test_the_metainfo_has_release_notes_for_this_version() -> None:
    metainfo = ElementTree.parse(
        ROOT / "ttt_gui" / "desktop" / "io.github.tttgui.ttt_gui.Noxo.metainfo.xml"
    )
    newest = metainfo.getroot().find("releases/release")
    assert newest is not None and newest.get("version") == __version__
    notes = newest.find("description")
    assert notes is not None and notes.findall("ul/li")
    description = ElementTree.tostring(metainfo.getroot().find("description"), "unicode")
    assert "15×15" in description and "Strongest" in description


def test_every_package_of_the_code_goes_into_the_wheel() -> None:
    """The wheel lists its packages by name: a new package folder must be named."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(setuptools["tool"]["setuptools"]["packages"])
    code = ROOT / "ttt_gui"
    folders = {
        ".".join(("ttt_gui", *init.parent.relative_to(code).parts)).rstrip(".")
        for init in code.rglob("__init__.py")
    }
    assert folders <= listed, sorted(folders - listed)


def test_the_puzzle_sets_go_into_the_wheel_the_sdist_and_the_frozen_build() -> None:
    """Every kind's set is package data of ttt_gui.puzzles (a folder of data,
    no code), grafted into the sdist; the frozen build takes every data file."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "ttt_gui.puzzles" in setuptools["tool"]["setuptools"]["packages"]
    assert setuptools["tool"]["setuptools"]["package-data"]["ttt_gui.puzzles"] == ["*.json"]
    assert "graft ttt_gui/puzzles" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert 'collect_data_files("ttt_gui"' in (ROOT / "build" / "ttt_gui.spec").read_text()
    folder = ROOT / "ttt_gui" / "puzzles"
    assert {path.name for path in folder.iterdir() if path.suffix == ".json"} == {
        f"{kind.value}.json" for kind in PuzzleKind
    }
    for kind in PuzzleKind:
        text = (folder / f"{kind.value}.json").read_text(encoding="utf-8")
        assert read_puzzles(text, kind)
    size = sum(path.stat().st_size for path in folder.iterdir())
    assert size < 600_000  # a few hundred KB at most
