"""Forced wins by threats, for reviewing games on Gomoku boards; no Tk.

On boards where the engine plays selectively and the threat searches hold
(plain rules, five or more in a row, 49 cells or more: :func:`threats_decide`),
a full search cannot tell in a review's time whether a position is lost:
depth 2 sees no further than the next two moves. The threat searches of the
engine look much further along the lines that decide such games: a win by
continuous fours (VCF, :mod:`ttt_gui.engine.threats`), then one by fours and
threes (VCT, :mod:`ttt_gui.engine.vct`). Both are sound: a line found wins
against any defence within its plies. Not finding one proves nothing, so a
position without a line found is *open*, not drawn.

:class:`ThreatProver` answers two questions of a position, within the
budgets of :class:`ThreatBudget`: whether the side to move has a forced win
(:meth:`ThreatProver.win`), and which move, if any, leaves the other side
none (:meth:`ThreatProver.holding_move`), tried among the moves that can
matter against the other side's threats.

>>> from ttt_gui.board import Board
>>> board = Board.parse(
...     "........./........./........./...xxx.../........./"
...     "....o..../........./........./....o....", win_length=5)
>>> prover = ThreatProver(board.geometry)
>>> after = board.play(board.parse_coordinate("a1"))  # O lets the open three through
>>> win = prover.win(after)
>>> win.plies, board.coordinate(win.line[0]) in ("c4", "g4")
(3, True)
>>> board.coordinate(prover.holding_move(board)) in ("b4", "c4", "g4", "h4")
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ttt_gui.board import Board, Geometry, Player, cells_of
from ttt_gui.engine.negamax import selective_applies
from ttt_gui.engine.threats import ThreatSearch, is_threat_rules, open_cells, side_bits
from ttt_gui.engine.vct import ContinuousThreats


def threats_decide(geometry: Geometry) -> bool:
    """Whether a review judges ``geometry``'s games by forced wins by threats:
    where the engine's selective search applies and the threat searches hold."""
    return selective_applies(geometry) and is_threat_rules(geometry)


# -- Tune these to change what a review proves and what it costs -----------------------


@dataclass(frozen=True)
class ThreatBudget:
    """What one position's threat searches may cost: ``vcf_nodes`` positions
    for a win by fours, ``vct_nodes`` for one by fours and threes in at most
    ``vct_plies`` plies, ``seconds`` for each search however slow the machine
    (past it the search gives up as if it found nothing), and the moves tried
    for a holding move (``hold_tries``); ``refute_seconds`` bounds the
    searches after every move of a position (:meth:`ThreatProver.defence`).
    A position costs about 0.1 ms in plain Python."""

    vcf_nodes: int = 20_000
    vct_nodes: int = 30_000
    vct_plies: int = 15
    seconds: float = 3.0
    hold_tries: int = 16
    refute_seconds: float = 4.0


#: A review's budget where no side has won: a 40-move game in about half a
#: minute of plain Python.
REVIEW_BUDGET = ThreatBudget()
#: In a won game, the winner's wins are where the loser's mistakes show: its
#: positions get more, and the loser's (whose wins show the winner's
#: mistakes) less, for about the same time in all.
WINNER_BUDGET = ThreatBudget(vct_nodes=40_000, seconds=4.0)
LOSER_BUDGET = ThreatBudget(vct_nodes=8_000, vct_plies=13, seconds=1.5)


def game_budgets(winner: Player | None) -> dict[Player, ThreatBudget]:
    """Each side's budget in the review of a game won by ``winner`` (None:
    not won, each side's REVIEW_BUDGET)."""
    if winner is None:
        return dict.fromkeys(Player, REVIEW_BUDGET)
    return {winner: WINNER_BUDGET, winner.other: LOSER_BUDGET}


@dataclass(frozen=True)
class ForcedWin:
    """A forced win of the side to move: its ``line`` (the attacker's first
    move first, against the first defences tried), won within ``plies``
    plies against any defence (1: a line completed at once)."""

    line: tuple[int, ...]
    plies: int

    @property
    def move(self) -> int:
        """The first move of the win."""
        return self.line[0]


class ThreatProver:
    """The threat searches of the positions of one board shape, each
    position's answer kept (a game's review asks of most positions twice).

    A search of a side's forced win runs within that side's budget of
    ``budgets`` (by default ``budget`` for both); ``budget`` also bounds the
    moves tried for a defence. ``nodes`` counts the positions visited in all.
    """

    def __init__(
        self,
        geometry: Geometry,
        budget: ThreatBudget = REVIEW_BUDGET,
        *,
        budgets: Mapping[Player, ThreatBudget] | None = None,
    ) -> None:
        self.geometry = geometry
        self.budget = budget
        self.budgets = dict(budgets) if budgets is not None else dict.fromkeys(Player, budget)
        self.nodes = 0
        self._wins: dict[tuple[int, int], ForcedWin | None] = {}

    def win(self, board: Board) -> ForcedWin | None:
        """The side to move's forced win on ``board`` found by the threat
        searches, None if none was found (or the game is over)."""
        if board.is_over:
            return None
        return self.win_of(*side_bits(board), board.turn)

    def win_of(self, me: int, opp: int, player: Player) -> ForcedWin | None:
        """The forced win of ``player``, holding ``me``, were it to move against
        ``opp`` (the game not over), None if none was found."""
        key = (me, opp)
        if key not in self._wins:
            self._wins[key] = self._search(me, opp, self.budgets[player])
        return self._wins[key]

    def _search(self, me: int, opp: int, budget: ThreatBudget) -> ForcedWin | None:
        geometry = self.geometry
        vcf = ThreatSearch(geometry, budget.vcf_nodes, deadline=_deadline(budget.seconds))
        line = vcf.find(me, opp)
        self.nodes += vcf.nodes
        if line is not None:
            return ForcedWin(line, vcf.plies)
        vct = ContinuousThreats(geometry, budget.vct_nodes, deadline=_deadline(budget.seconds))
        line = vct.find(me, opp, budget.vct_plies)
        self.nodes += vct.nodes
        return None if line is None else ForcedWin(line, vct.plies)

    def holding_move(self, board: Board, *, besides: Iterable[int] = ()) -> int | None:
        """A move of the side to move on ``board`` after which the other side
        has no forced win found (its own forced win's first move first), None
        if none of the moves tried is one (``budget.hold_tries`` of them,
        ``besides`` left out).

        The moves tried are those that can stop the other side's threats:
        the cells of its forced win were it to move now, then the cells of
        its lines a mark or two short of a four, then the side to move's
        own fours (which force a reply first). A move elsewhere leaves the
        other side's threats as they are."""
        own = self.win(board)
        if own is not None:
            return own.move
        left_out = set(besides)
        candidates = [move for move in self._candidates(board) if move not in left_out]
        for move in candidates[: self.budget.hold_tries]:
            after = board.play(move)
            if after.is_over or self.win(after) is None:
                return move
        return None

    def _candidates(self, board: Board) -> list[int]:
        """The moves that can stop the other side's threats, most likely
        first (see :meth:`holding_move`)."""
        me, opp = side_bits(board)
        geometry = self.geometry
        theirs = self.win_of(opp, me, board.turn.other)
        their_fours, my_fours = open_cells(opp, me, geometry)[0], open_cells(me, opp, geometry)[0]
        their_threes = open_cells(opp, me, geometry, 3)[0]
        tried = dict.fromkeys(theirs.line if theirs is not None else ())
        for cells in (their_fours, their_threes, my_fours):
            tried.update(dict.fromkeys(cells_of(cells)))
        return [move for move in tried if board.empty_bits >> move & 1]

    def defence(
        self, board: Board, *, besides: Iterable[int] = (), first: Iterable[int] = ()
    ) -> Defence | None:
        """What the side to move on ``board`` has against the other side's
        threats, every legal move but ``besides`` searched (``first`` first,
        then the moves :meth:`holding_move` tries): a move after which the
        other side has no forced win found, else the plies within which each
        of them loses; None if the searches pass ``budget.refute_seconds``.

        Every move is searched, so a position is proven lost even where the
        other side's win begins with a quiet move, as long as each reply
        then loses to threats."""
        deadline = time.perf_counter() + self.budget.refute_seconds
        left_out = set(besides)
        order = [*first, *self._candidates(board), *board.legal_moves()]
        longest = 0
        for move in dict.fromkeys(order):
            if move in left_out or not board.empty_bits >> move & 1:
                continue
            if time.perf_counter() > deadline:
                return None
            after = board.play(move)
            found = None if after.is_over else self.win(after)
            if found is None:
                return Defence(move, 0)
            longest = max(longest, found.plies)
        return Defence(None, longest + 1)


def _deadline(seconds: float) -> float:
    """The ``time.perf_counter`` value ``seconds`` from now."""
    return time.perf_counter() + seconds if seconds < math.inf else math.inf


@dataclass(frozen=True)
class Defence:
    """A position's defence against the other side's threats: a ``move``
    after which the other side has no forced win found, or (None) the
    ``plies`` within which every move searched loses."""

    move: int | None
    plies: int
