"""View › Language in a real window: the submenu lists the languages there are
catalogues for by their own names; choosing one saves it for the next start
and says so on the message line."""

from __future__ import annotations

import json
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import compile_catalogue_text
from conftest import keys, sync, wait, xdotool

from ttt_gui.gui.tk_dialogs import speak_in_tk_dialogs
from ttt_gui.words import LOCALE_DIR_VARIABLE, available_languages, install_language, language_name

ESPERANTO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "The language changes the next time you start {name}."
msgstr "La lingvo ŝanĝiĝas kiam vi venontfoje lanĉas {name}."
"""


@pytest.fixture
def esperanto(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = compile_catalogue_text(tmp_path / "locale", "eo", ESPERANTO)
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(folder))
    install_language([])
    yield folder
    install_language([])


def test_choosing_a_language_in_the_view_menu_keeps_it_for_the_next_start(
    make_window, settings_path: Path, esperanto: Path
) -> None:
    window = make_window()
    menu, index = window.menubar.find("set_language", "eo")
    entries = range(int(menu.index("end") or 0) + 1)
    shown = [
        (str(menu.entrycget(i, "label")), int(menu.entrycget(i, "underline")))
        for i in entries
        if menu.type(i) != "separator"
    ]
    # A name in a script without capitals ends with its access letter in brackets.
    labels = [
        label[: underline - 1] if label.endswith(")") and underline == len(label) - 2 else label
        for label, underline in shown
    ]
    names = [language_name(code) for code in available_languages()]  # shipped ones, if compiled
    assert labels == ["System default", *names] and {"English", "Esperanto"} <= set(names)
    chosen = window.menubar.variables["language"]
    assert chosen.get() == menu.entrycget(0, "value")  # the system's, ticked
    menu.invoke(index)
    window.root.update()
    assert json.loads(settings_path.read_text())["language"] == "eo"
    message = " ".join(str(window.turn_field.message_label.cget("text")).split())  # lines joined
    assert message == "La lingvo ŝanĝiĝas kiam vi venontfoje lanĉas Noxo."
    assert chosen.get() == "eo" == menu.entrycget(index, "value")
    menu.invoke(0)
    window.root.update()
    assert json.loads(settings_path.read_text())["language"] == ""
    assert chosen.get() == menu.entrycget(0, "value")


@pytest.mark.parametrize("language, cancel", [("de", "&Abbruch"), ("pt_BR", "&Cancelar")])
def test_tk_s_own_dialogs_speak_the_language_chosen_not_the_system_s(
    language: str, cancel: str
) -> None:
    root = tk.Tk()
    try:
        speak_in_tk_dialogs(root, language)
        assert root.tk.eval('namespace eval ::tk {::msgcat::mc "&Cancel"}') == cancel
        speak_in_tk_dialogs(root, "en")
        assert root.tk.eval('namespace eval ::tk {::msgcat::mc "&Cancel"}') == "&Cancel"
    finally:
        root.destroy()


def mnemonic_key(menu: tk.Menu, index: int) -> str:
    """The letter that chooses entry ``index`` of ``menu`` from the keyboard."""
    return str(menu.entrycget(index, "label"))[int(menu.entrycget(index, "underline"))].lower()


def test_the_language_is_chosen_from_the_keyboard_through_the_menus(
    make_window, settings_path: Path, esperanto: Path
) -> None:
    window = make_window()
    root = window.root
    bar, (language_menu, esperanto_index) = (
        window.menubar.bar,
        window.menubar.find("set_language", "eo"),
    )
    view = next(
        index
        for index in range(int(bar.index("end") or 0) + 1)
        if bar.type(index) == "cascade" and bar.entrycget(index, "menu").endswith(".view")
    )
    view_menu = bar.nametowidget(bar.entrycget(view, "menu"))
    cascade = next(
        index
        for index in range(int(view_menu.index("end") or 0) + 1)
        if view_menu.type(index) == "cascade"
        and view_menu.entrycget(index, "menu") == str(language_menu)
    )
    keys(root, f"alt+{mnemonic_key(bar, view)}")
    for letter in (mnemonic_key(view_menu, cascade), mnemonic_key(language_menu, esperanto_index)):
        xdotool("key", letter)
        sync(root)
    assert wait(root, lambda: window.presenter.settings.language == "eo", 5)
    assert json.loads(settings_path.read_text())["language"] == "eo"
    assert "Noxo" in window.turn_field.message_label.cget("text")
