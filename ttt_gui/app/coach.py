"""The engine as a coach, in the window: the hint, and the review of a game
(the review job, the marks in the move list, a reviewed move shown with the
better moves); no Tk.

:class:`CoachCommands` is a part of :class:`~ttt_gui.app.presenter.Presenter`.
*Hint* asks the session for the best move of the position, found by the
analysis (at once if the analysis is known). *Review this game* reviews
every move in the move list in a job of the presenter's runner
(:mod:`ttt_gui.app.jobs`), off the window's thread; *Stop review* (Escape), a
new game or another game cancels it. A review stays valid while the moves it
reviewed are the first moves of the game (undo and redo keep it; a different
move played from an earlier position drops it). Choosing a reviewed move in
the move list shows the position before it, the move played and the better
moves highlighted and every move's value written on its cell, without
changing the game; any move on the board or the game returns to it.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable

from ttt_gui.analysis.review import GameReview, Mark, MoveReview, ReviewStopped, review_game
from ttt_gui.app.jobs import JobTag, Runner
from ttt_gui.app.session import Refused, Session
from ttt_gui.app.view_state import (
    CellView,
    ViewState,
    hint_text,
    score_tone,
    status_text,
    value_words,
)
from ttt_gui.board import Board
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import Role

#: The key of Review this game, offered in the status when a game ends.
REVIEW_KEY = "Cmd+R" if sys.platform == "darwin" else "Ctrl+R"
#: The move list's colour role for each mark.
MARK_TONES = {Mark.BEST: Role.GOOD, Mark.INACCURACY: Role.TEXT, Mark.MISTAKE: Role.BAD}


class ReviewProgress:
    """Moves reviewed so far, out of how many: set by the review's worker thread
    (one tuple assignment), read by the owner."""

    def __init__(self) -> None:
        self.done = (0, 0)

    def __call__(self, done: int, total: int) -> None:
        self.done = (done, total)


@dataclasses.dataclass(frozen=True)
class _Wanted:
    """A review asked for: its job's tag, the game it reviews, its progress."""

    tag: JobTag
    start: Board
    moves: tuple[int, ...]
    progress: ReviewProgress


class CoachCommands:
    """Hint and game review, for a presenter that provides the members below."""

    session: Session
    settings: Settings
    runner: Runner
    message: str | None
    clock: Callable[[], float]
    _job_started: float

    _review: GameReview | None = None
    _review_wanted: _Wanted | None = None
    _review_serial = 0
    #: The shown reviewed move: (session generation, index into the review's moves).
    _review_focus: tuple[int, int] | None = None
    _review_progress_shown = (0, 0)

    def _say(self, outcome: Refused | str | None) -> None:
        raise NotImplementedError

    def _schedule(self) -> None:
        raise NotImplementedError

    def report_error(self, error: BaseException) -> None:
        raise NotImplementedError

    def toggle_history(self) -> None:
        raise NotImplementedError

    # -- commands ---------------------------------------------------------------------

    def hint(self) -> None:
        refused = self.session.request_hint()
        if refused is not None:
            self._say(refused)
        elif self.session.analysis is not None:
            self._say(hint_text(self.session.board, self.session.analysis))
        else:
            self._say("Looking for a hint…")
        self._schedule()

    def review_game(self) -> None:
        """Review every move of the game (its summary at once if already done),
        showing the move list, where the marks are."""
        history = self.session.history
        review = self._current_review()
        if not history.moves:
            self._say("There are no moves to review yet.")
            return
        if not self.settings.history:
            self.toggle_history()
        if review is not None and len(review.moves) == len(history.moves):
            self._say(review.summary())
        elif self._review_wanted is None:
            self._review_serial += 1
            tag = JobTag("review", self._review_serial)
            moves = tuple(history.moves)
            self._review_wanted = _Wanted(tag, history.start, moves, ReviewProgress())
            self._review_progress_shown = (0, 0)
            self._say(None)
        self._schedule()

    def stop_review(self) -> None:
        """Escape: stop a review that runs, or leave a reviewed move for the game."""
        if self._review_wanted is not None:
            self._review_wanted = None
            if self.runner.tag is not None and self.runner.tag.kind == "review":
                self.runner.cancel()
            self._say("Review stopped.")
        elif self._focused() is not None:
            self._review_focus = None
            self._say(None)
        self._schedule()

    # -- for the presenter --------------------------------------------------------------

    def _current_review(self) -> GameReview | None:
        """The review, if it is of the game shown; a review (or one running) of
        another game is dropped."""
        history = self.session.history

        def is_of_this_game(start: Board, moves: tuple[int, ...]) -> bool:
            return history.start == start and tuple(history.moves[: len(moves)]) == moves

        review, wanted = self._review, self._review_wanted
        if review is not None and not is_of_this_game(
            review.start, tuple(move.move for move in review.moves)
        ):
            self._review = self._review_focus = None
        if wanted is not None and not is_of_this_game(wanted.start, wanted.moves):
            self._review_wanted = None
        return self._review

    def _start_review(self) -> bool:
        """Start the review job if one is wanted and not running; whether one is."""
        self._current_review()
        wanted = self._review_wanted
        if wanted is None:
            return False
        if self.runner.tag != wanted.tag:
            analyst = self.session.analyst()  # its search, without the draw proofs
            engine, limit = analyst.engine, analyst.limit
            start, moves, progress = wanted.start, wanted.moves, wanted.progress
            self._job_started = self.clock()
            self.runner.start(
                wanted.tag,
                lambda stop: review_game(
                    start, moves, engine, limit=limit, stop=stop, progress=progress
                ),
            )
        return True

    def _is_stale_job(self, tag: JobTag) -> bool:
        """Whether a job's result would no longer be used."""
        if tag.kind == "review":
            return self._review_wanted is None or tag != self._review_wanted.tag
        if tag.kind == "prove" and not self.session.is_proving:
            return True  # the analysis is hidden, or a move is due
        return tag.generation != self.session.generation

    def _finish_review(self, tag: JobTag, result: object) -> bool:
        """Take a finished review job's result; False for other jobs."""
        if tag.kind != "review":
            return False
        if self._review_wanted is None or tag != self._review_wanted.tag:
            return True
        self._review_wanted = None
        if isinstance(result, GameReview):
            self._review = result
            self._say(result.summary())
        elif isinstance(result, BaseException) and not isinstance(result, ReviewStopped):
            self.report_error(result)
        return True

    def _review_progressed(self) -> bool:
        """Whether the running review has reviewed another move since last asked."""
        wanted = self._review_wanted
        done = wanted.progress.done if wanted is not None else (0, 0)
        moved, self._review_progress_shown = done != self._review_progress_shown, done
        return moved

    def _focus_review(self, index: int) -> bool:
        """Show the reviewed move ``index`` (1 for the first move) of the move
        list, if reviewed; whether it is."""
        review = self._current_review()
        if review is None or not 1 <= index <= len(review.moves):
            self._review_focus = None
            return False
        self._review_focus = (self.session.generation, index - 1)
        self._say(None)
        return True

    def _leave_review_focus(self) -> Refused | None:
        """A click on the board while a reviewed move is shown: back to the game."""
        if self._focused() is None:
            return None
        self._review_focus = None
        return Refused("Back to the game.")

    def _focused(self) -> MoveReview | None:
        """The reviewed move shown, if any (none once the game has moved on)."""
        review, focus = self._current_review(), self._review_focus
        if review is None or focus is None or focus[0] != self.session.generation:
            return None
        return review.moves[focus[1]]

    # -- the view -------------------------------------------------------------------------

    def _with_review(self, state: ViewState) -> ViewState:
        """``state`` with the marks in the move list, the progress or offer of a
        review in the status, and a reviewed move shown if one is chosen."""
        review, wanted, session = self._current_review(), self._review_wanted, self.session
        history = list(state.history)
        tones: list[Role | None] = [None for _ in state.history]
        for index, move in enumerate(review.moves if review is not None else (), start=1):
            history[index] = f"{history[index]}  {move.mark.symbol}"
            tones[index] = MARK_TONES[move.mark]
        status = state.status
        if wanted is not None and not self.message:  # progress as last collected by tick
            done, total = self._review_progress_shown
            status = (
                f"Reviewing the game… {done} of {total or len(wanted.moves)} moves (Esc stops)"
            )
        elif (
            review is None
            and session.board.is_over
            and status.startswith(base := status_text(session))
        ):
            status = f"{base[:-1]}, {REVIEW_KEY} reviews it.{status[len(base) :]}"
        disabled = set(state.disabled)
        if not session.history.moves:
            disabled.add("review_game")
        focused = self._focused()
        if wanted is None and focused is None:
            disabled.add("stop_review")
        state = dataclasses.replace(
            state,
            history=tuple(history),
            history_tones=tuple(tones),
            status=status,
            disabled=frozenset(disabled),
        )
        if focused is None or self._review_focus is None:
            return state
        return _focused_view(state, focused, self._review_focus[1] + 1, self.message)


def _focused_view(
    state: ViewState, move: MoveReview, index: int, message: str | None
) -> ViewState:
    """``state`` showing the position before a reviewed ``move``, entry ``index``
    of the move list: the move played and the better ones highlighted, every
    move's value on its cell; ``message``, if any, after the move's words."""
    board = move.board
    cells = []
    for cell in range(board.cells):
        mark = board[cell]
        if cell in move.better:
            background = Role.HINT
        elif cell == move.move:
            background = Role.LAST
        else:
            background = Role.CELL_BUSY
        note, tone = "", Role.EVEN
        if cell in move.scores:
            exact = move.is_exact(cell)
            note = value_words(move.scores[cell], exact, board.turn)
            tone = score_tone(move.scores[cell], exact)
        cells.append(CellView(mark.value if mark else None, background, note, tone, False))
    better = ", ".join(move.better_coordinates)
    text = f"Move {move.number}, {move.player.value} {move.coordinate}: {move.mark.value}"
    text += f" — {move.change}" + (f"; better: {better}" if better else "")
    if not move.exact:
        text += f" (approximate, depth {move.depth})"
    return dataclasses.replace(
        state,
        cells=tuple(cells),
        winning_line=(),
        status=f"{text}. Esc returns to the game." + (f"  {message}" if message else ""),
        history_cursor=index,
    )
