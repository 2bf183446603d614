#!/usr/bin/env bash
# The desktop readings the window makes (dark or light, high contrast), made
# the way the sandbox makes them: through the desktop portal's Settings
# interface on the session bus, with gdbus. GNOME's colour scheme is set to
# dark, then light, and the game's own reading must follow it each time.
#
#   xvfb-run -a dbus-run-session -- bash build/flatpak_readings.sh \
#       flatpak run --command=python3 io.github.tttgui.ttt_gui.Noxo
#
# The arguments are the Python to ask (inside the Flatpak, as above; with none,
# this machine's python3 and the checkout's ttt_gui). Needs a session bus of
# its own (dbus-run-session), a display for the GTK portal (xvfb-run), and
# xdg-desktop-portal with xdg-desktop-portal-gtk and GNOME's settings schemas.
set -euo pipefail

[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || { echo "readings: no session bus" >&2; exit 1; }
if [ "$#" -eq 0 ]; then
    set -- python3
    export PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fi

# A settings store of its own, and the GTK portal for Settings.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config" GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/xdg-desktop-portal"
printf '[preferred]\ndefault=gtk\n' >"$XDG_CONFIG_HOME/xdg-desktop-portal/portals.conf"
# The portals are started by the bus: they must see the same store.
dbus-update-activation-environment XDG_CONFIG_HOME GSETTINGS_BACKEND DISPLAY

reading() {
    "$@" -c '
from ttt_gui.gui.system_look import probe
from ttt_gui.theme import SYSTEM_THEME
look = probe(windowing="x11", tk_version=8.6, chosen_theme=SYSTEM_THEME)
print("dark" if look.dark else "light")'
}

status=0
for scheme in prefer-dark prefer-light; do
    gsettings set org.gnome.desktop.interface color-scheme "$scheme"
    expected="${scheme#prefer-}"
    # The portal starts on the first question and reads the settings it is
    # told of: ask again for a few seconds until it has them.
    got=""
    for _ in $(seq 20); do
        got="$(reading "$@")"
        [ "$got" = "$expected" ] && break
        sleep 0.5
    done
    echo "color-scheme $scheme: the game reads $got"
    [ "$got" = "$expected" ] || status=1
done
exit "$status"
