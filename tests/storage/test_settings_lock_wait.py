"""While another window holds the settings file's lock, a save never waits:
it is pending, the status says so, and the presenter's tick saves once the
lock is free, with nothing lost. Only Quit's final save waits, within a bound."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from fakes import FakeClock, FakeDialogs, InlineRunner

import ttt_gui.storage.settings_store as settings_store
from ttt_gui import PROGRAM_NAME
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.settings_saving import PENDING, RETRY_INTERVAL
from ttt_gui.storage.files import LockTimeoutError, locked
from ttt_gui.storage.settings import Settings, load, save
from ttt_gui.storage.settings_store import SettingsStore

#: What the window says while another window holds the settings.
PENDING_SHOWN = PENDING.format(name=PROGRAM_NAME)


@contextmanager
def lock_held_elsewhere(path: Path) -> Iterator[Callable[[], None]]:
    """Another holder (a thread with its own open lock file, as another
    process would have) keeps ``path`` locked until the yielded call lets go."""
    ready, release = threading.Event(), threading.Event()

    def hold() -> None:
        with locked(path):
            ready.set()
            release.wait(30)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()

    def let_go() -> None:
        release.set()
        holder.join(30)
        assert not holder.is_alive()

    assert ready.wait(30), "the other holder took the lock"
    try:
        yield let_go
    finally:
        let_go()


@pytest.fixture
def lock_timeouts(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The timeout of every lock the settings store takes, in order."""
    timeouts: list[float] = []
    real_locked = settings_store.locked

    def recording(path: Path, timeout: float = 5.0) -> AbstractContextManager[None]:
        timeouts.append(timeout)
        return real_locked(path, timeout)

    monkeypatch.setattr(settings_store, "locked", recording)
    return timeouts


def open_presenter(path: Path, clock: FakeClock, lock_timeout: float = 0.2) -> Presenter:
    settings, _, can_save = load(path)
    store = SettingsStore(path, settings, can_write=can_save, lock_timeout=lock_timeout)
    return Presenter(
        copy.deepcopy(settings),
        FakeDialogs(),
        save_settings=store,
        clock=clock,
        runner=InlineRunner(),
    )


def test_a_store_told_not_to_wait_raises_at_once_and_saves_later(
    tmp_path: Path, lock_timeouts: list[float]
) -> None:
    path = tmp_path / "settings.json"
    save(Settings(zoom=1.0), path)
    store = SettingsStore(path, Settings(zoom=1.0), lock_timeout=60.0)
    with lock_held_elsewhere(path) as let_go:
        with pytest.raises(LockTimeoutError):
            store.save(Settings(zoom=1.5), wait=False)
        assert lock_timeouts == [0.0], "the lock was only tried, never waited for"
        assert load(path)[0].zoom == 1.0
        let_go()
        store.save(Settings(zoom=1.5), wait=False)
    assert load(path)[0].zoom == 1.5


def test_a_save_while_another_window_holds_the_lock_is_pending_then_saved_by_a_tick(
    tmp_path: Path, lock_timeouts: list[float]
) -> None:
    path = tmp_path / "settings.json"
    save(Settings(), path)
    clock = FakeClock()
    presenter = open_presenter(path, clock, lock_timeout=60.0)
    with lock_held_elsewhere(path) as let_go:
        presenter.display.zoom_in()
        assert lock_timeouts and all(timeout == 0.0 for timeout in lock_timeouts), lock_timeouts
        assert presenter.view().status == PENDING_SHOWN
        assert presenter.is_working, "the window keeps ticking while a save is pending"
        presenter.display.zoom_in()  # a second change while the first waits
        clock.advance(RETRY_INTERVAL)
        presenter.tick()
        assert presenter.view().status == PENDING_SHOWN and load(path)[0].zoom == 1.0
        let_go()
        assert not presenter.tick(), "not tried again before its time"
        clock.advance(RETRY_INTERVAL)
        assert presenter.tick(), "the save ended, so the view changed"
    assert all(timeout == 0.0 for timeout in lock_timeouts), "never waited on the window's thread"
    assert load(path)[0].zoom == presenter.settings.zoom > 1.0, "both changes are saved"
    assert presenter.view().status != PENDING_SHOWN
    assert not presenter.is_working


def test_quit_waits_for_the_lock_within_its_bound_and_says_when_it_could_not_save(
    tmp_path: Path, lock_timeouts: list[float]
) -> None:
    path = tmp_path / "settings.json"
    save(Settings(), path)
    presenter = open_presenter(path, FakeClock(), lock_timeout=0.05)
    with lock_held_elsewhere(path):
        presenter.display.zoom_in()
        assert presenter.view().status == PENDING_SHOWN
        presenter.quit()
        assert lock_timeouts[-1] == 0.05, "the final save waits, as long as the store's bound"
        status = presenter.view().status
        assert status.startswith("Settings not saved: settings.json"), status
    assert load(path)[0].zoom == 1.0


def test_quit_saves_a_pending_change_once_the_lock_is_free(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(), path)
    presenter = open_presenter(path, FakeClock())
    with lock_held_elsewhere(path) as let_go:
        presenter.display.zoom_in()
        assert presenter.view().status == PENDING_SHOWN
        let_go()
        presenter.quit()
    assert presenter.is_closed and load(path)[0].zoom == presenter.settings.zoom > 1.0
