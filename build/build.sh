#!/usr/bin/env bash
# Build the executable with PyInstaller from build/ttt_gui.spec, from the
# repository root whatever the current directory:
#   Linux    dist/ttt-gui/ttt-gui        one folder
#   Windows  dist/ttt-gui/ttt-gui.exe    one folder (run from Git Bash)
#   macOS    dist/Noxo.app               application bundle
#
#   build/build.sh                       # uses python3
#   PYTHON=.venv/bin/python build/build.sh
#   build/build.sh dist/ttt_gui-...-cp311-cp311-linux_x86_64.whl   # freeze this wheel
#   TTT_GUI_COMPILE=0 build/build.sh     # a pure-Python engine (no C compiler needed)
#
# The executable is frozen from an installed package, never from the source
# tree: a fresh virtual environment (build/work/venv, made by PYTHON) gets the
# project with the engine compiled by mypyc (TTT_GUI_COMPILE=1, the default;
# a C compiler is needed and a failed compile fails the build), or the given
# wheel, and the "build" extra at the exact versions of build/constraints.txt.
# The build fails unless the frozen program holds the engine's extension
# modules and its --version says "engine: compiled" (or "engine: pure
# Python" with TTT_GUI_COMPILE=0).
set -euo pipefail

PYTHON="${PYTHON:-python3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WHEEL=""
if [ "$#" -gt 0 ]; then
    WHEEL="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
    [ -f "$WHEEL" ] || { echo "build: no wheel $1" >&2; exit 1; }
fi
cd "$ROOT"

COMPILE="${TTT_GUI_COMPILE:-1}"
case "$COMPILE" in
    1) ENGINE="compiled" ;;
    0) ENGINE="pure Python" ;;
    *) echo "build: TTT_GUI_COMPILE must be 1 (the default) or 0, not '$COMPILE'" >&2; exit 1 ;;
esac

echo "build: using $("$PYTHON" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

# A broken Tcl/Tk makes PyInstaller silently leave tkinter out of the build.
if ! "$PYTHON" -c "import tkinter; print('build: Tk', tkinter.TkVersion, 'Tcl', tkinter.Tcl().eval('info patchlevel'))"; then
    echo "build: this Python has no working tkinter/Tcl (on Debian/Ubuntu: apt-get install python3-tk)" >&2
    exit 1
fi

VENV=build/work/venv
echo "build: a fresh virtual environment in $VENV"
"$PYTHON" -m venv --clear "$VENV"
VENV_PYTHON="$VENV/bin/python"
[ -x "$VENV_PYTHON" ] || VENV_PYTHON="$VENV/Scripts/python.exe" # Windows
"$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check --upgrade pip

# On Linux the "desktop" extra too: the portal's file chooser (jeepney).
EXTRAS=build
[ "$(uname -s)" = Linux ] && EXTRAS=build,desktop
if [ -n "$WHEEL" ]; then
    echo "build: installing $(basename "$WHEEL") with the ${EXTRAS} extras"
    "$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check \
        -c build/constraints.txt "${WHEEL}[${EXTRAS}]"
else
    echo "build: installing the project (engine: ${ENGINE}) with the ${EXTRAS} extras"
    # setuptools' work folder may hold modules of an earlier build (a compiled
    # engine in a pure build): start it afresh.
    rm -rf build/setuptools
    TTT_GUI_COMPILE="$COMPILE" "$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check \
        -c build/constraints.txt ".[${EXTRAS}]" || {
        echo "build: the project did not install (engine: ${ENGINE}); with TTT_GUI_COMPILE=1 a C compiler and mypyc must work, or build with TTT_GUI_COMPILE=0" >&2
        exit 1
    }
fi

# python -P: the installed package, not the source tree of the current folder.
installed="$("$VENV_PYTHON" -P -m ttt_gui --version | tr -d '\r')"
echo "build: installed ${installed//$'\n'/; }"
[ "$(tail -n 1 <<<"$installed")" = "engine: ${ENGINE}" ] || {
    echo "build: the installed package does not say 'engine: ${ENGINE}'" >&2
    exit 1
}

echo "build: running PyInstaller $("$VENV_PYTHON" -m PyInstaller --version)"
start=$SECONDS
"$VENV_PYTHON" -P -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath build/work --distpath dist build/ttt_gui.spec

shipped=""
for out in dist/Noxo.app/Contents/MacOS/ttt-gui dist/ttt-gui/ttt-gui.exe dist/ttt-gui/ttt-gui; do
    if [ -e "$out" ]; then
        exe="$out"
        shipped=dist/ttt-gui
        [[ "$out" == dist/Noxo.app/* ]] && shipped=dist/Noxo.app
        break
    fi
done
[ -n "$shipped" ] || {
    echo "build: PyInstaller finished but dist/ holds no ttt-gui executable" >&2
    exit 1
}

# The extension modules the installed distribution holds (the engine's, and a
# shared mypyc helper module at the top of site-packages if it has one) must
# all be in the frozen program.
"$VENV_PYTHON" -P - "$shipped" "$ENGINE" <<'PY' || exit 1
import sys
from importlib.metadata import distribution
from pathlib import Path

shipped, engine = Path(sys.argv[1]), sys.argv[2]
installed = sorted(
    str(path) for path in distribution("ttt-gui").files or () if path.suffix in (".so", ".pyd")
)
frozen = {path.as_posix() for path in shipped.rglob("*") if path.suffix in (".so", ".pyd")}
missing = [name for name in installed if not any(path.endswith("/" + name) for path in frozen)]
if engine == "compiled" and not installed:
    sys.exit("build: the compiled install holds no extension modules")
if missing:
    sys.exit(f"build: {shipped} lacks the extension modules {', '.join(missing)}")
print(f"build: {len(installed)} extension module(s) of ttt-gui frozen in {shipped}")
PY

version="$("$exe" --version | tr -d '\r')"
[ "$(tail -n 1 <<<"$version")" = "engine: ${ENGINE}" ] || {
    echo "build: $exe --version printed '$version', not 'engine: ${ENGINE}'" >&2
    exit 1
}
echo "build: $exe --version: ${version//$'\n'/; }"
echo "build: built $exe ($(du -sk "$shipped" | cut -f1) KiB in $shipped) in $((SECONDS - start)) s"
