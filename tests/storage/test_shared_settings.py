"""Several windows on one settings file: each saves only what it changed,
merged under the file's lock, so no finished game and no change is lost."""

from __future__ import annotations

import copy
import dataclasses
import multiprocessing
import multiprocessing.synchronize
import os
import stat
from pathlib import Path

import pytest
from fakes import FakeClock, FakeDialogs, InlineRunner

from ttt_gui.app.presenter import Presenter
from ttt_gui.board import Player
from ttt_gui.config import Mode, Shape
from ttt_gui.storage.files import LockTimeoutError, ReadOnlyFileError, locked
from ttt_gui.storage.settings import Settings, SettingsError, load, save
from ttt_gui.storage.settings_store import SettingsStore, merge

KEY = "computer:3x3:3"


def finish_game(settings: Settings, label: str, key: str = KEY) -> None:
    tally = settings.scores.setdefault(key, {})
    tally[label] = tally.get(label, 0) + 1


def open_window(path: Path) -> tuple[SettingsStore, Settings]:
    """What a starting window does: read the file and keep it as its baseline."""
    settings, message, can_save = load(path)
    assert message is None
    return SettingsStore(path, settings, can_write=can_save), copy.deepcopy(settings)


def test_two_windows_each_win_a_game_and_both_wins_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    first_store, first = open_window(path)
    second_store, second = open_window(path)
    finish_game(first, "X")
    finish_game(second, "X")
    first.zoom = 1.5
    first_store.save(first)
    second_store.save(second)
    saved = load(path)[0]
    assert saved.scores == {KEY: {"X": 2}}
    assert saved.zoom == 1.5, "the second window did not change the zoom, so it keeps the first's"


@pytest.mark.parametrize("order", ["first closes last", "second closes last"])
def test_an_idle_window_closing_last_wipes_nothing(tmp_path: Path, order: str) -> None:
    path = tmp_path / "settings.json"
    save(Settings(scores={KEY: {"X": 3}}), path)
    busy_store, busy = open_window(path)
    idle_store, idle = open_window(path)
    finish_game(busy, "O")
    busy.theme = "dark"
    saves = [(busy_store, busy), (idle_store, idle)]
    if order == "first closes last":
        saves.reverse()
    for store, settings in saves:
        store.save(settings)
    saved = load(path)[0]
    assert saved.scores == {KEY: {"X": 3, "O": 1}}
    assert saved.theme == "dark"


def test_every_game_is_counted_once_however_often_a_window_saves(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    stores = [open_window(path) for _ in range(3)]
    for round_number in range(4):
        for store, settings in stores:
            finish_game(settings, "draw")
            store.save(settings)
            if round_number % 2:
                store.save(settings)  # a save with nothing new adds nothing
    assert load(path)[0].scores == {KEY: {"draw": 12}}


def test_a_reset_takes_away_only_the_games_that_window_had_seen(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(scores={KEY: {"X": 2}}), path)
    resetting_store, resetting = open_window(path)
    playing_store, playing = open_window(path)
    finish_game(playing, "X")
    playing_store.save(playing)
    resetting.scores.pop(KEY)
    resetting_store.save(resetting)
    assert load(path)[0].scores == {KEY: {"X": 1}}, "the game won after the reset is kept"


def test_both_windows_change_the_game_and_each_field_keeps_the_last_change(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    level_store, level_window = open_window(path)
    board_store, board_window = open_window(path)
    level_window.game = dataclasses.replace(level_window.game, level="hard")
    board_window.game = board_window.game.with_shape(Shape(5, 5, 4))
    level_store.save(level_window)
    board_store.save(board_window)
    saved = load(path)[0].game
    assert (saved.level, saved.size, saved.win_length) == ("hard", 5, 4)


def test_changes_that_do_not_fit_the_file_take_the_window_s_whole_game() -> None:
    on_file = Settings(game=Settings().game.with_shape(Shape(7, 7, 6)))
    baseline = Settings()
    current = dataclasses.replace(baseline, game=baseline.game.with_shape(Shape(4, 4, 4)))
    merged = merge(on_file, baseline, dataclasses.replace(current, game=current.game))
    assert (merged.game.size, merged.game.win_length) == (4, 4)
    # Only the win length changed here: 6 in a row on the file's 7x7 stays valid.
    only_length = dataclasses.replace(
        baseline, game=dataclasses.replace(baseline.game, win_length=3)
    )
    assert merge(on_file, baseline, only_length).game.size == 7


def test_a_store_for_no_file_or_an_unwritable_one_keeps_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    SettingsStore(None, Settings()).save(Settings(theme="dark"))
    SettingsStore(path, Settings(), can_write=False).save(Settings(theme="dark"))
    assert not path.exists()


def test_a_file_replaced_by_something_else_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    store, settings = open_window(path)
    path.write_text('{"format": "ttt-gui game", "moves": []}')
    settings.theme = "dark"
    with pytest.raises(SettingsError, match="no longer holds settings"):
        store.save(settings)
    assert path.read_text() == '{"format": "ttt-gui game", "moves": []}'


def test_a_read_only_settings_file_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(zoom=2.0), path)
    path.chmod(0o444)
    before = path.read_bytes()
    store, settings = open_window(path)
    settings.theme = "dark"
    with pytest.raises(ReadOnlyFileError) as raised:
        store.save(settings)
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert raised.value.filename == str(path) and "read-only" in str(raised.value)


def test_a_symlinked_settings_file_is_merged_into_its_target(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "ttt.json"
    real.parent.mkdir()
    save(Settings(scores={KEY: {"X": 1}}), real)
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    store, settings = open_window(link)
    finish_game(settings, "X")
    store.save(settings)
    assert link.is_symlink() and load(real)[0].scores == {KEY: {"X": 2}}
    assert (real.parent / ".ttt.json.lock").exists(), "the lock sits beside the target"


def test_a_link_planted_at_the_lock_s_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    path = tmp_path / "settings.json"
    (tmp_path / ".settings.json.lock").symlink_to(victim)
    store, settings = open_window(path)
    settings.theme = "dark"
    with pytest.raises(OSError):
        store.save(settings)
    assert victim.read_text() == "precious" and not path.exists()


def _hold_lock(
    path: str, ready: multiprocessing.synchronize.Event, release: multiprocessing.synchronize.Event
) -> None:
    with locked(Path(path)):
        ready.set()
        release.wait(30)


def test_the_lock_keeps_other_processes_out_until_released(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_lock, args=(str(path), ready, release))
    holder.start()
    try:
        assert ready.wait(30), "the other process took the lock"
        with pytest.raises(LockTimeoutError), locked(path, timeout=0.2):
            pass
    finally:
        release.set()
        holder.join(30)
    with locked(path, timeout=0.2):
        assert os.path.exists(tmp_path / ".settings.json.lock")


def test_a_failed_save_is_told_once_naming_the_settings_file_not_its_temporary(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    store, settings = open_window(path)
    presenter = Presenter(
        settings, FakeDialogs(), save_settings=store, clock=FakeClock(), runner=InlineRunner()
    )
    (path / "in the way").mkdir(parents=True)  # os.replace cannot put a file there
    presenter.display.zoom_in()
    status = presenter.view().status
    assert status == "Settings not saved: settings.json is not a regular file.", status
    assert ".tmp" not in status and not [p for p in path.iterdir() if p.suffix == ".tmp"]
    presenter.moves.play(4)
    presenter.display.zoom_in()
    assert "Settings not saved" not in presenter.view().status, "said once, not again"


def test_the_message_about_a_set_aside_file_stays_while_the_computer_opens(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    settings, message, _ = load(path)
    assert message is not None and "settings.json.corrupt-" in message
    clock = FakeClock()
    presenter = Presenter(
        dataclasses.replace(
            settings, game=dataclasses.replace(settings.game, mode=Mode.COMPUTER, human=Player.O)
        ),
        FakeDialogs(),
        clock=clock,
        runner=InlineRunner(),
        message=message,
    )
    for _ in range(20):
        presenter.tick()
        clock.advance(0.2)
    assert presenter.session.board.move_count == 1, "the computer has opened"
    assert presenter.view().status == message, "still there for the person to read"
    presenter.moves.play(presenter.session.board.legal_moves()[0])
    assert message not in presenter.view().status, "the person's first move clears it"
