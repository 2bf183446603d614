"""The threat searches around a bounded search's root: a win by threats
(VCF, then in a selective search VCT) is played at once; the other side's
threat win, were it to move, puts the moves against it first and may have
the chosen move checked against the same searches before it is played
(:func:`checked_defence`, off: CHECK_DEFENCE); no Tk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttt_gui.board import Board
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.negamax import WIN, RootScores
from ttt_gui.engine.state import root_candidates
from ttt_gui.engine.tables import Tables
from ttt_gui.engine.threats import (
    ROOT_NODES_PER_SECOND,
    ThreatCheck,
    ThreatSearch,
    first_safe_move,
    root_threats,
)
from ttt_gui.engine.vct import ContinuousThreats

#: A selective engine then looks for wins by threats with threes (VCT),
#: with this fraction of the VCF's budget (its positions cost more), in
#: lines of at most this many plies.
VCT_SHARE = 3
VCT_PLIES = 9
#: A VCF's lines may be as long as the board allows.
VCF_PLIES = 1_000
#: The root looks for forced wins by threats on boards with this many empty
#: cells or more (fewer are solved outright within the think time).
THREAT_MIN_EMPTY = 20
#: The root's threat searches end by this share of the think time, however
#: slow the machine, so the full search always has the rest.
ROOT_THREAT_TIME_SHARE = 0.5
#: When the other side has a win by threats were it to move, a selective
#: engine may check the move it chose against the threat searches that
#: found that win, taking the next best while one is shown to lose; its full
#: search then ends by DEFENCE_SEARCH_SHARE of the think time (and of the
#: node limit), to keep the rest for the check. Off: at 1 s a move it scored
#: 0.445 (95% interval 0.35 to 0.54) over 100 games against the engine
#: without it (README).
CHECK_DEFENCE = False
DEFENCE_SEARCH_SHARE = 0.7


def root_threat_budget(limit: Limit) -> int:
    """The VCF positions the root may visit per side: a share of the think
    time (or of the node limit), so short thinks stay short."""
    budget = ROOT_NODES_PER_SECOND
    if limit.time is not None:
        budget = min(budget, int(budget * limit.time))
    if limit.nodes is not None:
        budget = min(budget, limit.nodes // 4)
    return max(budget, 1)


@dataclass(frozen=True)
class ThreatPlan:
    """What the root's threat searches leave the full search: the side to
    move's ``win`` (its line, won within ``plies``), else the ``preferred``
    moves to try first (the cells of the other side's threat win) and the
    ``refuted`` moves, shown to lose to it; ``checks``, the searches to check
    the chosen move with (none: no check)."""

    win: tuple[int, ...] = ()
    plies: int = 0
    preferred: tuple[int, ...] = ()
    refuted: frozenset[int] = frozenset()
    checks: tuple[ThreatCheck, ...] = ()


NO_THREATS = ThreatPlan()


def plan_threats(
    board: Board,
    tables: Tables,
    limit: Limit,
    context: SearchContext,
    started: float,
    *,
    selective: bool,
) -> ThreatPlan:
    """The root's threat searches on ``board`` (plain rules, a bounded
    search), their positions counted into ``context``. When the other side
    has a threat win, the engine is ``selective`` and CHECK_DEFENCE is on,
    the context's deadline and node limit are brought in to keep time for
    :func:`checked_defence`."""
    if board.empty_bits.bit_count() < THREAT_MIN_EMPTY:
        return NO_THREATS
    moves = root_candidates(board, tables, all_moves=False)
    deadline = math.inf
    if limit.time is not None:
        deadline = started + limit.time * ROOT_THREAT_TIME_SHARE
    budget = root_threat_budget(limit)
    checks: list[ThreatCheck] = [(ThreatSearch, budget, VCF_PLIES)]
    found = root_threats(board, budget, moves, deadline=deadline)
    if not (found.win or found.defences) and selective:
        context.nodes += found.nodes
        vct_budget = budget // VCT_SHARE
        checks.append((ContinuousThreats, vct_budget, VCT_PLIES))
        found = root_threats(
            board, vct_budget, moves, ContinuousThreats, VCT_PLIES, deadline=deadline
        )
    context.nodes += found.nodes
    if found.win:
        return ThreatPlan(win=found.win, plies=found.plies)
    checked = CHECK_DEFENCE and bool(found.defences) and selective
    if checked:
        context.deadline = started + (context.deadline - started) * DEFENCE_SEARCH_SHARE
        context.node_limit *= DEFENCE_SEARCH_SHARE
    return ThreatPlan(
        preferred=found.defences,
        refuted=found.refuted,
        checks=tuple(checks) if checked else (),
    )


def checked_defence(
    board: Board,
    root: RootScores,
    plan: ThreatPlan,
    context: SearchContext,
    limit: Limit,
    started: float,
) -> RootScores:
    """``root`` with its best move checked against ``plan``'s threat
    searches within what is left of ``limit``: a move after which the other
    side wins by threats is scored as that loss, and the first of the next
    best that is not shown to lose becomes the best (if none is found, the
    best not shown to lose, else the longest loss)."""
    best_first = sorted(root.scores, key=lambda move: root.scores[move], reverse=True)
    order = root.best + [move for move in best_first if move not in root.best]
    deadline = started + limit.time if limit.time is not None else math.inf
    budget = limit.nodes - context.nodes if limit.nodes is not None else math.inf
    safe, lost, nodes = first_safe_move(
        board, order, plan.checks, deadline=deadline, budget=budget
    )
    context.nodes += nodes
    if not lost:
        return root
    scores = dict(root.scores)
    for move, plies in lost.items():
        scores[move] = 1 + plies - WIN  # our move, then the other side's win
    if safe < 0:
        unrefuted = [move for move in order if move not in lost]
        safe = unrefuted[0] if unrefuted else max(lost, key=lost.__getitem__)
    return RootScores(scores, [safe], root.exact)
