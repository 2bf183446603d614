"""How a game starts and how the turn is shown, in a real window: the toolbar,
the New game page and its Start, Play again, and the turn field that keeps
its text (and the board its size) under a message. Real clicks and keys
(xdotool) where the wiring of the input is what is checked."""

from __future__ import annotations

from tkinter import ttk

from conftest import keys, move_pointer_away, real_click, sync, wait

from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.gui.control_style import SEGMENT
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES


def hotseat(**fields: object) -> Settings:
    return Settings(GameConfig(mode=Mode.HOTSEAT, **fields))  # type: ignore[arg-type]


def board_size(window: Window) -> tuple[int, int, int, int]:
    """Where the board's first cell is and how large it is."""
    cell = window.board.cells[0]
    return cell.winfo_rootx(), cell.winfo_rooty(), cell.winfo_width(), cell.winfo_height()


def turn(window: Window) -> str:
    return str(window.turn_field.turn_label.cget("text"))


def message(window: Window) -> str:
    return str(window.turn_field.message_label.cget("text"))


def test_the_first_start_opens_on_a_game_with_the_toolbar(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
    assert window.toolbar.frame.winfo_viewable()
    assert not window.new_game_page.frame.winfo_ismapped()
    assert turn(window) == "Your turn (X)"
    assert window.toolbar.level.get() == "Medium"
    assert "disabled" in window.toolbar.buttons["undo"].state()


def test_the_toolbar_new_opens_the_page_and_start_plays_the_chosen_game(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER, level="easy")))
    real_click(window.toolbar.buttons["show_new_game"])
    page = window.new_game_page
    assert wait(window.root, page.start_button.winfo_viewable)
    real_click(page.mode_buttons[0])  # Two players
    assert wait(window.root, lambda: not page.side_buttons[0].winfo_ismapped())
    page.board_choice.board.current(6)  # Connect Four, as the list offers it
    page.board_choice.board.event_generate("<<ComboboxSelected>>")
    real_click(page.start_button)
    session = window.presenter.session
    assert wait(window.root, lambda: session.config.mode is Mode.HOTSEAT)
    assert session.config.shape == Shape(6, 7, 4, gravity=True)
    assert wait(window.root, lambda: not page.frame.winfo_ismapped())
    assert wait(window.root, lambda: len(window.board.cells) == 42)
    assert turn(window) == "X to move"
    assert window.callback_errors == []


def test_ctrl_n_opens_the_page_escape_goes_back_and_enter_starts(make_window) -> None:
    window: Window = make_window(hotseat())
    window.run("play", 4)
    page = window.new_game_page
    keys(window.root, "ctrl+n")
    assert wait(window.root, page.start_button.winfo_viewable)
    keys(window.root, "5")  # a board key: nothing happens on the page
    keys(window.root, "Escape")
    assert wait(window.root, lambda: not page.frame.winfo_ismapped())
    assert str(window.presenter.session.board) == ".../.X./..."
    keys(window.root, "ctrl+n", "Return")
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 0)
    assert not page.frame.winfo_ismapped()


def test_play_again_shows_after_a_game_and_keeps_the_settings(make_window) -> None:
    window: Window = make_window(hotseat(rows=4, cols=4, win_length=3))
    button = window.turn_field.play_again
    assert not button.winfo_ismapped()
    for cell in (0, 4, 1, 5, 2):
        window.run("play", cell)
    assert wait(window.root, button.winfo_viewable)
    assert turn(window) == "X wins!"
    assert message(window) == "F2 plays again, Ctrl+R reviews it."
    before = board_size(window)
    real_click(button)
    session = window.presenter.session
    assert wait(window.root, lambda: session.board.move_count == 0)
    assert session.config.shape == Shape(4, 4, 3)
    assert wait(window.root, lambda: not button.winfo_ismapped())
    sync(window.root)
    assert board_size(window) == before, "the button came and went; the board stayed"


def test_the_turn_field_keeps_its_text_under_a_message_and_the_board_its_size(
    make_window,
) -> None:
    window: Window = make_window(hotseat(rows=15, cols=15, win_length=5))
    window.run("play", 112)
    sync(window.root)
    before = board_size(window)
    window.run("copy_position")
    assert wait(window.root, lambda: message(window).startswith("Copied"))
    assert turn(window) == "O to move"
    window.presenter.message = "A long message. " * 40
    window.refresh()
    sync(window.root)
    label = window.turn_field.message_label
    assert label.winfo_reqheight() > 2 * window.text_font.metrics("linespace"), "it wraps"
    assert label.winfo_reqwidth() <= window.root.winfo_width()
    assert turn(window) == "O to move"
    assert board_size(window) == before, "a message never moves or shrinks the board"
    window.run("play", 112)  # taken: the refusal goes to the message line
    sync(window.root)
    assert (turn(window), message(window)) == ("O to move", "h8 is already taken.")
    assert board_size(window) == before


def test_a_click_on_a_finished_board_adds_no_second_sentence(make_window) -> None:
    window: Window = make_window(hotseat())
    for cell in (0, 3, 1, 4, 2):
        window.run("play", cell)
    for _ in range(2):
        real_click(window.board.cells[8])
        assert wait(window.root, lambda: "over" in message(window))
        assert turn(window) == "X wins!"
        assert message(window) == "The game is over: F2 starts a new one."


def test_the_toolbar_undoes_shows_analysis_and_sets_the_level(make_window) -> None:
    settings = Settings(GameConfig(mode=Mode.COMPUTER, human=Player.X, level="easy"))
    window: Window = make_window(settings)
    session = window.presenter.session
    window.run("play", 4)
    assert wait(
        window.root, lambda: session.board.move_count == 2 and not session.is_computer_turn
    )
    undo = window.toolbar.buttons["undo"]
    assert wait(window.root, lambda: "disabled" not in undo.state())
    real_click(undo)
    assert wait(window.root, lambda: session.board.move_count == 0)
    real_click(window.toolbar.analysis)
    assert wait(window.root, lambda: window.presenter.settings.analysis)
    assert window.toolbar.analysis_shown.get()
    level = window.toolbar.level
    level.current(2)  # Hard
    level.event_generate("<<ComboboxSelected>>")
    assert wait(window.root, lambda: session.config.level == "hard")
    assert window.callback_errors == []


def test_the_toolbar_is_reachable_with_tab_and_space_presses_a_button(make_window) -> None:
    window: Window = make_window(hotseat())
    new = window.toolbar.buttons["show_new_game"]
    window.board.cells[-1].focus_force()  # the last cell: Tab goes on to the toolbar
    sync(window.root)
    keys(window.root, "Tab")
    assert wait(window.root, lambda: window.root.focus_get() is new), window.root.focus_get()
    keys(window.root, "space")
    assert wait(window.root, window.new_game_page.start_button.winfo_viewable)


def test_view_toolbar_hides_it_and_the_board_keeps_its_cells(make_window) -> None:
    window: Window = make_window(hotseat())
    window.run("toggle_toolbar")
    assert wait(window.root, lambda: not window.toolbar.frame.winfo_ismapped())
    assert window.presenter.settings.toolbar is False
    window.run("toggle_toolbar")
    assert wait(window.root, window.toolbar.frame.winfo_viewable)
    move_pointer_away()


def test_the_toolbar_and_the_page_follow_the_theme(make_window) -> None:
    window: Window = make_window(hotseat())
    window.run("show_new_game")
    window.run("set_theme", "dark")
    dark = PALETTES["dark"]
    for box in (window.toolbar.level, window.new_game_page.board_choice.board):
        popdown = box.tk.call("ttk::combobox::PopdownWindow", str(box))
        assert str(box.tk.call(f"{popdown}.f.l", "cget", "-background")) == dark["cell"]
    assert window.toolbar.frame.cget("background") == dark["background"]
    assert window.new_game_page.frame.cget("background") == dark["background"]
    style = ttk.Style(window.root)
    assert style.lookup(SEGMENT, "background", ["selected"]) == dark["focus"]


def test_keys_on_a_toolbar_button_or_the_page_never_reach_the_board(make_window) -> None:
    window: Window = make_window(hotseat())
    session = window.presenter.session
    for cell in (0, 4):
        window.run("play", cell)
    undo = window.toolbar.buttons["undo"]
    undo.focus_force()
    sync(window.root)
    keys(window.root, "space")
    assert wait(window.root, lambda: session.board.move_count == 1)
    keys(window.root, "Return", "Left")
    assert wait(window.root, lambda: session.board.move_count == 0)
    assert window.root.focus_get() is undo, "no arrow took the focus to the board"
    window.run("show_new_game")
    page = window.new_game_page
    assert wait(window.root, page.start_button.winfo_viewable)
    keys(window.root, "Left", "Down", "7")
    assert window.root.focus_get() is page.start_button
    assert session.board.move_count == 0 and page.is_shown
    keys(window.root, "space")  # presses Start, and plays nothing
    assert wait(window.root, lambda: not page.is_shown)
    assert session.board.move_count == 0


def test_a_level_chosen_on_the_toolbar_mid_game_asks_as_the_menu_does(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER, level="easy")))
    session = window.presenter.session
    window.run("play", 4)
    assert wait(
        window.root, lambda: session.board.move_count == 2 and not session.is_computer_turn
    )
    dialogs = window.presenter.dialogs
    dialogs.confirm_answer = False  # type: ignore[attr-defined]
    level = window.toolbar.level
    level.current(2)  # Hard
    level.event_generate("<<ComboboxSelected>>")
    assert wait(window.root, lambda: dialogs.names() == ["confirm"])  # type: ignore[attr-defined]
    assert session.config.level == "easy" and session.board.move_count == 2
    assert wait(window.root, lambda: level.get() == "Easy"), "the kept level shows again"
