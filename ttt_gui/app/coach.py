"""The engine as a coach, in the window: the hint, and the review of a game
(the review job, the marks in the move list, a reviewed move shown with the
better moves); no Tk.

:class:`Coach` is a part the presenter owns. *Hint* asks the session for the
best move of the position, found by the analysis (at once if the analysis is
known). *Review this game* reviews every move in the move list in a job that
the presenter's work runs off the window's thread (:meth:`Coach.wanted_job`);
*Stop review* (Escape), a new game or another game drops it. A review stays
valid while the moves it reviewed are the first moves of the game (undo and
redo keep it; a different move played from an earlier position drops it).
Choosing a reviewed move in the move list shows the position before it, the
move played and the better moves highlighted and every move's value written
on its cell, without changing the game; any move on the board or the game
returns to it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Protocol

from ttt_gui.analysis.review import GameReview, MoveReview, ReviewStopped, review_game
from ttt_gui.app import refusals
from ttt_gui.app.commands import Handler
from ttt_gui.app.game_words import review_summary_words
from ttt_gui.app.jobs import Job, JobKind, JobTag
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.view_state import ReviewView
from ttt_gui.board import Board
from ttt_gui.words import gettext


class CoachHost(Protocol):
    """What the coach needs of its presenter."""

    def say(self, outcome: Refused | str | None) -> None:
        """Show a refusal or message in the status bar (None clears it)."""

    def show_hint(self) -> None:
        """Show the session's hint in the status bar."""

    def show_history(self) -> None:
        """Show the move list, where a review's marks are."""

    def schedule(self) -> None:
        """Have the work the game now needs started (or stopped)."""

    def report_error(self, error: BaseException) -> None: ...


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


class Coach:
    """Hint and game review over ``session``, for ``host``; in a puzzle the
    hint is ``puzzle_hint``'s."""

    def __init__(
        self,
        session: Session,
        host: CoachHost,
        puzzle_hint: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self.host = host
        self.puzzle_hint = puzzle_hint
        self._review: GameReview | None = None
        self._wanted: _Wanted | None = None
        self._serial = 0
        #: The shown reviewed move: (session generation, index into the review's moves).
        self._focus: tuple[int, int] | None = None
        self._progress_shown = (0, 0)

    # -- commands ---------------------------------------------------------------------

    def commands(self) -> Mapping[str, Handler]:
        """This part's commands by action id (see :mod:`~ttt_gui.app.commands`)."""
        return {
            "hint": self.hint,
            "review_game": self.review_game,
            "stop_review": self.stop_review,
        }

    def hint(self) -> None:
        if self.session.is_puzzle and self.puzzle_hint is not None:
            self.puzzle_hint()
            return
        refused = self.session.request_hint()
        if refused is not None:
            self.host.say(refused)
        elif self.session.analysis is not None:
            self.host.show_hint()
        else:
            self.host.say(gettext("Looking for a hint…"))
        self.host.schedule()

    def review_game(self) -> None:
        """Review every move of the game (its summary at once if already done),
        showing the move list, where the marks are."""
        history = self.session.history
        review = self._current_review()
        if not history.moves:
            self.host.say(gettext("There are no moves to review yet."))
            return
        self.host.show_history()
        if review is not None and len(review.moves) == len(history.moves):
            self.host.say(review_summary_words(review))
        elif self._wanted is None:
            self._serial += 1
            tag = JobTag(JobKind.REVIEW, self._serial)
            moves = tuple(history.moves)
            self._wanted = _Wanted(tag, history.start, moves, ReviewProgress())
            self._progress_shown = (0, 0)
            self.host.say(None)
        self.host.schedule()

    def stop_review(self) -> None:
        """Escape: stop a review that runs (its job is then stale), or leave a
        reviewed move for the game."""
        if self._wanted is not None:
            self._wanted = None
            self.host.say(gettext("Review stopped."))
        elif self._focused() is not None:
            self._focus = None
            self.host.say(None)
        self.host.schedule()

    @property
    def can_stop(self) -> bool:
        """Whether a review runs or a reviewed move is shown."""
        focused = self._focused()  # first: a review of another game is dropped
        return self._wanted is not None or focused is not None

    # -- the move list and the board ---------------------------------------------------

    def focus(self, index: int) -> bool:
        """Show the reviewed move ``index`` (1 for the first move) of the move
        list, if reviewed; whether it is."""
        review = self._current_review()
        if review is None or not 1 <= index <= len(review.moves):
            self._focus = None
            return False
        self._focus = (self.session.generation, index - 1)
        self.host.say(None)
        return True

    def leave_focus(self) -> Refused | None:
        """A click on the board while a reviewed move is shown: back to the game."""
        if self._focused() is None:
            return None
        self._focus = None
        return refusals.back_to_game()

    # -- the review's job ---------------------------------------------------------------

    def wanted_job(self) -> tuple[JobTag, Job] | None:
        """The review job, if a review of the game shown is wanted."""
        self._current_review()
        wanted = self._wanted
        if wanted is None:
            return None
        # The analysis pipeline's search, without its draw proofs.
        analyst = self.session.engines.analyst(self.session.config)
        engine, limit = analyst.engine, analyst.limit
        start, moves, progress = wanted.start, wanted.moves, wanted.progress
        return wanted.tag, lambda stop: review_game(
            start, moves, engine, limit=limit, stop=stop, progress=progress
        )

    def is_stale(self, tag: JobTag) -> bool:
        """Whether a review job's result would no longer be used."""
        return self._wanted is None or tag != self._wanted.tag

    def finish(self, tag: JobTag, result: object) -> None:
        """Take a finished review job's result (if still wanted)."""
        if self.is_stale(tag):
            return
        self._wanted = None
        if isinstance(result, GameReview):
            self._review = result
            self.host.say(review_summary_words(result))
        elif isinstance(result, BaseException) and not isinstance(result, ReviewStopped):
            self.host.report_error(result)

    def progressed(self) -> bool:
        """Whether the running review has reviewed another move since last asked."""
        wanted = self._wanted
        done = wanted.progress.done if wanted is not None else (0, 0)
        moved, self._progress_shown = done != self._progress_shown, done
        return moved

    # -- the view -----------------------------------------------------------------------

    def view(self) -> ReviewView:
        """The marks in the move list, the progress or offer of a review, and
        the reviewed move shown, if one is chosen."""
        review, wanted = self._current_review(), self._wanted
        progress = None
        if wanted is not None:  # as last collected by the presenter's tick
            done, total = self._progress_shown
            progress = (done, total or len(wanted.moves))
        focused, focus = self._focused(), self._focus
        return ReviewView(
            marks=tuple(move.mark for move in review.moves) if review is not None else (),
            progress=progress,
            offer=review is None and self.session.board.is_over,
            focused=focused,
            focused_index=focus[1] + 1 if focused is not None and focus is not None else 0,
        )

    # -- inside -------------------------------------------------------------------------

    def _current_review(self) -> GameReview | None:
        """The review, if it is of the game shown; a review (or one running) of
        another game is dropped."""
        history = self.session.history

        def is_of_this_game(start: Board, moves: tuple[int, ...]) -> bool:
            return history.start == start and tuple(history.moves[: len(moves)]) == moves

        review, wanted = self._review, self._wanted
        if review is not None and not is_of_this_game(
            review.start, tuple(move.move for move in review.moves)
        ):
            self._review = self._focus = None
        if wanted is not None and not is_of_this_game(wanted.start, wanted.moves):
            self._wanted = None
        return self._review

    def _focused(self) -> MoveReview | None:
        """The reviewed move shown, if any (none once the game has moved on)."""
        review, focus = self._current_review(), self._focus
        if review is None or focus is None or focus[0] != self.session.generation:
            return None
        return review.moves[focus[1]]
