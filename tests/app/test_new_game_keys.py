"""The New game page by keyboard alone, without Tk: the order Tab goes round
the page, the arrows within a row of segments, Enter and Escape."""

from __future__ import annotations

from fakes import Rig, make_presenter

from ttt_gui.app.key_names import shortcut_rows
from ttt_gui.app.new_game import (
    BACK,
    CUSTOM,
    PAGE_KEYS,
    START,
    NewGameView,
    PageKey,
    Stop,
    tab_order,
)
from ttt_gui.config import Mode


def opened(**config: object) -> Rig:
    rig = make_presenter(**config)
    rig.presenter.new_game_page.open()
    return rig


def view(rig: Rig) -> NewGameView:
    shown = rig.presenter.view().new_game
    assert shown is not None, "the page is open"
    return shown


def test_tab_visits_each_row_once_at_its_chosen_segment_then_the_buttons() -> None:
    rig = opened(mode="computer", level="hard")
    assert tab_order(view(rig)) == (
        Stop("mode", "computer"),
        Stop("human", "X"),
        Stop("level", "hard"),
        Stop("board"),
        Stop(BACK),
        Stop(START),
    )
    rig.presenter.new_game_page.choose("mode", "watch")
    sections = [stop.section for stop in tab_order(view(rig))]
    assert sections == ["mode", "x_level", "o_level", "board", BACK, START]


def test_tab_goes_round_the_page_both_ways_and_never_leaves_it() -> None:
    rig = opened(mode="hotseat")
    page = rig.presenter.new_game_page
    order = tab_order(view(rig))
    focused, visited = Stop(START), []
    for _ in range(2 * len(order)):
        going = page.press(PageKey.NEXT, focused)
        assert going in order
        visited.append(going)
        focused = going
    assert visited == [*order, *order], "from Start round to Start, twice"
    assert page.press(PageKey.PREVIOUS, Stop("mode", "hotseat")) == Stop(START), "round, back"
    assert page.press(PageKey.NEXT, None) == order[0], "from outside the page: its first"
    assert page.press(PageKey.NEXT, Stop("mode", "watch")) == order[1], "any segment of a row"
    assert page.is_open


def test_a_custom_board_adds_its_boxes_in_the_sentence_order_and_a_refused_start_is_skipped() -> (
    None
):
    rig = opened(mode="hotseat")
    page = rig.presenter.new_game_page
    page.choose("board", CUSTOM)
    boxes = ["rows", "cols", "win_length"]  # a language that writes the rows first
    stops = [stop.section for stop in tab_order(view(rig), boxes)]
    assert stops == ["mode", "board", *boxes, "gravity", "misere", "exact", BACK, START]
    page.choose("rows", 99)
    assert not view(rig).can_start
    assert tab_order(view(rig))[-1] == Stop(BACK), "no stop on a Start that is refused"
    assert page.press(PageKey.NEXT, Stop(BACK)) == Stop("mode", "hotseat")


def test_the_boxes_go_in_the_order_a_board_s_size_is_written_and_custom_says_more_follows() -> (
    None
):
    rig = opened(mode="hotseat")
    rig.presenter.new_game_page.choose("board", CUSTOM)
    sections = [stop.section for stop in tab_order(view(rig))]
    assert sections[2:5] == ["cols", "rows", "win_length"], "7×6: the columns first"
    assert view(rig).boards[-1] == (CUSTOM, "Custom…")


def test_left_and_right_move_within_a_row_and_stop_at_its_ends() -> None:
    rig = opened(mode="computer", level="medium")
    page = rig.presenter.new_game_page
    assert page.press(PageKey.RIGHT, Stop("level", "medium")) == Stop("level", "hard")
    assert page.press(PageKey.LEFT, Stop("level", "medium")) == Stop("level", "easy")
    assert page.press(PageKey.LEFT, Stop("level", "easy")) == Stop("level", "easy")
    assert page.press(PageKey.RIGHT, Stop("mode", "watch")) == Stop("mode", "watch")
    assert page.press(PageKey.RIGHT, Stop("board")) is None, "not a row: the control's own"
    assert view(rig).level == "medium", "moving the focus chooses nothing"


def test_enter_chooses_the_focused_segment_and_starts() -> None:
    rig = opened(mode="computer", level="medium")
    page = rig.presenter.new_game_page
    assert page.press(PageKey.START, Stop("level", "hard")) is None
    rig.settle()
    assert not page.is_open
    assert rig.session.config.level == "hard" and rig.session.config.mode is Mode.COMPUTER


def test_escape_goes_back_from_anywhere_and_enter_on_back_too() -> None:
    for key, focused in ((PageKey.BACK, Stop("board")), (PageKey.START, Stop(BACK))):
        rig = opened(mode="computer", level="medium")
        page = rig.presenter.new_game_page
        page.choose("level", "easy")
        assert page.press(key, focused) is None
        assert not page.is_open
        assert rig.session.config.level == "medium", "nothing started"


def test_the_shortcuts_help_lists_the_page_keys_from_their_table() -> None:
    rows = shortcut_rows()
    assert rows[-3:] == [
        ("Tab or Shift+Tab", "New game page: the next or the previous control"),
        ("Left or Right", "New game page: the choice before or after in a row"),
        ("Enter / Esc", "New game page: start / back to the game"),
    ]
    listed = " or ".join(keys for keys, _ in rows[-3:]).replace(" / ", " or ").split(" or ")
    assert sorted(listed) == sorted(PAGE_KEYS), "every key of the page, each once"
