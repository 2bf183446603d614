"""Threat-space search: victory by continuous fours (VCF); no Tk.

A *four* is a move after which its player completes a line with one more
mark; the opponent must block that cell at once or lose. A VCF is a line of
fours, each answered by its forced block, that ends in two fours at once (the
opponent can block only one) or in a completed line. Because every reply is
forced, the search is narrow and can look far deeper than the full search.

It is sound: when :func:`find_vcf` returns a line of ``n`` plies, the side to
move wins in at most ``n`` plies against any defence. The defender's
alternatives to a block lose at once, the defender's own fours are answered
(the attacker must block them, which only continues the line if the block is
itself a four) and two of them end the line. It holds for the plain rules only:
under gravity a block may be unplayable and under misère a completed line
loses, so callers switch it off there (see :func:`is_threat_rules`).

>>> from ttt_gui.board import Board
>>> board = Board.parse(
...     "o.......o/........./........./....x..../...xx..../....x..../"
...     "........./........./o.......o", win_length=5)
>>> [board.coordinate(cell) for cell in board_vcf(board)]  # X: a four open at both ends
['e3', 'e2', 'e7']
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ttt_gui.board import Board, Geometry, Player, cells_of
from ttt_gui.engine.tables import tables_for

#: A direction of the board's lines as (shift between neighbouring cells,
#: mask of the cells where a line in that direction starts).
Direction = tuple[int, int]


#: Marks a position that has no VCF however many plies it is given.
NEVER = 1 << 30
#: A threat search looks at the clock every this many positions plus one
#: (each costs about 0.1 ms).
DEADLINE_CHECK_MASK = 15


def side_bits(board: Board) -> tuple[int, int]:
    """(bits of the side to move, bits of the other side)."""
    if board.turn is Player.X:
        return board.x_bits, board.o_bits
    return board.o_bits, board.x_bits


class BudgetExhausted(Exception):
    """Raised inside the search when it used up its node budget."""


def is_threat_rules(geometry: Geometry) -> bool:
    """Whether the threat search's premise holds: no gravity, no misère, and
    five or more in a row win (no exact rule, where a four may be an overline's)."""
    return not (geometry.gravity or geometry.misere or geometry.exact)


@cache
def directions(geometry: Geometry) -> tuple[Direction, ...]:
    """The line directions of a board shape, with the cells lines start from.

    A line's start is its lowest cell index; the shift to its next cell names
    the direction (1 across, ``cols`` down, ``cols + 1`` and ``cols - 1`` the
    diagonals). Lines of one cell (``win_length`` 1) do not occur.
    """
    starts: dict[int, int] = {}
    for mask in geometry.lines:
        low = mask & -mask
        shift = ((mask ^ low) & -(mask ^ low)).bit_length() - low.bit_length()
        starts[shift] = starts.get(shift, 0) | low
    return tuple(sorted(starts.items()))


def scan(me: int, opp: int, geometry: Geometry) -> tuple[int, int, int]:
    """(my threats, the opponent's threats, my fours) as cell masks.

    A threat is an empty cell that completes a line of its owner; a four
    cell is an empty cell whose mark would leave a line one mark short with
    no opposing mark (a threat next move). Bit-parallel over every line start.
    """
    k = geometry.win_length
    empty = geometry.full & ~(me | opp)
    my_threats = opp_threats = my_fours = 0
    for shift, starts in directions(geometry):
        one = two = three = 0  # starts whose line holds >= 1, 2, 3 empty cells
        has_me = has_opp = 0
        for step in range(0, k * shift, shift):
            gap = empty >> step
            three |= two & gap
            two |= one & gap
            one |= gap
            has_me |= me >> step
            has_opp |= opp >> step
        single = one & ~two & starts
        double = two & ~three & starts & ~has_opp
        mine, theirs = single & ~has_opp, single & ~has_me
        for step in range(0, k * shift, shift):
            my_threats |= mine << step
            opp_threats |= theirs << step
            my_fours |= double << step
    return my_threats & empty, opp_threats & empty, my_fours & empty


def open_cells(me: int, opp: int, geometry: Geometry, gaps: int = 2) -> tuple[int, int]:
    """(mine, the opponent's): the empty cells of the lines a side holds all
    but ``gaps`` cells of, with no mark of the other side. With 2 gaps those
    are the cells that make a four; with 3, a three."""
    k = geometry.win_length
    empty = geometry.full & ~(me | opp)
    mine = theirs = 0
    for shift, starts in directions(geometry):
        at_least = [0] * (gaps + 2)  # [j]: starts whose line holds >= j empty cells
        has_me = has_opp = 0
        for step in range(0, k * shift, shift):
            gap = empty >> step
            for j in range(gaps + 1, 1, -1):
                at_least[j] |= at_least[j - 1] & gap
            at_least[1] |= gap
            has_me |= me >> step
            has_opp |= opp >> step
        exactly = at_least[gaps] & ~at_least[gaps + 1] & starts
        my_lines, their_lines = exactly & ~has_opp, exactly & ~has_me
        for step in range(0, k * shift, shift):
            mine |= my_lines << step
            theirs |= their_lines << step
    return mine & empty, theirs & empty


def double_threat_cells(me: int, opp: int, geometry: Geometry, cells: int) -> int:
    """The cells among ``cells`` where a mark of ``me`` makes two threats at
    once (an open four, or two fours): it then wins unless the other side
    completes a line first."""
    found = 0
    through_masks = tables_for(geometry).through_masks
    need = geometry.win_length - 1
    for cell in cells_of(cells):
        made = completing_cells(through_masks[cell], me | 1 << cell, opp, need)
        if made & (made - 1):
            found |= 1 << cell
    return found


def urgent_defences(me: int, opp: int, geometry: Geometry) -> int:
    """When the opponent could make two threats with its next mark (an open
    four, or two fours), the moves worth trying against it: the cells of its
    lines two short (any that can stop it) and my own fours (which force a
    reply first); else 0. Moves outside that set let the opponent win,
    unless the side to move has a VCF."""
    mine, theirs = open_cells(me, opp, geometry)
    if double_threat_cells(opp, me, geometry, theirs):
        return mine | theirs
    return 0


def threats_through(cell: int, me: int, opp: int, geometry: Geometry) -> int:
    """The cells where ``me`` completes a line through ``cell`` with one more mark."""
    masks = tables_for(geometry).through_masks[cell]
    return completing_cells(masks, me, opp, geometry.win_length - 1)


def completing_cells(masks: tuple[int, ...], me: int, opp: int, need: int) -> int:
    """The empty cells of the lines ``masks`` that hold ``need`` marks of
    ``me`` and none of ``opp``: where ``me`` completes one of them with one
    more mark (``need`` the line's length less one)."""
    found = 0
    for mask in masks:
        if not mask & opp and (mask & me).bit_count() == need:
            found |= mask & ~me
    return found


class ThreatSearch:
    """One VCF search of a position: its node count, budget and failure memory.

    ``budget`` bounds the positions visited (None: no bound) and
    ``deadline`` (a ``time.perf_counter`` value) the time; past either
    :meth:`find` gives up and returns None, as if no VCF existed. The
    deadline keeps a search within its share of a think time on a machine
    slower or busier than the budget assumes.
    """

    def __init__(
        self, geometry: Geometry, budget: int | None = None, *, deadline: float = math.inf
    ) -> None:
        self.geometry = geometry
        self.budget = budget if budget is not None else float("inf")
        self.deadline = deadline
        self.nodes = 0
        self.plies = 0  # once a line is found: the plies it wins within
        self._failed: dict[tuple[int, int], int] = {}  # (me, opp) -> plies known to fail
        self._cut = False

    def find(self, me: int, opp: int, max_plies: int = 1_000) -> tuple[int, ...] | None:
        """The shortest VCF of ``me`` (to move) of at most ``max_plies`` plies,
        as its moves (attacker, block, ..., the completing move), or None.

        None means no VCF exists within ``max_plies`` or the budget ran out.
        Once found, ``plies`` bounds the win against any defence (for a VCF
        the line's length, each reply being forced).
        """
        try:
            for plies in range(1, max_plies + 1, 2):
                self._cut = False
                line = self._attack(me, opp, plies)
                if line is not None:
                    self.plies = plies
                    return tuple(line)
                if not self._cut:
                    break  # no line reached the limit: a longer one cannot exist
        except BudgetExhausted:
            pass
        return None

    def _attack(self, me: int, opp: int, plies: int) -> list[int] | None:
        """A VCF of ``me`` to move within ``plies`` plies, else None.

        Sets ``_cut`` when a line was abandoned only for want of plies.
        """
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExhausted
        if not self.nodes & DEADLINE_CHECK_MASK and time.perf_counter() > self.deadline:
            raise BudgetExhausted
        geometry = self.geometry
        my_threats, opp_threats, my_fours = scan(me, opp, geometry)
        if my_threats:
            return [(my_threats & -my_threats).bit_length() - 1]
        if opp_threats & (opp_threats - 1):
            return None  # two threats of the defender: no four can answer both
        if plies < 3:
            self._cut = True
            return None
        key = (me, opp)
        known = self._failed.get(key, 0)
        if known >= plies:
            self._cut |= known < NEVER  # that failure may have been for want of plies
            return None
        cut_before, self._cut = self._cut, False
        line = None
        for move in self._candidates(me, opp, opp_threats, my_fours, plies):
            line = self._after(me | 1 << move, opp, move, plies)
            if line is not None:
                break
        if line is None:
            self._failed[key] = plies if self._cut else NEVER
        self._cut |= cut_before
        return line

    def _candidates(
        self, me: int, opp: int, opp_threats: int, my_fours: int, plies: int
    ) -> Sequence[int]:
        """The attacker's moves to try: its fours, and when the defender has
        a threat only a four that blocks it (the block comes first)."""
        return cells_of(my_fours & opp_threats if opp_threats else my_fours)

    def _after(self, me: int, opp: int, move: int, plies: int) -> list[int] | None:
        """The rest of the line after the attacker played ``move`` (now in
        ``me``), the defender to move, else None."""
        made = threats_through(move, me, opp, self.geometry)
        if made & (made - 1):  # two threats: one of them stays open
            first = (made & -made).bit_length() - 1
            return [move, first, (made & ~(1 << first)).bit_length() - 1]
        if not made:
            return self._after_quiet(me, opp, move, plies)
        if plies < 5:
            self._cut = True
            return None
        block = made.bit_length() - 1  # a four: the block is forced
        rest = self._attack(me, opp | 1 << block, plies - 2)
        return None if rest is None else [move, block, *rest]

    def _after_quiet(self, me: int, opp: int, move: int, plies: int) -> list[int] | None:
        """As :meth:`_after`, for a move that made no threat: in a VCF none
        does, so there is no line."""
        return None


def find_vcf(
    me: int, opp: int, geometry: Geometry, budget: int | None = None, max_plies: int = 1_000
) -> tuple[int, ...] | None:
    """The shortest VCF of ``me`` to move against ``opp`` (see ThreatSearch.find)."""
    return ThreatSearch(geometry, budget).find(me, opp, max_plies)


def board_vcf(board: Board, budget: int | None = None) -> tuple[int, ...] | None:
    """The side to move's shortest VCF on ``board``, None if none was found
    (or the game is over, or the rules are not plain)."""
    if board.is_over or not is_threat_rules(board.geometry):
        return None
    me, opp = side_bits(board)
    return find_vcf(me, opp, board.geometry, budget)


# -- the engine's uses ---------------------------------------------------------

#: VCF positions the root may visit per side, per second of think time.
ROOT_NODES_PER_SECOND = 4_000
#: VCF positions per root move when checking which moves stop the opponent's VCF.
REFUTATION_NODES = 200


@dataclass(frozen=True)
class RootThreats:
    """What the threat search found before the full search of a position.

    ``win`` is the side to move's VCF (empty if none was found); ``defences``
    the cells of the opponent's VCF, were it to move now, the cells a
    defence will most likely need; ``refuted`` the moves after which the
    opponent was shown to have a VCF (proven losses); ``nodes`` the
    positions visited.
    """

    win: tuple[int, ...]
    defences: tuple[int, ...]
    refuted: frozenset[int]
    nodes: int
    plies: int = 0  # with a win: the plies it takes at most against any defence


def root_threats(
    board: Board,
    budget: int,
    moves: list[int],
    kind: type[ThreatSearch] = ThreatSearch,
    max_plies: int = 1_000,
    *,
    deadline: float = math.inf,
) -> RootThreats:
    """The threat win of the side to move, else the opponent's and which of
    ``moves`` fail to stop it (at most ``budget`` positions per search, and
    as many again for the refutations); the rules must be plain, the game
    not over. ``kind`` is the search: VCF by default, or a subclass such as
    :class:`ttt_gui.engine.vct.ContinuousThreats`; lines stop at
    ``max_plies``. Past ``deadline`` (a ``time.perf_counter`` value) the
    searches give up as if they had found nothing more.

    A move that leaves the opponent no threat win may still lose otherwise;
    one that leaves one loses. The opponent has no threat win after any
    move when it has none now: our mark can only block its lines.
    """
    me, opp = side_bits(board)
    geometry = board.geometry
    search = kind(geometry, budget, deadline=deadline)
    win = search.find(me, opp, max_plies) or ()
    nodes = search.nodes
    if win:
        return RootThreats(win, (), frozenset(), nodes, plies=search.plies)
    theirs = kind(geometry, budget, deadline=deadline)
    line = theirs.find(opp, me, max_plies) or ()
    nodes += theirs.nodes
    refuted = set()
    if line:
        spent = 0
        fours, threes = open_cells(opp, me, geometry)[0], open_cells(opp, me, geometry, 3)[0]
        near = [m for m in line if m in moves]
        near += [m for m in moves if fours >> m & 1] + [m for m in moves if threes >> m & 1]
        for move in dict.fromkeys(near + moves):
            if spent >= budget or time.perf_counter() > deadline:
                break
            after = kind(geometry, REFUTATION_NODES, deadline=deadline)
            if after.find(opp, me | 1 << move, max_plies) is not None:
                refuted.add(move)
            spent += after.nodes
        nodes += spent
    return RootThreats((), tuple(dict.fromkeys(line)), frozenset(refuted), nodes)
