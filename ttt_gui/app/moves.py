"""The board's commands: a move, undo and redo, a move of the list, and
play/pause and step when the computer plays both sides; no Tk.

:class:`Moves` is a part the presenter owns. A move that is refused is said
in the message line and heard as refused; one that is played is heard, and
the scores are saved if it ended a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from ttt_gui.app.coach import Coach
from ttt_gui.app.commands import Handler
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.sounds import Sounds
from ttt_gui.config import Mode


class MovesHost(Protocol):
    """What the board's commands need of their presenter."""

    def say(self, outcome: Refused | str | None) -> None: ...

    def schedule(self) -> None: ...

    def save_changed_scores(self) -> None: ...


class Moves:
    """The moves the person makes on the game of ``session``: the ``coach``
    leaves a reviewed move first, ``sounds`` are heard, ``host`` says and
    schedules; ``guard`` may refuse a move first (a puzzle that is over)."""

    def __init__(
        self,
        session: Session,
        coach: Coach,
        sounds: Sounds,
        host: MovesHost,
        guard: Callable[[], Refused | None] = lambda: None,
    ) -> None:
        self.session = session
        self.coach = coach
        self.sounds = sounds
        self.host = host
        self.guard = guard

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "play": self.play,
            "activate": self.activate,
            "play_digit": self.play_digit,
            "undo": self.undo,
            "redo": self.redo,
            "go_to": self.go_to,
            "play_pause": self.play_pause,
            "step": self.step,
        }

    def play(self, cell: int) -> None:
        """The person clicks ``cell`` (or presses Enter on it)."""
        refused = self.guard() or self.coach.leave_focus() or self.session.play(cell)
        self.host.say(refused)
        if refused is None:
            self.sounds.placed()
            self.host.save_changed_scores()
        else:
            self.sounds.refused()
        self.host.schedule()

    def activate(self, cell: int) -> None:
        """Enter or Space on ``cell``: plays it, or plays/pauses when the
        computer plays both sides."""
        if self.session.config.mode is Mode.WATCH:
            self.play_pause()
        else:
            self.play(cell)

    def play_digit(self, digit: int, keypad: bool = False) -> bool:
        """Digit keys 1 to 9 play a cell on 3x3: in reading order (1 = top
        left), or on the keypad in its layout (7 = top left); False elsewhere."""
        if (self.session.board.rows, self.session.board.cols) != (3, 3) or not 1 <= digit <= 9:
            return False
        row, column = divmod(digit - 1, 3)
        self.play((2 - row) * 3 + column if keypad else digit - 1)
        return True

    def undo(self) -> None:
        self._move_to(self.session.undo())

    def redo(self) -> None:
        self._move_to(self.session.redo())

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (the move list)."""
        if not self.coach.focus(index) and index != self.session.history.cursor:
            self._move_to(self.session.go_to(index))

    def _move_to(self, refused: Refused | None) -> None:
        """After a step along the game's history: a refusal is left unsaid."""
        if refused is None:
            self.host.say(None)
            self.host.save_changed_scores()
        self.host.schedule()

    def play_pause(self) -> None:
        self.host.say(self.session.play_pause())
        self.host.schedule()

    def step(self) -> None:
        """One move of computer vs computer: the recorded move after the one
        shown, if any, else the computer's next."""
        if self.session.can_redo and self.session.config.mode is Mode.WATCH:
            self.redo()
        else:
            self.host.say(self.session.step())
            self.host.schedule()
