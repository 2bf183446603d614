"""What the desktop asks of the window's look: dark or light, high contrast,
how large to draw (HiDPI) and whether to move less; no Tk.

Every reading goes through a parameter that tests replace (the platform, the
environment, a command runner, a file reader, a Windows registry reader), so
this module is tested without a display or the desktops themselves. A setting
that cannot be read asks for nothing: light, normal contrast, Tk's own size.

- Dark: Windows ``AppsUseLightTheme`` 0; macOS ``AppleInterfaceStyle`` Dark;
  elsewhere the desktop portal's ``color-scheme`` (1 prefers dark), else
  GNOME's ``color-scheme`` ``prefer-dark`` (or a ``-dark`` GTK theme).
- High contrast: Windows' High Contrast flag; macOS Increase contrast; the
  portal's ``contrast`` 1, else GNOME's ``high-contrast``.
- Scale, only where Tk does not scale by itself (Tk 8.6 under X11; Tk 9 and
  the other windowing systems do): ``GDK_SCALE`` × ``GDK_DPI_SCALE`` or
  ``QT_SCALE_FACTOR`` when set, else ``Xft.dpi`` / 96 (``xrdb``; GNOME and
  KDE both set it for their scaling), else KDE's ``ScaleFactor`` or forced
  font DPI.
- Less motion: see :func:`system_reduces_motion`.
- Event sounds: see :func:`system_allows_event_sounds`.
"""

from __future__ import annotations

import configparser
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ttt_gui.theme import SYSTEM_THEME

#: Reads a Windows registry value (HKEY_CURRENT_USER key, value name); None if missing.
RegistryReader = Callable[[str, str], object]
#: Runs a command, giving its output (None if it is missing or fails).
Runner = Callable[[Sequence[str]], str | None]
#: Reads a text file (None if it cannot be read).
Reader = Callable[[Path], str | None]

PORTAL = [
    "gdbus",
    "call",
    "--session",
    "--timeout",
    "1",
    "--dest",
    "org.freedesktop.portal.Desktop",
    "--object-path",
    "/org/freedesktop/portal/desktop",
    "--method",
    "org.freedesktop.portal.Settings.Read",
    "org.freedesktop.appearance",
]
PERSONALIZE = r"Software\Microsoft\Windows\CurrentVersion\Themes\Personalize"
HIGH_CONTRAST = r"Control Panel\Accessibility\HighContrast"
#: Scales closer to 1 than this are taken as 1 (rounding in the settings).
SCALE_EPSILON = 0.05
MIN_SCALE, MAX_SCALE = 0.5, 4.0


@dataclass(frozen=True)
class SystemLook:
    """What the desktop asks for: ``dark``, ``high_contrast``, and ``scale``
    (the size of a 96-dpi pixel in pixels; None: leave Tk's own)."""

    dark: bool = False
    high_contrast: bool = False
    scale: float | None = None

    def theme(self, chosen: str) -> str:
        """The palette's name for the theme ``chosen`` in the menu: itself,
        or for the System theme the desktop's (high contrast first).

        >>> SystemLook(dark=True).theme("system"), SystemLook(dark=True).theme("light")
        ('dark', 'light')
        >>> SystemLook(dark=True, high_contrast=True).theme("system")
        'contrast'
        """
        if chosen != SYSTEM_THEME:
            return chosen
        return "contrast" if self.high_contrast else "dark" if self.dark else "light"


def run_quietly(command: Sequence[str]) -> str | None:
    """The output of ``command``, or None if it is missing, fails or takes over a second."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def read_quietly(path: Path) -> str | None:
    """The text of ``path``, or None if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:100_000]
    except (OSError, ValueError):
        return None


def windows_client_area_animation() -> bool | None:
    """Windows' "Show animations in Windows" setting (SPI_GETCLIENTAREAANIMATION);
    None where it cannot be read."""
    if sys.platform != "win32":
        return None
    import ctypes

    enabled = ctypes.c_int(1)
    get_client_area_animation = 0x1042
    user32 = ctypes.windll.user32
    if not user32.SystemParametersInfoW(get_client_area_animation, 0, ctypes.byref(enabled), 0):
        return None
    return bool(enabled.value)


def read_registry(key: str, name: str) -> object:
    """A value under HKEY_CURRENT_USER on Windows; None elsewhere or if missing."""
    if sys.platform != "win32":
        return None
    import winreg

    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, key) as opened:
            value: object = winreg.QueryValueEx(opened, name)[0]
            return value
    except OSError:
        return None


@dataclass(frozen=True)
class Desktop:
    """How to read a Linux desktop's settings: ``run`` commands; the session
    bus is asked only if there is one (``has_bus``: else ``gdbus`` would start
    one), GNOME's settings only where GNOME keeps them (``has_dconf``: else
    ``gsettings`` would make a cache folder for nothing)."""

    run: Runner
    has_bus: bool
    has_dconf: bool


def _portal(desktop: Desktop, key: str) -> int | None:
    """The desktop portal's ``org.freedesktop.appearance`` ``key`` (an integer)."""
    if not desktop.has_bus:
        return None
    answer = desktop.run([*PORTAL, key])
    found = re.findall(r"uint32 (\d+)", answer or "")
    return int(found[-1]) if found else None


def _gsettings(desktop: Desktop, schema: str, key: str) -> str:
    if not desktop.has_dconf:
        return ""
    return (desktop.run(["gsettings", "get", schema, key]) or "").strip().strip("'")


def _as_int(value: object) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def prefers_dark(*, platform: str, desktop: Desktop, registry: RegistryReader) -> bool:
    if platform == "win32":
        return _as_int(registry(PERSONALIZE, "AppsUseLightTheme")) == 0
    if platform == "darwin":
        answer = desktop.run(["defaults", "read", "-g", "AppleInterfaceStyle"])
        return (answer or "").strip() == "Dark"
    scheme = _portal(desktop, "color-scheme")
    if scheme in (1, 2):
        return scheme == 1
    if _gsettings(desktop, "org.gnome.desktop.interface", "color-scheme") == "prefer-dark":
        return True
    theme = _gsettings(desktop, "org.gnome.desktop.interface", "gtk-theme")
    return theme.lower().endswith("-dark")


def prefers_high_contrast(*, platform: str, desktop: Desktop, registry: RegistryReader) -> bool:
    if platform == "win32":
        return bool((_as_int(registry(HIGH_CONTRAST, "Flags")) or 0) & 1)
    if platform == "darwin":
        answer = desktop.run(["defaults", "read", "com.apple.universalaccess", "increaseContrast"])
        return (answer or "").strip() == "1"
    contrast = _portal(desktop, "contrast")
    if contrast is not None:
        return contrast == 1
    return _gsettings(desktop, "org.gnome.desktop.a11y.interface", "high-contrast") == "true"


def _ini(text: str | None, section: str, key: str) -> str | None:
    if not text:
        return None
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    return parser.get(section, key, fallback=None)


def _number(text: str | None) -> float | None:
    try:
        value = float((text or "").strip())
    except ValueError:
        return None
    return value if value > 0 else None


def xft_dpi(resources: str | None) -> float | None:
    """``Xft.dpi`` in X resources (``xrdb -query``'s output).

    >>> xft_dpi("Xft.antialias:\\t1\\nXft.dpi:\\t192\\n")
    192.0
    """
    for line in (resources or "").splitlines():
        name, _, value = line.partition(":")
        if name.strip() == "Xft.dpi":
            return _number(value)
    return None


def text_scale(
    *,
    environ: Mapping[str, str],
    run: Runner,
    read: Reader,
    config_home: Path,
) -> float | None:
    """The desktop's scale under X11 (see the module docstring); None if unknown."""
    gdk = _number(environ.get("GDK_SCALE"))
    if gdk is not None:
        return gdk * (_number(environ.get("GDK_DPI_SCALE")) or 1.0)
    qt = _number(environ.get("QT_SCALE_FACTOR"))
    if qt is not None:
        return qt
    dpi = xft_dpi(run(["xrdb", "-query"])) if environ.get("DISPLAY") else None
    if dpi is not None:
        return dpi / 96
    kde = read(config_home / "kdeglobals")
    factor = _number(_ini(kde, "KScreen", "ScaleFactor"))
    if factor is not None:
        return factor
    forced = _number(_ini(read(config_home / "kcmfonts"), "General", "forceFontDPI"))
    return forced / 96 if forced is not None else None


def probe(
    *,
    windowing: str,
    tk_version: float,
    chosen_theme: str,
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
    run: Runner = run_quietly,
    read: Reader = read_quietly,
    registry: RegistryReader = read_registry,
    config_home: Path | None = None,
) -> SystemLook:
    """What the desktop asks for now. ``windowing`` is Tk's windowing system
    (``x11``, ``win32``, ``aqua``); the colours are asked for only when the
    ``chosen_theme`` is the System theme (each reading may run a command)."""
    environ = os.environ if environ is None else environ
    if config_home is None:
        config_home = Path(environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    dark = contrast = False
    if chosen_theme == SYSTEM_THEME:
        desktop = Desktop(
            run,
            has_bus=bool(environ.get("DBUS_SESSION_BUS_ADDRESS")),
            has_dconf=read(config_home / "dconf" / "user") is not None,
        )
        contrast = prefers_high_contrast(platform=platform, desktop=desktop, registry=registry)
        dark = not contrast and prefers_dark(platform=platform, desktop=desktop, registry=registry)
    scale = None
    if windowing == "x11" and tk_version < 9:
        found = text_scale(environ=environ, run=run, read=read, config_home=config_home)
        if found is not None and abs(found - 1) > SCALE_EPSILON:
            scale = min(MAX_SCALE, max(MIN_SCALE, found))
    return SystemLook(dark=dark, high_contrast=contrast, scale=scale)


def system_reduces_motion(
    *,
    platform: str = sys.platform,
    run: Callable[[Sequence[str]], str | None] = run_quietly,
    read: Callable[[Path], str | None] = read_quietly,
    exists: Callable[[Path], bool] = os.path.exists,
    config_home: Path | None = None,
    windows_animations: Callable[[], bool | None] = windows_client_area_animation,
) -> bool:
    """Whether the desktop asks applications for reduced motion.

    Windows: animations off (SPI_GETCLIENTAREAANIMATION). macOS: Reduce
    motion (``com.apple.universalaccess reduceMotion``). Elsewhere: GNOME's
    ``org.gnome.desktop.interface enable-animations`` false (asked only where
    the person has a dconf settings database), GTK's
    ``gtk-enable-animations`` off in ``settings.ini`` (GTK 3 or 4), or KDE's
    ``AnimationDurationFactor`` 0. Settings that cannot be read ask for nothing.
    The parameters are the seams tests replace.
    """
    if platform == "win32":
        return windows_animations() is False
    if platform == "darwin":
        answer = run(["defaults", "read", "com.apple.universalaccess", "reduceMotion"])
        return (answer or "").strip() == "1"
    if config_home is None:
        config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    # Without the person's settings database GNOME's setting is its default (on),
    # and gsettings would create a cache folder in a home that has none.
    if exists(config_home / "dconf" / "user"):
        answer = run(["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"])
        if (answer or "").strip() == "false":
            return True
    for version in ("gtk-3.0", "gtk-4.0"):
        value = _ini(
            read(config_home / version / "settings.ini"), "Settings", "gtk-enable-animations"
        )
        if value is not None and value.strip().lower() in ("0", "false", "no", "off"):
            return True
    factor = _ini(read(config_home / "kdeglobals"), "KDE", "AnimationDurationFactor")
    try:
        return factor is not None and float(factor) == 0
    except ValueError:
        return False


def system_allows_event_sounds(
    *,
    platform: str = sys.platform,
    run: Callable[[Sequence[str]], str | None] = run_quietly,
    exists: Callable[[Path], bool] = os.path.exists,
    config_home: Path | None = None,
) -> bool:
    """Whether the desktop lets applications play sounds for events: the
    game's sounds are on by default only where it does.

    Elsewhere than Windows and macOS: GNOME's ``org.gnome.desktop.sound
    event-sounds`` (asked only where the person has a dconf settings
    database). A setting that cannot be read allows them.
    """
    if platform in ("win32", "darwin"):
        return True
    if config_home is None:
        config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    if not exists(config_home / "dconf" / "user"):
        return True
    answer = run(["gsettings", "get", "org.gnome.desktop.sound", "event-sounds"])
    return (answer or "").strip() != "false"
