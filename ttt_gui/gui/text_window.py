"""A window of text to read: How to play, About.

Unlike a message box (bold on X11, no links, a fixed narrow width), the text
is in the normal weight, the title is its heading, paragraphs are spaced
(and wrapped between characters in Japanese and Chinese, at spaces in
other scripts), and web addresses are links that open in the browser: by a click, or by
the button named as the text names the address ("Website: https://…").
The colours come from the option database and ttk styles the theme set
(:mod:`ttt_gui.gui.dialog_style`).
"""

from __future__ import annotations

import functools
import math
import re
import tkinter as tk
import webbrowser
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from ttt_gui.theme import Palette, Role
from ttt_gui.words import gettext

#: A web address in the text.
ADDRESS = re.compile(r"https?://[^\s)]+")
#: The most lines shown at once; more scroll.
MOST_LINES = 26
#: Han ideographs, kana and their punctuation: scripts written without spaces
#: between words, whose lines break between characters.
UNSPACED_SCRIPT = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def paragraph_wrap(paragraph: str) -> str:
    """How Tk wraps ``paragraph``'s lines: "char" (between any characters)
    for Japanese and Chinese, which put no spaces between words, "word"
    (at spaces) for every other script, Korean included.

    >>> paragraph_wrap("先に 3 個並べた方の勝ちです。"), paragraph_wrap("Get 3 in a row.")
    ('char', 'word')
    >>> paragraph_wrap("가로, 세로 또는 대각선으로 3개를 먼저 놓으면 이깁니다.")
    'word'
    """
    return "char" if UNSPACED_SCRIPT.search(paragraph) else "word"


def build_text_window(
    window: tk.Toplevel,
    title: str,
    text: str,
    close: Callable[[], None],
    colours: Palette | None = None,
    open_address: Callable[[str], object] = webbrowser.open,
) -> tk.Text:
    """Fill ``window`` with ``title`` as the heading and ``text`` (paragraphs
    split by blank lines); ``close`` is the Close button's. Returns the text
    widget (tests read it)."""
    frame = ttk.Frame(window, padding=(20, 16))
    frame.grid(sticky="nsew")
    window.columnconfigure(0, weight=1)
    window.rowconfigure(0, weight=1)
    ttk.Label(frame, text=title, font="TkHeadingFont").grid(
        row=0, column=0, columnspan=2, sticky="w", pady=(0, 10)
    )
    body = tk.Text(
        frame,
        wrap="word",
        width=64,
        height=1,
        relief="flat",
        borderwidth=0,
        highlightthickness=0,
        font="TkDefaultFont",
        cursor="arrow",
        takefocus=False,
    )
    if colours is not None:
        body.configure(background=colours[Role.BACKGROUND], foreground=colours[Role.TEXT])
    link_colour = colours[Role.FOCUS] if colours is not None else "blue"
    body.tag_configure("paragraph", spacing3=10)
    body.tag_configure("char", wrap="char")
    body.tag_configure("word", wrap="word")
    body.tag_configure("link", foreground=link_colour, underline=True)
    body.tag_bind("link", "<Enter>", lambda event: body.configure(cursor="hand2"))
    body.tag_bind("link", "<Leave>", lambda event: body.configure(cursor="arrow"))
    links: list[tuple[str, str]] = []  # (what the text calls it, address)
    for paragraph in text.split("\n\n"):
        place = 0
        wrap = paragraph_wrap(paragraph)
        for found in ADDRESS.finditer(paragraph):
            body.insert("end", paragraph[place : found.start()], ("paragraph", wrap))
            tag, address = f"link{len(links)}", found.group()
            named = paragraph[: found.start()].rsplit("\n", 1)[-1].strip().rstrip(":")
            links.append((named or _short(address), address))
            body.insert("end", address, ("paragraph", wrap, "link", tag))
            body.tag_bind(tag, "<Button-1>", functools.partial(_open, open_address, address))
            place = found.end()
        body.insert("end", paragraph[place:] + "\n", ("paragraph", wrap))
    body.delete("end-1c", "end")  # no empty line at the end
    body.configure(state="disabled")
    body.grid(row=1, column=0, sticky="nsew")
    frame.columnconfigure(0, weight=1)
    frame.rowconfigure(1, weight=1)
    bar = ttk.Scrollbar(frame, orient="vertical", command=body.yview)
    body.configure(yscrollcommand=bar.set)

    def fit(event: object = None) -> None:
        """As many lines as the text has once laid out (up to MOST_LINES)."""
        pixels = int(body.count("1.0", "end", "update", "ypixels") or 1)
        line = tkfont.Font(root=body, font=body.cget("font")).metrics("linespace")
        lines = math.ceil(pixels / max(1, line))  # paragraph spacing included
        body.configure(height=min(lines, MOST_LINES))
        if lines > MOST_LINES:
            bar.grid(row=1, column=1, sticky="ns")

    body.bind("<Map>", fit, add=True)
    buttons = ttk.Frame(frame)
    buttons.grid(row=2, column=0, columnspan=2, sticky="e", pady=(12, 0))
    for index, (named, address) in enumerate(links):
        ttk.Button(
            buttons, text=named, command=functools.partial(_open, open_address, address)
        ).grid(row=0, column=index, padx=(0, 8))
    done = ttk.Button(buttons, text=gettext("Close"), command=close)
    done.grid(row=0, column=len(links))
    done.focus_set()

    def press_focused(event: object) -> None:
        button = window.focus_get()
        if isinstance(button, ttk.Button):
            button.invoke()

    window.bind("<Return>", press_focused)
    window.resizable(True, True)
    return body


def _open(open_address: Callable[[str], object], address: str, event: object = None) -> None:
    open_address(address)


def _short(address: str) -> str:
    """An address without its scheme, for a button.

    >>> _short("https://github.com/tttgui/ttt-gui/issues")
    'github.com/tttgui/ttt-gui/issues'
    """
    return address.split("://", 1)[-1]
