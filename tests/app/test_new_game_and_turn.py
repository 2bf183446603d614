"""The New game page, Play again and the turn field, through the presenter
without Tk: the page's values are part of the view state."""

from __future__ import annotations

from fakes import Rig, make_presenter

from ttt_gui.app.new_game import CUSTOM, board_key
from ttt_gui.board import Player
from ttt_gui.config import BOARD_CHOICES, GameConfig, Mode, Shape
from ttt_gui.storage.settings import Settings

CONNECT_FOUR = Shape(6, 7, 4, gravity=True)
AVOID_THREE = Shape(3, 3, 3, misere=True)


def page(rig: Rig):  # type: ignore[no-untyped-def]
    view = rig.presenter.view().new_game
    assert view is not None, "the New game page is open"
    return view


# -- the New game page -----------------------------------------------------------------


def test_the_first_view_is_a_game_not_the_page() -> None:
    rig = make_presenter(mode="computer")
    view = rig.presenter.view()
    assert view.new_game is None
    assert view.turn == "Your turn (X)"


def test_the_page_opens_on_the_game_in_play_and_cancel_changes_nothing() -> None:
    rig = make_presenter(mode="computer", human="O", level="hard", rows=5, cols=5, win_length=4)
    rig.settle()
    rig.presenter.new_game_page.open()
    view = page(rig)
    assert (view.mode, view.human, view.level) == ("computer", "O", "hard")
    assert view.board == board_key(Shape(5, 5, 4)) and view.board != CUSTOM
    assert (view.rows, view.cols, view.win_length) == (5, 5, 4)
    assert view.shows_side and view.shows_level and not view.shows_sides_levels
    assert view.can_start
    rig.presenter.new_game_page.choose("mode", "hotseat")
    rig.presenter.new_game_page.close()
    assert rig.presenter.view().new_game is None
    assert rig.session.config.mode is Mode.COMPUTER and rig.board.move_count == 1


def test_start_plays_the_chosen_game_in_one_step() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.new_game_page.open()
    page_part = rig.presenter.new_game_page
    page_part.choose("mode", "computer")
    page_part.choose("human", "O")
    page_part.choose("level", "easy")
    page_part.choose("board", board_key(CONNECT_FOUR))
    assert page(rig).levels[0] == ("easy", "Easy")
    assert page_part.start()
    rig.settle()
    config = rig.session.config
    assert (config.mode, config.human, config.level, config.shape) == (
        Mode.COMPUTER,
        Player.O,
        "easy",
        CONNECT_FOUR,
    )
    assert rig.board.move_count == 1, "the computer, playing X, opened"
    assert rig.presenter.view().new_game is None, "Start closes the page"
    assert rig.dialogs.names() == ["confirm"], "the game in progress was asked about"


def test_start_asks_before_abandoning_a_game_and_keeping_it_leaves_the_page_open() -> None:
    rig = make_presenter(mode="hotseat")
    for cell in (0, 4):
        rig.presenter.moves.play(cell)
    rig.dialogs.confirm_answer = False
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.choose("board", board_key(Shape(4, 4, 4)))
    assert not rig.presenter.new_game_page.start()
    assert rig.dialogs.names() == ["confirm"]
    assert rig.board.move_count == 2 and rig.session.config.rows == 3
    assert rig.presenter.view().new_game is not None


def test_a_custom_board_with_rules_is_chosen_on_the_page() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.new_game_page.open()
    page_part = rig.presenter.new_game_page
    page_part.choose("board", CUSTOM)
    assert page(rig).board == CUSTOM, "the custom fields show before any is changed"
    for name, value in (("rows", "4"), ("cols", 6), ("win_length", "3")):
        page_part.choose(name, value)
    page_part.choose("gravity", True)
    page_part.choose("misere", True)
    assert page(rig).levels[-1][1] == "Strongest", "4×6 is not solved: no Perfect"
    assert page_part.start()
    assert rig.session.config.shape == Shape(4, 6, 3, gravity=True, misere=True)


def test_a_custom_board_out_of_range_is_named_and_does_not_start() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.new_game_page.open()
    page_part = rig.presenter.new_game_page
    page_part.choose("board", CUSTOM)
    page_part.choose("rows", 20)
    page_part.choose("cols", "abc")  # not a number: ignored
    view = page(rig)
    assert view.problem == "This board cannot be played: 20 rows is out of range (3 to 15)."
    assert not view.can_start
    assert not page_part.start()
    assert rig.session.config.rows == 3
    page_part.choose("rows", 5)
    assert page(rig).can_start and page(rig).win_length == 3


def test_a_shorter_side_shortens_the_line_to_win() -> None:
    rig = make_presenter(mode="hotseat", rows=9, cols=9, win_length=5)
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.choose("board", CUSTOM)
    rig.presenter.new_game_page.choose("rows", 4)
    rig.presenter.new_game_page.choose("cols", 4)
    assert (page(rig).rows, page(rig).cols, page(rig).win_length) == (4, 4, 4)


def test_computer_vs_computer_shows_a_level_for_each_side() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.new_game_page.open()
    page_part = rig.presenter.new_game_page
    page_part.choose("mode", "watch")
    view = page(rig)
    assert view.shows_sides_levels and not view.shows_side and not view.shows_level
    page_part.choose("x_level", "hard")
    page_part.choose("o_level", "easy")
    assert page_part.start()
    config = rig.session.config
    assert (config.mode, config.x_level, config.o_level) == (Mode.WATCH, "hard", "easy")


def test_every_listed_board_is_offered_with_its_menu_label() -> None:
    rig = make_presenter()
    rig.presenter.new_game_page.open()
    labels = [label for _, label in page(rig).boards]
    assert labels == [shape.label for shape in BOARD_CHOICES] + ["Custom…"]


def test_play_again_keeps_the_settings_and_closes_the_page() -> None:
    rig = make_presenter(mode="hotseat", rows=4, cols=4, win_length=3)
    for cell in (0, 4, 1, 5, 2):
        rig.presenter.moves.play(cell)
    view = rig.presenter.view()
    assert view.offers_play_again and view.turn == "X wins!"
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.play_again()
    view = rig.presenter.view()
    assert view.new_game is None and not view.offers_play_again
    assert rig.board.move_count == 0 and rig.session.config.shape == Shape(4, 4, 3)


# -- the turn field and the message line -------------------------------------------------


def test_the_turn_field_says_whose_turn_it_is() -> None:
    rig = make_presenter(mode="hotseat")
    assert rig.presenter.view().turn == "X to move"
    rig.presenter.moves.play(4)
    assert rig.presenter.view().turn == "O to move"
    rig = make_presenter(mode="computer", human="O", rows=9, cols=9, win_length=5)
    assert rig.presenter.view().turn == "Computer is thinking…"
    rig.settle()
    assert rig.presenter.view().turn == "Your turn (O)"


def test_a_message_goes_to_its_own_line_and_the_turn_stays() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.moves.play(4)
    view = rig.presenter.view()
    assert (view.turn, view.note) == ("O to move", "b2 is already taken.")
    rig.presenter.transfer.copy_position()
    view = rig.presenter.view()
    assert view.turn == "O to move" and view.note.startswith("Copied")


def test_a_click_on_a_finished_board_replaces_the_note_and_adds_no_sentence() -> None:
    rig = make_presenter(mode="hotseat")
    for cell in (0, 3, 1, 4, 2):
        rig.presenter.moves.play(cell)
    view = rig.presenter.view()
    assert (view.turn, view.note) == ("X wins!", "F2 plays again, Ctrl+R reviews it.")
    for _ in range(2):
        rig.presenter.moves.play(8)
        view = rig.presenter.view()
        assert view.turn == "X wins!"
        assert view.note == "The game is over: F2 starts a new one.", "Play again's key"


def test_a_paused_watch_game_names_its_keys_on_the_message_line() -> None:
    rig = make_presenter(mode="watch")
    if rig.session.watch_running:
        rig.presenter.moves.play_pause()
    view = rig.presenter.view()
    assert view.turn.endswith("to move — paused")
    assert view.note == "Space plays, Right steps."


def test_misere_reminds_the_rule_during_play_and_names_a_loss_as_a_loss() -> None:
    rig = make_presenter(Settings(GameConfig(mode=Mode.COMPUTER, level="easy", misere=True)))
    view = rig.presenter.view()
    assert view.rule == "Misère: completing three in a row loses."
    assert not view.losing_line
    rig = make_presenter(Settings(GameConfig(mode=Mode.HOTSEAT, misere=True)))
    for cell in (0, 3, 1, 4, 8, 5):  # O completes the middle row
        rig.presenter.moves.play(cell)
    view = rig.presenter.view()
    assert view.turn == "O completed three in a row — X wins!"
    assert view.losing_line and view.winning_line == (3, 4, 5)


def test_against_the_computer_a_completed_line_under_misere_is_your_loss() -> None:
    rig = make_presenter(Settings(GameConfig(mode=Mode.COMPUTER, human=Player.O, misere=True)))
    rig.dialogs.clipboard = "XX./OO./X.. misere"
    rig.presenter.transfer.paste_position()
    assert rig.board.turn is Player.O and not rig.board.is_over
    rig.presenter.moves.play(5)  # O completes the middle row
    view = rig.presenter.view()
    assert view.turn == "You completed three in a row — you lose."
    assert view.losing_line


def test_the_toolbar_is_shown_by_default_and_hidden_from_view() -> None:
    rig = make_presenter()
    assert rig.presenter.view().show_toolbar
    rig.presenter.display.toggle_toolbar()
    assert not rig.presenter.view().show_toolbar
    assert rig.store.saved and '"toolbar": false' in rig.store.saved[-1]


def test_a_game_chosen_from_the_menus_while_the_page_is_open_shows_on_it() -> None:
    rig = make_presenter(mode="computer")
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.choose("level", "hard")
    assert page(rig).level == "hard", "a choice on the page stays while nothing else changes"
    rig.presenter.new_game_page.open()
    assert page(rig).level == "hard"
    rig.presenter.setup.set_mode("hotseat")
    view = page(rig)
    assert view.mode == "hotseat" and view.level == "medium"
