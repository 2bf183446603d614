"""Why an action was not carried out, in the player's words; no Tk.

A refused action returns a :class:`Refused` whose reason the status line
shows. The reasons of the session's moves and commands are made here, one
function per case, each a whole sentence of the words door with its keys
and cells as named placeholders, so the session decides and this module
speaks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_gui.words import gettext


@dataclass(frozen=True)
class Refused:
    """Why an action was not carried out, in words for the status bar."""

    reason: str


def game_over(restart_key: str) -> Refused:
    """A move or step in a finished game; ``restart_key`` starts another."""
    # TRANSLATORS: {key} is a keyboard shortcut, e.g. "F2" (Play again) or "Space".
    return Refused(gettext("The game is over: {key} starts a new one.").format(key=restart_key))


def computer_plays_both(play_pause_key: str) -> Refused:
    """A click on the board while the computer plays both sides."""
    # TRANSLATORS: {key} is a keyboard shortcut, e.g. "Space".
    text = gettext("The computer plays both sides: {key} plays or pauses.")
    return Refused(text.format(key=play_pause_key))


def wait_for_computer() -> Refused:
    """A move or hint asked for while the computer thinks."""
    return Refused(gettext("Wait for the computer's move."))


def no_such_cell() -> Refused:
    """A cell outside the board."""
    return Refused(gettext("There is no such cell."))


def column_full(column: str) -> Refused:
    """Under gravity, a click on a full column (``column`` its letter)."""
    # TRANSLATORS: {column} is a column's letter on the board, e.g. "c".
    return Refused(gettext("Column {column} is full.").format(column=column))


def cell_taken(cell: str) -> Refused:
    """A click on a marked cell (``cell`` its coordinate, ``"b2"``)."""
    # TRANSLATORS: {cell} is a cell's coordinate on the board, e.g. "b2".
    return Refused(gettext("{cell} is already taken.").format(cell=cell))


def no_turn_position() -> Refused:
    """Going to a move of a game where it is never the person's turn."""
    return Refused(gettext("There is no position where it is your turn."))


def already_shown() -> Refused:
    """Going to the position shown."""
    return Refused(gettext("That position is already shown."))


def nothing_to_undo() -> Refused:
    return Refused(gettext("Nothing to undo."))


def nothing_to_redo() -> Refused:
    return Refused(gettext("Nothing to redo."))


def play_pause_not_watching() -> Refused:
    """Play/Pause outside computer-vs-computer games."""
    return Refused(gettext("Play/Pause is for computer-vs-computer games."))


def step_not_watching() -> Refused:
    """Step outside computer-vs-computer games."""
    return Refused(gettext("Step plays one move in computer-vs-computer mode."))


def no_hint_game_over() -> Refused:
    """A hint asked for in a finished game."""
    return Refused(gettext("The game is over: no hint to give."))


def back_to_game() -> Refused:
    """A click on the board while a reviewed move is shown: it returns to the game."""
    return Refused(gettext("Back to the game."))
