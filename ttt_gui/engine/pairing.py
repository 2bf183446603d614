"""Pairing-strategy draw proofs for m,n,k games; no Tk.

A *pairing* for a defender is a set of disjoint pairs of empty cells such that
every line the attacker could still complete (every line free of the
defender's marks) holds both cells of some pair. The defender then answers
each attacker move inside a pair with the other cell of that pair (and plays
anywhere otherwise, which only kills more lines), so the attacker never
completes a line: the attacker's value is at most a draw, whoever is to move.
When each side has a pairing against the other, the position is a draw.

The premise needs free choice of cells and a game won by completing a line,
so the engine uses pairings neither under gravity nor under misère.

Finding one is a matching: each *demand* needs two of its own empty cells and
each cell serves one demand. Collinear lines that overlap in two or more
empty cells form one demand (one pair inside the overlap blocks them all);
the groups are formed greedily along each straight line of the board.

>>> from ttt_gui.board import Board
>>> pairing_draw(Board.empty(5, 5))  # five in a row on 5x5: the classic pairing draw
True
>>> pairing_draw(Board.empty(4, 4))  # 10 lines need 20 cells, the board has 16
False
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ttt_gui.board import Board, Geometry, cells_of

#: A pairing: disjoint pairs of cells, one pair inside each demand.
Pairing = tuple[tuple[int, int], ...]
#: ``blocked(tag, attacker, defender)``: whether the defender has a pairing
#: against the attacker, remembered under ``tag`` (the caller's position key).
Blocked = Callable[[int, int, int], bool]


@cache
def carriers(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """The line masks of the board grouped by the straight line (row, column or
    diagonal) that carries them, each group in order along that line."""
    cols = geometry.cols
    groups: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for mask in geometry.lines:
        first, second = cells_of(mask)[:2]
        row, col = divmod(first, cols)
        d_row, d_col = divmod(second - first + 1, cols)
        d_col -= 1  # second - first is d_row * cols + d_col, with d_col in -1..1
        steps = 0
        while 0 <= row - d_row < geometry.rows and 0 <= col - d_col < cols:
            row, col, steps = row - d_row, col - d_col, steps + 1
        groups.setdefault((d_row, d_col, row * cols + col), []).append((steps, mask))
    return tuple(tuple(mask for _, mask in sorted(group)) for group in groups.values())


def demands(attacker: int, defender: int, geometry: Geometry) -> list[int] | None:
    """The cell sets that each need a pair for the defender to block the
    attacker, or None when some live line has fewer than two empty cells
    (no pair fits in it)."""
    empty = geometry.full & ~(attacker | defender)
    needed: list[int] = []
    for carrier in carriers(geometry):
        group = 0
        for mask in carrier:
            if mask & defender:
                continue
            cells = mask & empty
            if not cells & (cells - 1):
                return None
            if group:
                shared = group & cells
                if shared & (shared - 1):
                    group = shared
                    continue
                needed.append(group)
            group = cells
        if group:
            needed.append(group)
    return needed


def find_pairing(attacker: int, defender: int, geometry: Geometry) -> Pairing | None:
    """A pairing that lets ``defender`` (bits of its marks) stop ``attacker``
    from ever completing a line, or None if none was found.

    A pairing found is always valid; one may exist that the greedy grouping
    of collinear lines misses (then None is returned: a missed proof, never
    a wrong one).
    """
    needed = demands(attacker, defender, geometry)
    if needed is None:
        return None
    usable = 0  # the cells some demand can use
    for demand in needed:
        usable |= demand
    if 2 * len(needed) > usable.bit_count():
        return None
    needed.sort(key=int.bit_count)
    owner: dict[int, int] = {}  # cell bit -> index of the demand it serves
    seen = [0]

    def augment(index: int) -> bool:
        """Give demand ``index`` one more cell, moving others along a path."""
        free = needed[index] & ~seen[0]
        while free:
            bit = free & -free
            free ^= bit
            if seen[0] & bit:
                continue
            seen[0] |= bit
            holder = owner.get(bit)
            if holder is None or augment(holder):
                owner[bit] = index
                return True
        return False

    for index in range(len(needed)):
        for _ in range(2):
            seen[0] = 0
            if not augment(index):
                return None
    cells: dict[int, list[int]] = {}
    for bit, index in owner.items():
        cells.setdefault(index, []).append(bit.bit_length() - 1)
    return tuple((pair[0], pair[1]) for pair in (sorted(cells[i]) for i in range(len(needed))))


def is_pairing(pairing: Pairing, attacker: int, defender: int, geometry: Geometry) -> bool:
    """Whether ``pairing`` is valid: disjoint pairs of empty cells, and every line
    free of ``defender`` holds both cells of one pair (checked line by line)."""
    empty = geometry.full & ~(attacker | defender)
    used = 0
    masks = []
    for first, second in pairing:
        mask = 1 << first | 1 << second
        if first == second or used & mask or mask & ~empty:
            return False
        used |= mask
        masks.append(mask)
    return all(
        any(pair & line == pair for pair in masks)
        for line in geometry.lines
        if not line & defender
    )


def pairing_applies(geometry: Geometry) -> bool:
    """Whether the pairing argument holds under these rules (not under gravity,
    where a reply may be unplayable, nor misère, where lines lose)."""
    return not (geometry.gravity or geometry.misere)


def pairing_draw(board: Board) -> bool:
    """Whether each side has a pairing against the other: the game is then a
    draw, proven without search. Always False under gravity or misère."""
    geometry = board.geometry
    if board.is_over or not pairing_applies(geometry):
        return False
    x_bits, o_bits = board.x_bits, board.o_bits
    return (
        find_pairing(x_bits, o_bits, geometry) is not None
        and find_pairing(o_bits, x_bits, geometry) is not None
    )


def make_blocked(geometry: Geometry, answers: dict[int, bool], limit: int) -> Blocked:
    """The search's pairing test, its answers kept in ``answers`` by tag (emptied
    beyond ``limit`` entries; a tag must name the position and the attacker)."""

    def blocked(tag: int, attacker: int, defender: int) -> bool:
        known = answers.get(tag)
        if known is None:
            if len(answers) > limit:
                answers.clear()
            known = answers[tag] = find_pairing(attacker, defender, geometry) is not None
        return known

    return blocked
