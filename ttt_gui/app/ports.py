"""What the presenter asks of the world outside the game: dialogs, the clipboard,
a place to keep settings and a way to play sounds; no Tk.

The window passes the Tk implementation (:mod:`ttt_gui.gui.tk_dialogs`); tests
pass a fake that records the questions and answers from a script.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol

from ttt_gui.config import Shape
from ttt_gui.storage.games import SUFFIX
from ttt_gui.storage.settings import Settings

#: The file name ending of saved games, which the dialogs offer and add.
GAME_FILE_SUFFIX = SUFFIX


class Dialogs(Protocol):
    """Questions and messages for the person, and the clipboard."""

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool: ...

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None: ...

    def ask_board(self, shape: Shape) -> Shape | None:
        """A custom board, starting from ``shape``; checked; None if cancelled."""

    def show_info(self, title: str, text: str) -> None: ...

    def show_text(self, title: str, text: str) -> None:
        """A window of text to read (help, about): ``title`` is its heading,
        blank lines part the paragraphs, web addresses are links."""

    def show_table(self, title: str, rows: list[tuple[str, str]]) -> None: ...

    def show_error(self, title: str, text: str) -> None: ...

    def ask_open_path(self, folder: Path) -> Path | None:
        """A game file to open, starting in ``folder``; None if cancelled."""

    def ask_save_path(self, folder: Path, name: str) -> Path | None:
        """Where to save a game, starting in ``folder`` with ``name``; None if cancelled."""

    def read_clipboard(self, deliver: ClipboardDelivery) -> None:
        """Read the clipboard's text and give it to ``deliver``, at once or
        later on the window's thread; never blocks for long."""

    def set_clipboard(self, text: str) -> None: ...

    def choose_kept_game(self, entries: list[str]) -> tuple[int, KeptGameAction] | None:
        """One of the kept unfinished games described by ``entries`` and what
        to do with it: its index and ``"open"`` or ``"discard"``; None if cancelled."""


#: What Game › Resume… does with the kept game chosen.
KeptGameAction = Literal["open", "discard"]
#: The hidden command-line option that makes the program print the clipboard
#: (see :mod:`ttt_gui.gui.clipboard`).
CLIPBOARD_READER_OPTION = "--print-clipboard"
#: Takes the clipboard's text (None: it holds no text) and whether the
#: clipboard answered at all (False: its owner did not, in time).
ClipboardDelivery = Callable[[str | None, bool], None]


class SaveSettings(Protocol):
    """Persists settings; raises OSError (or ValueError) when it cannot.

    With ``wait`` False it does not wait for another window that holds the
    settings file's lock: it raises LockTimeoutError at once (having saved
    nothing), and a later call saves the changes."""

    def __call__(self, settings: Settings, /, *, wait: bool = True) -> None: ...


class Cue(enum.Enum):
    """The game's sounds (see :mod:`ttt_gui.app.sounds` for when each plays)."""

    MOVE = "move"
    LAND = "land"
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    REFUSED = "refused"


class SoundPlayer(Protocol):
    """Plays sounds for the window (the one of the system lives in ``gui``)."""

    def play(self, cue: Cue) -> None:
        """Start ``cue`` and return at once, without waiting for it to end;
        where no sound can be played, nothing (never an error)."""
