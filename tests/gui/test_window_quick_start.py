"""One click to play, for real (xdotool under Xvfb): once a game is over,
one click on a quick start under it starts that setup; the toolbar's New
menu by keyboard alone; the New game page's quick starts by Tab and Enter."""

from __future__ import annotations

from conftest import give_focus, keys, real_click, sync, wait

from ttt_gui.config import GameConfig, Mode
from ttt_gui.config.setups import setup_of
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings

RECENT = (
    setup_of(GameConfig(mode=Mode.HOTSEAT)),
    setup_of(
        GameConfig(mode=Mode.COMPUTER, level="easy", rows=6, cols=7, win_length=4, gravity=True)
    ),
)


def recent_window(make_window) -> Window:  # type: ignore[no-untyped-def]
    window: Window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT), recent=RECENT))
    return window


def test_after_a_game_one_click_on_a_quick_start_starts_that_setup(make_window) -> None:
    window = recent_window(make_window)
    row = window.quick_row
    assert not row.frame.winfo_ismapped(), "no quick starts while a game is played"
    for cell in (0, 3, 1, 4, 2):  # X wins
        window.run("play", cell)
    assert wait(window.root, lambda: all(button.winfo_viewable() for button in row.buttons))
    assert [button.cget("text") for button in row.buttons][1].startswith("Connect Four")
    real_click(row.buttons[1])
    config = window.presenter.session.config
    assert wait(window.root, lambda: window.presenter.session.config.gravity)
    config = window.presenter.session.config
    assert (config.mode, config.level, config.cols) == (Mode.COMPUTER, "easy", 7)
    assert wait(window.root, lambda: not row.frame.winfo_ismapped())


def test_the_toolbars_new_menu_starts_a_recent_setup_by_keyboard(make_window) -> None:
    window = recent_window(make_window)
    quick = window.toolbar.quick
    assert quick.instate(["!disabled"])
    give_focus(window.root)
    quick.focus_set()
    sync(window.root)
    assert window.root.focus_get() is quick
    keys(window.root, "space")
    assert wait(window.root, lambda: window.toolbar.quick_menu.winfo_ismapped())
    keys(window.root, "Down", "Down", "Return")
    assert wait(window.root, lambda: window.presenter.session.config.gravity)
    assert window.presenter.session.config.mode is Mode.COMPUTER


def test_the_pages_quick_starts_come_first_by_tab_and_enter_starts_one(make_window) -> None:
    window = recent_window(make_window)
    page = window.new_game_page
    keys(window.root, "ctrl+n")
    assert wait(window.root, page.start_button.winfo_viewable)
    assert [button.cget("text") for button in page.quick_buttons] == list(
        window.presenter.view().quick_starts
    )
    assert wait(window.root, lambda: window.root.focus_get() is page.start_button)
    keys(window.root, "Tab")
    assert wait(window.root, lambda: window.root.focus_get() is page.quick_buttons[0])
    keys(window.root, "Tab", "Return")
    assert wait(window.root, lambda: window.presenter.session.config.gravity)
    assert wait(window.root, lambda: not page.is_shown)
