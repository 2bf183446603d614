"""The unfinished game kept from one run to the next; no Tk.

When the window closes with a game the person was playing, the game is kept
in a saved-game file beside the settings (``settings.unfinished.ttt``); the
next start takes it back. Taking removes the file under its lock, so of two
windows started together only one resumes the game. A file at that name that
is not a saved game is never overwritten or removed.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ttt_gui.storage.files import locked, resolve_link
from ttt_gui.storage.games import GameFileError, SavedGame, read_game, write_game


def unfinished_game_path(settings_path: Path) -> Path:
    """Where the unfinished game of the settings file ``settings_path`` is kept.

    >>> unfinished_game_path(Path("config/settings.json")).as_posix()
    'config/settings.unfinished.ttt'
    """
    return settings_path.with_name(f"{settings_path.stem}.unfinished.ttt")


class UnfinishedGame:
    """The kept unfinished game at ``path``. Both methods raise OSError if
    the file or its lock cannot be used."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def take(self) -> SavedGame | None:
        """The kept game, removed from the file; None if there is none (or the
        file there is not a saved game: it is left alone)."""
        target = resolve_link(self.path)
        if not target.exists():
            return None
        with locked(target):
            try:
                game = read_game(target)
            except GameFileError:
                return None
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
        return game

    def keep(self, game: SavedGame | None) -> None:
        """Keep ``game`` for the next start; None forgets any kept game."""
        target = resolve_link(self.path)
        if game is None and not target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        with locked(target):
            if target.exists():
                try:
                    read_game(target)
                except GameFileError:
                    return  # not the app's file
            if game is None:
                with contextlib.suppress(FileNotFoundError):
                    target.unlink()
            else:
                write_game(target, game)
