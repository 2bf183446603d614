"""The check of the chosen move against the other side's threat win (off by
default: CHECK_DEFENCE): a move shown to lose is not played where another
holds, and a move shown to lose does lose, within the plies said."""

from __future__ import annotations

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit, root_defence
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.negamax import RootScores
from ttt_gui.engine.root_defence import (
    VCF_PLIES,
    VCT_PLIES,
    VCT_SHARE,
    ThreatPlan,
    checked_defence,
    root_threat_budget,
)
from ttt_gui.engine.threats import ThreatSearch, first_safe_move, side_bits
from ttt_gui.engine.vct import ContinuousThreats

#: Middle games of the Gomoku match where the engine, at 10,000 nodes a
#: move, played a move that left the other side a win by threats (g3, a VCF;
#: h11, a VCT) though other moves left none.
LEFT_A_VCF = Board.from_text(
    ".............../.............../....XX....X..../..XOOOOXOOO..../.....XOX.X...../"
    "....OXXOXOO..../....XXOXXXXO.../....X...OOOX.../...OXOOO.X...../.....OX.XXO..../"
    "....O...O....../...X.XO......../.............../.............../...............",
    win_length=5,
)
LEFT_A_VCT = Board.from_text(
    ".............../.............../.............../.............../.........O...../"
    ".............../........XO...../.........O...../......OX.X...../.......XX....../"
    ".............../.............../.............../.............../...............",
    win_length=5,
)


def threat_win_after(board: Board, move: int, limit: Limit | None = None) -> bool:
    """Whether the other side has a win by threats after ``move`` that the
    root's threat searches within ``limit`` find (None: budgets well above
    the engine's own, lines of threes up to 13 plies)."""
    after = board.play(move)
    me, opp = side_bits(after)
    budget, plies = (20_000, 13) if limit is None else (root_threat_budget(limit), VCT_PLIES)
    if ThreatSearch(after.geometry, budget).find(me, opp):
        return True
    vct_budget = budget // VCT_SHARE if limit is not None else budget
    return ContinuousThreats(after.geometry, vct_budget).find(me, opp, plies) is not None


@pytest.mark.slow  # whole searches, of a check that is off
@pytest.mark.parametrize(
    ("board", "nodes"),
    # In the second, 15 moves lose to threes: checking them takes more nodes.
    [(LEFT_A_VCF, 10_000), (LEFT_A_VCT, 40_000)],
    ids=["vcf", "vct"],
)
def test_the_check_does_not_leave_a_threat_win_the_root_can_see(
    board: Board, nodes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(root_defence, "CHECK_DEFENCE", True)
    limit = Limit(nodes=nodes)
    move = Engine(selective=True, randomize=False).search(board, limit).move
    assert not threat_win_after(board, move, limit), board.coordinate(move)


def test_a_move_shown_to_lose_loses_within_the_plies_said() -> None:
    board = LEFT_A_VCF
    losing, holding = board.parse_coordinate("g3"), board.parse_coordinate("h8")
    assert threat_win_after(board, losing) and not threat_win_after(board, holding)
    checks = [(ThreatSearch, 4_000, VCF_PLIES)]
    safe, lost, nodes = first_safe_move(board, [losing, holding], checks)
    assert (safe, set(lost)) == (holding, {losing})
    assert nodes > 0
    after = board.play(losing)
    search = ThreatSearch(after.geometry)
    assert search.find(*side_bits(after)) is not None
    assert search.plies <= lost[losing]


def test_a_checked_defence_scores_the_lost_move_and_takes_the_next_best() -> None:
    board = LEFT_A_VCF
    losing, holding = board.parse_coordinate("g3"), board.parse_coordinate("h8")
    root = RootScores({losing: -13, holding: -50}, [losing], frozenset())
    plan = ThreatPlan(checks=((ThreatSearch, 4_000, VCF_PLIES),))
    context = SearchContext()
    checked = checked_defence(board, root, plan, context, Limit(nodes=50_000), 0.0)
    assert checked.best == [holding]
    assert checked.scores[holding] == -50
    assert -WIN < checked.scores[losing] < -WIN + 20
    assert context.nodes > 0


def test_a_check_cut_short_by_the_budget_passes_no_move() -> None:
    board = LEFT_A_VCF
    holding = board.parse_coordinate("h8")
    checks = [(ThreatSearch, 4_000, VCF_PLIES)]
    assert first_safe_move(board, [holding], checks)[0] == holding
    assert first_safe_move(board, [holding], checks, budget=3)[0] == -1
