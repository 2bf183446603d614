"""Threat-space search with threes: victory by continuous threats (VCT); no Tk.

A VCT extends a VCF (:mod:`ttt_gui.engine.threats`) with *threes*: moves
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
>>> from ttt_gui.engine.threats import side_bits
>>> board = Board.parse(
...     "o........o/........../.....x..../.....x..../...xx...../"
...     "........../........../........../........../o........o", win_length=5)
>>> search = ContinuousThreats(board.geometry)
>>> line = search.find(*side_bits(board))
>>> search.plies, [board.coordinate(move) for move in line]
(5, ['f5', 'f1', 'c5', 'b5', 'g5'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ttt_gui.board import Geometry, cells_of
from ttt_gui.engine.threats import ThreatSearch, double_threat_cells, open_cells


class ContinuousThreats(ThreatSearch):
    """One VCT search of a position (fours and threes), with a node budget
    and a memory of failures; see :class:`ThreatSearch` for ``find``."""

    def _candidates(
        self, me: int, opp: int, opp_threats: int, my_fours: int, plies: int
    ) -> Sequence[int]:
        """The block of the defender's four if it has one (a four or a three
        it must be), else the attacker's fours, then with plies enough for a
        reply and two more moves its threes."""
        if opp_threats:
            return cells_of(opp_threats)
        candidates = my_fours
        if plies >= 5:
            candidates |= open_cells(me, opp, self.geometry, 3)[0]
        else:
            self._cut = True  # threes may win with more plies
        # Fours first, each group in ascending order.
        return sorted(cells_of(candidates), key=lambda cell: not my_fours >> cell & 1)

    def _after_quiet(self, me: int, opp: int, move: int, plies: int) -> list[int] | None:
        """A move that made no threat goes on only as a three, against every
        defence that can matter."""
        if plies < 5:
            self._cut = True
            return None
        geometry = self.geometry
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
