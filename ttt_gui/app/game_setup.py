"""The commands that choose the game: a new game, the mode, the sides, the
levels, the think time, the board, and the scores to reset; no Tk.

:class:`GameSetup` is a part the presenter owns. A change that changes the
game being played starts a new one, asking first if a person would lose moves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol

from ttt_gui.app.commands import Handler
from ttt_gui.app.ports import Dialogs
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.board import Board, Player
from ttt_gui.config import ConfigError, GameConfig, Mode, Shape
from ttt_gui.config.setups import remember, setup_label, started_from
from ttt_gui.storage.settings import Settings
from ttt_gui.words import gettext


class SetupHost(Protocol):
    """What the game's setup needs of its presenter."""

    def say(self, outcome: Refused | str | None) -> None: ...

    def schedule(self) -> None: ...

    def save_settings(self) -> None: ...


class GameSetup:
    """The game's configuration commands over ``session``, whose configuration
    ``settings`` hold; questions by ``dialogs``; ``stop_search`` stops the
    search of the game being replaced."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        dialogs: Dialogs,
        host: SetupHost,
        stop_search: Callable[[], None],
    ) -> None:
        self.session = session
        self.settings = settings
        self.dialogs = dialogs
        self.host = host
        self.stop_search = stop_search

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "set_mode": self.set_mode,
            "set_human": self.set_human,
            "set_level": self.set_level,
            "set_x_level": self.set_x_level,
            "set_o_level": self.set_o_level,
            "set_think_time": self.set_think_time,
            "set_board": self.set_board,
            "ask_custom_depth": self.ask_custom_depth,
            "ask_custom_board": self.ask_custom_board,
            "reset_scores": self.reset_scores,
        }

    def new_game(self) -> None:
        """Start again; against the computer with "alternate" set, a finished
        game is followed by one in which the person plays the other side."""
        config = self.session.settings.game  # the person's own, also from a puzzle
        finished = self.session.board.is_over and not self.session.is_puzzle
        if self.settings.alternate and config.mode is Mode.COMPUTER and finished:
            config = replace(config, human=config.human.other)
        self.change_config(lambda _: config, force_new=True)

    def change_config(
        self,
        change: Callable[[GameConfig], GameConfig],
        start: Board | None = None,
        force_new: bool = False,
    ) -> bool:
        """Set the configuration to ``change`` of the present one; start a new
        game (from ``start``) when that changes the game being played, asking
        first if one is in progress. Returns False if the person declined or
        ``change`` refused a value (ConfigError, said in the message line).
        In a puzzle, the change is of the person's own game (the settings'),
        which a new game returns to."""
        session = self.session
        own = session.settings.game
        try:
            config = change(own)
        except ConfigError as error:
            # TRANSLATORS: {reason} says why the choice cannot be played.
            self.host.say(gettext("Not possible: {reason}.").format(reason=error))
            return False
        if start is None and not force_new and not own.changes_game(config):
            session.reconfigure(config)
            self.host.save_settings()
            self.host.schedule()
            return True
        if session.has_moves_to_lose and not self.dialogs.confirm(
            gettext("New game"),
            gettext("This starts a new game. Abandon the game in progress?"),
            gettext("Abandon game"),
            gettext("Keep playing"),
        ):
            return False
        self.stop_search()
        session.new_game(config, start)
        self.settings.recent = remember(self.settings.recent, config)
        self.host.say(None)
        self.host.save_settings()
        self.host.schedule()
        return True

    @property
    def quick_starts(self) -> tuple[str, ...]:
        """The recent setups in words, the most recent first."""
        return tuple(setup_label(setup) for setup in self.settings.recent)

    def quick_start(self, index: int) -> bool:
        """Start the recent setup ``index`` (0: the last one started) at once,
        asking first if a game in progress would be abandoned; False if the
        person kept it or there is no such setup."""
        recent = self.settings.recent
        if not 0 <= index < len(recent):
            return False
        return self.change_config(
            functools.partial(started_from, setup=recent[index]), force_new=True
        )

    def set_mode(self, mode: str) -> None:
        self.change_config(lambda config: replace(config, mode=Mode(mode)))

    def set_human(self, side: str) -> None:
        self.change_config(lambda config: replace(config, human=Player(side)))

    def set_level(self, name: str) -> None:
        self.change_config(lambda config: replace(config, level=name, depth=None))

    def set_x_level(self, name: str) -> None:
        self.change_config(lambda config: replace(config, x_level=name))

    def set_o_level(self, name: str) -> None:
        self.change_config(lambda config: replace(config, o_level=name))

    def set_think_time(self, seconds: float) -> None:
        self.change_config(lambda config: replace(config, think_time=float(seconds)))

    def set_board(self, shape: Shape) -> None:
        """Play on ``shape``, as the Board menu offers them."""
        board = Shape(*shape)
        self.change_config(lambda config: replace(config.with_shape(board), depth=None))

    def ask_custom_depth(self) -> None:
        """Ask for the computer's lookahead, suggesting :func:`suggested_depth`."""
        config = self.session.settings.game
        cells = config.cells
        depth = self.dialogs.ask_integer(
            gettext("Custom depth"),
            # TRANSLATORS: {cells} is the most moves the board has room for.
            gettext("How many moves ahead should the computer look? (1 to {cells})").format(
                cells=cells
            ),
            suggested_depth(config),
            1,
            cells,
        )
        if depth is not None and 1 <= depth <= cells:
            self.change_config(lambda config: replace(config, depth=depth))

    def ask_custom_board(self) -> None:
        config = self.session.settings.game
        shape = self.dialogs.ask_board(config.shape)
        if shape is not None and shape.is_valid:
            self.set_board(shape)

    def reset_scores(self) -> None:
        """Zero the score line's match, asking first (the statistics stay)."""
        if not self.dialogs.confirm(
            gettext("Reset scores"),
            reset_question(self.session.config),
            gettext("Reset scores"),
            gettext("Keep scores"),
        ):
            return
        self.session.reset_scores()
        self.host.save_settings()
        self.host.say(gettext("Scores reset."))


#: The custom depth suggested where the board is not solved: deeper searches
#: of a large board take the computer far longer than a person waits.
LARGE_BOARD_DEPTH = 4


def suggested_depth(config: GameConfig) -> int:
    """The Custom depth question's first answer: the depth set, else the
    level's lookahead (at least 1), else for the top level the whole game
    where the board is solved and LARGE_BOARD_DEPTH plies elsewhere.

    >>> [suggested_depth(GameConfig(rows=size, cols=size, win_length=k, level="strongest"))
    ...  for size, k in ((3, 3), (15, 5))]
    [9, 4]
    """
    if config.depth is not None:
        return config.depth
    lookahead = config.max_depth
    if lookahead is not None:
        return max(1, lookahead)
    return config.cells if config.solved else min(LARGE_BOARD_DEPTH, config.cells)


def reset_question(config: GameConfig) -> str:
    """The question before a score reset, a whole sentence per mode naming
    the match: its board and opponent."""
    board = config.board_label
    if config.mode is Mode.COMPUTER:
        return gettext("Set the scores against the computer ({level}) on {board} to zero?").format(
            level=config.level_name(), board=board
        )
    if config.mode is Mode.WATCH:
        return gettext(
            "Set the scores of X ({x_level}) against O ({o_level}) on {board} to zero?"
        ).format(
            x_level=config.level_label(config.x_level),
            o_level=config.level_label(config.o_level),
            board=board,
        )
    return gettext("Set the scores of two players on {board} to zero?").format(board=board)
