"""The program's own name, Noxo, is what the menus, the software centres,
the Windows installer and the macOS bundle show; "Tic-tac-toe" and the
variants are its generic name and keywords. The name is never translated."""

from __future__ import annotations

import configparser
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from scripts import load_script

from ttt_gui import PROGRAM_NAME

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "ttt_gui" / "desktop"
LANGUAGE = "{http://www.w3.org/XML/1998/namespace}lang"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(DESKTOP / "io.github.tttgui.ttt_gui.Noxo.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_menu_entry_is_named_noxo_and_called_tic_tac_toe() -> None:
    entry = desktop_entry()
    assert entry["Name"] == PROGRAM_NAME
    assert not [key for key in entry if key.startswith("Name[")], "the name is not translated"
    assert entry["GenericName"] == "Tic-tac-toe"
    keywords = entry["Keywords"].split(";")
    for word in ("tic-tac-toe", "noughts and crosses", "connect four", "gomoku", "noxo"):
        assert word in keywords, word
    for key in entry:
        if key.startswith("Keywords["):
            assert "noxo" in entry[key].split(";"), key


def test_the_software_centres_show_the_name_untranslated() -> None:
    component = ElementTree.parse(DESKTOP / "io.github.tttgui.ttt_gui.Noxo.metainfo.xml").getroot()
    names = component.findall("name")
    assert [(name.get(LANGUAGE), name.text) for name in names] == [(None, PROGRAM_NAME)]
    description = component.find("description/p")
    assert description is not None and (description.text or "").split()[0] == PROGRAM_NAME


def test_the_windows_installer_and_its_start_menu_entry_are_named_noxo() -> None:
    script = (ROOT / "build" / "windows" / "ttt-gui.nsi").read_text(encoding="utf-8")
    assert re.search(r'^!define DISPLAY_NAME "(.*)"$', script, re.MULTILINE)[1] == PROGRAM_NAME  # type: ignore[index]
    assert 'CreateShortcut "$SMPROGRAMS\\${DISPLAY_NAME}.lnk"' in script
    assert 'Name "${DISPLAY_NAME}"' in script


def test_the_macos_bundle_and_the_exe_are_named_noxo() -> None:
    metadata = load_script("build/metadata.py", "metadata")
    assert metadata.DISPLAY_NAME == PROGRAM_NAME
    info = metadata.info_plist(metadata.read_version())
    assert info["CFBundleName"] == info["CFBundleDisplayName"] == PROGRAM_NAME
    assert len(info["CFBundleName"]) <= 15, "macOS shortens a longer bundle name"


def test_the_macos_bundle_folder_is_named_noxo() -> None:
    spec = (ROOT / "build" / "ttt_gui.spec").read_text(encoding="utf-8")
    assert 'name=metadata.DISPLAY_NAME + ".app"' in spec
    package = (ROOT / "build" / "package.sh").read_text(encoding="utf-8")
    assert f"dist/{PROGRAM_NAME}.app" in package and "ttt-gui.app" not in package
