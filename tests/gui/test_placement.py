"""The window's size policy, without a display: the board's size unless the
person sized the window, grown only as far as a board needs, within the screen."""

from __future__ import annotations

from ttt_gui.gui.placement import Frame, Resize, SizeKeeper, keep_on_screen, parse_size, within

SCREEN = (1280, 1000)


def test_a_window_nobody_sized_follows_its_board_both_ways() -> None:
    sizes = SizeKeeper()
    assert sizes.resize((847, 784), SCREEN) == Resize((847, 784), sticky=False)
    assert sizes.resize((437, 413), SCREEN) == Resize((437, 413), sticky=False)


def test_its_own_requested_sizes_are_not_taken_for_the_persons() -> None:
    sizes = SizeKeeper()
    sizes.requested((437, 413))
    assert not sizes.observed((300, 200)), "an early configure, before the request arrived"
    assert not sizes.observed((437, 413))
    assert not sizes.is_person_sized


def test_a_size_after_the_request_arrived_is_the_persons_and_is_kept() -> None:
    sizes = SizeKeeper()
    sizes.requested((437, 413))
    sizes.observed((437, 413))
    assert sizes.observed((900, 700))
    assert sizes.resize((437, 413), SCREEN) == Resize((900, 700), sticky=True)
    assert sizes.resize((1000, 784), SCREEN) == Resize((1000, 784), sticky=True), "grows"
    assert sizes.resize((437, 413), SCREEN) == Resize((1000, 784), sticky=True), "no shrink"


def test_the_move_list_widens_and_narrows_a_person_sized_window() -> None:
    sizes = SizeKeeper(saved=(900, 700))
    assert sizes.resize((593, 413), SCREEN, extra_width=156) == Resize((1056, 700), sticky=True)
    assert sizes.resize((437, 413), SCREEN, extra_width=-156) == Resize((900, 700), sticky=True)


def test_reset_size_forgets_the_persons_size() -> None:
    sizes = SizeKeeper(saved=(900, 700))
    sizes.forget()
    assert sizes.resize((437, 413), SCREEN) == Resize((437, 413), sticky=False)


def test_no_size_is_larger_than_the_screen() -> None:
    assert SizeKeeper().resize((4000, 4000), SCREEN).size == SCREEN
    assert SizeKeeper(saved=(40000, 40000)).resize((437, 413), SCREEN).size == SCREEN
    assert within((0, 0), SCREEN) == (1, 1)
    assert parse_size("640x480") == (640, 480)


FRAME = Frame(left=1, top=52, right=1, bottom=5)


def test_a_window_whole_on_the_screen_stays_where_it_is() -> None:
    assert keep_on_screen((100, 80), (600, 500), SCREEN, FRAME) == ((100, 80), (600, 500))
    exactly = (SCREEN[0] - 602, SCREEN[1] - 557)
    assert keep_on_screen(exactly, (600, 500), SCREEN, FRAME) == (exactly, (600, 500))


def test_a_window_grown_past_the_right_and_bottom_edges_moves_back_just_enough() -> None:
    (x, y), size = keep_on_screen((900, 700), (600, 500), SCREEN, FRAME)
    assert size == (600, 500)
    assert x + FRAME.left + 600 + FRAME.right == SCREEN[0], "its right edge on the screen's"
    assert y + FRAME.top + 500 + FRAME.bottom == SCREEN[1], "its bottom edge on the screen's"


def test_a_window_past_one_edge_moves_only_that_way() -> None:
    assert keep_on_screen((300, 700), (600, 500), SCREEN, FRAME)[0] == (300, 443)
    assert keep_on_screen((900, 40), (600, 500), SCREEN, FRAME)[0] == (678, 40)


def test_a_window_larger_than_the_screen_shrinks_and_goes_to_its_top_left() -> None:
    position, size = keep_on_screen((200, 200), (1500, 1200), SCREEN, FRAME)
    assert position == (0, 0)
    assert size == (SCREEN[0] - 2, SCREEN[1] - 57), "the frame fits too"


def test_a_window_is_never_put_past_the_left_or_top_edge() -> None:
    assert keep_on_screen((-30, -10), (600, 500), SCREEN, FRAME)[0] == (0, 0)
