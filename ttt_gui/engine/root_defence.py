"""The threat searches around a bounded search's root: a win by threats
(VCF, then in a selective search VCT) is played at once; the other side's
threat win, were it to move, puts the moves against it first and those
shown to lose to it last; and a chosen move that leaves the other side a
win by fours its leaves find gives way to one that leaves none; no Tk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttt_gui.board import Board
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.leaf_fours import leaf_fours, leaf_fours_apply
from ttt_gui.engine.state import immediate_wins, root_candidates, threats
from ttt_gui.engine.tables import Tables
from ttt_gui.engine.threats import ROOT_NODES_PER_SECOND, root_threats, side_bits
from ttt_gui.engine.vct import ContinuousThreats

#: A selective engine then looks for wins by threats with threes (VCT),
#: with this fraction of the VCF's budget (its positions cost more), in
#: lines of at most this many plies.
VCT_SHARE = 3
VCT_PLIES = 9
#: The root looks for forced wins by threats on boards with this many empty
#: cells or more (fewer are solved outright within the think time).
THREAT_MIN_EMPTY = 20
#: The root's threat searches end by this share of the think time, however
#: slow the machine, so the full search always has the rest.
ROOT_THREAT_TIME_SHARE = 0.5


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
    ``refuted`` moves, shown to lose to it."""

    win: tuple[int, ...] = ()
    plies: int = 0
    preferred: tuple[int, ...] = ()
    refuted: frozenset[int] = frozenset()


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
    search), their positions counted into ``context``."""
    if board.empty_bits.bit_count() < THREAT_MIN_EMPTY:
        return NO_THREATS
    moves = root_candidates(board, tables, all_moves=False)
    deadline = math.inf
    if limit.time is not None:
        deadline = started + limit.time * ROOT_THREAT_TIME_SHARE
    budget = root_threat_budget(limit)
    found = root_threats(board, budget, moves, deadline=deadline)
    if not (found.win or found.defences) and selective:
        context.nodes += found.nodes
        vct_budget = budget // VCT_SHARE
        found = root_threats(
            board, vct_budget, moves, ContinuousThreats, VCT_PLIES, deadline=deadline
        )
    context.nodes += found.nodes
    if found.win:
        return ThreatPlan(win=found.win, plies=found.plies)
    return ThreatPlan(preferred=found.defences, refuted=found.refuted)


def fours_win_plies(board: Board) -> int:
    """The plies of a win by fours of the side to move on ``board`` (the
    game not over) as short as the selective search's leaves find: 1 for a
    win at once, 0 if none. Where the leaves look for no fours (see
    :func:`~ttt_gui.engine.leaf_fours.leaf_fours_apply`) only a win at once
    counts."""
    if immediate_wins(board):
        return 1
    geometry = board.geometry
    if not leaf_fours_apply(geometry):
        return 0
    me, opp = side_bits(board)
    must = threats(opp, me, geometry) & ~(me | opp)  # the other side's wins to stop
    if must & (must - 1):
        return 0
    return leaf_fours(geometry).probe(me, opp, must.bit_length() - 1)


def avoid_leaf_fours(board: Board, move: int, ranked: list[int]) -> int:
    """``move``, unless it leaves the other side a win by fours that
    :func:`fours_win_plies` finds and one of the moves ``ranked`` (best
    first) leaves none: then the first of those. Such a win holds against
    any defence, so the move it replaces loses; a search narrowed to a few
    moves a node can miss it where its leaves would not."""
    after = board.play(move)
    if after.is_over or not fours_win_plies(after):
        return move
    for other in ranked:
        after = board.play(other)
        if after.is_over or not fours_win_plies(after):
            return other
    return move
