"""The engine's search state and its rules-aware helpers: threats, the
incremental move, the root moves and the heuristic; no Tk.

A search state is a plain tuple, for speed: the root's is a :class:`State`,
which names its fields, and the search's move function builds the same
fields in plain tuples (:data:`StateTuple`). Threat cells are kept whether
or not they can be played now; under gravity the search counts only the
playable ones. Under misère a "threat" of a side is a cell where it
would complete a line, and so lose. Under the exact rule a cell is a threat
only where the line it completes is no overline; a mark beyond a line's end
can then take a threat away, so a move rechecks the cells near it.

>>> from ttt_gui.board import Board
>>> from ttt_gui.engine.tables import tables_for
>>> board = Board.parse("..../..../x.../xo.o", win_length=3, gravity=True)
>>> state = root_state(board, tables_for(board.geometry))
>>> cells_of(state.my_threats), immediate_wins(board)
((4,), (4,))
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from ttt_gui.board import Board, Geometry, Player, cells_of
from ttt_gui.engine.tables import Tables, symmetric_keys
from ttt_gui.engine.threats import side_bits


class SearchAborted(Exception):
    """Raised inside a search (the negamax or a proof) when its stop token was
    set, its time ran out or it reached its node limit."""


class State(NamedTuple):
    """A search state by name (the root's, from :func:`root_state`)."""

    side: int  # 0 for X
    me: int  # the bitboard of the side to move
    opp: int  # the other's
    my_threats: int  # cells where the side to move completes a line at once
    opp_threats: int  # the other's
    live_me: int  # bit set of the line indices still free of the other side
    live_opp: int  # of the side to move
    eval_me: int  # the heuristic value of the lines
    keys: list[int]  # see tables.symmetric_keys
    line_gains: list[int]  # per line, what a move on it gains: see line_gain


#: A search state as the move function builds it: the fields of
#: :class:`State` in a plain tuple (a NamedTuple's constructor would cost a
#: call for every position); a State is one too.
StateTuple = tuple[int, int, int, int, int, int, int, int, list[int], list[int]]
Play = Callable[[StateTuple, int], StateTuple]


def threats(bits: int, other: int, geometry: Geometry) -> int:
    """Cells where the owner of ``bits`` completes a line with one more mark
    (under the exact rule, no overline)."""
    k = geometry.win_length
    cells = 0
    if geometry.exact:
        for mask, guard in zip(geometry.lines, geometry.guards, strict=True):
            if not (mask & other or guard & bits) and (mask & bits).bit_count() == k - 1:
                cells |= mask & ~bits
        return cells
    for mask in geometry.lines:
        if not mask & other and (mask & bits).bit_count() == k - 1:
            cells |= mask & ~bits
    return cells


#: See :func:`exact_threats_after`: (threats before, marks, other marks, move) -> threats.
ExactThreats = Callable[[int, int, int, int], int]


def exact_threats_after(geometry: Geometry, touching: tuple[tuple[int, ...], ...]) -> ExactThreats:
    """Under the exact rule, the threats of a side after its move: given its
    threats before, its marks with the move, the other side's marks and the
    move, from the lines whose cells or guards hold the move
    (``touching[move]``), the only lines whose threats change. A cell such a
    line made a threat before is kept only if some line still makes it one."""
    k = geometry.win_length
    lines, guards, lines_through = geometry.lines, geometry.guards, geometry.lines_through

    def makes_threat(index: int, me: int, opp: int) -> bool:
        mask = lines[index]
        return not (mask & opp or guards[index] & me) and (mask & me).bit_count() == k - 1

    def after(before: int, me: int, opp: int, move: int) -> int:
        bit = 1 << move
        near = 0
        gained = 0
        for index in touching[move]:
            mask = lines[index]
            near |= mask
            if makes_threat(index, me, opp):
                gained |= mask & ~me
        kept = before & ~near & ~bit
        recheck = before & near & ~bit & ~gained
        while recheck:
            low = recheck & -recheck
            recheck ^= low
            cell = low.bit_length() - 1
            if any(makes_threat(index, me, opp) for index in lines_through[cell]):
                kept |= low
        return kept | gained

    return after


def immediate_wins(board: Board) -> tuple[int, ...]:
    """The legal moves that win at once (none under misère)."""
    if board.misere:
        return ()
    me, opp = side_bits(board)
    return cells_of(threats(me, opp, board.geometry) & board.geometry.playable(me | opp))


def line_value(board: Board, tables: Tables) -> int:
    """Heuristic value of the open lines, from the side to move (before any
    variant's adjustment: see :func:`leaf_value`)."""
    me, opp = side_bits(board)
    weights = tables.weights
    total = 0
    for mask in tables.geometry.lines:
        if not mask & opp:
            total += weights[(mask & me).bit_count()]
        elif not mask & me:
            total -= weights[(mask & opp).bit_count()]
    return total


def leaf_value(state: StateTuple, tables: Tables) -> int:
    """The heuristic value of a state, from the side to move.

    Open lines count for their owner; under misère against. Under gravity a
    threat counts more on the rows that favour its owner (odd rows from the
    bottom for X, who moves first, even rows for O), since a full column
    decides who must play below it, and more still when it can be played.
    """
    side, me, opp, my_threats, opp_threats, _, _, eval_me, _, _ = state
    geometry = tables.geometry
    if geometry.misere:
        return -eval_me
    if not geometry.gravity:
        return eval_me
    good_rows = tables.good_rows
    value = eval_me
    occupied = me | opp
    soon = (occupied >> geometry.cols) | geometry.bottom  # playable, or right above one
    soon |= soon >> geometry.cols
    bonus = tables.weights[geometry.win_length - 1]
    for threat_cells, sign, rows in (
        (my_threats, 1, good_rows[side]),
        (opp_threats, -1, good_rows[1 - side]),
    ):
        value += (
            sign
            * bonus
            * (
                (threat_cells & rows).bit_count() * 2
                + threat_cells.bit_count()
                + (threat_cells & soon).bit_count()
            )
        )
    return value


def root_state(board: Board, tables: Tables) -> State:
    """The search state of ``board``, built from scratch."""
    geometry = tables.geometry
    side = 0 if board.turn is Player.X else 1
    me, opp = side_bits(board)
    live_me = live_opp = 0
    for index, mask in enumerate(geometry.lines):
        if not mask & opp:
            live_me |= 1 << index
        if not mask & me:
            live_opp |= 1 << index
    return State(
        side,
        me,
        opp,
        threats(me, opp, geometry),
        threats(opp, me, geometry),
        live_me,
        live_opp,
        line_value(board, tables),
        symmetric_keys(board, tables),
        [line_gain(mask, me, opp, tables.weights) for mask in geometry.lines],
    )


def line_gain(mask: int, me: int, opp: int, weights: tuple[int, ...]) -> int:
    """What a move on the line ``mask`` gains in the move order, for either
    side: ``weights[c + 1]`` if it holds c marks of one side and none of the
    other's (a line strengthened, or blocked), both terms on an empty line,
    0 on a line both sides hold or one fills (under the exact rule: an
    overline's)."""
    if (me | opp) & mask == mask:
        return 0
    gain = 0
    if not opp & mask:
        gain += weights[(me & mask).bit_count() + 1]
    if not me & mask:
        gain += weights[(opp & mask).bit_count() + 1]
    return gain


def make_play(tables: Tables) -> Play:
    """The move function of the search, tables bound as locals."""
    geometry = tables.geometry
    k = geometry.win_length
    weights = tables.weights
    through = tables.through_lines
    through_bits = tables.through_bits
    symmetry_adds = tables.symmetry_adds
    exact = None
    if geometry.exact:
        exact = exact_threats_after(geometry, touching_lines(geometry))

    def play(state: StateTuple, move: int) -> StateTuple:
        """The state after the side to move plays ``move`` (not one that
        completes a line); its line gains are those :func:`line_gain` would
        count from scratch."""
        side, me, opp, my_threats, opp_threats, live_me, live_opp, eval_me, keys, gains = state
        bit = 1 << move
        new_me = me | bit
        new_threats = my_threats & ~bit
        delta = 0
        new_gains = gains.copy()
        for mask, index in through[move]:
            if not opp & mask:
                count = (new_me & mask).bit_count()
                delta += weights[count] - weights[count - 1]
                # line_gain's rules, updated: a line filled (under the
                # exact rule one may be) or held by both sides gains 0
                new_gains[index] = weights[count + 1] if count < k else 0
                if count == k - 1:
                    new_threats |= mask & ~new_me
            else:
                new_gains[index] = 0
                if not me & mask:
                    delta += weights[(opp & mask).bit_count()]
        if exact is not None:
            new_threats = exact(my_threats, new_me, opp, move)
        return (
            1 - side,
            opp,
            new_me,
            opp_threats & ~bit,
            new_threats,
            live_opp & ~through_bits[move],
            live_me,
            -(eval_me + delta),
            [key | add for key, add in zip(keys, symmetry_adds[side][move])],
            new_gains,
        )

    return play


@cache
def touching_lines(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per cell, the indices of the lines that hold it or have it beyond an end."""
    return tuple(
        tuple(
            index
            for index, (mask, guard) in enumerate(
                zip(geometry.lines, geometry.guards, strict=True)
            )
            if (mask | guard) >> cell & 1
        )
        for cell in range(geometry.cells)
    )


def root_candidates(board: Board, tables: Tables, all_moves: bool) -> list[int]:
    """The moves worth searching at the root, best first by position.

    Every legal move with ``all_moves``, and always under misère; otherwise
    the winning moves if any, else the moves that block the opponent's
    playable threats (with two or more, all lose), else every legal move
    (on large boards, those near the marks: see Tables.near).
    """
    geometry = tables.geometry
    me, opp = side_bits(board)
    legal = geometry.playable(me | opp)
    if not all_moves and not geometry.misere:
        forced = legal & threats(me, opp, geometry) or legal & threats(opp, me, geometry)
        if forced:
            return list(cells_of(forced))
        if tables.near_distance:
            legal = legal & tables.near(me | opp) or legal
    return [cell for cell in tables.order if legal >> cell & 1]
