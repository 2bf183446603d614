"""What the desktop asks of the look, read through fakes: no display, no
desktop, no registry."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from ttt_gui.gui.system_look import (
    HIGH_CONTRAST,
    PERSONALIZE,
    PORTAL,
    SystemLook,
    probe,
    system_reduces_motion,
)

HOME = Path("/home/someone/.config")
BUS = {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "DISPLAY": ":0"}


class Desk:
    """Commands answered from a table; files from a dict; records the commands run."""

    def __init__(
        self,
        answers: dict[tuple[str, ...], str] | None = None,
        files: dict[str, str] | None = None,
    ) -> None:
        self.answers = answers or {}
        self.files = files or {}
        self.ran: list[tuple[str, ...]] = []

    def run(self, command: Sequence[str]) -> str | None:
        self.ran.append(tuple(command))
        return self.answers.get(tuple(command))

    def read(self, path: Path) -> str | None:
        return self.files.get(str(path.relative_to(HOME)))


def look(
    desk: Desk, *, theme: str = "system", environ: dict[str, str] | None = None, **more: object
) -> SystemLook:
    arguments: dict[str, object] = {
        "windowing": "x11",
        "tk_version": 8.6,
        "platform": "linux",
        "environ": BUS if environ is None else environ,
        "run": desk.run,
        "read": desk.read,
        "registry": lambda key, name: None,
        "config_home": HOME,
    }
    arguments.update(more)
    return probe(chosen_theme=theme, **arguments)  # type: ignore[arg-type]


GNOME = {"dconf/user": "binary"}


def portal(key: str) -> tuple[str, ...]:
    return (*PORTAL, key)


def gsettings(schema: str, key: str) -> tuple[str, ...]:
    return ("gsettings", "get", schema, key)


def test_nothing_readable_asks_for_nothing() -> None:
    assert look(Desk(), environ={}) == SystemLook()


def test_the_portal_says_dark_or_light() -> None:
    dark = Desk({portal("color-scheme"): "(<<uint32 1>>,)\n"})
    assert look(dark) == SystemLook(dark=True)
    light = Desk({portal("color-scheme"): "(<<uint32 2>>,)\n"}, GNOME)
    light.answers[gsettings("org.gnome.desktop.interface", "color-scheme")] = "'prefer-dark'"
    assert look(light) == SystemLook(), "the portal's answer comes first"


def test_gnome_settings_without_a_portal() -> None:
    desk = Desk(
        {gsettings("org.gnome.desktop.interface", "color-scheme"): "'prefer-dark'\n"}, GNOME
    )
    assert look(desk, environ={}).theme("system") == "dark"
    themed = Desk({gsettings("org.gnome.desktop.interface", "gtk-theme"): "'Adwaita-dark'"}, GNOME)
    assert look(themed, environ={}).dark


def test_no_bus_and_no_dconf_run_no_command_that_would_start_or_write_something() -> None:
    desk = Desk()
    look(desk, environ={})
    assert not [command for command in desk.ran if command[0] in ("gdbus", "gsettings")]


def test_high_contrast_comes_before_dark() -> None:
    desk = Desk({portal("contrast"): "(<<uint32 1>>,)", portal("color-scheme"): "(<<uint32 1>>,)"})
    found = look(desk)
    assert found.high_contrast and found.theme("system") == "contrast"
    gnome = Desk({gsettings("org.gnome.desktop.a11y.interface", "high-contrast"): "true"}, GNOME)
    assert look(gnome, environ={}).theme("system") == "contrast"


def test_windows_reads_its_registry() -> None:
    values = {(PERSONALIZE, "AppsUseLightTheme"): 0, (HIGH_CONTRAST, "Flags"): "126"}
    found = look(
        Desk(), platform="win32", windowing="win32", registry=lambda k, n: values.get((k, n))
    )
    assert found == SystemLook(dark=True)
    values[(HIGH_CONTRAST, "Flags")] = "127"
    found = look(
        Desk(), platform="win32", windowing="win32", registry=lambda k, n: values.get((k, n))
    )
    assert found.theme("system") == "contrast"


def test_macos_reads_its_defaults() -> None:
    desk = Desk({("defaults", "read", "-g", "AppleInterfaceStyle"): "Dark\n"})
    assert look(desk, platform="darwin", windowing="aqua") == SystemLook(dark=True)


def test_a_chosen_theme_asks_the_desktop_nothing_about_colours() -> None:
    desk = Desk({portal("color-scheme"): "(<<uint32 1>>,)"})
    found = look(desk, theme="light")
    assert found.theme("light") == "light"
    assert not [command for command in desk.ran if command[0] != "xrdb"], "only the scale"


@pytest.mark.parametrize(
    ("environ", "answers", "files", "scale"),
    [
        ({"DISPLAY": ":0", "GDK_SCALE": "2"}, {}, {}, 2.0),
        ({"DISPLAY": ":0", "GDK_SCALE": "2", "GDK_DPI_SCALE": "0.75"}, {}, {}, 1.5),
        ({"DISPLAY": ":0", "QT_SCALE_FACTOR": "1.25"}, {}, {}, 1.25),
        ({"DISPLAY": ":0"}, {("xrdb", "-query"): "Xft.dpi:\t192\n"}, {}, 2.0),
        ({"DISPLAY": ":0"}, {}, {"kdeglobals": "[KScreen]\nScaleFactor=1.5\n"}, 1.5),
        ({"DISPLAY": ":0"}, {}, {"kcmfonts": "[General]\nforceFontDPI=144\n"}, 1.5),
        ({"DISPLAY": ":0"}, {("xrdb", "-query"): "Xft.dpi:\t96\n"}, {}, None),
        ({"DISPLAY": ":0", "GDK_SCALE": "nonsense"}, {}, {}, None),
        ({"DISPLAY": ":0", "GDK_SCALE": "40"}, {}, {}, 4.0),
    ],
)
def test_the_scale_under_x11(
    environ: dict[str, str],
    answers: dict[tuple[str, ...], str],
    files: dict[str, str],
    scale: float | None,
) -> None:
    assert look(Desk(answers, files), theme="light", environ=environ).scale == scale


def test_tk_9_and_other_windowing_systems_scale_by_themselves() -> None:
    environ = {"DISPLAY": ":0", "GDK_SCALE": "2"}
    assert look(Desk(), theme="light", environ=environ, tk_version=9.0).scale is None
    assert look(Desk(), theme="light", environ=environ, windowing="win32").scale is None


# -- reduced motion --


def answers(**outputs: str) -> object:
    def run(command: Sequence[str]) -> str | None:
        return outputs.get(command[0])

    return run


def files(**texts: str) -> object:
    def read(path: Path) -> str | None:
        return texts.get(path.parent.name if path.name == "settings.ini" else path.name)

    return read


@pytest.mark.parametrize(
    ("run", "read", "reduced"),
    [
        (answers(gsettings="true\n"), files(), False),
        (answers(gsettings="false\n"), files(), True),
        (answers(), files(), False),
        (answers(), files(**{"gtk-3.0": "[Settings]\ngtk-enable-animations=0\n"}), True),
        (answers(), files(**{"gtk-4.0": "[Settings]\ngtk-enable-animations = false\n"}), True),
        (answers(), files(**{"gtk-3.0": "[Settings]\ngtk-enable-animations=1\n"}), False),
        (answers(), files(kdeglobals="[KDE]\nAnimationDurationFactor=0\n"), True),
        (answers(), files(kdeglobals="[KDE]\nAnimationDurationFactor=0.5\n"), False),
        (answers(), files(kdeglobals="not an ini file ["), False),
    ],
)
def test_linux_desktops_ask_for_reduced_motion_by_gnome_gtk_or_kde(
    run: object, read: object, reduced: bool
) -> None:
    found = system_reduces_motion(
        platform="linux",
        run=run,  # type: ignore[arg-type]
        read=read,  # type: ignore[arg-type]
        exists=lambda path: path == Path("config/dconf/user"),
        config_home=Path("config"),
    )
    assert found is reduced


def test_gnome_is_not_asked_without_a_settings_database_so_nothing_is_written() -> None:
    asked: list[Sequence[str]] = []

    def run(command: Sequence[str]) -> str | None:
        asked.append(command)
        return "false\n"

    reduced = system_reduces_motion(
        platform="linux",
        run=run,
        read=lambda path: None,
        exists=lambda path: False,
        config_home=Path("config"),
    )
    assert not reduced and asked == []


def test_macos_and_windows_ask_by_their_own_settings() -> None:
    assert system_reduces_motion(platform="darwin", run=answers(defaults="1\n"))  # type: ignore[arg-type]
    assert not system_reduces_motion(platform="darwin", run=answers(defaults="0\n"))  # type: ignore[arg-type]
    assert not system_reduces_motion(platform="darwin", run=answers())  # type: ignore[arg-type]
    assert system_reduces_motion(platform="win32", windows_animations=lambda: False)
    assert not system_reduces_motion(platform="win32", windows_animations=lambda: True)
    assert not system_reduces_motion(platform="win32", windows_animations=lambda: None)
