"""The variants through the presenter, without a display: the Board menu's
presets and custom form, gravity moves from any cell of a column, misère
results, and the variant carried by settings, saved games, copy and paste,
and the scores."""

from __future__ import annotations

import json
from pathlib import Path

from fakes import Rig, make_presenter

from ttt_gui.app.actions import MENUS
from ttt_gui.board import Board, Player
from ttt_gui.config import PRESETS, GameConfig, Shape
from ttt_gui.storage.games import parse_game, read_game
from ttt_gui.storage.settings import Settings
from ttt_gui.words import mnemonic

CONNECT_FOUR = Shape(6, 7, 4, gravity=True)
AVOID_THREE = Shape(3, 3, 3, misere=True)
GOMOKU = Shape(15, 15, 5)


def hotseat_on(shape: Shape) -> Rig:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_board(shape)
    return rig


def test_the_board_menu_offers_the_presets_by_name() -> None:
    board_menu = dict(MENUS)["&Board"]
    labels = {item.value: item.text for item in board_menu if item.kind == "radio"}
    assert labels[CONNECT_FOUR] == "Connect Four (7×6, 4 in a row)"
    assert labels[AVOID_THREE] == "Avoid three (3×3, 3 in a row)"
    assert labels[GOMOKU] == "Gomoku (15×15, 5 in a row)"
    assert labels["custom"] == "Custom…"
    assert set(PRESETS) <= set(labels)


def test_connect_four_preset_builds_the_board_and_selects_its_item() -> None:
    rig = hotseat_on(CONNECT_FOUR)
    board = rig.board
    assert (board.rows, board.cols, board.win_length, board.gravity) == (6, 7, 4, True)
    view = rig.presenter.view()
    assert (view.rows, view.cols, len(view.cells)) == (6, 7, 42)
    assert view.choices["board"] == CONNECT_FOUR
    assert "Connect Four (7×6, 4 in a row)" in view.title


def test_any_cell_of_a_column_plays_its_lowest_empty_cell() -> None:
    rig = hotseat_on(CONNECT_FOUR)
    rig.presenter.moves.play(3)  # d1, the top of column d
    assert rig.board[38] is Player.X and rig.board.move_count == 1
    rig.presenter.moves.play(38)  # d6 is taken: the mark lands on d5
    assert rig.board[31] is Player.O
    view = rig.presenter.view()
    assert view.landing[3] == view.landing[38] == 24  # where the next mark in d would land
    assert all(cell.playable for cell in view.cells[:7])  # the top row plays every column


def test_the_keyboard_starts_where_a_move_in_the_middle_column_lands() -> None:
    assert make_presenter(mode="hotseat").presenter.view().home_cell == 4, "3×3: the centre"
    rig = hotseat_on(CONNECT_FOUR)
    assert rig.presenter.view().home_cell == 38, "d6, the bottom of the middle column"
    rig.presenter.moves.play(3)
    assert rig.presenter.view().home_cell == 31
    for _ in range(5):
        rig.presenter.moves.play(3)
    assert rig.presenter.view().home_cell == 21, "the middle column full: the middle cell"


def test_a_full_column_refuses_a_move_in_words() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_board((3, 3, 3, True, False))
    for _ in range(3):
        rig.presenter.moves.play(0)
    assert rig.board.move_count == 3
    rig.presenter.moves.play(3)
    assert rig.board.move_count == 3
    assert rig.presenter.view().status == "Column a is full."
    view = rig.presenter.view()
    assert view.landing[0] == -1 and not view.cells[0].playable


def test_avoid_three_the_player_who_completes_a_line_loses() -> None:
    rig = hotseat_on(AVOID_THREE)
    for cell in (0, 3, 1, 4, 8, 5):  # O completes the middle row
        rig.presenter.moves.play(cell)
    assert rig.board.winner is Player.X
    assert rig.presenter.view().status.startswith("O completed three in a row — X wins!")
    assert rig.session.config.score_key == "hotseat:3x3:3:misere"


def test_the_computer_answers_on_connect_four() -> None:
    rig = make_presenter(mode="computer", level="hard", think_time=0.2)
    rig.presenter.setup.set_board(CONNECT_FOUR)
    rig.presenter.moves.play(0)  # a1: lands on a6
    rig.settle()
    assert rig.board.move_count == 2
    assert rig.board[35] is Player.X
    assert rig.board.o_bits.bit_length() - 1 in Board.empty(rows=6, cols=7).play(35).legal_moves()


def test_custom_form_builds_a_rectangle_with_rules() -> None:
    rig = make_presenter(mode="hotseat")
    rig.dialogs.boards.append(Shape(4, 6, 3, gravity=True, misere=True))
    rig.presenter.setup.ask_custom_board()
    assert rig.dialogs.calls[0] == ("ask_board", Shape(3, 3, 3)), (
        "it starts from the current board"
    )
    config = rig.session.config
    assert (config.rows, config.cols, config.win_length, config.gravity, config.misere) == (
        4,
        6,
        3,
        True,
        True,
    )
    view = rig.presenter.view()
    assert view.choices["board"] == "custom"
    assert view.labels["ask_custom_board"] == "C&ustom: 6×4, 3 in a row, gravity, misère…"
    rig.dialogs.boards.append(Shape(4, 6, 7))  # 7 in a row does not fit
    rig.presenter.setup.ask_custom_board()
    assert rig.dialogs.calls[-1] == ("ask_board", (4, 6, 3, True, True, False))
    assert rig.session.config == config


def test_scores_are_kept_per_variant() -> None:
    rig = hotseat_on(AVOID_THREE)
    for cell in (0, 3, 1, 4, 8, 5):
        rig.presenter.moves.play(cell)
    assert rig.session.tally()["X"] == 1
    rig.presenter.setup.set_board(Shape(3, 3, 3))
    assert rig.session.tally().get("X", 0) == 0
    rig.presenter.setup.set_board(AVOID_THREE)
    assert rig.session.tally()["X"] == 1


def test_settings_carry_the_variant_and_older_files_load_as_squares() -> None:
    rig = hotseat_on(CONNECT_FOUR)
    saved = Settings.from_json(rig.store.saved[-1])
    assert saved.game == rig.session.config and saved.game.gravity
    old = Settings.from_json('{"size": 5, "win_length": 4, "theme": "dark"}')
    game = old.game
    assert (game.rows, game.cols, game.gravity, game.misere) == (5, 5, False, False)
    assert game.shape == Shape(5, 5, 4)
    assert GameConfig.from_dict({"size": 4}, base=saved.game).shape == Shape(4, 4, 4)


def test_saved_games_carry_the_variant(tmp_path: Path) -> None:
    rig = hotseat_on(CONNECT_FOUR)
    for cell in (3, 3, 4):
        rig.presenter.moves.play(cell)
    rig.dialogs.save_paths.append(tmp_path / "four.ttt")
    rig.presenter.transfer.save_game()
    data = json.loads((tmp_path / "four.ttt").read_text())
    assert (data["rows"], data["cols"], data["gravity"], data["misere"]) == (6, 7, True, False)
    assert data["moves"] == ["d6", "d5", "e6"]
    game = read_game(tmp_path / "four.ttt")
    assert game.config == rig.session.config and game.moves == (38, 31, 39)
    rig.presenter.setup.set_board(Shape(3, 3, 3))
    rig.dialogs.open_paths.append(tmp_path / "four.ttt")
    rig.presenter.transfer.open_game()
    assert rig.board.gravity and rig.board.move_count == 3


def test_a_saved_game_with_a_floating_move_is_refused() -> None:
    text = json.dumps(
        {
            "format": "ttt-gui game",
            "version": 1,
            "size": 7,
            "rows": 6,
            "cols": 7,
            "win_length": 4,
            "gravity": True,
            "moves": ["d1"],
        }
    )
    try:
        parse_game(text)
    except ValueError as error:
        assert "above an empty cell" in str(error)
    else:
        raise AssertionError("a move above an empty cell was accepted")
    bad = text.replace('"gravity": true', '"gravity": 1')
    try:
        parse_game(bad)
    except ValueError as error:
        assert "'gravity' should be true or false" in str(error)
    else:
        raise AssertionError("a number for gravity was accepted")


def test_copy_and_paste_carry_the_rules() -> None:
    rig = hotseat_on((4, 5, 3, True, False))
    rig.presenter.moves.play(2)
    rig.presenter.transfer.copy_position()
    text = rig.dialogs.calls[-1][1][0]
    assert text == "...../...../...../..X.. k=3 gravity"
    other = make_presenter(mode="hotseat")
    other.dialogs.clipboard = text
    other.presenter.transfer.paste_position()
    assert other.board == rig.board
    assert other.session.config.shape == (4, 5, 3, True, False, False)
    misere = make_presenter(mode="hotseat")
    misere.dialogs.clipboard = "x../.o./... misere"
    misere.presenter.transfer.paste_position()
    assert misere.board.misere and misere.session.config.shape == AVOID_THREE


def test_paste_into_the_same_shape_keeps_the_games_rules() -> None:
    rig = hotseat_on(CONNECT_FOUR)
    rig.dialogs.clipboard = "/".join(["......."] * 5 + ["...x..."])
    rig.presenter.transfer.paste_position()
    assert rig.board.gravity and rig.board.move_count == 1


def test_gomoku_board_and_analysis_words_on_every_variant() -> None:
    for shape in (GOMOKU, CONNECT_FOUR, AVOID_THREE):
        # Room for a first depth over 225 cells on a loaded machine (0.1 s was not).
        rig = make_presenter(mode="hotseat", think_time=0.25)
        rig.presenter.setup.set_board(shape)
        rig.presenter.display.toggle_analysis()
        rig.settle()
        analysis = rig.session.analysis
        assert analysis is not None
        assert set(analysis.scores) == set(rig.board.legal_moves())
        notes = [cell.note for cell in rig.presenter.view().cells if cell.note]
        assert len(notes) == len(rig.board.legal_moves())


def test_how_to_play_names_the_rules_in_force() -> None:
    rig = hotseat_on(AVOID_THREE)
    rig.presenter.display.how_to_play()
    text = rig.dialogs.calls[-1][1][1]
    assert "Misère: whoever completes 3 in a row loses." in text
    assert "Gravity" not in text
    assert "Solved" not in text
    rig.presenter.setup.set_board(CONNECT_FOUR)
    rig.presenter.display.how_to_play()
    text = rig.dialogs.calls[-1][1][1]
    assert "lowest empty cell of its column" in text
    assert "the computer's opening book proves; W or L without a number" in text


def test_how_to_play_sends_the_person_to_the_new_game_page_as_the_menu_names_it() -> None:
    rig = make_presenter(mode="computer")
    rig.presenter.display.how_to_play()
    text = rig.dialogs.calls[-1][1][1]
    game, new_game = mnemonic(MENUS[0][0])[0], MENUS[0][1][0].text
    assert f"({game} › {new_game})" in text, text
    assert "Mode menu" not in text


def test_connect_four_s_analysis_shows_the_solution_the_book_proves() -> None:
    rig = make_presenter(mode="hotseat", rows=6, cols=7, win_length=4, gravity=True)
    rig.presenter.display.toggle_analysis()
    rig.presenter.tick()
    assert rig.session.analysis is not None and rig.session.analysis.exact
    view = rig.presenter.view()
    notes = {rig.board.coordinate(cell): view.cells[cell].short_note for cell in range(35, 42)}
    assert notes == {"a6": "L", "b6": "L", "c6": "=", "d6": "W", "e6": "=", "f6": "L", "g6": "L"}
    assert view.cells[38].note == "X wins with best play"
    assert view.cells[35].note == "O wins with best play"
    assert not rig.session.is_proving, "every move's outcome is proven: nothing left to prove"
    rig.presenter.coach.hint()
    assert rig.presenter.view().status == "Hint: d6 (X wins with best play)"
    rig.presenter.moves.play(38)
    rig.presenter.tick()
    rig.presenter.coach.hint()
    assert rig.presenter.view().status == "Hint: d5 (X wins with best play)"
