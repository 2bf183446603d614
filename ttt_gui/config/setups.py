"""Setups: the fields of a game that define it (who plays, which side and
level, which board), remembered for one-click starts.

A setup is a :class:`~ttt_gui.config.GameConfig` that keeps only the fields
its mode uses: the board always; against the computer the person's side and
the computer's level (or custom depth); computer vs computer the two
levels. Every other field is the default, so two setups that start the same
game are equal. The think time is not part of a setup: it stays as the
person set it.

>>> first = setup_of(GameConfig(mode=Mode.HOTSEAT, level="easy"))
>>> first == setup_of(GameConfig(mode=Mode.HOTSEAT, level="hard", think_time=3.0))
True
>>> recent = remember((first,), GameConfig(rows=6, cols=7, win_length=4, gravity=True))
>>> [setup_label(setup) for setup in recent]
['Connect Four · you play X · Medium', '3×3 (3 in a row) · two players']
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ttt_gui.config import PRESETS, GameConfig, Mode
from ttt_gui.words import gettext

#: How many different setups are remembered (the most recently started first).
RECENT_SETUPS = 3
#: The fields a setup may hold, as files name them.
SETUP_FIELDS = (
    "mode",
    "human",
    "level",
    "depth",
    "x_level",
    "o_level",
    "rows",
    "cols",
    "win_length",
    "gravity",
    "misere",
    "exact",
)


def started_from(config: GameConfig, setup: GameConfig) -> GameConfig:
    """``config`` set to start the game of ``setup``: its mode, its board and
    the fields its mode uses; the others (the think time) stay ``config``'s."""
    started = dataclasses.replace(config.with_shape(setup.shape), mode=setup.mode)
    if setup.mode is Mode.COMPUTER:
        return dataclasses.replace(
            started, human=setup.human, level=setup.level, depth=setup.depth
        )
    if setup.mode is Mode.WATCH:
        return dataclasses.replace(started, x_level=setup.x_level, o_level=setup.o_level)
    return started


def setup_of(config: GameConfig) -> GameConfig:
    """The setup of ``config``: its mode's fields, every other the default."""
    return started_from(GameConfig(), config)


def remember(recent: tuple[GameConfig, ...], config: GameConfig) -> tuple[GameConfig, ...]:
    """``recent`` with the setup of ``config`` first, once, and at most
    :data:`RECENT_SETUPS` setups."""
    setup = setup_of(config)
    others = tuple(entry for entry in recent if entry != setup)
    return (setup, *others)[:RECENT_SETUPS]


def setup_to_dict(setup: GameConfig) -> dict[str, Any]:
    """The setup's fields as plain JSON values (read by :func:`setup_from_dict`)."""
    data = setup.to_dict()
    return {name: data[name] for name in SETUP_FIELDS}


def setup_from_dict(data: object) -> GameConfig | None:
    """The setup a file's ``data`` describes; None for anything that is not one."""
    if not isinstance(data, dict):
        return None
    try:
        return setup_of(
            GameConfig.from_dict({name: data[name] for name in SETUP_FIELDS if name in data})
        )
    except (ValueError, TypeError, OverflowError):
        return None


def setup_label(setup: GameConfig) -> str:
    """The setup in words a player reads at once: ``'Connect Four · you play
    X · Strongest'``, ``'5×5 (4 in a row) · two players'``, ``'Gomoku · X
    Hard, O Easy'`` (a named board by its name alone)."""
    preset = PRESETS.get(setup.shape)
    board = gettext(preset) if preset else setup.board_label
    if setup.mode is Mode.COMPUTER:
        # TRANSLATORS: a game to start in one click: {board} is a board such as
        # "Connect Four", {side} the person's side (X or O), {level} the computer's.
        message = gettext("{board} · you play {side} · {level}")
        return message.format(board=board, side=setup.human.value, level=setup.level_name())
    if setup.mode is Mode.WATCH:
        # TRANSLATORS: a game to start in one click, the computer playing both
        # sides: {board} is a board such as "Gomoku", then each side's level.
        message = gettext("{board} · X {x_level}, O {o_level}")
        return message.format(
            board=board,
            x_level=setup.level_label(setup.x_level),
            o_level=setup.level_label(setup.o_level),
        )
    # TRANSLATORS: a game to start in one click for two people at one computer;
    # {board} is a board such as "3×3 (3 in a row)".
    return gettext("{board} · two players").format(board=board)
