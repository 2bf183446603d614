"""The window as a desktop game under a real window manager: closing while a
dialog is open, focus at launch, a window that stays where it is put, dark
menus, the shortcuts window, readable messages and labels, zoomed text."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from tkinter import ttk

import pytest
from conftest import (
    eventually,
    finish,
    invoke,
    launch_game,
    move_pointer_away,
    shows_colour,
    sleep_pumping,
    start_game,
    wait,
    xdotool,
)

from ttt_gui.app.key_names import shortcut_rows
from ttt_gui.cli.smoke import pump_until
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.engine import MoveAnalysis
from ttt_gui.gui.tk_dialogs import TkDialogs
from ttt_gui.gui.window import Window
from ttt_gui.storage.games import SavedGame, read_game, write_game
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame, unfinished_folder
from ttt_gui.theme import PALETTES

ROOT = Path(__file__).resolve().parents[2]


def when_a_dialog_shows(window: Window, inspect: Callable[[tk.Toplevel], None]) -> None:
    """Call ``inspect(dialog)`` from the event loop once a dialog of the
    window is on screen (the dialog's own loop runs meanwhile)."""

    def look() -> None:
        dialogs = [w for w in window.root.winfo_children() if isinstance(w, tk.Toplevel)]
        if dialogs and dialogs[0].winfo_viewable():
            inspect(dialogs[0])
        else:
            window.root.after(50, look)

    window.root.after(50, look)


def visible_window(name: str) -> str:
    return xdotool("search", "--sync", "--onlyvisible", "--name", name).split()[0]


def visible_windows(name: str) -> list[str]:
    """The visible X windows named ``name`` now (a pattern), perhaps none."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", name],
        capture_output=True,
        text=True,
        timeout=10,
    )
    return found.stdout.split()


@pytest.mark.slow  # a whole process; test_window_closing's resume after a close covers it
def test_closing_with_a_game_in_progress_keeps_it_for_the_next_start(
    tmp_path: Path, window_manager: None
) -> None:
    """At launch a cell has the keyboard focus: Return plays it. Closing then
    asks nothing: the game is kept, and the next start plays on from it."""
    process, window, path = start_game(tmp_path, Settings(GameConfig(mode=Mode.HOTSEAT)))
    folder = unfinished_folder(path)
    colours = PALETTES["light"]
    try:
        xdotool("windowactivate", "--sync", window)
        assert eventually(lambda: shows_colour(window, colours["focus"])), "no cell has focus"
        assert not shows_colour(window, colours["X"])
        xdotool("key", "Return")  # to whatever has the focus: the centre cell
        assert eventually(lambda: shows_colour(window, colours["X"])), "X was not played"
        subprocess.run(["wmctrl", "-i", "-c", window], check=True, timeout=10)
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0 and stderr == "" and stdout == ""
    (kept,) = folder.glob("*.ttt")
    assert read_game(kept).moves == (4,)
    process, window = launch_game(path)
    try:
        assert not kept.exists(), "taken back by the new window"
        xdotool("windowactivate", "--sync", window)
        assert eventually(lambda: shows_colour(window, colours["focus"])), "no cell has focus"
        assert not shows_colour(window, colours["O"])
        xdotool("key", "Escape", "Down", "Return")  # O below the centre
        assert eventually(lambda: shows_colour(window, colours["O"])), "O was not played"
        xdotool("key", "ctrl+q")
    finally:
        stdout, stderr = finish(process)
    assert process.returncode == 0 and stderr == "" and stdout == ""
    (kept,) = folder.glob("*.ttt")
    assert read_game(kept).moves == (4, 7), "played on from the kept game, kept again"


def test_the_window_stays_where_it_was_put(
    make_window, window_manager: None, exhaustive: bool
) -> None:
    """Each resize leaves the window where it was: a zoom, a larger board, the
    move list; with --slow also the zoom back and the smaller board again."""
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    root = window.root
    root.geometry("+220+40")
    # Placed there by the window manager: its frame at 220, 40, the window
    # within it (by the frame's border and title bar).
    assert wait(
        root, lambda: 220 <= root.winfo_rootx() <= 270 and 40 <= root.winfo_rooty() <= 140
    ), (root.winfo_rootx(), root.winfo_rooty())
    place = (root.winfo_rootx(), root.winfo_rooty())
    steps: list[tuple[str, tuple[object, ...]]] = [
        ("zoom_in", ()),
        ("set_board", (Shape(5, 5, 4),)),
        ("toggle_history", ()),
    ]
    if exhaustive:
        steps += [("zoom_out", ()), ("set_board", (Shape(3, 3, 3),))]
    for action, arguments in steps:
        window.run(action, *arguments)
        sleep_pumping(root, 0.4)  # what is checked: the window does not move meanwhile
        assert (root.winfo_rootx(), root.winfo_rooty()) == place, action


def test_a_smaller_board_keeps_the_size_the_person_chose(
    make_window, window_manager: None
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    root = window.root
    root.geometry("900x700")
    assert wait(root, lambda: (root.winfo_width(), root.winfo_height()) == (900, 700))
    window.run("set_board", Shape(4, 4, 4))
    sleep_pumping(root, 0.5)  # what is checked: the size does not change meanwhile
    assert (root.winfo_width(), root.winfo_height()) == (900, 700)


def test_the_dark_theme_colours_every_menu_and_its_selection_marks(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    window.run("set_theme", "dark")
    colours = PALETTES["dark"]
    menus = [window.menubar.bar, *window.menubar.menus.values()]
    assert len(menus) > 8, "submenus included"
    for menu in menus:
        assert str(menu.cget("background")) == colours["background"], menu
        assert str(menu.cget("foreground")) == colours["text"], menu
        assert str(menu.cget("selectcolor")) == colours["text"], menu
    style = ttk.Style(window.root)
    assert str(style.lookup("Horizontal.TProgressbar", "troughcolor")) == colours["cell"]


def test_the_shortcuts_window_is_two_aligned_columns_and_escape_closes_it(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), dialogs=None)
    dialogs = TkDialogs(window.root)
    found: dict[str, object] = {}

    def inspect(table: tk.Toplevel) -> None:
        frame = table.winfo_children()[0]
        labels = [w for w in frame.winfo_children() if w.winfo_class() == "TLabel"]
        found["left"] = {w.winfo_x() for w in labels if int(w.grid_info()["column"]) == 0}
        found["right"] = {w.winfo_x() for w in labels if int(w.grid_info()["column"]) == 1}
        found["texts"] = [str(w.cget("text")) for w in labels]
        named = visible_window("^Keyboard shortcuts$")
        xdotool("windowfocus", "--sync", named, "key", "Escape")
        window.root.after(5000, give_up, table)  # Escape closes it long before

    def give_up(table: tk.Toplevel) -> None:
        if table.winfo_exists():
            found["escaped"] = False
            table.destroy()

    when_a_dialog_shows(window, inspect)
    dialogs.show_table("Keyboard shortcuts", shortcut_rows())
    assert "escaped" not in found, "Escape closed the window"
    assert len(found["left"]) == 1 and len(found["right"]) == 1, "each column is aligned"  # type: ignore[arg-type]
    texts = found["texts"]
    assert isinstance(texts, list) and "Ctrl+Z" in texts and "Undo" in texts


def test_analysis_words_grow_back_when_the_window_grows(make_window) -> None:
    """Small cells show short forms ("O++"); once the window is enlarged the
    same cells show the words ("O is better") again."""
    window: Window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT, rows=9, cols=9, win_length=5))
    )
    root, presenter = window.root, window.presenter
    window.run("play", 40)
    empty = [cell for cell in range(81) if presenter.session.board[cell] is None]
    presenter.session.analysis = MoveAnalysis(
        {cell: 100 for cell in empty}, depth=3, exact=False, best=[empty[0]]
    )
    presenter.settings.analysis = True  # shown, without starting a search
    window.refresh()

    def notes() -> list[str]:
        found = []
        for canvas in window.board.cells:
            for item in canvas.find_all():
                if canvas.type(item) == "text":
                    found.append(str(canvas.itemcget(item, "text")))
        return found

    root.geometry("470x340")
    assert wait(root, lambda: notes() == ["O++"] * 80, 5), notes()
    root.geometry("1000x1000")
    assert wait(root, lambda: notes() == ["O is\nbetter"] * 80, 5), notes()


def test_zoom_scales_the_status_and_score_text(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    before = abs(int(window.text_font.actual("size")))
    window.run("zoom_in")
    window.run("zoom_in")
    move_pointer_away()
    assert abs(int(window.text_font.actual("size"))) > before
    assert window.turn_field.message_label.cget("font") == str(window.text_font)


def run_form(window: Window, answer: object, fill: list[str]) -> dict[str, object]:
    """Open a number form (``answer()`` shows it), type ``fill`` into its fields
    one by one, note what it says after each, then accept it."""
    seen: dict[str, object] = {"problems": [], "enabled": [], "labels": []}

    def inspect(form: tk.Toplevel) -> None:
        frame = form.winfo_children()[0]
        boxes = [w for w in frame.winfo_children() if isinstance(w, ttk.Spinbox)]
        labels = [w for w in frame.winfo_children() if isinstance(w, ttk.Label)]
        ok = next(w for w in frame.winfo_children() if isinstance(w, ttk.Button))
        seen["labels"] = [str(label.cget("text")) for label in labels[:-1]]
        for values in fill:
            for box, value in zip(boxes, values.split()):
                box.delete(0, "end")
                box.insert(0, value)
            seen["problems"].append(str(labels[-1].cget("text")))  # type: ignore[attr-defined]
            seen["enabled"].append(not ok.instate(["disabled"]))  # type: ignore[attr-defined]
        ok.invoke()

    when_a_dialog_shows(window, inspect)
    seen["answer"] = answer()  # type: ignore[operator]
    return seen


def test_the_custom_board_form_says_what_is_wrong_as_you_type(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    dialogs = TkDialogs(window.root)
    seen = run_form(
        window, lambda: dialogs.ask_board(Shape(3, 3, 3)), ["6 16 5", "6 4 7", "x 3 3", "7 6 4"]
    )
    assert [str(label) for label in seen["labels"]][:2] == [  # type: ignore[attr-defined]
        "Columns, across (3 to 15):",
        "Rows, down (3 to 15):",
    ], "asked in the order boards are named: columns × rows"
    assert seen["problems"] == [
        "Columns and rows are 3 to 15 each.",
        "On a 6×4 board, 3 to 6 in a row can win.",
        "Type whole numbers only.",
        "",
    ]
    assert seen["enabled"] == [False, False, False, True]
    assert seen["answer"] == (6, 7, 4, False, False, False)


def test_the_custom_board_form_ticks_gravity_and_misere(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    dialogs = TkDialogs(window.root)
    labels: list[str] = []

    def tick_the_first_two(form: tk.Toplevel) -> None:
        frame = form.winfo_children()[0]
        boxes = [w for w in frame.winfo_children() if isinstance(w, ttk.Checkbutton)]
        labels.extend(str(box.cget("text")) for box in boxes)
        for box in boxes[:2]:
            box.invoke()
        next(w for w in frame.winfo_children() if isinstance(w, ttk.Button)).invoke()

    when_a_dialog_shows(window, tick_the_first_two)
    assert dialogs.ask_board(Shape(6, 7, 4, gravity=True)) == Shape(6, 7, 4, misere=True)
    assert labels == [
        "Gravity: a mark drops to the bottom of its column",
        "Misère: whoever completes a line loses",
        "Exact (a longer line does not win)",
    ]


def test_the_custom_board_form_keeps_the_exact_rule_apart_from_the_others(
    make_window,
) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    dialogs = TkDialogs(window.root)
    seen: dict[str, list[object]] = {"problems": [], "enabled": []}

    def tick_exact_then_untick_gravity(form: tk.Toplevel) -> None:
        frame = form.winfo_children()[0]
        gravity, _, exact = [w for w in frame.winfo_children() if isinstance(w, ttk.Checkbutton)]
        ok = next(w for w in frame.winfo_children() if isinstance(w, ttk.Button))
        problem = [w for w in frame.winfo_children() if isinstance(w, ttk.Label)][-1]
        for box in (exact, gravity):
            box.invoke()
            seen["problems"].append(str(problem.cget("text")))
            seen["enabled"].append(not ok.instate(["disabled"]))
        ok.invoke()

    when_a_dialog_shows(window, tick_exact_then_untick_gravity)
    answer = dialogs.ask_board(Shape(6, 7, 4, gravity=True))
    assert seen["problems"] == ["The exact rule goes with neither gravity nor misère.", ""]
    assert seen["enabled"] == [False, True]
    assert answer == Shape(6, 7, 4, exact=True)


def test_a_number_question_says_the_range_in_words(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    dialogs = TkDialogs(window.root)
    seen = run_form(
        window, lambda: dialogs.ask_integer("Custom depth", "Depth:", 9, 1, 9), ["0", "4"]
    )
    assert seen["problems"] == ["Choose a number from 1 to 9.", ""]
    assert seen["answer"] == 4


def fits_the_screen(root: tk.Misc) -> bool:
    """Whether the whole window is no larger than the screen."""
    return (
        root.winfo_width() <= root.winfo_screenwidth()
        and root.winfo_height() <= root.winfo_screenheight()
    )


def test_a_saved_window_larger_than_the_screen_opens_within_it(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT), window="40000x40000"))
    root = window.root
    assert wait(root, lambda: fits_the_screen(root)), (root.winfo_width(), root.winfo_height())


def test_the_largest_zoom_on_9x9_stays_within_the_screen(make_window) -> None:
    window: Window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT, rows=9, cols=9, win_length=5))
    )
    root = window.root
    for _ in range(12):
        window.run("zoom_in")
    assert window.presenter.settings.zoom == 3.0
    assert wait(root, lambda: fits_the_screen(root)), (root.winfo_width(), root.winfo_height())


#: A program that takes the clipboard, then either answers requests for it
#: (runs its event loop) or stops answering (sleeps, as a hung program does).
CLIPBOARD_OWNER = """
import sys, time, tkinter
root = tkinter.Tk()
root.withdraw()
root.clipboard_clear()
root.clipboard_append("x../.o./...")
root.update()
print("owner ready", flush=True)
if sys.argv[1] == "answers":
    root.after(30000, root.destroy)
    root.mainloop()
else:
    time.sleep(30)
"""


def start_clipboard_owner(behaviour: str) -> subprocess.Popen[str]:
    owner = subprocess.Popen(
        [sys.executable, "-c", CLIPBOARD_OWNER, behaviour], stdout=subprocess.PIPE, text=True
    )
    assert owner.stdout is not None and owner.stdout.readline() == "owner ready\n"
    return owner


def status_text(window: Window) -> str:
    return str(window.turn_field.message_label.cget("text"))


@pytest.mark.slow
def test_a_clipboard_owner_that_never_answers_does_not_freeze_the_window(
    make_window: Callable[..., Window],
) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    owner = start_clipboard_owner("hangs")
    try:
        beats: list[float] = []

        def beat() -> None:
            beats.append(time.monotonic())
            window.root.after(20, beat)

        beat()
        started = time.monotonic()
        window.run("paste_position")
        returned = time.monotonic() - started
        assert pump_until(window.root, lambda: "did not answer" in status_text(window), 15)
        gaps = [later - earlier for earlier, later in zip(beats, beats[1:], strict=False)]
    finally:
        owner.kill()
        owner.wait()
    assert returned < 1.0, f"the paste command held the window for {returned:.1f} s"
    assert max(gaps) < 1.0, f"the window stopped for {max(gaps):.1f} s"
    assert str(window.presenter.session.board) == ".../.../...", "nothing was pasted"
    assert window.callback_errors == [] and window.presenter.errors == []


def test_the_clipboard_of_another_program_is_pasted(make_window: Callable[..., Window]) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    owner = start_clipboard_owner("answers")
    try:
        window.run("paste_position")
        assert pump_until(
            window.root, lambda: str(window.presenter.session.board) == "X../.O./...", 10
        ), status_text(window)
    finally:
        owner.kill()
        owner.wait()


def test_game_resume_opens_the_kept_game_chosen_with_the_keys(make_window, settings_path) -> None:
    folder = unfinished_folder(settings_path)
    folder.mkdir(parents=True)
    for name, moves, age in (("newer", (0,), 60), ("older", (4, 8), 120), ("old", (2,), 180)):
        write_game(folder / f"{name}.ttt", SavedGame(GameConfig(mode=Mode.HOTSEAT), moves, None))
        os.utime(folder / f"{name}.ttt", (time.time() - age,) * 2)
    window: Window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT)),
        real_dialogs=True,
        unfinished=UnfinishedGame(folder),
    )
    menu, index = window.menubar.find("resume_kept", None)
    assert menu.entrycget(index, "state") == "normal"
    seen: list[str] = []

    def choose(dialog: tk.Toplevel) -> None:
        games = next(
            w for w in dialog.winfo_children()[0].winfo_children() if isinstance(w, tk.Listbox)
        )
        seen.extend(games.get(0, "end"))
        games.focus_force()
        games.event_generate("<Down>")
        games.event_generate("<Return>")

    when_a_dialog_shows(window, choose)
    invoke(window, "resume_kept")
    assert len(seen) == 3 and "2 moves" in seen[1]
    assert window.presenter.session.history.moves == [4, 8]
    assert not (folder / "older.ttt").exists()
    assert "Resumed" in window.turn_field.message_label.cget("text")
    assert menu.entrycget(index, "state") == "normal", "two games are still kept"

    def listbox(dialog: tk.Toplevel) -> tk.Listbox:
        frame = dialog.winfo_children()[0]
        return next(w for w in frame.winfo_children() if isinstance(w, tk.Listbox))

    def cancel(dialog: tk.Toplevel) -> None:
        listbox(dialog).focus_force()
        listbox(dialog).event_generate("<Escape>")

    when_a_dialog_shows(window, cancel)
    invoke(window, "resume_kept")
    assert window.presenter.session.history.moves == [4, 8]

    def agree(dialog: tk.Toplevel) -> None:
        frame = dialog.winfo_children()[0]
        buttons = [w for w in frame.winfo_children() if isinstance(w, ttk.Button)]
        next(button for button in buttons if button.cget("text") == "Discard").invoke()

    def discard(dialog: tk.Toplevel) -> None:
        listbox(dialog).focus_force()
        listbox(dialog).event_generate("<Delete>")  # the first: the newest
        when_a_dialog_shows(window, agree)

    when_a_dialog_shows(window, discard)
    invoke(window, "resume_kept")
    assert not (folder / "newer.ttt").exists() and (folder / "old.ttt").exists()
    assert window.presenter.session.history.moves == [4, 8]


def test_check_items_show_a_box_also_when_off(make_window: Callable[..., Window]) -> None:
    window = make_window(Settings(analysis=False, history=False))
    checks = [
        (menu, index)
        for menu, index, item in window.menubar.entries
        if menu.type(index) == "checkbutton"
    ]
    assert checks
    for menu, index in checks:
        off, on = menu.entrycget(index, "image"), menu.entrycget(index, "selectimage")
        assert off and on and off != on, menu.entrycget(index, "label")
        # The box's top-left corner is drawn, not transparent.
        assert not menu.tk.getboolean(menu.tk.call(off, "transparency", "get", 0, 0))
    analysis = window.menubar.find("toggle_analysis")
    assert window.menubar.variables["analysis"].get() is False
    assert analysis[0].entrycget(analysis[1], "image")
