"""Each window's unfinished game is saved as it is played, in a file of its
own, and played on by the next start (Tk-free, real files under tmp_path)."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeClock, FakeDialogs, InlineRunner

import ttt_gui.storage.unfinished as unfinished_module
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
    unfinished = window.kept.unfinished
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
        first.moves.play(cell)
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
    window.moves.play(4)
    assert read_game(own_file(window)).moves == (4,)
    window.moves.play(0)
    assert read_game(own_file(window)).moves == (4, 0)
    window.moves.undo()
    assert read_game(own_file(window)).moves == (4,)
    # The window never closes (its display is lost): the next one plays on.
    window.kept.unfinished.release()  # type: ignore[union-attr]  # what the process's end does
    assert start(folder).session.history.moves == [4]


def test_a_finished_or_untouched_game_is_not_kept(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    for cell in (0, 3, 1, 4, 2):  # X wins
        first.moves.play(cell)
    first.quit()
    assert kept_moves(folder) == []
    second = start(folder)
    second.moves.play(4)
    second.quit()
    assert kept_moves(folder) == [(4,)]
    third = start(folder)
    third.new_game_page.play_again()  # the person starts over: nothing of theirs is left to keep
    third.quit()
    assert kept_moves(folder) == [], "the kept game is forgotten"


def test_only_one_of_two_windows_resumes_the_kept_game(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    first.moves.play(4)
    first.quit()
    windows = [start(folder), start(folder)]
    boards = sorted(str(window.session.board) for window in windows)
    assert boards == [".../.../...", ".../.X./..."]


def test_an_idle_second_window_leaves_the_game_another_kept(tmp_path: Path) -> None:
    """Issue 32, item 1: closing with nothing to keep removed the kept game."""
    folder = tmp_path / "settings.unfinished"
    playing, idle = start(folder), start(folder)
    playing.moves.play(4)
    playing.quit()
    idle.quit()
    assert kept_moves(folder) == [(4,)]
    assert start(folder).session.history.moves == [4]


def test_the_command_line_asking_for_another_game_leaves_the_kept_one(tmp_path: Path) -> None:
    """Issue 32, item 2: a run with game options that quit without playing
    threw the kept game away."""
    folder = tmp_path / "settings.unfinished"
    first = start(folder)
    first.moves.play(4)
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
    second.moves.play(8)
    second.moves.play(4)
    first.moves.play(0)
    second.quit()
    first.quit()
    assert kept_moves(folder) == [(0,), (8, 4)]
    # The file systems' clocks may be too coarse to tell the moves apart.
    os.utime(own_file(second), (time.time() - 3600,) * 2)
    newest = start(folder)
    assert newest.session.history.moves == [0], "the last one played comes back first"
    assert "Game › Resume… holds 1 more unfinished game." in newest.view().status
    # Each window is kept open (referenced): one collected as garbage lets go
    # of its lock, as a window that died does, and its game is free again.
    older = start(folder)
    assert older.session.history.moves == [8, 4]
    assert start(folder).session.history.moves == []
    assert older.session.history.moves == [8, 4]


def test_the_window_closed_last_comes_back_first_whatever_its_last_moves_age(
    tmp_path: Path,
) -> None:
    """Issue 48: the game with the newest move came back, not the last one on screen."""
    folder = tmp_path / "settings.unfinished"
    first, second = start(folder), start(folder)
    first.moves.play(0)
    second.moves.play(8)
    os.utime(own_file(first), (time.time() - 3600,) * 2)  # its last move an hour ago
    second.quit()
    first.quit()  # closed last: on screen last
    assert start(folder).session.history.moves == [0]


def test_a_running_windows_game_is_not_taken(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    running = start(folder)
    running.moves.play(4)
    assert start(folder).session.history.moves == []
    assert read_game(own_file(running)).moves == (4,)
    running.moves.play(0)
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
    window.moves.play(4)
    window.quit()
    again = start(folder)
    again.new_game_page.play_again()
    again.quit()
    assert notes.read_text() == "my notes" and legacy_path(folder).read_text() == "old notes"


def test_against_the_computer_the_kept_game_keeps_its_sides(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    first = start(folder, mode="computer", human="O")
    first.tick()  # the computer opens
    first.moves.play(first.session.board.legal_moves()[0])
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


def keep(folder: Path, name: str, moves: tuple[int, ...], age_days: float = 0) -> Path:
    """A kept game in ``folder`` last saved ``age_days`` ago."""
    path = folder / f"{name}.ttt"
    write_game(path, SavedGame(GameConfig(mode=Mode.HOTSEAT), moves, None))
    saved_at = time.time() - age_days * 24 * 3600
    os.utime(path, (saved_at, saved_at))
    return path


def test_the_kept_games_are_listed_newest_first_without_held_or_other_files(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    older, newer = keep(folder, "older", (4,), 2), keep(folder, "newer", (0, 4), 1)
    (folder / "notes.ttt").write_text("my notes")
    running = start(folder, resume=False)
    running.moves.play(8)
    window = UnfinishedGame(folder)
    kept = window.kept_games()
    assert [(entry.path, entry.game.moves) for entry in kept] == [(newer, (0, 4)), (older, (4,))]
    assert kept[0].saved_at == pytest.approx(newer.stat().st_mtime)
    assert (folder / "notes.ttt").read_text() == "my notes"


def test_a_chosen_kept_game_is_taken_and_becomes_this_windows_file(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    older, newer = keep(folder, "older", (4,), 2), keep(folder, "newer", (0, 4), 1)
    window = UnfinishedGame(folder)
    window.hold()
    assert window.take(older) is not None
    assert not older.exists() and read_game(window.path).moves == (4,)
    assert [entry.path for entry in window.kept_games()] == [newer]
    assert window.take(folder / "gone.ttt") is None, "a file no longer there"
    assert read_game(window.path).moves == (4,)
    assert window.take(tmp_path / "elsewhere.ttt") is None, "only files of the folder"
    assert newer.exists()
    window.release()


def test_a_held_game_is_neither_taken_nor_discarded(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    running = start(folder, resume=False)
    running.moves.play(4)
    window = UnfinishedGame(folder)
    assert window.take(own_file(running)) is None
    assert not window.discard(own_file(running))
    assert read_game(own_file(running)).moves == (4,)


def test_discarding_removes_only_that_game(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    older, newer = keep(folder, "older", (4,), 2), keep(folder, "newer", (0, 4), 1)
    notes = folder / "notes.ttt"
    notes.write_text("my notes")
    window = UnfinishedGame(folder)
    assert window.discard(older)
    assert not older.exists() and newer.exists() and notes.exists()
    assert [entry.path for entry in window.kept_games()] == [newer]
    assert not window.discard(notes), "not a game: left alone"
    assert notes.read_text() == "my notes"


def test_old_kept_games_are_pruned_by_count_and_age_oldest_first_never_the_newest(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    count = unfinished_module.KEEP_AT_MOST + 3
    paths = [keep(folder, f"game {day:02}", (day % 9,), day) for day in range(count)]
    notes = folder / "old notes.ttt"
    notes.write_text("my notes")
    os.utime(notes, (1e9, 1e9))
    running = start(folder, resume=False)
    running.moves.play(4)
    os.utime(own_file(running), (1e9, 1e9))
    window = UnfinishedGame(folder)
    assert len(window.kept_games()) == count, "a listing removes nothing"
    assert window.prune() == 3
    kept = window.kept_games()
    assert [entry.path for entry in kept] == paths[: unfinished_module.KEEP_AT_MOST]
    assert not any(path.exists() for path in paths[unfinished_module.KEEP_AT_MOST :])
    assert notes.exists() and own_file(running).exists(), "other and held files stay"
    ancient = keep(folder, "ancient", (4,), 91)
    assert window.prune() == 1
    assert [entry.path for entry in window.kept_games()][-1] == paths[
        unfinished_module.KEEP_AT_MOST - 1
    ]
    assert not ancient.exists(), "older than 90 days"
    for path in paths[: unfinished_module.KEEP_AT_MOST]:
        path.unlink()
    only = keep(folder, "only", (4,), 400)
    assert window.prune() == 0, "never the newest"
    assert [entry.path for entry in window.kept_games()] == [only]


def test_a_new_window_prunes_before_it_takes_the_newest(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    keep(folder, "recent", (0, 4), 1)
    ancient = keep(folder, "ancient", (4,), 100)
    window = start(folder)
    assert window.session.history.moves == [0, 4]
    assert not ancient.exists()
    assert "more unfinished" not in window.view().status


def outside_game(tmp_path: Path, moves: tuple[int, ...] = (4, 0)) -> tuple[Path, bytes]:
    """A person's saved game outside the config folder, and its bytes."""
    documents = tmp_path / "Documents"
    documents.mkdir()
    mine = documents / "my-saved.ttt"
    write_game(mine, SavedGame(GameConfig(mode=Mode.HOTSEAT), moves, None))
    return mine, mine.read_bytes()


def test_a_linked_file_of_earlier_versions_is_copied_once_and_never_moved_or_deleted(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "config" / "settings.unfinished"
    folder.parent.mkdir()
    mine, contents = outside_game(tmp_path)
    legacy_path(folder).symlink_to(mine)
    window = start(folder)
    assert window.session.history.moves == [4, 0], "the game it points to is played on"
    assert mine.read_bytes() == contents and legacy_path(folder).is_symlink()
    window.moves.play(8)
    window.quit()
    assert mine.read_bytes() == contents, "the window writes its own file"
    again = start(folder)
    assert again.session.history.moves == [4, 0, 8], "the window's own copy comes back"
    for cell in (1, 2, 5, 6):  # X: 4 8 2 6, O: 0 1 5; X takes the 2-4-6 diagonal
        again.moves.play(cell)
    assert again.session.board.outcome is not None
    again.quit()
    assert mine.read_bytes() == contents and legacy_path(folder).is_symlink()
    assert list(folder.glob("*.ttt")) == [], "only the window's own copy is removed"
    assert start(folder).session.history.moves == [], "copied once, not at every start"
    assert mine.read_bytes() == contents
    assert list(mine.parent.iterdir()) == [mine], "nothing is written beside the person's file"


def test_links_in_the_folder_are_never_taken_pruned_or_discarded(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "settings.unfinished"
    folder.mkdir(parents=True)
    mine, contents = outside_game(tmp_path)
    link = folder / "2001-01-01 000000 linked.ttt"
    link.symlink_to(mine)
    os.utime(link, (1e9, 1e9), follow_symlinks=False)
    planted_lock = folder / ".gone.ttt.lock"
    planted_lock.symlink_to(mine)
    os.utime(planted_lock, (1e9, 1e9), follow_symlinks=False)
    window = UnfinishedGame(folder)
    assert window.take() is None
    assert window.take(link) is None
    assert not window.discard(link)
    keep(folder, "newest", (4,), 0)
    assert UnfinishedGame(folder).prune() == 0
    assert [entry.path.name for entry in UnfinishedGame(folder).kept_games()] != [link.name]
    assert link.is_symlink() and planted_lock.is_symlink()
    assert mine.read_bytes() == contents and list(mine.parent.iterdir()) == [mine]


def test_a_link_swapped_in_for_a_kept_game_is_neither_moved_nor_deleted(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "config" / "settings.unfinished"
    folder.mkdir(parents=True)
    mine, contents = outside_game(tmp_path)
    kept = keep(folder, "kept", (4,), 1)
    window = UnfinishedGame(folder)
    [entry] = window.kept_games()
    kept.unlink()
    kept.symlink_to(mine)  # between the listing and the choice
    assert window.take(entry.path) is None
    assert not window.discard(entry.path)
    assert kept.is_symlink() and mine.read_bytes() == contents


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every write of the kept games fail as in a read-only folder (a
    read-only mount refuses even an administrator, for whom chmod would not),
    at the storage's own writes: locks, games, removals."""
    import errno

    def refuse(path: Path, *_: object, **__: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    for name in ("locked", "write_game", "write_atomically", "remove_regular_file"):
        monkeypatch.setattr(unfinished_module, name, refuse)


def test_in_a_read_only_folder_the_kept_game_is_played_on_and_says_it_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    kept = keep(folder, "kept", (4, 0), 1)
    contents = kept.read_bytes()
    read_only(monkeypatch)
    window = start(folder)
    assert window.session.history.moves == [4, 0], "reading needs no write"
    status = window.view().status
    assert "Your unfinished game is back" in status
    assert "cannot be written (Read-only file system)" in status
    window.moves.play(8)
    question = window.kept.quit_question()
    assert question is not None and "could not be kept: Read-only file system" in question
    window.quit()
    assert kept.read_bytes() == contents and list(folder.iterdir()) == [kept]
    assert start(folder).session.history.moves == [4, 0], "still there for the next start"


def test_in_a_read_only_folder_the_file_of_earlier_versions_is_read_and_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "settings.unfinished"
    write_game(legacy_path(folder), SavedGame(GameConfig(mode=Mode.HOTSEAT), (4,), None))
    contents = legacy_path(folder).read_bytes()
    read_only(monkeypatch)
    window = start(folder)
    assert window.session.history.moves == [4]
    assert "cannot be written" in window.view().status
    assert legacy_path(folder).read_bytes() == contents


def test_a_folder_of_kept_games_that_cannot_be_read_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "settings.unfinished"
    folder.mkdir()
    keep(folder, "kept", (4, 0), 1)

    def refuse(path: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as patch:
        patch.setattr(unfinished_module.os, "scandir", refuse)
        window = start(folder)
    assert window.session.history.moves == []
    assert "could not be brought back: Permission denied" in window.view().status
