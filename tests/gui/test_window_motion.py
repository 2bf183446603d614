"""Motion in the real window: discs falling under gravity with real clicks, a
click during a fall, motion turned off, and a misère loss drawn as a loss.

The board's motion runs on a fake clock here, so that what is on screen
mid-fall is checked without racing the machine; its timing and easing are
tested without Tk in tests/app/test_motion.py.
"""

from __future__ import annotations

from typing import Any

from conftest import invoke, real_click, wait
from fakes import FakeClock

from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES, Role

LIGHT = PALETTES["light"]


def connect_four(**changes: Any) -> Settings:
    config = GameConfig(mode=Mode.HOTSEAT, rows=6, cols=7, win_length=4, gravity=True)
    return Settings(config, **changes)


def discs(window: Window, cell: int) -> list[str]:
    """The sides of the discs drawn on a cell's canvas ("X", "O"), in drawing order."""
    canvas = window.board.cells[cell]
    sides = {LIGHT[Role.DISC_X]: "X", LIGHT[Role.DISC_O]: "O"}
    return [
        sides[fill]
        for item in canvas.find_all()
        if canvas.type(item) == "oval" and (fill := canvas.itemcget(item, "fill")) in sides
    ]


def focus_ring(window: Window, cell: int) -> bool:
    """Whether the cell's canvas shows the focus ring (on a frame: its own colour)."""
    canvas = window.board.cells[cell]
    return any(
        canvas.type(item) == "rectangle"
        and canvas.itemcget(item, "outline") == LIGHT[Role.FRAME_FOCUS]
        for item in canvas.find_all()
    )


def frozen_motion(window: Window) -> FakeClock:
    """Make the board's motion run on a clock that moves only when told to."""
    clock = FakeClock()
    window.board.motion.clock = clock
    return clock


def let_motion_end(window: Window, clock: FakeClock) -> None:
    clock.advance(1.0)
    assert wait(window.root, lambda: not window.board.motion.is_running)


def moves(window: Window) -> int:
    return window.presenter.session.board.move_count


def test_a_click_on_a_column_drops_a_disc_to_its_foot_and_the_focus_follows_it(
    make_window,
) -> None:
    window = make_window(connect_four())
    clock = frozen_motion(window)
    board = window.board
    real_click(board.cells[3])  # d1, the top of column d
    assert wait(window.root, lambda: moves(window) == 1)
    assert window.root.focus_get() is board.cells[38], "the focus is where the disc landed"
    assert board.motion.is_running, "the disc is falling"
    assert discs(window, 38) == [], "not in its cell yet"
    clock.advance(0.24)  # most of the way down (it speeds up): between d5 and d6
    assert wait(window.root, lambda: "X" in discs(window, 38))
    assert board.motion.is_running and window.callback_errors == []
    let_motion_end(window, clock)
    assert discs(window, 38) == ["X"]
    assert all(discs(window, cell) == [] for cell in (3, 10, 17, 24, 31))
    assert window.root.focus_get() is board.cells[38]
    assert focus_ring(window, 38) and not focus_ring(window, 3), "the ring is drawn there"


def test_a_click_during_a_fall_is_played_at_once_and_ends_the_fall(make_window) -> None:
    window = make_window(connect_four())
    clock = frozen_motion(window)
    board = window.board
    real_click(board.cells[3])
    assert wait(window.root, lambda: moves(window) == 1)
    assert board.motion.is_running
    real_click(board.cells[4])  # e1, while X's disc is still above the board
    assert wait(window.root, lambda: moves(window) == 2), "the click was not lost"
    assert str(window.presenter.session.board).endswith("/...XO..")
    assert discs(window, 38) == ["X"], "X's disc jumped to its cell"
    assert discs(window, 39) == [], "O's disc is falling"
    assert window.root.focus_get() is board.cells[39]
    let_motion_end(window, clock)
    assert discs(window, 39) == ["O"]
    assert window.callback_errors == []


def test_with_animations_off_in_the_view_menu_a_disc_is_drawn_at_once(make_window) -> None:
    window = make_window(connect_four())
    frozen_motion(window)
    invoke(window, "toggle_motion")
    assert window.presenter.settings.motion is False
    real_click(window.board.cells[3])
    assert wait(window.root, lambda: moves(window) == 1)
    window.root.update()
    assert not window.board.motion.is_running
    assert discs(window, 38) == ["X"], "drawn without the clock moving"


def test_without_gravity_a_mark_grows_in_place_and_the_line_is_drawn_through(
    make_window,
) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    clock = frozen_motion(window)
    for cell in (0, 3, 1, 4):
        window.run("play", cell)
    real_click(window.board.cells[2])
    assert wait(window.root, lambda: window.presenter.session.board.is_over)
    canvas = window.board.cells[2]

    def line_colours() -> set[str]:
        return {canvas.itemcget(item, "fill") for item in canvas.find_all()}

    assert canvas.type(canvas.find_all()[0]) == "line", "X is drawn at once"
    assert LIGHT[Role.TEXT] not in line_colours(), "the line waits for the mark"
    let_motion_end(window, clock)
    assert LIGHT[Role.TEXT] in line_colours(), "the stroke through the win"


def test_a_misere_loss_is_drawn_in_the_losing_colour_not_the_winning_one(make_window) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT, misere=True)))
    clock = frozen_motion(window)
    for cell in (0, 3, 1, 4, 2):  # X completes the top row, and so loses
        window.run("play", cell)
    let_motion_end(window, clock)
    backgrounds = [canvas.cget("background") for canvas in window.board.cells]
    assert backgrounds[:3] == [LIGHT[Role.LOSS]] * 3
    assert LIGHT[Role.WIN] not in backgrounds
    canvas = window.board.cells[1]
    fills = {canvas.itemcget(item, "fill") for item in canvas.find_all()}
    assert LIGHT[Role.BAD] in fills, "the stroke through the line in the losing colour"


def test_when_the_desktop_asks_for_reduced_motion_a_disc_is_drawn_at_once(
    make_window, monkeypatch
) -> None:
    monkeypatch.setattr("ttt_gui.gui.board_view.system_reduces_motion", lambda: True)
    window = make_window(connect_four())
    frozen_motion(window)
    window.root.update()  # the board asks the desktop once idle
    assert window.presenter.settings.motion, "the person's setting is left as it is"
    real_click(window.board.cells[3])
    assert wait(window.root, lambda: moves(window) == 1)
    window.root.update()
    assert not window.board.motion.is_running
    assert discs(window, 38) == ["X"], "drawn without the clock moving"
