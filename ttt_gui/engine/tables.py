"""Precomputed per-board-shape tables for the engine's search; no Tk.

One :class:`Tables` per :class:`~ttt_gui.board.Geometry`, built once and
cached: the lines through each cell, the symmetries of the board as cell
maps and as bit increments, the positional move order and the line weights.
A square has 8 symmetries, a rectangle 4 (the flips and the half turn), and
under gravity only the left-right mirror keeps the rules.

>>> from ttt_gui.board import geometry
>>> tables = tables_for(geometry(3, 3, 3))
>>> tables.order[:5], tables.weights
((4, 0, 2, 6, 8), (0, 1, 4, 16))
>>> [tables.forward[symmetry][0] for symmetry in range(8)]
[0, 6, 2, 8, 0, 6, 2, 8]
>>> len(tables_for(geometry(3, 4, 3)).forward), len(tables_for(geometry(6, 7, 4, True)).forward)
(4, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from ttt_gui.board import Board, Geometry, cells_of

#: The 8 symmetries of the square, numbered by bits: 4 transposes, 1 flips the
#: rows, 2 flips the columns (applied in that order). 0 is the identity.
SYMMETRIES = range(8)
#: Boards with more cells than this search only moves near the marks ...
NEAR_MIN_CELLS = 100
#: ... at most this many cells away (in any of the 8 directions).
NEAR_DISTANCE = 2
#: An open line holding c marks weighs WEIGHT_BASE ** (c - 1) in the heuristic,
#: PLAYING_WEIGHT_BASE ** (c - 1) in the selective search's (playing_tables).
WEIGHT_BASE = 4
PLAYING_WEIGHT_BASE = 3


def symmetries_of(geometry: Geometry) -> tuple[int, ...]:
    """The symmetries (as numbered in SYMMETRIES) that keep the board and its rules:
    no transpose off the square or under gravity, no row flip under gravity."""
    return tuple(
        symmetry
        for symmetry in SYMMETRIES
        if not (symmetry & 4 and (geometry.rows != geometry.cols or geometry.gravity))
        and not (symmetry & 1 and geometry.gravity)
    )


@dataclass(frozen=True)
class Tables:
    """Per-geometry data the search uses: line masks, symmetries, ordering."""

    geometry: Geometry
    through_masks: tuple[tuple[int, ...], ...]  # line masks containing each cell
    through_bits: tuple[int, ...]  # the same lines as a bit set of line indices
    through_lines: tuple[tuple[tuple[int, int], ...], ...]  # the same lines' (mask, index)
    symmetry_adds: tuple[tuple[tuple[int, ...], ...], ...]  # [side][cell] -> per symmetry
    inverse: tuple[tuple[int, ...], ...]  # [symmetry][canonical cell] -> cell
    forward: tuple[tuple[int, ...], ...]  # [symmetry][cell] -> canonical cell
    order: tuple[int, ...]  # cells, most lines through them first
    weights: tuple[int, ...]  # heuristic value of an open line holding c marks
    good_rows: tuple[int, int]  # [side] rows that favour its threats under gravity
    near_distance: int  # on large boards, moves at most this far from a mark (0: any)
    edges: tuple[int, int]  # masks of the cells not in the first / last column

    def near(self, occupied: int, distance: int = 0) -> int:
        """The cells within ``distance`` (default ``near_distance``) of a mark
        (the centre on an empty board), by shifting the marks in the 8
        directions."""
        if not occupied:
            return 1 << self.order[0]
        cols, full = self.geometry.cols, self.geometry.full
        not_first, not_last = self.edges
        area = occupied
        for _ in range(distance or self.near_distance):
            area |= (area << 1) & not_first | (area >> 1) & not_last
            area |= (area << cols) & full | area >> cols
        return area


@cache
def tables_for(geometry: Geometry) -> Tables:
    """The tables of one board shape (computed once per shape)."""
    rows, cols, cells = geometry.rows, geometry.cols, geometry.cells
    symmetries = symmetries_of(geometry)

    def transform(symmetry: int, cell: int) -> int:
        row, col = divmod(cell, cols)
        if symmetry & 4:
            row, col = col, row
        if symmetry & 1:
            row = rows - 1 - row
        if symmetry & 2:
            col = cols - 1 - col
        return row * cols + col

    forward = tuple(tuple(transform(s, cell) for cell in range(cells)) for s in symmetries)
    inverse = tuple(tuple(cell_map.index(cell) for cell in range(cells)) for cell_map in forward)
    adds = tuple(
        tuple(
            tuple(1 << (cell_map[cell] + shift) for cell_map in forward) for cell in range(cells)
        )
        for shift in (0, cells)
    )
    lines = geometry.lines
    through_masks = tuple(tuple(lines[i] for i in indices) for indices in geometry.lines_through)
    through_bits = tuple(sum(1 << i for i in indices) for indices in geometry.lines_through)
    through_lines = tuple(
        tuple((lines[i], i) for i in indices) for indices in geometry.lines_through
    )
    center_row, center_col = (rows - 1) / 2, (cols - 1) / 2
    order = tuple(
        sorted(
            range(cells),
            key=lambda cell: (
                -len(geometry.lines_through[cell]),
                abs(cell // cols - center_row) + abs(cell % cols - center_col),
                cell,
            ),
        )
    )
    weights = line_weights(geometry.win_length, WEIGHT_BASE)
    rows_from_bottom = [rows - cell // cols for cell in range(cells)]
    odd = sum(1 << cell for cell in range(cells) if rows_from_bottom[cell] % 2)
    first = sum(1 << cell for cell in range(0, cells, cols))
    last = first << (cols - 1)
    return Tables(
        geometry,
        through_masks,
        through_bits,
        through_lines,
        adds,
        inverse,
        forward,
        order,
        weights,
        (odd, geometry.full & ~odd),
        NEAR_DISTANCE if cells > NEAR_MIN_CELLS and not geometry.gravity else 0,
        (geometry.full & ~first, geometry.full & ~last),
    )


def line_weights(win_length: int, base: int) -> tuple[int, ...]:
    """The heuristic value of an open line holding 0 to ``win_length`` marks:
    0, then 1, ``base``, ``base`` squared and so on."""
    return tuple(0 if count == 0 else base ** (count - 1) for count in range(win_length + 1))


@cache
def playing_tables(geometry: Geometry) -> Tables:
    """The tables of the selective search: those of :func:`tables_for` with
    flatter line weights, so that lines begun in many directions count for
    more against one line grown long (an open three is worth about two open
    twos rather than three), which plays stronger in benchmarks/strength.py."""
    return replace(
        tables_for(geometry), weights=line_weights(geometry.win_length, PLAYING_WEIGHT_BASE)
    )


def symmetric_keys(board: Board, tables: Tables) -> list[int]:
    """The position's bits (X's cells, then O's above them) under each symmetry.

    The least of them is the position's key in the transposition table, and
    its index the symmetry that maps the position to its canonical form.
    """
    keys = [0] * len(tables.forward)
    for side, bits in ((0, board.x_bits), (1, board.o_bits)):
        for cell in cells_of(bits):
            keys = [key | add for key, add in zip(keys, tables.symmetry_adds[side][cell])]
    return keys
