"""What the packaged app says about itself: names, version, copyright, the macOS
Info.plist and the Windows version resource. Used by build/ttt_gui.spec; read
as text, so nothing of the game is imported.

    python build/metadata.py     # print the Info.plist and the version resource

The version resource needs PyInstaller with pefile (installed with it on Windows).
"""

from __future__ import annotations

import plistlib
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "ttt-gui"
#: The program's own name, as ttt_gui.PROGRAM_NAME (the menus, the title bar, About).
DISPLAY_NAME = "Noxo"
DESCRIPTION = "Tic-tac-toe and m,n,k games"
#: Reverse-DNS identifier shared by the macOS bundle and the Linux desktop files.
APP_ID = "io.github.tttgui.ttt_gui.Noxo"
GAME_FILE_TYPE = "io.github.tttgui.ttt-game"
GAME_FILE_SUFFIX = "ttt"
GAME_FILE_MIME = "application/x-ttt-gui-game"
#: macOS 11 is the oldest that python.org's current installers support.
MACOS_MINIMUM = "11.0"


def read_version() -> str:
    """``__version__`` from ttt_gui/__init__.py, read as text."""
    text = (ROOT / "ttt_gui" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if match is None:
        raise ValueError("ttt_gui/__init__.py has no __version__")
    return match.group(1)


def read_copyright() -> str:
    """The copyright line of LICENSE, with the symbol: ``Copyright © 2026 ...``."""
    for line in (ROOT / "LICENSE").read_text(encoding="utf-8").splitlines():
        if line.startswith("Copyright"):
            return line.replace("(c)", "©")
    raise ValueError("LICENSE has no copyright line")


def info_plist(version: str) -> dict[str, Any]:
    """Keys added to the bundle's Info.plist. PyInstaller sets
    NSHighResolutionCapable itself, as the boolean macOS expects."""
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHumanReadableCopyright": read_copyright(),
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "Tic-tac-toe game",
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [GAME_FILE_TYPE],
            }
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": GAME_FILE_TYPE,
                "UTTypeDescription": "Tic-tac-toe game",
                "UTTypeConformsTo": ["public.json", "public.data"],
                "UTTypeTagSpecification": {
                    "public.filename-extension": [GAME_FILE_SUFFIX],
                    "public.mime-type": [GAME_FILE_MIME],
                },
            }
        ],
    }


def windows_version_info(version: str) -> Any:
    """The .exe's version resource (what Explorer's Properties › Details shows)."""
    from PyInstaller.utils.win32 import versioninfo as vi

    parts = [int(part) for part in re.findall(r"\d+", version)[:4]]
    numbers = tuple(parts + [0] * (4 - len(parts)))
    strings = [
        vi.StringStruct("CompanyName", "The ttt-gui authors"),
        vi.StringStruct("FileDescription", DESCRIPTION),
        vi.StringStruct("FileVersion", version),
        vi.StringStruct("InternalName", NAME),
        vi.StringStruct("LegalCopyright", read_copyright()),
        vi.StringStruct("OriginalFilename", NAME + ".exe"),
        vi.StringStruct("ProductName", DISPLAY_NAME),
        vi.StringStruct("ProductVersion", version),
    ]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[
            vi.StringFileInfo([vi.StringTable("040904B0", strings)]),
            vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])]),
        ],
    )


if __name__ == "__main__":
    version = read_version()
    print(plistlib.dumps(info_plist(version)).decode())
    try:
        print(windows_version_info(version))
    except ImportError as error:  # PyInstaller's pefile is installed on Windows only
        print(f"(no version resource here: {error})")
