"""What a player of a polished desktop game expects, checked through the
Tk-free presenter: questions only where something would be lost, verbs on
the buttons, one hint, results that stay readable, labels that say the
current choice, values in words, keypad play, sides that alternate, the
platform's names of keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import FakeDialogs, InlineRunner, make_presenter

from ttt_gui.analysis.values import Value
from ttt_gui.app.actions import all_items
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.presenter import Presenter
from ttt_gui.app.view_state import score_tone
from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.games import write_game
from ttt_gui.storage.settings import Settings


def test_the_first_start_plays_medium() -> None:
    assert Settings().game.level == "medium"
    assert Settings().game.x_level == Settings().game.o_level == "medium"


def test_quitting_a_game_in_progress_asks_with_verbs_and_can_be_declined() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.dialogs.confirm_answers.append(False)
    rig.presenter.quit()
    assert not rig.presenter.is_closed and rig.board.move_count == 1
    name, (title, _, yes, no) = rig.dialogs.calls[-1]
    assert (name, title, yes, no) == ("confirm", "Quit", "Quit", "Keep playing")
    rig.presenter.quit()
    assert rig.presenter.is_closed


def test_quitting_asks_nothing_when_no_move_of_yours_would_be_lost() -> None:
    for rig in (
        make_presenter(mode="hotseat"),
        make_presenter(mode="watch"),
        make_presenter(mode="computer", human="O"),  # only the computer has moved
    ):
        rig.settle()
        rig.presenter.quit()
        assert rig.presenter.is_closed
        assert "confirm" not in rig.dialogs.names()


def test_new_game_asks_only_when_a_move_of_yours_would_be_lost() -> None:
    rig = make_presenter(mode="computer", human="O")
    rig.settle()
    rig.presenter.new_game_page.play_again()
    assert "confirm" not in rig.dialogs.names()
    rig.settle()
    rig.presenter.moves.play(next(cell for cell in range(9) if rig.board[cell] is None))
    rig.settle()
    rig.dialogs.confirm_answers.append(False)
    rig.presenter.new_game_page.play_again()
    assert rig.board.move_count == 3, "declining keeps the game"
    name, (title, _, yes, no) = rig.dialogs.calls[-1]
    assert (name, yes, no) == ("confirm", "Abandon game", "Keep playing")


def test_reset_scores_asks_and_can_be_declined() -> None:
    rig = make_presenter(mode="hotseat")
    for cell in (0, 3, 1, 4, 2):
        rig.presenter.moves.play(cell)
    rig.dialogs.confirm_answers.append(False)
    rig.presenter.setup.reset_scores()
    assert rig.session.tally()["X"] == 1
    name, (_, _, yes, no) = rig.dialogs.calls[-1]
    assert (name, yes, no) == ("confirm", "Reset scores", "Keep scores")
    rig.presenter.setup.reset_scores()
    assert rig.session.tally()["X"] == 0


def test_the_result_stays_visible_under_a_message_until_a_new_game() -> None:
    rig = make_presenter(mode="hotseat")
    for cell in (0, 3, 1, 4, 2):
        rig.presenter.moves.play(cell)
    rig.presenter.moves.play(8)  # refused: the game is over
    rig.presenter.transfer.copy_position()
    status = rig.presenter.view().status
    assert status.startswith("X wins! F2 plays again, Ctrl+R reviews it.") and "Copied" in status
    rig.presenter.new_game_page.play_again()
    assert rig.presenter.view().status == "X to move"


def test_a_taken_cell_is_named_as_on_the_board() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(0)
    rig.presenter.moves.play(0)
    assert rig.presenter.view().status == "a1 is already taken."


def test_keypad_digits_play_in_the_keypads_layout_on_3x3() -> None:
    rig = make_presenter(mode="hotseat")
    assert rig.presenter.moves.play_digit(7, keypad=True)  # top left on a keypad
    assert rig.presenter.moves.play_digit(3, keypad=True)  # bottom right
    assert rig.presenter.moves.play_digit(2, keypad=False)  # reading order: b1
    assert (rig.board[0], rig.board[8], rig.board[1]) == (Player.X, Player.O, Player.X)
    big = make_presenter(mode="hotseat", size=4)
    assert not big.presenter.moves.play_digit(7, keypad=True)


def test_sides_alternate_after_each_finished_game_when_asked() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    rig.presenter.display.toggle_alternate()
    assert rig.presenter.view().flags["alternate"]
    rig.presenter.new_game_page.play_again()  # nothing finished yet: same side
    assert rig.session.config.human is Player.X
    while not rig.board.is_over:
        rig.presenter.moves.play(next(cell for cell in range(9) if rig.board[cell] is None))
        rig.settle()
    rig.presenter.new_game_page.play_again()
    assert rig.session.config.human is Player.O
    rig.settle()
    assert rig.board.move_count == 1, "the computer opens the next game"
    assert rig.presenter.settings.game.human is Player.O, "the side is kept"


def test_sides_stay_put_when_not_asked() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    while not rig.board.is_over:
        rig.presenter.moves.play(next(cell for cell in range(9) if rig.board[cell] is None))
        rig.settle()
    rig.presenter.new_game_page.play_again()
    assert rig.session.config.human is Player.X


def test_custom_menu_items_say_the_current_choice() -> None:
    rig = make_presenter(mode="computer")
    labels = rig.presenter.view().labels
    assert (labels["ask_custom_board"], labels["ask_custom_depth"]) == (
        "C&ustom…",
        "&Custom depth…",
    )
    rig.dialogs.integers.append(5)
    rig.presenter.setup.ask_custom_depth()
    assert rig.presenter.view().labels["ask_custom_depth"] == "&Custom depth: 5…"


def value_words(score: int, exact: bool, mover: Player) -> str:
    return Value(score, exact).words(mover)


def test_heuristic_values_are_words_that_name_the_side() -> None:
    assert value_words(40, False, Player.X) == "X is better"
    assert value_words(-40, False, Player.X) == "O is better"
    assert value_words(500, False, Player.O) == "O is winning"
    assert value_words(3, False, Player.O) == "O is slightly better"
    assert value_words(1, False, Player.O) == "about even"
    assert value_words(0, True, Player.O) == "draw"
    assert Value(500, False).short(Player.O) == "O+++"


def test_the_same_words_always_have_the_same_colour() -> None:
    words_to_tone: dict[str, str] = {}
    for exact in (True, False):
        for score in range(-120, 121):
            words = value_words(score, exact, Player.X)
            tone = score_tone(score, exact)
            assert words_to_tone.setdefault(words, tone) == tone, words


def test_coordinates_show_from_4x4_up_and_can_be_switched() -> None:
    assert not make_presenter(mode="hotseat").presenter.view().show_coordinates
    rig = make_presenter(mode="hotseat", size=5)
    assert rig.presenter.view().show_coordinates
    rig.presenter.display.toggle_coordinates()
    assert not rig.presenter.view().show_coordinates
    assert rig.presenter.settings.coordinates is False
    assert any(item.action == "toggle_coordinates" for item in all_items())


def test_file_dialogs_start_in_the_last_folder_with_a_suggested_name(tmp_path: Path) -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.dialogs.save_paths.append(tmp_path / "mine.ttt")
    rig.presenter.transfer.save_game()
    name, (folder, suggested) = rig.dialogs.calls[-1]
    assert name == "ask_save_path" and str(suggested).endswith(".ttt")
    assert Path(str(folder)) != tmp_path, "the first save starts in the documents folder"
    rig.presenter.transfer.open_game()
    assert rig.dialogs.calls[-1] == ("ask_open_path", (tmp_path,))
    assert rig.presenter.settings.folder == str(tmp_path)


def test_a_file_that_is_not_a_game_is_called_so(tmp_path: Path) -> None:
    rig = make_presenter(mode="hotseat")
    for name, content in (("notes.ttt", b"shopping list"), ("data.ttt", b'{"a": 1}')):
        (tmp_path / name).write_bytes(content)
        rig.dialogs.open_paths.append(tmp_path / name)
        rig.presenter.transfer.open_game()
        assert (
            rig.presenter.view().status == f"Could not open {name}: this file is not a saved game."
        )


def test_an_opened_game_keeps_its_sides(tmp_path: Path) -> None:
    from ttt_gui.storage.games import SavedGame

    path = tmp_path / "g.ttt"
    write_game(path, SavedGame(GameConfig(mode=Mode.COMPUTER, human=Player.O), (4,)))
    rig = make_presenter(mode="hotseat")
    rig.dialogs.open_paths.append(path)
    rig.presenter.transfer.open_game()
    assert rig.session.config.human is Player.O and rig.board.move_count == 1


def test_on_macos_every_text_names_command_where_the_table_says_ctrl() -> None:
    settings = Settings(game=GameConfig(mode=Mode.HOTSEAT))
    rig = make_presenter(settings)
    mac = Presenter(settings, FakeDialogs(), runner=InlineRunner(), keys=KeyNames(aqua=True))
    for presenter in (rig.presenter, mac):
        for cell in (0, 3, 1, 4, 2):
            presenter.moves.play(cell)
    assert rig.presenter.view().status == "X wins! F2 plays again, Ctrl+R reviews it."
    assert mac.view().status == "X wins! F2 plays again, Cmd+R reviews it."
    mac.moves.play(8)
    assert mac.view().status.endswith("The game is over: F2 starts a new one.")
    mac.display.show_shortcuts()
    dialogs = mac.dialogs
    assert isinstance(dialogs, FakeDialogs)
    _, (_, rows) = dialogs.calls[-1]
    assert isinstance(rows, list)
    assert ("Cmd+Z", "Undo") in rows and ("Cmd+Y or Cmd+Shift+Z", "Redo") in rows
    assert ("F5", "Show analysis") in rows
    assert not any("Ctrl" in keys for keys, _ in rows)


def test_file_dialogs_start_in_the_documents_folder_else_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    documents, home = tmp_path / "Documents", tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(platformdirs, "user_documents_path", lambda: documents)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    rig = make_presenter(mode="hotseat")
    rig.presenter.transfer.open_game()
    assert rig.dialogs.calls[-1] == ("ask_open_path", (home,)), "no documents folder: home"
    documents.mkdir()
    rig.presenter.transfer.open_game()
    assert rig.dialogs.calls[-1] == ("ask_open_path", (documents,))
    rig.presenter.settings.folder = str(tmp_path / "gone")
    rig.presenter.transfer.open_game()
    assert rig.dialogs.calls[-1] == ("ask_open_path", (documents,)), "the last one is gone"
