"""The game window, driven in a real Tk window (Xvfb) by invoke() and real clicks."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

import pytest
from conftest import move_pointer_away, press, real_click, sleep_pumping, wait, wait_for_computer

from ttt_gui.app import App
from ttt_gui.board import Player
from ttt_gui.controllers import Mode
from ttt_gui.settings import Settings, load


def hotseat() -> Settings:
    return Settings(mode="hotseat")


def marks(app: App) -> str:
    return str(app.controller.board)


def menu_index(app: App, menu: str, label: str) -> int:
    entries = app.menus[menu]
    for index in range(entries.index("end") + 1):
        if entries.type(index) not in ("separator", "tearoff") and entries.entrycget(
            index, "label"
        ) == label:
            return index
    raise KeyError(f"no item {label!r} in menu {menu}")


def invoke_menu(app: App, menu: str, label: str) -> None:
    app.menus[menu].invoke(menu_index(app, menu, label))
    app.root.update()


def test_hot_seat_game_won_by_x_with_real_clicks(make_app) -> None:
    app = make_app(hotseat())
    for cell in (0, 3, 1, 4, 2):
        before = app.controller.board.move_count
        real_click(app.cells[cell])
        assert wait(app.root, lambda b=before: app.controller.board.move_count == b + 1)
    assert marks(app) == "XXX/OO./..."
    assert app.status_label.cget("text") == "X wins!"
    assert app.controller.board.winning_line == (0, 1, 2)
    win_colour = app.cells[0].cget("background")
    assert win_colour == app.cells[2].cget("background") != app.cells[8].cget("background")
    assert "X 1" in app.score_label.cget("text")


def test_screenshot_of_window_is_not_blank(make_app, tmp_path: Path) -> None:
    app = make_app(hotseat())
    for cell in (4, 0, 8):
        app.cells[cell].invoke()
    move_pointer_away()
    sleep_pumping(app.root, 0.2)
    shot = tmp_path / "window.png"
    subprocess.run(
        ["import", "-window", str(app.root.winfo_id()), str(shot)], check=True, timeout=20
    )
    width, height, colours = subprocess.check_output(
        ["identify", "-format", "%w %h %k", str(shot)], text=True, timeout=20
    ).split()
    assert int(width) >= app.board_frame.winfo_width() > 100
    assert int(height) >= app.board_frame.winfo_height() > 100
    assert int(colours) > 20, "the screenshot is (nearly) one colour"


@pytest.mark.parametrize("human", ["X", "O"])
@pytest.mark.parametrize(
    "preference",
    [
        (0, 1, 2, 3, 4, 5, 6, 7, 8),
        (4, 0, 8, 2, 6, 1, 3, 5, 7),
        (8, 7, 6, 5, 4, 3, 2, 1, 0),
        (1, 3, 5, 7, 0, 2, 6, 8, 4),
        (0, 8, 2, 6, 4, 1, 7, 3, 5),
    ],
)
def test_human_never_beats_perfect_computer(make_app, human: str, preference) -> None:
    app = make_app(Settings(mode="computer", human=human, level="perfect"))
    while not app.controller.board.is_over:
        wait_for_computer(app)
        if app.controller.board.is_over:
            break
        cell = next(c for c in preference if app.controller.board[c] is None)
        app.cells[cell].invoke()
    assert app.controller.board.winner is not Player(human)
    assert app.status_label.cget("text") in ("Draw.", "The computer wins.")


def test_clicks_on_taken_cells_and_after_game_over_change_nothing(make_app) -> None:
    app = make_app(hotseat())
    app.cells[4].invoke()
    app.cells[4].invoke()
    assert marks(app) == ".../.X./..."
    assert app.status_label.cget("text") == "That cell is taken."
    for cell in (3, 0, 5, 1, 8, 2):  # X: 4 3 5 wins the middle row
        app.cells[cell].invoke()
    finished = marks(app)
    assert app.controller.board.winner is Player.X
    app.cells[7].invoke()
    assert marks(app) == finished
    assert "over" in app.status_label.cget("text")


def test_clicks_while_the_computer_thinks_change_nothing(make_app) -> None:
    app = make_app(Settings(mode="computer", human="O", size=9, win_length=5, think_time=1.0))
    assert wait(app.root, lambda: app.worker.is_busy)
    assert app.controller.is_computer_turn
    real_click(app.cells[0])
    app.cells[1].invoke()
    sleep_pumping(app.root, 0.05)
    assert app.controller.board.move_count == 0
    assert app.status_label.cget("text") == "Wait for the computer's move."
    wait_for_computer(app)
    assert app.controller.board.move_count == 1
    assert app.controller.board[0] is None and app.controller.board[1] is None


def test_undo_redo_in_hot_seat(make_app) -> None:
    app = make_app(hotseat())
    for cell in (4, 0, 8):
        app.cells[cell].invoke()
    invoke_menu(app, "Game", "Undo")
    assert marks(app) == "O../.X./..."
    press(app.root, "<Control-z>")
    assert marks(app) == ".../.X./..."
    press(app.root, "<Control-y>")
    assert marks(app) == "O../.X./..."
    invoke_menu(app, "Game", "Redo")
    assert marks(app) == "O../.X./..X"
    assert app.menus["Game"].entrycget(menu_index(app, "Game", "Redo"), "state") == "disabled"
    app.cells[2].invoke()  # a new move discards nothing behind the cursor: we are at the end
    invoke_menu(app, "Game", "Undo")
    app.cells[6].invoke()  # playing after an undo discards the redo line
    assert marks(app) == "O../.X./O.X"
    assert not app.controller.can_redo


def test_undo_against_the_computer_takes_back_both_moves(make_app) -> None:
    app = make_app(Settings(mode="computer", human="X", level="perfect"))
    app.cells[4].invoke()
    wait_for_computer(app)
    app.cells[next(c for c in (0, 2, 6, 8) if app.controller.board[c] is None)].invoke()
    wait_for_computer(app)
    assert app.controller.board.move_count == 4
    after_two = marks(app)
    invoke_menu(app, "Game", "Undo")
    assert app.controller.board.move_count == 2
    assert app.controller.board.turn is Player.X
    invoke_menu(app, "Game", "Undo")
    assert app.controller.board.move_count == 0
    assert not app.worker.is_busy, "undo to your turn must not start the computer"
    invoke_menu(app, "Game", "Redo")
    invoke_menu(app, "Game", "Redo")
    assert marks(app) == after_two


def test_undo_while_thinking_cancels_the_search(make_app) -> None:
    app = make_app(Settings(mode="computer", human="X", size=9, win_length=5, think_time=5.0))
    app.cells[40].invoke()
    assert wait(app.root, lambda: app.worker.is_busy)
    started = time.monotonic()
    invoke_menu(app, "Game", "Undo")
    assert time.monotonic() - started < 2.0
    assert not app.worker.is_busy
    sleep_pumping(app.root, 0.2)
    assert app.controller.board.move_count == 0


def test_new_game_menu_and_shortcut(make_app) -> None:
    app = make_app(hotseat())
    app.cells[0].invoke()
    invoke_menu(app, "Game", "New game")
    assert app.controller.board.move_count == 0
    app.cells[0].invoke()
    press(app.root, "<Control-n>")
    assert app.controller.board.move_count == 0


def test_hint_highlights_the_winning_move(make_app) -> None:
    app = make_app(hotseat())
    for cell in (0, 3, 1, 4):
        app.cells[cell].invoke()
    invoke_menu(app, "Game", "Hint")
    assert wait(app.root, lambda: app.hint != [], 5)
    assert app.hint == [2]
    assert app.status_label.cget("text") == "Hint: c1 (win in 1)"
    assert app.cells[2].cget("background") not in (
        app.cells[5].cget("background"),
        app.cells[0].cget("background"),
    )


def test_reset_scores(make_app) -> None:
    app = make_app(hotseat())
    for cell in (0, 3, 1, 4, 2):
        app.cells[cell].invoke()
    assert app.controller.tally()["X"] == 1
    invoke_menu(app, "Game", "Reset scores")
    assert app.controller.tally() == {"X": 0, "O": 0, "draw": 0}
    assert app.score_label.cget("text") == "X 0   O 0   Draws 0"


def test_mode_and_side_menus(make_app) -> None:
    app = make_app(hotseat())
    invoke_menu(app, "Mode", "Against the computer")
    assert app.controller.config.mode is Mode.COMPUTER
    assert app.status_label.cget("text") == "Your move (X)"
    invoke_menu(app, "Mode", "You play O")
    assert app.controller.config.human is Player.O
    wait_for_computer(app)
    assert app.controller.board.move_count == 1 and app.controller.board.turn is Player.O
    invoke_menu(app, "Mode", "Two players")
    assert app.controller.config.mode is Mode.HOTSEAT
    assert app.status_label.cget("text") == "X to move"


def test_changing_mode_asks_before_abandoning_a_game(make_app) -> None:
    app = make_app(hotseat())
    app.cells[4].invoke()
    questions = []
    app.confirm = lambda title, text: questions.append(text) or False
    invoke_menu(app, "Mode", "Against the computer")
    assert questions and app.controller.config.mode is Mode.HOTSEAT
    assert app.vars["mode"].get() == "hotseat"
    assert marks(app) == ".../.X./..."


@pytest.mark.parametrize(
    ("label", "depth"), [("Easy", 1), ("Medium", 2), ("Hard", 4), ("Perfect", None)]
)
def test_difficulty_levels_set_the_depth(make_app, label: str, depth: int | None) -> None:
    app = make_app(Settings(level="easy" if label != "Easy" else "hard"))
    invoke_menu(app, "Difficulty", label)
    assert app.controller.config.max_depth == depth
    assert app.controller.engine().max_depth == depth


def test_custom_depth_dialog_is_validated(make_app) -> None:
    app = make_app()
    answers = iter([5, None])
    asked = []

    def ask(title, prompt, **limits):
        asked.append(limits)
        return next(answers)

    app.ask_integer = ask
    invoke_menu(app, "Difficulty", "Custom depth…")
    assert app.controller.config.max_depth == 5
    assert asked[0]["minvalue"] == 1 and asked[0]["maxvalue"] == 9
    invoke_menu(app, "Difficulty", "Custom depth…")  # cancelled: unchanged
    assert app.controller.config.max_depth == 5
    assert app.vars["level"].get() == "custom"


def test_think_time_menu(make_app) -> None:
    app = make_app()
    difficulty = app.menus["Difficulty"]
    index = menu_index(app, "Difficulty", "Think time for large boards")
    think = difficulty.entrycget(index, "menu")
    difficulty.nametowidget(think).invoke(2)
    app.root.update()
    assert app.controller.config.think_time == 2.0


def test_board_size_change_rebuilds_the_grid(make_app) -> None:
    app = make_app(hotseat())
    for label, size, k in [
        ("4×4 (4 in a row)", 4, 4),
        ("9×9 (5 in a row)", 9, 5),
        ("7×7 (5 in a row)", 7, 5),
        ("3×3 (3 in a row)", 3, 3),
    ]:
        invoke_menu(app, "Board", label)
        assert len(app.cells) == size * size
        assert (app.controller.board.size, app.controller.board.win_length) == (size, k)
        assert wait(app.root, lambda n=size: all(c.winfo_viewable() for c in app.cells))
        widths = {cell.winfo_width() for cell in app.cells}
        heights = {cell.winfo_height() for cell in app.cells}
        assert max(widths) - min(widths) <= 1 and max(heights) - min(heights) <= 1
        assert abs(app.cells[0].winfo_width() - app.cells[0].winfo_height()) <= 2


def test_custom_board_dialog(make_app) -> None:
    app = make_app(hotseat())
    answers = iter([6, 5])
    app.ask_integer = lambda title, prompt, **limits: next(answers)
    invoke_menu(app, "Board", "Custom…")
    assert (app.controller.config.size, app.controller.config.win_length) == (6, 5)
    assert len(app.cells) == 36
    assert app.vars["board"].get() == "custom"


def test_theme_and_zoom(make_app, settings_path: Path) -> None:
    app = make_app()
    light = app.cells[0].cget("background")
    invoke_menu(app, "View", "Dark theme")
    assert app.cells[0].cget("background") != light
    assert app.settings.theme == "dark"
    invoke_menu(app, "View", "Larger")
    assert app.settings.zoom > 1
    press(app.root, "<Control-minus>")
    press(app.root, "<Control-minus>")
    assert app.settings.zoom < 1
    press(app.root, "<Control-0>")
    assert app.settings.zoom == 1
    assert json.loads(settings_path.read_text())["theme"] == "dark"


def test_glyphs_scale_with_the_window(make_app) -> None:
    app = make_app()
    app.root.geometry("400x460")
    sleep_pumping(app.root, 0.3)
    small = -app.cell_font.cget("size")
    app.root.geometry("800x860")
    assert wait(app.root, lambda: -app.cell_font.cget("size") > small * 1.5)


def test_help_menu_items_show_their_text(make_app) -> None:
    app = make_app()
    invoke_menu(app, "Help", "How to play")
    press(app.root, "<F1>")
    invoke_menu(app, "Help", "Keyboard shortcuts")
    invoke_menu(app, "Help", "About")
    titles = [title for title, _ in app.infos]
    assert titles == ["How to play", "How to play", "Keyboard shortcuts", "About"]
    assert "3 marks in a row" in app.infos[0][1]
    assert "Ctrl+Z" in app.infos[2][1]
    assert "negamax" in app.infos[3][1] and "alpha-beta" in app.infos[3][1]


def test_quit_menu_closes_the_window_and_saves(make_app, settings_path: Path) -> None:
    app = make_app(hotseat())
    invoke_menu(app, "Game", "Quit")
    with pytest.raises(tk.TclError):
        app.root.winfo_exists()
    assert json.loads(settings_path.read_text())["mode"] == "hotseat"


def test_keyboard_play(make_app) -> None:
    app = make_app(hotseat())
    app.cells[0].focus_force()
    assert wait(app.root, lambda: app.root.focus_get() is app.cells[0])
    app.cells[0].event_generate("<KeyPress>", keysym="5")
    app.root.update()
    assert app.controller.board[4] is Player.X  # 5 = the centre
    app.cells[0].event_generate("<KeyPress>", keysym="Right")
    app.root.update()
    assert app.root.focus_get() is app.cells[1]
    app.cells[1].event_generate("<KeyPress>", keysym="Down")
    app.root.update()
    assert app.root.focus_get() is app.cells[4]
    app.cells[4].event_generate("<KeyPress>", keysym="Down")
    app.root.update()
    app.root.focus_get().event_generate("<KeyPress>", keysym="Return")
    app.root.update()
    assert app.controller.board[7] is Player.O


def test_real_key_presses(make_app) -> None:
    app = make_app(hotseat())
    window = subprocess.check_output(
        ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Tic-tac-toe"], text=True,
        timeout=10,
    ).split()[0]
    app.cells[0].focus_force()
    app.root.update()
    for key in ("1", "ctrl+z", "9"):
        subprocess.run(
            ["xdotool", "windowfocus", "--sync", window, "key", key], check=True, timeout=10
        )
        sleep_pumping(app.root, 0.1)
    assert marks(app) == ".../.../..X"


def test_settings_round_trip(make_app, settings_path: Path) -> None:
    app = make_app(Settings(mode="hotseat"))
    invoke_menu(app, "Board", "5×5 (4 in a row)")
    invoke_menu(app, "View", "Dark theme")
    invoke_menu(app, "Mode", "Against the computer")
    invoke_menu(app, "Difficulty", "Hard")
    app.on_quit()
    saved = json.loads(settings_path.read_text())
    assert (saved["size"], saved["win_length"], saved["theme"]) == (5, 4, "dark")
    assert (saved["mode"], saved["level"]) == ("computer", "hard")


    settings, message, _ = load(settings_path)
    assert message is None
    again = make_app(settings)
    assert (again.controller.config.size, again.controller.config.level) == (5, "hard")
    assert again.vars["board"].get() == "5x4" and again.vars["theme"].get() == "dark"


def test_corrupt_settings_file_is_set_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"mode": "computer", "size": ')
    result = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--settings", str(path), "--smoke-test"],
        capture_output=True, text=True, timeout=60,
    )  # the smoke test ignores settings; check the real start-up below
    assert result.returncode == 0


    settings, message, can_save = load(path)
    assert settings == Settings() and can_save
    assert message and "could not be read" in message
    kept = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == '{"mode": "computer", "size": '
    assert not path.exists()


def test_corrupt_settings_message_shows_in_the_status_bar(make_app, tmp_path: Path) -> None:


    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe not json")
    settings, message, _ = load(path)
    app = make_app(settings)
    app.show_message(message)
    assert "could not be read" in app.status_label.cget("text")
    app.cells[4].invoke()
    assert app.controller.board[4] is Player.X


def test_window_stays_responsive_while_searching_9x9(make_app) -> None:
    app = make_app(Settings(mode="computer", human="O", size=9, win_length=5, think_time=1.0))
    beats: list[float] = []

    def heartbeat() -> None:
        beats.append(time.monotonic())
        if app.worker.is_busy or len(beats) < 3:
            app.root.after(10, heartbeat)

    app.root.after(10, heartbeat)
    wait_for_computer(app, timeout=10)
    gaps = [later - earlier for earlier, later in zip(beats, beats[1:])]
    # The event loop keeps running all through the search. This is a freeze
    # detector, not a timing target: benchmarks/ui.py measures the real gaps.
    assert len(beats) > 20, "the search finished too fast to measure anything"
    assert max(gaps) < 1.0, f"event loop stalled for {max(gaps) * 1000:.0f} ms"


def test_callback_errors_are_shown_and_the_app_keeps_running(make_app) -> None:
    app = make_app(hotseat())

    def broken() -> None:
        raise RuntimeError("boom")

    app.root.after(1, broken)
    sleep_pumping(app.root, 0.1)
    assert len(app.callback_errors) == 1
    assert app.errors and "boom" in app.errors[0][1]
    app.cells[4].invoke()
    assert app.controller.board[4] is Player.X
