"""Reading the clipboard without freezing the window.

On X11 the clipboard belongs to another program, and Tk waits for that
program's answer (up to 5 seconds, twice over with tkinter's retry) inside
``clipboard get``. A program that hangs would hold the window that long. So
when another program owns the clipboard, a short-lived reader process reads
it and prints it: the system's ``xclip``, ``xsel`` or (on Wayland)
``wl-paste`` where one is installed, since it starts in milliseconds, else
this program started with :data:`READER_OPTION` (which ``cli/start.py``
handles before loading the game). The window only looks every
:data:`CHECK_MS` whether the reader has finished, and gives up (ending the
reader) after :data:`ANSWER_SECONDS`. A process, not a thread: a second Tk
interpreter starting in a thread would hold the interpreter lock for a few
hundred milliseconds. Elsewhere (and when this
program owns the clipboard) the answer is immediate and is read directly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tkinter as tk
from collections.abc import Callable

from ttt_gui.app.ports import CLIPBOARD_READER_OPTION as READER_OPTION
from ttt_gui.app.ports import ClipboardDelivery

#: How long the clipboard's owner has to answer.
ANSWER_SECONDS = 2.0
#: How often (ms) the window's thread looks for the answer.
CHECK_MS = 20
#: The reader prints at most this many characters (a position is short).
MAX_CHARACTERS = 10_000
#: The reader's exit status when the clipboard holds no text.
NO_TEXT = 3


def read_text(widget: tk.Misc) -> str | None:
    """The clipboard's text read through ``widget``'s interpreter; None if
    there is none. May wait for the owner: see the module's docstring."""
    try:
        return str(widget.clipboard_get())
    except tk.TclError:
        return None


def is_answer_immediate(root: tk.Misc) -> bool:
    """Whether reading the clipboard cannot wait for another program: not on
    X11, or this program owns the clipboard."""
    if root.tk.call("tk", "windowingsystem") != "x11":
        return True
    return bool(str(root.tk.call("selection", "own", "-selection", "CLIPBOARD")))


def print_clipboard() -> int:
    """The reader process: print the clipboard's text (UTF-8, shortened to
    :data:`MAX_CHARACTERS`); exit status 0, :data:`NO_TEXT` or 1 (no display)."""
    try:
        root = tk.Tk(className="ttt-gui-clipboard")
    except tk.TclError:
        return 1
    root.withdraw()
    text = read_text(root)
    root.destroy()
    if text is None:
        return NO_TEXT
    sys.stdout.buffer.write(text[:MAX_CHARACTERS].encode("utf-8", "replace"))
    sys.stdout.flush()
    return 0


#: The system's clipboard readers, tried in this order: each prints the
#: clipboard's text and exits 0, or exits with another status when there is
#: none. wl-paste only under Wayland, where it reads the same clipboard.
SYSTEM_READERS: tuple[tuple[str, ...], ...] = (
    ("xclip", "-selection", "clipboard", "-out", "-target", "UTF8_STRING"),
    ("xsel", "--clipboard", "--output"),
    ("wl-paste", "--no-newline", "--type", "text"),
)


def system_reader() -> list[str] | None:
    """The first of :data:`SYSTEM_READERS` installed here, as a command; None
    if there is none."""
    for name, *arguments in SYSTEM_READERS:
        if name == "wl-paste" and not os.environ.get("WAYLAND_DISPLAY"):
            continue
        found = shutil.which(name)
        if found is not None:
            return [found, *arguments]
    return None


def reader_command() -> list[str]:
    """The command that prints the clipboard: :func:`system_reader`, else this
    program in its reader mode."""
    system = system_reader()
    if system is not None:
        return system
    if getattr(sys, "frozen", False):  # the packaged executable
        return [sys.executable, READER_OPTION]
    return [sys.executable, "-m", "ttt_gui", READER_OPTION]


class ClipboardReader:
    """Reads the clipboard for one window."""

    def __init__(self, root: tk.Tk) -> None:
        self.root = root

    def read(self, deliver: ClipboardDelivery, after_delivery: Callable[[], None]) -> None:
        """Give ``deliver`` the clipboard's text: at once when it is
        immediate, else later from an ``after()`` callback, followed there by
        ``after_delivery`` (the window repaints)."""
        if is_answer_immediate(self.root):
            deliver(read_text(self.root), True)
            return
        command = reader_command()
        by_system = command[:1] != [sys.executable]
        try:
            reader = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            deliver(read_text(self.root), True)  # no reader: read here, at worst waiting
            return
        deadline = time.monotonic() + ANSWER_SECONDS
        self._wait(reader, deadline, by_system, deliver, after_delivery)

    def _wait(
        self,
        reader: subprocess.Popen[bytes],
        deadline: float,
        by_system: bool,
        deliver: ClipboardDelivery,
        after_delivery: Callable[[], None],
    ) -> None:
        status = reader.poll()
        if status is None and time.monotonic() < deadline:
            self.root.after(
                CHECK_MS, self._wait, reader, deadline, by_system, deliver, after_delivery
            )
            return
        if status is None:
            reader.kill()
        output, _ = reader.communicate()
        if status == 0:
            deliver(output[: MAX_CHARACTERS * 4].decode("utf-8", "replace")[:MAX_CHARACTERS], True)
        else:
            # A system reader's other statuses, like NO_TEXT, mean it had an
            # answer without text; None means the owner never answered.
            deliver(None, status is not None and (status == NO_TEXT or by_system))
        after_delivery()
