"""The commands that move positions and games in and out of the window: copy and
paste a position, save and open a game, keep the unfinished game; no Tk.

:class:`Transfer` is a part the presenter owns, kept in its own module because
these commands share one concern: text and files that come from outside,
which may be anything.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from ttt_gui.app.actions import menu_path
from ttt_gui.app.commands import Handler
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.board import Board, InvalidPositionError, split_rules
from ttt_gui.config import MAX_WINDOW_SIZE, GameConfig, Shape
from ttt_gui.storage.files import describe_file_error
from ttt_gui.storage.games import SUFFIX, GameFileError, SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import KeptGame, UnfinishedGame
from ttt_gui.words import gettext, ngettext


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
    ``stop_search``; ``unfinished`` keeps the game the person is playing,
    saved as it is played, for the next start (None: not kept)."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        dialogs: Dialogs,
        host: TransferHost,
        *,
        setup: ConfigChanger,
        stop_search: Callable[[], None],
        unfinished: UnfinishedGame | None = None,
    ) -> None:
        self.session = session
        self.settings = settings
        self.dialogs = dialogs
        self.host = host
        self.setup = setup
        self.stop_search = stop_search
        self.unfinished = unfinished
        #: How many kept games no running window holds, as last counted.
        self.kept_count = 0
        #: A clipboard read has been asked for and not yet answered.
        self._is_reading_clipboard = False
        #: The game last written to this window's unfinished-game file (None: no file).
        self._kept: str | None = None
        if unfinished is not None:
            with contextlib.suppress(OSError):
                unfinished.hold()

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "copy_position": self.copy_position,
            "paste_position": self.paste_position,
            "save_game": self.save_game,
            "open_game": self.open_game,
            "open_game_file": self.open_game_file,
            "resume_kept": self.resume_kept,
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
            write_game(path, self.current_game())
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
        self._replay(game)
        self._remember_folder(path)
        count = len(game.moves)
        opened = ngettext("Opened {name}: {count} move.", "Opened {name}: {count} moves.", count)
        self.host.say(opened.format(name=path.name, count=count))
        self.host.schedule()

    def current_game(self) -> SavedGame:
        """The game up to the position shown, as a file keeps it."""
        history = self.session.history
        start = history.start
        return SavedGame(
            self.session.config,
            tuple(history.moves[: history.cursor]),
            None if start.move_count == 0 else str(start),
        )

    def _replay(self, game: SavedGame) -> None:
        """Play ``game`` from its start (with this window's think time); raises
        ValueError, leaving the game as it was, if its moves do not fit."""
        config = dataclasses.replace(game.config, think_time=self.session.config.think_time)
        self.stop_search()
        self.session.replay(config, game.start_board(), game.moves)
        self.host.save_settings()

    # -- the unfinished game, from one run to the next ----------------------------------

    def count_kept(self) -> None:
        """Count the kept games to resume (Game › Resume…), removing none."""
        if self.unfinished is not None:
            with contextlib.suppress(OSError):
                self.kept_count = len(self.unfinished.kept_games())

    def resume_unfinished(self) -> None:
        """Take back the newest game kept when a window closed that no running
        window plays, if there is one; it is then this window's (the games
        kept besides are counted, as by :meth:`count_kept`)."""
        if self.unfinished is None:
            return
        try:
            game = self.unfinished.take()
            self.count_kept()
            if game is None:
                return
            self._kept = game.to_json()
            self._replay(game)
        except OSError as error:
            # TRANSLATORS: {reason} is the system's words for why the folder of kept
            # games could not be read, e.g. "Permission denied".
            message = gettext("Your unfinished game could not be brought back: {reason}.")
            self._add_to_message(message.format(reason=error.strerror or error))
            return
        except ValueError:
            return  # a kept game that cannot be used is not worth a message
        new_game = self.session.keys.of("show_new_game")
        # TRANSLATORS: {key} is a keyboard shortcut, e.g. "Ctrl+N".
        resumed = gettext("Your unfinished game is back; {key} starts a new one.").format(
            key=new_game
        )
        unwritable = self.unfinished.unwritable
        if unwritable is not None:
            # TRANSLATORS: {reason} is the system's words for why the folder of kept
            # games cannot be written, e.g. "Read-only file system".
            unkept = gettext(
                "Its folder cannot be written ({reason}): the game is read as it was "
                "kept, and your moves from here will not be kept for the next start."
            )
            resumed = f"{resumed} {unkept.format(reason=unwritable.strerror or unwritable)}"
        others = self.kept_count
        if others:
            # TRANSLATORS: {menu} is where the menu bar lists the kept games,
            # "Game › Resume…" in the menus' own words.
            kept = ngettext(
                "{menu} holds {count} more unfinished game.",
                "{menu} holds {count} more unfinished games.",
                others,
            ).format(count=others, menu=menu_path("resume_kept"))
            resumed = f"{resumed} {kept}"
        self._add_to_message(resumed)

    def _add_to_message(self, words: str) -> None:
        """Say ``words`` after the message shown, if there is one."""
        message = self.host.message
        self.host.say(f"{message} {words}" if message else words)

    @property
    def has_kept_games(self) -> bool:
        """Whether kept games no running window holds were found (Game › Resume…)."""
        return self.kept_count > 0

    def resume_kept(self) -> None:
        """Game › Resume…: list the kept games no running window holds; open
        the one chosen in this window (asking first if the game in progress
        has moves to lose) or discard it (after a confirm)."""
        if self.unfinished is None:
            return
        try:
            self.unfinished.prune()  # what is too old to keep is not offered
            kept = self.unfinished.kept_games()
        except OSError:
            kept = []
        self.kept_count = len(kept)
        if not kept:
            self.host.say(gettext("No other unfinished game is kept."))
            return
        choice = self.dialogs.choose_kept_game([describe_kept(entry) for entry in kept])
        if choice is None:
            return
        entry, action = kept[choice[0]], choice[1]
        if action == "discard":
            if self.dialogs.confirm(
                gettext("Discard game"),
                # TRANSLATORS: {game} describes a kept game: board · mode · moves · date.
                gettext("Discard the unfinished game {game}? It cannot be brought back.").format(
                    game=describe_kept(entry)
                ),
                gettext("Discard"),
                # TRANSLATORS: the button that keeps the unfinished game.
                gettext("Keep it"),
            ):
                gone = self.unfinished.discard(entry.path)
                self.count_kept()
                self.host.say(gettext("Discarded the unfinished game.") if gone else _taken())
            return
        keeps_mine = self.session.has_moves_to_lose
        if keeps_mine:
            self.save_unfinished()
            self.unfinished.flush()
        if (
            keeps_mine
            and self.unfinished.last_error is not None
            and not self.dialogs.confirm(
                gettext("Resume game"),
                gettext("Resuming a kept game ends the game in progress."),
                gettext("Abandon game"),
                gettext("Keep playing"),
            )
        ):
            return
        try:
            game = self.unfinished.take(entry.path)
            self.count_kept()
            if game is None:
                self.host.say(_taken())
                return
            self._kept = game.to_json()
            self._replay(game)
        except (OSError, ValueError) as error:
            # TRANSLATORS: {reason} says why the kept game could not be read.
            self.host.say(gettext("Could not resume the game: {reason}.").format(reason=error))
            return
        # TRANSLATORS: {game} describes a kept game: board · mode · moves · date.
        resumed = gettext("Resumed the unfinished game of {game}.").format(
            game=describe_kept(entry)
        )
        if keeps_mine and self.unfinished.last_error is None:
            # TRANSLATORS: {menu} is where the menu bar lists the kept games,
            # "Game › Resume…" in the menus' own words.
            mine = gettext("The game you were playing is kept in {menu}.")
            resumed = f"{resumed} {mine.format(menu=menu_path('resume_kept'))}"
        self.host.say(resumed)
        self.host.schedule()

    def save_unfinished(self) -> None:
        """After a change: write the game the person is playing to this
        window's file, or remove the file once there is nothing to keep (a
        finished or new game). Failures are silent: the game goes on."""
        if self.unfinished is None:
            return
        game = self.current_game() if self.session.has_moves_to_lose else None
        text = None if game is None else game.to_json()
        if text == self._kept:
            return
        try:
            self.unfinished.save(game)
        except OSError:
            return  # tried again after the next change
        self._kept = text

    def unkept_reason(self) -> str | None:
        """Before quitting: write the game in progress (again if the last write
        failed) and wait for it; why it could not be kept, in words (None: it
        is kept, or there is nothing to keep)."""
        if self.unfinished is None or not self.session.has_moves_to_lose:
            return None
        self.unfinished.flush()
        if self.unfinished.last_error is not None:
            self._kept = None  # the disk may have room now
        self.save_unfinished()
        self.unfinished.flush()
        error = self.unfinished.last_error
        if error is None:
            return None
        # The reason alone: the kept file's own name means nothing to the person.
        return error.strerror or describe_file_error(error)

    def quit_question(self) -> str | None:
        """Before quitting: the question to ask when a game in which the person
        has moved would be abandoned, not kept for the next start or not
        keepable (a full disk); None: quit without asking."""
        if (unkept := self.unkept_reason()) is not None:
            # TRANSLATORS: {reason} is the system's words for why the game could not be
            # written, e.g. "No space left on device".
            question = gettext("The game in progress could not be kept: {reason}. Quit anyway?")
            return question.format(reason=unkept)
        if self.unfinished is None and self.session.has_moves_to_lose:
            return gettext("Quit and abandon the game in progress?")
        return None

    def keep_unfinished(self) -> None:
        """On closing: the game stays in this window's file for the next start
        (or the file is removed if there is nothing to keep), and other windows
        may now take it. Failures are silent: the window is closing (Quit has
        asked already if the game could not be kept, see :meth:`unkept_reason`)."""
        if self.unfinished is None:
            return
        self.save_unfinished()
        with contextlib.suppress(OSError):
            self.unfinished.release()


def _taken() -> str:
    """Why a kept game chosen is gone."""
    return gettext("That game is no longer kept: another window took it, or it was removed.")


def describe_kept(entry: KeptGame) -> str:
    """One line for Game › Resume…: board, mode, moves, when it was last saved."""
    config = entry.game.config
    count = len(entry.game.moves)
    moves = ngettext("{count} move", "{count} moves", count).format(count=count)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.saved_at))
    # TRANSLATORS: one kept game in Game › Resume…: its board, e.g. "3×3 (3 in a row)",
    # its mode, e.g. "Two players", its moves, e.g. "4 moves", and when it was saved.
    return gettext("{board} · {mode} · {moves} · {saved}").format(
        board=config.shape.label, mode=config.mode.label, moves=moves, saved=when
    )
