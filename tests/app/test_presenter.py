"""Every user command through the presenter, without Tk: fake dialogs, a fake
clock, an inline search runner and a settings store that records each save."""

from __future__ import annotations

import inspect
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fakes import FakeStore, HeldRunner, InlineRunner, Rig, make_presenter

from ttt_gui.app.actions import Item, all_items
from ttt_gui.app.jobs import Job, JobRunner, JobTag
from ttt_gui.app.key_names import BOARD_KEYS, shortcut_rows
from ttt_gui.app.view_state import ViewState
from ttt_gui.app.work import PROGRESS_DELAY
from ttt_gui.board import Board, Player
from ttt_gui.config import LEVELS, GameConfig, Mode, Shape
from ttt_gui.storage.settings import MAX_ZOOM, MIN_ZOOM, Settings

X_WINS = (0, 3, 1, 4, 2)
#: The square boards of the Board menu.
SQUARES = (
    Shape(3, 3, 3),
    Shape(4, 4, 4),
    Shape(5, 5, 4),
    Shape(6, 6, 4),
    Shape(7, 7, 5),
    Shape(9, 9, 5),
)


def marks(rig: Rig) -> str:
    return str(rig.board)


def play_all(rig: Rig, cells: tuple[int, ...]) -> None:
    for cell in cells:
        rig.presenter.moves.play(cell)
        assert rig.presenter.message is None, rig.presenter.message


def saves(rig: Rig) -> int:
    return len(rig.store.saved)


def last_saved(rig: Rig) -> dict[str, object]:
    data: dict[str, object] = json.loads(rig.store.saved[-1])
    return data


# -- a game between two people ---------------------------------------------------------


def test_hot_seat_game_won_by_x() -> None:
    rig = make_presenter(mode="hotseat")
    assert rig.presenter.view().status == "X to move"
    play_all(rig, X_WINS)
    view = rig.presenter.view()
    assert view.status == "X wins! F2 plays again, Ctrl+R reviews it."
    assert view.scores == "X 1   O 0   Draws 0"
    assert view.winning_line == (0, 1, 2)
    assert [cell.background for cell in view.cells[:3]] == ["win"] * 3
    assert view.cells[8].background == "cell_busy"
    assert [cell.mark for cell in view.cells] == ["X", "X", "X", "O", "O", None, None, None, None]
    assert not any(cell.playable for cell in view.cells)
    assert view.title == "Noxo — 3×3 (3 in a row), two players"


def test_a_click_on_a_taken_cell_names_it_and_changes_nothing() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.moves.play(4)
    assert marks(rig) == ".../.X./..."
    assert rig.presenter.view().status == "b2 is already taken."
    rig.presenter.moves.play(0)
    assert rig.presenter.message is None, "an accepted move clears the message"
    assert rig.presenter.view().status == "X to move"


def test_a_click_after_the_game_is_over_changes_nothing() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, X_WINS)
    rig.presenter.moves.play(7)
    assert marks(rig) == "XXX/OO./..."
    status = rig.presenter.view().status
    assert status.startswith("X wins!") and "over" in status


def test_empty_cells_are_playable_and_the_last_move_is_marked() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    cells = rig.presenter.view().cells
    assert cells[4].background == "last" and not cells[4].playable
    assert all(cells[c].playable and cells[c].background == "cell" for c in (0, 1, 8))


def test_digit_keys_play_on_3x3_only() -> None:
    rig = make_presenter(mode="hotseat")
    assert rig.presenter.moves.play_digit(5)
    assert rig.board[4] is Player.X, "5 is the centre"
    assert rig.presenter.moves.play_digit(1)
    assert rig.board[0] is Player.O, "1 is the top left"
    assert not rig.presenter.moves.play_digit(0) and not rig.presenter.moves.play_digit(10)
    large = make_presenter(mode="hotseat", size=4)
    assert not large.presenter.moves.play_digit(5)
    assert large.board.move_count == 0


def test_activate_plays_the_cell() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.activate(8)
    assert rig.board[8] is Player.X


def test_undo_redo_and_the_move_list() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, (4, 0, 8, 2))
    presenter = rig.presenter
    assert presenter.view().history == ("Start", "1. X b2", "2. O a1", "3. X c3", "4. O c1")
    presenter.moves.go_to(2)
    assert marks(rig) == "O../.X./..."
    assert presenter.view().history_cursor == 2
    presenter.moves.redo()
    assert presenter.view().history_cursor == 3
    presenter.moves.undo()
    presenter.moves.play(6)  # playing from an earlier move discards the later ones
    assert presenter.view().history == ("Start", "1. X b2", "2. O a1", "3. X a3")
    assert "redo" in presenter.view().disabled
    presenter.moves.undo()
    assert marks(rig) == "O../.X./..."


def test_nothing_to_undo_or_redo_changes_nothing() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.moves.redo()
    rig.presenter.moves.undo()
    generation = rig.session.generation
    rig.presenter.moves.undo()
    assert rig.board.move_count == 0 and rig.session.generation == generation
    rig.presenter.moves.redo()
    rig.presenter.moves.redo()
    assert marks(rig) == ".../.X./..."


# -- against the computer ---------------------------------------------------------------

PREFERENCES = [
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
    (4, 0, 8, 2, 6, 1, 3, 5, 7),
    (8, 7, 6, 5, 4, 3, 2, 1, 0),
    (1, 3, 5, 7, 0, 2, 6, 8, 4),
    (0, 8, 2, 6, 4, 1, 7, 3, 5),
]


def play_against_perfect(human: str, choose: object) -> Board:
    """A whole game against the computer at Perfect; ``choose(board)`` picks the
    person's cell."""
    rig = make_presenter(mode="computer", human=human, level="strongest")
    for _ in range(20):
        rig.settle()
        board = rig.board
        if board.is_over:
            status = rig.presenter.view().status
            assert status in (
                "Draw. F2 plays again, Ctrl+R reviews it.",
                "The computer wins. F2 plays again, Ctrl+R reviews it.",
            ), status
            return board
        assert board.turn is Player(human), "the computer did not answer"
        rig.presenter.moves.play(choose(board))  # type: ignore[operator]
        assert rig.presenter.message is None
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("human", ["X", "O"])
@pytest.mark.parametrize("preference", PREFERENCES)
def test_the_person_never_beats_perfect_with_fixed_orders(
    human: str, preference: tuple[int, ...]
) -> None:
    board = play_against_perfect(human, lambda b: next(c for c in preference if b[c] is None))
    assert board.winner is not Player(human)


@pytest.mark.parametrize("human", ["X", "O"])
def test_the_person_never_beats_perfect_with_random_moves(human: str) -> None:
    rng = random.Random(f"perfect-{human}")
    results = set()
    for _ in range(60):
        board = play_against_perfect(human, lambda b: rng.choice(b.legal_moves()))
        assert board.winner is not Player(human), str(board)
        results.add(board.winner)
    assert Player(human).other in results, "random play should lose at least once"


def test_the_computer_opens_when_the_person_plays_o() -> None:
    rig = make_presenter(mode="computer", human="O")
    assert rig.presenter.view().status == "Computer is thinking…"
    assert rig.presenter.view().is_busy
    rig.settle()
    assert rig.board.move_count == 1 and rig.board.turn is Player.O
    assert rig.presenter.view().status == "Your turn (O)"


def test_a_click_while_the_computer_thinks_changes_nothing() -> None:
    rig = make_presenter(mode="computer", human="O", computer_pause=0.3)
    rig.presenter.moves.play(0)
    assert rig.board.move_count == 0
    assert rig.presenter.view().status == "Wait for the computer's move."
    assert not any(cell.playable for cell in rig.presenter.view().cells)


def test_on_3x3_the_reply_waits_for_the_computer_pause() -> None:
    rig = make_presenter(mode="computer", human="X", computer_pause=0.25)
    rig.presenter.moves.play(4)
    rig.presenter.tick()
    assert rig.board.move_count == 1, "the reply waits for its moment"
    assert rig.presenter.is_working and rig.presenter.view().is_busy
    rig.clock.advance(0.125)
    rig.presenter.tick()
    assert rig.board.move_count == 1
    rig.clock.advance(0.125)
    rig.presenter.tick()
    assert rig.board.move_count == 2
    assert not rig.presenter.is_working
    assert rig.presenter.view().status == "Your turn (X)"


def test_on_larger_boards_the_reply_does_not_wait() -> None:
    rig = make_presenter(mode="computer", size=4, level="easy", computer_pause=0.3)
    rig.presenter.moves.play(5)
    rig.presenter.tick()
    assert rig.board.move_count == 2
    assert not rig.presenter.is_working


def test_the_progress_bar_shows_only_for_a_long_search() -> None:
    runner = HeldRunner()
    rig = make_presenter(mode="computer", size=4, level="easy", runner=runner)
    rig.presenter.moves.play(5)
    rig.presenter.tick()  # the search starts
    assert not rig.presenter.view().show_progress
    rig.clock.advance(PROGRESS_DELAY - 0.05)
    assert not rig.presenter.view().show_progress
    rig.clock.advance(0.1)
    assert rig.presenter.view().show_progress
    runner.run()
    rig.presenter.tick()
    assert rig.board.move_count == 2
    assert not rig.presenter.view().show_progress


def test_undo_against_the_computer_takes_back_both_moves_and_starts_nothing() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    rig.presenter.moves.play(4)
    rig.settle()
    rig.presenter.moves.play(next(c for c in (0, 2, 6, 8) if rig.board[c] is None))
    rig.settle()
    assert rig.board.move_count == 4
    after_two = rig.board
    rig.presenter.moves.undo()
    assert rig.board.move_count == 2 and rig.board.turn is Player.X
    rig.presenter.moves.undo()
    assert isinstance(rig.runner, InlineRunner)
    started = len(rig.runner.started)
    rig.presenter.tick()
    assert rig.board.move_count == 0
    assert not rig.presenter.is_working and len(rig.runner.started) == started
    assert "undo" in rig.presenter.view().disabled
    rig.presenter.moves.redo()
    rig.presenter.moves.redo()
    rig.presenter.tick()
    assert rig.board == after_two and not rig.presenter.is_working


def test_the_move_list_against_the_computer_stops_on_your_turn() -> None:
    rig = make_presenter(mode="computer", human="X")
    rig.presenter.moves.play(4)
    rig.settle()
    rig.presenter.moves.play(next(c for c in (0, 2, 6, 8) if rig.board[c] is None))
    rig.settle()
    rig.presenter.moves.go_to(1)  # your first move: shown with the computer's reply
    rig.presenter.tick()
    assert rig.board.move_count == 2 and rig.board[4] is not None
    assert not rig.session.is_computer_turn and not rig.presenter.is_working


def test_a_stale_move_is_never_played() -> None:
    """Even a runner that hands back the result of a cancelled search cannot
    make the presenter play it on a newer position."""

    class LeakyRunner(InlineRunner):
        def cancel(self) -> None:  # forgets to drop the result
            pass

    rig = make_presenter(mode="computer", human="O", runner=LeakyRunner())
    rig.presenter.setup.set_mode("hotseat")
    rig.presenter.tick()
    assert rig.board.move_count == 0
    rig.presenter.moves.play(4)
    assert marks(rig) == ".../.X./..."


class FailingRunner(InlineRunner):
    """Runs every search as one that raises."""

    def start(self, tag: JobTag, job: Job) -> None:
        def fail(stop: threading.Event) -> object:
            raise RuntimeError("search broke")

        super().start(tag, fail)


def test_a_failing_search_is_reported_and_the_game_goes_on() -> None:
    rig = make_presenter(mode="computer", human="O", runner=FailingRunner())
    rig.presenter.tick()
    assert len(rig.presenter.errors) == 1
    assert rig.dialogs.names() == ["show_error"]
    assert "RuntimeError: search broke" in rig.presenter.view().status
    rig.presenter.setup.set_mode("hotseat")
    rig.presenter.moves.play(4)
    assert rig.board[4] is Player.X


def test_a_failing_search_is_reported_once_not_again_on_every_poll() -> None:
    rig = make_presenter(mode="computer", human="O", runner=FailingRunner())
    rig.presenter.tick()
    for _ in range(3):  # the window polls while the presenter has work
        rig.presenter.tick()
    assert len(rig.presenter.errors) == 1, "the failed search was started again"
    assert rig.dialogs.names().count("show_error") == 1
    assert not rig.presenter.is_working
    rig.presenter.new_game_page.play_again()  # a new position may be searched again
    rig.presenter.tick()
    assert len(rig.presenter.errors) == 2


def test_the_presenter_with_the_search_thread() -> None:
    """The real job runner: the computer's reply arrives through tick()."""
    runner = JobRunner()
    rig = make_presenter(mode="computer", human="O", level="strongest", runner=runner)
    try:
        for _ in range(10_000):
            rig.presenter.tick()
            if rig.board.move_count == 1:
                break
            time.sleep(0.001)
        assert rig.board.move_count == 1, "the computer never answered"
        assert not rig.presenter.is_working
        rig.presenter.moves.play(next(c for c in (0, 2, 6, 8, 4) if rig.board[c] is None))
        assert rig.presenter.is_working
    finally:
        rig.presenter.quit()
    assert runner.tag is None and not runner.is_running


# -- computer vs computer ------------------------------------------------------------------


def watch(**changes: object) -> Rig:
    game = GameConfig(mode=Mode.WATCH, x_level="strongest", o_level="strongest")
    return make_presenter(Settings(game=game, **changes))  # type: ignore[arg-type]


def test_watch_mode_starts_paused() -> None:
    rig = watch()
    view = rig.presenter.view()
    assert "paused" in view.status and view.is_watch
    rig.presenter.tick()
    assert not rig.presenter.is_working
    rig.clock.advance(60)
    rig.presenter.tick()
    assert rig.board.move_count == 0


def test_play_pause_plays_a_whole_game_at_the_watch_speed() -> None:
    rig = watch(watch_delay=500)
    rig.presenter.moves.play_pause()
    moves = [rig.board.move_count]
    for _ in range(40):
        if rig.board.is_over:
            break
        rig.presenter.tick()
        assert rig.board.move_count == moves[-1], "a move came before its delay"
        rig.clock.advance(0.375)
        rig.presenter.tick()
        assert rig.board.move_count == moves[-1]
        rig.clock.advance(0.125)
        rig.presenter.tick()
        moves.append(rig.board.move_count)
        assert moves[-1] == moves[-2] + 1, "one move per delay"
    assert rig.board.is_over and rig.board.winner is None, "perfect against perfect draws"
    view = rig.presenter.view()
    assert view.status == "Draw. F2 plays again, Ctrl+R reviews it."
    assert view.scores == "X 0   O 0   Draws 1"
    assert rig.session.config.score_key.startswith("watch:")
    assert not rig.presenter.is_working
    assert last_saved(rig)["scores"] == {
        "watch:3x3:3 at strongest/strongest": {"draw": 1},
        "watch:3x3:3 vs strongest/strongest": {"draw": 1},
    }


def test_instant_watch_speed_plays_a_move_per_tick() -> None:
    rig = watch(watch_delay=0)
    rig.presenter.moves.play_pause()
    for expected in range(1, 10):
        rig.presenter.tick()
        assert rig.board.move_count == expected
    assert rig.board.is_over


def test_step_plays_exactly_one_move() -> None:
    rig = watch(watch_delay=1000)
    rig.presenter.moves.step()
    rig.presenter.tick()
    assert rig.board.move_count == 1, "a step does not wait for the watch delay"
    for _ in range(5):
        rig.clock.advance(5)
        rig.presenter.tick()
    assert rig.board.move_count == 1
    assert "paused" in rig.presenter.view().status
    rig.presenter.moves.step()
    rig.presenter.tick()
    assert rig.board.move_count == 2


def test_step_after_going_back_in_the_move_list_shows_the_recorded_move() -> None:
    rig = watch(watch_delay=1000)
    for _ in range(4):
        rig.presenter.moves.step()
        rig.presenter.tick()
    recorded = list(rig.session.history.boards)
    assert rig.board.move_count == 4
    rig.presenter.moves.go_to(1)
    for expected in (2, 3):
        rig.presenter.moves.step()
        rig.presenter.tick()
        assert rig.board == recorded[expected]
        assert rig.presenter.view().history_cursor == expected
        assert list(rig.session.history.boards) == recorded, "the rest of the game is kept"
    assert "paused" in rig.presenter.view().status
    rig.presenter.moves.step()
    rig.presenter.moves.step()
    rig.presenter.tick()
    assert rig.board.move_count == 5, "past the record, the computer plays on"


def test_pause_stops_the_game() -> None:
    rig = watch(watch_delay=125)
    rig.presenter.moves.play_pause()
    for _ in range(3):
        rig.presenter.tick()
        rig.clock.advance(0.125)
        rig.presenter.tick()
    assert rig.board.move_count == 3
    rig.presenter.tick()  # the fourth move is now computed and waits
    rig.presenter.moves.play_pause()
    rig.presenter.tick()
    assert not rig.presenter.is_working, "pausing drops the move on its way"
    for _ in range(5):
        rig.clock.advance(1)
        rig.presenter.tick()
    assert rig.board.move_count == 3
    assert "paused" in rig.presenter.view().status


def test_space_on_a_cell_plays_or_pauses_and_clicks_do_not_move() -> None:
    rig = watch(watch_delay=0)
    rig.presenter.moves.activate(4)
    assert rig.session.watch_running
    rig.presenter.moves.activate(4)
    assert not rig.session.watch_running
    rig.presenter.moves.play(4)
    assert rig.board.move_count == 0
    assert "both sides" in rig.presenter.view().status


def test_play_pause_after_the_end_starts_a_new_game() -> None:
    rig = watch(watch_delay=0)
    rig.presenter.moves.play_pause()
    rig.settle()
    assert rig.board.is_over
    rig.presenter.moves.step()
    assert "over" in rig.presenter.view().status
    rig.presenter.moves.play_pause()
    rig.presenter.tick()
    assert rig.board.move_count == 1
    assert rig.session.tally()["draw"] == 1


def test_watch_levels_apply_without_asking() -> None:
    rig = watch(watch_delay=0)
    rig.presenter.moves.step()
    rig.presenter.tick()
    rig.presenter.setup.set_x_level("easy")
    assert rig.session.config.x_level == "easy"
    assert (
        rig.session.engines.player(rig.session.config, rig.session.board.turn).lookahead
        == LEVELS["easy"].lookahead
    )
    assert rig.presenter.view().choices["x_level"] == "easy"
    rig.presenter.setup.set_o_level("hard")
    assert rig.presenter.view().choices["o_level"] == "hard"
    assert "confirm" not in rig.dialogs.names()


def test_play_pause_and_step_are_refused_outside_watch_mode() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play_pause()
    assert "computer-vs-computer" in rig.presenter.view().status
    rig.presenter.moves.step()
    assert "computer-vs-computer" in rig.presenter.view().status
    assert rig.session.config.mode is Mode.HOTSEAT


# -- hints and analysis ------------------------------------------------------------------


def test_hint_points_at_the_winning_move() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, (0, 3, 1, 4))
    rig.presenter.coach.hint()
    assert rig.presenter.view().status == "Looking for a hint…"
    rig.presenter.tick()
    view = rig.presenter.view()
    assert view.status == "Hint: c1 (X wins in 1 move)"
    assert [cell for cell, c in enumerate(view.cells) if c.background == "hint"] == [2]
    rig.presenter.moves.play(2)
    assert not any(c.background == "hint" for c in rig.presenter.view().cells)


def test_a_hint_is_immediate_when_the_analysis_is_shown() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.display.toggle_analysis()
    play_all(rig, (0, 3, 1, 4))
    rig.presenter.tick()
    rig.presenter.coach.hint()
    assert rig.presenter.view().status == "Hint: c1 (X wins in 1 move)"


def test_a_hint_suggests_one_move_among_equally_good_ones() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.coach.hint()
    rig.presenter.tick()
    view = rig.presenter.view()
    hinted = [cell for cell, shown in enumerate(view.cells) if shown.background == "hint"]
    assert len(hinted) == 1
    assert rig.session.analysis is not None and hinted[0] in rig.session.analysis.best
    assert view.status == f"Hint: {rig.board.coordinate(hinted[0])} (draw)"


def test_no_hint_after_the_game() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, X_WINS)
    rig.presenter.coach.hint()
    assert "no hint" in rig.presenter.view().status
    rig.presenter.tick()
    assert not rig.presenter.is_working


def tones(view: ViewState) -> dict[str, str]:
    return {cell.note: cell.tone for cell in view.cells if cell.note}


def test_the_analysis_shows_every_moves_value_in_its_tone() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.display.toggle_analysis()
    assert rig.presenter.view().flags["analysis"]
    rig.presenter.tick()
    view = rig.presenter.view()
    assert [cell.note for cell in view.cells] == ["draw"] * 9, "every first move draws"
    assert {cell.tone for cell in view.cells} == {"even"}
    rig.presenter.moves.play(4)
    rig.presenter.tick()
    cells = rig.presenter.view().cells
    assert cells[4].note == "" and cells[4].mark == "X"
    assert [cells[c].note for c in (0, 2, 6, 8)] == ["draw"] * 4, "a corner holds the draw"
    assert all(cells[c].note.startswith("X wins in") for c in (1, 3, 5, 7)), "an edge loses"
    assert {cells[c].tone for c in (1, 3, 5, 7)} == {"bad"}
    assert {cells[c].tone for c in (0, 2, 6, 8)} == {"even"}


def test_the_same_words_always_get_the_same_tone() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.display.toggle_analysis()
    seen: dict[tuple[str, str], str] = {}  # (the side to move, the words): the tone
    for cell in (4, 1, 0, 8, 2):  # a game in which both sides have wins and losses
        rig.presenter.tick()
        mover = rig.board.turn.value
        for words, tone in tones(rig.presenter.view()).items():
            assert seen.setdefault((mover, words), tone) == tone, f"{words!r} in two tones"
        rig.presenter.moves.play(cell)
    # The words name the winner; the tone says whether that is the side to move.
    wins = {(mover, words): tone for (mover, words), tone in seen.items() if " wins in " in words}
    assert any(words.startswith(mover) for mover, words in wins)
    assert any(not words.startswith(mover) for mover, words in wins)
    for (mover, words), tone in wins.items():
        assert tone == ("good" if words.startswith(mover) else "bad"), (mover, words)


def test_an_approximate_analysis_says_it_is_being_proved() -> None:
    rig = make_presenter(mode="hotseat", size=5, think_time=0.05)
    rig.presenter.display.toggle_analysis()
    rig.presenter.moves.play(12)
    rig.presenter.tick()
    view = rig.presenter.view()
    assert rig.session.analysis is not None
    depth = rig.session.analysis.depth
    assert f"Analysis: proving… searched {depth} move" in view.status
    notes = [cell.note for cell in view.cells]
    assert sum(1 for note in notes if note) == 24
    for cell in view.cells:
        if cell.note in ("about even", "draw"):
            assert cell.tone == "even"
        elif cell.note.startswith("O "):  # O to move: its advantage or its win
            assert cell.tone == "good"
        elif cell.note:
            assert cell.tone == "bad"


def test_turning_the_analysis_off_hides_it_and_stops_searching() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.display.toggle_analysis()
    assert rig.presenter.is_working
    rig.presenter.display.toggle_analysis()
    rig.presenter.tick()
    assert not rig.presenter.is_working
    assert not rig.presenter.view().flags["analysis"]
    rig.presenter.tick()
    assert all(cell.note == "" for cell in rig.presenter.view().cells)


def test_the_analysis_waits_for_the_computers_move() -> None:
    rig = make_presenter(mode="computer", human="O", computer_pause=0.3)
    rig.presenter.display.toggle_analysis()
    rig.presenter.tick()
    assert isinstance(rig.runner, InlineRunner)
    assert [tag.kind for tag in rig.runner.started] == ["move"]
    rig.clock.advance(1)
    rig.presenter.tick()
    assert rig.board.move_count == 1
    assert [tag.kind for tag in rig.runner.started] == ["move", "analysis"]
    rig.presenter.tick()
    assert sum(1 for cell in rig.presenter.view().cells if cell.note) == 8


# -- settings and scores are saved ------------------------------------------------------------


def test_settings_are_saved_on_changes_not_on_every_move() -> None:
    rig = make_presenter(mode="hotseat")
    presenter = rig.presenter
    play_all(rig, (4, 0, 8))
    assert saves(rig) == 0, "plain moves save nothing"
    changes: list[tuple[Callable[..., None], tuple[object, ...], Callable[[Any], bool]]] = [
        (presenter.display.set_theme, ("dark",), lambda d: d["theme"] == "dark"),
        (presenter.display.zoom_in, (), lambda d: d["zoom"] > 1),
        (presenter.display.toggle_analysis, (), lambda d: d["analysis"] is True),
        (presenter.display.toggle_history, (), lambda d: d["history"] is True),
        (presenter.display.set_speed, (100,), lambda d: d["watch_delay"] == 100),
        (presenter.setup.set_think_time, (2.0,), lambda d: d["think_time"] == 2.0),
        (presenter.setup.set_level, ("hard",), lambda d: d["level"] == "hard"),
        (
            presenter.setup.set_board,
            (Shape(4, 4, 4),),
            lambda d: (d["size"], d["win_length"]) == (4, 4),
        ),
        (presenter.setup.set_mode, ("computer",), lambda d: d["mode"] == "computer"),
    ]
    for method, arguments, check in changes:
        before = saves(rig)
        method(*arguments)
        rig.settle()
        assert saves(rig) == before + 1, method.__name__
        assert check(last_saved(rig)), method.__name__


def test_scores_are_saved_when_a_game_ends() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, X_WINS[:-1])
    assert saves(rig) == 0
    rig.presenter.moves.play(X_WINS[-1])
    assert saves(rig) == 1
    assert last_saved(rig)["scores"] == {
        "hotseat:3x3:3": {"X": 1},
        "hotseat:3x3:3 vs people": {"X": 1},
    }
    rig.presenter.moves.undo()
    assert saves(rig) == 2, "the tally changed back"
    assert last_saved(rig)["scores"] == {
        "hotseat:3x3:3": {"X": 0},
        "hotseat:3x3:3 vs people": {"X": 0},
    }


def test_scores_are_saved_when_the_computer_wins() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    for _ in range(9):  # edges first: the computer wins
        rig.settle()
        if rig.board.is_over:
            break
        rig.presenter.moves.play(next(c for c in (1, 3, 5, 7, 0, 2, 6, 8) if rig.board[c] is None))
    rig.settle()
    assert rig.board.winner is Player.O
    assert last_saved(rig)["scores"] == {
        "computer:3x3:3 at strongest": {"computer": 1},
        "computer:3x3:3 vs strongest": {"computer": 1, "computer:X": 1},
    }
    assert rig.presenter.view().status == "The computer wins. F2 plays again, Ctrl+R reviews it."


def test_reset_scores_zeroes_and_saves() -> None:
    rig = make_presenter(mode="hotseat")
    play_all(rig, X_WINS)
    rig.presenter.setup.reset_scores()
    view = rig.presenter.view()
    assert view.scores == "X 0   O 0   Draws 0"
    assert "Scores reset." in view.status
    assert last_saved(rig)["scores"] == {"hotseat:3x3:3 vs people": {"X": 1}}, "statistics stay"


def test_a_settings_store_that_fails_is_reported_and_the_game_goes_on() -> None:
    rig = make_presenter(mode="hotseat", store=FakeStore(fail=True))
    rig.presenter.display.set_theme("dark")
    assert rig.presenter.view().status == "Settings not saved: Permission denied."
    rig.presenter.moves.play(4)
    assert rig.board[4] is Player.X
    assert rig.presenter.errors == []


def test_theme_and_zoom() -> None:
    rig = make_presenter()
    presenter = rig.presenter
    presenter.display.set_theme("dark")
    assert presenter.view().theme == "dark" and presenter.view().choices["theme"] == "dark"
    before = saves(rig)
    presenter.display.set_theme("no such theme")
    assert presenter.view().theme == "dark" and saves(rig) == before
    presenter.display.zoom_in()
    assert presenter.view().zoom > 1
    presenter.display.zoom_out()
    presenter.display.zoom_out()
    assert presenter.view().zoom < 1
    presenter.display.zoom_reset()
    assert presenter.view().zoom == 1
    for _ in range(30):
        presenter.display.zoom_in()
    assert presenter.view().zoom == MAX_ZOOM
    for _ in range(30):
        presenter.display.zoom_out()
    assert presenter.view().zoom == MIN_ZOOM


def test_the_window_size_is_remembered_without_saving() -> None:
    rig = make_presenter()
    rig.presenter.display.set_window_size(800, 600)
    rig.presenter.display.set_window_size(1, 1)  # a window not yet mapped
    assert rig.presenter.settings.window == "800x600"
    assert saves(rig) == 0
    rig.presenter.quit()
    assert last_saved(rig)["window"] == "800x600"


def test_quit_saves_the_settings_and_closes() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_board(Shape(5, 5, 4))
    rig.presenter.quit()
    assert rig.presenter.is_closed
    saved = last_saved(rig)
    assert (saved["mode"], saved["size"], saved["win_length"]) == ("hotseat", 5, 4)
    assert Settings.from_json(rig.store.saved[-1]).game == rig.session.config


def test_quit_during_a_search_stops_it() -> None:
    rig = make_presenter(mode="computer", human="O", computer_pause=0.3)
    assert rig.presenter.is_working
    rig.presenter.quit()
    assert not rig.presenter.is_working and rig.presenter.is_closed


# -- configuration and confirmation -----------------------------------------------------------


def test_mode_and_side() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_mode("computer")
    assert rig.session.config.mode is Mode.COMPUTER
    assert rig.presenter.view().status == "Your turn (X)"
    rig.presenter.setup.set_human("O")
    assert rig.session.config.human is Player.O
    rig.settle()
    assert rig.board.move_count == 1 and rig.board.turn is Player.O
    rig.presenter.setup.set_mode("hotseat")
    assert rig.presenter.view().status == "X to move"


def test_a_declined_confirm_leaves_the_game_and_the_config() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.dialogs.confirm_answer = False
    presenter = rig.presenter
    config = rig.session.config
    attempts: list[Callable[[], None]] = [
        lambda: presenter.setup.set_mode("computer"),
        presenter.new_game_page.play_again,
        lambda: presenter.setup.set_board(Shape(4, 4, 4)),
    ]
    for attempt in attempts:
        attempt()
        assert marks(rig) == ".../.X./..." and rig.session.config == config
        assert rig.presenter.view().choices["mode"] == "hotseat"
        assert rig.presenter.view().choices["board"] == Shape(3, 3, 3)
    assert rig.dialogs.names() == ["confirm"] * len(attempts)
    assert rig.dialogs.calls[0][1][0] == "New game"
    assert saves(rig) == 0


def test_an_accepted_confirm_starts_the_new_game() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.setup.set_mode("computer")
    assert rig.dialogs.names() == ["confirm"]
    assert rig.board.move_count == 0 and rig.session.config.mode is Mode.COMPUTER


def test_no_confirm_when_no_persons_move_would_be_lost() -> None:
    rig = make_presenter(mode="computer", human="O")
    rig.settle()
    assert rig.board.move_count == 1
    rig.presenter.new_game_page.play_again()  # only the computer has moved
    rig.settle()
    rig.presenter.setup.set_mode("watch")
    rig.presenter.moves.step()
    rig.presenter.tick()
    assert rig.board.move_count == 1
    rig.presenter.setup.set_mode("hotseat")  # computer vs computer
    play_all(rig, X_WINS)
    rig.presenter.new_game_page.play_again()  # a finished game
    assert "confirm" not in rig.dialogs.names()


def test_settings_that_do_not_change_the_game_keep_it_without_asking() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.setup.set_level("easy")  # no computer in hot-seat
    rig.presenter.setup.set_think_time(5.0)
    rig.presenter.display.set_speed(1000)
    rig.presenter.setup.set_x_level("hard")
    assert rig.board.move_count == 1 and "confirm" not in rig.dialogs.names()
    assert rig.session.config.level == "easy" and rig.session.config.think_time == 5.0
    game = make_presenter(mode="computer", size=9)
    game.presenter.moves.play(40)
    game.presenter.setup.set_think_time(0.5)
    assert game.board.move_count == 1 and "confirm" not in game.dialogs.names()


def test_a_bad_value_is_refused_in_words() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_think_time(1000.0)
    assert rig.presenter.view().status.startswith("Not possible: 'think_time'")
    assert rig.session.config.think_time == 1.0


@pytest.mark.parametrize(
    ("name", "depth"), [("easy", 0), ("medium", 1), ("hard", 3), ("strongest", None)]
)
def test_difficulty_levels_set_the_lookahead(name: str, depth: int | None) -> None:
    rig = make_presenter(mode="computer", human="O", level="easy" if name != "easy" else "hard")
    rig.presenter.setup.set_level(name)
    assert rig.session.config.max_depth == depth
    assert (
        rig.session.engines.player(rig.session.config, rig.session.board.turn).lookahead == depth
    )
    assert rig.presenter.view().choices["level"] == name


def test_custom_depth_is_asked_and_validated() -> None:
    rig = make_presenter(mode="computer")
    rig.dialogs.integers.extend([5, None, 0, 100])
    rig.presenter.setup.ask_custom_depth()
    assert rig.session.config.max_depth == 5
    name, (title, _prompt, initial, minimum, maximum) = rig.dialogs.calls[0]
    assert (name, title, initial, minimum, maximum) == ("ask_integer", "Custom depth", 1, 1, 9)
    assert rig.presenter.view().choices["level"] == "custom"
    assert rig.presenter.view().title.endswith("(depth 5)")
    for _ in range(3):  # cancelled, then out of range: unchanged
        rig.presenter.setup.ask_custom_depth()
        assert rig.session.config.max_depth == 5
    rig.presenter.setup.set_level("hard")
    assert rig.session.config.depth is None and rig.session.config.max_depth == 3


def test_custom_board_is_one_question_and_checked() -> None:
    rig = make_presenter(mode="hotseat")
    rig.dialogs.boards.append(Shape(6, 6, 5))
    rig.presenter.setup.ask_custom_board()
    assert (rig.session.config.size, rig.session.config.win_length) == (6, 5)
    view = rig.presenter.view()
    assert len(view.cells) == 36 and view.choices["board"] == "custom"
    assert view.labels["ask_custom_board"] == "C&ustom: 6×6 (5 in a row)…"
    assert [name for name in rig.dialogs.names() if name.startswith("ask")] == ["ask_board"]
    assert rig.dialogs.calls[0] == ("ask_board", Shape(3, 3, 3)), (
        "it starts from the current board"
    )
    for answer in (None, Shape(16, 16, 5), Shape(4, 4, 5), Shape(4, 4, 2), Shape(3, 4, 5)):
        rig.dialogs.boards.append(answer)
        rig.presenter.setup.ask_custom_board()
        assert (rig.session.config.size, rig.session.config.win_length) == (6, 5), answer


def test_a_custom_board_of_a_standard_shape_selects_it() -> None:
    rig = make_presenter(mode="hotseat", size=5)
    rig.dialogs.boards.append(Shape(3, 3, 3))
    rig.presenter.setup.ask_custom_board()
    assert rig.presenter.view().choices["board"] == Shape(3, 3, 3)


def test_board_choices_rebuild_the_cells() -> None:
    rig = make_presenter(mode="hotseat")
    for size, win_length in ((4, 4), (9, 5), (7, 5), (3, 3)):
        rig.presenter.setup.set_board(Shape(size, size, win_length))
        view = rig.presenter.view()
        assert (view.size, view.win_length, len(view.cells)) == (size, win_length, size * size)
        assert view.choices["board"] == Shape(size, size, win_length)


def test_a_new_board_drops_a_custom_depth_that_no_longer_fits() -> None:
    rig = make_presenter(mode="computer", size=4, depth=12)
    rig.presenter.setup.set_board(Shape(3, 3, 3))
    assert rig.session.config.depth is None


# -- help, errors ---------------------------------------------------------------------------


def test_help_shows_its_texts() -> None:
    rig = make_presenter(size=5)
    rig.presenter.display.how_to_play()
    rig.presenter.display.show_shortcuts()
    rig.presenter.display.about()
    calls = rig.dialogs.calls
    assert [name for name, _ in calls] == ["show_text", "show_table", "show_text"]
    assert calls[0][1][0] == "How to play" and "4 marks in a row" in str(calls[0][1][1])
    assert calls[1][1] == ("Keyboard shortcuts", shortcut_rows())
    assert calls[2][1][0] == "About"
    assert "negamax" in str(calls[2][1][1]) and "alpha-beta" in str(calls[2][1][1])


def test_report_error_shows_it_and_the_game_goes_on() -> None:
    rig = make_presenter(mode="hotseat")
    error = RuntimeError("boom")
    rig.presenter.report_error(error)
    assert rig.presenter.errors == [error]
    assert rig.dialogs.calls[-1][0] == "show_error"
    title, text = rig.dialogs.calls[-1][1]
    assert title == "Unexpected error" and "RuntimeError: boom" in str(text)
    assert "Something went wrong: RuntimeError: boom" in rig.presenter.view().status
    rig.presenter.moves.play(4)
    assert rig.board[4] is Player.X


# -- the view state and the menu table -----------------------------------------------------------


def test_disabled_actions_follow_the_state() -> None:
    rig = make_presenter(mode="hotseat")
    disabled = rig.presenter.view().disabled
    assert {"undo", "redo", "set_human", "set_level", "play_pause", "step"} <= disabled
    rig.presenter.moves.play(4)
    assert "undo" not in rig.presenter.view().disabled
    rig.presenter.moves.undo()
    disabled = rig.presenter.view().disabled
    assert "redo" not in disabled and "undo" in disabled
    rig.presenter.setup.set_mode("computer")
    disabled = rig.presenter.view().disabled
    assert not {"set_human", "set_level", "ask_custom_depth"} & disabled
    assert {"play_pause", "step"} <= disabled
    rig.presenter.setup.set_mode("watch")
    disabled = rig.presenter.view().disabled
    assert not {"play_pause", "step"} & disabled
    assert {"set_human", "set_level"} <= disabled


@pytest.mark.parametrize(
    "settings",
    [
        Settings(),
        Settings(
            game=GameConfig(mode=Mode.WATCH, rows=5, cols=5, win_length=4, think_time=2.0),
            theme="dark",
            watch_delay=100,
            history=True,
        ),
        Settings(
            game=GameConfig(human=Player.O, depth=3, x_level="easy", o_level="hard"),
            analysis=True,
        ),
        Settings(game=GameConfig(mode=Mode.HOTSEAT, rows=6, cols=6, win_length=5)),
    ],
)
def test_choices_and_flags_match_the_settings(settings: Settings) -> None:
    rig = make_presenter(settings)
    view = rig.presenter.view()
    config = settings.game
    shape = Shape(config.size, config.size, config.win_length)
    assert view.choices == {
        "mode": config.mode.value,
        "human": config.human.value,
        "level": "custom" if config.depth is not None else config.level,
        "board": shape if shape in SQUARES else "custom",
        "think": config.think_time,
        "theme": settings.theme,
        "x_level": config.x_level,
        "o_level": config.o_level,
        "speed": settings.watch_delay,
        "language": settings.language,
    }
    assert view.flags == {
        "analysis": settings.analysis,
        "history": settings.history,
        "coordinates": config.size >= 4,
        "alternate": settings.alternate,
        "motion": settings.motion,
        "sound": True,  # the desktop allows event sounds, and the person has not chosen
        "toolbar": settings.toolbar,
    }
    assert view.show_history is settings.history


MENU_ITEMS = [item for item in all_items() if item.action]


@pytest.mark.parametrize("item", MENU_ITEMS, ids=lambda item: f"{item.action}:{item.label}")
def test_every_menu_item_runs_its_command(item: Item) -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    ticked_before = rig.presenter.view().flags.get(
        item.group, False
    )  # Animations and Toolbar are on
    action = rig.presenter.commands[item.action]
    signature = inspect.signature(action)
    argument = item.argument
    if argument is None:
        signature.bind()
        action()
    else:
        signature.bind(argument)
        action(argument)
    rig.settle()
    assert rig.presenter.errors == []
    view = rig.presenter.view()
    if item.kind == "radio" and argument is not None:
        assert view.choices[item.group] == item.value
    if item.kind == "check":
        assert view.flags[item.group] is (not ticked_before)


def test_every_action_named_by_a_menu_item_or_disabled_set_exists() -> None:
    rig = make_presenter(mode="hotseat")
    actions = {item.action for item in MENU_ITEMS}
    for settings_mode in ("hotseat", "computer", "watch"):
        rig.presenter.setup.set_mode(settings_mode)
        actions |= rig.presenter.view().disabled
    missing = sorted(actions - set(rig.presenter.commands))
    assert missing == []


def test_shortcut_rows_list_every_keyed_item() -> None:
    rows = shortcut_rows()
    keyed = [item for item in all_items() if item.keys]
    assert keyed, "the menus have shortcuts"
    for item in keyed:
        keys = " or ".join(item.keys)
        if keys in ("Space", "Right"):  # board keys, listed with BOARD_KEYS
            assert any(item.keys[0] in row_keys for row_keys, _ in BOARD_KEYS)
        else:
            assert (keys, item.text.rstrip("…")) in rows, keys
    assert ("Ctrl+Z", "Undo") in rows
    assert all(row in rows for row in BOARD_KEYS)
    assert len(rows) == len({keys for keys, _ in rows}), "a key is listed twice"


def test_reset_size_forgets_the_window_size_the_person_gave() -> None:
    rig = make_presenter()
    rig.presenter.display.set_window_size(800, 600)
    rig.presenter.display.zoom_in()
    rig.presenter.display.zoom_reset()
    assert rig.presenter.settings.window == "" and rig.presenter.view().zoom == 1.0
    assert last_saved(rig)["window"] == ""
