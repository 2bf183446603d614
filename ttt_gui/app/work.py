"""The searches behind one window, Tk-free: the computer's move, the analysis
and its proving, the review's jobs and a puzzle's, one at a time in a job
runner (:mod:`ttt_gui.app.jobs`).

:class:`Work` is a part the presenter owns. A command only marks work as
wanted (:meth:`Work.want`, which stops at once a search no longer needed);
:meth:`Work.tick` starts it, collects finished searches and plays moves whose
time has come. The window calls it from ``after()`` once it has painted, and
tests call it directly: both run this one path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ttt_gui.app.jobs import Job, JobKind, JobTag, Runner
from ttt_gui.app.session import Session
from ttt_gui.config import Mode
from ttt_gui.engine import MoveAnalysis, SearchResult
from ttt_gui.storage.settings import Settings

#: A search running this long (s) shows the progress bar.
PROGRESS_DELAY = 0.3


class WorkHost(Protocol):
    """What the background work needs of its presenter."""

    def show_hint(self) -> None:
        """Show the session's hint (its analysis has come or changed)."""

    def move_played(self) -> None:
        """The computer has moved."""

    def report_error(self, error: BaseException) -> None:
        """A search raised ``error``."""


class ReviewJobs(Protocol):
    """A part's jobs (the review's, a puzzle's), which the work runs besides
    the session's searches."""

    def wanted_job(self) -> tuple[JobTag, Job] | None: ...

    def is_stale(self, tag: JobTag) -> bool: ...

    def finish(self, tag: JobTag, result: object) -> None: ...

    def progressed(self) -> bool: ...


@dataclass(frozen=True)
class PendingMove:
    """A computed move waiting for its moment (pacing on 3x3, watch speed)."""

    generation: int
    move: int
    due: float


class Work:
    """The searches the game needs, one at a time in ``runner``: the computer's
    move (played after ``computer_pause`` on 3x3, or the watch speed of
    ``settings``), the analysis and its proving, and the ``reviews``' jobs.

    :meth:`want` marks work wanted after a command; :meth:`tick` starts it,
    collects results and plays moves whose time has come (by ``clock``)."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        host: WorkHost,
        reviews: ReviewJobs,
        runner: Runner,
        clock: Callable[[], float],
        computer_pause: float,
        puzzles: ReviewJobs | None = None,
    ) -> None:
        self.session = session
        self.settings = settings
        self.host = host
        self.reviews = reviews
        #: The jobs of each kind a part owns.
        self.parts: dict[JobKind, ReviewJobs] = {JobKind.REVIEW: reviews}
        if puzzles is not None:
            self.parts[JobKind.PUZZLE] = puzzles
        self.runner = runner
        self.clock = clock
        self.computer_pause = computer_pause
        #: Work is wanted: the next :meth:`tick` starts it.
        self.is_wanted = False
        self._pending: PendingMove | None = None
        self._job_started = 0.0
        self._failed: JobTag | None = None  # a search that raised is not run again
        self._progress_shown = False

    @property
    def is_working(self) -> bool:
        """Whether work is wanted, a search runs or a move waits: :meth:`tick`
        has something to do."""
        return self.is_wanted or self.runner.tag is not None or self._pending is not None

    def shows_progress(self) -> bool:
        """Whether a search has run long enough to show the progress bar."""
        tag = self.runner.tag  # proving says so in the status, and may go on for long
        searching = tag is not None and tag.kind is not JobKind.PROVE
        return searching and self.clock() - self._job_started >= PROGRESS_DELAY

    def want(self) -> None:
        """Mark the work the game now needs as wanted; a search no longer
        needed stops at once (it must not slow the repaint)."""
        self.is_wanted = True
        tag = self.runner.tag
        if tag is not None and self._is_stale(tag):
            self.runner.cancel()

    def _is_stale(self, tag: JobTag) -> bool:
        """Whether a job's result would no longer be used."""
        part = self.parts.get(tag.kind)
        if part is not None:
            return part.is_stale(tag)
        if tag.kind is JobKind.PROVE and not self.session.is_proving:
            return True  # the analysis is hidden, or a move is due
        return tag.generation != self.session.generation

    def start(self) -> None:
        """Start the search the position needs next; stop one no longer needed."""
        self.is_wanted = False
        session, runner = self.session, self.runner
        pending = self._pending
        if pending is not None and (pending.generation != session.generation or session.is_paused):
            self._pending = pending = None
        request = session.next_search()
        if (request is None or request.kind is not JobKind.MOVE) and pending is None:
            # a review or a puzzle's job asked for goes before the analysis
            review = next(
                (job for part in self.parts.values() if (job := part.wanted_job()) is not None),
                None,
            )
            if review is not None:
                if runner.tag != review[0]:
                    self._job_started = self.clock()
                    runner.start(*review)
                return
        if request is None or pending is not None:
            if runner.tag is not None and (
                request is None or runner.tag.kind in (JobKind.ANALYSIS, JobKind.PROVE)
            ):
                runner.cancel()
            return
        tag = JobTag(request.kind, request.generation)
        if runner.tag != tag and tag != self._failed:
            self._job_started = self.clock()
            runner.start(tag, request.search)

    def tick(self) -> bool:
        """Start the work wanted, collect a finished search and play a move
        whose time has come.

        Returns whether the view may have changed (a result, a move, the
        progress bar), so a window repaints only then."""
        if self.is_wanted:
            self.start()
        changed = False
        finished = self.runner.poll()
        if finished is not None:
            self._finish(finished.tag, finished.result)
            changed = True
        pending = self._pending
        if pending is not None and self.clock() >= pending.due:
            self._pending = None
            changed = True
            if self.session.apply_computer_move(pending.generation, pending.move):
                self.host.move_played()
        if changed:
            self.start()
        progress = self.shows_progress()
        if progress != self._progress_shown:
            self._progress_shown = progress
            changed = True
        return self.reviews.progressed() or changed

    def _finish(self, tag: JobTag, result: object) -> None:
        session = self.session
        part = self.parts.get(tag.kind)
        if part is not None:
            part.finish(tag, result)
            return
        if tag.generation != session.generation:
            return  # an answer for an older position: dropped
        if isinstance(result, BaseException):
            self._failed = tag
            self.host.report_error(result)
        elif isinstance(result, SearchResult) and session.is_computer_turn:
            if session.config.mode is Mode.WATCH:
                wait = 0.0 if session.step_wanted else self.settings.watch_delay / 1000
            elif session.board.cells == 9:
                wait = max(0.0, self.computer_pause - (self.clock() - self._job_started))
            else:
                wait = 0.0
            # Played by tick(), at once if there is no wait.
            self._pending = PendingMove(tag.generation, result.move, self.clock() + wait)
        elif isinstance(result, MoveAnalysis) and session.accept_analysis(
            tag.generation, result, proving=tag.kind is JobKind.PROVE
        ):
            if session.hint:
                self.host.show_hint()

    def cancel(self) -> None:
        """Stop any search and drop a move on its way."""
        self.runner.cancel()
        self._pending = None

    def close(self) -> None:
        """Stop the search thread (bounded wait); no work is wanted any more."""
        self.is_wanted = False
        self._pending = None
        self.runner.close()
