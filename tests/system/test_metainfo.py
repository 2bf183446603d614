"""The AppStream metainfo, as a software centre shows it: valid for the
ecosystem's own checkers, a short summary in every language, screenshots
with captions pinned to the version's tag, branding colours, the project's
addresses, the controls and display it needs, and release notes."""

from __future__ import annotations

import re
import subprocess
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from catalogues import shipped_languages
from conftest import need_tools

from ttt_gui import __version__

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "ttt_gui" / "desktop"
METAINFO = DESKTOP / "io.github.tttgui.ttt_gui.Noxo.metainfo.xml"
ENTRY = DESKTOP / "io.github.tttgui.ttt_gui.Noxo.desktop"
LANGUAGE = "{http://www.w3.org/XML/1998/namespace}lang"
#: Where the files of the version's tag are served from.
TAGGED = f"https://raw.githubusercontent.com/tttgui/ttt-gui/v{__version__}/"
#: The longest summary software centres show whole (Flathub's guideline).
SUMMARY_LENGTH = 35


@pytest.fixture(scope="module")
def component() -> ElementTree.Element:
    return ElementTree.parse(METAINFO).getroot()


def test_appstream_validates_the_metainfo_pedantically_without_a_warning() -> None:
    need_tools("appstreamcli")
    checked = subprocess.run(
        ["appstreamcli", "validate", "--pedantic", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    said = checked.stdout + checked.stderr
    assert checked.returncode == 0, said
    assert not re.search(r"^[EW]: ", said, re.MULTILINE), said


def test_the_desktop_entry_validates() -> None:
    need_tools("desktop-file-validate")
    checked = subprocess.run(
        ["desktop-file-validate", str(ENTRY)], capture_output=True, text=True, timeout=60
    )
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, "", "")


def test_the_summary_is_short_in_every_language(component: ElementTree.Element) -> None:
    summaries = {
        element.get(LANGUAGE, "en"): element.text or "" for element in component.iter("summary")
    }
    assert set(summaries) == {"en", *shipped_languages()}, "a summary in every language"
    for language, summary in summaries.items():
        assert 0 < len(summary) <= SUMMARY_LENGTH, (language, summary)
        assert not summary.endswith("."), (language, summary)


def test_three_to_five_screenshots_with_captions_from_the_versions_tag(
    component: ElementTree.Element,
) -> None:
    screenshots = component.findall("screenshots/screenshot")
    assert 3 <= len(screenshots) <= 5
    assert [shot.get("type") for shot in screenshots].count("default") == 1
    languages = {"en", *shipped_languages()}
    for shot in screenshots:
        captions = {
            element.get(LANGUAGE, "en"): element.text or "" for element in shot.iter("caption")
        }
        assert set(captions) == languages, "a caption in every language"
        for caption in captions.values():
            assert caption.strip() and not caption.endswith("."), caption
        image = shot.find("image")
        assert image is not None and image.text is not None
        assert image.text.startswith(TAGGED), image.text
        shown = ROOT / image.text.removeprefix(TAGGED)
        assert shown.is_file(), f"{image.text} is no file of the project"
        width, height = _png_size(shown)
        assert (image.get("width"), image.get("height")) == (str(width), str(height))


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def test_no_address_follows_a_branch(component: ElementTree.Element) -> None:
    text = METAINFO.read_text(encoding="utf-8")
    addresses = re.findall(r"https://[^<\s\"]+", text)
    assert addresses
    for address in addresses:
        assert not re.search(r"/(main|master)/", address), address


def test_the_project_addresses_are_given(component: ElementTree.Element) -> None:
    addresses = {url.get("type"): url.text or "" for url in component.findall("url")}
    assert {"homepage", "bugtracker", "vcs-browser", "translate"} <= set(addresses)
    page, anchor = re.split(r"/blob/[^/]+/", addresses["translate"])[1].split("#")
    assert anchor == "translations"
    assert "## Translations\n" in (ROOT / page).read_text(encoding="utf-8")


def test_the_branding_has_a_colour_for_light_and_dark(component: ElementTree.Element) -> None:
    colours = component.findall("branding/color")
    assert {(colour.get("type"), colour.get("scheme_preference")) for colour in colours} == {
        ("primary", "light"),
        ("primary", "dark"),
    }
    for colour in colours:
        assert re.fullmatch(r"#[0-9a-f]{6}", colour.text or ""), colour.text


def test_it_says_it_is_played_by_keyboard_and_pointer_on_a_large_enough_display(
    component: ElementTree.Element,
) -> None:
    controls = [control.text for control in component.findall("supports/control")]
    assert sorted(controls) == ["keyboard", "pointing"]
    for relation in ("requires", "recommends"):
        length = component.find(f"{relation}/display_length")
        assert length is not None and length.get("compare") == "ge", relation
        assert int(length.text or "0") >= 480


def test_the_newest_release_is_this_version_with_notes(component: ElementTree.Element) -> None:
    releases = component.findall("releases/release")
    assert releases and releases[0].get("version") == __version__
    for release in releases:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", release.get("date") or ""), release.attrib
        assert release.find("description/p") is not None, release.get("version")


def changelog_versions() -> list[tuple[str, str]]:
    """(version, date) of each released version of CHANGELOG.md, newest first."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## (\d+\.\d+\.\d+\S*) — (\d{4}-\d\d-\d\d)$", text, re.MULTILINE)


def test_the_changelog_and_the_metainfo_name_the_same_releases(
    component: ElementTree.Element,
) -> None:
    releases = [
        (release.get("version"), release.get("date"))
        for release in component.findall("releases/release")
    ]
    assert changelog_versions() == releases
    for release in component.findall("releases/release"):
        details = release.findtext("url[@type='details']") or ""
        assert details.endswith(f"/v{release.get('version')}/CHANGELOG.md"), details


def test_the_package_metadata_names_the_changelog() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    address = pyproject["project"]["urls"]["Changelog"]
    assert address == "https://github.com/tttgui/ttt-gui/blob/main/CHANGELOG.md"
    assert "CHANGELOG.md" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").split()


def repository_of(app_id: str) -> str:
    """The GitHub repository Flathub's linter checks for an ``io.github`` app
    ID: the user, and the project with ``_`` read as ``-`` when a name follows
    it (``io.github.user.the_project.Name``; a project that ends the ID is
    read as it is)."""
    parts = app_id.split(".")
    assert parts[:2] == ["io", "github"] and len(parts) >= 4
    user = parts[2].replace("_", "-")
    project = parts[3].replace("_", "-") if len(parts) > 4 else parts[3]
    return f"{user}/{project}".lower()


def test_the_app_id_names_the_repository_as_flathub_reads_it(
    component: ElementTree.Element,
) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    repository = project["urls"]["Source"].removeprefix("https://github.com/").lower()
    assert repository_of(component.findtext("id", "")) == repository
    assert repository_of("io.github.tttgui.TttGui") != repository, "0.1.0's ID did not"
    replaced = [element.text for element in component.findall("replaces/id")]
    assert replaced == ["io.github.tttgui.TttGui"]
