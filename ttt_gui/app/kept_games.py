"""The unfinished game, from one run to the next: the game in play kept as it
is played, taken back at the next start, and Game › Resume… for the others;
no Tk.

:class:`KeptGames` is a part the presenter owns, over the window's
:class:`~ttt_gui.storage.unfinished.UnfinishedGame` (its own kept file and
the folder of those other windows left).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from ttt_gui.app.actions import menu_path
from ttt_gui.app.commands import Handler
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.transfer import current_game
from ttt_gui.storage.files import describe_file_error
from ttt_gui.storage.games import SavedGame
from ttt_gui.storage.unfinished import KeptGame, UnfinishedGame
from ttt_gui.words import gettext, ngettext


class KeptHost(Protocol):
    """What keeping the unfinished game needs of its presenter."""

    @property
    def message(self) -> str | None:
        """The message shown now, if any."""

    def say(self, outcome: Refused | str | None) -> None: ...

    def schedule(self) -> None: ...


class KeptGames:
    """The game of ``session`` kept in ``unfinished`` as it is played (None:
    not kept), for ``host``; a kept game comes back through ``replay``;
    questions by ``dialogs``."""

    def __init__(
        self,
        session: Session,
        dialogs: Dialogs,
        host: KeptHost,
        replay: Callable[[SavedGame], None],
        unfinished: UnfinishedGame | None,
    ) -> None:
        self.session = session
        self.dialogs = dialogs
        self.host = host
        self.replay = replay
        self.unfinished = unfinished
        #: How many kept games no running window holds, as last counted.
        self.kept_count = 0
        #: The game last written to this window's unfinished-game file (None: no file).
        self._kept: str | None = None
        if unfinished is not None:
            with contextlib.suppress(OSError):
                unfinished.hold()

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {"resume_kept": self.resume_kept}

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
            self.replay(game)
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
            self.replay(game)
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
        game = current_game(self.session) if self.session.has_moves_to_lose else None
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
