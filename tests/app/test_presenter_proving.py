"""Proving in the analysis view, through the presenter: rounds of growing
time upgrade the shown analysis until it is proven, and any move, new game,
hidden overlay, review or closing stops them; the computer's moves never wait."""

from __future__ import annotations

import dataclasses
import re
import threading
import time
from collections.abc import Callable

import pytest
from fakes import InlineRunner, Rig, TickingClock, make_presenter

from ttt_gui.analysis.values import scale_of
from ttt_gui.app.game_words import hint_text
from ttt_gui.app.jobs import Job, JobKind, JobRunner, JobTag
from ttt_gui.app.view_state import analysis_notes
from ttt_gui.board import Board
from ttt_gui.engine import WIN, MoveAnalysis

#: 7x7, four in a row: X in the middle, O to move (and lose, as proving shows).
MIDDLE = 24


def proving_rig(size: int = 7, win_length: int = 4, **config: object) -> Rig:
    """A hot-seat game on ``size`` with the analysis shown, its proving rounds
    timed by a clock that counts readings (so they end alike on any machine)."""
    config = {"mode": "hotseat", "think_time": 0.05, **config}
    rig = make_presenter(size=size, win_length=win_length, **config)
    rig.session.engines.prover.clock = TickingClock(0.005)
    rig.presenter.display.toggle_analysis()
    return rig


def kinds(rig: Rig) -> list[str]:
    assert isinstance(rig.runner, InlineRunner)
    return [tag.kind for tag in rig.runner.started]


@pytest.mark.slow  # many rounds; the proven values' test below runs one
def test_proving_shows_ever_deeper_values_and_says_so() -> None:
    rig = proving_rig(size=5)  # the middle of 5x5: a draw far too deep to prove here
    rig.presenter.moves.play(12)
    depths = []
    for _ in range(5):
        rig.presenter.tick()
        analysis = rig.session.analysis
        assert analysis is not None and not analysis.exact
        depths.append(analysis.depth)
        view = rig.presenter.view()
        proven = f", {len(analysis.proven)} of 24 moves proven" if analysis.proven else ""
        searched = f"searched {analysis.depth} move{'s' if analysis.depth > 1 else ''} ahead"
        assert view.status.endswith(f"Analysis: proving… {searched}{proven}")
        assert sum(1 for cell in view.cells if cell.note) == 24
        assert not view.show_progress, "proving shows no progress bar"
        rig.clock.advance(10)
    assert depths == sorted(depths) and depths[-1] > depths[0], depths
    assert kinds(rig)[-6:] == ["analysis", "prove", "prove", "prove", "prove", "prove"]
    assert rig.presenter.is_working, "still proving"


def test_a_position_proved_by_proving_shows_its_proven_values_and_proving_stops() -> None:
    rig = proving_rig()
    rig.presenter.moves.play(MIDDLE)
    statuses = []
    for _ in range(12):
        rig.presenter.tick()
        statuses.append(rig.presenter.view().status)
        if not rig.presenter.is_working:
            break
    analysis = rig.session.analysis
    assert analysis is not None and analysis.exact
    assert any("Analysis: proving… searched " in status for status in statuses)
    view = rig.presenter.view()
    assert view.status.endswith("Analysis: proven")
    notes = [cell.note for cell in view.cells if cell.note]
    assert len(notes) == 48 and all(note.startswith("X wins in") for note in notes)
    assert {cell.tone for cell in view.cells if cell.note} == {"bad"}
    assert not rig.presenter.is_working and rig.session.next_search() is None
    assert kinds(rig).count("prove") >= 2


def test_a_hint_during_proving_follows_the_deeper_analysis() -> None:
    rig = proving_rig(size=5)
    rig.presenter.moves.play(12)
    rig.presenter.tick()
    rig.presenter.coach.hint()
    assert rig.presenter.view().status.startswith("Hint: ")
    for _ in range(3):
        rig.presenter.tick()
    analysis = rig.session.analysis
    assert analysis is not None
    depth = analysis.depth
    status = rig.presenter.view().status
    hint = hint_text(rig.board, analysis)
    assert f"{hint}   Analysis: proving… searched {depth} move" in status, status
    assert rig.session.hint == tuple(analysis.best[:1])


def test_a_move_an_undo_or_a_new_game_starts_afresh_from_the_analysis() -> None:
    rig = proving_rig(size=5)
    presenter = rig.presenter
    for command in (
        lambda: presenter.moves.play(0),
        presenter.moves.undo,
        presenter.new_game_page.play_again,
    ):
        if rig.board.move_count == 0:
            presenter.moves.play(12)
        presenter.tick()
        presenter.tick()
        assert kinds(rig)[-1] == "prove"
        command()
        assert "proving" not in presenter.view().status
        presenter.tick()
        assert isinstance(rig.runner, InlineRunner)
        generation = rig.session.generation
        started = [tag for tag in rig.runner.started if tag.generation == generation]
        assert started[0] == JobTag(JobKind.ANALYSIS, generation)


def test_hiding_the_analysis_stops_proving() -> None:
    rig = proving_rig(size=5)
    rig.presenter.moves.play(12)
    rig.presenter.tick()
    assert rig.presenter.is_working and kinds(rig)[-1] == "prove"
    rig.presenter.display.toggle_analysis()
    rig.presenter.tick()
    assert not rig.presenter.is_working
    rig.presenter.tick()
    assert "Analysis" not in rig.presenter.view().status


def test_a_review_goes_before_proving() -> None:
    rig = proving_rig(size=5)
    rig.presenter.moves.play(12)
    rig.presenter.tick()
    rig.presenter.coach.review_game()
    rig.presenter.tick()  # the review runs, and its result is collected
    assert kinds(rig)[-2:] == ["review", "prove"], "proving resumes after the review"


def test_a_paused_watch_game_is_proved_and_a_running_one_is_not() -> None:
    rig = proving_rig(size=5, mode="watch")
    rig.presenter.tick()
    assert kinds(rig)[-2:] == ["analysis", "prove"]
    rig.presenter.moves.play_pause()
    rig.presenter.tick()
    running = len(kinds(rig)) - 1
    assert kinds(rig)[running] == "move"
    rig.settle()
    assert rig.board.is_over and set(kinds(rig)[running:]) == {"move"}


# -- with the search thread -------------------------------------------------------------


def wait_until(rig: Rig, condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Tick as a window does until ``condition()`` holds; False after ``timeout`` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        rig.presenter.tick()
        if condition():
            return True
        time.sleep(0.01)
    return False


def prove_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "ttt-prove"]


class RecordingRunner(JobRunner):
    """A search thread that notes the tag of every job it starts."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[JobTag] = []

    def start(self, tag: JobTag, job: Job) -> None:
        self.started.append(tag)
        super().start(tag, job)


def test_the_computers_move_cancels_proving_at_once_and_proving_resumes_after() -> None:
    runner = RecordingRunner()
    rig = make_presenter(mode="computer", human="X", size=9, think_time=0.2, runner=runner)
    rig.presenter.display.toggle_analysis()
    try:
        assert wait_until(rig, lambda: runner.tag is not None and runner.tag.kind is JobKind.PROVE)
        rig.presenter.moves.play(40)
        assert runner.tag is None, "proving is cancelled at once"
        started, move = len(runner.started), JobTag(JobKind.MOVE, rig.session.generation)
        rig.presenter.tick()
        assert runner.started[started] == move, "the move goes first"
        assert wait_until(rig, lambda: rig.board.move_count == 2)
        assert wait_until(rig, lambda: runner.tag is not None and runner.tag.kind is JobKind.PROVE)
        assert "Analysis: proving… searched " in rig.presenter.view().status
    finally:
        rig.presenter.work.close()
    assert wait_until(rig, lambda: not prove_threads(), 5.0), "a proving round outlived close"


def test_a_position_the_relevance_zones_prove_drawn_ends_proven_with_every_cell_a_draw() -> None:
    """7x7, five in a row, after six moves: the search alone is far from the
    game's end; the draw proofs of the first analysis (for the think time)
    and of the proving rounds after it turn every cell to a proven draw. How
    many the first analysis proves depends on the machine's speed; while some
    are proven and others not, the status counts them."""
    rig = proving_rig(size=7, win_length=5)
    for name in ("d5", "c4", "c3", "e3", "e4", "d3"):  # X, O, X, O, X, O
        rig.presenter.moves.play(rig.board.parse_coordinate(name))
    assert str(rig.board) == "......./......./..XOO../..O.X../...X.../......./......."
    views = []
    for _ in range(12):
        rig.presenter.tick()
        views.append(rig.presenter.view())
        if not rig.presenter.is_working:
            break
    assert kinds(rig)[-len(views)] == "analysis", "the first analysis, then rounds if needed"
    notes = [{cell.note for cell in view.cells if cell.note} for view in views]
    for view, words in zip(views, notes):
        if "draw" in words and len(words) > 1:
            assert re.search(
                r"Analysis: proving… searched \d+ moves? ahead, \d+ of 43 moves proven$",
                view.status,
            )
    rounds = kinds(rig)[-len(views) :].count("prove")
    # Proven by rounds, the status says so; exact at once, it says nothing.
    assert views[-1].status.endswith("Analysis: proven" if rounds else "X to move")
    assert notes[-1] == {"draw"}
    assert {cell.tone for cell in views[-1].cells if cell.note} == {"even"}
    assert not rig.presenter.is_working and rig.session.next_search() is None
    rig.presenter.coach.hint()
    assert re.match(r"Hint: [a-g][1-7] \(draw\)", rig.presenter.view().status)


def test_moves_proven_in_an_approximate_analysis_are_worded_as_exact() -> None:
    board = Board.parse("......./......./..xoo../..o.x../...x.../......./.......", 5)
    analysis = MoveAnalysis(
        {0: 0, 1: 30, 2: -(WIN - 4)}, 3, exact=False, best=[1], proven=frozenset({0, 2})
    )
    notes = analysis_notes(analysis, board.turn, scale_of(board.geometry))
    assert notes == {
        0: ("draw", "=", "even"),
        1: ("X is slightly better", "X+", "good"),
        2: ("O wins in 2 moves", "L2", "bad"),
    }
    assert hint_text(board, analysis) == "Hint: b1 (X is slightly better)"
    drawn = dataclasses.replace(analysis, best=[0])
    assert hint_text(board, drawn) == "Hint: a1 (draw)"


@pytest.mark.slow
def test_hiding_the_analysis_lets_go_of_the_proving_table_and_proofs() -> None:
    rig = proving_rig(size=7, win_length=5)
    rig.presenter.moves.play(24)
    for _ in range(3):
        rig.presenter.tick()
    prover = rig.session.engines.prover
    assert prover.rounds > 0 and prover.engine.table_memory().entries > 100
    rig.presenter.display.toggle_analysis()
    assert prover.engine.table_memory().entries == 0 and prover.rounds == 0
    rig.presenter.display.toggle_analysis()
    rig.presenter.tick()
    assert kinds(rig)[-1] == "prove" and prover.rounds == 1, "proving starts again"
