"""The unfinished game is kept when the window closes and played on at the
next start (Tk-free, real files under tmp_path)."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeClock, FakeDialogs

from ttt_gui.app.jobs import InlineRunner
from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.games import read_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame, unfinished_game_path


def start(path: Path, *, resume: bool = True, **config: object) -> Presenter:
    settings = Settings(game=GameConfig.from_dict({"mode": "hotseat", **config}))
    return Presenter(
        settings,
        FakeDialogs(),
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        unfinished=UnfinishedGame(path),
        resume=resume,
    )


def test_a_game_in_progress_is_kept_at_quit_without_asking_and_played_on_next_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    first = start(path, size=4)
    for cell in (5, 0, 10):
        first.play(cell)
    first.quit()
    assert isinstance(first.dialogs, FakeDialogs) and "confirm" not in first.dialogs.names()
    assert first.is_closed
    assert read_game(path).moves == (5, 0, 10)
    second = start(path)  # the settings say 3x3: the kept 4x4 game wins
    assert str(second.session.board) == "O.../.X../..X./...."
    assert second.view().status.startswith("Your unfinished game is back")
    assert not path.exists(), "taken, so that no other window resumes it too"
    assert second.session.config.size == 4


def test_a_finished_or_untouched_game_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    first = start(path)
    for cell in (0, 3, 1, 4, 2):  # X wins
        first.play(cell)
    first.quit()
    assert not path.exists()
    second = start(path)
    second.play(4)
    second.quit()
    assert path.exists()
    third = start(path)
    third.new_game()  # the person starts over: nothing of theirs is left to keep
    third.quit()
    assert not path.exists(), "the kept game is forgotten"


def test_only_one_of_two_windows_resumes_the_kept_game(tmp_path: Path) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    first = start(path)
    first.play(4)
    first.quit()
    windows = [start(path), start(path)]
    boards = sorted(str(window.session.board) for window in windows)
    assert boards == [".../.../...", ".../.X./..."]


def test_the_command_line_asking_for_another_game_leaves_the_kept_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    first = start(path)
    first.play(4)
    first.quit()
    other = start(path, resume=False, size=5)
    assert other.session.board.move_count == 0 and read_game(path).moves == (4,)


def test_a_file_there_that_is_not_a_saved_game_is_never_touched(tmp_path: Path) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    path.write_text("my notes")
    window = start(path)
    assert window.session.board.move_count == 0
    window.play(4)
    window.quit()
    assert path.read_text() == "my notes"


def test_against_the_computer_the_kept_game_keeps_its_sides(tmp_path: Path) -> None:
    path = tmp_path / "settings.unfinished.ttt"
    first = start(path, mode="computer", human="O")
    first.tick()  # the computer opens
    first.play(first.session.board.legal_moves()[0])
    first.tick()
    first.quit()
    kept = read_game(path)
    assert kept.config.mode is Mode.COMPUTER and kept.config.human.value == "O"
    second = start(path)
    assert list(second.session.history.moves) == list(kept.moves)


def test_the_unfinished_game_lives_beside_the_settings() -> None:
    assert unfinished_game_path(Path("folder") / "mine.json") == Path("folder/mine.unfinished.ttt")
