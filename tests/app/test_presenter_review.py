"""Review this game, through the presenter: offered when a game ends, run as a
job, cancelled, marks in the move list, a reviewed move shown with the better
moves; no display."""

from __future__ import annotations

import threading
import time

from fakes import MARKED_LIST, REVIEWED_GAME, HeldRunner, Rig, make_presenter

from ttt_gui.analysis.position import Analyst
from ttt_gui.app.engine_pool import think_limit
from ttt_gui.app.jobs import Finished, JobKind, JobRunner
from ttt_gui.config import GameConfig, Mode
from ttt_gui.engine import Engine, Limit
from ttt_gui.storage.settings import Settings

#: The review's summary: the count, the first mistake, where the rest is.
SUMMARY = "Review: 1 mistake, move 2: O b1. Choose a move in the list to see its review."


def hotseat_game(moves: tuple[int, ...] = REVIEWED_GAME, **kwargs: object) -> Rig:
    rig = make_presenter(mode="hotseat", **kwargs)  # type: ignore[arg-type]
    for cell in moves:
        rig.presenter.moves.play(cell)
    return rig


def reviewed(moves: tuple[int, ...] = REVIEWED_GAME) -> Rig:
    rig = hotseat_game(moves)
    rig.presenter.coach.review_game()
    rig.settle()
    return rig


# -- asking for a review ------------------------------------------------------------------


def test_a_finished_game_offers_its_review_in_the_status() -> None:
    rig = hotseat_game()
    view = rig.presenter.view()
    assert view.status == "X wins! F2 plays again, Ctrl+R reviews it."
    assert "review_game" not in view.disabled
    assert "stop_review" in view.disabled


def test_without_moves_there_is_nothing_to_review() -> None:
    rig = make_presenter(mode="hotseat")
    assert "review_game" in rig.presenter.view().disabled
    rig.presenter.coach.review_game()
    assert rig.presenter.view().status == "There are no moves to review yet."
    assert rig.runner.tag is None


def test_the_review_runs_as_a_job_and_marks_every_move() -> None:
    rig = hotseat_game()
    assert not rig.presenter.view().show_history
    rig.presenter.coach.review_game()
    assert rig.presenter.view().show_history, "the move list shows, for the marks"
    assert rig.presenter.view().status.startswith("Reviewing the game… ")
    rig.settle()
    assert [tag.kind for tag in rig.runner.started] == ["review"]  # type: ignore[attr-defined]
    view = rig.presenter.view()
    assert view.status == f"X wins! F2 plays again.  {SUMMARY}"
    assert view.history == MARKED_LIST
    assert view.history_tones == (None, "good", "bad", "good", "text", "good")


def test_the_summary_counts_the_mistakes_and_names_the_first() -> None:
    """A few words, not every move: the move list holds each move's review."""
    assert (
        reviewed((4, 0, 8, 2, 1, 7, 6, 3, 5))
        .presenter.view()
        .note.endswith("Review: no mistakes. Choose a move in the list to see its review.")
    )
    note = reviewed((0, 3, 1, 4, 8, 5)).presenter.view().note
    assert note.endswith(
        "Review: 2 mistakes, the first at move 2: O a2. "
        "Choose a move in the list to see its review."
    ), note


def test_asking_again_repeats_the_summary_without_searching() -> None:
    rig = reviewed()
    rig.presenter.message = None
    rig.presenter.coach.review_game()
    assert rig.presenter.view().status.endswith(SUMMARY)
    assert len(rig.runner.started) == 1  # type: ignore[attr-defined]


def test_the_progress_shows_each_move_reviewed() -> None:
    runner = HeldRunner()
    rig = hotseat_game(runner=runner)
    rig.presenter.coach.review_game()
    assert rig.presenter.view().status == "Reviewing the game… 0 of 5 moves (Esc stops)"
    assert rig.presenter.is_working
    assert not rig.presenter.tick()  # the review starts
    runner.run(deliver=False)  # the worker has reviewed every move, not yet collected
    assert rig.presenter.view().status == "Reviewing the game… 0 of 5 moves (Esc stops)"
    assert rig.presenter.tick(), "new progress repaints"
    assert rig.presenter.view().status == "Reviewing the game… 5 of 5 moves (Esc stops)"
    assert not rig.presenter.tick()
    runner.deliver()
    assert rig.presenter.tick()
    assert rig.presenter.view().status.endswith(SUMMARY)


# -- cancelling ------------------------------------------------------------------------------


def test_escape_stops_a_running_review() -> None:
    runner = HeldRunner()
    rig = hotseat_game(runner=runner)
    rig.presenter.coach.review_game()
    rig.presenter.tick()
    assert "stop_review" not in rig.presenter.view().disabled
    rig.presenter.coach.stop_review()
    assert runner.stops[-1].is_set()
    assert runner.tag is None
    view = rig.presenter.view()
    assert view.status == "X wins! F2 plays again, Ctrl+R reviews it.  Review stopped."
    assert all("✓" not in entry for entry in view.history)


def test_a_new_game_cancels_the_review() -> None:
    runner = HeldRunner()
    rig = hotseat_game(runner=runner)
    rig.presenter.coach.review_game()
    rig.presenter.tick()
    rig.presenter.new_game_page.play_again()
    assert runner.stops[-1].is_set()
    assert runner.tag is None
    assert not rig.presenter.view().status.startswith("Reviewing")


def test_a_result_of_a_stopped_review_is_never_used() -> None:
    runner = HeldRunner()
    rig = hotseat_game(runner=runner)
    rig.presenter.coach.review_game()
    rig.presenter.tick()
    tag, job, _ = runner.job  # type: ignore[misc]
    rig.presenter.coach.stop_review()
    runner._finished = Finished(tag, job(threading.Event()))  # it finished anyway
    rig.presenter.tick()
    assert all("✓" not in entry for entry in rig.presenter.view().history)


def test_the_review_thread_stops_soon_after_escape() -> None:
    # 7x7: each position is searched for the whole think time, so the review of
    # eight moves would take eight seconds.
    settings = Settings(
        game=GameConfig(mode=Mode.HOTSEAT, rows=7, cols=7, win_length=5, think_time=1.0)
    )
    runner = JobRunner()
    rig = make_presenter(settings, runner=runner)
    for cell in (24, 25, 17, 31, 10, 3, 38, 45):
        rig.presenter.moves.play(cell)
    rig.presenter.coach.review_game()
    rig.presenter.tick()
    assert runner.tag is not None and runner.tag.kind is JobKind.REVIEW
    time.sleep(0.3)  # what is checked: a review stopped in the middle of a search ends soon
    rig.presenter.coach.stop_review()
    deadline = time.monotonic() + 2.0
    while runner.is_running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not runner.is_running
    rig.presenter.tick()
    assert all("✓" not in entry for entry in rig.presenter.view().history)
    runner.close()


# -- the analysis waits for the review --------------------------------------------------------


def test_the_analysis_waits_for_the_review_and_then_runs() -> None:
    rig = hotseat_game()
    rig.presenter.display.toggle_analysis()
    rig.settle()
    rig.presenter.moves.undo()  # the analysis of the new position is wanted
    rig.presenter.coach.review_game()
    rig.settle()
    kinds = [tag.kind for tag in rig.runner.started]  # type: ignore[attr-defined]
    assert kinds[-2:] == ["review", "analysis"]
    assert rig.session.analysis is not None


# -- a reviewed move on the board ------------------------------------------------------------


def test_choosing_a_marked_move_shows_the_position_before_it_with_the_better_move() -> None:
    rig = reviewed()
    rig.presenter.moves.go_to(2)  # O b1, the mistake
    view = rig.presenter.view()
    assert [cell.mark for cell in view.cells] == ["X"] + [None] * 8
    assert view.cells[4].background == "hint"  # b2, the better move
    assert view.cells[1].background == "last"  # b1, the move played
    assert (view.cells[4].note, view.cells[4].tone) == ("draw", "even")
    assert (view.cells[1].note, view.cells[1].tone) == ("X wins in 3 moves", "bad")
    assert not any(cell.playable for cell in view.cells)
    assert view.status == (
        "Move 2, O b1: mistake — was a draw, now X wins in 3 moves; better: b2."
        " Esc returns to the game."
    )
    assert view.history_cursor == 2
    assert rig.session.history.cursor == 5  # the game itself is where it was
    assert "stop_review" not in view.disabled


def test_a_best_move_shows_its_value_and_no_better_move() -> None:
    rig = reviewed()
    rig.presenter.moves.go_to(3)
    view = rig.presenter.view()
    assert view.status == "Move 3, X b2: best — X wins in 3 moves. Esc returns to the game."
    assert view.cells[4].background == "last"
    assert not any(cell.background == "hint" for cell in view.cells)


def test_escape_or_a_click_on_the_board_returns_to_the_game() -> None:
    rig = reviewed()
    rig.presenter.moves.go_to(2)
    rig.presenter.coach.stop_review()
    assert [cell.mark for cell in rig.presenter.view().cells][:3] == ["X", "O", None]
    rig.presenter.moves.go_to(4)
    rig.presenter.moves.play(5)
    view = rig.presenter.view()
    assert view.status.endswith("Back to the game.")
    assert rig.session.history.moves == list(REVIEWED_GAME)  # no move was played
    assert view.cells[8].mark == "X"


def test_start_in_the_move_list_goes_to_the_start_and_leaves_the_review_shown() -> None:
    rig = reviewed()
    rig.presenter.moves.go_to(2)
    rig.presenter.moves.go_to(0)
    assert rig.session.history.cursor == 0
    view = rig.presenter.view()
    assert view.history_cursor == 0
    assert view.history[2] == "2. O b1  ?"


def test_undo_keeps_the_marks_and_another_move_drops_them() -> None:
    rig = reviewed()
    rig.presenter.moves.go_to(2)
    rig.presenter.moves.undo()
    view = rig.presenter.view()
    assert view.history[4] == "4. O b3  ?!"
    assert [cell.mark for cell in view.cells].count(None) == 5  # the game, at move 4
    rig.presenter.moves.undo()
    rig.presenter.moves.undo()
    rig.presenter.moves.play(2)  # a different third move: the review was of another game
    view = rig.presenter.view()
    assert view.history == ("Start", "1. X a1", "2. O b1", "3. X c1")
    assert view.history_tones == (None, None, None, None)


def test_a_game_against_the_computer_is_reviewed_for_both_sides() -> None:
    rig = make_presenter(mode="computer", level="strongest")
    while not rig.board.is_over:  # the person plays the first free cell each time
        rig.presenter.moves.play(rig.board.legal_moves()[0])
        rig.settle()
    rig.presenter.coach.review_game()
    rig.settle()
    history = rig.presenter.view().history[1:]
    assert len(history) == len(rig.session.history.moves)
    computer = [entry for entry in history if ". O " in entry]
    assert computer and all(entry.endswith("  ✓") for entry in computer)  # Perfect is best
    assert all(entry.endswith(("✓", "?!", "?")) for entry in history)


def test_a_review_of_a_large_board_says_it_is_approximate() -> None:
    settings = Settings(
        game=GameConfig(mode=Mode.HOTSEAT, rows=5, cols=5, win_length=4, think_time=0.05)
    )
    rig = make_presenter(settings)
    for cell in (12, 6, 7):
        rig.presenter.moves.play(cell)
    rig.presenter.coach.review_game()
    rig.settle()
    status = rig.presenter.view().status
    assert "Review: " in status and "Values are approximate, searched " in status
    assert "depth" not in status
    rig.presenter.moves.go_to(1)
    assert "(approximate, searched " in rig.presenter.view().status


def test_a_reviewed_move_shows_the_values_proven_in_an_approximate_review() -> None:
    """5x5, four in a row, reviewed to depth 2: O's c2 gave up the win at e5
    for a draw that search proved, so the view words it as one."""
    settings = Settings(game=GameConfig(mode=Mode.HOTSEAT, rows=5, cols=5, win_length=4))
    rig = make_presenter(settings)
    rig.dialogs.clipboard = "XOOXO/X..XX/O.OXO/XXXOX/XOOO."
    rig.presenter.transfer.paste_position()
    think, shallow = think_limit(rig.session.config).time, Limit(depth=2)
    shallow_analyst = Analyst(Engine(randomize=False), shallow, proof_time=think)
    rig.session.engines.analyst = lambda config: shallow_analyst  # type: ignore[method-assign]
    c2, e5 = (rig.board.parse_coordinate(name) for name in ("c2", "e5"))
    rig.presenter.moves.play(c2)
    rig.presenter.coach.review_game()
    rig.settle()
    rig.presenter.moves.go_to(1)
    view = rig.presenter.view()
    assert view.status.startswith("Move 22, O c2: mistake — O could win in ")
    assert (
        ", now a draw; better: e5" in view.status
        and "(approximate, searched 2 moves ahead)" in view.status
    )
    assert (view.cells[c2].note, view.cells[c2].tone) == ("draw", "even")
    assert view.cells[e5].note.startswith("O wins in ") and view.cells[e5].tone == "good"
