"""The real window under Xvfb: real clicks, screenshots, menus, repainting,
a search in the background, closing, and a storm of mixed input.

The rules and the presenter's commands are tested without Tk elsewhere; these
tests check the wiring, what is drawn on screen, and the paths that depend on
the Tk event loop and the search thread.
"""

from __future__ import annotations

import os
import random
import subprocess
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    cells_viewable,
    click_at,
    cpu_seconds,
    expected_call,
    finish,
    give_focus,
    image_facts,
    invoke,
    marks,
    move_pointer,
    move_pointer_away,
    pixel,
    pixel_colours,
    real_click,
    screen_pixels,
    screenshot,
    sleep_pumping,
    spy_on_actions,
    start_game,
    sync,
    wait,
    wait_for_computer,
    window_id,
    xdotool,
)
from fakes import FakeDialogs

from ttt_gui.app.actions import MENUS, Item, all_items
from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.gui.menus import accelerator, key_sequences
from ttt_gui.gui.window import Window, pump_until
from ttt_gui.storage.games import SavedGame, write_game
from ttt_gui.storage.settings import Settings, load
from ttt_gui.theme import PALETTES
from ttt_gui.words import mnemonic

STORM_ACTIONS = int(os.environ.get("TTT_WINDOW_STORM_ACTIONS", "0"))  # 0: 150 (300 with --slow)
STORM_SEED = int(os.environ.get("TTT_WINDOW_STORM_SEED", "20261123"))
ROOT = Path(__file__).resolve().parents[2]


def hotseat(**changes: Any) -> Settings:
    return Settings(GameConfig(mode=Mode.HOTSEAT), **changes)


def computer(**config: Any) -> Settings:
    return Settings(GameConfig(mode=Mode.COMPUTER, **config))


def drawn_mark(window: Window, cell: int) -> str | None:
    """The mark drawn on a cell's canvas: "X" (lines in the X colour, or under
    gravity a disc in X's colour), "O" (an oval in the O colour, or a disc in
    O's colour) or None."""
    canvas = window.board.cells[cell]
    colours = PALETTES[window.theme_name()]
    found = set()
    for item in canvas.find_all():
        kind = canvas.type(item)
        if kind == "line" and canvas.itemcget(item, "fill") == colours["X"]:
            found.add("X")
        elif kind == "oval" and canvas.itemcget(item, "outline") == colours["O"]:
            found.add("O")
        elif kind == "oval" and canvas.itemcget(item, "fill") == colours["disc_X"]:
            found.add("X")
        elif kind == "oval" and canvas.itemcget(item, "fill") == colours["disc_O"]:
            found.add("O")
    assert len(found) <= 1, f"cell {cell} shows {found}"
    return found.pop() if found else None


def drawn_board(window: Window) -> str:
    """The marks the cells show, in the board's text form."""
    board = window.presenter.session.board
    text = "".join(drawn_mark(window, cell) or "." for cell in range(board.cells))
    return "/".join(text[row : row + board.cols] for row in range(0, board.cells, board.cols))


def cell_backgrounds(window: Window) -> list[str]:
    return [canvas.cget("background") for canvas in window.board.cells]


# -- playing with real clicks --------------------------------------------------------


def test_a_hot_seat_game_is_won_with_real_clicks(make_window) -> None:
    window = make_window(hotseat())
    board = window.board
    for cell in (0, 3, 1, 4, 2):
        before = window.presenter.session.board.move_count
        real_click(board.cells[cell])
        assert wait(window.root, lambda b=before: window.presenter.session.board.move_count > b)
    assert marks(window) == drawn_board(window) == "XXX/OO./..."
    assert window.turn_field.turn_label.cget("text").startswith("X wins")
    win = PALETTES["light"]["win"]
    backgrounds = cell_backgrounds(window)
    assert [backgrounds[cell] for cell in (0, 1, 2)] == [win] * 3
    assert win not in backgrounds[3:]
    assert "X 1" in window.score_label.cget("text")
    real_click(board.cells[8])  # the game is over: nothing changes but the status
    assert wait(window.root, lambda: "over" in window.turn_field.message_label.cget("text"))
    assert marks(window) == "XXX/OO./..."
    assert window.callback_errors == []


def test_a_click_on_the_top_of_a_column_drops_the_mark_under_gravity(make_window) -> None:
    config = GameConfig(mode=Mode.HOTSEAT, rows=6, cols=7, win_length=4, gravity=True)
    window = make_window(Settings(config))
    board = window.board
    assert len(board.cells) == 42
    first, last = board.cells[0], board.cells[41]
    assert pump_until(window.root, last.winfo_viewable, 3)
    width = last.winfo_rootx() + last.winfo_width() - first.winfo_rootx()
    height = last.winfo_rooty() + last.winfo_height() - first.winfo_rooty()
    assert abs(width / height - 7 / 6) < 0.05, "square cells, 7 across and 6 down"
    top = board.cells[3]  # d1, the top of column d
    move_pointer(top.winfo_rootx() + 5, top.winfo_rooty() + 5)
    muted = PALETTES["light"]["muted"]
    foot = board.cells[38]  # d6, where the mark would land

    def ghost_shown() -> bool:
        return any(foot.itemcget(item, "fill") == muted for item in foot.find_all())

    assert wait(window.root, ghost_shown), "the landing cell shows a faint mark"
    real_click(top)
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 1)
    assert wait(window.root, lambda: not board.motion.is_running), "the disc has fallen"
    assert drawn_mark(window, 38) == "X" and drawn_mark(window, 3) is None
    real_click(board.cells[10])  # d2: O lands on d5
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 2)
    assert wait(window.root, lambda: not board.motion.is_running), "the disc has fallen"
    assert drawn_mark(window, 31) == "O"
    assert drawn_board(window) == "......./......./......./......./...O.../...X..."
    assert window.callback_errors == []


def test_the_computer_answers_a_real_click(make_window) -> None:
    window = make_window(computer(level="strongest"))
    assert window.turn_field.turn_label.cget("text").startswith("Your turn")
    real_click(window.board.cells[4])
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 2, 10)
    board = window.presenter.session.board
    reply = window.presenter.session.history.moves[1]
    assert reply in (0, 2, 6, 8), "the only replies to the centre that do not lose are corners"
    assert board[reply] is Player.O
    assert drawn_board(window) == marks(window)
    assert window.board.cells[reply].cget("background") == PALETTES["light"]["last"]
    assert window.turn_field.turn_label.cget("text").startswith("Your turn")
    assert window.callback_errors == []


def test_clicks_while_the_computer_thinks_change_nothing(make_window) -> None:
    settings = computer(human=Player.O, depth=81, rows=9, cols=9, win_length=5, think_time=2.0)
    window = make_window(settings)
    assert window.presenter.is_working
    real_click(window.board.cells[0])
    assert wait(
        window.root, lambda: window.turn_field.message_label.cget("text").startswith("Wait for")
    )
    assert window.presenter.session.board.move_count == 0
    assert window.board.cells[0].cget("cursor") == "watch"
    wait_for_computer(window)
    board = window.presenter.session.board
    assert board.move_count == 1
    empty = next(cell for cell in range(81) if board[cell] is None)
    assert window.board.cells[empty].cget("cursor") == "hand2"


# -- what the screen shows -----------------------------------------------------------


# Dark with --slow only: by default the theme switch below checks the dark
# palette on every cell.
@pytest.mark.parametrize("theme", ["light", pytest.param("dark", marks=pytest.mark.slow)])
def test_screenshot_shows_the_marks_in_the_palette_colours(
    make_window, tmp_path: Path, theme: str
) -> None:
    window = make_window(hotseat(theme=theme))
    for cell in (4, 0, 8):
        window.run("activate", cell)
    assert wait(window.root, lambda: not window.board.motion.is_running), "the last mark grew"
    move_pointer_away()  # no hover colour
    sync(window.root)
    shot = screenshot(window_id(window.root), tmp_path / "window.png")
    width, height, colours = image_facts(shot)
    assert width >= window.board_area.winfo_width() > 100
    assert height >= window.board_area.winfo_height() > 100
    assert colours > 20, "the screenshot is (nearly) one colour"

    palette = PALETTES[theme]
    cells = window.board.cells
    x_cell, o_cell, last_cell, empty_cell = (pixel_colours(cells[cell]) for cell in (4, 0, 8, 1))
    area = cells[4].winfo_width() * cells[4].winfo_height()
    for shown, mark, background in ((x_cell, "X", "cell"), (o_cell, "O", "cell")):
        assert shown.get(palette[mark], 0) > area // 50, f"no {mark} drawn in {palette[mark]}"
        assert shown.get(palette[background], 0) > area // 2
    assert palette["O"] not in x_cell and palette["X"] not in o_cell
    assert last_cell.get(palette["X"], 0) > area // 50
    assert last_cell.get(palette["last"], 0) > area // 2, "the last move is highlighted"
    assert empty_cell.get(palette["cell"], 0) > area * 0.9
    assert palette["X"] not in empty_cell and palette["O"] not in empty_cell


def test_the_stroke_through_a_win_is_broken_only_by_the_grid_lines(make_window) -> None:
    """Each cell draws its part of the stroke, extended to meet its neighbours'
    over the grid lines: along the winning row, from the first cell's centre to
    the last's, every pixel is the stroke or a grid line."""
    window = make_window(hotseat())
    for cell in (0, 3, 1, 4, 2):
        window.run("activate", cell)
    assert wait(window.root, lambda: not window.board.motion.is_running), "the stroke is drawn"
    move_pointer_away()
    sync(window.root)
    frame, cells = window.board.frame, window.board.cells
    image = screen_pixels(frame)

    def centre(cell: int) -> tuple[int, int]:
        canvas = cells[cell]
        return (
            canvas.winfo_rootx() - frame.winfo_rootx() + canvas.winfo_width() // 2,
            canvas.winfo_rooty() - frame.winfo_rooty() + canvas.winfo_height() // 2,
        )

    (start, y), (end, _) = centre(0), centre(2)
    palette = PALETTES["light"]
    shown = {x: pixel(image, x, y) for x in range(start, end + 1)}
    assert list(shown.values()).count(palette["text"]) > (end - start) // 2, "no stroke"
    gaps = {
        x: colour
        for x, colour in shown.items()
        if colour not in (palette["text"], palette["grid"])
    }
    assert gaps == {}, f"the stroke is broken at {len(gaps)} pixels"


def test_the_theme_switch_repaints_every_cell_in_the_dark_palette(make_window) -> None:
    window = make_window(hotseat())
    for cell in (0, 3, 1, 4, 2):
        window.run("activate", cell)
    move_pointer_away()
    light, dark = PALETTES["light"], PALETTES["dark"]
    roles = [cell.background for cell in window.presenter.view().cells]
    assert cell_backgrounds(window) == [light[role] for role in roles]
    invoke(window, "set_theme", "dark")
    assert window.presenter.settings.theme == "dark"
    assert cell_backgrounds(window) == [dark[role] for role in roles]
    assert window.root.cget("background") == dark["background"]
    assert window.turn_field.turn_label.cget("foreground") == dark["text"]
    assert window.turn_field.message_label.cget("foreground") == dark["text"]
    assert drawn_board(window) == "XXX/OO./..."  # the marks are redrawn in the dark colours
    sync(window.root)
    empty = pixel_colours(window.board.cells[8])
    assert max(empty, key=empty.__getitem__) == dark["cell_busy"]
    assert light["cell_busy"] not in empty
    invoke(window, "set_theme", "light")
    assert cell_backgrounds(window) == [light[role] for role in roles]


MESSAGE_BOX = ".__tk__messagebox"  # where Tk's standard message box lives


def test_a_message_box_over_a_focused_cell_raises_nothing(make_window) -> None:
    """A standard message box (Game > Statistics before any game) takes the keyboard focus
    from the cell that has it; the cell redraws without its focus ring, and
    nothing fails although Tk made that box, not tkinter."""
    window = make_window(hotseat(), real_dialogs=True)
    root = window.root
    give_focus(root)
    assert wait(root, lambda: root.focus_get() is window.board.cells[4])
    focus_in_box: list[str] = []
    box_seen: list[float] = []

    def close_boxes() -> None:
        """Once a box has the keyboard (or 5 s after it showed), note where the
        focus is and close the box."""
        if root.tk.call("winfo", "exists", MESSAGE_BOX):
            box_seen.append(time.monotonic())
            focus = str(root.tk.call("focus"))
            if focus.startswith(MESSAGE_BOX) or time.monotonic() > box_seen[0] + 5:
                focus_in_box.append(focus)
                box_seen.clear()
                root.tk.call("destroy", MESSAGE_BOX)  # as its OK button does
        root.after(20, close_boxes)

    root.after(20, close_boxes)
    window.run("show_statistics")
    assert window.callback_errors == [] and window.presenter.errors == []
    assert len(focus_in_box) == 1, "another box (an error) was shown"
    assert focus_in_box[0].startswith(MESSAGE_BOX), "the box had the keyboard"


def test_zoom_and_a_board_change_resize_the_window(make_window) -> None:
    window = make_window(hotseat())
    root = window.root

    def size() -> tuple[int, int]:
        return root.winfo_width(), root.winfo_height()

    def settled_at(expected: tuple[int, int]) -> bool:
        return wait(root, lambda: size() == expected and cells_viewable(window))

    start = size()
    assert start == window.preferred_size()
    cell = window.board.cells[0].winfo_height()
    invoke(window, "zoom_in")
    larger = window.preferred_size()
    assert larger[1] > start[1] and settled_at(larger)
    assert window.board.cells[0].winfo_height() > cell
    invoke(window, "zoom_reset")
    assert settled_at(start)
    invoke(window, "set_board", Shape(9, 9, 5))
    assert len(window.board.cells) == 81
    nine = window.preferred_size()
    # Not always wider: the toolbar may be as wide as the larger board.
    assert nine[0] >= start[0] and nine[1] > start[1] and settled_at(nine)
    assert_square_cells(window)
    invoke(window, "set_board", Shape(3, 3, 3))  # the window may keep its larger size
    assert len(window.board.cells) == 9
    assert wait(root, lambda: cells_viewable(window))
    assert size()[0] >= start[0] and size()[1] >= start[1]
    assert_square_cells(window)
    assert window.board.cells[0].winfo_height() >= cell


def test_the_top_level_is_named_for_the_board_in_the_menus(make_window) -> None:
    window = make_window(hotseat())

    def labels() -> set[str]:
        found = set()
        for action in ("set_level", "set_x_level", "set_o_level"):
            menu, index = window.menubar.find(action, "strongest")
            found.add(menu.entrycget(index, "label"))
        return found

    assert labels() == {"Perfect"}
    invoke(window, "set_board", Shape(5, 5, 4))
    assert labels() == {"Strongest"}, "not solved: its best, not perfect"
    invoke(window, "set_board", Shape(4, 4, 4))
    assert labels() == {"Perfect"}


def assert_square_cells(window: Window) -> None:
    heights = {canvas.winfo_height() for canvas in window.board.cells}
    widths = {canvas.winfo_width() for canvas in window.board.cells}
    assert max(heights) - min(heights) <= 1 and max(widths) - min(widths) <= 1
    assert abs(max(heights) - max(widths)) <= 1, "cells are square"


def test_the_history_panel_appears_and_a_click_on_a_move_shows_that_position(
    make_window,
) -> None:
    window = make_window(hotseat())
    width = window.root.winfo_width()
    assert not window.history_panel.winfo_ismapped()
    invoke(window, "toggle_history")
    assert wait(window.root, window.history_list.winfo_viewable)
    assert window.root.winfo_width() > width, "the window widens for the panel"
    for cell in (4, 0, 8, 2):
        real_click(window.board.cells[cell])
        assert wait(window.root, lambda c=cell: window.presenter.session.board[c] is not None)
    listbox = window.history_list
    assert listbox.get(0, "end") == ("Start", "1. X b2", "2. O a1", "3. X c3", "4. O c1")
    assert listbox.curselection() == (4,)
    x, y, item_width, item_height = listbox.bbox(2)
    click_at(
        listbox.winfo_rootx() + x + item_width // 2, listbox.winfo_rooty() + y + item_height // 2
    )
    assert wait(window.root, lambda: marks(window) == "O../.X./...")
    assert drawn_board(window) == "O../.X./..."
    assert listbox.curselection() == (2,)
    assert listbox.size() == 5, "the later moves stay, to be redone"
    shown, later = PALETTES["light"]["text"], PALETTES["light"]["even"]
    colours = [listbox.itemcget(index, "foreground") for index in range(5)]
    assert colours == [shown] * 3 + [later] * 2, "moves after the one shown are greyed"
    real_click(window.board.cells[6])  # playing from there discards the later moves
    assert wait(window.root, lambda: listbox.size() == 4)
    assert listbox.get(3) == "3. X a3"
    invoke(window, "toggle_history")
    assert wait(window.root, lambda: not window.history_panel.winfo_ismapped())


# -- menus -----------------------------------------------------------------------------


def walk_menu(menu: tk.Menu, items: tuple[Item, ...]) -> Iterator[tuple[tk.Menu, int, Item]]:
    """Every (Tk menu, index, item) of a menu built from ``items``, cascades
    included; checks that the Tk menu has the table's entries in its order."""
    last = menu.index("end")
    count = 0 if last is None else last + 1
    assert count == len(items), f"{menu}: {count} entries for {len(items)} items"
    for index, item in enumerate(items):
        kind = menu.type(index)
        expected = {"command": "command", "radio": "radiobutton", "check": "checkbutton"}
        if item.kind == "separator":
            assert kind == "separator"
            continue
        assert menu.entrycget(index, "label") == item.text
        assert menu.entrycget(index, "underline") == item.underline
        if item.kind == "cascade":
            assert kind == "cascade"
            yield from walk_menu(menu.nametowidget(menu.entrycget(index, "menu")), item.submenu)
            continue
        assert kind == expected[item.kind], (item.label, kind)
        assert menu.entrycget(index, "accelerator") == accelerator(item)
        yield menu, index, item


def every_entry(window: Window) -> list[tuple[tk.Menu, int, Item]]:
    bar = window.menubar.bar
    last = bar.index("end")
    cascades = [
        index
        for index in range(last + 1 if last is not None else 0)
        if bar.type(index) == "cascade"
    ]
    assert [bar.entrycget(index, "label") for index in cascades] == [
        mnemonic(label)[0] for label, _ in MENUS
    ]
    found = []
    for index, (_, items) in zip(cascades, MENUS):
        menu = bar.nametowidget(bar.entrycget(index, "menu"))
        found.extend(walk_menu(menu, items))
    return found


def test_every_menu_entry_runs_the_command_of_its_item(make_window) -> None:
    dialogs = FakeDialogs()
    window = make_window(hotseat(), dialogs=dialogs)
    entries = every_entry(window)
    assert len(entries) == len([item for item in all_items() if item.kind != "separator"])
    disabled = window.presenter.view().disabled
    for menu, index, item in entries:
        state = menu.entrycget(index, "state")
        assert (state == "disabled") == (item.action in disabled), (item.label, state)
    calls = spy_on_actions(window)
    for menu, index, item in entries:
        dialogs.integers.clear()  # custom depth and board: cancelled
        menu.entryconfigure(index, state="normal")  # the wiring of disabled entries too
        calls.clear()
        menu.invoke(index)
        window.root.update()
        assert calls == [expected_call(item)], item.label
        assert window.root.winfo_exists()
    names = dialogs.names()  # the commands behind the entries asked their questions
    for dialog in ("ask_open_path", "ask_save_path", "set_clipboard", "read_clipboard"):
        assert dialog in names
    # Statistics is a table: Show solution, run before it, gave a puzzle up (a failed try).
    assert "ask_integer" in names and names.count("show_table") == 2
    assert window.callback_errors == []
    assert window.presenter.errors == []


def test_a_declined_or_cancelled_menu_choice_leaves_the_current_one_selected(
    make_window,
) -> None:
    """A radio entry selects itself when clicked; if the change does not happen
    (a new game declined, a dialog cancelled) the menu must show what is in
    effect again."""
    dialogs = FakeDialogs()
    window = make_window(hotseat(), dialogs=dialogs)
    variables = window.menubar.variables
    window.run("activate", 4)
    dialogs.confirm_answer = False  # "Keep playing"
    invoke(window, "set_mode", "computer")
    assert dialogs.names() == ["confirm"]
    assert window.presenter.session.config.mode is Mode.HOTSEAT
    assert variables["mode"].get() == "hotseat"
    invoke(window, "set_board", Shape(4, 4, 4))
    assert window.presenter.session.board.size == 3
    assert variables["board"].get() == str(Shape(3, 3, 3))
    invoke(window, "ask_custom_board")  # the size dialog is cancelled
    assert variables["board"].get() == str(Shape(3, 3, 3))


# -- the search thread and the event loop ---------------------------------------------


@pytest.mark.slow
def test_the_event_loop_keeps_running_during_a_9x9_search(make_window) -> None:
    """A freeze detector, not a timing target (benchmarks/ui.py measures the gaps):
    beats of 10 ms keep coming through a 2 s search; a loop frozen by the search
    would leave one gap as long as the search."""
    window = make_window(
        computer(human=Player.X, depth=81, rows=9, cols=9, win_length=5, think_time=2.0)
    )
    root, presenter = window.root, window.presenter
    beats: list[float] = []

    def beat() -> None:
        beats.append(time.monotonic())
        if presenter.is_working:
            root.after(10, beat)

    started = time.monotonic()
    window.run("play", 40)  # the computer's 2 s search starts here
    root.after(10, beat)
    wait_for_computer(window)
    finished = time.monotonic()
    assert presenter.session.board.move_count == 2
    assert finished - started > 1.0 and len(beats) >= 5, "the search was too short to watch"
    gaps = [later - earlier for earlier, later in zip([started, *beats], [*beats, finished])]
    assert max(gaps) < (finished - started) / 2, f"no beat for {max(gaps):.2f} s"
    assert window.callback_errors == []


def test_closing_while_the_progress_bar_runs_leaves_no_tcl_errors(make_window, capfd) -> None:
    """The progress bar animates with Tcl timers; closing the window must stop
    them, or they fire later (in the next window's event loop) on destroyed widgets."""
    window = make_window(
        computer(human=Player.O, depth=81, rows=9, cols=9, win_length=5, think_time=30.0)
    )
    assert wait(window.root, window.turn_field.progress.winfo_ismapped, 5), "no progress bar"
    window.run("quit")
    later = make_window(hotseat())
    sleep_pumping(later.root, 0.1)  # what is checked: no stray timer fires meanwhile
    assert capfd.readouterr().err == ""


CLOSE_SETTINGS = Settings(
    GameConfig(
        mode=Mode.COMPUTER,
        human=Player.O,
        depth=81,  # a search the think time alone bounds
        rows=9,
        cols=9,
        win_length=5,
        think_time=30.0,
    )
)


def close_while_searching(tmp_path: Path, close: Callable[[str], None]) -> None:
    process, window, path = start_game(tmp_path, CLOSE_SETTINGS)
    try:
        # The computer thinks for up to 30 s: the process keeps using the processor.
        shown, end = cpu_seconds(process.pid), time.monotonic() + 10
        while cpu_seconds(process.pid) < shown + 0.2:
            assert time.monotonic() < end, "the computer is not thinking"
            time.sleep(0.02)
        close(window)
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0, stderr
    assert stderr == "" and stdout == ""
    saved, message, _ = load(path)
    assert message is None and saved.game == CLOSE_SETTINGS.game


def test_ctrl_q_during_a_9x9_search_exits_cleanly(tmp_path: Path) -> None:
    close_while_searching(
        tmp_path, lambda window: xdotool("windowfocus", "--sync", window, "key", "ctrl+q")
    )


@pytest.mark.slow
def test_closing_from_the_window_manager_during_a_9x9_search_exits_cleanly(
    tmp_path: Path, window_manager: None
) -> None:
    """(The default run closes during a search with Ctrl+Q, above, which the
    window manager's close request runs too, and closes from the title bar
    in test_window_closing.py.)"""

    def close(window: str) -> None:
        subprocess.run(["wmctrl", "-i", "-c", window], check=True, timeout=10)

    close_while_searching(tmp_path, close)


@pytest.mark.slow
def test_closing_from_the_window_manager_while_a_message_box_is_open(
    tmp_path: Path, window_manager: None
) -> None:
    """A real close request while Help > How to play is open: the game ends
    cleanly, at once or once the box is answered. (The default run closes a
    game from the title bar with How to play open in test_window_closing.py.)"""
    process, window, _ = start_game(tmp_path, Settings(GameConfig(mode=Mode.HOTSEAT)))
    try:
        xdotool("windowactivate", "--sync", window, "key", "F1")
        box = xdotool("search", "--sync", "--onlyvisible", "--name", "^How to play$").split()[0]
        subprocess.run(["wmctrl", "-i", "-c", window], check=True, timeout=10)
        time.sleep(0.5)  # time for the close to end the process at once, if it does
        if process.poll() is None:  # the close waits for the box: answer it
            xdotool("windowactivate", "--sync", box, "key", "Return")
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0, stderr
    assert stderr == "" and stdout == ""


# -- a storm of mixed input ---------------------------------------------------------------


def check_shown(window: Window, action: str) -> None:
    """What the window shows agrees with the presenter's state."""
    state = window.presenter.view()
    board = window.presenter.session.board
    assert len(window.board.cells) == board.cells, action
    marks = "".join(cell.mark or "." for cell in state.cells)  # a reviewed move, or the game
    shown = "/".join(marks[row : row + board.cols] for row in range(0, len(marks), board.cols))
    assert drawn_board(window) == shown, action
    field = window.turn_field  # the turn, and a message, are shown whole or shortened
    turn = str(field.turn_label.cget("text"))  # (a puzzle's title beside Next puzzle may not fit)
    assert turn == state.turn or (turn.endswith("…") and field.turn_tip.text == state.turn), action
    message = "".join(str(field.message_label.cget("text")).split())  # lines joined
    assert message == "".join(state.note.split()) or field.message_tip.text == state.note, action
    assert window.score_label.cget("text") == state.scores, action
    assert window.root.title() == state.title, action
    if state.show_history:
        assert window.history_list.get(0, "end") == state.history, action
    for menu, index, item in window.menubar.entries:
        disabled = menu.entrycget(index, "state") == "disabled"
        assert disabled == (item.action in state.disabled), (action, item.label)


def storm_files(folder: Path) -> list[Path | None]:
    good = folder / "good.ttt"
    write_game(good, SavedGame(GameConfig(mode=Mode.HOTSEAT), (4, 0, 8)))
    junk = folder / "junk.ttt"
    junk.write_bytes(bytes(range(256)))
    return [good, junk, folder / "missing.ttt", None]


@pytest.mark.slow
def test_a_storm_of_real_and_menu_input_raises_nothing(
    make_window, tmp_path: Path, exhaustive: bool
) -> None:
    total = STORM_ACTIONS or (300 if exhaustive else 150)
    rng = random.Random(STORM_SEED)
    dialogs = FakeDialogs()
    window = make_window(computer(think_time=0.2), path=None, dialogs=dialogs)
    root = window.root
    files = storm_files(tmp_path)
    pastes = ["x.o/.x./...", "xxx/ooo/...", "nonsense", "..../..../..../...x", ""]
    entries = [entry for entry in window.menubar.entries if entry[2].action != "quit"]
    shortcuts = [
        sequence
        for item in all_items()
        if item.action != "quit"
        for key in item.keys
        for sequence in key_sequences(key)
    ]

    def cell() -> tk.Canvas:
        return rng.choice(window.board.cells)

    def answer_dialogs() -> None:
        dialogs.confirm_answer = rng.random() < 0.8
        dialogs.integers.clear()
        dialogs.integers.extend(rng.choice([None, 0, 3, 4, 5, 9, 100]) for _ in range(2))
        dialogs.open_paths.clear()
        dialogs.open_paths.append(rng.choice(files))
        dialogs.save_paths.clear()
        dialogs.save_paths.append(rng.choice([tmp_path / "saved.ttt", None]))
        dialogs.clipboard = rng.choice(pastes)

    def menu_entry() -> None:
        menu, index, _ = rng.choice(entries)
        menu.invoke(index)

    def history_click() -> None:
        listbox = window.history_list
        if listbox.winfo_viewable() and listbox.size():
            listbox.selection_clear(0, "end")
            listbox.selection_set(rng.randrange(listbox.size()))
            listbox.event_generate("<<ListboxSelect>>")

    def cell_key() -> None:
        target = cell()
        target.focus_force()
        target.event_generate(rng.choice(["<Return>", "<space>", "<Left>", "<Down>"]))

    actions: list[tuple[int, str, Callable[[], None]]] = [
        (25, "click", lambda: cell().event_generate("<Button-1>")),
        (6, "real click", lambda: real_click(cell())),
        (5, "digit", lambda: root.event_generate(f"<KeyPress-{rng.randint(1, 9)}>")),
        (5, "cell key", cell_key),
        (12, "wait", lambda: sleep_pumping(root, rng.choice([0.0, 0.01, 0.05]))),  # a pause
        (25, "menu", menu_entry),
        (10, "shortcut", lambda: root.event_generate(rng.choice(shortcuts))),
        (3, "history", history_click),
    ]
    weights = [weight for weight, _, _ in actions]
    counts: dict[str, int] = {}
    for _ in range(total):
        _, name, action = rng.choices(actions, weights)[0]
        answer_dialogs()
        action()
        root.update()
        counts[name] = counts.get(name, 0) + 1
        check_shown(window, name)
        assert window.callback_errors == [], (name, window.callback_errors)
        assert window.presenter.errors == [], (name, window.presenter.errors)
    assert len(counts) == len(actions), f"some actions never ran: {counts}"
    assert root.winfo_exists()


def test_the_menu_bar_names_its_menus_with_their_access_letters(make_window) -> None:
    window = make_window()
    expected = [mnemonic(label) for label, _ in MENUS]
    assert window.menubar.titles() == expected
    assert [title for title, _ in expected] == [
        "Game",
        "Edit",
        "Mode",
        "Difficulty",
        "Board",
        "View",
        "Help",
    ]
