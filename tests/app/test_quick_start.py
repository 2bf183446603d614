"""One click to play: the last three different setups are remembered when a
game starts, kept in the settings, and start again in one click from the
New game page, the toolbar's New and a finished game (Tk-free)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from fakes import make_presenter

from ttt_gui.app.new_game import QUICK, START, PageKey, Stop, tab_order
from ttt_gui.board import Player
from ttt_gui.config import BOARD_CHOICES, GameConfig, Mode, Shape
from ttt_gui.config.setups import setup_of
from ttt_gui.storage.settings import Settings, SettingsError, load, save
from ttt_gui.storage.settings_store import SettingsStore

CONNECT_FOUR = Shape(6, 7, 4, gravity=True)


def start_on_page(rig, **choices: object) -> None:  # type: ignore[no-untyped-def]
    page = rig.presenter.new_game_page
    rig.presenter.new_game_page.open()
    for name, value in choices.items():
        page.choose(name, value)
    assert page.start()


def test_each_game_started_is_remembered_most_recent_first_three_different_at_most() -> None:
    rig = make_presenter(mode="hotseat")
    assert rig.presenter.view().quick_starts == ()
    start_on_page(rig, mode="computer", human="O", level="hard")
    start_on_page(rig, board=str(BOARD_CHOICES.index(CONNECT_FOUR)))
    start_on_page(rig, mode="hotseat")
    start_on_page(rig, mode="computer")  # Connect Four, O, Hard again: moves to the front
    labels = rig.presenter.view().quick_starts
    assert labels == (
        "Connect Four · you play O · Hard",
        "Connect Four · two players",
        "3×3 (3 in a row) · you play O · Hard",
    )
    rig.presenter.new_game_page.play_again()  # F2: the same setup again, nothing new
    start_on_page(rig, mode="watch")
    assert len(rig.presenter.view().quick_starts) == 3
    assert rig.presenter.view().quick_starts[0] == "Connect Four · X Medium, O Medium"
    saved = json.loads(rig.store.saved[-1])["recent"]
    assert [entry["mode"] for entry in saved] == ["watch", "computer", "hotseat"]


def test_a_quick_start_starts_its_setup_in_one_call_and_keeps_the_think_time() -> None:
    rig = make_presenter(mode="computer", level="easy", think_time=3.0)
    start_on_page(rig, board=str(BOARD_CHOICES.index(CONNECT_FOUR)), human="O", level="hard")
    start_on_page(rig, mode="hotseat", board="0")
    rig.presenter.moves.play(4)
    rig.presenter.moves.play(0)
    rig.presenter.new_game_page.quick_start(1)
    config = rig.session.config
    assert (config.mode, config.shape, config.human, config.level) == (
        Mode.COMPUTER,
        CONNECT_FOUR,
        Player.O,
        "hard",
    )
    assert config.think_time == 3.0
    assert rig.dialogs.names() == ["confirm"], "a game in progress is not lost unasked"
    assert rig.presenter.view().quick_starts[0] == "Connect Four · you play O · Hard"


def test_a_quick_start_from_the_page_closes_it_and_a_finished_game_asks_nothing() -> None:
    rig = make_presenter(mode="hotseat")
    start_on_page(rig, mode="computer", human="X", level="easy")
    start_on_page(rig, mode="hotseat")
    for cell in (0, 3, 1, 4, 2):  # X wins
        rig.presenter.moves.play(cell)
    view = rig.presenter.view()
    assert view.offers_play_again and len(view.quick_starts) == 2
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.quick_start(1)
    assert rig.presenter.view().new_game is None
    assert rig.session.config.mode is Mode.COMPUTER and rig.session.config.level == "easy"
    assert "confirm" not in rig.dialogs.names()
    assert rig.session.history.moves == [] and rig.session.config.human is Player.X


def test_keeping_the_game_in_progress_keeps_the_page_and_the_list() -> None:
    rig = make_presenter(mode="hotseat")
    start_on_page(rig, mode="computer")
    start_on_page(rig, mode="hotseat")
    rig.presenter.moves.play(0)
    rig.dialogs.confirm_answer = False
    rig.presenter.new_game_page.open()
    rig.presenter.new_game_page.quick_start(1)
    assert rig.session.config.mode is Mode.HOTSEAT and rig.session.history.moves == [0]
    assert rig.presenter.view().new_game is not None
    rig.presenter.new_game_page.quick_start(7)  # no such setup: nothing happens
    assert rig.session.history.moves == [0]


def test_recent_setups_are_read_back_and_a_bad_list_is_refused_by_name() -> None:
    settings = Settings(
        recent=(setup_of(GameConfig(mode=Mode.WATCH, x_level="easy", rows=5, cols=5)),)
    )
    assert Settings.from_json(settings.to_json()) == settings
    data = json.loads(settings.to_json())
    data["recent"] = [data["recent"][0], data["recent"][0]]
    assert Settings.from_json(json.dumps(data)).recent == settings.recent
    for wrong in ([{"mode": "nonsense"}], [5], "not a list", None, [data["recent"][0]] * 4):
        data["recent"] = wrong
        with pytest.raises(SettingsError, match="recent"):
            Settings.from_json(json.dumps(data))


def test_two_windows_starting_games_keep_both_windows_setups(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    hotseat, gomoku = (
        setup_of(GameConfig(mode=Mode.HOTSEAT)),
        setup_of(GameConfig(rows=15, cols=15, win_length=5)),
    )
    save(Settings(recent=(hotseat,)), path)
    windows = []
    for _ in range(2):
        settings = load(path)[0]
        windows.append((SettingsStore(path, settings), settings))
    (first_store, first), (second_store, second) = windows
    first.recent = (gomoku, *first.recent)
    first_store.save(first)
    connect_four = setup_of(GameConfig(rows=6, cols=7, win_length=4, gravity=True))
    second.recent = (connect_four, *second.recent)
    second_store.save(copy.deepcopy(second))
    assert load(path)[0].recent == (connect_four, gomoku, hotseat)


def test_on_the_page_tab_reaches_each_quick_start_and_enter_starts_it() -> None:
    rig = make_presenter(mode="hotseat")
    start_on_page(rig, mode="computer", level="easy")
    start_on_page(rig, mode="hotseat")
    page = rig.presenter.new_game_page
    rig.presenter.new_game_page.open()
    view = page.view()
    assert view is not None and view.quick_starts == rig.presenter.view().quick_starts
    order = tab_order(view)
    assert order[:3] == (Stop(QUICK, "0"), Stop(QUICK, "1"), Stop("mode", "hotseat"))
    assert page.press(PageKey.NEXT, None) == Stop(QUICK, "0")
    assert page.press(PageKey.NEXT, Stop(QUICK, "0")) == Stop(QUICK, "1")
    assert page.press(PageKey.PREVIOUS, Stop(QUICK, "0")) == Stop(START)
    assert page.press(PageKey.START, Stop(QUICK, "1")) is None
    assert not page.is_open
    assert rig.session.config.mode is Mode.COMPUTER and rig.session.config.level == "easy"
