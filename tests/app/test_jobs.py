"""The search thread: results through poll(), cancellation and stale results,
exceptions, closing; the inline runner used by the presenter tests.

Every wait here is on an Event or a thread join that the test controls; the
deadlines only turn a hang into a failure, they measure nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from fakes import InlineRunner

from ttt_gui.app.jobs import Finished, JobRunner, JobTag
from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit, SearchResult

#: How long a test waits before it calls a hang a failure (seconds).
HANG = 10.0

MOVE = JobTag("move", 1)
ANALYSIS = JobTag("analysis", 2)


class GatedJob:
    """A job that blocks until the test opens its gate, then returns ``result``.

    It records its stop token and its thread, so the test can see whether it
    was told to stop and can wait for it to end.
    """

    def __init__(self, result: object) -> None:
        self.result = result
        self.gate = threading.Event()
        self.started = threading.Event()
        self.token: threading.Event | None = None
        self.thread: threading.Thread | None = None

    def __call__(self, stop: threading.Event) -> object:
        self.token = stop
        self.thread = threading.current_thread()
        self.started.set()
        assert self.gate.wait(HANG), "the test never opened the gate"
        return self.result

    def wait_started(self) -> None:
        assert self.started.wait(HANG), "the job never started"

    def finish(self) -> None:
        """Open the gate and wait until the job's thread has handed back its result."""
        self.wait_started()
        self.gate.set()
        assert self.thread is not None
        self.thread.join(HANG)
        assert not self.thread.is_alive(), "the job did not end"


def poll_until_finished(runner: JobRunner) -> Finished:
    """Poll as the window does, until the current job's outcome arrives."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        finished = runner.poll()
        if finished is not None:
            return finished
        time.sleep(0.001)
    raise AssertionError("no result arrived")


@pytest.fixture
def runner() -> Iterator[JobRunner]:
    runner = JobRunner()
    yield runner
    runner.close(HANG)


# -- JobRunner ---------------------------------------------------------------------


def test_a_result_comes_back_through_poll_with_its_tag(runner: JobRunner) -> None:
    job = GatedJob("the move")
    runner.start(MOVE, job)
    job.wait_started()
    assert runner.poll() is None, "the job has not finished yet"
    assert runner.tag == MOVE and runner.is_running
    job.finish()
    assert runner.tag == MOVE, "a finished job stays current until it is polled"
    assert poll_until_finished(runner) == Finished(MOVE, "the move")
    assert runner.tag is None
    assert runner.poll() is None, "a result is returned once"


def test_the_job_runs_in_a_worker_thread_with_an_unset_token(runner: JobRunner) -> None:
    job = GatedJob(None)
    runner.start(MOVE, job)
    job.finish()
    assert job.thread is not threading.current_thread()
    assert job.thread is not None and job.thread.daemon
    assert job.token is not None and not job.token.is_set()
    poll_until_finished(runner)


def test_starting_a_new_job_stops_the_old_one_and_drops_its_result(runner: JobRunner) -> None:
    old, new = GatedJob("old result"), GatedJob("new result")
    runner.start(MOVE, old)
    old.wait_started()
    runner.start(ANALYSIS, new)
    assert old.token is not None and old.token.is_set(), "the old job was told to stop"
    new.wait_started()
    assert new.token is not None and not new.token.is_set()
    assert runner.tag == ANALYSIS
    old.finish()  # the old job ignores its token and finishes late
    assert runner.poll() is None, "the old job's result is never returned"
    new.finish()
    assert poll_until_finished(runner) == Finished(ANALYSIS, "new result")


def test_a_result_of_a_replaced_job_is_dropped_even_if_it_was_waiting(
    runner: JobRunner,
) -> None:
    old, new = GatedJob("old result"), GatedJob("new result")
    runner.start(MOVE, old)
    old.finish()  # finished, but not polled yet
    runner.start(MOVE, new)  # same tag: only the serial number tells them apart
    assert runner.poll() is None
    new.finish()
    assert poll_until_finished(runner).result == "new result"


def test_cancel_stops_the_job_and_its_result_never_arrives(runner: JobRunner) -> None:
    job = GatedJob("too late")
    runner.start(MOVE, job)
    job.wait_started()
    runner.cancel()
    assert job.token is not None and job.token.is_set()
    assert runner.tag is None
    job.finish()
    assert runner.poll() is None
    assert runner.tag is None


def test_cancel_without_a_job_does_nothing(runner: JobRunner) -> None:
    runner.cancel()
    assert runner.tag is None and runner.poll() is None and not runner.is_running


def test_an_exception_is_handed_back_as_the_result(runner: JobRunner) -> None:
    error = RuntimeError("broken search")

    def fail(stop: threading.Event) -> object:
        raise error

    runner.start(ANALYSIS, fail)
    finished = poll_until_finished(runner)
    assert finished.tag == ANALYSIS and finished.result is error


def test_close_stops_the_job_and_joins_its_thread(runner: JobRunner) -> None:
    started = threading.Event()
    threads: list[threading.Thread] = []

    def until_stopped(stop: threading.Event) -> object:
        threads.append(threading.current_thread())
        started.set()
        return stop.wait(HANG)

    runner.start(MOVE, until_stopped)
    assert started.wait(HANG)
    runner.close(HANG)
    assert not threads[0].is_alive(), "close() returned before the worker ended"
    assert not runner.is_running and runner.tag is None
    assert runner.poll() is None


def test_jobs_run_one_after_another_after_polling(runner: JobRunner) -> None:
    for number in range(5):
        tag = JobTag("move", number)

        def square(stop: threading.Event, number: int = number) -> object:
            return number * number

        runner.start(tag, square)
        assert poll_until_finished(runner) == Finished(tag, number * number)


def test_a_cancelled_engine_search_ends(runner: JobRunner) -> None:
    """The engine honours the job's stop token: a 9x9 search with a long think
    time ends once cancelled."""
    engine = Engine()
    board = Board.empty(9, 5)
    threads: list[threading.Thread] = []
    started = threading.Event()

    def search(stop: threading.Event) -> object:
        threads.append(threading.current_thread())
        started.set()
        return engine.search(board, Limit(time=60.0), stop=stop)

    runner.start(MOVE, search)
    assert started.wait(HANG)
    runner.cancel()
    threads[0].join(HANG)
    assert not threads[0].is_alive(), "the search ignored its stop token"
    assert runner.poll() is None


def test_an_engine_search_result_arrives(runner: JobRunner) -> None:
    engine = Engine(randomize=False)
    board = Board.parse("xx./oo./...")
    runner.start(MOVE, lambda stop: engine.search(board, stop=stop))
    result = poll_until_finished(runner).result
    assert isinstance(result, SearchResult) and result.move == 2


# -- InlineRunner ---------------------------------------------------------------------


def test_inline_runner_runs_the_job_at_once_in_the_calling_thread() -> None:
    runner = InlineRunner()
    seen: list[tuple[threading.Thread, bool]] = []

    def job(stop: threading.Event) -> object:
        seen.append((threading.current_thread(), stop.is_set()))
        return "done"

    runner.start(MOVE, job)
    assert seen == [(threading.current_thread(), False)]
    assert runner.started == [MOVE]
    assert runner.tag == MOVE
    assert runner.poll() == Finished(MOVE, "done")
    assert runner.tag is None and runner.poll() is None


def test_inline_runner_cancel_drops_the_result() -> None:
    runner = InlineRunner()
    runner.start(MOVE, lambda stop: "dropped")
    runner.cancel()
    assert runner.tag is None and runner.poll() is None
    runner.start(ANALYSIS, lambda stop: "kept")
    runner.close()
    assert runner.poll() is None
    assert runner.started == [MOVE, ANALYSIS]


def test_inline_runner_hands_back_exceptions() -> None:
    runner = InlineRunner()
    error = ValueError("bad")

    def fail(stop: threading.Event) -> object:
        raise error

    runner.start(MOVE, fail)
    finished = runner.poll()
    assert finished is not None and finished.result is error


def test_a_new_inline_job_replaces_an_unpolled_result() -> None:
    runner = InlineRunner()
    runner.start(MOVE, lambda stop: "first")
    runner.start(ANALYSIS, lambda stop: "second")
    assert runner.poll() == Finished(ANALYSIS, "second")
    assert runner.poll() is None
