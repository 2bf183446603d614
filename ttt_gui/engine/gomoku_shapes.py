"""Gomoku's shapes: what a stone on an empty cell would make, read from
tables; no Tk.

A shape is what one side's stone on a cell makes in one direction, from the
nine cells of the line around it (four on each side): the cell's
*window*. A window is two 9-bit integers, the side's stones and the cells
it cannot use (the other side's stones and the cells off the board); bit 4
is the cell itself, empty. :func:`shape_table` gives the shape of every
window, indexed by ``stones | blocked << 9``; it is built once, on first
use, from the 3^8 windows that can occur.

The four directions' shapes combine into the cell's *class* for that side
(a win, a double four, a four-three, …) and its *value*, the weight the
evaluation and the move order give it; :func:`code_table` reads both from
the cell's code, ``sum(shape[d] * SHAPES ** d)``.

Freestyle rules: five or more in a row win. A five is any five cells in a
row through the cell; an open four has two cells that complete a five, a
four one; an open three can become an open four with one more stone, a
three a four; an open two an open three, a two a three.

>>> table = shape_table()
>>> def window(text: str) -> int:  # "x" the side's stone, "o" blocked, "_" the cell
...     stones = sum(1 << i for i, c in enumerate(text) if c == "x")
...     return stones | sum(1 << i for i, c in enumerate(text) if c == "o") << 9
>>> [SHAPE_NAMES[table[window(text)]] for text in
...  (".xxx_x...", "..xx_x...", ".oxx_x...", "..xx_....", ".ox._x...", "...._....", "oxxx_o...")]
['five', 'open four', 'four', 'open three', 'three', 'one', 'none']
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

WINDOW: Final = 9
CENTRE: Final = 4
WINDOW_MASK: Final = 511
FIVE_MASKS: Final = tuple(0b11111 << start for start in range(5))
#: The shape one stone short of each: an open three becomes an open four.
BELOW: Final = (NONE, ONE, ONE, ONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR)


def _has_five(stones: int) -> bool:
    return any(stones & mask == mask for mask in FIVE_MASKS)


def _shape(stones: int, blocked: int, known: dict[tuple[int, int], int]) -> int:
    """The shape of ``stones`` (the centre among them) in a window whose
    ``blocked`` cells the side cannot use: what it has, or could have with
    more stones, through the centre."""
    key = (stones, blocked)
    found = known.get(key)
    if found is not None:
        return found
    if _has_five(stones):
        shape = FIVE
    else:
        empty = [i for i in range(WINDOW) if not (stones | blocked) >> i & 1]
        completions = sum(1 for i in empty if _has_five(stones | 1 << i))
        if completions >= 2:
            shape = OPEN_FOUR
        elif completions == 1:
            shape = FOUR
        else:
            best = max((_shape(stones | 1 << i, blocked, known) for i in empty), default=NONE)
            shape = BELOW[best]  # one more stone reaches ``best``
    known[key] = shape
    return shape


@cache
def shape_table() -> list[int]:
    """The shape of each window, indexed by ``stones | blocked << 9`` (the
    centre, bit 4, empty in both); windows that cannot occur read NONE."""
    table = [NONE] * (1 << (2 * WINDOW))
    known: dict[tuple[int, int], int] = {}
    neighbours = [i for i in range(WINDOW) if i != CENTRE]
    for code in range(3 ** len(neighbours)):
        stones = blocked = 0
        for i in neighbours:
            code, digit = divmod(code, 3)
            if digit == 1:
                stones |= 1 << i
            elif digit == 2:
                blocked |= 1 << i
        table[stones | blocked << WINDOW] = _shape(stones | 1 << CENTRE, blocked, known)
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
