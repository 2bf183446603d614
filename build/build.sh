#!/usr/bin/env bash
# Build the executable with PyInstaller from build/ttt_gui.spec, from the
# repository root whatever the current directory:
#   Linux    dist/ttt-gui/ttt-gui        one folder
#   Windows  dist/ttt-gui/ttt-gui.exe    one folder (run from Git Bash)
#   macOS    dist/ttt-gui.app            application bundle
#
#   build/build.sh                       # uses python3
#   PYTHON=.venv/bin/python build/build.sh
#
# Installs the project with its "build" extra into that Python first, at the
# exact versions of build/constraints.txt.
set -euo pipefail

PYTHON="${PYTHON:-python3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

echo "build: using $("$PYTHON" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

# A broken Tcl/Tk makes PyInstaller silently leave tkinter out of the build.
if ! "$PYTHON" -c "import tkinter; print('build: Tk', tkinter.TkVersion, 'Tcl', tkinter.Tcl().eval('info patchlevel'))"; then
    echo "build: this Python has no working tkinter/Tcl (on Debian/Ubuntu: apt-get install python3-tk)" >&2
    exit 1
fi

echo "build: installing the project with its build extra"
"$PYTHON" -m pip install --quiet --disable-pip-version-check \
    -c build/constraints.txt -e '.[build]'

echo "build: compiling the message catalogues"
"$PYTHON" build/catalogues.py compile

echo "build: running PyInstaller $("$PYTHON" -m PyInstaller --version)"
start=$SECONDS
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath build/work --distpath dist build/ttt_gui.spec

for out in dist/ttt-gui.app dist/ttt-gui/ttt-gui.exe dist/ttt-gui/ttt-gui; do
    if [ -e "$out" ]; then
        shipped="$out"
        [[ "$out" == *.app ]] || shipped=dist/ttt-gui
        echo "build: built $out ($(du -sk "$shipped" | cut -f1) KiB in $shipped) in $((SECONDS - start)) s"
        exit 0
    fi
done
echo "build: PyInstaller finished but dist/ holds no ttt-gui executable" >&2
exit 1
