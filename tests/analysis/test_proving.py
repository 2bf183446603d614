"""Proving the shown analysis: the rounds' doubling time, their stop token,
and when the session asks for them and takes their results."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from fakes import TickingClock

from ttt_gui.analysis.proving import (
    FIRST_ROUND_THINK_TIMES,
    DrawProofs,
    Prover,
    RoundToken,
    prove_draws,
)
from ttt_gui.app.jobs import JobKind
from ttt_gui.app.session import Session
from ttt_gui.board import Board, Player
from ttt_gui.config import GameConfig, Mode
from ttt_gui.engine import WIN, MoveAnalysis
from ttt_gui.storage.settings import Settings

#: 7x7, five in a row, X to move: every move draws, as relevance zones prove
#: (and the search alone cannot, this far from the game's end).
ZONE_DRAWN = Board.parse("......./......./..xoo../..o.x../...x.../......./.......", 5)
#: 7x7, five in a row, O to move: O must stop X's open three at a4, e4 or f4
#: (each a draw the zones prove); every other move loses in 4, as the search
#: proves move by move.
OPEN_THREE = Board.parse("......./......./.o.o.../.xxx.../......./..o..../......x", 5)


def approximate(depth: int) -> MoveAnalysis:
    return MoveAnalysis({12: 30, 0: -5}, depth, exact=False, best=[12])


def proven() -> MoveAnalysis:
    return MoveAnalysis({12: WIN - 5, 0: 0}, 9, exact=True, best=[12])


# -- the rounds ----------------------------------------------------------------------


def test_each_round_has_twice_the_time_of_the_one_before() -> None:
    prover = Prover(table_limit=1000)
    budgets = []
    for _ in range(4):
        budgets.append(prover.round(1, 0.5).budget)
        assert prover.round(1, 0.5).budget == budgets[-1], "asking again is the same round"
        prover.accept(1, approximate(3), approximate(3))
    first = FIRST_ROUND_THINK_TIMES * 0.5
    assert budgets == [first, 2 * first, 4 * first, 8 * first]
    assert prover.round(2, 0.5).budget == first, "a new position starts again"


def test_a_round_replaces_the_shown_analysis_only_when_deeper_or_proven() -> None:
    prover = Prover(table_limit=1000)
    assert not prover.accept(1, approximate(5), approximate(4))
    assert not prover.accept(1, approximate(5), approximate(5))
    assert not prover.has_proved(1)
    assert prover.accept(1, approximate(5), approximate(6))
    assert prover.accept(1, approximate(6), proven())
    assert prover.has_proved(1) and not prover.has_proved(2)


def test_a_round_token_is_set_by_its_deadline_or_by_the_jobs_token() -> None:
    clock = TickingClock(1.0)
    outer = threading.Event()
    token = RoundToken(outer, deadline=3.0, clock=clock)
    assert not token.is_set()  # read at 1
    assert not token.is_set()  # 2
    assert token.is_set()  # 3: the deadline
    assert token.is_set(), "it stays set"
    token = RoundToken(outer, deadline=100.0, clock=clock)
    assert not token.is_set()
    outer.set()
    assert token.is_set()


@pytest.mark.slow
def test_rounds_on_one_engine_search_deeper_until_proven() -> None:
    """7x7, four in a row, X in the middle and O to move: X wins, which the
    first round cannot prove and a later one does."""
    board = Board.parse("......./......./......./...x.../......./......./.......", 4)
    prover = Prover(table_limit=100_000, clock=TickingClock(0.005))
    shown = prover.round(1, 0.05).evaluate_moves(board)
    assert not shown.exact
    depths = [shown.depth]
    for _ in range(8):
        found = prover.round(1, 0.05).evaluate_moves(board)
        if prover.accept(1, shown, found):
            shown = found
            depths.append(found.depth)
        if shown.exact:
            break
    assert shown.exact and prover.has_proved(1)
    assert len(depths) >= 3 and depths == sorted(depths), depths
    assert set(shown.scores) == set(board.legal_moves())
    assert all(score < -WIN // 2 for score in shown.scores.values()), "O loses whatever it does"


def test_a_stopped_round_returns_soon_without_a_result_of_its_own() -> None:
    board = Board.parse(
        "........./........./........./........./....x..../........./"
        "........./........./.........",
        5,
    )
    prover = Prover(table_limit=1000)
    stop = threading.Event()
    stop.set()
    analysis = prover.round(1, 60.0).evaluate_moves(board, stop=stop)
    assert not analysis.exact and analysis.depth == 0


def prove_by_rounds(board: Board, rounds: int) -> tuple[Prover, list[MoveAnalysis]]:
    """Up to ``rounds`` rounds of proving ``board`` (timed by readings of a
    ticking clock) until one is exact; the prover and the analyses shown."""
    prover = Prover(table_limit=100_000, clock=TickingClock(0.005))
    shown = [prover.round(1, 0.05).evaluate_moves(board)]
    prover.accept(1, shown[0], shown[0])
    while not shown[-1].exact and prover.rounds < rounds:
        found = prover.round(1, 0.05).evaluate_moves(board)
        if prover.accept(1, shown[-1], found):
            shown.append(found)
    return prover, shown


def test_rounds_prove_moves_drawn_by_relevance_zones_until_every_move_is() -> None:
    prover, shown = prove_by_rounds(ZONE_DRAWN, 8)
    final = shown[-1]
    assert final.exact and prover.has_proved(1)
    assert final.proven == set(ZONE_DRAWN.legal_moves())
    assert set(final.scores.values()) == {0}
    counts = [len(analysis.proven) for analysis in shown]
    assert counts == sorted(counts) and 0 < counts[0] < counts[-1], counts
    assert all(not analysis.exact for analysis in shown[:-1])


@pytest.mark.slow
def test_draws_proven_by_zones_and_losses_by_the_search_make_a_proven_analysis() -> None:
    _, shown = prove_by_rounds(OPEN_THREE, 8)
    final = shown[-1]
    assert final.exact
    blocks = {OPEN_THREE.parse_coordinate(name) for name in ("a4", "e4", "f4")}
    assert {move for move, score in final.scores.items() if score == 0} == blocks
    losses = [score for move, score in final.scores.items() if move not in blocks]
    assert set(losses) == {-(WIN - 4)}
    assert len(shown[0].proven - blocks) == len(losses), "the first search proves the losses"


def test_a_round_after_every_move_is_proven_returns_without_searching() -> None:
    prover, shown = prove_by_rounds(ZONE_DRAWN, 8)
    searches = []
    search = prover.engine.evaluate_moves
    prover.engine.evaluate_moves = lambda *args, **kwargs: (
        searches.append(1) or search(*args, **kwargs)
    )  # type: ignore[method-assign]
    again = prover.round(1, 0.05).evaluate_moves(ZONE_DRAWN)
    assert again.exact and again.scores == shown[-1].scores
    assert not searches


class CountingToken(threading.Event):
    """A stop token set once it has been read ``reads`` times."""

    def __init__(self, reads: int) -> None:
        super().__init__()
        self.reads = reads

    def is_set(self) -> bool:
        self.reads -= 1
        if self.reads < 0:
            self.set()
        return super().is_set()


@pytest.mark.slow
def test_a_proof_stopped_midway_is_taken_up_again_and_not_given_up() -> None:
    blocks = {OPEN_THREE.parse_coordinate(name) for name in ("a4", "e4", "f4")}
    searched = MoveAnalysis(dict.fromkeys(blocks, 0), 2, exact=False)
    draws = DrawProofs()
    visited = draws.prove(OPEN_THREE, searched, 100_000, CountingToken(3))
    assert 0 < visited < 2_000 and draws.drawn < blocks, "stopped within its first proofs"
    draws.prove(OPEN_THREE, searched, 100_000, threading.Event())
    assert draws.drawn == blocks


def test_an_analysis_stopped_before_its_first_depth_stays_unproven() -> None:
    """Such a search scores one move 0 as a stand-in: a draw proven for that
    move must not make the analysis proven."""
    draws = DrawProofs()
    searched = MoveAnalysis({move: 0 for move in ZONE_DRAWN.legal_moves()}, 2, exact=False)
    draws.prove(ZONE_DRAWN, searched, 10_000, threading.Event())
    stopped = MoveAnalysis({24: 0}, 0, exact=False, best=[24])
    assert 24 in draws.drawn and draws.applied(stopped) == stopped


@pytest.mark.slow
def test_no_draw_is_proven_for_a_move_that_loses() -> None:
    searched = MoveAnalysis({move: 0 for move in OPEN_THREE.legal_moves()}, 2, exact=False)
    draws = DrawProofs()
    draws.prove(OPEN_THREE, searched, 100_000, threading.Event())
    blocks = {OPEN_THREE.parse_coordinate(name) for name in ("a4", "e4", "f4")}
    assert draws.drawn <= blocks and draws.drawn, draws.drawn
    applied = draws.applied(searched)
    assert applied.proven == draws.drawn and not applied.exact


@pytest.mark.slow
def test_under_gravity_the_search_has_the_whole_round_and_no_draw_is_proven() -> None:
    # Connect Four after a1, a2: a position of which the opening book proves nothing
    # (it would settle the empty board's analysis at once).
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True).play(35).play(28)
    clock = TickingClock(0.005)
    prover = Prover(table_limit=100_000, clock=clock)
    proving = prover.round(1, 0.5)
    analysis = proving.evaluate_moves(board)
    assert clock.now >= proving.budget, "the search ran to the round's end"
    assert not analysis.exact and not proving.draws.drawn


def test_a_round_with_more_moves_proven_replaces_one_as_deep() -> None:
    prover = Prover(table_limit=1000)
    shown = approximate(5)
    more = MoveAnalysis({12: 0, 0: -5}, 5, exact=False, best=[12], proven=frozenset({12}))
    assert prover.accept(1, shown, more)
    assert not prover.accept(1, more, more) and not prover.has_proved(1)


# -- the session asks for rounds -------------------------------------------------------


def proving_session(**config: object) -> Session:
    session = Session(
        Settings(game=GameConfig(mode=Mode.HOTSEAT, rows=5, cols=5, win_length=4, **config))
    )  # type: ignore[arg-type]
    session.settings.analysis = True
    return session


def test_an_approximate_analysis_shown_is_proved_next() -> None:
    session = proving_session()
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS
    assert not session.is_proving
    session.accept_analysis(request.generation, approximate(3))
    request = session.next_search()
    assert request is not None and request.kind is JobKind.PROVE and session.is_proving
    assert request.generation == session.generation and request.board == session.board
    assert not session.accept_analysis(request.generation, approximate(3), proving=True)
    assert session.analysis == approximate(3), "a round no deeper changes nothing"
    assert session.accept_analysis(request.generation, approximate(4), proving=True)
    assert session.analysis == approximate(4)
    assert session.accept_analysis(request.generation, proven(), proving=True)
    assert session.next_search() is None and not session.is_proving
    assert session.engines.prover.has_proved(session.generation)


def test_no_proving_of_an_exact_or_hidden_analysis_or_after_the_game() -> None:
    session = proving_session()
    session.accept_analysis(session.generation, proven())
    assert session.next_search() is None
    assert not session.engines.prover.has_proved(session.generation), "exact at once, not proved"
    session = proving_session()
    session.accept_analysis(session.generation, approximate(3))
    session.settings.analysis = False
    assert session.next_search() is None and not session.is_proving
    session = Session(Settings(game=GameConfig(mode=Mode.HOTSEAT, rows=5, cols=5, win_length=4)))
    session.hint_wanted = True
    session.accept_analysis(session.generation, approximate(3))
    assert session.next_search() is None, "a hint alone is not proved"


def test_a_move_ends_the_proving_of_the_position_before() -> None:
    session = proving_session()
    session.accept_analysis(session.generation, approximate(3))
    request = session.next_search()
    assert request is not None and request.kind is JobKind.PROVE
    session.play(12)
    assert not session.accept_analysis(request.generation, approximate(9), proving=True)
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS


def test_no_proving_while_the_computer_is_to_move() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH, rows=5, cols=5, win_length=4)))
    session.settings.analysis = True
    session.accept_analysis(session.generation, approximate(3))
    assert session.is_proving, "paused: the computer is not about to move"
    session.play_pause()
    request = session.next_search()
    assert request is not None and request.kind is JobKind.MOVE and not session.is_proving
    session = Session(
        Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O, rows=5, cols=5, win_length=4))
    )
    session.settings.analysis = True
    session.accept_analysis(session.generation, approximate(3))
    request = session.next_search()
    assert request is not None and request.kind is JobKind.MOVE and not session.is_proving


def test_a_shown_hint_follows_the_deeper_analysis() -> None:
    session = proving_session()
    session.accept_analysis(session.generation, approximate(3))
    assert session.request_hint() is None and session.hint == (12,)
    deeper = MoveAnalysis({12: 3, 0: 40}, 5, exact=False, best=[0])
    assert session.accept_analysis(session.generation, deeper, proving=True)
    assert session.hint == (0,)


class MeetingToken(threading.Event):
    """A stop token that, the first time it is read, starts ``meet`` in
    another thread and gives it half a second to finish."""

    def __init__(self, meet: Callable[[], None]) -> None:
        super().__init__()
        self.meet, self.met, self.met_in_time = meet, False, False

    def is_set(self) -> bool:
        if not self.met:
            self.met = True
            other = threading.Thread(target=self.meet)
            other.start()
            other.join(0.5)
            self.met_in_time = not other.is_alive()
        return super().is_set()


def test_a_stopped_round_still_ending_does_not_stop_the_proofs_of_the_next() -> None:
    """Two rounds proving at once (a stopped one ends in its worker while the
    next starts) would share the zone search, and its stop token: the one
    set would abort the other's proofs."""
    searched = MoveAnalysis({move: 0 for move in ZONE_DRAWN.legal_moves()}, 2, exact=False)
    draws = DrawProofs()
    stopped = threading.Event()
    stopped.set()
    token = MeetingToken(lambda: draws.prove(ZONE_DRAWN, searched, 10_000, stopped))
    draws.prove(ZONE_DRAWN, searched, 10_000, token)
    assert token.met and token.met_in_time, "the stopped round waits for nothing"
    assert draws.drawn == set(ZONE_DRAWN.legal_moves())


def test_prove_draws_within_a_time_proves_every_move_it_can_and_only_where_zones_apply() -> None:
    searched = MoveAnalysis({move: 1 for move in ZONE_DRAWN.legal_moves()}, 2, exact=False)
    proven = prove_draws(ZONE_DRAWN, searched, 30.0)
    assert proven.exact and set(proven.scores.values()) == {0}
    four = Board.parse("......./......./..xoo../..o.x../...x.../......./.......", 4)
    assert prove_draws(four, searched, 30.0) == searched, "four in a row: no zones"
