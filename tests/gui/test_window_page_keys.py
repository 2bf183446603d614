"""The New game page and the toolbar by keyboard alone, typed for real
(xdotool) into the window under Xvfb: Tab goes round the page and never
leaves it, the arrows, Space and Enter in a row of segments, Escape from any
control, the focus back on the board; Ctrl+A in a number box; and, measured
on screen in the light, dark and high-contrast palettes, the focus ring of
every control and a disabled button told apart from an enabled one."""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import ttk

import pytest
from conftest import (
    by_default,
    give_focus,
    keys,
    move_pointer_away,
    pixel_colours,
    screenshot,
    sync,
    wait,
)
from test_theme import contrast

from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES, Role


def focused(window: Window) -> tk.Misc | None:
    return window.root.focus_get()


def on_page(window: Window, widget: tk.Misc | None) -> bool:
    return widget is not None and str(widget).startswith(str(window.new_game_page.frame) + ".")


def open_page(window: Window) -> None:
    keys(window.root, "ctrl+n")
    page = window.new_game_page
    assert wait(window.root, page.start_button.winfo_viewable)
    assert wait(window.root, lambda: focused(window) is page.start_button)


def test_tab_goes_round_the_page_and_a_stray_space_toggles_nothing_behind_it(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
    page = window.new_game_page
    open_page(window)
    expected = [
        page.mode_buttons[1],  # Against the computer, chosen
        page.side_buttons[0],  # X, chosen
        page.segment_buttons["level"][1],  # Medium, chosen
        page.board_choice.board,
        page.back_button,
        page.start_button,
    ]
    seen = []
    for _ in range(2 * len(expected)):
        keys(window.root, "Tab")
        seen.append(focused(window))
    assert seen == expected * 2, "Tab goes round the page's controls, and only them"
    keys(window.root, "shift+Tab", "shift+Tab")
    assert focused(window) is page.board_choice.board
    keys(window.root, "Tab", "Tab", "Tab", "space")  # from Start, on to the first row
    assert focused(window) is page.mode_buttons[1]
    assert page.is_shown and window.presenter.settings.analysis is False
    window.toolbar.analysis.focus_set()  # as a click on the toolbar's Analysis would
    assert wait(window.root, lambda: on_page(window, focused(window)))
    assert focused(window) is page.mode_buttons[1], "the focus comes back where it was"
    keys(window.root, "space")
    assert window.presenter.settings.analysis is False and page.is_shown
    assert window.callback_errors == []


def test_arrows_move_in_a_row_space_chooses_and_enter_starts_with_the_focused_choice(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER, level="easy")))
    page = window.new_game_page
    levels = page.segment_buttons["level"]  # Easy, Medium, Hard, Perfect
    open_page(window)
    keys(window.root, "shift+Tab", "shift+Tab", "shift+Tab")
    assert focused(window) is levels[0]
    keys(window.root, "Right", "Right")
    assert focused(window) is levels[2]
    assert page.variables["level"].get() == "easy", "the arrows only move the focus"
    keys(window.root, "space")
    assert wait(window.root, lambda: page.variables["level"].get() == "hard")
    keys(window.root, "Left", "Left", "Left")
    assert focused(window) is levels[0], "the row's end stops the focus"
    keys(window.root, "shift+Tab", "Right", "Return")  # O, then start; Hard stays chosen
    assert wait(window.root, lambda: not page.is_shown)
    config = window.presenter.session.config
    assert (config.level, config.human) == ("hard", Player.O)
    assert wait(window.root, lambda: focused(window) in window.board.cells)
    assert window.callback_errors == []


def test_escape_goes_back_from_any_control_and_the_board_has_the_focus_again(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    page = window.new_game_page
    window.run("play", 4)
    for tabs in (0, 1, 2, 3):  # Start, then the mode row, the board's list, Back
        open_page(window)
        keys(window.root, *["Tab"] * tabs, "Escape")
        assert wait(window.root, lambda: not page.frame.winfo_ismapped()), tabs
        assert wait(window.root, lambda: focused(window) in window.board.cells), tabs
        assert str(window.presenter.session.board) == ".../.X./...", "nothing started"
    keys(window.root, "Down", "Return")  # the board's keys again
    assert wait(window.root, lambda: str(window.presenter.session.board) == ".../.X./.O.")


# -- the focus ring ------------------------------------------------------------------


def ring_pixels(window: Window, widget: tk.Widget, colour: str, elsewhere: tk.Widget) -> int:
    """How many more pixels of ``colour`` ``widget`` shows focused than with
    the focus on ``elsewhere``."""
    elsewhere.focus_set()
    assert wait(window.root, lambda: "focus" not in ttk.Widget.state(widget))  # type: ignore[arg-type]
    sync(window.root)
    before = pixel_colours(widget).get(colour, 0)
    widget.focus_set()
    assert wait(window.root, lambda: focused(window) is widget), focused(window)
    assert wait(window.root, lambda: "focus" in ttk.Widget.state(widget))  # type: ignore[arg-type]
    sync(window.root)
    return pixel_colours(widget).get(colour, 0) - before


@pytest.mark.parametrize("theme", by_default(["light", "dark", "contrast"], "dark"))
def test_every_control_of_the_page_and_the_toolbar_shows_a_focus_ring(
    make_window, theme: str, tmp_path: Path
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER), theme=theme))
    colours = PALETTES[theme]
    ring, inverse = colours[Role.FOCUS], colours[Role.CELL]
    give_focus(window.root)
    move_pointer_away()
    toolbar = window.toolbar
    for widget in (*toolbar.buttons.values(), toolbar.analysis, toolbar.level):
        if "disabled" in widget.state():
            continue
        sides = widget.winfo_width() + widget.winfo_height()
        ringed = ring_pixels(window, widget, ring, window.board.cells[0])
        assert ringed >= 3 * sides, (theme, str(widget), ringed)
    window.run("show_new_game")
    page = window.new_game_page
    assert wait(window.root, page.start_button.winfo_viewable)
    move_pointer_away()
    controls = (
        (page.mode_buttons[0], ring),  # a segment not chosen
        (page.mode_buttons[1], inverse),  # the chosen one, on the focus colour
        (page.board_choice.board, ring),
        (page.back_button, ring),
        (page.start_button, inverse),
    )
    for widget, colour in controls:
        sides = widget.winfo_width() + widget.winfo_height()
        elsewhere = page.back_button if widget is page.start_button else page.start_button
        ringed = ring_pixels(window, widget, colour, elsewhere)
        assert ringed >= 3 * sides, (theme, str(widget), ringed)
    page.segment_buttons["level"][2].focus_set()
    sync(window.root)
    screenshot(window.root, tmp_path / f"page-{theme}.png")
    assert window.callback_errors == []


def test_the_dialogs_buttons_show_the_focus_ring(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT), theme="dark"))
    dialog = tk.Toplevel(window.root)
    frame = ttk.Frame(dialog, padding=12)
    frame.pack()
    buttons = [ttk.Button(frame, text=text) for text in ("Yes", "No")]
    for button in buttons:
        button.pack(side="left", padx=6)
    assert wait(window.root, buttons[1].winfo_viewable)
    dialog.focus_force()
    move_pointer_away()
    focus = PALETTES["dark"][Role.FOCUS]
    for button in buttons:
        buttons[0 if button is buttons[1] else 1].focus_set()
        sync(window.root)
        before = pixel_colours(button).get(focus, 0)
        button.focus_set()
        assert wait(window.root, lambda b=button: "focus" in b.state())
        sync(window.root)
        sides = button.winfo_width() + button.winfo_height()
        assert pixel_colours(button).get(focus, 0) - before >= 3 * sides
    dialog.destroy()


def test_ctrl_a_selects_a_number_box_so_a_number_typed_replaces_it(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    page = window.new_game_page
    open_page(window)
    window.run("page_choose", "board", "custom")
    columns = page.board_choice.spinboxes["cols"]
    assert wait(window.root, columns.winfo_viewable)
    columns.focus_set()
    columns.icursor("end")
    keys(window.root, "ctrl+a", "8")
    assert wait(window.root, lambda: columns.get() == "8"), columns.get()
    view = window.presenter.view().new_game
    assert view is not None and view.cols == 8
    assert window.callback_errors == []


def ink(widget: tk.Misc, background: str) -> str:
    """The colour a widget shows most, other than ``background``."""
    counts = pixel_colours(widget)
    counts.pop(background, None)
    return max(counts, key=counts.__getitem__)


@pytest.mark.parametrize("theme", by_default(["light", "dark", "contrast"], "light"))
def test_a_disabled_toolbar_button_looks_unlike_an_enabled_one(make_window, theme: str) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT), theme=theme))
    window.run("play", 4)
    undo, redo = window.toolbar.buttons["undo"], window.toolbar.buttons["redo"]
    assert "disabled" not in undo.state() and "disabled" in redo.state()
    window.board.cells[0].focus_set()
    move_pointer_away()
    sync(window.root)
    background = PALETTES[theme][Role.BACKGROUND]
    enabled, disabled = ink(undo, background), ink(redo, background)
    assert contrast(enabled, disabled) >= 3, (theme, enabled, disabled)


# -- the board's keyboard cell under gravity ----------------------------------------------


def test_connect_four_starts_with_the_focus_ring_where_a_disc_would_land(make_window) -> None:
    connect_four = GameConfig(mode=Mode.HOTSEAT, rows=6, cols=7, win_length=4, gravity=True)
    window: Window = make_window(Settings(connect_four))
    root, cells = window.root, window.board.cells
    assert root.focus_lastfor() is cells[38], "d6, the bottom of the middle column"
    give_focus(root)
    move_pointer_away()
    ring = PALETTES["light"][Role.FRAME_FOCUS]
    assert wait(root, lambda: pixel_colours(cells[38]).get(ring, 0) > 4 * cells[38].winfo_width())
    keys(root, "Return", "Left", "Return", "Up", "Up")  # d6, c6; the focus goes up to c4
    assert wait(root, lambda: root.focus_get() is cells[23])
    keys(root, "F2")  # a new game: the focus drops to the bottom of its column
    assert wait(root, lambda: window.presenter.session.board.move_count == 0)
    assert wait(root, lambda: root.focus_get() is cells[37]), root.focus_get()
    assert window.callback_errors == []


# -- the page on a small window --------------------------------------------------------------


def in_view(window: Window, widget: tk.Misc) -> bool:
    """Whether all of ``widget`` shows within the page's visible part."""
    canvas = window.new_game_page.scrolled.canvas
    top, bottom = canvas.winfo_rooty(), canvas.winfo_rooty() + canvas.winfo_height()
    return top <= widget.winfo_rooty() and widget.winfo_rooty() + widget.winfo_height() <= bottom


def test_the_custom_page_on_a_3x3_window_scrolls_to_every_control_tab_reaches(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
    page = window.new_game_page
    open_page(window)
    window.run("page_choose", "board", "custom")
    assert wait(window.root, page.board_choice.spinboxes["rows"].winfo_viewable)
    sync(window.root)
    assert page.body.winfo_reqheight() > page.scrolled.canvas.winfo_height(), (
        "taller than its room"
    )
    assert page.scrolled.scrollbar.winfo_ismapped()
    assert wait(window.root, lambda: in_view(window, page.start_button)), "Start, focused"
    reached = set()
    for _ in range(12):  # the six controls, the three boxes and three rules, twice
        keys(window.root, "Tab")
        widget = focused(window)
        assert widget is not None and on_page(window, widget)
        assert wait(window.root, lambda w=widget: in_view(window, w)), str(widget)
        reached.add(str(widget))
    assert {str(page.back_button), str(page.start_button), str(page.mode_buttons[1])} <= reached
    values = page.board_choice.board.cget("values")
    assert len(values) == 11 and int(page.board_choice.board.cget("height")) >= len(values), (
        "no scrolling"
    )
    assert window.callback_errors == []


def test_the_custom_size_is_asked_as_the_title_then_writes_it(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    page = window.new_game_page
    open_page(window)
    window.run("page_choose", "board", "custom")
    first, second = (page.board_choice.spinboxes[name] for name in ("cols", "rows"))
    assert wait(window.root, first.winfo_viewable)
    assert first.winfo_rootx() < second.winfo_rootx(), "the columns' box first"
    beside = [
        str(widget.cget("text"))
        for widget in page.board_choice.shape.winfo_children()
        if isinstance(widget, ttk.Label)
    ]
    assert beside[:2] == ["columns ×", "rows,"]
    for box, number in ((first, "8"), (second, "5")):
        box.focus_set()
        box.selection_range(0, "end")
        keys(window.root, number)
    keys(window.root, "Return")
    assert wait(window.root, lambda: not page.is_shown)
    shape = window.presenter.session.config.shape
    assert (shape.cols, shape.rows) == (8, 5)
    assert "8×5" in window.root.title(), window.root.title()
