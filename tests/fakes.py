"""Test doubles for the presenter's seams: dialogs, clock, settings store, a runner
that holds its job; and a presenter wired to them; and a game whose review the
presenter and window tests both read."""

from __future__ import annotations

import datetime
import os
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttt_gui.app.jobs import Finished, Job, JobKind, JobTag, Runner
from ttt_gui.app.ports import ClipboardDelivery, Cue, KeptGameAction
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.session import Session
from ttt_gui.board import Board
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.games import SavedGame, write_game
from ttt_gui.storage.settings import Settings

#: X a1, O b1 (loses the draw), X b2, O b3 (loses faster than c3), X c3 wins.
REVIEWED_GAME = (0, 1, 4, 7, 8)
#: The move list of REVIEWED_GAME once reviewed.
MARKED_LIST = ("Start", "1. X a1  ✓", "2. O b1  ?", "3. X b2  ✓", "4. O b3  ?!", "5. X c3  ✓")


class InlineRunner:
    """A runner that runs each job at once in the calling thread."""

    def __init__(self) -> None:
        self._finished: Finished | None = None
        self.started: list[JobTag] = []

    @property
    def tag(self) -> JobTag | None:
        return self._finished.tag if self._finished is not None else None

    def start(self, tag: JobTag, job: Job) -> None:
        self.started.append(tag)
        try:
            result: object = job(threading.Event())
        except Exception as error:
            result = error
        self._finished = Finished(tag, result)

    def cancel(self) -> None:
        self._finished = None

    def poll(self) -> Finished | None:
        finished, self._finished = self._finished, None
        return finished

    def close(self, wait: float = 1.0) -> None:
        self.cancel()


class FakeDialogs:
    """Records every question and message; answers from scripted queues.

    ``confirm`` answers ``confirm_answer`` unless ``confirm_answers`` has
    queued answers; ``ask_integer``, ``ask_open_path``, ``ask_save_path`` and
    ``choose_kept_game`` (``kept_choices``) take answers from their queues
    (None when empty, as when cancelled).
    """

    def __init__(self) -> None:
        self.confirm_answer = True
        self.confirm_answers: deque[bool] = deque()
        self.integers: deque[int | None] = deque()
        self.boards: deque[Shape | None] = deque()
        self.open_paths: deque[Path | None] = deque()
        self.save_paths: deque[Path | None] = deque()
        self.kept_choices: deque[tuple[int, KeptGameAction] | None] = deque()
        self.clipboard: str | None = None
        self.clipboard_silent = False
        self.unanswered: list[ClipboardDelivery] = []
        self.calls: list[tuple[str, tuple[object, ...]]] = []

    def _record(self, name: str, *arguments: object) -> None:
        self.calls.append((name, arguments))

    def names(self) -> list[str]:
        """The names of the dialog methods called, in order."""
        return [name for name, _ in self.calls]

    def confirm(self, title: str, text: str, yes: str, no: str) -> bool:
        self._record("confirm", title, text, yes, no)
        return self.confirm_answers.popleft() if self.confirm_answers else self.confirm_answer

    def ask_integer(
        self, title: str, prompt: str, initial: int, minimum: int, maximum: int
    ) -> int | None:
        self._record("ask_integer", title, prompt, initial, minimum, maximum)
        return self.integers.popleft() if self.integers else None

    def ask_board(self, shape: Shape) -> Shape | None:
        self._record("ask_board", *shape)
        return self.boards.popleft() if self.boards else None

    def show_info(self, title: str, text: str) -> None:
        self._record("show_info", title, text)

    def show_text(self, title: str, text: str) -> None:
        self._record("show_text", title, text)

    def show_table(self, title: str, rows: list[tuple[str, str]]) -> None:
        self._record("show_table", title, rows)

    def show_error(self, title: str, text: str) -> None:
        self._record("show_error", title, text)

    def ask_open_path(self, folder: Path) -> Path | None:
        self._record("ask_open_path", folder)
        return self.open_paths.popleft() if self.open_paths else None

    def choose_kept_game(self, entries: list[str]) -> tuple[int, KeptGameAction] | None:
        self._record("choose_kept_game", entries)
        return self.kept_choices.popleft() if self.kept_choices else None

    def ask_save_path(self, folder: Path, name: str) -> Path | None:
        self._record("ask_save_path", folder, name)
        return self.save_paths.popleft() if self.save_paths else None

    def read_clipboard(self, deliver: ClipboardDelivery) -> None:
        """Answers at once with :attr:`clipboard`; with :attr:`clipboard_silent`
        keeps ``deliver`` in :attr:`unanswered` (call it to answer late)."""
        self._record("read_clipboard")
        if self.clipboard_silent:
            self.unanswered.append(deliver)
        else:
            deliver(self.clipboard, True)

    def set_clipboard(self, text: str) -> None:
        self._record("set_clipboard", text)
        self.clipboard = text


class HeldRunner:
    """A runner that keeps its job until the test runs it (or it is cancelled)."""

    def __init__(self) -> None:
        self.job: tuple[JobTag, Job, threading.Event] | None = None
        self.stops: list[threading.Event] = []
        self.held: Finished | None = None
        self._finished: Finished | None = None

    @property
    def tag(self) -> JobTag | None:
        if self._finished is not None:
            return self._finished.tag
        return self.job[0] if self.job is not None else None

    def start(self, tag: JobTag, job: Job) -> None:
        self.cancel()
        stop = threading.Event()
        self.stops.append(stop)
        self.job = (tag, job, stop)

    def run(self, deliver: bool = True) -> None:
        """Run the job; its result can be polled at once, or after :meth:`deliver`."""
        assert self.job is not None, "no job to run"
        tag, job, stop = self.job
        self.held = Finished(tag, job(stop))
        if deliver:
            self.deliver()

    def deliver(self) -> None:
        self.job, self._finished = None, self.held

    def cancel(self) -> None:
        if self.job is not None:
            self.job[2].set()
        self.job = self._finished = None

    def poll(self) -> Finished | None:
        finished, self._finished = self._finished, None
        return finished

    def close(self, wait: float = 1.0) -> None:
        self.cancel()


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class TickingClock:
    """A clock that moves on by ``step`` each time it is read: timing proving
    rounds by it counts their length in readings (the engine reads it every
    few hundred positions) rather than in seconds of the machine."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class FakeSoundPlayer:
    """Records the cues played, in order; plays nothing."""

    def __init__(self) -> None:
        self.cues: list[Cue] = []

    def play(self, cue: Cue) -> None:
        self.cues.append(cue)

    def take(self) -> list[Cue]:
        """The cues played since the last call."""
        cues, self.cues = self.cues, []
        return cues


class FakeStore:
    """Keeps every saved copy of the settings (as JSON text)."""

    def __init__(self, fail: bool = False) -> None:
        self.saved: list[str] = []
        self.fail = fail

    def __call__(self, settings: Settings, *, wait: bool = True) -> None:
        if self.fail:
            raise PermissionError(13, "Permission denied")
        self.saved.append(settings.to_json())


@dataclass
class Rig:
    """A presenter wired to fakes: scripted dialogs, a fake clock, a settings
    store that keeps every save, a runner that runs each search at once, and
    a sound player that records the cues."""

    presenter: Presenter
    dialogs: FakeDialogs
    clock: FakeClock
    store: FakeStore
    runner: Runner
    sounds: FakeSoundPlayer

    @property
    def session(self) -> Session:
        return self.presenter.session

    @property
    def board(self) -> Board:
        return self.presenter.session.board

    def settle(self, step: float = 10.0, limit: int = 200) -> None:
        """Tick, moving the clock on by ``step`` each time, until nothing is
        left to do (every search collected, every paced move played) but
        proving the analysis, which may go on without end."""
        for _ in range(limit):
            tag = self.presenter.work.runner.tag
            if not self.presenter.is_working or (tag is not None and tag.kind is JobKind.PROVE):
                return
            self.presenter.tick()
            self.clock.advance(step)
        raise AssertionError("the presenter never settled")


def make_presenter(
    settings: Settings | None = None,
    *,
    computer_pause: float = 0.0,
    store: FakeStore | None = None,
    runner: Runner | None = None,
    desktop_sounds: bool = True,
    today: datetime.date = datetime.date(2026, 11, 29),
    **config: Any,
) -> Rig:
    """A :class:`Rig` for ``settings``, or for default settings whose game has
    the fields ``config`` (``mode`` and ``human`` may be given as text).
    ``desktop_sounds`` is whether the desktop allows event sounds; ``today``
    the date the presenter reads (the daily puzzle, the puzzle streak).

    The runner defaults to an :class:`InlineRunner` (each search runs at once;
    :meth:`Presenter.tick` collects it) and the computer's pause to none.
    """
    if settings is None:
        settings = Settings(game=GameConfig.from_dict(config))
    elif config:
        raise TypeError("give settings or game fields, not both")
    dialogs, clock = FakeDialogs(), FakeClock()
    store = store if store is not None else FakeStore()
    runner = runner if runner is not None else InlineRunner()
    sounds = FakeSoundPlayer()
    presenter = Presenter(
        settings,
        dialogs,
        save_settings=store,
        clock=clock,
        runner=runner,
        computer_pause=computer_pause,
        sound_player=sounds,
        desktop_sounds=desktop_sounds,
        today=lambda: today,
    )
    return Rig(presenter, dialogs, clock, store, runner, sounds)


def keep_game(folder: Path, name: str, moves: tuple[int, ...], age_hours: float) -> Path:
    """A two-player game of ``moves`` kept in ``folder`` as a window would
    keep it, last written ``age_hours`` ago."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ttt"
    write_game(path, SavedGame(GameConfig(mode=Mode.HOTSEAT), moves, None))
    saved_at = time.time() - age_hours * 3600
    os.utime(path, (saved_at, saved_at))
    return path
