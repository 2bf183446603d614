#!/usr/bin/env bash
# Pack what build/build.sh made into one archive per system, with its SHA-256,
# in dist/release/:
#   Linux    ttt-gui-VERSION-linux-ARCH.tar.gz      the one-folder build in ttt-gui/,
#                                                   with its install and uninstall
#                                                   scripts (build/linux/), and its
#                                                   manual page and shell completions
#                                                   in share/ (build/command_line.py)
#   Windows  ttt-gui-VERSION-windows-ARCH-setup.exe the installer (build/windows/ttt-gui.nsi,
#                                                   needs NSIS's makensis)
#            ttt-gui-VERSION-windows-ARCH.zip       the one-folder build, to run unzipped
#   macOS    ttt-gui-VERSION-macos-ARCH.zip         (ditto keeps the bundle's
#                                                    permissions and links)
# and SHA256SUMS-SYSTEM-ARCH.txt beside it (sha256sum -c reads it).
#
#   PYTHON=.venv/bin/python build/package.sh
set -euo pipefail

PYTHON="${PYTHON:-python3}"
# A path (not a command's name) is made absolute: the script changes folders.
if [[ "$PYTHON" == */* ]]; then
    PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")"
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

version="$("$PYTHON" -c 'import sys; sys.path.insert(0, "build"); import metadata; print(metadata.read_version())')"
# X.Y.Z of the version, for the installer's version resource.
numeric_version="$("$PYTHON" -c 'import re, sys; parts = re.findall(r"\d+", sys.argv[1])[:3]; print(".".join(parts + ["0"] * (3 - len(parts))))' "$version")"
arch="$("$PYTHON" -c 'import platform; print(platform.machine().lower())')"
arch="${TTT_GUI_TARGET_ARCH:-$arch}"
mkdir -p dist/release
archives=()
case "$(uname -s)" in
    Linux)
        system=linux
        archive="ttt-gui-${version}-linux-${arch}.tar.gz"
        [ -x dist/ttt-gui/ttt-gui ] || { echo "package: no dist/ttt-gui/ttt-gui; run build/build.sh" >&2; exit 1; }
        cp build/linux/install build/linux/uninstall dist/ttt-gui/
        rm -rf dist/ttt-gui/share
        "$PYTHON" build/command_line.py dist/ttt-gui/share >/dev/null
        tar -C dist --owner=0 --group=0 -czf "dist/release/${archive}" ttt-gui
        ;;
    Darwin)
        system=macos
        archive="ttt-gui-${version}-macos-${arch}.zip"
        [ -d dist/Noxo.app ] || { echo "package: no dist/Noxo.app; run build/build.sh" >&2; exit 1; }
        ditto -c -k --sequesterRsrc --keepParent dist/Noxo.app "dist/release/${archive}"
        ;;
    MINGW* | MSYS* | CYGWIN*)
        system=windows
        archive="ttt-gui-${version}-windows-${arch}.zip"
        [ -f dist/ttt-gui/ttt-gui.exe ] || { echo "package: no dist/ttt-gui/ttt-gui.exe; run build/build.sh" >&2; exit 1; }
        (cd dist && "$PYTHON" -m zipfile -c "release/${archive}" ttt-gui/)
        installer="ttt-gui-${version}-windows-${arch}-setup.exe"
        # makensis works in the script's folder: absolute Windows paths.
        makensis -V2 -WX -DVERSION="$numeric_version" \
            -DDIST="$(cygpath -w "$ROOT/dist/ttt-gui")" \
            -DOUTFILE="$(cygpath -w "$ROOT/dist/release/${installer}")" \
            build/windows/ttt-gui.nsi
        archives+=("$installer")
        ;;
    *)
        echo "package: unknown system $(uname -s)" >&2
        exit 1
        ;;
esac
archives=("$archive" ${archives[@]+"${archives[@]}"})
(
    cd dist/release
    "$PYTHON" - "${archives[@]}" >"SHA256SUMS-${system}-${arch}.txt" <<'PY'
import hashlib, sys
for name in sys.argv[1:]:
    with open(name, "rb") as archive:
        print(f"{hashlib.file_digest(archive, 'sha256').hexdigest()}  {name}")
PY
    cat "SHA256SUMS-${system}-${arch}.txt"
)
for name in "${archives[@]}"; do
    echo "package: dist/release/${name} ($(du -k "dist/release/${name}" | cut -f1) KiB)"
done
