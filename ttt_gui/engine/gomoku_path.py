"""Gomoku as the engine plays it (freestyle and standard rules): the shape search
(:mod:`ttt_gui.engine.gomoku_search`) at the root of a bounded search,
with its threat searches around it; no Tk.

A move is chosen in four steps, each within its share of the search's
bounds: a win by fours is played at once (a proof, with its line); the
other side's win by fours, were it to move, brings the cells of its line
to the root's moves; the moves are searched at increasing depths; and the
best is played unless the other side then has a win by fours, in which
case the best move after which it has none is.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Final

from ttt_gui.board import Board, Geometry, Player
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.gomoku_search import VCF_DEPTH, GomokuSearch
from ttt_gui.engine.negamax import WIN
from ttt_gui.engine.state import SearchAborted

#: The root's own win by fours may take this share of the bounds, the
#: other side's (were it to move) as much again; the checks of the chosen
#: move the last share.
VCF_SHARE: Final = 0.1
CHECK_SHARE: Final = 0.15
#: Root moves checked for a win by fours of the other side after them.
DEFENCE_CHECKS: Final = 8
#: The deepest iteration (the bounds end a search long before).
MAX_DEPTH: Final = 60
#: Boards this path plays: five in a row, plain rules, from this size (smaller
#: ones the negamax nearly solves, and proves its values where it can).
MIN_SIDE: Final = 11


def gomoku_applies(geometry: Geometry) -> bool:
    """Whether this path plays ``geometry``: Gomoku, five in a row (or
    more, but for the exact rule) on a board at least MIN_SIDE on each side."""
    return (
        geometry.win_length == 5
        and not (geometry.gravity or geometry.misere)
        and min(geometry.rows, geometry.cols) >= MIN_SIDE
    )


@dataclass(frozen=True)
class GomokuChoice:
    """A move the path chose: ``scores`` of the root moves it searched (from
    the side to move; not exact), the ``move``, its ``line``, the ``depth``
    reached and whether the line is a ``proof`` (a win by fours)."""

    scores: dict[int, int]
    move: int
    line: tuple[int, ...]
    depth: int
    proof: bool


class GomokuPath:
    """The shape searchers of the board shapes seen, kept between searches."""

    def __init__(self) -> None:
        self._searchers: dict[tuple[int, int, bool], GomokuSearch] = {}

    def clear(self) -> None:
        """Forget the searchers and their tables."""
        self._searchers.clear()

    def choose(self, board: Board, limit: Limit, context: SearchContext) -> GomokuChoice:
        """The move for the side to move within ``limit``, counting into
        ``context`` (its nodes, stop token, deadline and node limit)."""
        key = (board.rows, board.cols, board.exact)
        search = self._searchers.get(key)
        if search is None:
            search = self._searchers[key] = GomokuSearch(board.rows, board.cols, board.exact)
        x_cells = [cell for cell in range(board.cells) if board[cell] is Player.X]
        o_cells = [cell for cell in range(board.cells) if board[cell] is Player.O]
        search.set_position(x_cells, o_cells)
        search.stop = context.stop
        search.nodes = context.nodes
        side = 0 if board.turn is Player.X else 1
        try:
            return _Root(search, side, context).choose()
        finally:
            context.nodes = search.nodes


class _Root:
    """One root search: its budgets, shares of the context's bounds."""

    def __init__(self, search: GomokuSearch, side: int, context: SearchContext) -> None:
        self.search, self.side, self.context = search, side, context
        self.started_nodes = search.nodes
        self.stones = len(search.board.history)  # the position's: unwound to after a stop
        self.started = time.perf_counter()

    def _bound(self, share: float) -> None:
        """Let the next step run until ``share`` of the bounds (from the start) is spent."""
        context, search = self.context, self.search
        if context.deadline < math.inf:
            search.deadline = self.started + (context.deadline - self.started) * share
        else:
            search.deadline = math.inf
        if context.node_limit < math.inf:
            search.node_limit = (
                self.started_nodes + (context.node_limit - self.started_nodes) * share
            )
        else:
            search.node_limit = math.inf

    def _vcf(self, attacker: int, share: float) -> list[int]:
        self._bound(share)
        try:
            return self.search.vcf(attacker, VCF_DEPTH)
        except SearchAborted:
            self.search.board.unwind(self.stones)
            return []

    def choose(self) -> GomokuChoice:
        search, side = self.search, self.side
        win = self._vcf(side, VCF_SHARE)
        if win:
            return GomokuChoice({win[0]: WIN - len(win)}, win[0], tuple(win), len(win), True)
        moves = search.root_moves(side)
        threat = self._vcf(1 - side, 2 * VCF_SHARE)
        if threat:  # its cells first: the stones of the attack and the blocks
            moves = (
                [cell for cell in threat if cell in moves]
                + [cell for cell in moves if cell not in threat]
                + [cell for cell in threat if cell not in moves and search.board.cells[cell] == 0]
            )
        scores: dict[int, int] = {moves[0]: 0}
        depth_reached = 0
        order = moves
        self._bound(1 - CHECK_SHARE)
        for depth in range(1, MAX_DEPTH + 1):
            scored: dict[int, int] = {}
            try:
                order = search.search_root(side, order, depth, scored)
            except SearchAborted:
                search.board.unwind(self.stones)
                if scored and depth_reached:
                    best_before = order[0]
                    better = max(scored, key=scored.__getitem__)
                    if better != best_before and scored[better] > scored.get(best_before, -WIN):
                        order = [better] + [move for move in order if move != better]
                        scores.update(scored)
                break
            scores, depth_reached = scored, depth
            if abs(scores[order[0]]) > WIN - 1_000:
                break  # a win or a loss the search sees to its end
        move = self._defended(order, scores)
        line = tuple(search.line_from(side, move, max(depth_reached, 1)))
        return GomokuChoice(scores, move, line, depth_reached, False)

    def _defended(self, order: list[int], scores: dict[int, int]) -> int:
        """The first of ``order`` after which the other side has no win by
        fours found (within the last share of the bounds), scoring the
        others as the losses found; the first if every one checked loses."""
        search, side = self.search, self.side
        if scores.get(order[0], 0) > WIN - 1_000:
            return order[0]  # a win the search saw: the other side's fours are in it
        self._bound(1.0)
        for move in order[:DEFENCE_CHECKS]:
            search.board.play(move, side)
            try:
                threat = search.vcf(1 - side, VCF_DEPTH)
            except SearchAborted:
                search.board.unwind(self.stones)
                return move  # no time to check further: the best unrefuted so far
            search.board.undo(move, side)
            if not threat:
                return move
            scores[move] = -(WIN - 1 - len(threat))
        return order[0]
