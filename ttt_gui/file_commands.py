"""The commands that move positions and games in and out of the window: copy and
paste a position, save and open a game; no Tk.

:class:`FileCommands` is a part of :class:`~ttt_gui.presenter.Presenter`,
kept in its own module because these commands share one concern: text and
files that come from outside, which may be anything.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from ttt_gui.board import Board, InvalidPositionError
from ttt_gui.dialogs import Dialogs
from ttt_gui.games import SUFFIX, GameFileError, SavedGame, read_game, write_game
from ttt_gui.session import Refused, Session
from ttt_gui.settings import Settings


class FileCommands:
    """Copy/paste and save/open, for a presenter that provides the members below."""

    session: Session
    dialogs: Dialogs
    settings: Settings
    is_closed: bool
    #: A clipboard read has been asked for and not yet answered.
    _is_reading_clipboard = False

    def save_settings(self) -> None:
        raise NotImplementedError

    def _say(self, outcome: Refused | str | None) -> None:
        raise NotImplementedError

    def _schedule(self) -> None:
        raise NotImplementedError

    def _store_config(self) -> None:
        raise NotImplementedError

    def cancel_search(self) -> None:
        raise NotImplementedError

    def change_config(
        self, start: Board | None = None, force_new: bool = False, **changes: Any
    ) -> bool:
        raise NotImplementedError

    def copy_position(self) -> None:
        text = str(self.session.board)
        self.dialogs.set_clipboard(text)
        self._say(f"Copied the position: {text}")

    def paste_position(self) -> None:
        """Read the clipboard (the answer may come later) and play from the
        position it holds."""
        if self._is_reading_clipboard:
            self._say("Still waiting for the clipboard…")
            return
        self._is_reading_clipboard = True
        self.dialogs.read_clipboard(self._paste_text)

    def _paste_text(self, text: str | None, answered: bool) -> None:
        self._is_reading_clipboard = False
        if self.is_closed:
            return
        if not answered:
            self._say(
                "The clipboard did not answer (the program that copied may be busy); "
                "nothing was pasted."
            )
            return
        if text is None or not text.strip():
            self._say("The clipboard holds no text to read a position from.")
            return
        text = "".join(text.split())
        config = self.session.config
        rows = text.count("/") + 1
        try:
            board = Board.parse(
                text, win_length=config.win_length if rows == config.size else None
            )
        except InvalidPositionError as error:
            self._say(f"Not a position: {error}.")
            return
        self.change_config(start=board, size=board.size, win_length=board.win_length)

    def _games_folder(self) -> Path:
        """The folder of the last game saved or opened, else the documents folder."""
        if self.settings.folder and Path(self.settings.folder).is_dir():
            return Path(self.settings.folder)
        from platformdirs import user_documents_path

        return user_documents_path()

    def _remember_folder(self, path: Path) -> None:
        self.settings.folder = str(path.parent)
        self.save_settings()

    def save_game(self) -> None:
        name = time.strftime(f"Tic-tac-toe %Y-%m-%d %H%M{SUFFIX}")
        path = self.dialogs.ask_save_path(self._games_folder(), name)
        if path is None:
            return
        if not path.suffix:
            path = path.with_suffix(SUFFIX)
        history = self.session.history
        start = history.start
        game = SavedGame(
            self.session.config,
            tuple(history.moves[: history.cursor]),
            None if start.move_count == 0 else str(start),
        )
        try:
            write_game(path, game)
        except OSError as error:
            self._say(f"Could not save the game as {path.name}: {error.strerror or error}.")
            return
        self._remember_folder(path)
        self._say(f"Saved the game as {path.name}.")

    def open_game(self) -> None:
        path = self.dialogs.ask_open_path(self._games_folder())
        if path is None:
            return
        try:
            game = read_game(path)
        except GameFileError as error:
            self._say(f"Could not open {path.name}: {error}.")
            return
        if self.session.has_moves_to_lose and not self.dialogs.confirm(
            "Open game",
            "Opening a game ends the game in progress.",
            "Abandon game",
            "Keep playing",
        ):
            return
        config = dataclasses.replace(game.config, think_time=self.session.config.think_time)
        self.cancel_search()
        self.session.replay(config, game.start_board(), game.moves)
        self._store_config()
        self._remember_folder(path)
        self._say(f"Opened {path.name}: {len(game.moves)} moves.")
        self._schedule()
