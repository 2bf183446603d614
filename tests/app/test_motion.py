"""Motion on the board without Tk: a fake clock, view states from a presenter,
and the probe of the system's reduced-motion setting with fake readers."""

from __future__ import annotations

import pytest
from fakes import FakeClock, Rig, make_presenter

from ttt_gui.app.motion import (
    APPEAR_FROM,
    APPEAR_SECONDS,
    DROP_SECONDS,
    STILL,
    STRIKE_SECONDS,
    Kind,
    Motion,
)
from ttt_gui.app.view_state import ViewState
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import PALETTES, Role

CONNECT_FOUR = {"mode": "hotseat", "rows": 6, "cols": 7, "win_length": 4, "gravity": True}


def follow_move(rig: Rig, motion: Motion, cell: int) -> tuple[ViewState, ViewState]:
    before = rig.presenter.view()
    rig.presenter.moves.play(cell)
    after = rig.presenter.view()
    motion.follow(before, after)
    return before, after


def test_a_mark_under_gravity_falls_from_above_the_board_into_its_cell() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 3)  # d1, the top of column d: X lands on d6 (cell 38)
    assert rig.board[38] is not None, "the move is played before its mark falls"
    (fall,) = motion.running
    assert fall.kind is Kind.DROP and fall.cells == (3, 10, 17, 24, 31, 38)
    assert fall.duration == pytest.approx(DROP_SECONDS)
    assert motion.look(38).hides_mark, "the landing cell waits for its mark"
    rows = []
    for _ in range(5):
        clock.advance(0.0501)
        motion.tick()
        rows.append(fall.row_at(clock()))
        falling = [cell for cell in fall.cells if motion.look(cell).falling]
        assert 1 <= len(falling) <= 2 or not motion.is_running, "in one cell or between two"
    steps = [b - a for a, b in zip([-1.0, *rows], rows)]
    assert steps == sorted(steps), "it speeds up as it falls"
    assert not motion.is_running and rows[-1] == 5.0, "in its cell within 250 ms"
    assert all(motion.look(cell) == STILL for cell in fall.cells)


def test_a_shorter_fall_takes_less_time_and_never_over_a_quarter_second() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    durations = []
    for _ in range(6):
        follow_move(rig, motion, 0)  # column a fills up from the bottom
        durations.append(motion.running[0].duration)
    assert durations == sorted(durations, reverse=True)
    assert max(durations) <= 0.25


def test_the_next_frame_can_fall_on_the_end_of_a_fall() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    assert motion.seconds_to_next_end() == 0
    follow_move(rig, motion, 3)
    clock.advance(0.2)
    assert motion.seconds_to_next_end() == pytest.approx(DROP_SECONDS - 0.2)


def test_the_falling_mark_is_drawn_between_two_cells_with_offsets_from_each() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 3)
    (fall,) = motion.running
    clock.advance(fall.duration * 0.8)
    motion.tick()
    row = fall.row_at(clock())
    upper, lower = int(row), int(row) + 1
    assert motion.look(3 + 7 * upper).falling == (("X", round(row - upper, 3)),)
    assert motion.look(3 + 7 * lower).falling == (("X", round(row - lower, 3)),)
    assert motion.look(3 + 7 * lower).hides_mark is (lower == 5)


def test_new_input_never_waits_a_click_mid_drop_jumps_the_fall_to_its_end() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 3)
    clock.advance(0.05)
    motion.tick()
    assert motion.is_running
    assert motion.finish() >= {3, 38}, "a click first ends the fall (the board's view)"
    follow_move(rig, motion, 4)  # and is played at once
    assert str(rig.board).endswith("/...XO..")
    (fall,) = motion.running
    assert fall.cells[-1] == 39, "only O's mark moves; X's is in place"
    assert motion.look(38) == STILL


def test_a_reply_during_a_fall_falls_beside_it_and_cuts_it_short_nowhere() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 3)
    clock.advance(0.05)
    motion.tick()
    follow_move(rig, motion, 4)  # the computer's reply, 50 ms into the fall
    assert [fall.cells[-1] for fall in motion.running] == [38, 39]
    assert motion.look(38).hides_mark and motion.look(39).hides_mark
    clock.advance(DROP_SECONDS - 0.05 + 0.001)
    motion.tick()
    assert [fall.cells[-1] for fall in motion.running] == [39]
    assert motion.look(38) == STILL


def test_finish_names_every_cell_that_moved_so_it_can_be_redrawn_at_rest() -> None:
    rig, clock = make_presenter(**CONNECT_FOUR), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 3)
    assert motion.finish() == {3, 10, 17, 24, 31, 38}
    assert not motion.is_running and motion.look(38) == STILL


def test_a_mark_without_gravity_grows_into_place() -> None:
    rig, clock = make_presenter(mode="hotseat"), FakeClock()
    motion = Motion(clock)
    follow_move(rig, motion, 4)
    assert motion.look(4).scale == pytest.approx(APPEAR_FROM)
    clock.advance(APPEAR_SECONDS / 2)
    motion.tick()
    assert APPEAR_FROM < motion.look(4).scale < 1
    clock.advance(APPEAR_SECONDS)
    motion.tick()
    assert motion.look(4) == STILL and not motion.is_running


def test_the_line_through_a_win_is_drawn_after_the_last_mark_is_in_place() -> None:
    rig, clock = make_presenter(mode="hotseat"), FakeClock()
    motion = Motion(clock)
    for cell in (0, 3, 1, 4):
        follow_move(rig, motion, cell)
        clock.advance(1.0)
        motion.tick()
    follow_move(rig, motion, 2)
    kinds = [animation.kind for animation in motion.running]
    assert kinds == [Kind.APPEAR, Kind.STRIKE]
    assert motion.look(0).strike == 0.0, "not before the mark is in place"
    clock.advance(APPEAR_SECONDS + STRIKE_SECONDS / 2)
    motion.tick()
    assert 0 < motion.look(1).strike < 1
    clock.advance(STRIKE_SECONDS)
    motion.tick()
    assert motion.look(1) == STILL and not motion.is_running


def test_motion_off_in_the_settings_or_by_the_system_shows_positions_at_once() -> None:
    rig = make_presenter(Settings(motion=False))
    motion = Motion(FakeClock())
    follow_move(rig, motion, 4)
    assert not motion.is_running and motion.look(4) == STILL
    rig = make_presenter(mode="hotseat")
    motion.enabled = False
    follow_move(rig, motion, 4)
    assert not motion.is_running


def test_the_view_menu_turns_motion_off_and_it_is_saved() -> None:
    rig = make_presenter()
    assert rig.presenter.view().flags["motion"] and rig.presenter.view().motion
    rig.presenter.display.toggle_motion()
    assert not rig.presenter.view().flags["motion"] and not rig.presenter.view().motion
    assert '"motion": false' in rig.store.saved[-1]
    assert Settings.from_json(rig.store.saved[-1]).motion is False


def test_a_new_game_an_undo_or_a_pasted_position_is_not_animated() -> None:
    rig, clock = make_presenter(mode="hotseat"), FakeClock()
    motion = Motion(clock)
    for cell in (0, 3, 1):
        follow_move(rig, motion, cell)
    before = rig.presenter.view()
    rig.presenter.moves.undo()
    motion.follow(before, rig.presenter.view())
    assert not motion.is_running
    before = rig.presenter.view()
    rig.presenter.new_game_page.play_again()
    motion.follow(before, rig.presenter.view())
    assert not motion.is_running


def test_a_misere_loss_is_coloured_as_a_loss_not_a_win() -> None:
    rig = make_presenter(mode="hotseat", misere=True)
    for cell in (0, 3, 1, 4, 2):  # X completes the top row: X loses
        rig.presenter.moves.play(cell)
    view = rig.presenter.view()
    assert view.winning_line == (0, 1, 2) and view.losing_line
    assert [view.cells[cell].background for cell in (0, 1, 2)] == [Role.LOSS] * 3
    assert Role.WIN not in {cell.background for cell in view.cells}
    plain = make_presenter(mode="hotseat")
    for cell in (0, 3, 1, 4, 2):
        plain.presenter.moves.play(cell)
    assert not plain.presenter.view().losing_line
    for colours in PALETTES.values():
        assert colours[Role.LOSS] != colours[Role.WIN]


# -- the system's setting -------------------------------------------------------------
