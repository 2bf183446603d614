"""Which lines win: the windows of ``win_length`` cells of a board shape, and
the exact rule.

A window is ``win_length`` cells in a row, column or diagonal, as a bit mask;
its guard is the mask of the cells just beyond its two ends (none past the
edge). Under the usual rules (freestyle Gomoku) a window full of one side's
marks wins, whatever lies beyond. Under the exact rule (standard Gomoku) it
wins only when neither guard cell holds a mark of the same side: six or more
in a row (an overline) win nothing, though a window elsewhere may.

>>> masks, guards = windows(1, 5, 3)  # one row of 5 cells, 3 in a row
>>> bin(masks[1]), bin(guards[1])  # the second window, and the cells beside it
('0b1110', '0b10001')
>>> [bin(mask) for mask in won_windows(0b1111, masks, guards, exact=False)]
['0b111', '0b1110']
>>> list(won_windows(0b1111, masks, guards, exact=True))  # four in a row: an overline
[]
"""

from __future__ import annotations

from collections.abc import Iterator

#: The four directions of lines, as (row step, column step).
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def windows(rows: int, cols: int, win_length: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the windows, their guards) of a board, in one order: by starting cell,
    row by row, then by direction across, down, down-right, down-left."""
    masks: list[int] = []
    guards: list[int] = []

    def bit(row: int, col: int) -> int:
        return 1 << (row * cols + col) if 0 <= row < rows and 0 <= col < cols else 0

    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in DIRECTIONS:
                end_row = row + d_row * (win_length - 1)
                end_col = col + d_col * (win_length - 1)
                if end_row < rows and 0 <= end_col < cols:
                    mask = 0
                    for step in range(win_length):
                        mask |= bit(row + d_row * step, col + d_col * step)
                    masks.append(mask)
                    guards.append(
                        bit(row - d_row, col - d_col) | bit(end_row + d_row, end_col + d_col)
                    )
    return tuple(masks), tuple(guards)


def won_windows(
    bits: int, masks: tuple[int, ...], guards: tuple[int, ...], *, exact: bool
) -> Iterator[int]:
    """The windows the marks ``bits`` win by (each a mask), in order."""
    if not exact:  # the common case, without a call a window
        return (mask for mask in masks if mask & bits == mask)
    return (
        mask
        for mask, guard in zip(masks, guards, strict=True)
        if mask & bits == mask and not guard & bits
    )
