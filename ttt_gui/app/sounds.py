"""What the game plays and when; no Tk, no audio.

:class:`Sounds` is a part the presenter owns. The presenter tells it of each
move placed (the person's or the computer's) and each move refused; it
chooses the cue and hands it to a :class:`~ttt_gui.app.ports.SoundPlayer`
(the window's plays it through the system, tests pass a fake that records).

- A move: :attr:`Cue.MOVE` at once; under gravity :attr:`Cue.LAND` instead,
  when the disc lands at the end of its fall (at once where nothing falls).
- A move that ends the game: :attr:`Cue.WIN`, :attr:`Cue.LOSS` or
  :attr:`Cue.DRAW` in the move's place; where a disc falls, the landing
  first, then the end. Against the computer a win or a loss is the
  person's; with two players, or the computer playing both sides, any win
  is :attr:`Cue.WIN`.
- A move refused (a taken cell, a full column, the computer's turn):
  :attr:`Cue.REFUSED`.
- Undo, redo, the move list, a new or opened game: nothing.

A cue due later waits in the part; the presenter's ``tick`` plays it when
its time comes (by ``clock``), unless the game has left the position it was
for. Sound is on where the person chose so (View › Sound, saved); until
they choose, where the desktop allows event sounds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ttt_gui.app.commands import Handler
from ttt_gui.app.motion import drop
from ttt_gui.app.ports import Cue, SoundPlayer
from ttt_gui.app.session import Session
from ttt_gui.config import Mode
from ttt_gui.storage.settings import Settings

__all__ = ["Cue", "Silence", "SoundPlayer", "Sounds"]

#: After a falling disc lands, the game's end is heard this much later (s).
OUTCOME_GAP = 0.12


class Silence:
    """A player that plays nothing (no sound system, the smoke test, tests)."""

    def play(self, cue: Cue) -> None:
        """Nothing."""


@dataclass(frozen=True)
class DueCue:
    """``cue`` to play at ``due`` (clock seconds), while the game's first
    ``moves`` are still those played."""

    cue: Cue
    due: float
    moves: tuple[int, ...]


class Sounds:
    """The cues of one window's game in ``session``, played by ``player``.

    ``desktop_allows`` is the desktop's event-sounds setting, the default
    until the person chooses (``settings.sound``); ``save_settings`` saves
    that choice. ``system_motion`` says whether the desktop lets marks move
    (the window sets it; a disc falls only where it and ``settings.motion``
    both allow)."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        player: SoundPlayer,
        clock: Callable[[], float],
        *,
        desktop_allows: bool,
        save_settings: Callable[[], None],
    ) -> None:
        self.session = session
        self.settings = settings
        self.player = player
        self.clock = clock
        self.desktop_allows = desktop_allows
        self.save_settings = save_settings
        self.system_motion: Callable[[], bool] = lambda: True
        self._due: list[DueCue] = []

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {"toggle_sound": self.toggle}

    @property
    def is_on(self) -> bool:
        """Whether sounds play: the person's choice, else the desktop's."""
        chosen = self.settings.sound
        return self.desktop_allows if chosen is None else chosen

    @property
    def is_pending(self) -> bool:
        """Whether a cue waits for its time (:meth:`tick` has something to do)."""
        return bool(self._due)

    def toggle(self) -> None:
        """View › Sound: turn sounds off if on, else on; saved as the person's choice."""
        self.settings.sound = not self.is_on
        if not self.settings.sound:
            self._due.clear()
        self.save_settings()

    def placed(self) -> None:
        """A move was just played (the last of the session's history): its
        sound, now or when its disc lands; a game's end in its place where
        the mark is placed at once, after the landing where a disc falls."""
        if not self.is_on:
            return
        session = self.session
        board, move = session.board, session.history.last_move
        if move is None:
            return
        falls = board.gravity and self.settings.motion and self.system_motion()
        if not falls:
            cue = Cue.LAND if board.gravity else Cue.MOVE
            self.player.play(self._outcome() if board.is_over else cue)
            return
        now = self.clock()
        landing = now + drop(move, "", rows=board.rows, cols=board.cols, now=now).duration
        self._at(Cue.LAND, landing)
        if board.is_over:
            self._at(self._outcome(), landing + OUTCOME_GAP)

    def failed(self) -> None:
        """A puzzle failed: heard as a lost game."""
        if self.is_on:
            self.player.play(Cue.LOSS)

    def refused(self) -> None:
        """A move was refused."""
        if self.is_on:
            self.player.play(Cue.REFUSED)

    def tick(self) -> None:
        """Play the cues whose time has come; drop those whose position the
        game has left (undo, a new game)."""
        if not self._due:
            return
        now, history = self.clock(), self.session.history
        played = tuple(history.moves[: history.cursor])
        waiting = []
        for due in self._due:
            if played[: len(due.moves)] != due.moves:
                continue
            if due.due <= now:
                self.player.play(due.cue)
            else:
                waiting.append(due)
        self._due = waiting

    def _at(self, cue: Cue, due: float) -> None:
        if due <= self.clock():
            self.player.play(cue)
            return
        history = self.session.history
        self._due.append(DueCue(cue, due, tuple(history.moves[: history.cursor])))

    def _outcome(self) -> Cue:
        board, config = self.session.board, self.session.config
        winner = board.winner
        if winner is None:
            return Cue.DRAW
        if config.mode is Mode.COMPUTER and winner is not config.human:
            return Cue.LOSS
        return Cue.WIN
