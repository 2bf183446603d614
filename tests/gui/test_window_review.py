"""Review this game in a real window: Ctrl+R, the marks in the move list, a
click on a marked move, Escape back to the game."""

from __future__ import annotations

from conftest import click_at, invoke, keys, move_pointer_away, real_click, wait
from fakes import MARKED_LIST, REVIEWED_GAME
from test_window import cell_backgrounds, drawn_board, hotseat

from ttt_gui.theme import PALETTES


def test_ctrl_r_reviews_the_game_and_a_marked_move_shows_the_better_one(make_window) -> None:
    window = make_window(hotseat())
    root, listbox = window.root, window.history_list
    invoke(window, "toggle_history")
    assert wait(root, listbox.winfo_viewable)
    for cell in REVIEWED_GAME:  # O's b1 loses the draw
        real_click(window.board.cells[cell])
        assert wait(root, lambda c=cell: window.presenter.session.board[c] is not None)
    assert window.turn_field.turn_label.cget("text") == "X wins!"
    assert window.turn_field.message_label.cget("text") == "F2 plays again, Ctrl+R reviews it."
    keys(root, "ctrl+r")
    assert wait(root, lambda: "mistake" in str(window.turn_field.message_label.cget("text")), 10)
    assert listbox.get(0, "end") == MARKED_LIST
    colours = PALETTES["light"]
    assert listbox.itemcget(2, "foreground") == colours["bad"]
    assert listbox.itemcget(1, "foreground") == colours["good"]

    x, y, item_width, item_height = listbox.bbox(2)
    click_at(
        listbox.winfo_rootx() + x + item_width // 2, listbox.winfo_rooty() + y + item_height // 2
    )
    assert wait(root, lambda: drawn_board(window) == "X../.../...")
    move_pointer_away()
    assert wait(root, lambda: cell_backgrounds(window)[1] == colours["last"])  # no hover
    backgrounds = cell_backgrounds(window)
    assert backgrounds[4] == colours["hint"], "b2, the better move, is highlighted"
    assert backgrounds[1] == colours["last"], "b1, the move played, is marked"
    assert str(window.turn_field.message_label.cget("text")).startswith("Move 2, O b1: mistake")
    assert listbox.curselection() == (2,)

    keys(root, "Escape")
    assert wait(root, lambda: drawn_board(window) == "XO./.X./.OX")
    assert window.callback_errors == []
