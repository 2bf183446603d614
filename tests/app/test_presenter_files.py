"""Positions and games in and out of the presenter: copy and paste, save and open
(real files under tmp_path), without Tk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fakes import Rig, make_presenter

from ttt_gui.board import Board, Player
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.games import SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings

X_WINS = (0, 3, 1, 4, 2)


def hotseat(**config: Any) -> Rig:
    return make_presenter(mode="hotseat", **config)


def play_all(rig: Rig, cells: tuple[int, ...]) -> None:
    for cell in cells:
        rig.presenter.moves.play(cell)
    assert rig.presenter.message is None, rig.presenter.message


def snapshot(rig: Rig) -> tuple[object, ...]:
    session = rig.session
    return (
        session.board,
        list(session.history.moves),
        session.history.cursor,
        session.config,
        dict(session.tally()),
    )


def paste(rig: Rig, text: str | None) -> None:
    rig.dialogs.clipboard = text
    rig.presenter.transfer.paste_position()


def save_to(rig: Rig, path: Path) -> None:
    rig.dialogs.save_paths.append(path)
    rig.presenter.transfer.save_game()


def open_from(rig: Rig, path: Path) -> None:
    rig.dialogs.open_paths.append(path)
    rig.presenter.transfer.open_game()


# -- copy and paste ----------------------------------------------------------------------


def test_copy_puts_the_position_on_the_clipboard() -> None:
    rig = hotseat()
    play_all(rig, (4, 0, 8))
    rig.presenter.transfer.copy_position()
    assert rig.dialogs.clipboard == "O../.X./..X"
    assert rig.presenter.view().status == "Copied the position: O../.X./..X"
    assert rig.board.move_count == 3


def test_paste_sets_up_the_position_and_play_goes_on() -> None:
    rig = hotseat()
    paste(rig, "x.o/.x./..o\n")
    assert str(rig.board) == "X.O/.X./..O"
    assert rig.board.turn is Player.X
    assert rig.presenter.message is None
    rig.presenter.moves.play(1)
    assert rig.board[1] is Player.X
    assert rig.presenter.view().history == ("Start", "5. X b1")


@pytest.mark.parametrize("text", [" x . o / . x . / . . o ", "x.o\n/.x.\t/..o", "\tX.O/.X./..O  "])
def test_paste_tolerates_spaces(text: str) -> None:
    rig = hotseat()
    paste(rig, text)
    assert str(rig.board) == "X.O/.X./..O"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("xxx/ooo/...", "both players have a line"),
        ("nonsense", "rows separated by '/'"),
        ("x../..../...", "row 2 has 4 cells"),
        ("xx./.../...", "impossible counts"),
        ("x?./.../...", "unknown character"),
        ("/".join(["." * 16] * 16), "this one has 16"),
        ("x../.../... k=" + "7" * 4301, "a win length of 4301 digits is out of range"),
        ("x../.../... k=" + "7" * 101, "a win length of 101 digits is out of range"),
        ("x../.../... k=" + "7" * 100, f"win length {'7' * 100} is out of range"),
    ],
)
def test_paste_of_bad_text_says_why_and_keeps_the_game(text: str, reason: str) -> None:
    rig = hotseat()
    play_all(rig, (4, 0))
    before = snapshot(rig)
    saves = len(rig.store.saved)
    paste(rig, text)
    assert snapshot(rig) == before
    status = rig.presenter.view().status
    assert status.startswith("Not a position: ") and reason in status, status
    assert len(rig.store.saved) == saves
    assert "confirm" not in rig.dialogs.names(), "nothing to confirm for bad text"


@pytest.mark.parametrize("text", [None, "", "  \n "])
def test_paste_without_text_says_so(text: str | None) -> None:
    rig = hotseat()
    rig.presenter.moves.play(4)
    paste(rig, text)
    assert rig.presenter.view().status == "The clipboard holds no text to read a position from."
    assert str(rig.board) == ".../.X./..."


def test_a_clipboard_that_does_not_answer_is_said_plainly_and_changes_nothing() -> None:
    rig = hotseat()
    play_all(rig, (4,))
    rig.dialogs.clipboard_silent = True
    rig.presenter.transfer.paste_position()
    rig.presenter.transfer.paste_position()
    assert rig.presenter.view().status == "Still waiting for the clipboard…"
    assert len(rig.dialogs.unanswered) == 1, "one read at a time"
    rig.dialogs.unanswered.pop()(None, False)
    assert rig.presenter.view().status == (
        "The clipboard did not answer (the program that copied may be busy); nothing was pasted."
    )
    assert str(rig.board) == ".../.X./..."


def test_a_late_clipboard_answer_is_pasted() -> None:
    rig = hotseat()
    rig.dialogs.clipboard_silent = True
    rig.presenter.transfer.paste_position()
    rig.dialogs.unanswered.pop()("x../.o./...", True)
    assert str(rig.board) == "X../.O./..."


def test_paste_of_a_larger_board_changes_the_board() -> None:
    rig = hotseat()
    paste(rig, "...../..x../...../...../.....")
    view = rig.presenter.view()
    assert (view.size, view.win_length, len(view.cells)) == (5, 4, 25)
    assert rig.board == Board.parse("...../..x../...../...../.....")
    assert view.choices["board"] == Shape(5, 5, 4)
    assert json.loads(rig.store.saved[-1])["size"] == 5


def test_paste_of_the_same_size_keeps_a_custom_win_length() -> None:
    rig = hotseat(size=5, win_length=5)
    paste(rig, "...../..x../...../...../.....")
    assert (rig.board.size, rig.board.win_length) == (5, 5)


def test_pasting_a_smaller_board_drops_a_custom_depth() -> None:
    rig = make_presenter(mode="hotseat", size=4, depth=12)
    paste(rig, "x../.../...")
    assert rig.session.config.size == 3 and rig.session.config.depth is None
    saved = Settings.from_json(rig.store.saved[-1])
    assert saved.game.size == 3 and saved.game.depth is None


def test_paste_over_a_game_in_progress_asks_first() -> None:
    rig = hotseat()
    play_all(rig, (4, 0))
    rig.dialogs.confirm_answer = False
    before = snapshot(rig)
    paste(rig, "x../.../...")
    assert snapshot(rig) == before
    assert rig.dialogs.names().count("confirm") == 1
    rig.dialogs.confirm_answer = True
    paste(rig, "x../.../...")
    assert str(rig.board) == "X../.../..."


def test_a_pasted_finished_position_never_counts() -> None:
    rig = hotseat()
    paste(rig, "xxx/oo./...")
    assert rig.board.winner is Player.X
    assert rig.presenter.view().scores == "X 0   O 0   Draws 0"
    rig.presenter.tick()
    assert not rig.presenter.is_working


def test_a_pasted_position_against_the_computer_gets_its_answer() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    paste(rig, "xx./oo./x..")  # O to move: the computer wins at once
    rig.settle()
    assert rig.board.winner is Player.O
    assert rig.presenter.view().status == "The computer wins. F2 plays again, Ctrl+R reviews it."
    assert rig.session.tally()["computer"] == 1


# -- save and open -----------------------------------------------------------------------------


def test_save_then_open_gives_the_same_game(tmp_path: Path) -> None:
    rig = hotseat(size=4)
    play_all(rig, (5, 0, 10, 15))
    path = tmp_path / "game.ttt"
    save_to(rig, path)
    assert rig.presenter.view().status == "Saved the game as game.ttt."
    assert json.loads(path.read_text())["moves"] == ["b2", "a1", "c3", "d4"]
    board, moves = rig.board, list(rig.session.history.moves)
    rig.presenter.setup.set_board(Shape(3, 3, 3))
    assert len(rig.presenter.view().cells) == 9
    open_from(rig, path)
    assert rig.board == board and rig.session.history.moves == moves
    view = rig.presenter.view()
    assert len(view.cells) == 16 and rig.session.config.mode is Mode.HOTSEAT
    assert view.status == "Opened game.ttt: 4 moves."
    assert Settings.from_json(rig.store.saved[-1]).game == rig.session.config


def test_opening_a_game_of_one_move_counts_it_in_the_singular(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    path = tmp_path / "one.ttt"
    save_to(rig, path)
    rig.presenter.new_game_page.play_again()
    open_from(rig, path)
    assert rig.presenter.view().status == "Opened one.ttt: 1 move."


def test_save_adds_the_suffix(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    save_to(rig, tmp_path / "named")
    assert (tmp_path / "named.ttt").is_file() and not (tmp_path / "named").exists()
    assert read_game(tmp_path / "named.ttt").moves == (4,)


def test_save_keeps_the_moves_up_to_the_position_shown(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4, 0, 8))
    rig.presenter.moves.undo()
    save_to(rig, tmp_path / "game.ttt")
    assert read_game(tmp_path / "game.ttt").moves == (4, 0)


def test_a_pasted_start_position_is_saved_and_opened(tmp_path: Path) -> None:
    rig = hotseat()
    paste(rig, "x../.o./...")
    rig.presenter.moves.play(8)
    save_to(rig, tmp_path / "from-start.ttt")
    game = read_game(tmp_path / "from-start.ttt")
    assert game.start == "X../.O./..." and game.moves == (8,)
    rig.presenter.new_game_page.play_again()
    open_from(rig, tmp_path / "from-start.ttt")
    assert str(rig.board) == "X../.O./..X"
    assert rig.session.history.start == Board.parse("x../.o./...")


def test_save_to_an_unwritable_place_says_so(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    (tmp_path / "folder.ttt").mkdir()
    for target, name in ((blocker / "game.ttt", "game.ttt"), (tmp_path / "folder.ttt", "")):
        save_to(rig, target)
        status = rig.presenter.view().status
        assert status.startswith(f"Could not save the game as {name or 'folder.ttt'}"), status
        assert str(rig.board) == ".../.X./..."
    assert rig.presenter.errors == []


def test_a_name_the_system_cannot_spell_is_refused_in_words(tmp_path: Path) -> None:
    """A name the locale's encoding cannot spell (here a lone surrogate, which
    no encoding of file names can): a plain message, no file, no error."""
    rig = hotseat()
    play_all(rig, (4,))
    save_to(rig, tmp_path / "game \ud800.ttt")
    status = rig.presenter.view().status
    assert status == "This name cannot be used on this system; choose another."
    assert list(tmp_path.iterdir()) == []
    assert rig.presenter.errors == []


def test_a_game_file_made_read_only_is_not_replaced_and_the_message_says_why(
    tmp_path: Path,
) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    target = tmp_path / "kept.ttt"
    target.write_text("the owner's")
    target.chmod(0o444)
    save_to(rig, target)
    assert rig.presenter.view().status == (
        "Could not save the game as kept.ttt: the file is read-only."
    )
    assert target.read_text() == "the owner's"
    assert [path.name for path in tmp_path.iterdir()] == ["kept.ttt"]


def test_a_private_game_file_stays_private_when_saved_again(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    target = tmp_path / "private.ttt"
    save_to(rig, target)
    target.chmod(0o600)
    play_all(rig, (0,))
    save_to(rig, target)
    assert target.stat().st_mode & 0o777 == 0o600
    assert list(read_game(target).moves) == [4, 0]


def test_cancelled_save_and_open_do_nothing(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    rig.presenter.transfer.save_game()
    rig.presenter.transfer.open_game()
    assert rig.dialogs.names() == ["ask_save_path", "ask_open_path"]
    assert rig.presenter.message is None and str(rig.board) == ".../.X./..."
    assert list(tmp_path.iterdir()) == []


def test_open_keeps_the_think_time_and_takes_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "watch.ttt"
    saved = GameConfig(
        mode=Mode.WATCH, rows=4, cols=4, win_length=4, think_time=5.0, x_level="easy"
    )
    write_game(path, SavedGame(saved, (5, 6)))
    rig = make_presenter(mode="computer", think_time=0.5)
    open_from(rig, path)
    config = rig.session.config
    assert (config.mode, config.size, config.x_level) == (Mode.WATCH, 4, "easy")
    assert config.think_time == 0.5
    assert rig.board.move_count == 2
    rig.presenter.tick()
    assert rig.session.is_paused and not rig.presenter.is_working


def test_an_opened_game_where_the_computer_moves_gets_its_answer(tmp_path: Path) -> None:
    path = tmp_path / "computer.ttt"
    config = GameConfig(mode=Mode.COMPUTER, human=Player.X, level="strongest")
    write_game(path, SavedGame(config, (4,)))
    rig = make_presenter(mode="hotseat")
    open_from(rig, path)
    assert rig.session.is_computer_turn
    rig.settle()
    assert rig.board.move_count == 2 and rig.board.turn is Player.X


BAD_FILES = {
    "not JSON": (b"{moves: [", "this file is not a saved game"),
    "not UTF-8": (b"\xff\xfe\x00{", "this file is not a saved game (it is not text)"),
    "wrong version": (b'{"format": "ttt-gui game", "version": 99, "size": 3}', "version"),
    "wrong type": (
        b'{"format": "ttt-gui game", "version": 1, "size": "3", "moves": []}',
        "'size' should be int",
    ),
    "moves not a list": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": "b2"}',
        "'moves' should be list",
    ),
    "impossible move": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["b2", "b2"]}',
        "move 2 (b2) is impossible",
    ),
    "off the board": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["z9"]}',
        "not a cell",
    ),
    "too large": (b"[" + b" " * 70_000 + b"]", "larger than"),
    "another JSON": (b'{"hello": "world"}', "this file is not a saved game"),
    "bad start": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": [], "start": "xxx"}',
        "bad start position",
    ),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_is_refused_by_name_and_the_game_is_untouched(
    tmp_path: Path, kind: str
) -> None:
    content, reason = BAD_FILES[kind]
    rig = hotseat()
    play_all(rig, (4, 0))
    before = snapshot(rig)
    saves = len(rig.store.saved)
    path = tmp_path / "bad.ttt"
    path.write_bytes(content)
    open_from(rig, path)
    assert snapshot(rig) == before
    status = rig.presenter.view().status
    assert status.startswith("Could not open bad.ttt: ") and reason in status, status
    assert path.read_bytes() == content
    assert len(rig.store.saved) == saves
    assert "confirm" not in rig.dialogs.names(), "a bad file abandons nothing"


@pytest.mark.parametrize("name", ["gone.ttt", "a folder"])
def test_a_missing_or_unreadable_file_is_reported(tmp_path: Path, name: str) -> None:
    rig = hotseat()
    play_all(rig, (4,))
    (tmp_path / "a folder").mkdir()
    open_from(rig, tmp_path / name)
    status = rig.presenter.view().status
    assert status.startswith(f"Could not open {name}: the file cannot be read"), status
    assert str(rig.board) == ".../.X./..."


def test_open_over_a_game_in_progress_asks_first(tmp_path: Path) -> None:
    path = tmp_path / "other.ttt"
    write_game(path, SavedGame(GameConfig(mode=Mode.HOTSEAT), (0,)))
    rig = hotseat()
    play_all(rig, (4,))
    rig.dialogs.confirm_answer = False
    before = snapshot(rig)
    open_from(rig, path)
    assert snapshot(rig) == before
    assert rig.dialogs.calls[-1][0] == "confirm" and rig.dialogs.calls[-1][1][0] == "Open game"
    rig.dialogs.confirm_answer = True
    open_from(rig, path)
    assert str(rig.board) == "X../.../..."


def test_an_opened_finished_game_never_counts(tmp_path: Path) -> None:
    rig = hotseat()
    play_all(rig, X_WINS)
    assert rig.session.tally()["X"] == 1
    path = tmp_path / "won.ttt"
    save_to(rig, path)
    open_from(rig, path)
    rig.presenter.moves.undo()
    rig.presenter.moves.redo()
    assert rig.board.winner is Player.X
    assert rig.session.tally()["X"] == 1
    assert "confirm" not in rig.dialogs.names()
