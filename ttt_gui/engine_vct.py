"""Threat-space search with threes: victory by continuous threats (VCT); no Tk.

A VCT extends a VCF (:mod:`ttt_gui.engine_threats`) with *threes*: moves
after which the attacker could make two threats at once with its next mark
(an open four, or two fours). A three does not force one reply as a four
does, so every defence is tried: each cell of the attacker's lines two short
(only a mark there can stop the double threat) and each move that makes a
threat of the defender's own (which the attacker must answer first). Any
other defence loses at once, so a line that beats all of these wins.

It is sound for the plain rules (no gravity, no misère): when
:meth:`ContinuousThreats.find` returns a line, the side to move wins within
the search's ``plies`` against any defence; the line shown follows the first
defence tried, and other defences may take longer. Not finding one proves
nothing.

>>> from ttt_gui.board import Board
>>> from ttt_gui.engine_threats import side_bits
>>> board = Board.parse(
...     "o........o/........../.....x..../.....x..../...xx...../"
...     "........../........../........../........../o........o", win_length=5)
>>> search = ContinuousThreats(board.geometry)
>>> line = search.find(*side_bits(board))
>>> search.plies, [board.coordinate(move) for move in line]
(5, ['f5', 'f1', 'c5', 'b5', 'g5'])
"""

from __future__ import annotations

from ttt_gui.board import Geometry, cells_of
from ttt_gui.engine_threats import (
    NEVER,
    BudgetExhausted,
    ThreatSearch,
    double_threat_cells,
    open_cells,
    scan,
    threats_through,
)


class ContinuousThreats(ThreatSearch):
    """One VCT search of a position (fours and threes), with a node budget
    and a memory of failures; see :class:`ThreatSearch` for ``find``."""

    def _attack(self, me: int, opp: int, plies: int) -> list[int] | None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExhausted
        geometry = self.geometry
        my_threats, opp_threats, my_fours = scan(me, opp, geometry)
        if my_threats:
            return [(my_threats & -my_threats).bit_length() - 1]
        if opp_threats & (opp_threats - 1):
            return None
        if plies < 3:
            self._cut = True
            return None
        key = (me, opp)
        known = self._failed.get(key, 0)
        if known >= plies:
            self._cut |= known < NEVER
            return None
        cut_before, self._cut = self._cut, False
        if opp_threats:  # the defender's four must be blocked first
            candidates = opp_threats
        else:
            candidates = my_fours
            if plies >= 5:  # a three needs a reply, then two more moves
                candidates |= open_cells(me, opp, geometry, 3)[0]
            else:
                self._cut = True  # threes may win with more plies
        line = None
        ordered = [c for c in cells_of(candidates) if my_fours >> c & 1]
        ordered += [c for c in cells_of(candidates) if not my_fours >> c & 1]
        for move in ordered:
            line = self._after(me | 1 << move, opp, move, plies)
            if line is not None:
                break
        if line is None:
            self._failed[key] = plies if self._cut else NEVER
        self._cut |= cut_before
        return line

    def _after(self, me: int, opp: int, move: int, plies: int) -> list[int] | None:
        """The rest of a VCT after the attacker played ``move`` (now in ``me``),
        the defender to move, else None."""
        geometry = self.geometry
        made = threats_through(move, me, opp, geometry)
        if made & (made - 1):  # two threats: one of them stays open
            first = (made & -made).bit_length() - 1
            return [move, first, (made & ~(1 << first)).bit_length() - 1]
        if made:  # a four: the block is forced
            if plies < 5:
                self._cut = True
                return None
            block = made.bit_length() - 1
            rest = self._attack(me, opp | 1 << block, plies - 2)
            return None if rest is None else [move, block, *rest]
        if plies < 5:
            self._cut = True
            return None
        my_fours, their_fours = open_cells(me, opp, geometry)
        if not double_threat_cells(me, opp, geometry, my_fours):
            return None  # not a three: the defender could play anywhere
        shown: list[int] | None = None
        for defence in cells_of(my_fours | their_fours):
            rest = self._attack(me, opp | 1 << defence, plies - 2)
            if rest is None:
                return None
            if shown is None:
                shown = [move, defence, *rest]
        return shown


def find_vct(
    me: int, opp: int, geometry: Geometry, budget: int | None = None, max_plies: int = 1_000
) -> tuple[int, ...] | None:
    """The shortest VCT of ``me`` to move against ``opp`` within the budget
    (see :class:`ContinuousThreats`), as the line against its first defences;
    the win may take up to ``max_plies`` against others."""
    return ContinuousThreats(geometry, budget).find(me, opp, max_plies)
