"""The keyboard, typed for real (xdotool) into the window under Xvfb: focus and
arrows, Enter and Space, digits, F5, and every shortcut of the command table,
also with Caps Lock on."""

from __future__ import annotations

import contextlib
import tkinter as tk
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import (
    expected_call,
    give_focus,
    keys,
    marks,
    move_pointer_away,
    pixel_colours,
    sleep_pumping,
    spy_on_actions,
    sync,
    wait,
)
from fakes import FakeDialogs

from ttt_gui.app.actions import all_items
from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.gui.menus import key_sequences
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES


def hotseat(**changes: Any) -> Settings:
    return Settings(GameConfig(mode=Mode.HOTSEAT), **changes)


def typed_keysym(root: tk.Misc, key: str) -> str:
    """The keysym Tk reports for ``key`` typed now (shows the Caps Lock state)."""
    seen: list[str] = []
    root.bind_all("<Key>", lambda event: seen.append(event.keysym))
    try:
        keys(root, key)
        assert wait(root, lambda: bool(seen)), f"{key} never arrived"
        return seen[0]
    finally:
        root.unbind_all("<Key>")


@contextlib.contextmanager
def caps_lock(root: tk.Misc) -> Iterator[None]:
    """Caps Lock on (checked: ``a`` arrives as ``A``), then off again (checked)."""
    assert typed_keysym(root, "a") == "a", "Caps Lock was already on"
    keys(root, "Caps_Lock")
    try:
        assert typed_keysym(root, "a") == "A", "Caps Lock did not turn on"
        yield
    finally:
        keys(root, "Caps_Lock")
        assert typed_keysym(root, "a") == "a", "Caps Lock stayed on"


def note(window: Window, cell: int) -> tuple[str, str] | None:
    """The analysis words drawn on an empty cell and their colour; None if none."""
    canvas = window.board.cells[cell]
    texts = [item for item in canvas.find_all() if canvas.type(item) == "text"]
    if not texts:
        return None
    words = canvas.itemcget(texts[0], "text").replace("\n", " ")
    return words, canvas.itemcget(texts[0], "fill")


# -- focus, arrows, Enter, Space, digits ----------------------------------------------------


def test_a_cell_has_the_focus_at_launch_and_arrow_keys_move_it(make_window) -> None:
    window = make_window(hotseat())
    root, cells = window.root, window.board.cells
    assert root.focus_lastfor() is cells[4], "the centre cell takes the keyboard at launch"
    give_focus(root)  # as when a person clicks the window's title
    assert wait(root, lambda: root.focus_get() is cells[4])
    for key, cell in (("Right", 5), ("Down", 8), ("Down", 2), ("Left", 1), ("Up", 7)):
        keys(root, key)
        assert wait(root, lambda c=cell: root.focus_get() is cells[c]), (key, root.focus_get())
    move_pointer_away()
    focus = PALETTES["light"]["focus"]
    assert wait(
        root, lambda: pixel_colours(cells[7]).get(focus, 0) > 4 * cells[7].winfo_width()
    ), "no focus ring"
    assert focus not in pixel_colours(cells[4])
    keys(root, "Return")
    assert wait(root, lambda: marks(window) == ".../.../.X.")
    keys(root, "Left", "space")
    assert wait(root, lambda: marks(window) == ".../.../OX.")
    assert root.focus_get() is cells[6], "playing keeps the focus where it is"
    keys(root, "KP_Enter")  # the cell is taken: nothing changes but the status
    assert wait(root, lambda: "a3" in window.turn_field.message_label.cget("text"))
    assert marks(window) == ".../.../OX."
    assert window.callback_errors == []


def test_digit_keys_play_the_cells_of_a_3x3_board_only(make_window) -> None:
    window = make_window(hotseat())
    root = window.root
    keys(root, "5", "1", "9")
    assert wait(root, lambda: marks(window) == "O../.X./..X")
    keys(root, "3")
    assert wait(root, lambda: marks(window) == "O.O/.X./..X")
    window.run("new_game")
    # The keypad plays in its own layout (7 = top left), with Num Lock on or off.
    keys(root, "KP_7", "KP_Next", "KP_5")
    assert wait(root, lambda: marks(window) == "X../.X./..O")
    window.run("set_board", Shape(4, 4, 4))
    cells = window.board.cells
    assert len(cells) == 16
    cells[0].focus_set()
    assert wait(root, lambda: root.focus_get() is cells[0])
    keys(root, "1", "5", "Right")  # the arrow shows when the digits have been handled
    assert wait(root, lambda: root.focus_get() is cells[1])
    assert window.presenter.session.board.move_count == 0
    assert window.callback_errors == []


def test_f5_shows_and_hides_the_analysis_on_the_cells(make_window) -> None:
    window = make_window(hotseat())
    root = window.root
    keys(root, "5")
    assert wait(root, lambda: marks(window) == ".../.X./...")
    keys(root, "F5")
    assert wait(root, lambda: window.menubar.variables["analysis"].get() is True)
    assert wait(root, lambda: all(note(window, cell) for cell in (0, 1, 2, 3, 5, 6, 7, 8)), 10)
    palette = PALETTES["light"]
    for corner in (0, 2, 6, 8):
        assert note(window, corner) == ("draw", palette["even"]), "O holds the draw in a corner"
    for edge in (1, 3, 5, 7):
        shown = note(window, edge)
        assert shown is not None and shown[0].startswith("X wins in"), "an edge loses"
        assert shown[1] == palette["bad"]
    assert note(window, 4) is None
    keys(root, "F5")
    assert wait(root, lambda: not any(note(window, cell) for cell in range(9)))
    assert window.menubar.variables["analysis"].get() is False
    assert window.presenter.settings.analysis is False


def test_space_and_right_drive_computer_vs_computer(make_window) -> None:
    settings = Settings(
        GameConfig(mode=Mode.WATCH, x_level="easy", o_level="easy"), watch_delay=100
    )
    window = make_window(settings)
    root, session = window.root, window.presenter.session
    assert "paused" in window.turn_field.turn_label.cget("text")
    keys(root, "Right")  # one step
    assert wait(root, lambda: session.board.move_count == 1, 5)
    # Three times the watch delay: a step that went on playing would have moved again.
    sleep_pumping(root, 0.3)
    assert session.board.move_count == 1 and not session.watch_running
    keys(root, "space")
    assert wait(root, lambda: session.board.move_count >= 3 or session.board.is_over, 5)
    keys(root, "space")
    assert wait(root, lambda: not session.watch_running)
    assert "paused" in window.turn_field.turn_label.cget("text") or session.board.is_over
    assert window.callback_errors == []


# -- undo and redo, with and without Caps Lock ------------------------------------------------


@pytest.mark.parametrize(
    "with_caps_lock",
    [False, pytest.param(True, marks=pytest.mark.slow)],
    ids=["caps-lock-off", "caps-lock-on"],
)
def test_ctrl_z_undoes_and_ctrl_y_or_ctrl_shift_z_redo(make_window, with_caps_lock: bool) -> None:
    window = make_window(hotseat())
    root = window.root
    keys(root, "5", "1", "9")
    assert wait(root, lambda: marks(window) == "O../.X./..X")
    with caps_lock(root) if with_caps_lock else contextlib.nullcontext():
        # Each undo comes when a redo is possible too, so a key mapped to redo shows.
        for expected in ("O../.X./...", ".../.X./...", ".../.../..."):
            keys(root, "ctrl+z")
            assert wait(root, lambda e=expected: marks(window) == e), (expected, marks(window))
        keys(root, "ctrl+y")
        assert wait(root, lambda: marks(window) == ".../.X./...")
        keys(root, "ctrl+shift+z")
        assert wait(root, lambda: marks(window) == "O../.X./...")
        keys(root, "ctrl+z")
        assert wait(root, lambda: marks(window) == ".../.X./...")
        keys(root, "ctrl+shift+z", "ctrl+shift+z")
        assert wait(root, lambda: marks(window) == "O../.X./..X")
    assert window.presenter.session.board.turn is Player.O
    assert window.callback_errors == []


def xdotool_key(sequence: str) -> str:
    """The xdotool key for a Tk event sequence: ``<Control-Shift-Z>`` -> ``ctrl+shift+z``.

    Letters are typed in lower case; Caps Lock makes the upper-case forms.
    """
    *modifiers, name = sequence.strip("<>").split("-")
    words = {"Control": "ctrl", "Shift": "shift"}
    letter = name.lower() if len(name) == 1 else name
    return "+".join([*(words[modifier] for modifier in modifiers), letter])


@pytest.mark.parametrize(
    "with_caps_lock",
    [False, pytest.param(True, marks=pytest.mark.slow)],
    ids=["caps-lock-off", "caps-lock-on"],
)
def test_every_shortcut_of_the_table_typed_calls_its_action(
    make_window, with_caps_lock: bool
) -> None:
    window = make_window(hotseat(), dialogs=FakeDialogs())
    root = window.root
    typed: dict[str, tuple[str, tuple[object, ...]]] = {}
    for item in all_items():
        for key in item.keys:
            for sequence in key_sequences(key):
                typed.setdefault(xdotool_key(sequence), expected_call(item))
    assert {"ctrl+z", "ctrl+y", "ctrl+shift+z", "ctrl+plus", "ctrl+KP_0", "F5"} <= set(typed)
    calls = spy_on_actions(window)
    with caps_lock(root) if with_caps_lock else contextlib.nullcontext():
        for key, expected in typed.items():
            calls.clear()
            keys(root, key)
            assert wait(root, lambda: bool(calls)), f"{key} did nothing"
            sync(root)  # a second call of the same key would have come by now
            assert calls == [expected], key
    assert window.callback_errors == []
    assert root.winfo_exists()
