"""Each window's unfinished game is saved as it is played, in a file of its
own, and played on by the next start (Tk-free, real files under tmp_path)."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeClock, FakeDialogs

import ttt_gui.storage.unfinished as unfinished_module
from ttt_gui.app.jobs import InlineRunner
from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.games import SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame, unfinished_folder, unfinished_game_path


def start(folder: Path, *, resume: bool = True, **config: object) -> Presenter:
    settings = Settings(game=GameConfig.from_dict({"mode": "hotseat", **config}))
    return Presenter(
        settings,
        FakeDialogs(),
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        unfinished=UnfinishedGame(folder, legacy=legacy_path(folder)),
        resume=resume,
    )


def legacy_path(folder: Path) -> Path:
    return folder.with_name("settings.unfinished.ttt")


def own_file(window: Presenter) -> Path:
    unfinished = window.transfer.unfinished
    assert unfinished is not None
    return unfinished.path


def kept_moves(folder: Path) -> list[tuple[int, ...]]:
    """The moves of every game kept in ``folder``, sorted."""
    return sorted(read_game(path).moves for path in folder.glob("*.ttt"))


def test_a_game_in_progress_is_kept_at_quit_without_asking_and_played_on_next_time(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder, size=4)
    for cell in (5, 0, 10):
        first.play(cell)
    first.quit()
    assert isinstance(first.dialogs, FakeDialogs) and "confirm" not in first.dialogs.names()
    assert first.is_closed
    assert kept_moves(folder) == [(5, 0, 10)]
    second = start(folder)  # the settings say 3x3: the kept 4x4 game wins
    assert str(second.session.board) == "O.../.X../..X./...."
    assert second.view().status.startswith("Your unfinished game is back")
    assert second.session.config.size == 4
    assert list(folder.glob("*.ttt")) == [own_file(second)], "taken: now the window's own"


def test_the_game_is_saved_after_every_change_so_a_lost_window_loses_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "settings.unfinished"
    window = start(folder)
    window.play(4)
    assert read_game(own_file(window)).moves == (4,)
    window.play(0)
    assert read_game(own_file(window)).moves == (4, 0)
    window.undo()
    assert read_game(own_file(window)).moves == (4,)
    # The window never closes (its display is lost): the next one plays on.
    window.transfer.unfinished.release()  # type: ignore[union-attr]  # what the process's end does
    assert start(folder).session.history.moves == [4]


def test_a_finished_or_untouched_game_is_not_kept(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    for cell in (0, 3, 1, 4, 2):  # X wins
        first.play(cell)
    first.quit()
    assert kept_moves(folder) == []
    second = start(folder)
    second.play(4)
    second.quit()
    assert kept_moves(folder) == [(4,)]
    third = start(folder)
    third.new_game()  # the person starts over: nothing of theirs is left to keep
    third.quit()
    assert kept_moves(folder) == [], "the kept game is forgotten"


def test_only_one_of_two_windows_resumes_the_kept_game(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    first.play(4)
    first.quit()
    windows = [start(folder), start(folder)]
    boards = sorted(str(window.session.board) for window in windows)
    assert boards == [".../.../...", ".../.X./..."]


def test_an_idle_second_window_leaves_the_game_another_kept(tmp_path: Path) -> None:
    """Issue 32, item 1: closing with nothing to keep removed the kept game."""
    folder = tmp_path / "settings.unfinished"
    playing, idle = start(folder), start(folder)
    playing.play(4)
    playing.quit()
    idle.quit()
    assert kept_moves(folder) == [(4,)]
    assert start(folder).session.history.moves == [4]


def test_the_command_line_asking_for_another_game_leaves_the_kept_one(tmp_path: Path) -> None:
    """Issue 32, item 2: a run with game options that quit without playing
    threw the kept game away."""
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    first.play(4)
    first.quit()
    other = start(folder, resume=False, size=5)
    assert other.session.board.move_count == 0 and kept_moves(folder) == [(4,)]
    other.quit()
    assert kept_moves(folder) == [(4,)]
    assert start(folder).session.history.moves == [4]


def test_every_window_keeps_its_own_game_and_the_newest_comes_back_first(
    tmp_path: Path,
) -> None:
    """Issue 32, item 3: of two windows with games only the last closed was kept."""
    folder = tmp_path / "settings.unfinished"
    first, second = start(folder), start(folder)
    second.play(8)
    second.play(4)
    first.play(0)
    second.quit()
    first.quit()
    assert kept_moves(folder) == [(0,), (8, 4)]
    # The file systems' clocks may be too coarse to tell the moves apart.
    os.utime(own_file(second), (time.time() - 3600,) * 2)
    newest = start(folder)
    assert newest.session.history.moves == [0], "the last one played comes back first"
    assert "1 more unfinished game is kept" in newest.view().status
    assert start(folder).session.history.moves == [8, 4]
    assert start(folder).session.history.moves == []


def test_a_running_windows_game_is_not_taken(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    running = start(folder)
    running.play(4)
    assert start(folder).session.history.moves == []
    assert read_game(own_file(running)).moves == (4,)
    running.play(0)
    assert read_game(own_file(running)).moves == (4, 0)


def test_the_single_file_of_earlier_versions_is_taken_once(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    write_game(legacy_path(folder), SavedGame(GameConfig(mode=Mode.HOTSEAT), (4, 0), None))
    window = start(folder)
    assert window.session.history.moves == [4, 0]
    assert not legacy_path(folder).exists()
    assert kept_moves(folder) == [(4, 0)]
    assert start(folder).session.history.moves == [], "taken once"


def test_files_there_that_are_not_saved_games_are_never_touched(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    notes = folder / "notes.ttt"
    notes.write_text("my notes")
    legacy_path(folder).write_text("old notes")
    window = start(folder)
    assert window.session.board.move_count == 0
    window.play(4)
    window.quit()
    again = start(folder)
    again.new_game()
    again.quit()
    assert notes.read_text() == "my notes" and legacy_path(folder).read_text() == "old notes"


def test_against_the_computer_the_kept_game_keeps_its_sides(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder, mode="computer", human="O")
    first.tick()  # the computer opens
    first.play(first.session.board.legal_moves()[0])
    first.tick()
    first.quit()
    (kept,) = [read_game(path) for path in folder.glob("*.ttt")]
    assert kept.config.mode is Mode.COMPUTER and kept.config.human.value == "O"
    second = start(folder)
    assert list(second.session.history.moves) == list(kept.moves)


def test_the_unfinished_games_live_beside_the_settings() -> None:
    settings = Path("folder") / "mine.json"
    assert unfinished_folder(settings) == Path("folder/mine.unfinished")
    assert unfinished_game_path(settings) == Path("folder/mine.unfinished.ttt")


def test_of_windows_taking_at_the_same_moment_exactly_one_gets_the_game(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    kept = UnfinishedGame(folder)
    kept.hold()
    kept.save(SavedGame(GameConfig(mode=Mode.HOTSEAT), (4,), None))
    kept.release()
    takers = [UnfinishedGame(folder) for _ in range(8)]
    barrier = threading.Barrier(len(takers))

    def take(taker: UnfinishedGame) -> SavedGame | None:
        taker.hold()
        barrier.wait()
        return taker.take()

    with ThreadPoolExecutor(len(takers)) as pool:
        games = list(pool.map(take, takers))
    assert [game.moves for game in games if game is not None] == [(4,)]
    (winner,) = [taker for taker, game in zip(takers, games, strict=True) if game is not None]
    assert list(folder.glob("*.ttt")) == [winner.path]


def test_locks_left_by_windows_that_died_without_a_game_are_cleared(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    stale, fresh = folder / ".old game.ttt.lock", folder / ".new game.ttt.lock"
    stale.touch()
    fresh.touch()
    os.utime(stale, (1e9, 1e9))
    running = UnfinishedGame(folder)
    running.hold()
    os.utime(folder / f".{running.path.name}.lock", (1e9, 1e9))
    assert UnfinishedGame(folder).take() is None
    assert not stale.exists()
    assert fresh.exists(), "its window may be about to lock it"
    assert (folder / f".{running.path.name}.lock").exists(), "held by a running window"


def test_a_background_save_never_waits_for_the_disk_and_the_latest_game_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate, written = threading.Event(), []

    def slow_write(path: Path, game: SavedGame) -> None:
        gate.wait(timeout=10)  # a disk that takes its time
        written.append(game.moves)
        write_game(path, game)

    monkeypatch.setattr(unfinished_module, "write_game", slow_write)
    kept = UnfinishedGame(tmp_path / "settings.unfinished", background=True)
    kept.hold()
    config = GameConfig(mode=Mode.HOTSEAT)
    for moves in ((4,), (4, 0), (4, 0, 8)):
        kept.save(SavedGame(config, moves, None))  # returns while the first write waits
    assert not kept.flush(timeout=0.05), "still writing"
    gate.set()
    kept.release()  # waits for the last write
    assert read_game(kept.path).moves == (4, 0, 8)
    assert written[-1] == (4, 0, 8) and len(written) <= 2, "a newer game replaces one not written"
