"""Game › Resume…: choosing among the kept unfinished games, opening one in
this window or discarding one (Tk-free, real files under tmp_path)."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeClock, FakeDialogs, InlineRunner
from fakes import keep_game as keep

from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.games import read_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame


def start(folder: Path, *, resume: bool = True) -> tuple[Presenter, FakeDialogs]:
    dialogs = FakeDialogs()
    window = Presenter(
        Settings(game=GameConfig(mode=Mode.HOTSEAT)),
        dialogs,
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        unfinished=UnfinishedGame(folder),
        resume=resume,
    )
    return window, dialogs


def test_resume_is_enabled_only_when_other_games_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    alone, _ = start(folder)
    assert "resume_kept" in alone.view().disabled
    keep(folder, "newer", (0,), 1)
    keep(folder, "older", (4,), 2)
    window, _ = start(folder)
    assert window.session.history.moves == [0]
    assert "resume_kept" not in window.view().disabled


def test_resume_lists_the_kept_games_and_opens_the_one_chosen(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    keep(folder, "newer", (0,), 1)
    older = keep(folder, "older", (4, 8), 2)
    oldest = keep(folder, "oldest", (2,), 3)
    window, dialogs = start(folder)
    dialogs.kept_choices.append((0, "open"))
    window.kept.resume_kept()
    (entries,) = [arguments[0] for name, arguments in dialogs.calls if name == "choose_kept_game"]
    assert isinstance(entries, list) and len(entries) == 2
    assert entries[0].startswith("3×3") and "Two players" in entries[0]
    assert "2 moves" in entries[0] and "1 move ·" in entries[1]
    assert window.session.history.moves == [4, 8]
    assert not older.exists() and oldest.exists()
    assert "Resumed" in window.view().status
    window.moves.play(0)
    window.quit()
    kept = sorted(read_game(path).moves for path in folder.glob("*.ttt"))
    assert kept == [(0,), (2,), (4, 8, 0)], "the game in play before stays kept"


def test_opening_a_kept_game_keeps_the_game_in_play_in_the_list(tmp_path: Path) -> None:
    """Issue 48: opening a kept game abandoned the game in play."""
    folder = tmp_path / "settings.unfinished"
    keep(folder, "kept", (4,), 2)
    window, dialogs = start(folder, resume=False)
    window.moves.play(0)
    window.moves.play(8)
    dialogs.kept_choices.append((0, "open"))
    window.kept.resume_kept()
    assert window.session.history.moves == [4]
    assert "confirm" not in dialogs.names(), "nothing is lost, so nothing is asked"
    assert "Game › Resume…" in window.view().status
    assert "resume_kept" not in window.view().disabled
    dialogs.kept_choices.append((0, "open"))
    window.kept.resume_kept()
    (_, entries), *_ = [
        (name, arguments[0])
        for name, arguments in reversed(dialogs.calls)
        if name == "choose_kept_game"
    ]
    assert isinstance(entries, list) and len(entries) == 1 and "2 moves" in entries[0]
    assert window.session.history.moves == [0, 8], "and back again"
    window.quit()
    assert sorted(read_game(path).moves for path in folder.glob("*.ttt")) == [(0, 8), (4,)]


def test_the_game_last_on_screen_comes_back_first(tmp_path: Path) -> None:
    """Issue 48: the game with the newest move came back, not the one last shown."""
    folder = tmp_path / "settings.unfinished"
    kept = keep(folder, "kept", (4,), 2)
    window, dialogs = start(folder, resume=False)
    window.moves.play(0)
    own = window.kept.unfinished
    assert own is not None
    dialogs.kept_choices.append((0, "open"))
    window.kept.resume_kept()  # the game of 2 hours ago is on screen, the newer one kept
    assert window.session.history.moves == [4] and not kept.exists()
    window.quit()
    again, _ = start(folder)
    assert again.session.history.moves == [4]
    assert "Game › Resume… holds 1 more unfinished game." in again.view().status


def test_a_new_game_is_replaced_without_asking(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    keep(folder, "only", (4,), 1)
    window, dialogs = start(folder, resume=False)
    dialogs.kept_choices.append((0, "open"))
    window.kept.resume_kept()
    assert window.session.history.moves == [4]
    assert "confirm" not in dialogs.names()
    assert "resume_kept" in window.view().disabled


def test_discarding_asks_first_and_removes_only_that_game(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    newer, older = keep(folder, "newer", (0,), 1), keep(folder, "older", (4,), 2)
    window, dialogs = start(folder, resume=False)
    dialogs.confirm_answers.extend([False, True])
    dialogs.kept_choices.extend([(1, "discard"), (1, "discard")])
    window.kept.resume_kept()
    assert older.exists(), "the confirm was answered no"
    window.kept.resume_kept()
    assert dialogs.names() == ["choose_kept_game", "confirm"] * 2
    assert not older.exists() and newer.exists()
    assert window.session.history.moves == []
    assert "Discarded" in window.view().status


def test_a_game_another_window_took_meanwhile_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    only = keep(folder, "only", (4,), 1)
    window, dialogs = start(folder, resume=False)
    dialogs.kept_choices.append((0, "open"))
    original = dialogs.choose_kept_game

    def taken_meanwhile(entries: list[str]) -> object:
        only.unlink()
        return original(entries)

    dialogs.choose_kept_game = taken_meanwhile  # type: ignore[method-assign,assignment]
    window.kept.resume_kept()
    assert window.session.history.moves == []
    assert "no longer kept" in window.view().status


def test_cancelling_or_nothing_kept_changes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    window, dialogs = start(folder, resume=False)
    window.kept.resume_kept()
    assert "choose_kept_game" not in dialogs.names()
    assert "No other unfinished game" in window.view().status
    keep(folder, "only", (4,), 1)
    window.kept.resume_kept()
    assert window.session.history.moves == [] and dialogs.names() == ["choose_kept_game"]


def test_a_start_that_resumes_nothing_removes_nothing_but_offers_resume(tmp_path: Path) -> None:
    folder = tmp_path / "settings.unfinished"
    recent, ancient = keep(folder, "recent", (0,), 1), keep(folder, "ancient", (4,), 24 * 100)
    window, dialogs = start(folder, resume=False)
    assert recent.exists() and ancient.exists()
    assert "resume_kept" not in window.view().disabled
    window.kept.resume_kept()
    (entries,) = [arguments[0] for name, arguments in dialogs.calls if name == "choose_kept_game"]
    assert isinstance(entries, list) and len(entries) == 1, "Resume… prunes, then lists"
    assert recent.exists() and not ancient.exists()


def test_each_move_keeps_the_game_once(tmp_path: Path) -> None:
    """A person's move, an undo and the computer's move each write the kept
    game once (the command's schedule does it; the computer's move itself)."""
    window, _ = start(tmp_path / "settings.unfinished")
    saves = []
    save = window.kept.save_unfinished

    def counted() -> None:
        saves.append(window.session.history.cursor)
        save()

    window.kept.save_unfinished = counted  # type: ignore[method-assign]
    window.moves.play(4)
    assert saves == [1]
    window.moves.undo()
    assert saves == [1, 0]
    window.new_game_page.open()
    window.new_game_page.choose("mode", "computer")
    window.new_game_page.start()
    saves.clear()
    window.moves.play(4)  # and the computer answers
    window.tick()
    assert window.session.history.moves[:1] == [4] and len(window.session.history.moves) == 2
    assert saves == [1, 2]
