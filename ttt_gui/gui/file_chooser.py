"""The desktop's own file chooser for Open and Save, where there is one.

On Linux and the BSDs the desktop's chooser (with its places, bookmarks and
recent folders) is used instead of Tk's plain one, the first found of:

1. the XDG desktop portal's FileChooser, over D-Bus (see
   :mod:`ttt_gui.gui.portal_chooser`; only where the optional ``jeepney``
   library is installed, as the packaged builds have it);
2. ``kdialog`` on KDE and ``zenity`` elsewhere (the other one if only that
   one is installed).

Tk's own dialog stays the answer on Windows and macOS (where Tk's dialog is
already the system's), where none of these is found, and whenever a chooser
fails: :class:`RunningChooser` then answers :data:`FAILED` and the caller
asks again with Tk's dialog, so nothing is lost.

A chooser runs outside Tk: a process (or the portal's thread) that the
window polls with ``after()``, so the window keeps repainting meanwhile.
Nothing here needs a display.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

#: The desktops whose own chooser is ``kdialog`` (as XDG_CURRENT_DESKTOP names them).
KDE_DESKTOPS = frozenset({"kde", "plasma", "lxqt", "trinity"})


@dataclass(frozen=True)
class FileQuestion:
    """What a file chooser asks: to open or to save (``saving``), its
    ``title``, the ``folder`` it starts in, the ``name`` it proposes (saving
    only), and its ``filters`` as (description, pattern) pairs, the first
    chosen at the start."""

    saving: bool
    title: str
    folder: Path
    name: str
    filters: Sequence[tuple[str, str]]
    #: The X window the chooser belongs to (0: none known).
    parent: int = 0


@dataclass(frozen=True)
class ChooserAnswer:
    """A chooser's answer: the ``path`` chosen, None if cancelled; with
    ``failed`` the chooser did not work (the caller asks Tk's dialog)."""

    path: Path | None
    failed: bool = False


#: The answer of a chooser that did not work.
FAILED = ChooserAnswer(None, failed=True)
#: The answer of a chooser that the person cancelled.
CANCELLED = ChooserAnswer(None)


class RunningChooser(Protocol):
    """A chooser on screen."""

    def poll(self) -> ChooserAnswer | None:
        """Its answer once it has closed; None while it is open. Never blocks."""

    def cancel(self) -> None:
        """Close it (the window is closing); it then answers soon."""


class Chooser(Protocol):
    """A kind of file chooser: starts one on screen for a question."""

    name: str

    def start(self, question: FileQuestion) -> RunningChooser:
        """Show a chooser for ``question``. Never raises: a chooser that
        cannot start answers :data:`FAILED` at its first poll."""


class Process(Protocol):
    """What a chooser needs of a started process (a ``subprocess.Popen``)."""

    @property
    def stdout(self) -> IO[bytes] | None: ...

    def poll(self) -> int | None: ...

    def terminate(self) -> None: ...


#: Starts a command with its standard output read as bytes (a ``Popen``).
StartProcess = Callable[[list[str]], Process]


def start_process(command: list[str]) -> Process:
    """``command`` started with its output piped, no input and its messages
    (GTK's warnings) dropped; raises OSError if it cannot start."""
    return subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )


def zenity_command(question: FileQuestion) -> list[str]:
    """GNOME's chooser as ``zenity --file-selection`` asks ``question``.

    Saving, zenity asks itself before replacing a file (``--confirm-overwrite``).

    >>> zenity_command(FileQuestion(False, "Open", Path("/g"), "", [("Games", "*.ttt")]))[2:]
    ['--title=Open', '--filename=/g/', '--file-filter=Games | *.ttt']
    """
    command = ["zenity", "--file-selection", f"--title={question.title}"]
    if question.saving:
        command += ["--save", "--confirm-overwrite"]
        command.append(f"--filename={question.folder / question.name}")
    else:
        command.append(f"--filename={question.folder}{os.sep}")
    command += [f"--file-filter={name} | {pattern}" for name, pattern in question.filters]
    if question.parent:
        command += ["--modal", f"--attach={question.parent}"]
    return command


def kdialog_command(question: FileQuestion) -> list[str]:
    """KDE's chooser as ``kdialog`` asks ``question`` (it asks itself before
    replacing a file).

    >>> kdialog_command(FileQuestion(True, "Save", Path("/g"), "a.ttt", [("Games", "*.ttt")]))
    ['kdialog', '--title', 'Save', '--getsavefilename', '/g/a.ttt', '*.ttt|Games']
    """
    command = ["kdialog", "--title", question.title]
    if question.parent:
        command += ["--attach", str(question.parent)]
    if question.saving:
        command += ["--getsavefilename", str(question.folder / question.name)]
    else:
        command += ["--getopenfilename", str(question.folder)]
    command.append("\n".join(f"{pattern}|{name}" for name, pattern in question.filters))
    return command


def read_answer(returncode: int, output: bytes) -> ChooserAnswer:
    """The answer of a zenity or kdialog that exited with ``returncode``
    having printed ``output``: 0 and a path is that path, 1 is cancelled,
    anything else (an error, a signal, no path) failed.

    >>> read_answer(0, b"/home/a/game.ttt\\n")
    ChooserAnswer(path=PosixPath('/home/a/game.ttt'), failed=False)
    >>> read_answer(1, b"") == CANCELLED, read_answer(255, b"") == FAILED
    (True, True)
    """
    if returncode == 1:
        return CANCELLED
    lines = os.fsdecode(output).splitlines()
    if returncode != 0 or not lines or not lines[0].strip():
        return FAILED
    path = Path(lines[0])
    return ChooserAnswer(path) if path.is_absolute() else FAILED


class RunningCommand:
    """A chooser process on screen (see :class:`RunningChooser`)."""

    def __init__(self, process: Process | None) -> None:
        self.process = process

    def poll(self) -> ChooserAnswer | None:
        if self.process is None:
            return FAILED
        returncode = self.process.poll()
        if returncode is None:
            return None
        output = self.process.stdout.read() if self.process.stdout is not None else b""
        return read_answer(returncode, output)

    def cancel(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()


class CommandChooser:
    """A chooser that is a program: ``build`` makes its command line from a
    question; ``start`` runs it (a fake in the tests)."""

    def __init__(
        self,
        name: str,
        build: Callable[[FileQuestion], list[str]],
        start: StartProcess = start_process,
    ) -> None:
        self.name = name
        self.build = build
        self.start_process = start

    def start(self, question: FileQuestion) -> RunningChooser:
        try:
            return RunningCommand(self.start_process(self.build(question)))
        except (OSError, ValueError):  # gone since it was found, or a bad name
            return RunningCommand(None)


def is_kde(environ: Mapping[str, str]) -> bool:
    """Whether the desktop is KDE's (or another whose chooser is kdialog).

    >>> is_kde({"XDG_CURRENT_DESKTOP": "KDE"}), is_kde({"XDG_CURRENT_DESKTOP": "ubuntu:GNOME"})
    (True, False)
    """
    desktops = environ.get("XDG_CURRENT_DESKTOP", "").lower().split(":")
    return any(desktop in KDE_DESKTOPS for desktop in desktops)


def find_choosers(
    environ: Mapping[str, str] = os.environ,
    which: Callable[[str], str | None] = shutil.which,
    platform: str = sys.platform,
    portal: Callable[[], Chooser | None] = lambda: None,
) -> list[Chooser]:
    """The desktop's own choosers, the one to try first first; none where
    Tk's dialog is the one to use (Windows, macOS, no display, none
    installed). ``portal`` gives the portal's chooser where it can be asked
    (None: it cannot)."""
    if platform in ("win32", "darwin", "cygwin"):
        return []
    if not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return []
    choosers: list[Chooser] = []
    found = portal()
    if found is not None:
        choosers.append(found)
    programs = [("zenity", zenity_command), ("kdialog", kdialog_command)]
    if is_kde(environ):
        programs.reverse()
    choosers += [CommandChooser(name, build) for name, build in programs if which(name)]
    return choosers
