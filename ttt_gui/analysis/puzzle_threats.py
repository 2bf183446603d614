"""Gomoku puzzles judged by the threat searches: wins by fours and threes; no Tk.

On a 15x15 board no search reaches the game's end, but a win by continuous
fours (VCF, :mod:`ttt_gui.engine.threats`) or by fours and threes (VCT,
:mod:`ttt_gui.engine.vct`) is proven against every defence within its
plies. A Gomoku puzzle's distance is measured by those searches, with fixed
node budgets (:data:`VCF_NODES`, :data:`VCT_NODES`) so every answer is the
same on every machine:

* after the attacker's move, the defender's replies that can matter are
  searched one by one: against a four only its block (any other reply lets
  the line be completed: one move more), against a three the cells of the
  attacker's lines two short and the defender's own fours (any other reply
  lets the three become two threats: two moves more), after a quiet move
  every reply, once a search with the defender passing finds a win (a
  defender's mark never helps the attacker's threats);
* the attacker's winning moves are looked for among its fours and threes
  (and the block of a defender's four): a threat-space win begins with one.

Not finding a win proves nothing about the game itself, only that the
puzzle's promise is not kept by the threats the searches know.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from ttt_gui.board import Board, Geometry, cells_of
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.threats import (
    ThreatSearch,
    open_cells,
    scan,
    side_bits,
    urgent_defences,
)
from ttt_gui.engine.vct import ContinuousThreats

# -- Tune these to change what a Gomoku puzzle's searches may cost --------------------------

#: Positions a VCF search may visit.
VCF_NODES = 20_000
#: Positions a VCT search may visit.
VCT_NODES = 40_000
#: The longest win the searches look for, in plies (9 of the attacker's moves).
MAX_PLIES = 17


class ThreatJudge:
    """The threat searches of one Gomoku board shape, each position's
    answer kept (a puzzle asks of the same positions again)."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self._wins: dict[tuple[int, int], int | None] = {}

    def win_plies(self, me: int, opp: int) -> int | None:
        """The plies of the shortest win by threats found for ``me`` to move
        against ``opp`` (the game not over), None if none is found."""
        key = (me, opp)
        if key not in self._wins:
            vcf = ThreatSearch(self.geometry, VCF_NODES)
            found = vcf.plies if vcf.find(me, opp, MAX_PLIES) is not None else None
            shorter = MAX_PLIES if found is None else found - 2
            if shorter >= 5:  # threes need a reply and two moves more
                vct = ContinuousThreats(self.geometry, VCT_NODES)
                if vct.find(me, opp, shorter) is not None:
                    found = vct.plies
            self._wins[key] = found
        return self._wins[key]

    def replies(self, board: Board) -> Iterator[tuple[int, int | None]]:
        """Each reply of the defender to move at ``board`` that needs a
        search and the attacker's moves it leaves (None: no win found),
        after one reply standing for all the others (their moves left)."""
        defender, attacker = side_bits(board)
        geometry = self.geometry
        their_threats, my_threats, _ = scan(defender, attacker, geometry)
        if my_threats:  # the defender completes a line at once
            yield (my_threats & -my_threats).bit_length() - 1, None
            return
        if their_threats & (their_threats - 1):
            yield (their_threats & -their_threats).bit_length() - 1, 1
            return
        if their_threats:
            searched = their_threats
            others = 1
        else:
            searched = urgent_defences(defender, attacker, geometry)
            others = 2
            if not searched:  # a quiet move: every reply, if the attacker wins at all
                if self.win_plies(attacker, defender) is None:
                    yield board.legal_moves()[0], None
                    return
                searched, others = board.empty_bits, 0
        for reply in cells_of(searched):
            plies = self.win_plies(attacker, defender | 1 << reply)
            yield reply, None if plies is None else (plies + 1) // 2
        rest = board.empty_bits & ~searched
        if rest and others:
            yield (rest & -rest).bit_length() - 1, others

    def moves_left(self, board: Board, stop: threading.Event | None) -> int | None:
        """The attacker's moves still needed against the longest defence at
        ``board`` (defender to move), None if a reply leaves no win found."""
        longest = 0
        for _reply, left in self.replies(board):
            _check(stop)
            if left is None:
                return None
            longest = max(longest, left)
        return longest

    def defence(self, board: Board, stop: threading.Event | None) -> int:
        """The defender's reply at ``board`` that lasts longest (one after
        which no win is found, if there is one)."""
        best, longest = -1, -1
        for reply, left in self.replies(board):
            _check(stop)
            if left is None:
                return reply
            if left > longest:
                best, longest = reply, left
        return best

    def winning_moves(
        self, board: Board, promise: int, stop: threading.Event | None
    ) -> frozenset[int]:
        """The attacker's fours and threes at ``board`` (attacker to move)
        after which a win within ``promise`` of its moves is found."""
        winning = set()
        for move in self.candidates(board):
            _check(stop)
            after = board.play(move)
            if after.is_over:
                left: int | None = 0 if after.winner is board.turn else None
            else:
                left = self.moves_left(after, stop)
            if left is not None and left + 1 <= promise:
                winning.add(move)
        return frozenset(winning)

    def candidates(self, board: Board) -> list[int]:
        """The moves a win by threats can begin with at ``board``: a
        completed line, and the block of the defender's four if it has one,
        else the attacker's fours and threes."""
        me, opp = side_bits(board)
        my_threats, their_threats, my_fours = scan(me, opp, self.geometry)
        if their_threats:
            return list(cells_of(my_threats | their_threats))
        threes = open_cells(me, opp, self.geometry, 3)[0]
        return list(cells_of(my_threats | my_fours | threes))


def _check(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise SearchAborted
