"""The commands that move positions and games in and out of the window: copy and
paste a position, save and open a game; no Tk.

:class:`Transfer` is a part the presenter owns, kept in its own module because
these commands share one concern: text and files that come from outside,
which may be anything.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from ttt_gui.app.commands import Handler
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.board import Board, InvalidPositionError, split_rules
from ttt_gui.config import MAX_WINDOW_SIZE, GameConfig, Shape
from ttt_gui.storage.games import SUFFIX, GameFileError, SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.words import gettext, ngettext


def current_game(session: Session) -> SavedGame:
    """The game of ``session`` up to the position shown, as a file keeps it."""
    history = session.history
    start = history.start
    return SavedGame(
        session.config,
        tuple(history.moves[: history.cursor]),
        None if start.move_count == 0 else str(start),
    )


def can_name_a_file(path: Path) -> bool:
    """Whether the system's encoding of file names can spell ``path`` (a name
    typed in another script than the locale's may not be)."""
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return False
    return True


class TransferHost(Protocol):
    """What copy/paste and save/open need of their presenter."""

    @property
    def message(self) -> str | None:
        """The message shown now, if any."""

    @property
    def is_closed(self) -> bool:
        """Whether the window has closed (a late clipboard answer is then dropped)."""

    def say(self, outcome: Refused | str | None) -> None: ...

    def schedule(self) -> None: ...

    def save_settings(self) -> None: ...


class ConfigChanger(Protocol):
    """Where a pasted position or an opened game changes the game's configuration."""

    def change_config(
        self,
        change: Callable[[GameConfig], GameConfig],
        start: Board | None = None,
        force_new: bool = False,
    ) -> bool:
        """Change the game's configuration, from ``start`` if given (see
        :meth:`~ttt_gui.app.game_setup.GameSetup.change_config`)."""


class Transfer:
    """Copy/paste and save/open for ``host``: the position and game of
    ``session``, the games folder in ``settings``, questions by ``dialogs``;
    a pasted position or opened game is played through ``setup``, after
    ``stop_search``."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        dialogs: Dialogs,
        host: TransferHost,
        *,
        setup: ConfigChanger,
        stop_search: Callable[[], None],
    ) -> None:
        self.session = session
        self.settings = settings
        self.dialogs = dialogs
        self.host = host
        self.setup = setup
        self.stop_search = stop_search
        #: A clipboard read has been asked for and not yet answered.
        self._is_reading_clipboard = False

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "copy_position": self.copy_position,
            "paste_position": self.paste_position,
            "save_game": self.save_game,
            "open_game": self.open_game,
            "open_game_file": self.open_game_file,
        }

    def copy_position(self) -> None:
        """Copy the position, with its rules when they are not the usual ones."""
        text = self.session.board.to_text()
        self.dialogs.set_clipboard(text)
        # TRANSLATORS: {position} is the position as text, e.g. "xo./.x./..o".
        self.host.say(gettext("Copied the position: {position}").format(position=text))

    def paste_position(self) -> None:
        """Read the clipboard (the answer may come later) and start from the
        position it holds: with the rules it names, else those of the game in
        play when the shape is the same, else the usual ones."""
        if self._is_reading_clipboard:
            self.host.say(gettext("Still waiting for the clipboard…"))
            return
        self._is_reading_clipboard = True
        self.dialogs.read_clipboard(self._paste_text)

    def _paste_text(self, text: str | None, answered: bool) -> None:
        self._is_reading_clipboard = False
        if self.host.is_closed:
            return
        if not answered:
            self.host.say(
                gettext(
                    "The clipboard did not answer (the program that copied may be busy); "
                    "nothing was pasted."
                )
            )
            return
        if text is None or not text.strip():
            self.host.say(gettext("The clipboard holds no text to read a position from."))
            return
        config = self.session.config
        try:
            position = split_rules(text)[0]
            shape = (position.count("/") + 1, len(position.split("/")[0]))
            same = shape == (config.rows, config.cols)
            board = Board.from_text(
                text,
                win_length=config.win_length if same else None,
                gravity=config.gravity and same,
                misere=config.misere and same,
                exact=config.exact and same,
                max_size=MAX_WINDOW_SIZE,
            )
        except InvalidPositionError as error:
            # TRANSLATORS: {reason} says what is wrong with the pasted text.
            self.host.say(gettext("Not a position: {reason}.").format(reason=error))
            return
        pasted = Shape.of(board)
        self.setup.change_config(lambda config: config.with_shape(pasted), start=board)

    def _games_folder(self) -> Path:
        """The folder of the last game saved or opened if it still exists, else
        the documents folder if there is one, else the home folder (never the
        working directory, which a file dialog would show for a missing one)."""
        if self.settings.folder and Path(self.settings.folder).is_dir():
            return Path(self.settings.folder)
        import platformdirs

        documents = platformdirs.user_documents_path()
        return documents if documents.is_dir() else Path.home()

    def _remember_folder(self, path: Path) -> None:
        self.settings.folder = str(path.parent)
        self.host.save_settings()

    def save_game(self) -> None:
        # TRANSLATORS: the name offered for a saved game's file; {date} is its date and
        # time, e.g. "2026-11-25 2315". Keep it short and usable as a file name.
        name = gettext("Tic-tac-toe {date}").format(date=time.strftime("%Y-%m-%d %H%M"))
        name += SUFFIX
        path = self.dialogs.ask_save_path(self._games_folder(), name)
        if path is None:
            return
        if not path.suffix:
            path = path.with_suffix(SUFFIX)
        if not can_name_a_file(path):
            self.host.say(gettext("This name cannot be used on this system; choose another."))
            return
        try:
            write_game(path, current_game(self.session))
        except OSError as error:
            # TRANSLATORS: {name} is a file's name; {reason} the system's words for the failure.
            could_not = gettext("Could not save the game as {name}: {reason}.")
            self.host.say(could_not.format(name=path.name, reason=error.strerror or error))
            return
        self._remember_folder(path)
        self.host.say(gettext("Saved the game as {name}.").format(name=path.name))

    def open_game(self) -> None:
        path = self.dialogs.ask_open_path(self._games_folder())
        if path is not None:
            self.open_game_file(path)

    def open_game_file(self, path: Path) -> None:
        """Open the saved game at ``path`` (a file the person named); a file that
        is not a game is refused with a message and the current game kept."""
        try:
            game = read_game(path)
        except GameFileError as error:
            # TRANSLATORS: {name} is a file's name; {reason} why it is not a saved game.
            could_not = gettext("Could not open {name}: {reason}.")
            self.host.say(could_not.format(name=path.name, reason=error))
            return
        if self.session.has_moves_to_lose and not self.dialogs.confirm(
            gettext("Open game"),
            gettext("Opening a game ends the game in progress."),
            gettext("Abandon game"),
            gettext("Keep playing"),
        ):
            return
        self.replay(game)
        self._remember_folder(path)
        count = len(game.moves)
        opened = ngettext("Opened {name}: {count} move.", "Opened {name}: {count} moves.", count)
        self.host.say(opened.format(name=path.name, count=count))
        self.host.schedule()

    def replay(self, game: SavedGame) -> None:
        """Play ``game`` from its start (with this window's think time); raises
        ValueError, leaving the game as it was, if its moves do not fit."""
        config = dataclasses.replace(game.config, think_time=self.session.config.think_time)
        self.stop_search()
        self.session.replay(config, game.start_board(), game.moves)
        self.host.save_settings()
