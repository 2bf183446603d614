"""The window's words as shown: no message cut mid-sentence at the window's
minimum size, every text zoomed alike, no access letter outside the menus,
a language's name drawn in a script the system has a font for."""

from __future__ import annotations

import dataclasses
import re
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from catalogues import compile_shipped_catalogues, shipped_languages
from conftest import by_default, move_pointer, move_pointer_away, wait
from presenter_messages import presenter_messages

from ttt_gui.app.key_names import KeyNames
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui import text_fit
from ttt_gui.gui.control_style import text_width
from ttt_gui.gui.font_coverage import FontCoverage
from ttt_gui.gui.menus import MenuBar
from ttt_gui.gui.tooltip import Tooltip
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


@pytest.mark.parametrize("language", by_default(shipped_languages(), "de", "ja"))
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


#: Where a shortened text may end: before a space or a pause, or between two
#: characters of Japanese or Chinese.
PAUSE = ",;:、，；：。"


def compact(text: str) -> str:
    """``text`` without its spaces and line breaks (a line break stands for a space)."""
    return re.sub(r"\s+", "", text)


def cut_at_a_boundary(whole: str, kept: str) -> bool:
    """Whether ``kept`` (without its "…") is ``whole`` up to a place a line
    may break: the end of a word, or between two unspaced characters."""
    wanted, index = len(compact(kept)), 0
    while wanted and index < len(whole):
        wanted -= not whole[index].isspace()
        index += 1
    if wanted:
        return False
    after = whole[index : index + 1]
    before = whole[index - 1 : index]
    unspaced = re.compile(f"[{text_fit._UNSPACED}]")
    return (
        not after
        or after.isspace()
        or after in PAUSE
        or (bool(unspaced.match(after)) or bool(unspaced.match(before)))
    )


def cut_problems(label: tk.Label, tip: Tooltip, whole: str, most_lines: int) -> list[str]:
    """How ``label`` (a field of at most ``most_lines`` lines) fails to show
    ``whole``: clipped, too many lines, or cut mid-word, or shortened with
    no "…" or no tooltip holding the whole."""
    shown = str(label.cget("text"))
    lines = shown.split("\n")
    problems = []
    room = label.winfo_width() - 2 * int(label.cget("highlightthickness"))
    if len(lines) > most_lines:
        problems.append(f"{len(lines)} lines")
    if max(text_width(label, line) for line in lines) > room:
        problems.append(f"wider than its {room} px")
    if label.winfo_reqheight() > label.master.winfo_height():
        problems.append("taller than its field")
    if compact(shown) != compact(whole):
        if not shown.endswith("…"):
            problems.append("cut without …")
        elif not compact(whole).startswith(compact(shown[:-1])):
            problems.append("not the text's beginning")
        elif not cut_at_a_boundary(whole, shown[:-1]):
            problems.append("cut mid-word")
        if tip.text != whole:
            problems.append("no tooltip with the whole text")
    return [f"{whole!r} shown as {shown!r}: {problem}" for problem in problems]


@pytest.mark.parametrize("language", by_default(["en", "de", "ja"], "de"))
def test_no_message_is_cut_mid_sentence_at_the_minimum_size(
    make_window,
    language: str,
    shipped_locale: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Every turn line and message the presenter shows, in the real fields
    of a window at its minimum size: whole, or shortened at a word with "…"
    and whole in the tooltip."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        collected = presenter_messages(tmp_path)
        window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
        root = window.root
        root.update()
        width, height = root.minsize()
        root.geometry(f"{width}x{height}")
        assert wait(root, lambda: root.winfo_width() == width, 5)
        field, state = window.turn_field, window.presenter.view()
        problems: list[str] = []
        for note, situation in collected.notes.items():
            field.paint(dataclasses.replace(state, note=note), state)
            root.update()
            found = cut_problems(field.message_label, field.message_tip, note, 2)
            problems += [f"{situation}: {problem}" for problem in found]
        for (turn, rule, play_again), situation in collected.turns.items():
            shown = dataclasses.replace(state, turn=turn, rule=rule, offers_play_again=play_again)
            field.paint(shown, None)
            root.update()
            found = cut_problems(field.turn_label, field.turn_tip, turn, 1)
            problems += [f"{situation}: {problem}" for problem in found]
        # Several sentences at once are too long for any window: shortened too.
        several = " ".join(sorted(collected.notes, key=len)[-6:])
        field.paint(dataclasses.replace(state, note=several), state)
        root.update()
        problems += [
            f"six messages: {problem}"
            for problem in cut_problems(field.message_label, field.message_tip, several, 2)
        ]
        assert field.message_tip.text == several, "the whole text in the tooltip"
        assert len(collected.notes) > 35 and len(collected.turns) >= 8
        assert not problems, "\n".join(problems)
    finally:
        install_language([])


def test_a_shortened_message_shows_whole_on_hover_and_on_focus(make_window) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    root, field = window.root, window.turn_field
    root.update()
    width, height = root.minsize()
    root.geometry(f"{width}x{height}")
    assert wait(root, lambda: root.winfo_width() == width, 5)
    whole = " ".join(f"Sentence number {index} of a very long message." for index in range(8))
    window.presenter.say(whole)
    window.refresh()
    root.update()
    shown = str(field.message_label.cget("text"))
    assert shown.endswith("…") and len(shown.split("\n")) == 2
    assert field.message_tip.text == whole
    label = field.message_label
    move_pointer(label.winfo_rootx() + 10, label.winfo_rooty() + 5)
    assert wait(root, lambda: field.message_tip.is_shown, 3), "no tooltip on hover"
    assert field.message_tip.label is not None
    assert field.message_tip.label.cget("text") == whole
    move_pointer_away()
    assert wait(root, lambda: not field.message_tip.is_shown, 3)
    assert label.cget("takefocus"), "Tab reaches a shortened message"
    label.focus_force()
    assert wait(root, lambda: field.message_tip.is_shown, 3), "no tooltip on focus"
    window.board.focus_cell()
    assert wait(root, lambda: not field.message_tip.is_shown, 3)
    window.presenter.say("Short.")
    window.refresh()
    root.update()
    assert field.message_label.cget("text") == "Short."
    assert field.message_tip.text == "" and not label.cget("takefocus")


def font_pixels(widget: tk.Misc) -> int:
    """The height (pixels) of a line of ``widget``'s text."""
    if "font" in widget.keys() and str(widget.cget("font")):
        font = str(widget.cget("font"))
    else:  # a ttk control without a font of its own: its style's
        font = str(ttk.Style(widget).lookup(widget.winfo_class(), "font") or "TkDefaultFont")
    return int(widget.tk.call("font", "metrics", font, "-displayof", widget, "-linespace"))


def test_zoom_grows_every_text_of_the_window_together(make_window) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.COMPUTER, rows=4, cols=4, win_length=3)))
    if not window.presenter.view().show_coordinates:
        window.run("toggle_coordinates")
    if not window.presenter.view().show_history:
        window.run("toggle_history")
    window.run("play", 0)
    window.root.update()
    assert window.board.labels, "the coordinates are shown"
    texts = {
        "turn line": window.turn_field.turn_label,
        "message": window.turn_field.message_label,
        "scores": window.turn_field.score_label,
        "toolbar button": next(iter(window.toolbar.buttons.values())),
        "toolbar level": window.toolbar.level,
        "toolbar label": window.toolbar.level_title,
        "coordinates": window.board.labels[0],
        "move list": window.history_list,
        "move list heading": window.history_title,
        "New game page title": window.new_game_page.title,
    }
    before = {name: font_pixels(widget) for name, widget in texts.items()}
    for _ in range(3):  # 1.15 ** 3 ≈ 1.52
        window.run("zoom_in")
    window.root.update()
    zoom = window.presenter.view().zoom
    assert zoom > 1.4
    after = {name: font_pixels(widget) for name, widget in texts.items()}
    grown = {name: round(after[name] / before[name], 2) for name in texts}
    assert all(abs(ratio - zoom) < 0.2 for ratio in grown.values()), (zoom, grown)
    window.run("zoom_reset")
    window.root.update()
    assert {name: font_pixels(widget) for name, widget in texts.items()} == before


@pytest.mark.parametrize("has_hangul", [False, True])
def test_a_language_named_in_a_script_without_a_font_is_named_in_english(
    window_process: None,
    has_hangul: bool,
    shipped_locale: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """View › Language: Korean's own name draws as empty boxes without a
    Hangul font, so it reads "Korean" there; the others keep their own names."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([])
    fonts = {"en", "ja", "zh-cn", "ru"} | ({"ko"} if has_hangul else set())
    root = tk.Tk()
    try:
        bar = MenuBar(root, lambda item: None, KeyNames(), FontCoverage(lambda: frozenset(fonts)))
        menu, _ = bar.find("set_language", "ko")
        labels = [
            str(menu.entrycget(index, "label"))
            for index in range(int(menu.index("end") or 0) + 1)
            if menu.type(index) == "radiobutton"
        ]
        assert any(label.startswith("한국어") for label in labels) is has_hangul, labels
        assert ("Korean" in labels) is not has_hangul, labels
        assert "日本語" in " ".join(labels) and "Русский" in labels
    finally:
        root.destroy()


def test_a_window_started_zoomed_has_room_for_two_lines_of_message(make_window) -> None:
    settings = Settings(GameConfig(mode=Mode.HOTSEAT))
    settings.zoom = 1.5
    window = make_window(settings)
    window.root.update()
    field = window.turn_field
    assert field.message_frame.winfo_height() >= 2 * window.text_font.metrics("linespace")
    assert field.frame.winfo_height() >= field.turn_font.metrics("linespace")
