"""Fours at the leaves: a short, bounded search for a victory by continuous
fours (VCF) where the full search stops; no Tk.

The selective search (:mod:`ttt_gui.engine.negamax`) values a position at
its depth limit statically; a line of fours the side to move could start
there, each answered by its only defence, would be seen only a few plies
later; so would the other side's line where the side to move must first
block a four (the search probes again after that forced block).
:meth:`LeafFours.probe` looks for such a line, cheaply enough to run at
every leaf: the cells where the side to move makes a four are read
bit-parallel over every line at once (:meth:`LeafFours.four_cells`), the
forced reply from the lines through the four's cell, and the search stops
after LEAF_NODES positions or past LEAF_PLIES plies (then it reports
nothing, as if there were no line).

It is sound as :mod:`ttt_gui.engine.threats`' search is, for the plain
rules with five or more in a row (:func:`leaf_fours_apply`): a line of
``n`` plies wins within ``n`` plies against any defence. The defender's
fours made by a block are answered as there (the attacker's next four
must take the defender's winning cell; two of them end the line). Lines are
tried shortest first, so the plies reported are those of the shortest line
of fours within the bounds: the win's distance, unless a shorter win needs
a quiet move (a double three, say), which the full search finds when it
looks that far.

>>> from ttt_gui.board import Board
>>> board = Board.from_moves([40, 0, 41, 8, 42, 80], 9, 5)  # X: an open four next
>>> leaf_fours(board.geometry).probe(board.x_bits, board.o_bits, -1)
3
"""

from __future__ import annotations

from functools import cache

from ttt_gui.board import Geometry
from ttt_gui.engine.tables import tables_for
from ttt_gui.engine.threats import completing_cells, directions, is_threat_rules

#: The longest line a leaf looks for, in plies (the attacker's moves and
#: the replies, the completing move included) ...
LEAF_PLIES = 9
#: ... and the positions one probe may visit: a leaf costs about one search
#: node, so a probe may cost a few; past this it gives up.
LEAF_NODES = 12
#: Probed positions whose answers are kept (per board shape), before the
#: store is emptied: leaves recur across the iterations of a search. On
#: 15x15 an answer takes about 230 bytes: at most about 12 MB.
LEAF_CACHE_LIMIT = 50_000


class _OutOfBudget(Exception):
    """Raised inside a probe that used up its LEAF_NODES positions."""


def leaf_fours_apply(geometry: Geometry) -> bool:
    """Whether leaves may be probed on ``geometry``: the plain rules (no
    gravity, misère or exact rule) and five or more in a row."""
    return is_threat_rules(geometry) and geometry.win_length >= 5


class LeafFours:
    """The bounded VCF of one board shape, its tables and its kept answers."""

    def __init__(self, geometry: Geometry) -> None:
        self.length = geometry.win_length
        self.full = geometry.full
        self.directions = directions(geometry)
        self.lines_through = tables_for(geometry).through_masks
        self.nodes = 0  # positions visited, over every probe
        self._answers: dict[tuple[int, int, int], int] = {}
        self._budget = 0
        self._failed: dict[tuple[int, int], int] = {}
        self._cut = False

    def four_cells(self, me: int, opp: int) -> int:
        """The empty cells where a stone of ``me`` makes a four: the empty
        cells of the lines that hold two empty cells, the rest ``me``'s."""
        empty = self.full & ~(me | opp)
        length = self.length
        found = 0
        for shift, starts in self.directions:
            one = two = three = 0  # window starts with >= 1, 2, 3 empty cells
            blocked = 0
            step = 0
            for _ in range(length):
                gap = empty >> step
                three |= two & gap
                two |= one & gap
                one |= gap
                blocked |= opp >> step
                step += shift
            windows = two & ~three & starts & ~blocked
            if windows:
                step = 0
                for _ in range(length):
                    found |= windows << step
                    step += shift
        return found & empty

    def made(self, cell: int, me: int, opp: int) -> int:
        """The cells where ``me`` (which holds ``cell``) completes a line
        through ``cell`` with one more stone."""
        return completing_cells(self.lines_through[cell], me, opp, self.length - 1)

    def probe(self, me: int, opp: int, must: int) -> int:
        """The plies of the shortest line of fours of ``me`` (to move) of at
        most LEAF_PLIES, 0 if none was found within LEAF_NODES positions.

        The side to move must have no line to complete at once, and the
        other at most one: its cell ``must`` (-1 if none), which the first
        four must take.
        """
        key = (me, opp, must)
        known = self._answers.get(key)
        if known is not None:
            return known
        if len(self._answers) > LEAF_CACHE_LIMIT:
            self._answers.clear()
        self._budget = self.nodes + LEAF_NODES
        self._failed = {}
        plies = 0
        try:
            for limit in range(3, LEAF_PLIES + 1, 2):
                self._cut = False
                if self._attack(me, opp, must, limit):
                    plies = limit
                    break
                if not self._cut:
                    break  # no line reached the limit: no longer one exists
        except _OutOfBudget:
            pass
        self._answers[key] = plies
        return plies

    def _attack(self, me: int, opp: int, must: int, plies: int) -> bool:
        """Whether ``me`` (to move, nothing to complete) wins by fours within
        ``plies``; sets ``_cut`` when a line was left for want of plies."""
        self.nodes += 1
        if self.nodes > self._budget:
            raise _OutOfBudget
        key = (me, opp)
        if self._failed.get(key, 0) >= plies:
            self._cut = True  # conservatively: the failure may have been a cut
            return False
        fours = self.four_cells(me, opp)
        if must >= 0:
            fours &= 1 << must
        won = False
        deeper = []
        while fours:
            low = fours & -fours
            fours ^= low
            cell = low.bit_length() - 1
            made = self.made(cell, me | low, opp)
            if made & (made - 1):  # two cells to complete: one stays open
                won = True
                break
            if made:
                deeper.append((cell, made))
        if not won and deeper:
            if plies < 5:
                self._cut = True
            else:
                for cell, block_bit in deeper:
                    after_me, after_opp = me | 1 << cell, opp | block_bit
                    block = block_bit.bit_length() - 1
                    answer = self.made(block, after_opp, after_me)
                    if answer & (answer - 1):
                        continue  # the block made two lines to complete: it wins
                    follow = answer.bit_length() - 1  # -1: no four of the defender
                    if self._attack(after_me, after_opp, follow, plies - 2):
                        won = True
                        break
        if not won:
            self._failed[key] = plies
        return won


@cache
def leaf_fours(geometry: Geometry) -> LeafFours:
    """The (shared) leaf probe of ``geometry``."""
    return LeafFours(geometry)
