"""Gomoku shapes: what a stone on an empty cell would make, read from tables;
no Tk.

For five in a row (the usual rules, not the exact one), every empty cell has,
per side and per direction, a *shape*: what a stone of that side there makes
along that line, from five down to none, broken shapes included. The shape
depends only on the four cells each side of it (empty, the side's own, or
blocked: the other side's or off the board), so it is read from
:func:`shape_table`, indexed by those eight cells in base 3. The shapes of
one whole line (a row, column or diagonal) are worked out once per content
of the line and kept (:class:`LinePatterns`): a move changes the four lines
through it only, so the value of a position follows a move by four lookups
before and four after (:func:`make_pattern_play`).

A cell's four shapes combine into its class (:func:`cell_class`): a win, a
double four, a four-three, a double three, a four, an open three...; the
selective search takes its moves by class (:meth:`LinePatterns.ordered`).

>>> [SHAPE_NAMES[line_shape(own, 0)] for own in (0b111100, 0b111000, 0b101000, 0b110000)]
['open four', 'open three', 'open three', 'open two']
>>> SHAPE_NAMES[line_shape(0b111000, 0b10)]  # blocked beyond one end: ...
'open three'
>>> SHAPE_NAMES[line_shape(0b111000, 0b100)]  # ... and next to it: it cannot open
'three'
>>> SHAPE_NAMES[line_shape(0b111000, 0b1000100)]  # closed at both ends
'none'
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ttt_gui.board import Geometry
from ttt_gui.engine.state import Play, StateTuple

# -- Tune these to change how positions are valued ------------------------------------------

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(8)
SHAPE_NAMES: Final = (
    "none",
    "two",
    "open two",
    "three",
    "open three",
    "four",
    "open four",
    "five",
)
#: The value of an empty cell where a stone of a side would make each shape
#: (per direction), for the side to move and for the other. Hand-tuned in
#: the usual proportions of Gomoku evaluations: each shape a few times the
#: one below; a four counts less than an open three for the side not to
#: move (it is blocked at once), and the other side's shapes less than the
#: mover's own, who plays first. Kept below MATE_THRESHOLD by far.
SHAPE_VALUES: Final = (0, 2, 8, 10, 40, 60, 400, 2_000)
#: Kept line analyses per table, before it is emptied.
LINE_CACHE_LIMIT = 200_000

#: Cell classes, strongest first in value (see :func:`cell_class`).
(
    CLASS_NONE,
    CLASS_TWO,
    CLASS_THREE,
    CLASS_OPEN_THREE,
    CLASS_FOUR,
    CLASS_DOUBLE_THREE,
    CLASS_FOUR_THREE,
    CLASS_DOUBLE_FOUR,
    CLASS_WIN,
) = range(9)

#: The length of the shapes, and the cells read each side of a cell.
LENGTH = 5
REACH = LENGTH - 1
CENTRE = REACH
#: The 5-cell windows through the centre of a 9-cell stretch, as bit masks.
WINDOWS: Final = tuple(((1 << LENGTH) - 1) << start for start in range(LENGTH))
#: The 6-cell windows whose inner four hold the centre: (inner, ends).
OPEN_WINDOWS: Final = tuple(
    (0b1111 << (start + 1), (1 << start) | (1 << (start + LENGTH))) for start in range(REACH)
)
FULL_STRETCH = (1 << (2 * REACH + 1)) - 1


def patterns_apply(geometry: Geometry) -> bool:
    """Whether shapes value ``geometry``'s positions: five in a row, the usual
    rules (no gravity, misère or exact rule), 9x9 cells or more."""
    return (
        geometry.win_length == LENGTH
        and not (geometry.gravity or geometry.misere or geometry.exact)
        and min(geometry.rows, geometry.cols) >= 9
    )


def _win_cells(own: int, blocked: int) -> int:
    """The empty cells of a stretch where one more stone makes five with the centre."""
    cells = 0
    for window in WINDOWS:
        if not window & blocked and (window & own).bit_count() == REACH:
            cells |= window & ~own
    return cells


def line_shape(own: int, blocked: int) -> int:
    """The shape of a stone on the centre (bit 4) of a 9-cell stretch holding
    ``own`` stones and ``blocked`` cells (the centre is taken as own)."""
    own |= 1 << CENTRE
    for window in WINDOWS:
        if own & window == window:
            return FIVE
    wins = _win_cells(own, blocked).bit_count()
    if wins >= 2:
        return OPEN_FOUR
    if wins:
        return FOUR
    empty = FULL_STRETCH & ~(own | blocked)
    while empty:
        low = empty & -empty
        empty ^= low
        if _win_cells(own | low, blocked).bit_count() >= 2:
            return OPEN_THREE
    shape = NONE
    for window in WINDOWS:
        if not window & blocked:
            count = (window & own).bit_count()
            if count == 3:
                return THREE
            if count == 2:
                shape = TWO
    for inner, ends in OPEN_WINDOWS:
        if not (inner | ends) & blocked and not ends & own and (inner & own).bit_count() == 2:
            return OPEN_TWO
    return shape


@cache
def shape_table() -> tuple[int, ...]:
    """:func:`line_shape` of every stretch, indexed by its eight cells other
    than the centre, nearest-first pairs aside: digit ``i`` (base 3) is the
    cell at stretch position ``i`` (``i + 1`` past the centre), 0 empty, 1
    own, 2 blocked."""
    shapes = []
    positions = [position for position in range(2 * REACH + 1) if position != CENTRE]
    for code in range(3 ** len(positions)):
        own = blocked = 0
        rest = code
        for position in positions:
            rest, digit = divmod(rest, 3)
            if digit == 1:
                own |= 1 << position
            elif digit == 2:
                blocked |= 1 << position
        shapes.append(line_shape(own, blocked))
    return tuple(shapes)


def cell_class(shapes: list[int]) -> int:
    """The class of a cell from its shapes in the four directions."""
    fives = fours = open_fours = threes = open_threes = twos = 0
    for shape in shapes:
        if shape == FIVE:
            fives += 1
        elif shape == OPEN_FOUR:
            open_fours += 1
        elif shape == FOUR:
            fours += 1
        elif shape == OPEN_THREE:
            open_threes += 1
        elif shape == THREE:
            threes += 1
        elif shape >= TWO:
            twos += 1
    if fives:
        return CLASS_WIN
    if open_fours or fours >= 2:
        return CLASS_DOUBLE_FOUR
    if fours and open_threes:
        return CLASS_FOUR_THREE
    if open_threes >= 2:
        return CLASS_DOUBLE_THREE
    if fours:
        return CLASS_FOUR
    if open_threes:
        return CLASS_OPEN_THREE
    if threes:
        return CLASS_THREE
    return CLASS_TWO if twos else CLASS_NONE


#: What a cell's class is worth when ordering moves, for the side to move
#: (attack) and for the other (the cells to defend).
CLASS_ORDER_VALUES: Final = (0, 1, 3, 8, 12, 30, 60, 100, 1_000)
#: A line's analysis: (its value for X, X's shape at each position, O's).
LineInfo = tuple[int, bytes, bytes]


class LinePatterns:
    """The shapes of the lines of one board (see the module's notes).

    Values are from X's side (positive: X stands better); :meth:`value` and
    :meth:`move_delta` turn them to a side's. Line analyses are kept per
    line content, up to LINE_CACHE_LIMIT, then dropped and made again.
    """

    def __init__(self, geometry: Geometry) -> None:
        self.cells = geometry.cells
        self.table = shape_table()
        lines: list[tuple[int, ...]] = []
        rows, cols = geometry.rows, geometry.cols
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for row in range(rows):
                for col in range(cols):
                    before_row, before_col = row - d_row, col - d_col
                    if 0 <= before_row < rows and 0 <= before_col < cols:
                        continue  # not the first cell of its line
                    line = []
                    r, c = row, col
                    while 0 <= r < rows and 0 <= c < cols:
                        line.append(r * cols + c)
                        r, c = r + d_row, c + d_col
                    if len(line) >= LENGTH:
                        lines.append(tuple(line))
        self.lines = lines
        self.masks = [sum(1 << cell for cell in line) for line in lines]
        through: list[list[tuple[int, int]]] = [[] for _ in range(self.cells)]
        for index, cells in enumerate(lines):
            for position, cell in enumerate(cells):
                through[cell].append((index, position))
        self.through = through
        self._cache: dict[int, LineInfo] = {}

    def info(self, index: int, x_bits: int, o_bits: int) -> LineInfo:
        """The analysis of line ``index`` with these marks."""
        mask = self.masks[index]
        key = (((x_bits & mask) << self.cells | (o_bits & mask)) << 8) | index
        found = self._cache.get(key)
        if found is not None:
            return found
        if len(self._cache) > LINE_CACHE_LIMIT:
            self._cache.clear()
        line = self.lines[index]
        contents = [1 if x_bits >> cell & 1 else 2 if o_bits >> cell & 1 else 0 for cell in line]
        analysed = analyse_line(contents, self.table)
        self._cache[key] = analysed
        return analysed

    def value(self, me: int, opp: int, side: int) -> int:
        """The value of a position from the side to move (``side`` 0 is X)."""
        x_bits, o_bits = (me, opp) if side == 0 else (opp, me)
        total = 0
        for index in range(len(self.lines)):
            if self.masks[index] & (x_bits | o_bits):
                total += self.info(index, x_bits, o_bits)[0]
        return total if side == 0 else -total

    def move_delta(self, me: int, opp: int, side: int, move: int) -> int:
        """How much the side to move's value grows by its playing ``move``."""
        bit = 1 << move
        x_bits, o_bits = (me, opp) if side == 0 else (opp, me)
        after_x, after_o = (x_bits | bit, o_bits) if side == 0 else (x_bits, o_bits | bit)
        delta = 0
        for index, _ in self.through[move]:
            delta += self.info(index, after_x, after_o)[0] - self.info(index, x_bits, o_bits)[0]
        return delta if side == 0 else -delta

    def ordered(self, me: int, opp: int, side: int, moves: list[int], width: int) -> list[int]:
        """The moves worth searching by class, best first, at most ``width``
        unless the other side threatens: when it has an open three (a cell
        where it makes an open four), only our fours and the cells where it
        makes a four or better (the defences) are kept, all of them."""
        x_bits, o_bits = (me, opp) if side == 0 else (opp, me)
        infos: dict[int, LineInfo] = {}
        keys: dict[int, int] = {}
        forcing: list[int] = []
        threatened = False
        for move in moves:
            mine: list[int] = []
            theirs: list[int] = []
            for index, position in self.through[move]:
                found = infos.get(index)
                if found is None:
                    found = infos[index] = self.info(index, x_bits, o_bits)
                x_shape, o_shape = found[1][position], found[2][position]
                if side == 0:
                    mine.append(x_shape)
                    theirs.append(o_shape)
                else:
                    mine.append(o_shape)
                    theirs.append(x_shape)
            best_theirs = max(theirs, default=NONE)
            if best_theirs >= OPEN_FOUR:
                threatened = True
            if max(mine, default=NONE) >= FOUR or best_theirs >= FOUR:
                forcing.append(move)
            keys[move] = (
                CLASS_ORDER_VALUES[cell_class(mine)] * 5
                + CLASS_ORDER_VALUES[cell_class(theirs)] * 4
            ) * 1_000 + sum(SHAPE_VALUES[shape] for shape in mine + theirs)
        if threatened:
            return sorted(forcing, key=keys.__getitem__, reverse=True)
        ranked = sorted(moves, key=keys.__getitem__, reverse=True)
        return ranked[:width]


def analyse_line(contents: list[int], table: tuple[int, ...]) -> LineInfo:
    """X's value, X's shapes and O's shapes of a line whose cells hold
    ``contents`` (0 empty, 1 X, 2 O); occupied cells have shape NONE."""
    length = len(contents)
    x_shapes = bytearray(length)
    o_shapes = bytearray(length)
    value = 0
    for position in range(length):
        if contents[position]:
            continue
        x_code = o_code = 0
        weight = 1
        for offset in (-4, -3, -2, -1, 1, 2, 3, 4):
            at = position + offset
            held = contents[at] if 0 <= at < length else 3
            if held == 1:
                x_code += weight
                o_code += 2 * weight
            elif held == 2:
                x_code += 2 * weight
                o_code += weight
            elif held == 3:
                x_code += 2 * weight
                o_code += 2 * weight
            weight *= 3
        x_shape, o_shape = table[x_code], table[o_code]
        x_shapes[position], o_shapes[position] = x_shape, o_shape
        value += SHAPE_VALUES[x_shape] - SHAPE_VALUES[o_shape]
    return value, bytes(x_shapes), bytes(o_shapes)


@cache
def line_patterns(geometry: Geometry) -> LinePatterns:
    """The (shared) line patterns of ``geometry``."""
    return LinePatterns(geometry)


def make_pattern_play(base: Play, patterns: LinePatterns) -> Play:
    """``base``'s move function with the value (the state's ``eval_me``)
    kept from the shapes instead of the line weights."""

    def play(state: StateTuple, move: int) -> StateTuple:
        child = base(state, move)
        side, me, opp = state[0], state[1], state[2]
        value = -(state[7] + patterns.move_delta(me, opp, side, move))
        return (*child[:7], value, child[8], child[9])

    return play
