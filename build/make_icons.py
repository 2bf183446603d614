"""Regenerate the icon files from the 256-pixel master ``build/ttt_gui.png``.

    python build/make_icons.py

Writes the PNG sizes shipped inside the package (``ttt_gui/icons/``, used by
the window and by the Linux desktop files), ``build/ttt_gui.ico`` (Windows)
and ``build/ttt_gui.icns`` (macOS). Run it by hand after changing the master
and commit the results: it needs Pillow, which neither the game nor its
build needs.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
MASTER = ROOT / "build" / "ttt_gui.png"
PACKAGE_ICONS = ROOT / "ttt_gui" / "icons"
#: The sizes of the freedesktop icon theme's usual folders (16x16 ... 256x256).
SIZES = (16, 24, 32, 48, 64, 128, 256)


def main() -> None:
    master = Image.open(MASTER).convert("RGBA")
    PACKAGE_ICONS.mkdir(exist_ok=True)
    for size in SIZES:
        image = master if size == master.width else master.resize((size, size), Image.LANCZOS)
        image.save(PACKAGE_ICONS / f"ttt-gui-{size}.png", optimize=True)
    master.save(ROOT / "build" / "ttt_gui.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 256)])
    master.save(ROOT / "build" / "ttt_gui.icns")
    print(f"wrote {len(SIZES)} PNG sizes, ttt_gui.ico and ttt_gui.icns")


if __name__ == "__main__":
    main()
