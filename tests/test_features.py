"""Analysis view, computer vs computer, saved games, copy/paste and move history,
in a real Tk window (Xvfb)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import press, real_click, wait

from ttt_gui.app import App
from ttt_gui.board import Board, Player
from ttt_gui.controllers import Mode
from ttt_gui.engine import Engine, describe_score
from ttt_gui.settings import Settings, load


def hotseat(**changes) -> Settings:
    return Settings(mode="hotseat", **changes)


def texts(app: App) -> list[str]:
    return [cell.cget("text").replace("\n", " ") for cell in app.cells]


def analysis_shown(app: App) -> bool:
    return app.analysis is not None and app._analysis_generation == app.controller.generation


def test_analysis_overlay_on_the_empty_board_and_after_the_centre(make_app) -> None:
    app = make_app(hotseat())
    press(app.root, "<F5>")
    assert app.vars["analysis"].get()
    assert wait(app.root, lambda: analysis_shown(app), 5)
    assert texts(app) == ["draw"] * 9, "every first move on 3x3 draws"
    app.cells[4].invoke()
    assert wait(app.root, lambda: analysis_shown(app), 5)
    shown = texts(app)
    assert shown[4] == "X"
    assert [shown[c] for c in (0, 2, 6, 8)] == ["draw"] * 4, "O holds the draw in a corner"
    assert all(shown[c].startswith("loss in") for c in (1, 3, 5, 7)), "an edge loses"
    palette_bad = app.cells[1].cget("foreground")
    assert palette_bad != app.cells[0].cget("foreground")
    invoke = app.menus["View"]
    invoke.invoke(invoke.index("Show analysis"))
    app.root.update()
    assert not app.vars["analysis"].get()
    assert texts(app)[0] == ""


def test_analysis_matches_the_engine_and_the_hint(make_app) -> None:
    app = make_app(hotseat(analysis=True))
    for cell in (0, 4, 8):
        app.cells[cell].invoke()
    assert wait(app.root, lambda: analysis_shown(app), 5)
    expected = Engine().analyse(app.controller.board)
    for cell, score in expected.items():
        assert texts(app)[cell] == describe_score(score)
    press(app.root, "<Control-h>")
    best = max(expected.values())
    assert sorted(app.hint) == sorted(c for c, s in expected.items() if s == best)
    assert app.status_label.cget("text").startswith("Hint: ")


def test_analysis_on_a_large_board_is_marked_approximate(make_app) -> None:
    app = make_app(hotseat(analysis=True, size=9, win_length=5, think_time=0.5))
    app.cells[40].invoke()
    assert wait(app.root, lambda: analysis_shown(app), 10)
    assert not app.analysis.exact and app.analysis.depth >= 1
    assert "approximate, depth" in app.status_label.cget("text")
    assert sum(1 for text in texts(app) if text and text != "X") == 80


def test_a_click_is_never_delayed_by_the_analysis(make_app) -> None:
    app = make_app(hotseat(analysis=True, size=9, win_length=5, think_time=5.0))
    assert wait(app.root, lambda: app.worker.is_busy)
    real_click(app.cells[0])
    assert wait(app.root, lambda: app.controller.board[0] is Player.X, 2)


def test_perfect_against_perfect_is_a_draw(make_app) -> None:
    app = make_app(Settings(mode="watch", watch_delay=0))
    press(app.root, "<space>")
    assert wait(app.root, lambda: app.controller.board.is_over, 20)
    assert app.controller.board.winner is None
    assert app.status_label.cget("text") == "Draw."
    assert app.controller.tally() == {"X": 0, "O": 0, "draw": 1}
    assert app.controller.config.score_key.startswith("watch:")


def test_watch_mode_step_levels_and_pause(make_app) -> None:
    app = make_app(hotseat())
    mode = app.menus["Mode"]
    mode.invoke(mode.index("Computer vs computer"))
    assert app.controller.config.mode is Mode.WATCH
    x_menu = app.root.nametowidget(mode.entrycget(mode.index("X plays at"), "menu"))
    x_menu.invoke(x_menu.index("Easy"))
    assert app.controller.config.x_level == "easy"
    assert app.controller.engine().max_depth == 1
    assert "paused" in app.status_label.cget("text")
    press(app.root, "<Right>")
    assert wait(app.root, lambda: app.controller.board.move_count == 1, 5)
    app.cells[0].focus_force()
    app.root.update()
    app.cells[0].event_generate("<KeyPress>", keysym="Right")
    assert wait(app.root, lambda: app.controller.board.move_count == 2, 5)
    app.cells[8].invoke()  # nobody may play for the computers
    assert app.controller.board.move_count == 2


def save_to(app: App, path: Path) -> None:
    app.ask_save_path = lambda: path
    press(app.root, "<Control-s>")


def open_from(app: App, path: Path) -> None:
    app.ask_open_path = lambda: path
    app.menus["Game"].invoke(app.menus["Game"].index("Open…"))
    app.root.update()


def test_save_then_open_gives_the_same_game(make_app, tmp_path: Path) -> None:
    app = make_app(hotseat(size=4, win_length=4))
    for cell in (5, 0, 10, 15):
        app.cells[cell].invoke()
    path = tmp_path / "game.ttt"
    save_to(app, path)
    assert json.loads(path.read_text())["moves"] == ["b2", "a1", "c3", "d4"]
    board, moves = app.controller.board, list(app.controller.history.moves)
    app.menus["Board"].invoke(app.menus["Board"].index("3×3 (3 in a row)"))
    assert len(app.cells) == 9
    open_from(app, path)
    assert app.controller.board == board and app.controller.history.moves == moves
    assert len(app.cells) == 16 and app.controller.config.mode is Mode.HOTSEAT
    assert app.status_label.cget("text") == "Opened game.ttt: 4 moves."


BAD_FILES = {
    "not JSON": (b"{moves: [", "not valid JSON"),
    "not UTF-8": (b"\xff\xfe\x00{", "not UTF-8"),
    "wrong version": (b'{"format": "ttt-gui game", "version": 99, "size": 3}', "version"),
    "wrong type": (
        b'{"format": "ttt-gui game", "version": 1, "size": "3", "moves": []}',
        "'size' should be int",
    ),
    "moves not a list": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": "b2"}',
        "'moves' should be list",
    ),
    "impossible move": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["b2", "b2"]}',
        "move 2 (b2) is impossible",
    ),
    "off the board": (
        b'{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["z9"]}',
        "not a cell",
    ),
    "too large": (b"[" + b" " * 70_000 + b"]", "larger than"),
    "another JSON": (b'{"hello": "world"}', "not a saved tic-tac-toe game"),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_bad_files_are_refused_and_the_game_is_untouched(
    make_app, tmp_path: Path, kind: str
) -> None:
    content, message = BAD_FILES[kind]
    app = make_app(hotseat())
    for cell in (4, 0):
        app.cells[cell].invoke()
    before = (app.controller.board, list(app.controller.history.moves), app.controller.config)
    path = tmp_path / "bad.ttt"
    path.write_bytes(content)
    open_from(app, path)
    after = (app.controller.board, list(app.controller.history.moves), app.controller.config)
    assert after == before
    status = app.status_label.cget("text")
    assert status.startswith("Could not open bad.ttt") and message in status
    assert path.read_bytes() == content


def test_missing_file_is_reported(make_app, tmp_path: Path) -> None:
    app = make_app(hotseat())
    open_from(app, tmp_path / "gone.ttt")
    assert "cannot be read" in app.status_label.cget("text")


def test_copy_and_paste_a_position(make_app) -> None:
    app = make_app(hotseat())
    for cell in (4, 0, 8):
        app.cells[cell].invoke()
    press(app.root, "<Control-c>")
    assert app.root.clipboard_get() == "O../.X./..X"
    app.menus["Game"].invoke(app.menus["Game"].index("New game"))
    app.root.clipboard_clear()
    app.root.clipboard_append("x.o/.x./..o\n")
    press(app.root, "<Control-v>")
    assert str(app.controller.board) == "X.O/.X./..O"
    assert app.controller.board.turn is Player.X
    app.cells[1].invoke()
    assert app.controller.board[1] is Player.X
    app.root.clipboard_clear()
    app.root.clipboard_append("xxx/ooo/...")
    press(app.root, "<Control-v>")
    assert "Not a position: both players have a line" in app.status_label.cget("text")
    assert str(app.controller.board) == "XXO/.X./..O"


def test_paste_a_larger_board(make_app) -> None:
    app = make_app(hotseat())
    app.root.clipboard_clear()
    app.root.clipboard_append("...../..x../...../...../.....")
    app.menus["Edit"].invoke(app.menus["Edit"].index("Paste position"))
    app.root.update()
    assert len(app.cells) == 25 and app.controller.board.win_length == 4
    assert app.controller.board == Board.parse("...../..x../...../...../.....")


def test_move_history_panel_navigates_and_is_undo(make_app) -> None:
    app = make_app(hotseat())
    view = app.menus["View"]
    view.invoke(view.index("Move history"))
    app.root.update()
    assert app.history_panel.winfo_ismapped()
    for cell in (4, 0, 8, 2):
        app.cells[cell].invoke()
    listbox = app.history_list
    assert list(listbox.get(0, "end")) == ["Start", "1. X b2", "2. O a1", "3. X c3", "4. O c1"]
    listbox.selection_clear(0, "end")
    listbox.selection_set(2)
    listbox.event_generate("<<ListboxSelect>>")
    app.root.update()
    assert str(app.controller.board) == "O../.X./..."
    assert listbox.curselection() == (2,)
    press(app.root, "<Control-y>")  # redo walks the same list
    app.root.update()
    assert listbox.curselection() == (3,)
    press(app.root, "<Control-z>")
    app.cells[6].invoke()  # playing from an earlier move discards the later ones
    assert list(listbox.get(0, "end")) == ["Start", "1. X b2", "2. O a1", "3. X a3"]
    press(app.root, "<Control-z>")
    assert str(app.controller.board) == "O../.X./..."


def test_history_click_against_the_computer_stops_on_your_turn(make_app) -> None:
    app = make_app(Settings(mode="computer", human="X", history=True))
    app.cells[4].invoke()
    assert wait(app.root, lambda: app.controller.board.move_count == 2, 5)
    corner = next(c for c in (0, 2, 6, 8) if app.controller.board[c] is None)
    app.cells[corner].invoke()
    assert wait(app.root, lambda: app.controller.board.move_count == 4, 5)
    listbox = app.history_list
    listbox.selection_clear(0, "end")
    listbox.selection_set(3)  # your second move: the computer would answer it
    listbox.event_generate("<<ListboxSelect>>")
    app.root.update()
    assert app.controller.board.move_count == 2
    assert not app.controller.is_computer_turn and not app.worker.is_busy


def test_review_regressions_in_watch_mode(make_app) -> None:
    app = make_app(hotseat())
    app.cells[4].invoke()
    app.confirm = lambda title, text: False
    app.on_play_pause()  # declined: stays in hot-seat, nothing runs
    assert app.controller.config.mode is Mode.HOTSEAT and not app.watch_running
    app.confirm = lambda title, text: True
    app.on_play_pause()
    assert app.controller.config.mode is Mode.WATCH
    app.on_play_pause()  # pause
    moves = app.controller.board.move_count
    app.cells[0].focus_force()
    app.root.update()
    app.cells[0].event_generate("<KeyPress>", keysym="space")  # play, not a click on a cell
    app.root.update()
    assert app.watch_running
    assert "computer plays both sides" not in app.status_label.cget("text")
    app.on_play_pause()
    app.cancel_search()
    app.vars["analysis"].set(True)
    app.on_analysis()  # analysis runs while paused
    assert wait(app.root, lambda: analysis_shown(app), 5)
    assert app.controller.board.move_count >= moves


def test_settings_that_do_not_change_the_game_keep_it(make_app) -> None:
    app = make_app(hotseat())
    app.cells[4].invoke()
    asked = []
    app.confirm = lambda title, text: asked.append(text) or True
    difficulty = app.menus["Difficulty"]
    difficulty.invoke(difficulty.index("Easy"))  # no computer in hot-seat
    think = app.root.nametowidget(
        difficulty.entrycget(difficulty.index("Think time for large boards"), "menu")
    )
    think.invoke(3)
    assert app.controller.board.move_count == 1 and asked == []
    assert app.controller.config.level == "easy" and app.controller.config.think_time == 5.0


def test_pasting_a_smaller_board_drops_a_custom_depth(make_app, settings_path: Path) -> None:
    app = make_app(hotseat(size=4, win_length=4, depth=12))
    app.root.clipboard_clear()
    app.root.clipboard_append("x../.../...")
    press(app.root, "<Control-v>")
    assert app.controller.config.size == 3 and app.controller.config.depth is None
    settings, message, _ = load(settings_path)
    assert message is None and settings.size == 3 and settings.depth is None


def test_an_opened_finished_game_never_counts(make_app, tmp_path: Path) -> None:
    app = make_app(hotseat())
    for cell in (0, 3, 1, 4, 2):
        app.cells[cell].invoke()
    assert app.controller.tally()["X"] == 1
    path = tmp_path / "won.ttt"
    save_to(app, path)
    open_from(app, path)
    press(app.root, "<Control-z>")
    press(app.root, "<Control-y>")
    assert app.controller.board.winner is Player.X
    assert app.controller.tally()["X"] == 1


def test_custom_board_of_a_standard_shape_selects_it_in_the_menu(make_app) -> None:
    app = make_app(hotseat())
    answers = iter([3, 3])
    app.ask_integer = lambda title, prompt, **limits: next(answers)
    app.menus["Board"].invoke(app.menus["Board"].index("Custom…"))
    assert app.vars["board"].get() == "3x3"
