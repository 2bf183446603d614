"""Precomputed per-board-shape tables for the engine's search; no Tk.

One :class:`Tables` per :class:`~ttt_gui.board.Geometry`, built once and
cached: the lines through each cell, the 8 symmetries of the square as cell
maps and as bit increments, the positional move order and the line weights.

>>> from ttt_gui.board import geometry
>>> tables = tables_for(geometry(3, 3))
>>> tables.order[:5], tables.weights
((4, 0, 2, 6, 8), (0, 1, 4, 16))
>>> [tables.forward[symmetry][0] for symmetry in range(8)]
[0, 6, 2, 8, 0, 6, 2, 8]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ttt_gui.board import Board, Geometry, cells_of

#: The 8 symmetries of the square, numbered by bits: 4 transposes, 1 flips the
#: rows, 2 flips the columns (applied in that order). 0 is the identity.
SYMMETRIES = range(8)


@dataclass(frozen=True)
class Tables:
    """Per-geometry data the search uses: line masks, symmetries, ordering."""

    geometry: Geometry
    through_masks: tuple[tuple[int, ...], ...]  # line masks containing each cell
    through_bits: tuple[int, ...]  # the same lines as a bit set of line indices
    symmetry_adds: tuple[tuple[tuple[int, ...], ...], ...]  # [side][cell] -> per symmetry
    inverse: tuple[tuple[int, ...], ...]  # [symmetry][canonical cell] -> cell
    forward: tuple[tuple[int, ...], ...]  # [symmetry][cell] -> canonical cell
    order: tuple[int, ...]  # cells, most lines through them first
    weights: tuple[int, ...]  # heuristic value of an open line holding c marks


@cache
def tables_for(geometry: Geometry) -> Tables:
    """The tables of one board shape (computed once per shape)."""
    size, cells = geometry.size, geometry.cells

    def transform(symmetry: int, cell: int) -> int:
        row, col = divmod(cell, size)
        if symmetry & 4:
            row, col = col, row
        if symmetry & 1:
            row = size - 1 - row
        if symmetry & 2:
            col = size - 1 - col
        return row * size + col

    forward = tuple(tuple(transform(s, cell) for cell in range(cells)) for s in SYMMETRIES)
    inverse = tuple(tuple(forward[s].index(cell) for cell in range(cells)) for s in SYMMETRIES)
    adds = tuple(
        tuple(tuple(1 << (forward[s][cell] + shift) for s in SYMMETRIES) for cell in range(cells))
        for shift in (0, cells)
    )
    lines = geometry.lines
    through_masks = tuple(tuple(lines[i] for i in indices) for indices in geometry.lines_through)
    through_bits = tuple(sum(1 << i for i in indices) for indices in geometry.lines_through)
    center = (size - 1) / 2
    order = tuple(
        sorted(
            range(cells),
            key=lambda cell: (
                -len(geometry.lines_through[cell]),
                abs(cell // size - center) + abs(cell % size - center),
                cell,
            ),
        )
    )
    weights = tuple(
        0 if count == 0 else 4 ** (count - 1) for count in range(geometry.win_length + 1)
    )
    return Tables(geometry, through_masks, through_bits, adds, inverse, forward, order, weights)


def symmetric_keys(board: Board, tables: Tables) -> list[int]:
    """The position's bits (X's cells, then O's above them) under each symmetry.

    The least of them is the position's key in the transposition table, and
    its index the symmetry that maps the position to its canonical form.
    """
    keys = [0] * 8
    for side, bits in ((0, board.x_bits), (1, board.o_bits)):
        for cell in cells_of(bits):
            keys = [key | add for key, add in zip(keys, tables.symmetry_adds[side][cell])]
    return keys
