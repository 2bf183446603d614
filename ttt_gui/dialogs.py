"""What the presenter asks of the world outside the game: dialogs, the clipboard,
and a place to keep settings; no Tk.

The window passes the Tk implementation (:mod:`ttt_gui.gui.dialogs`); tests
pass a fake that records the questions and answers from a script.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ttt_gui.settings import Settings


class Dialogs(Protocol):
    """Questions and messages for the person, and the clipboard."""

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool: ...

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None: ...

    def show_info(self, title: str, text: str) -> None: ...

    def show_table(self, title: str, rows: list[tuple[str, str]]) -> None: ...

    def show_error(self, title: str, text: str) -> None: ...

    def ask_open_path(self) -> Path | None: ...

    def ask_save_path(self) -> Path | None: ...

    def get_clipboard(self) -> str | None: ...

    def set_clipboard(self, text: str) -> None: ...


#: Persists settings; raises OSError when it cannot.
SaveSettings = Callable[[Settings], None]
