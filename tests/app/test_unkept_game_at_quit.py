"""A game in progress that cannot be kept at Quit (a full disk) is not lost
in silence: Quit asks first, and "Keep playing" cancels it (Tk-free, real
files under tmp_path, the disk made full by a write that fails)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from fakes import FakeClock, FakeDialogs, InlineRunner

import ttt_gui.storage.unfinished as unfinished_module
from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig
from ttt_gui.storage.games import SavedGame, read_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame


def start(folder: Path, *, background: bool) -> tuple[Presenter, FakeDialogs]:
    dialogs = FakeDialogs()
    presenter = Presenter(
        Settings(game=GameConfig.from_dict({"mode": "hotseat"})),
        dialogs,
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        unfinished=UnfinishedGame(folder, background=background),
    )
    return presenter, dialogs


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """Writing a game fails with ENOSPC while ``full`` is set."""
    disk = {"full": True}
    write_game = unfinished_module.write_game

    def write(path: Path, game: SavedGame) -> None:
        if disk["full"]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        write_game(path, game)

    monkeypatch.setattr(unfinished_module, "write_game", write)
    return disk


@pytest.mark.parametrize("background", [True, False], ids=["background", "foreground"])
def test_quit_asks_when_the_game_in_progress_could_not_be_kept(
    tmp_path: Path, full_disk: dict[str, bool], background: bool
) -> None:
    presenter, dialogs = start(tmp_path / "settings.unfinished", background=background)
    presenter.moves.play(4)
    presenter.moves.play(0)
    dialogs.confirm_answers.append(False)
    presenter.quit()
    assert not presenter.is_closed, "Keep playing cancels the quit"
    name, (title, text, yes, no) = dialogs.calls[-1]
    assert (name, title, yes, no) == ("confirm", "Quit", "Quit", "Keep playing")
    assert text == "The game in progress could not be kept: No space left on device. Quit anyway?"
    presenter.moves.play(8)
    presenter.quit()  # answered Quit
    assert presenter.is_closed


def test_quit_keeps_the_game_without_asking_once_the_disk_has_room_again(
    tmp_path: Path, full_disk: dict[str, bool]
) -> None:
    """The write that failed is made again at Quit (no change needed)."""
    folder = tmp_path / "settings.unfinished"
    presenter, dialogs = start(folder, background=True)
    presenter.moves.play(4)
    unfinished = presenter.kept.unfinished
    assert unfinished is not None and unfinished.flush()
    assert isinstance(unfinished.last_error, OSError)
    assert unfinished.last_error.errno == errno.ENOSPC
    full_disk["full"] = False
    presenter.quit()
    assert presenter.is_closed and "confirm" not in dialogs.names()
    assert [read_game(path).moves for path in folder.glob("*.ttt")] == [(4,)]


def test_a_signal_quits_without_asking_even_if_the_game_could_not_be_kept(
    tmp_path: Path, full_disk: dict[str, bool]
) -> None:
    presenter, dialogs = start(tmp_path / "settings.unfinished", background=True)
    presenter.moves.play(4)
    presenter.end()  # what SIGTERM/SIGINT call: nobody is there to answer
    assert presenter.is_closed and "confirm" not in dialogs.names()


def test_a_folder_that_cannot_be_written_is_reported_at_quit(tmp_path: Path) -> None:
    """The folder's name is taken by a file (permissions would not stop root)."""
    folder = tmp_path / "settings.unfinished"
    folder.write_text("not a folder")
    presenter, dialogs = start(folder, background=True)
    presenter.moves.play(4)
    dialogs.confirm_answers.append(False)
    presenter.quit()
    assert not presenter.is_closed
    name, (_, text, _, _) = dialogs.calls[-1]
    assert name == "confirm" and text.startswith("The game in progress could not be kept: ")
    assert folder.read_text() == "not a folder"
