"""Motion on the board: which cells move, how far and when; no Tk.

The board view keeps one :class:`Motion`. After painting a new position it
calls :meth:`Motion.follow`, then, while :attr:`Motion.is_running`, calls
:meth:`Motion.tick` every :data:`FRAME_MS` from ``after()`` and redraws the
cells it names, each as :meth:`Motion.look` says. Time comes from a
``clock`` callable, so tests drive it with a fake one.

The game never waits for motion: the move is already played when its mark
starts to fall, and the person's next click or key first jumps what still
moves to its end (:meth:`Motion.finish`), as does any change other than a
move (undo, a new game). The computer's reply falls beside a fall still
running, so it never cuts the person's short.

- Under gravity a new mark falls from above the board into its cell,
  speeding up as a dropped disc does, in at most :data:`DROP_SECONDS`.
- Elsewhere a new mark grows into place in :data:`APPEAR_SECONDS`.
- The line through a finished game is drawn from its first cell to its last
  once the last mark is in place, in :data:`STRIKE_SECONDS`.

Whether the desktop asks for less motion is read in :mod:`ttt_gui.gui.system_look`.
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ttt_gui.app.view_state import ViewState

# -- Tune these: how long things move (seconds) and how often they are drawn ------------

#: A fall through a whole column; shorter falls take less (as a dropped disc's do).
DROP_SECONDS = 0.25
#: The shortest fall, into the top row.
MIN_DROP_SECONDS = 0.08
#: A new mark growing into place, from :data:`APPEAR_FROM` of its size.
APPEAR_SECONDS = 0.14
APPEAR_FROM = 0.4
#: The line through a finished game, drawn from end to end.
STRIKE_SECONDS = 0.3
#: Milliseconds between frames.
FRAME_MS = 15
#: At most this many new marks in one new position are animated (the person's
#: move and the computer's reply); more is a new game, a paste or an opened file.
MOST_MARKS_ANIMATED = 2


class Kind(enum.Enum):
    """What moves."""

    DROP = "drop"  # a mark falls into its cell
    APPEAR = "appear"  # a mark grows in its cell
    STRIKE = "strike"  # the line through a finished game is drawn


def ease_in(progress: float) -> float:
    """Slow, then fast: a fall (quadratic, as under gravity)."""
    return progress * progress


def ease_out(progress: float) -> float:
    """Fast, then slow: a mark settling into place (cubic)."""
    return 1 - (1 - progress) ** 3


def ease_in_out(progress: float) -> float:
    """Slow at both ends: a stroke (smoothstep)."""
    return progress * progress * (3 - 2 * progress)


@dataclass(frozen=True)
class Animation:
    """One thing that moves from ``start`` (clock seconds) for ``duration``.

    ``cells`` are the cells it draws in: the line for a strike; the cell for
    a mark that appears; for a drop, the column's cells from the top row down
    to the cell the mark lands in (the last). ``mark`` is ``"X"`` or ``"O"``
    (empty for a strike); a drop falls from row ``from_row`` (-1: above the
    board) to ``to_row`` on a board ``cols`` wide."""

    kind: Kind
    cells: tuple[int, ...]
    start: float
    duration: float
    mark: str = ""
    from_row: int = -1
    to_row: int = 0
    cols: int = 1

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, now: float) -> float:
        """How far it has gone at ``now``, from 0 to 1, not eased."""
        if now <= self.start:
            return 0.0
        return min(1.0, (now - self.start) / self.duration) if self.duration > 0 else 1.0

    def row_at(self, now: float) -> float:
        """A drop: the row of the falling mark's centre at ``now`` (fractional)."""
        return self.from_row + (self.to_row - self.from_row) * ease_in(self.progress(now))


def drop(cell: int, mark: str, *, rows: int, cols: int, now: float) -> Animation:
    """``mark`` falling from above the board into ``cell``: the longer the fall,
    the longer it takes, as the square root of the distance (free fall).

    >>> fall = drop(38, "X", rows=6, cols=7, now=10.0)
    >>> fall.cells, fall.duration, fall.row_at(10.0), fall.row_at(10.25)
    ((3, 10, 17, 24, 31, 38), 0.25, -1.0, 5.0)
    """
    row, column = divmod(cell, cols)
    seconds = max(MIN_DROP_SECONDS, DROP_SECONDS * math.sqrt((row + 1) / rows))
    cells = tuple(above * cols + column for above in range(row + 1))
    return Animation(Kind.DROP, cells, now, seconds, mark, -1, row, cols)


@dataclass(frozen=True)
class CellLook:
    """How motion changes one cell now.

    ``hides_mark``: its own mark is not there yet (still falling).
    ``falling``: the marks passing through it, each with the offset of its
    centre from the cell's centre, in cell heights (negative: higher).
    ``scale``: the size of its own mark (1: full size).
    ``strike``: how much of the line through a finished game is drawn, from
    the line's first cell to its last, 0 to 1 (1: all of it)."""

    hides_mark: bool = False
    falling: tuple[tuple[str, float], ...] = ()
    scale: float = 1.0
    strike: float = 1.0


#: A cell that nothing moves in.
STILL = CellLook()


class Motion:
    """The animations running on one board, timed by ``clock`` (seconds).

    ``enabled`` is False while the system asks for reduced motion; the view
    state's ``motion`` is the person's setting. Either off, new positions are
    shown at once."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.enabled = True
        self._running: list[Animation] = []
        self._now = clock()
        self._moved: set[int] = set()  # the cells that looked moved at the last frame

    @property
    def is_running(self) -> bool:
        return bool(self._running)

    @property
    def running(self) -> tuple[Animation, ...]:
        return tuple(self._running)

    def seconds_to_next_end(self) -> float:
        """How long until the next animation ends (0 if none runs): the last
        frame of each falls on its end, not up to a frame later."""
        if not self._running:
            return 0.0
        return max(0.0, min(animation.end for animation in self._running) - self.clock())

    def follow(self, previous: ViewState | None, state: ViewState) -> None:
        """``state`` is painted after ``previous``. If it only adds a move or two
        (or nothing), what moves goes on, and the new marks start to move
        (falling under gravity, else growing), then the line through a game
        they finished; any other change (undo, a new game, motion turned off)
        puts what moved at its end and starts nothing."""
        placed = new_marks(previous, state) if previous is not None else None
        if placed is None or previous is None or not (self.enabled and state.motion):
            self.finish()
            return
        now = self._now = self.clock()
        end = max([now, *(animation.end for animation in self._running)])
        for cell in placed:
            mark = state.cells[cell].mark or ""
            if state.landing:
                animation = drop(cell, mark, rows=state.rows, cols=state.cols, now=now)
            else:
                animation = Animation(Kind.APPEAR, (cell,), now, APPEAR_SECONDS, mark)
            self._running.append(animation)
            end = max(end, animation.end)
        if placed and state.winning_line and not previous.winning_line:
            line = Animation(Kind.STRIKE, state.winning_line, end, STRIKE_SECONDS)
            self._running.append(line)
        self._moved |= set(self._cells())

    def finish(self) -> set[int]:
        """Jump everything to its end; the cells to redraw."""
        cells = self._moved | set(self._cells())
        self._running, self._moved = [], set()
        return cells

    def tick(self) -> set[int]:
        """A frame: the time is now; what has ended stops. The cells to redraw:
        those that moved at the last frame or move now (unchanged looks may be
        skipped by the caller)."""
        self._now = self.clock()
        ended = [animation for animation in self._running if animation.end <= self._now]
        self._running = [animation for animation in self._running if animation.end > self._now]
        moving = set(self._cells())
        cells = self._moved | moving | set(self._cells(ended))
        self._moved = moving
        return cells

    def look(self, cell: int) -> CellLook:
        """How ``cell`` looks at the last frame (see :class:`CellLook`)."""
        if cell not in self._moved:
            return STILL
        hides_mark, falling, scale, strike = False, [], 1.0, 1.0
        for animation in self._running:
            if cell not in animation.cells:
                continue
            progress = animation.progress(self._now)
            if animation.kind is Kind.DROP:
                hides_mark = hides_mark or cell == animation.cells[-1]
                offset = animation.row_at(self._now) - cell // animation.cols
                if abs(offset) < 1:
                    falling.append((animation.mark, round(offset, 3)))
            elif animation.kind is Kind.APPEAR:
                scale = round(APPEAR_FROM + (1 - APPEAR_FROM) * ease_out(progress), 3)
            else:
                strike = round(ease_in_out(progress), 3)
        return CellLook(hides_mark, tuple(falling), scale, strike)

    def _cells(self, animations: Iterable[Animation] | None = None) -> list[int]:
        found = self._running if animations is None else animations
        return [cell for animation in found for cell in animation.cells]


def new_marks(previous: ViewState, state: ViewState) -> list[int] | None:
    """The cells that got a mark from ``previous`` to ``state`` if that is a
    move or two (or none) on the same board; None for any other change (a
    mark taken away or changed, a new board, a pasted position)."""
    if (previous.rows, previous.cols) != (state.rows, state.cols):
        return None
    placed = []
    for cell, (before, after) in enumerate(zip(previous.cells, state.cells, strict=True)):
        if before.mark is not None and before.mark != after.mark:
            return None
        if before.mark is None and after.mark is not None:
            placed.append(cell)
    return placed if len(placed) <= MOST_MARKS_ANIMATED else None
