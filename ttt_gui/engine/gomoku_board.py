"""A Gomoku board for searching: lines of small integers and every empty
cell's shapes, kept as stones come and go; no Tk.

Each row, column and diagonal is two integers, one per side, a bit a cell
(with five bits of margin on each side, which the *blocked* integer of the
line sets, so a window never reads past the board): every value fits a
machine word, and a stone changes the four lines through its cell and
nothing else. For each side the board keeps, per empty cell and direction,
the shape a stone there would make (:mod:`ttt_gui.engine.gomoku_shapes`),
the cell's code, and over the whole board the number of cells of each
class and the sum of their attack values. A stone, and taking it back,
read the shapes of the cells within four of it on its four lines again
(five under the exact rule, where a stone beyond a five makes it six).

Sides are 0 (X, the first player) and 1 (O); cells are numbered as the
:class:`~ttt_gui.board.Board`'s, row by row.

>>> from ttt_gui.board import Board
>>> board = GomokuBoard(7, 7)
>>> for cell in (24, 25, 26):  # three of X in the middle row
...     board.play(cell, 0)
>>> [board.class_of(0, cell) for cell in (23, 27, 22)]  # an open four; at the edge, fours
[5, 3, 3]
>>> board.undo(26, 0); board.class_count(0, 5)  # no open four to make
0
"""

from __future__ import annotations

import random
from typing import Final

from ttt_gui.engine.gomoku_shapes import (
    BLOCKED_MASK,
    BLOCKED_SHIFT,
    CENTRE,
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_FOUR_THREE,
    STONES_MASK,
    code_table,
    shape_table,
)

#: Bits of margin at each end of a line: a window reaches this far.
MARGIN: Final = CENTRE
#: The directions: along a row, a column, a diagonal and an anti-diagonal.
DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (1, -1))
#: The classes of a cell (gomoku_shapes.PLAIN to MAKES_FIVE).
CLASSES: Final = MAKES_FIVE + 1
#: A cell is a candidate when a stone lies within this many cells of it on a line.
NEAR: Final = 2
#: A direction's place in a cell's code (gomoku_shapes.code_table): SHAPES ** direction.
POWERS: Final[tuple[int, int, int, int]] = (1, 9, 81, 729)


class GomokuBoard:
    """The stones of both sides, their lines, and each empty cell's shapes.

    ``play`` and ``undo`` must be paired, last in, first out; a cell is
    played only when empty. Counts and sums cover the empty cells only.
    """

    def __init__(self, rows: int, cols: int, exact: bool = False) -> None:
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.shapes_table = shape_table(exact)
        self.reach = CENTRE if exact else CENTRE - 1  # the cells whose shapes a stone changes
        classes, attack, defence = code_table()
        self.classes, self.attack, self.defence = classes, attack, defence
        line_cells: list[list[int]] = []
        self.line_of = [0] * (self.size * 4)
        self.position_of = [0] * (self.size * 4)
        for direction, (row_step, col_step) in enumerate(DIRECTIONS):
            for start in range(self.size):
                row, col = divmod(start, cols)
                previous_row, previous_col = row - row_step, col - col_step
                if 0 <= previous_row < rows and 0 <= previous_col < cols:
                    continue  # not the first cell of its line
                cells = []
                while 0 <= row < rows and 0 <= col < cols:
                    cells.append(row * cols + col)
                    row, col = row + row_step, col + col_step
                for position, cell in enumerate(cells):
                    self.line_of[cell * 4 + direction] = len(line_cells)
                    self.position_of[cell * 4 + direction] = position
                line_cells.append(cells)
        self.line_cells = line_cells
        self.line_count = len(line_cells)
        # Per line, each cell's place on it, the cell, and X's shape slot of it in the
        # line's direction (O's is size * 4 further on).
        self.line_entries = [
            [(position, cell, cell * 4 + direction) for position, cell in enumerate(cells)]
            for cells, direction in zip(line_cells, self._line_directions(line_cells), strict=True)
        ]
        margin = (1 << MARGIN) - 1
        self.blocked = [margin | margin << (len(cells) + MARGIN) for cells in line_cells]
        self.stones = [0] * (2 * self.line_count)  # side * line_count + line
        self.cells = [0] * self.size  # 0 empty, 1 X, 2 O
        self.shapes = [0] * (2 * self.size * 4)  # (side * size + cell) * 4 + direction
        self.codes = [0] * (2 * self.size)  # side * size + cell
        self.counts = [0] * (2 * CLASSES)  # side * CLASSES + class
        self.totals = [0, 0]  # per side, the attack values of the empty cells
        self.near = [0] * self.size
        self.empty_count = self.size
        self.history: list[int] = []  # cell * 2 + side of each stone played, in order
        # What the stones in play changed, for undo: each changed shape's slot and old
        # shape, its code's index and old code; where each stone's changes begin; and the
        # counts and totals before each stone.
        self.trail: list[tuple[int, int, int, int]] = []
        self.marks: list[int] = []
        self.saved_counts: list[list[int]] = []
        self.saved_totals: list[int] = []
        randoms = random.Random(20_241_128)
        self.keys = [randoms.getrandbits(60) for _ in range(2 * self.size)]
        self.hash = 0
        self.neighbours = [self._neighbours(cell) for cell in range(self.size)]
        for side in (0, 1):  # every cell empty, of code 0, until its shapes are read
            self.counts[side * CLASSES + classes[0]] = self.size
            self.totals[side] = attack[0] * self.size
        for cell in range(self.size):  # each cell's shapes read (several times: once is enough)
            self._reshape_around(cell)
        self.trail.clear()  # nothing to take back

    def _line_directions(self, line_cells: list[list[int]]) -> list[int]:
        """Each line's direction (0 to 3), as DIRECTIONS numbers them."""
        directions = [0] * len(line_cells)
        for index, line in enumerate(self.line_of):
            directions[line] = index % 4
        return directions

    def _neighbours(self, cell: int) -> list[int]:
        row, col = divmod(cell, self.cols)
        found = []
        for row_step, col_step in DIRECTIONS:
            for distance in range(1, NEAR + 1):
                for sign in (1, -1):
                    other_row = row + sign * distance * row_step
                    other_col = col + sign * distance * col_step
                    if 0 <= other_row < self.rows and 0 <= other_col < self.cols:
                        found.append(other_row * self.cols + other_col)
        return found

    # -- reading ------------------------------------------------------------------------------

    def class_of(self, side: int, cell: int) -> int:
        """The class of an empty ``cell`` for ``side`` (gomoku_shapes.PLAIN …)."""
        return self.classes[self.codes[side * self.size + cell]]

    def class_count(self, side: int, kind: int) -> int:
        """How many empty cells are of class ``kind`` for ``side``."""
        return self.counts[side * CLASSES + kind]

    def makes_four(self, side: int) -> bool:
        """Whether ``side`` has a cell that makes a four (and no more than a
        four-three: an open four or a five is counted on its own)."""
        base = side * CLASSES
        return self.counts[base + MAKES_FOUR] > 0 or self.counts[base + MAKES_FOUR_THREE] > 0

    def cells_of_class(self, side: int, lowest: int) -> list[int]:
        """The empty cells of class ``lowest`` or higher for ``side``, in cell order."""
        classes, cells = self.classes, self.cells
        base = side * self.size
        return [
            cell
            for cell, code in enumerate(self.codes[base : base + self.size])
            if classes[code] >= lowest and cells[cell] == 0
        ]

    def candidates(self) -> list[int]:
        """The empty cells within NEAR of a stone on a line, in cell order
        (the centre of an empty board)."""
        cells, near = self.cells, self.near
        found = [cell for cell in range(self.size) if near[cell] > 0 and cells[cell] == 0]
        if not found and self.empty_count == self.size:
            found = [(self.rows // 2) * self.cols + self.cols // 2]
        return found

    def five_cell(self, side: int, around: int) -> int:
        """An empty cell within four of ``around`` on its lines where
        ``side`` makes five, or -1."""
        classes, codes, cells = self.classes, self.codes, self.cells
        base = side * self.size
        for direction in range(4):
            index = around * 4 + direction
            line_cells = self.line_cells[self.line_of[index]]
            position = self.position_of[index]
            for other in range(max(0, position - 4), min(len(line_cells), position + 5)):
                cell = line_cells[other]
                if cells[cell] == 0 and classes[codes[base + cell]] == MAKES_FIVE:
                    return cell
        return -1

    # -- changing -----------------------------------------------------------------------------

    def play(self, cell: int, side: int) -> None:
        """Put a stone of ``side`` on the empty ``cell``."""
        self.marks.append(len(self.trail))
        self.saved_counts.append(self.counts[:])
        self.saved_totals.append(self.totals[0])
        self.saved_totals.append(self.totals[1])
        self._leave(cell)
        self.history.append(cell * 2 + side)
        self.cells[cell] = side + 1
        self.hash ^= self.keys[side * self.size + cell]
        self.empty_count -= 1
        stones, line_of, position_of, near = self.stones, self.line_of, self.position_of, self.near
        base = side * self.line_count
        for index in range(cell * 4, cell * 4 + 4):
            line = base + line_of[index]
            stones[line] = stones[line] | 1 << (position_of[index] + MARGIN)
        for other in self.neighbours[cell]:
            near[other] = near[other] + 1
        self._reshape_around(cell)

    def undo(self, cell: int, side: int) -> None:
        """Take back the stone of ``side`` on ``cell`` (the last one played)."""
        self.history.pop()
        self.cells[cell] = 0
        self.hash ^= self.keys[side * self.size + cell]
        self.empty_count += 1
        stones, line_of, position_of, near = self.stones, self.line_of, self.position_of, self.near
        base = side * self.line_count
        for index in range(cell * 4, cell * 4 + 4):
            line = base + line_of[index]
            stones[line] = stones[line] & ~(1 << (position_of[index] + MARGIN))
        for other in self.neighbours[cell]:
            near[other] = near[other] - 1
        # The shapes and codes back (a stone changes each at most once: a cell near it
        # lies on one of its lines), and the counts and totals as they were.
        trail, shapes, codes = self.trail, self.shapes, self.codes
        mark = self.marks.pop()
        for slot, shape, index, code in trail[mark:]:
            shapes[slot] = shape
            codes[index] = code
        del trail[mark:]
        self.counts = self.saved_counts.pop()
        self.totals[1] = self.saved_totals.pop()
        self.totals[0] = self.saved_totals.pop()

    def unwind(self, length: int) -> None:
        """Take back the stones played after the first ``length`` (a search
        stopped midway leaves its line on the board)."""
        while len(self.history) > length:
            last = self.history[-1]
            self.undo(last // 2, last % 2)

    def _leave(self, cell: int) -> None:
        """Take an emptied-to-be cell out of the counts and sums."""
        for side in (0, 1):
            code = self.codes[side * self.size + cell]
            slot = side * CLASSES + self.classes[code]
            self.counts[slot] = self.counts[slot] - 1
            self.totals[side] = self.totals[side] - self.attack[code]

    def _reshape_around(self, cell: int) -> None:
        """Read again the shapes of the empty cells within four of ``cell``
        on its lines, in those lines' directions, for both sides, and keep
        on the trail what changed."""
        cells, shapes, codes, counts, classes, attack, totals, trail = (
            self.cells,
            self.shapes,
            self.codes,
            self.counts,
            self.classes,
            self.attack,
            self.totals,
            self.trail,
        )
        table, stones, line_of, position_of, line_entries = (
            self.shapes_table,
            self.stones,
            self.line_of,
            self.position_of,
            self.line_entries,
        )
        size, line_count, reach = self.size, self.line_count, self.reach
        # The masks as locals (read faster in plain Python); the blocked cells' in place.
        stones_mask, blocked_mask = STONES_MASK, BLOCKED_MASK << BLOCKED_SHIFT
        o_slots = size * 4  # O's shapes start here, its codes at size
        for direction in range(4):
            index = cell * 4 + direction
            line = line_of[index]
            position = position_of[index]
            x_stones, o_stones = stones[line], stones[line_count + line]
            blocked = self.blocked[line]
            # Each side's blocked cells, one bit along: a window's inner nine start at its bit 1.
            x_blocked = (o_stones | blocked) >> 1 << BLOCKED_SHIFT
            o_blocked = (x_stones | blocked) >> 1 << BLOCKED_SHIFT
            power = POWERS[direction]
            first = position - reach if position > reach else 0
            for shift, near_cell, x_slot in line_entries[line][first : position + reach + 1]:
                if cells[near_cell]:
                    continue
                # X's shape, then O's: the same steps, unrolled (a[i] += b is a generic
                # operation in the compiled build; a[i] = a[i] + b is native).
                shape = table[
                    (x_stones >> shift & stones_mask) | (x_blocked >> shift & blocked_mask)
                ]
                old = shapes[x_slot]
                if shape != old:
                    shapes[x_slot] = shape
                    code = codes[near_cell]
                    trail.append((x_slot, old, near_cell, code))
                    new_code = code + (shape - old) * power
                    codes[near_cell] = new_code
                    counts[classes[code]] = counts[classes[code]] - 1
                    counts[classes[new_code]] = counts[classes[new_code]] + 1
                    totals[0] = totals[0] + attack[new_code] - attack[code]
                shape = table[
                    (o_stones >> shift & stones_mask) | (o_blocked >> shift & blocked_mask)
                ]
                slot = x_slot + o_slots
                old = shapes[slot]
                if shape != old:
                    shapes[slot] = shape
                    code = codes[size + near_cell]
                    trail.append((slot, old, size + near_cell, code))
                    new_code = code + (shape - old) * power
                    codes[size + near_cell] = new_code
                    counts[CLASSES + classes[code]] = counts[CLASSES + classes[code]] - 1
                    counts[CLASSES + classes[new_code]] = counts[CLASSES + classes[new_code]] + 1
                    totals[1] = totals[1] + attack[new_code] - attack[code]
