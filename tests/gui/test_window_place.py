"""The window as a desktop citizen, under a real window manager (openbox):
it stays where the window manager or the person put it through every resize,
shrinks back to its board unless the person sized it, and the board's keys
work wherever the focus is in the window."""

from __future__ import annotations

import tkinter as tk
from typing import Any

import pytest
from conftest import click_at, keys, marks, sleep_pumping, wait, xdotool

from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.gui.placement import geometry_position
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings

#: How far (px) the window may seem to move: the title bar's rounding.
TOLERANCE = 2
#: Openbox's frame beside and below a window, in pixels.
OPENBOX_FRAME, OPENBOX_BOTTOM = 1, 5


def hotseat(**changes: Any) -> Settings:
    return Settings(GameConfig(mode=Mode.HOTSEAT), **changes)


def place(root: tk.Misc) -> tuple[int, int]:
    return root.winfo_rootx(), root.winfo_rooty()


def size(root: tk.Misc) -> tuple[int, int]:
    return root.winfo_width(), root.winfo_height()


def settled(window: Window) -> None:
    """Pump events until the window has been still for a while (the window
    manager answers resizes in its own time)."""
    root = window.root
    last = (place(root), size(root))
    for _ in range(40):
        sleep_pumping(root, 0.1)
        now = (place(root), size(root))
        if now == last and not window.presenter.is_working:
            return
        last = now


def close_to(found: tuple[int, int], expected: tuple[int, int]) -> bool:
    return all(abs(a - b) <= TOLERANCE for a, b in zip(found, expected, strict=True))


def at_the_screens_edge(root: tk.Misc) -> bool:
    """Whether the window's content ends within a frame's width (10 px) of
    the screen's right or bottom edge."""
    right = root.winfo_rootx() + root.winfo_width()
    bottom = root.winfo_rooty() + root.winfo_height()
    return root.winfo_screenwidth() - 10 <= right <= root.winfo_screenwidth() or (
        root.winfo_screenheight() - 10 <= bottom <= root.winfo_screenheight()
    )


@pytest.mark.slow  # a second placement; the person's move is checked below
def test_the_window_stays_where_the_window_manager_placed_it(
    make_window, window_manager: None
) -> None:
    """Openbox places the new window (Tk is never told where): review, a board
    change, zoom and a paste resize it, and it does not move, unless it would
    no longer be whole on the screen: then it stops at the screen's edge."""
    window: Window = make_window(hotseat(history=False))
    root = window.root
    settled(window)
    start = place(root)
    assert start[0] > 50 and start[1] > 50, f"placed by the window manager, not at {start}"
    window.presenter.dialogs.clipboard = "X../.O./..."  # type: ignore[attr-defined]
    for action, arguments in (
        ("play", (4,)),
        ("play", (0,)),
        ("review_game", ()),
        ("set_board", (Shape(5, 5, 4),)),
        ("zoom_in", ()),
        ("zoom_out", ()),
        ("set_board", (Shape(3, 3, 3),)),
        ("paste_position", ()),
        ("toggle_history", ()),
    ):
        before = size(root)
        window.run(action, *arguments)
        settled(window)
        if not close_to(place(root), start) and at_the_screens_edge(root):
            start = place(root)  # moved to stay whole on screen; it stays there after
        assert close_to(place(root), start), (action, before, size(root), place(root), start)


def test_the_window_stays_where_the_person_moved_it(make_window, window_manager: None) -> None:
    window: Window = make_window(hotseat())
    root = window.root
    settled(window)
    wrapper = xdotool("search", "--sync", "--onlyvisible", "--name", "^Noxo").split()[0]
    xdotool("windowmove", "--sync", wrapper, "140", "90")
    settled(window)
    moved = place(root)
    for action, arguments in (("set_board", (Shape(6, 7, 4, gravity=True),)), ("zoom_in", ())):
        window.run(action, *arguments)
        settled(window)
        assert close_to(place(root), moved), action


def test_the_window_shrinks_back_to_a_smaller_board(make_window, window_manager: None) -> None:
    window: Window = make_window(hotseat())
    root = window.root
    settled(window)
    small = size(root)
    window.run("set_board", Shape(15, 15, 5))
    settled(window)
    assert size(root)[0] > small[0] and size(root)[1] > small[1]
    window.run("set_board", Shape(3, 3, 3))
    settled(window)
    assert size(root) == small


def test_a_size_the_person_gave_stays_until_reset_size(make_window, window_manager: None) -> None:
    window: Window = make_window(hotseat())
    root = window.root
    settled(window)
    small = size(root)
    wrapper = xdotool("search", "--sync", "--onlyvisible", "--name", "^Noxo").split()[0]
    xdotool("windowsize", "--sync", wrapper, "800", "700")
    settled(window)
    chosen = size(root)
    assert chosen[0] == 800 and window.presenter.settings.window == "{}x{}".format(*chosen)
    window.run("set_board", Shape(4, 4, 4))
    settled(window)
    assert size(root) == chosen, "the person's size is kept"
    window.run("set_board", Shape(3, 3, 3))
    window.run("zoom_reset")
    settled(window)
    assert size(root) == small and window.presenter.settings.window == ""


def test_board_keys_work_after_a_click_on_the_move_list(make_window, window_manager: None) -> None:
    """Moves played with the keys; a click on the move list shows an earlier
    position; the arrows and Enter then still play, and so they do after the
    list is hidden while it had the focus."""
    window: Window = make_window(hotseat(history=True))
    root, listbox = window.root, window.history_list
    settled(window)
    keys(root, "Return", "Right", "Return")  # X in the centre, O right of it
    assert wait(root, lambda: marks(window) == ".../.XO/...")
    x, y, width, height = listbox.bbox(1)
    click_at(listbox.winfo_rootx() + x + width // 2, listbox.winfo_rooty() + y + height // 2)
    assert wait(root, lambda: marks(window) == ".../.X./...")
    keys(root, "Up", "Return")  # from the cell focused last, right of the centre
    assert wait(root, lambda: marks(window) == "..O/.X./..."), marks(window)
    listbox.focus_force()
    window.run("toggle_history")
    assert wait(root, lambda: root.focus_get() in window.board.cells), "the board has the focus"
    listbox.focus_force()  # hidden now: the root window's bindings still reach the board
    keys(root, "Left", "Return")
    assert wait(root, lambda: marks(window).count("X") == 2), marks(window)


@pytest.mark.slow
def test_the_system_theme_follows_the_desktop_and_is_asked_again_when_chosen(
    window_process: None,
) -> None:
    from tkinter import font as tkfont

    from fakes import FakeDialogs

    from ttt_gui.app.presenter import Presenter
    from ttt_gui.gui.system_look import SystemLook
    from ttt_gui.gui.window import scale_fonts
    from ttt_gui.theme import PALETTES

    root = tk.Tk()
    # Tk keeps its scaling per display, for every window of the process: put back.
    scaling = float(root.tk.call("tk", "scaling"))
    before = int(tkfont.nametofont("TkDefaultFont", root).cget("size"))
    scale_fonts(root, 2.0)
    after = int(tkfont.nametofont("TkDefaultFont", root).cget("size"))
    assert after == 2 * before or (before > 0 and after == before), (before, after)
    presenter = Presenter(hotseat(theme="light"), FakeDialogs())
    asked: list[str] = []

    def desktop() -> SystemLook:
        asked.append("colours")
        return SystemLook(high_contrast=True)

    window = Window(root, presenter, look=SystemLook(scale=2.0), probe_colours=desktop)
    try:
        assert window.dpi_scale == 2.0
        assert window.preferred_size()[0] >= 2 * 420
        assert window.theme_name() == "light" and asked == []
        window.run("set_theme", "system")
        assert window.theme_name() == "contrast" and asked == ["colours"]
        sleep_pumping(root, 0.1)
        assert str(window.root.cget("background")) == PALETTES["contrast"]["background"]
        window.run("set_theme", "dark")
        window.run("set_theme", "system")
        assert asked == ["colours"], "asked once"
    finally:
        root.tk.call("tk", "scaling", scaling)
        window.close()


def test_at_the_minimum_size_the_menu_bar_is_one_line_and_nothing_is_clipped(
    make_window, window_manager: None
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
    root = window.root
    settled(window)
    inside = root.winfo_rooty()  # below the title bar and the menu bar
    wrapper = xdotool("search", "--sync", "--onlyvisible", "--name", "^Noxo").split()[0]
    xdotool("windowsize", "--sync", wrapper, "10", "10")
    settled(window)
    assert size(root)[0] < 600 and size(root)[1] < 400, (
        size(root),
        root.minsize(),
        window.dpi_scale,
    )
    assert root.winfo_rooty() == inside, "the menu bar kept its one line"
    for label in (window.score_label, window.turn_field.message_label):
        bottom = label.winfo_rooty() + label.winfo_height() - root.winfo_rooty()
        right = label.winfo_rootx() + label.winfo_width() - root.winfo_rootx()
        assert bottom <= root.winfo_height() and right <= root.winfo_width(), label
    cells = window.board.cells
    assert all(cell.winfo_height() > 20 for cell in cells), "the board is still playable"


def test_a_board_grown_near_the_screens_edge_keeps_the_window_whole_on_screen(
    make_window, window_manager: None
) -> None:
    """Moved near the bottom right corner, then larger boards and zoom, up to
    a window taller than the screen: the window, Openbox's frame included
    (its title bar above, 5 px below), stays whole on the screen."""
    window: Window = make_window(hotseat(history=False))
    root = window.root
    settled(window)
    screen = (root.winfo_screenwidth(), root.winfo_screenheight())
    wrapper = xdotool("search", "--sync", "--onlyvisible", "--name", "^Noxo").split()[0]
    xdotool("windowmove", "--sync", wrapper, str(screen[0] - 480), str(screen[1] - 560))
    settled(window)
    for action, arguments in (
        ("set_board", (Shape(9, 9, 5),)),
        ("set_board", (Shape(15, 15, 5),)),
        ("zoom_in", ()),
        ("zoom_in", ()),
    ):
        window.run(action, *arguments)
        settled(window)
        frame_top = geometry_position(str(root.wm_geometry()))[1]
        right = root.winfo_rootx() + root.winfo_width() + OPENBOX_FRAME
        bottom = root.winfo_rooty() + root.winfo_height() + OPENBOX_BOTTOM
        assert right <= screen[0] and bottom <= screen[1], (action, right, bottom, screen)
        assert frame_top >= 0 and root.winfo_rootx() >= 0, (action, frame_top)
    assert root.winfo_height() > 560, "the board did grow"
