"""The window's words as shown: no access letter outside the menus."""

from __future__ import annotations

import re
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from catalogues import compile_shipped_catalogues, shipped_languages

from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.settings import Settings
from ttt_gui.words import LOCALE_DIR_VARIABLE, install_language

#: An access letter as a menu shows it: "&" or a letter in brackets ("(B)",
#: "（B）"), the players' letters X and O aside ("Your turn (X)").
ACCESS_LETTER = re.compile(r"&|[(（][A-NP-WYZ][)）]")


@pytest.fixture(scope="module")
def shipped_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogues, compiled into a locale folder."""
    return compile_shipped_catalogues(tmp_path_factory.mktemp("shipped") / "locale")


def texts_outside_menus(widget: tk.Misc) -> Iterator[str]:
    """Every text of ``widget`` and the widgets in it but its menus."""
    if "text" in widget.keys() and str(widget.cget("text")):
        yield str(widget.cget("text"))
    if isinstance(widget, ttk.Combobox):
        yield from (str(value) for value in widget.cget("values"))
    for child in widget.winfo_children():
        if not isinstance(child, tk.Menu):
            yield from texts_outside_menus(child)


@pytest.mark.parametrize("language", shipped_languages())
def test_no_text_outside_the_menus_shows_an_access_letter(
    make_window, language: str, shipped_locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toolbar's Level box, the New game page and the rest show labels
    as words: in Japanese "ふつう", not the menu's "ふつう(B)"."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
        window.run("show_new_game")
        window.root.update()
        shown = list(texts_outside_menus(window.root))
        levels = [str(value) for value in window.toolbar.level.cget("values")]
        assert len(levels) >= 5
        leaked = [text for text in shown if ACCESS_LETTER.search(text)]
        assert not leaked, (language, leaked)
    finally:
        install_language([])
