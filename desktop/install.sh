#!/usr/bin/env bash
# Install the desktop entry, icons, MIME type (.ttt saved games) and AppStream
# metainfo for the current user, so that menus show the game with its icon and
# file managers open .ttt files with it; and the manual page (man ttt-gui) and
# the bash, zsh and fish completions, made from this checkout's command line by
# build/command_line.py (with ${PYTHON:-python3}; without them if it cannot).
#
#   desktop/install.sh [COMMAND]        # COMMAND: ttt-gui on PATH by default,
#                                       # or e.g. ~/.venvs/ttt/bin/ttt-gui, dist/ttt-gui
#   desktop/install.sh --uninstall
#
# Writes under ${XDG_DATA_HOME:-~/.local/share}; needs no root. An installed
# package does the same with `ttt-gui --install-desktop-entry`.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
FILES="$ROOT/ttt_gui/desktop"
APP_ID="io.github.tttgui.ttt_gui.Noxo"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
SIZES="16 24 32 48 64 128 256"
SHARED=(man/man6/ttt-gui.6 bash-completion/completions/ttt-gui zsh/site-functions/_ttt-gui
    fish/vendor_completions.d/ttt-gui.fish)

refresh() {
    if command -v update-mime-database >/dev/null; then
        update-mime-database "$DATA/mime"
    fi
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database -q "$DATA/applications"
    fi
    if command -v gtk-update-icon-cache >/dev/null && [ -f "$DATA/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$DATA/applications/$APP_ID.desktop" "$DATA/metainfo/$APP_ID.metainfo.xml" \
        "$DATA/mime/packages/$APP_ID.xml"
    for size in $SIZES; do
        rm -f "$DATA/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    done
    for file in "${SHARED[@]}"; do
        rm -f "$DATA/$file"
    done
    mkdir -p "$DATA/mime" "$DATA/applications"
    refresh
    echo "removed the desktop files of ttt-gui from $DATA"
    exit 0
fi

command_name="${1:-ttt-gui}"
if ! program="$(command -v "$command_name")"; then
    echo "install.sh: cannot find the command '$command_name'; give its path," \
        "e.g. desktop/install.sh ~/.venvs/ttt/bin/ttt-gui" >&2
    exit 1
fi
program="$(cd "$(dirname "$program")" && pwd)/$(basename "$program")"
case "$program" in
    *[$'\n\r']*)
        echo "install.sh: the path of '$command_name' has a line break; move it to a plainer path" >&2
        exit 1
        ;;
esac

# The program as one argument of a desktop entry's Exec value (Desktop Entry
# specification, "The Exec key"): in double quotes, where a backslash escapes
# ", `, $ and \; % written %%; then every backslash doubled and a tab written
# \t, as in any string value.
exec_argument() {
    local text="$1"
    text="${text//\\/\\\\}"
    text="${text//\"/\\\"}"
    text="${text//\`/\\\`}"
    text="${text//\$/\\\$}"
    text="${text//%/%%}"
    text="${text//\\/\\\\}"
    text="${text//$'\t'/\\t}"
    printf '"%s"' "$text"
}

mkdir -p "$DATA/applications" "$DATA/metainfo" "$DATA/mime/packages"
# No sed: the path is text, never part of a pattern or a replacement.
exec_value="$(exec_argument "$program")"
while IFS= read -r line; do
    case "$line" in
        "Exec=ttt-gui "*) printf '%s\n' "Exec=$exec_value ${line#Exec=ttt-gui }" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$FILES/$APP_ID.desktop" >"$DATA/applications/$APP_ID.desktop"
cp "$FILES/$APP_ID.metainfo.xml" "$DATA/metainfo/"
cp "$FILES/$APP_ID.xml" "$DATA/mime/packages/"
for size in $SIZES; do
    mkdir -p "$DATA/icons/hicolor/${size}x${size}/apps"
    cp "$ROOT/ttt_gui/icons/ttt-gui-${size}.png" "$DATA/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done
if ! made="$("${PYTHON:-python3}" "$ROOT/build/command_line.py" "$DATA" 2>&1)"; then
    echo "install.sh: no manual page or shell completions: ${made##*$'\n'}" >&2
fi
refresh
echo "installed the desktop files of ttt-gui in $DATA, starting $program"
