"""``ttt-gui --install-desktop-entry`` and ``--uninstall-desktop-entry``: the
desktop entry, icons, MIME type (``.ttt`` saved games) and AppStream metainfo,
from the installed package, for menus and file managers (freedesktop desktops);
and the manual page and shell completions the package's build made
(``ttt_gui/desktop/share/``, by ``build/command_line.py``), where it has them.

What ``desktop/install.sh`` does from a checkout, for a program installed
with pip, pipx or uv, or a folder build. The files go under
``$XDG_DATA_HOME`` (``~/.local/share`` by default); with
``XDG_DATA_HOME=/usr/local/share`` they are installed for every user.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ttt_gui.words import gettext, gettext_noop

APP_ID = "io.github.tttgui.ttt_gui.Noxo"
#: The application ID of earlier versions (the metainfo's ``<replaces>``):
#: their desktop files go when these are installed or removed, so no menu
#: shows the game twice.
FORMER_APP_ID = "io.github.tttgui.TttGui"
#: What each text file an earlier version installed holds, by its place in
#: :meth:`DataFolders.files` (entry, metainfo, MIME type); a file without it
#: is someone else's and stays.
FORMER_MARKS = (
    b"Icon=" + FORMER_APP_ID.encode(),
    f"<id>{FORMER_APP_ID}</id>".encode(),
    b"x-ttt-gui-game",
)
#: The sizes of the hicolor icon theme folders the icons go to.
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: The command the packaged desktop entry names, replaced by the installed one's path.
PACKAGED_EXEC = "Exec=ttt-gui "
#: The manual page and the bash, zsh and fish completions: each at the same
#: path under the package's ``desktop/share`` and under the data folder.
SHARED_FILES = (
    "man/man6/ttt-gui.6",
    "bash-completion/completions/ttt-gui",
    "zsh/site-functions/_ttt-gui",
    "fish/vendor_completions.d/ttt-gui.fish",
)

# What the options print (marked here, translated where printed).
INSTALLED = gettext_noop("Installed the desktop files of ttt-gui in {folder}, starting {command}.")
REMOVED = gettext_noop("Removed the desktop files of ttt-gui from {folder}.")
FAILED = gettext_noop("ttt-gui: {error}")
LINE_BREAK = gettext_noop(
    "The path {path!r} has a line break; move the program to a plainer path."
)


class DesktopEntryError(ValueError):
    """The desktop entry cannot name this program (its path has a line break)."""


@dataclass(frozen=True)
class DataFolders:
    """Where the desktop files of one data folder (``$XDG_DATA_HOME``) go,
    named by ``app_id`` (an earlier version's, to find what it left)."""

    data: Path
    app_id: str = APP_ID

    @property
    def entry(self) -> Path:
        return self.data / "applications" / f"{self.app_id}.desktop"

    @property
    def metainfo(self) -> Path:
        return self.data / "metainfo" / f"{self.app_id}.metainfo.xml"

    @property
    def mime_type(self) -> Path:
        return self.data / "mime" / "packages" / f"{self.app_id}.xml"

    def icon(self, size: int) -> Path:
        folder = self.data / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        return folder / f"{self.app_id}.png"

    def files(self) -> list[Path]:
        """Every desktop file installed, icons last."""
        return [self.entry, self.metainfo, self.mime_type, *map(self.icon, ICON_SIZES)]

    def shared(self) -> list[Path]:
        """Where the manual page and the completions go."""
        return [self.data / name for name in SHARED_FILES]


def data_home() -> Path:
    """``$XDG_DATA_HOME`` if it is an absolute path, else ``~/.local/share``
    (the XDG Base Directory specification ignores a relative one)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def this_program() -> list[str]:
    """The command that starts this program, as absolute paths: the frozen
    executable, the ``ttt-gui`` script that is running, or this Python with
    ``-m ttt_gui``."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.stem == "ttt-gui" and script.is_file():
        return [os.path.abspath(script)]
    return [os.path.abspath(sys.executable), "-m", "ttt_gui"]


def exec_argument(text: str) -> str:
    """``text`` as one argument of a desktop entry's Exec value (Desktop Entry
    specification, "The Exec key"): double-quoted, with ``"``, `````, ``$`` and
    ``\\`` escaped by a backslash and ``%`` written ``%%``; then, as in any
    string value, every backslash doubled and a tab written ``\\t``. Raises
    DesktopEntryError for a line break, which no Exec value can hold."""
    if "\n" in text or "\r" in text:
        raise DesktopEntryError(gettext(LINE_BREAK).format(path=text))
    quoted = "".join("\\" + char if char in '"`$\\' else char for char in text)
    quoted = quoted.replace("%", "%%")
    escaped = quoted.replace("\\", "\\\\").replace("\t", "\\t")
    return f'"{escaped}"'


def _packaged(name: str) -> bytes:
    return (resources.files("ttt_gui") / "desktop" / name).read_bytes()


def _packaged_icon(size: int) -> bytes:
    return (resources.files("ttt_gui") / "icons" / f"ttt-gui-{size}.png").read_bytes()


def packaged_shared_files() -> dict[str, bytes]:
    """The manual page and completions the package holds, by their path under
    ``share``: all of them in a built package, none in a source tree that
    was never built."""
    share = resources.files("ttt_gui") / "desktop" / "share"
    found = {}
    for name in SHARED_FILES:
        packaged = share.joinpath(*name.split("/"))
        if packaged.is_file():
            found[name] = packaged.read_bytes()
    return found


def desktop_entry_text(command: list[str]) -> str:
    """The packaged desktop entry with its Exec value starting ``command``."""
    exec_value = " ".join(exec_argument(argument) for argument in command)
    lines = []
    for line in _packaged(f"{APP_ID}.desktop").decode("utf-8").splitlines():
        if line.startswith(PACKAGED_EXEC):
            line = f"Exec={exec_value} {line.removeprefix(PACKAGED_EXEC)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(data: Path, command: list[str]) -> list[Path]:
    """Install the desktop files (and the manual page and completions the
    package holds) under ``data`` for ``command``; refresh the
    desktop's caches. Returns the files written. Raises OSError or
    DesktopEntryError, having written nothing for the latter."""
    folders = DataFolders(data)
    entry_text = desktop_entry_text(command)
    contents: dict[Path, bytes] = {
        folders.entry: entry_text.encode("utf-8"),
        folders.metainfo: _packaged(f"{APP_ID}.metainfo.xml"),
        folders.mime_type: _packaged(f"{APP_ID}.xml"),
    }
    contents.update({folders.icon(size): _packaged_icon(size) for size in ICON_SIZES})
    contents.update({data / name: text for name, text in packaged_shared_files().items()})
    for path, content in contents.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    remove_former(data)
    refresh_caches(data)
    return list(contents)


def remove_former(data: Path) -> list[Path]:
    """Remove the desktop files an earlier version installed under ``data``
    with its former application ID; returns those removed. Only regular
    files are removed (never a link, nor what it points to), and a text
    file only if it holds what that version wrote (:data:`FORMER_MARKS`)."""
    former = DataFolders(data, FORMER_APP_ID)
    marks: list[bytes | None] = [*FORMER_MARKS, *(None for _ in ICON_SIZES)]
    removed = []
    for path, mark in zip(former.files(), marks):
        try:
            if path.is_symlink() or not path.is_file():
                continue
            if mark is not None and mark not in path.read_bytes():
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def uninstall(data: Path) -> list[Path]:
    """Remove the desktop files, the manual page and the completions from
    ``data`` and refresh the desktop's caches. Returns the files that were there."""
    removed = []
    folders = DataFolders(data)
    for path in [*folders.files(), *folders.shared()]:
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    removed += remove_former(data)
    refresh_caches(data)
    return removed


def refresh_caches(data: Path) -> None:
    """Rebuild the MIME database, the desktop entries' MIME cache and the icon
    cache of ``data``, with whichever of the system's tools exist."""
    commands = [
        ("update-mime-database", [str(data / "mime")], data / "mime"),
        ("update-desktop-database", ["-q", str(data / "applications")], data / "applications"),
    ]
    hicolor = data / "icons" / "hicolor"
    if (hicolor / "index.theme").is_file():
        commands.append(("gtk-update-icon-cache", ["-q", "-t", str(hicolor)], hicolor))
    for name, arguments, folder in commands:
        tool = shutil.which(name)
        if tool is None or not folder.is_dir():
            continue
        subprocess.run(
            [tool, *arguments],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            check=False,
            timeout=120,
        )


def run(*, remove: bool) -> int:
    """The command-line options: install (or ``remove``) for this program, in
    :func:`data_home`; print what was done; exit status 0, or 1 with a
    message on standard error."""
    data = data_home()
    try:
        if remove:
            uninstall(data)
            print(gettext(REMOVED).format(folder=data))
            return 0
        command = this_program()
        install(data, command)
    except (OSError, DesktopEntryError) as error:
        print(gettext(FAILED).format(error=error), file=sys.stderr)
        return 1
    print(gettext(INSTALLED).format(folder=data, command=" ".join(command)))
    return 0
