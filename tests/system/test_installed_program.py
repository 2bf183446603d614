"""What makes the game an installed program rather than a script: its window's
own class and icon, saved games opened from the command line (as a file
manager does), the desktop files that tie ``.ttt`` files to the app, and
the icons shipped inside the package."""

from __future__ import annotations

import configparser
import re
import subprocess
import time
import xml.etree.ElementTree as ElementTree
from importlib import resources
from pathlib import Path

from conftest import finish, need_tools, start_game, xdotool

from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.icon import WINDOW_ICON_SIZES
from ttt_gui.storage.games import SUFFIX, SavedGame, write_game
from ttt_gui.storage.settings import Settings, load

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tttgui.ttt_gui.Noxo"
DESKTOP = ROOT / "ttt_gui" / "desktop"
MIME_NAMESPACE = "{http://www.freedesktop.org/standards/shared-mime-info}"
#: Icon sizes of the freedesktop theme folders that desktop/install.sh fills.
THEME_SIZES = (16, 24, 32, 48, 64, 128, 256)


def xprop(window: str, *properties: str) -> str:
    need_tools("xprop")
    return subprocess.run(
        ["xprop", "-id", window, *properties],
        check=True,
        capture_output=True,
        text=True,
        timeout=20,
    ).stdout


def close(window: str) -> None:
    subprocess.run(["wmctrl", "-i", "-c", window], check=True, timeout=10)


def test_the_window_has_its_own_class_and_the_apps_icon(
    tmp_path: Path, window_manager: None
) -> None:
    """Task bars group windows by WM_CLASS and show _NET_WM_ICON: the game's
    are "ttt-gui" and the icon in every size shipped for windows."""
    process, window, _ = start_game(tmp_path, Settings(GameConfig(mode=Mode.HOTSEAT)))
    try:
        window_class = xprop(window, "WM_CLASS")
        icon = xprop(window, "_NET_WM_ICON")
        close(window)
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0, stderr
    assert window_class.strip() == 'WM_CLASS(STRING) = "ttt-gui", "Ttt-gui"'
    sizes = re.findall(r"Icon \((\d+) x (\d+)\):", icon)
    assert sizes == [(str(size), str(size)) for size in WINDOW_ICON_SIZES]


def test_a_saved_game_named_on_the_command_line_is_opened(
    tmp_path: Path, window_manager: None
) -> None:
    """``ttt-gui FILE.ttt`` (what a file manager runs) shows that game, whose
    board is not the saved settings' one, and remembers its folder as
    Game > Open does; a finished game closes unasked."""
    games = tmp_path / "games"
    games.mkdir()
    game = games / f"four{SUFFIX}"
    finished = (0, 4, 1, 5, 2, 6, 3)  # X completes the top row of a 4x4 board
    write_game(
        game, SavedGame(GameConfig(mode=Mode.HOTSEAT, rows=4, cols=4, win_length=4), finished)
    )
    process, window, path = start_game(
        tmp_path, Settings(GameConfig(mode=Mode.HOTSEAT)), str(game)
    )
    try:
        title = xdotool("getwindowname", window)
        for _ in range(50):
            if "4×4" in title:
                break
            time.sleep(0.1)
            title = xdotool("getwindowname", window)
        close(window)
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0, stderr
    assert title.strip() == "Noxo — 4×4 (4 in a row), two players"
    assert stderr == ""
    saved, _, _ = load(path)
    assert saved.folder == str(games)


def test_the_package_ships_the_icons_the_window_and_desktop_use() -> None:
    folder = resources.files("ttt_gui") / "icons"
    for size in sorted({*WINDOW_ICON_SIZES, *THEME_SIZES}):
        data = (folder / f"ttt-gui-{size}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (size, size)


def test_the_desktop_entry_opens_saved_games_with_the_app() -> None:
    """The desktop entry, the MIME type and the AppStream metainfo name each
    other and the game's own suffix, command and window class."""
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(DESKTOP / f"{APP_ID}.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == "ttt-gui %f"
    assert section["Icon"] == APP_ID
    assert section["Categories"] == "Game;BoardGame;"
    assert section["StartupWMClass"] == "Ttt-gui"

    mime = ElementTree.parse(DESKTOP / f"{APP_ID}.xml").getroot()
    (mime_type,) = mime.iter(f"{MIME_NAMESPACE}mime-type")
    globs = [glob.get("pattern") for glob in mime_type.iter(f"{MIME_NAMESPACE}glob")]
    assert globs == [f"*{SUFFIX}"]
    assert section["MimeType"] == f"{mime_type.get('type')};"

    metainfo = ElementTree.parse(DESKTOP / f"{APP_ID}.metainfo.xml").getroot()
    assert metainfo.findtext("id") == APP_ID
    assert metainfo.findtext("launchable") == f"{APP_ID}.desktop"
    assert metainfo.findtext("provides/mediatype") == mime_type.get("type")
    assert metainfo.findtext("provides/binary") == "ttt-gui"
