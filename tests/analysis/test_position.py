"""The one pipeline that analyses a position: the engine's search, then draw
proofs where it is not exact, and a pairing draw named; the window's analysis
view and ``ttt-gui analyse`` both go through it."""

from __future__ import annotations

import threading

from ttt_gui.analysis.position import Analyst, Proof
from ttt_gui.analysis.proving import prove_draws
from ttt_gui.app.jobs import JobKind
from ttt_gui.app.session import Session
from ttt_gui.board import Board
from ttt_gui.cli.analyse import analysis_report
from ttt_gui.config import GameConfig, Mode
from ttt_gui.engine import Engine, Limit
from ttt_gui.storage.settings import Settings

#: 7x7, five in a row, six marks: every move is a draw that no shallow search
#: proves, but relevance zones do.
ZONE_DRAWN = Board.parse("......./......./..xoo../..o.x../...x.../......./.......", 5)


#: A search too shallow to prove anything there.
SHALLOW = Limit(depth=2)


def shallow_engine() -> Engine:
    return Engine(randomize=False)


def test_a_search_that_proves_nothing_is_completed_by_draw_proofs() -> None:
    searched = shallow_engine().evaluate_moves(ZONE_DRAWN, SHALLOW)
    assert not searched.exact and not searched.proven
    analysis = Analyst(shallow_engine(), SHALLOW, proof_time=30.0).evaluate_moves(ZONE_DRAWN)
    assert analysis.exact and analysis.proven == set(ZONE_DRAWN.legal_moves())
    assert set(analysis.scores.values()) == {0}


def test_without_proof_time_the_pipeline_is_the_search_alone() -> None:
    analysis = Analyst(shallow_engine(), SHALLOW).evaluate_moves(ZONE_DRAWN)
    searched = shallow_engine().evaluate_moves(ZONE_DRAWN, SHALLOW)
    assert (analysis.scores, analysis.proven, analysis.exact) == (searched.scores, set(), False)


def test_a_stop_token_ends_the_draw_proofs() -> None:
    searched = shallow_engine().evaluate_moves(ZONE_DRAWN, SHALLOW)
    stop = threading.Event()
    stop.set()
    assert prove_draws(ZONE_DRAWN, searched, 30.0, stop=stop) == searched


def test_a_draw_held_by_pairings_is_named_and_other_draws_are_not() -> None:
    paired = Analyst(Engine(randomize=False)).analyse(Board.empty(5, 5))
    assert paired.is_proven_draw and paired.proof is Proof.PAIRING
    plain = Analyst(Engine(randomize=False)).analyse(Board.empty(3))
    assert plain.is_proven_draw and plain.proof is None
    assert (
        analysis_report(paired, as_json=False)
        .splitlines()[0]
        .endswith("X to move: draw: pairing strategy")
    )


def test_a_finished_game_has_no_moves_to_analyse() -> None:
    over = Analyst(Engine(randomize=False)).analyse(Board.parse("xxx/oo./..."))
    assert over.moves is None and over.best_score is None and not over.is_proven_draw


def test_the_analysis_view_asks_the_pipeline_with_the_think_time_as_proof_time() -> None:
    large = Session(
        Settings(game=GameConfig(mode=Mode.HOTSEAT, rows=7, cols=7, win_length=5, think_time=1.5))
    )
    large.settings.analysis = True
    request = large.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS
    analyst = large.engines.analyst(large.config)
    assert (analyst.limit, analyst.proof_time) == (Limit(time=1.5), 1.5)
    small = Session(Settings(game=GameConfig(mode=Mode.HOTSEAT)))
    solved = small.engines.analyst(small.config)
    assert (solved.limit, solved.proof_time) == (Limit(), None), "solved: exact"
