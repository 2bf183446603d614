"""No English left: the window started in a language shows no English words.

The pseudo language is made from the template when the test runs: every
message marked (``⟦…⟧``), ~40% longer and in letters outside ASCII, its
placeholders kept (:func:`catalogues.pseudo`). In it, an ASCII letter
anywhere in the window (names and coordinates aside) is a word that never
went through the words door, or was made before the language was chosen.
The menus (every cascade), the toolbar, the turn field, the message line
and scores, the New game page, the move list and the analysis are read in a
few states: a game played to a win, a hint, the analysis on.

Each shipped catalogue (compiled when the test runs) is checked the same
way under --slow: a text shown that is the English of a message the
catalogue translates otherwise is English left.
"""

from __future__ import annotations

import re
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from catalogues import PSEUDO_LANGUAGE, compile_po_file, compile_pseudo_catalogue
from conftest import wait

from ttt_gui import PROGRAM_NAME
from ttt_gui.app.new_game import CUSTOM
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.gui.control_style import text_width
from ttt_gui.gui.tk_dialogs import TkDialogs, file_types
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.words import LANGUAGE_NAMES, LOCALE_DIR_VARIABLE, install_language, mnemonic

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "ttt_gui" / "locale" / "ttt_gui.pot"
SHIPPED = sorted((ROOT / "ttt_gui" / "locale").glob("*/LC_MESSAGES/ttt_gui.po"))

#: Words that are names in every language: the players, the game's program
#: name, the keys as keyboards print them (Ctrl+Z, F2), the languages' own
#: names (View › Language, the pseudo language by its code), single letters
#: (the columns' coordinates) and numbers with a letter (a cell: "b2").
ALLOWED = re.compile(
    r"(?<![A-Za-z])(?:X|O|Gomoku|ttt-gui|ttt_gui|"
    + re.escape(PROGRAM_NAME)
    + r"|Ctrl|Cmd|Shift|Alt|Esc|"
    + re.escape(PSEUDO_LANGUAGE)
    + "|"
    # longest first: "English (UK)" whole, not "English" and then "UK"
    + "|".join(re.escape(name) for name in sorted(LANGUAGE_NAMES.values(), key=len, reverse=True))
    + r"|[A-Za-z]?\d+|[A-Za-z])(?![A-Za-z])"
)
#: A shown text: (where, text).
Shown = tuple[str, str]


def menu_texts(menu: tk.Menu, where: str) -> Iterator[Shown]:
    """The label and key of every entry of ``menu`` and of its cascades, recursively."""
    last = menu.index("end")
    for index in range(0 if last is None else last + 1):
        if menu.type(index) in ("separator", "tearoff"):
            continue
        label = str(menu.entrycget(index, "label"))
        yield f"{where} › {label}", label
        if menu.type(index) != "cascade" and menu.entrycget(index, "accelerator"):
            yield f"{where} › {label} (key)", str(menu.entrycget(index, "accelerator"))
        if menu.type(index) == "cascade":
            submenu = menu.nametowidget(menu.entrycget(index, "menu"))
            yield from menu_texts(submenu, f"{where} › {label}")


def widget_texts(widget: tk.Misc) -> Iterator[Shown]:
    """Every text of ``widget`` and the widgets in it: labels, buttons, a
    combobox's list, a list box's lines, a canvas's words."""
    name = str(widget)
    text = str(widget.cget("text")) if "text" in widget.keys() else ""  # not -textvariable
    if text:
        yield name, text
    if isinstance(widget, ttk.Combobox):
        yield from ((f"{name} (list)", str(value)) for value in widget.cget("values"))
    if isinstance(widget, tk.Listbox):
        yield from ((f"{name} (line)", str(line)) for line in widget.get(0, "end"))
    if isinstance(widget, tk.Canvas):
        for item in widget.find_all():
            if widget.type(item) == "text":
                yield f"{name} (drawn)", str(widget.itemcget(item, "text"))
    for child in widget.winfo_children():
        if not isinstance(child, tk.Menu):
            yield from widget_texts(child)


def window_texts(window: Window, state: str) -> list[Shown]:
    """Everything the window shows in words now, named by ``state`` and place."""
    window.root.update()
    shown = [("title", window.root.title())]
    shown += menu_texts(window.menubar.bar, "menu")
    shown += widget_texts(window.root)
    return [(f"{state}: {where}", text) for where, text in shown]


def english_letters(text: str) -> bool:
    """Whether ``text`` has an ASCII letter outside the names allowed."""
    return re.search(r"[A-Za-z]", ALLOWED.sub(" ", text)) is not None


def play_through(window: Window, look: Callable[[str], None]) -> None:
    """Put the window through the states the check reads, calling ``look``
    with each state's name: the start, the New game page (a custom board),
    the analysis on, a hint, the move list, a game won and reviewed, misère,
    gravity, computer vs computer."""
    presenter = window.presenter
    look("start")
    window.run("show_new_game")
    window.run("page_choose", "board", CUSTOM)
    window.run("page_choose", "gravity", True)
    look("new game page")
    window.run("page_back")
    window.run("toggle_analysis")
    wait(window.root, lambda: any(cell.note for cell in presenter.view().cells), 10)
    look("analysis")
    window.run("hint")
    wait(window.root, lambda: not presenter.is_working or presenter.shows_hint, 10)
    look("hint")
    window.run("toggle_history")
    for cell in (0, 3, 1, 4, 2):
        window.run("play", cell)
    wait(window.root, lambda: presenter.session.board.outcome is not None, 10)
    look("won")
    window.run("review_game")
    wait(window.root, lambda: not presenter.is_working, 10)
    look("reviewed")
    window.run("set_board", Shape(3, 3, 3, misere=True))
    window.run("play", 4)
    look("misère")
    window.run("set_board", Shape(4, 4, 3, gravity=True))
    window.run("play", 3)
    wait(window.root, lambda: any(cell.note for cell in presenter.view().cells), 10)
    look("gravity")
    window.run("set_mode", Mode.WATCH.value)
    look("computer vs computer")
    window.run("show_new_game")
    look("new game page, computer vs computer")
    window.run("page_back")


def read_through(window: Window) -> tuple[list[Shown], list[str]]:
    """Every text the window shows and every layout problem, in each state
    :func:`play_through` takes it to."""
    shown: list[Shown] = []
    problems: list[str] = []

    def look(state: str) -> None:
        shown.extend(window_texts(window, state))
        problems.extend(layout_problems(window, state))

    play_through(window, look)
    return shown, problems


@pytest.fixture
def speaking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Installs a language from a locale folder of the test's own; English after."""
    folder = tmp_path / "locale"
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))

    def install(language: str) -> None:
        assert install_language([language]).code == language

    yield install
    install_language([])


def test_in_the_pseudo_language_no_english_is_left_and_nothing_is_clipped(
    make_window, tmp_path: Path, speaking: Callable[[str], None]
) -> None:
    compile_pseudo_catalogue(tmp_path / "locale", TEMPLATE)
    speaking(PSEUDO_LANGUAGE)
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    shown, problems = read_through(window)
    left = sorted({f"{where}: {text!r}" for where, text in shown if english_letters(text)})
    assert not left, "English left:\n" + "\n".join(left)
    assert not problems, "clipped:\n" + "\n".join(sorted(set(problems)))
    assert window.callback_errors == []


def english_of(po_path: Path) -> tuple[list[re.Pattern[str]], list[re.Pattern[str]]]:
    """Patterns of the English of the template's messages as shown (without
    ``&``, placeholders standing for anything): those ``po_path`` translates
    into other words, and those it lacks (the catalogue check's business:
    a text that may be one of them is not counted here)."""
    from babel.messages.pofile import read_po

    with po_path.open("rb") as file:
        catalogue = read_po(file)
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    translated: list[re.Pattern[str]] = []
    lacking: list[re.Pattern[str]] = []
    for message in template:
        found = catalogue.get(message.id, message.context)
        strings = () if found is None else found.string
        strings = strings if isinstance(strings, tuple | list) else (strings,)
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        for english in ids:
            if not english or english in strings:  # the same in this language
                continue
            shown = mnemonic(english)[0]
            words = re.sub(r"\{[^{}]*\}", "", shown)
            if len(re.findall(r"[A-Za-z]", words)) < 3 or not english_letters(words):
                continue
            parts = re.split(r"\{[^{}]*\}", shown)
            pattern = re.compile(".+?".join(re.escape(part) for part in parts))
            (translated if strings and all(strings) else lacking).append(pattern)
    return translated, lacking


@pytest.mark.slow
@pytest.mark.parametrize("po_path", SHIPPED, ids=[path.parent.parent.name for path in SHIPPED])
def test_in_each_shipped_language_no_english_is_left(
    make_window, tmp_path: Path, speaking: Callable[[str], None], po_path: Path
) -> None:
    speaking(compile_po_file(tmp_path / "locale", po_path))
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    shown, problems = read_through(window)
    translated, lacking = english_of(po_path)

    def is_english_left(line: str) -> bool:
        return any(pattern.fullmatch(line) for pattern in translated) and not any(
            pattern.fullmatch(line) for pattern in lacking
        )

    left = sorted(
        {
            f"{where}: {text!r}"
            for where, text in shown
            for line in text.splitlines()
            if is_english_left(line.strip())
        }
    )
    assert not left, "English left:\n" + "\n".join(left)
    assert not problems, "clipped:\n" + "\n".join(sorted(set(problems)))


# -- layouts that hold: the pseudo language's longer words fit --------------------------


def clipped(widget: tk.Misc) -> Iterator[str]:
    """Where ``widget`` or a widget in it shows less than its words: narrower or
    lower than it asks, reaching out of its window, a combobox narrower than
    an entry of its list, words drawn on a canvas past its edges."""
    window_right = widget.winfo_toplevel().winfo_rootx() + widget.winfo_toplevel().winfo_width()
    if widget.winfo_ismapped() and not isinstance(widget, tk.Canvas | tk.Listbox):
        name, width, height = str(widget), widget.winfo_width(), widget.winfo_height()
        asks = widget.winfo_reqwidth(), widget.winfo_reqheight()
        is_fixed = isinstance(widget, tk.Frame) and not widget.grid_propagate()
        if not is_fixed and (asks[0] > width + 1 or asks[1] > height + 1):
            yield f"{name}: {width}x{height} of {asks[0]}x{asks[1]} ({_text(widget)!r})"
        if widget.winfo_rootx() + width > window_right + 1:
            yield f"{name}: reaches {widget.winfo_rootx() + width - window_right} px out"
        if isinstance(widget, ttk.Combobox):
            room = width - 20  # the arrow's
            if text_width(widget, widget.get()) > room:
                yield f"{name}: {widget.get()!r} wider than its box ({width} px)"
            offset = ttk.Style(widget).lookup(str(widget.cget("style")), "postoffset")
            extra = int(widget.tk.splitlist(offset)[2]) if offset else 0
            for value in widget.cget("values"):
                if text_width(widget, str(value)) > room + extra:
                    yield f"{name}: {value!r} wider than its list ({room + extra} px)"
    if isinstance(widget, tk.Canvas) and widget.winfo_ismapped():
        for item in widget.find_all():
            if widget.type(item) == "text" and widget.itemcget(item, "text"):
                left, top, right, bottom = widget.bbox(item)
                if left < 0 or top < 0 or right > widget.winfo_width() + 1:
                    words = widget.itemcget(item, "text")
                    yield f"{widget}: {words!r} drawn past its edges"
    for child in widget.winfo_children():
        if not isinstance(child, tk.Menu | tk.Toplevel):
            yield from clipped(child)


def layout_problems(window: Window, state: str) -> list[str]:
    """What does not fit in the window now (see :func:`clipped`), the menu bar
    wrapping onto a second line among it, named by ``state``."""
    root = window.root
    root.update()
    found = [f"{state}: {where}" for where in clipped(root)]
    if window.menubar.bar.winfo_reqwidth() > root.winfo_width():
        found.append(f"{state}: the menu bar wraps ({window.menubar.bar.winfo_reqwidth()} px)")
    return found


def _text(widget: tk.Misc) -> str:
    return str(widget.cget("text")) if "text" in widget.keys() else ""


# -- the dialogs: the Tk ones, and what the game asks them --------------------------------


def dialog_texts(root: tk.Misc, open_dialog: Callable[[], object]) -> list[Shown]:
    """The words of the dialog ``open_dialog`` opens (modal: they are read
    once it shows, then it is closed as by its close button)."""
    shown: list[Shown] = []
    is_open, tries = [True], iter(range(100))

    def read_and_close() -> None:
        dialogs = [child for child in root.winfo_children() if isinstance(child, tk.Toplevel)]
        if not is_open[0]:
            return
        settled = bool(dialogs) and dialogs[-1].winfo_viewable()
        if settled:  # laid out for what it shows (a text window fits its text once mapped)
            settled = not any(clipped(dialogs[-1]))
        if not settled and next(tries, None) is not None:
            root.after(20, read_and_close)
            return
        dialog = dialogs[-1]
        shown.append(("title", dialog.title()))
        shown.extend(widget_texts(dialog))
        shown.extend(("clipped", where) for where in clipped(dialog))
        dialog.tk.call(dialog.protocol("WM_DELETE_WINDOW"))

    root.after(20, read_and_close)
    open_dialog()
    is_open[0] = False
    return shown


def test_in_the_pseudo_language_the_dialogs_speak_it(
    make_window, tmp_path: Path, speaking: Callable[[str], None]
) -> None:
    compile_pseudo_catalogue(tmp_path / "locale", TEMPLATE)
    speaking(PSEUDO_LANGUAGE)
    window = make_window(Settings(), real_dialogs=True)
    dialogs = window.presenter.dialogs
    assert isinstance(dialogs, TkDialogs)
    shown: list[Shown] = []
    for name, open_dialog in {
        "custom board": lambda: dialogs.ask_board(Shape(3, 3, 3)),
        "custom depth": lambda: window.run("ask_custom_depth"),
        "reset scores": lambda: window.run("reset_scores"),
        "kept games": lambda: dialogs.choose_kept_game(["2026-11-25 3×3"]),
        "shortcuts": lambda: window.run("show_shortcuts"),
        "how to play": lambda: window.run("how_to_play"),
        "about": lambda: window.run("about"),
    }.items():
        shown += [
            (f"{name}: {where}", text) for where, text in dialog_texts(window.root, open_dialog)
        ]
    shown += [(f"file filter {pattern}", words) for words, pattern in file_types()]
    problems = sorted(text for where, text in shown if where.endswith("clipped"))
    assert not problems, "clipped:\n" + "\n".join(problems)
    words = [(where, text) for where, text in shown if not where.endswith("clipped")]
    left = sorted({f"{where}: {text!r}" for where, text in words if english_letters(text)})
    assert not left, "English left:\n" + "\n".join(left)
    assert len({where.split(":")[0] for where, _ in shown}) >= 7  # every dialog was read
