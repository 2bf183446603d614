"""Gomoku's shapes: what a stone on an empty cell would make, read from
tables; no Tk.

A shape is what one side's stone on a cell makes in one direction, from the
cells of the line around it: the cell's *window*, the side's stones on the
eleven cells centred on it and the cells it cannot use (the other side's
stones and the cells off the board) on the inner nine; bit 5 is the cell
itself, empty. :func:`shape_table` gives the shape of every window,
indexed by ``stones | blocked << 11``; it is built once per rule, on first
use, from the 3^8 * 4 windows that can occur.

The four directions' shapes combine into the cell's *class* for that side
(a win, a double four, a four-three, …) and its *value*, the weight the
evaluation and the move order give it; :func:`code_table` reads both from
the cell's code, ``sum(shape[d] * SHAPES ** d)``.

Freestyle rules: five or more in a row win; the exact rule (standard
Gomoku): five exactly. A five is five cells in a row through the cell; an
open four has two cells that complete a five, a four one; an open three
can become an open four with one more stone, a three a four; an open two
an open three, a two a three.

>>> def window(text: str) -> int:  # "x" the side's stone, "o" blocked, "_" the cell
...     stones = sum(1 << i for i, c in enumerate(text) if c == "x")
...     return stones | sum(1 << i for i, c in enumerate(text[1:10]) if c == "o") << 11
>>> texts = ("..xxx_x....", "...xx_x....", "..oxx_x....", "...xx_.....", "..ox._x....",
...          "....._.....", ".oxxx_o....", "x.xxx_.....")
>>> [SHAPE_NAMES[shape_table()[window(text)]] for text in texts]
['five', 'open four', 'four', 'open three', 'three', 'one', 'none', 'open four']
>>> [SHAPE_NAMES[shape_table(exact=True)[window(text)]] for text in texts[:2] + texts[-1:]]
['five', 'open four', 'four']
"""

from __future__ import annotations

from functools import cache
from typing import Final

# -- Tune these to change what the engine thinks of a shape ------------------------------------

#: The shapes, weakest first.
NONE: Final = 0
ONE: Final = 1
TWO: Final = 2
OPEN_TWO: Final = 3
THREE: Final = 4
OPEN_THREE: Final = 5
FOUR: Final = 6
OPEN_FOUR: Final = 7
FIVE: Final = 8
SHAPES: Final = 9
SHAPE_NAMES: Final = (
    "none", "one", "two", "open two", "three", "open three", "four", "open four", "five",
)  # fmt: skip

#: What a stone that makes the shape is worth, to its side (attack) and to
#: the other side as a cell to take away (defence). Hand-set: a shape is
#: worth several of the shape below it, an open one about three times its
#: closed form, a defence a little less than the same attack.
ATTACK: Final = (0, 2, 6, 20, 28, 90, 100, 1_000, 10_000)
DEFENCE: Final = (0, 1, 5, 16, 22, 70, 75, 800, 8_000)
#: The extra weight of the combinations that win by force unless answered.
DOUBLE_THREE_BONUS: Final = 400
FOUR_THREE_BONUS: Final = 900

#: A cell's class for one side, weakest first: what its stone would make
#: in the four directions together.
PLAIN: Final = 0
MAKES_OPEN_THREE: Final = 1
MAKES_DOUBLE_THREE: Final = 2
MAKES_FOUR: Final = 3
MAKES_FOUR_THREE: Final = 4
MAKES_OPEN_FOUR: Final = 5  # an open four or a double four: wins unless the other side's fours do
MAKES_FIVE: Final = 6

# -- Tables ---------------------------------------------------------------------------------------

#: A window: the cell and five cells on each side of it. A five through the
#: cell lies within four of it; the fifth cell on each side matters only
#: under the exact rule, and only whether the side's stone is on it.
WINDOW: Final = 11
CENTRE: Final = 5
STONES_MASK: Final = 2047  # the 11 cells' stones
BLOCKED_MASK: Final = 511  # the 9 inner cells' blocks
BLOCKED_SHIFT: Final = 11
INNER: Final = tuple(range(1, 10))
FIVE_STARTS: Final = tuple(range(1, 6))
#: The shape one stone short of each: an open three becomes an open four.
BELOW: Final = (NONE, ONE, ONE, ONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR)


def _has_five(stones: int, exact: bool) -> bool:
    """Whether ``stones`` hold five in a row through the centre (under
    ``exact``, not part of a longer row)."""
    for start in FIVE_STARTS:
        mask = 0b11111 << start
        if stones & mask == mask:
            if not exact or not stones & (1 << (start - 1) | 1 << (start + 5)):
                return True
    return False


def _shape(stones: int, blocked: int, exact: bool, known: dict[tuple[int, int], int]) -> int:
    """The shape of ``stones`` (the centre among them) in a window whose
    ``blocked`` cells the side cannot use: what it has, or could have with
    more stones, through the centre."""
    key = (stones, blocked)
    found = known.get(key)
    if found is not None:
        return found
    if _has_five(stones, exact):
        shape = FIVE
    else:
        empty = [i for i in INNER if not (stones | blocked) >> i & 1]
        completions = sum(1 for i in empty if _has_five(stones | 1 << i, exact))
        if completions >= 2:
            shape = OPEN_FOUR
        elif completions == 1:
            shape = FOUR
        else:
            best = max(
                (_shape(stones | 1 << i, blocked, exact, known) for i in empty), default=NONE
            )
            shape = BELOW[best]  # one more stone reaches ``best``
    known[key] = shape
    return shape


@cache
def shape_table(exact: bool = False) -> list[int]:
    """The shape of each window, indexed by ``stones | blocked << 11``: the
    side's stones on the 11 cells, the blocked of the 9 inner ones (the
    window's cells 1 to 9; the centre, cell 5, empty in both). Under
    ``exact`` only five exactly in a row wins. Windows that cannot occur
    read NONE."""
    table = [NONE] * (1 << (WINDOW + len(INNER)))
    known: dict[tuple[int, int], int] = {}
    neighbours = [i for i in INNER if i != CENTRE]
    outer = 1 | 1 << (WINDOW - 1)
    for code in range(3 ** len(neighbours)):
        stones = blocked = 0
        for i in neighbours:
            code, digit = divmod(code, 3)
            if digit == 1:
                stones |= 1 << i
            elif digit == 2:
                blocked |= 1 << i
        for ends in (0, 1, 1 << (WINDOW - 1), outer):
            # An outer cell without the side's stone is one it cannot use.
            shape = _shape(stones | ends | 1 << CENTRE, blocked | (outer & ~ends), exact, known)
            table[stones | ends | (blocked >> 1) << BLOCKED_SHIFT] = shape
    return table


def cell_class(shapes: tuple[int, ...]) -> int:
    """The class of a cell whose four directions have ``shapes``."""
    if FIVE in shapes:
        return MAKES_FIVE
    fours = sum(1 for shape in shapes if shape == FOUR)
    threes = sum(1 for shape in shapes if shape == OPEN_THREE)
    if OPEN_FOUR in shapes or fours >= 2:
        return MAKES_OPEN_FOUR
    if fours and threes:
        return MAKES_FOUR_THREE
    if fours:
        return MAKES_FOUR
    if threes >= 2:
        return MAKES_DOUBLE_THREE
    if threes:
        return MAKES_OPEN_THREE
    return PLAIN


def _value(shapes: tuple[int, ...], weights: tuple[int, ...]) -> int:
    value = sum(weights[shape] for shape in shapes)
    kind = cell_class(shapes)
    if kind == MAKES_DOUBLE_THREE:
        value += DOUBLE_THREE_BONUS
    elif kind == MAKES_FOUR_THREE:
        value += FOUR_THREE_BONUS
    return value


def shapes_of(code: int) -> tuple[int, ...]:
    """The four directions' shapes of a cell's code."""
    return tuple(code // SHAPES**direction % SHAPES for direction in range(4))


@cache
def code_table() -> tuple[list[int], list[int], list[int]]:
    """Per cell code (``sum(shape[d] * 9 ** d)``): its class, its attack
    value and its defence value (see ATTACK, DEFENCE)."""
    classes, attack, defence = [], [], []
    for code in range(SHAPES**4):
        shapes = shapes_of(code)
        classes.append(cell_class(shapes))
        attack.append(_value(shapes, ATTACK))
        defence.append(_value(shapes, DEFENCE))
    return classes, attack, defence
