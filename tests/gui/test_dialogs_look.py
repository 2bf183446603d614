"""Dialogs that belong to the game: coloured by the theme (the game's own
dialogs and Tk's message boxes and file dialogs alike), How to play and
About as windows of normal-weight text with their links."""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

import pytest
from conftest import wait

from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.text_window import build_text_window
from ttt_gui.gui.tk_dialogs import TkDialogs
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES


def dialog_windows(window: Window) -> list[str]:
    tcl = window.root.tk
    return [
        str(name)
        for name in tcl.splitlist(tcl.call("winfo", "children", "."))
        if str(tcl.call("winfo", "toplevel", str(name))) == str(name)
        and str(tcl.call("winfo", "class", str(name))) != "Menu"
        and int(tcl.call("winfo", "viewable", str(name)))
    ]


def colour_of(window: Window, path: str, option: str) -> str:
    """A widget's colour as #rrggbb (Tk may answer with a colour name)."""
    value = str(window.root.tk.call(path, "cget", f"-{option}"))
    red, green, blue = window.root.winfo_rgb(value)
    return f"#{red >> 8:02x}{green >> 8:02x}{blue >> 8:02x}"


def inspect_dialog(window: Window, open_it: str, inspect) -> None:  # type: ignore[no-untyped-def]
    """Run ``open_it`` (an action); once its dialog shows, call ``inspect(path)``
    and close the dialog as its close button would."""
    root = window.root
    dialogs = window.presenter.dialogs
    assert isinstance(dialogs, TkDialogs)

    def look() -> None:
        shown = dialog_windows(window)
        if not shown:
            root.after(30, look)
            return
        try:
            inspect(shown[0])
        finally:
            dialogs.close_all()
            dialogs.is_closing = False

    root.after(30, look)
    window.run(open_it)


@pytest.mark.parametrize("theme", ["dark", pytest.param("contrast", marks=pytest.mark.slow)])
@pytest.mark.parametrize("action", ["show_statistics", "open_game", "how_to_play"])
def test_dialogs_take_the_themes_colours(make_window, theme: str, action: str) -> None:
    window: Window = make_window(
        Settings(GameConfig(mode=Mode.HOTSEAT), theme=theme), real_dialogs=True
    )
    colours = PALETTES[theme]
    seen: dict[str, str] = {}

    def inspect(path: str) -> None:
        seen["window"] = colour_of(window, path, "background")
        tcl = window.root.tk
        # The first plain Tk label or text inside: the message or the text.
        stack = [path]
        while stack:
            here = stack.pop()
            kind = str(tcl.call("winfo", "class", here))
            if kind in ("Label", "Text", "Message") and "text" not in seen:
                seen["text"] = colour_of(window, here, "foreground")
            stack.extend(
                str(child) for child in tcl.splitlist(tcl.call("winfo", "children", here))
            )

    inspect_dialog(window, action, inspect)
    assert seen["window"] == colours["background"], seen
    assert seen.get("text") in (colours["text"], None), seen
    style = ttk.Style(window.root)
    assert str(style.lookup("TButton", "foreground")) == colours["text"]
    assert str(style.lookup("TFrame", "background")) == colours["background"]


def test_the_text_window_is_normal_weight_with_its_links(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    opened: list[str] = []
    top = tk.Toplevel(window.root)
    closed: list[bool] = []
    body = build_text_window(
        top,
        "About",
        "ttt_gui 1.0\n\nFree software.\n\nWebsite: https://example.org/game\n"
        "Report a problem: https://example.org/game/issues",
        lambda: closed.append(True),
        PALETTES["light"],
        opened.append,
    )
    try:
        assert wait(window.root, top.winfo_viewable)
        font = tkfont.Font(root=window.root, font=body.cget("font"))
        assert font.actual("weight") == "normal"
        assert "Free software." in body.get("1.0", "end")
        line = font.metrics("linespace")
        assert wait(
            window.root,
            lambda: (
                int(body.cget("height")) * line
                >= int(body.count("1.0", "end", "update", "ypixels"))
            ),  # type: ignore[call-overload]
        ), "the whole text is shown"
        buttons = [w for w in top.winfo_children()[0].winfo_children()[-1].winfo_children()]
        labels = [str(b.cget("text")) for b in buttons]
        assert labels == ["Website", "Report a problem", "Close"]
        buttons[1].invoke()  # type: ignore[attr-defined]
        assert opened == ["https://example.org/game/issues"]
        first = body.tag_ranges("link0")
        assert body.get(first[0], first[1]) == "https://example.org/game"
        buttons[2].invoke()  # type: ignore[attr-defined]
        assert closed == [True]
    finally:
        top.destroy()


def display_lines(body: tk.Text) -> list[str]:
    """The text of ``body`` as laid out: one string per line shown."""
    lines, index = [], "1.0"
    while body.compare(index, "<", "end-1c"):
        end = body.index(f"{index} display lineend")
        if body.compare(end, "==", index):  # an empty line
            end = body.index(f"{index} +1c")
        lines.append(body.get(index, end))
        index = body.index(f"{end} +1c") if body.get(end) in (" ", "\n") else end
    return lines


def test_japanese_wraps_between_characters_and_english_at_spaces(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)), real_dialogs=True)
    japanese = (
        "縦・横・斜めのいずれかに先に 3 個並べた方の勝ちです。"
        "そうした並びができないまま盤が埋まれば引き分けです。"
    )
    english = "Get three of your marks in a row, across, down or diagonally, to win the game. " * 2
    top = tk.Toplevel(window.root)
    body = build_text_window(top, "How to play", f"{japanese}\n\n{english}", top.destroy)
    try:
        assert wait(window.root, top.winfo_viewable)
        window.root.update()
        font = tkfont.Font(root=window.root, font=body.cget("font"))
        lines = display_lines(body)
        first = lines[0]
        assert japanese.startswith(first) and len(lines) >= 3, lines
        # Filled to the edge, not broken at the space after "先に".
        assert font.measure(first) > body.winfo_width() - 2 * font.measure("勝"), lines
        latin = [line for line in lines if line.isascii()]
        words = set(english.split())
        assert len(latin) >= 2 and all(set(line.split()) <= words for line in latin), lines
    finally:
        top.destroy()
