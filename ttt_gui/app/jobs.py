"""The search thread: one job at a time, a stop token per job; no Tk.

Threading contract, stated once:

* A :class:`JobRunner` is owned by one thread (Tk's, in the window; the test's,
  in tests). :meth:`~JobRunner.start`, :meth:`~JobRunner.cancel`,
  :meth:`~JobRunner.poll` and :attr:`~JobRunner.tag` are called from that
  thread only.
* A job is a callable that takes its own stop token (a ``threading.Event``) and
  returns a result. It runs in a daemon worker thread, shares nothing with the
  owner but its arguments and its return value, and should return soon after
  its token is set (the engine checks it every few hundred nodes, and before
  it starts, so a stop that arrives first is never lost).
* Starting a job cancels the one before: its token is set, and its result is
  never returned by :meth:`~JobRunner.poll`, even if it finishes later, since
  results carry the serial number of their job. The owner is never blocked
  waiting for a worker, except by :meth:`~JobRunner.close` (bounded).
* A job that raises hands the exception back through :meth:`~JobRunner.poll`
  as its result; the owner decides how to report it.

A test's runner with the same interface (:class:`Runner`) runs each job at
once, in the owner's thread, to make searches deterministic.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

#: A job: called with its stop token, returns its result.
Job = Callable[[threading.Event], object]


class JobKind(StrEnum):
    """What a job computes."""

    MOVE = "move"  # the computer's move
    ANALYSIS = "analysis"  # every move's value, for the analysis and the hint
    PROVE = "prove"  # a round of proving the shown analysis
    REVIEW = "review"  # the review of a game
    PUZZLE = "puzzle"  # a puzzle's judgement of a move, its defence or its solution


@dataclass(frozen=True)
class JobTag:
    """What a job computes and for which position (the session's
    ``generation`` when it started; a review's serial number)."""

    kind: JobKind
    generation: int


@dataclass(frozen=True)
class Finished:
    """The outcome of a job: its result, or the exception it raised."""

    tag: JobTag
    result: object


class Runner(Protocol):
    """What the presenter needs of a job runner (see the module docstring)."""

    @property
    def tag(self) -> JobTag | None:
        """The current job's tag, running or finished but not yet polled."""

    def start(self, tag: JobTag, job: Job) -> None: ...

    def cancel(self) -> None: ...

    def poll(self) -> Finished | None: ...

    def close(self, wait: float = 1.0) -> None: ...


class JobRunner:
    """Runs jobs in daemon worker threads, one current job at a time."""

    def __init__(self) -> None:
        self._results: queue.SimpleQueue[tuple[int, Finished]] = queue.SimpleQueue()
        self._serial = 0
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._tag: JobTag | None = None

    @property
    def tag(self) -> JobTag | None:
        return self._tag

    @property
    def is_running(self) -> bool:
        """Whether the current job's thread is still working."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, tag: JobTag, job: Job) -> None:
        """Cancel the current job and run ``job`` in a new worker thread."""
        self.cancel()
        self._serial += 1
        serial, stop = self._serial, threading.Event()

        def run() -> None:
            try:
                result: object = job(stop)
            except Exception as error:  # handed to the owner, who reports it
                result = error
            self._results.put((serial, Finished(tag, result)))

        self._stop, self._tag = stop, tag
        self._thread = threading.Thread(target=run, name=f"ttt-{tag.kind}", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the current job; its result will never be returned. Never blocks."""
        if self._stop is not None:
            self._stop.set()
        self._serial += 1  # any result still on its way is now stale
        self._stop = self._tag = None

    def poll(self) -> Finished | None:
        """The current job's outcome once it has finished, else None."""
        while True:
            try:
                serial, finished = self._results.get_nowait()
            except queue.Empty:
                return None
            if serial == self._serial:
                self._stop = self._tag = None
                return finished

    def close(self, wait: float = 1.0) -> None:
        """Cancel, then wait up to ``wait`` seconds for the worker to end."""
        thread = self._thread
        self.cancel()
        if thread is not None:
            thread.join(wait)
        self._thread = None
