#!/usr/bin/env bash
# Pack what build/build.sh made into one archive per system, with its SHA-256,
# in dist/release/:
#   Linux    ttt-gui-VERSION-linux-ARCH.tar.gz      the one-folder build in ttt-gui/,
#                                                   with its install and uninstall
#                                                   scripts (build/linux/)
#   Windows  ttt-gui-VERSION-windows-ARCH.zip       (the one-folder build)
#   macOS    ttt-gui-VERSION-macos-ARCH.zip         (ditto keeps the bundle's
#                                                    permissions and links)
# and SHA256SUMS-SYSTEM-ARCH.txt beside it (sha256sum -c reads it).
#
#   PYTHON=.venv/bin/python build/package.sh
set -euo pipefail

PYTHON="${PYTHON:-python3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

version="$("$PYTHON" -c 'import sys; sys.path.insert(0, "build"); import metadata; print(metadata.read_version())')"
arch="$("$PYTHON" -c 'import platform; print(platform.machine().lower())')"
arch="${TTT_GUI_TARGET_ARCH:-$arch}"
mkdir -p dist/release
case "$(uname -s)" in
    Linux)
        system=linux
        archive="ttt-gui-${version}-linux-${arch}.tar.gz"
        [ -x dist/ttt-gui/ttt-gui ] || { echo "package: no dist/ttt-gui/ttt-gui; run build/build.sh" >&2; exit 1; }
        cp build/linux/install build/linux/uninstall dist/ttt-gui/
        tar -C dist --owner=0 --group=0 -czf "dist/release/${archive}" ttt-gui
        ;;
    Darwin)
        system=macos
        archive="ttt-gui-${version}-macos-${arch}.zip"
        [ -d dist/ttt-gui.app ] || { echo "package: no dist/ttt-gui.app; run build/build.sh" >&2; exit 1; }
        ditto -c -k --sequesterRsrc --keepParent dist/ttt-gui.app "dist/release/${archive}"
        ;;
    MINGW* | MSYS* | CYGWIN*)
        system=windows
        archive="ttt-gui-${version}-windows-${arch}.zip"
        [ -f dist/ttt-gui/ttt-gui.exe ] || { echo "package: no dist/ttt-gui/ttt-gui.exe; run build/build.sh" >&2; exit 1; }
        (cd dist && "$PYTHON" -m zipfile -c "release/${archive}" ttt-gui/)
        ;;
    *)
        echo "package: unknown system $(uname -s)" >&2
        exit 1
        ;;
esac
(
    cd dist/release
    "$PYTHON" - "$archive" >"SHA256SUMS-${system}-${arch}.txt" <<'PY'
import hashlib, sys
name = sys.argv[1]
with open(name, "rb") as archive:
    print(f"{hashlib.file_digest(archive, 'sha256').hexdigest()}  {name}")
PY
    cat "SHA256SUMS-${system}-${arch}.txt"
)
echo "package: dist/release/${archive} ($(du -k "dist/release/${archive}" | cut -f1) KiB)"
