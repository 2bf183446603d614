"""Connect Four solved on bitboards: the engine's path for gravity boards with
four in a row; no Tk.

A position is two 64-bit integers, the side to move's stones (``current``)
and all stones (``mask``), column by column from the left, each column's
cells from the bottom up with one sentinel bit above them (so a move is
``mask + bottom`` masked to the column, and no line wraps round a column).
The search is a negamax with alpha-beta on the exact value (the distance
to the end), solved by null-window narrowing rather than by deepening; it
plays only moves that do not lose at once (a single threat of the opponent
must be blocked, two lose, and a move right under an opponent's winning
cell loses); bounds come from the moves left and from the other side's
follow-up (:meth:`ConnectFourSolver.claimeven_bound`); the table has a fixed size,
two entries a slot: the first keeps the entry with the fewest stones (the
most work below it) unless the game has left it behind, the second takes
whatever the first does not; moves are ordered by the winning cells they
create, then centre first. Where a proof is out of reach,
:class:`ConnectFourGuess` searches the same moves to a depth, with a
heuristic at its leaves (threats, more on their owner's rows, then stones
by the lines through their cells).

Values inside the solver are in half-moves to the end, from the side to
move: a win whose last stone is the game's ``T``-th scores
``(cells + 2 - T) // 2``, a loss the negative of the winner's score, a draw
0 (as in Pascal Pons's solver); :mod:`ttt_gui.engine.connect_four_board_solver`
turns them into the engine's scale and boards into bitboards.

This module is compiled by mypyc in the compiled build (native 64-bit
integers where :data:`i64` is written) and runs as it is otherwise.

>>> solver = ConnectFourSolver(4, 5, 10_000)
>>> solver.value(0, 0, 0)  # the empty 4x5 board: a draw
0
"""

from __future__ import annotations

import threading
import time
from typing import Final, cast, final

from mypy_extensions import i64

from ttt_gui.board import Geometry
from ttt_gui.engine.state import SearchAborted

#: The limits (stop token, clock, node limit) are checked every this many + 1 nodes.
CHECK_MASK: Final = 4095
#: A table entry packs the position's key, its stones (STONE_BITS bits) and
#: its value and kind of bound (CODE_BITS bits) into one integer.
CODE_BITS: Final = 8
STONE_BITS: Final = 6
KEY_SHIFT: Final = CODE_BITS + STONE_BITS
VALUE_OFFSET: Final = 64
#: The search keeps short sequences of small numbers (columns, the ranks of
#: moves) packed in one integer, this many bits each: no list to read (a
#: compiled list holds objects), and at most 15 columns.
PACK_BITS: Final = 4
PACK_MASK: Final = (1 << PACK_BITS) - 1
#: A node looks up its children's entries only with more than this many
#: empty cells: nearer the end a child's search is cheap, and the lookups
#: cost more time than the nodes they save (docs/engine.md: 13-20% less CPU
#: time than everywhere on random 7x6 positions 10-18 moves in, compiled).
LOOKUP_EMPTIES: Final = 16
#: A node limit beyond any search.
NO_NODE_LIMIT: Final = 4_611_686_018_427_387_904
#: The heuristic search's values: a loss whose last stone is the game's
#: ``n``-th scores ``-(GUESS_WIN - n)`` (later is better); the heuristic lies
#: well inside.
GUESS_WIN: Final = 1_000_000
#: A threat (an empty cell completing four) is worth this much, and this
#: much more on its owner's rows (odd rows from the bottom for the first
#: player, even rows for the second: who fills a column decides who must
#: play under a threat at the end).
THREAT_VALUE: Final = 8
GOOD_THREAT_VALUE: Final = 24
#: Who wins the zugzwang at the end, as Allis's rules of thumb see it (see
#: :meth:`ConnectFourGuess.zugzwang`), is worth this much to that side.
ZUGZWANG_VALUE: Final = 100


#: Whether this module runs compiled: then it is an extension module (a
#: frozen executable's plain modules end in ``.pyc``, a source's in ``.py``).
COMPILED: Final = __file__.endswith((".so", ".pyd"))

if COMPILED:
    # The table compiled: a native vector of 64-bit integers, from mypyc's
    # own runtime library (a dependency of the compiled build alone).
    from librt.vecs import vec


def new_table(size: i64) -> vec[i64]:
    """A solver's table of ``size`` empty (0) entries: compiled, a native
    vector, 8 bytes an entry, read and written with no integer objects (the
    solver's nodes take about a third less time than with a list); as plain
    Python, a list, which has the same operations and is faster there."""
    if COMPILED:
        return vec[i64]([0] * size)
    return cast("vec[i64]", [0] * size)


def connect_four_applies(geometry: Geometry) -> bool:
    """Whether the Connect Four path solves ``geometry``: gravity, four in a
    row, normal rules, and a bitboard (a sentinel row included) whose table
    entries fit 64 bits."""
    step = geometry.rows + 1
    return (
        geometry.gravity
        and not (geometry.misere or geometry.exact)
        and geometry.win_length == 4
        and step * geometry.cols + KEY_SHIFT <= 63
    )


def bit_count(bits: i64) -> i64:
    """The number of set bits of a non-negative ``bits`` (below 2**63):
    compiled, by adding neighbouring fields of bits; else Python's own."""
    if not COMPILED:
        return int(bits).bit_count()
    bits = bits - ((bits >> 1) & 0x5555555555555555)
    bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F
    bits = bits + (bits >> 8)
    bits = bits + (bits >> 16)
    bits = bits + (bits >> 32)
    return bits & 0x7F


def cell_lines(rows: int, cols: int, col: int, height: int) -> int:
    """The lines of four on a board of ``rows`` by ``cols`` through a cell."""
    count = 0
    for step_col, step_height in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for start in range(-3, 1):
            ends = [(col + step_col * k, height + step_height * k) for k in (start, start + 3)]
            if all(0 <= c < cols and 0 <= h < rows for c, h in ends):
                count += 1
    return count


def has_four(stones: i64, step: i64) -> bool:
    """Whether ``stones`` (one side's, on a bitboard whose columns are
    ``step`` bits apart, a sentinel bit included) hold four in a row."""
    pair = stones & (stones >> 1)  # vertical
    if (pair & (pair >> 2)) != 0:
        return True
    shift = step  # along a row
    pair = stones & (stones >> shift)
    if (pair & (pair >> (shift + shift))) != 0:
        return True
    shift = step - 1  # a diagonal down to the right
    pair = stones & (stones >> shift)
    if (pair & (pair >> (shift + shift))) != 0:
        return True
    shift = step + 1  # a diagonal up to the right
    pair = stones & (stones >> shift)
    return (pair & (pair >> (shift + shift))) != 0


def half(value: i64) -> i64:
    """``value / 2`` rounded toward zero."""
    return value // 2 if value >= 0 else -((-value) // 2)


@final
class ConnectFourSolver:
    """The exact solver of one board shape, with its table (``table_size``
    entries) kept from search to search.

    A search runs under limits set by :meth:`limit` and raises SearchAborted
    once the stop token is set, the clock passes the deadline or the nodes
    counted (:attr:`nodes`, never reset) pass the node limit.
    """

    def __init__(self, rows: int, cols: int, table_size: int) -> None:
        self.rows: i64 = rows
        self.cols: i64 = cols
        self.cells: i64 = rows * cols
        self.step: i64 = rows + 1
        # Built with Python's integers: compiled code must not shift a
        # constant by 32 or more (it would be shifted as a 32-bit int).
        step = rows + 1
        column = (1 << rows) - 1
        self.bottom: i64 = sum(1 << (col * step) for col in range(cols))
        self.board_mask: i64 = self.bottom * column
        self.column: i64 = column
        self.top_row: i64 = self.bottom << (rows - 1)
        self.columns: list[i64] = [column << (col * step) for col in range(cols)]
        # Centre first, then outwards, the left before the right; also packed
        # for the search, a column a nibble (PACK_BITS) from the low end.
        self.order: list[i64] = [
            cols // 2 + (1 - 2 * (index % 2)) * ((index + 1) // 2) for index in range(cols)
        ]
        self.packed_order: i64 = sum(
            col << (PACK_BITS * index) for index, col in enumerate(self.order)
        )
        self.buckets: i64 = max(table_size // 2, 1)
        self.table_size: i64 = 2 * self.buckets
        self.table: vec[i64] = new_table(self.table_size)
        self.root_stones: i64 = 0  # entries with fewer stones are left behind
        self.nodes: i64 = 0
        # The move of the last cutoff and its position's stones: after a
        # search that failed high at its root, the root's move that did it
        # where those stones are the root's (see :meth:`proving_move`).
        self.cut_move: i64 = 0
        self.cut_stones: i64 = -1
        self.best_move: i64 = 0  # :meth:`value`'s, see there
        self.proved: i64 = 0  # :meth:`proving_move`'s value
        self.node_limit: i64 = NO_NODE_LIMIT
        self.deadline: float = 0.0
        self.timed: bool = False
        self.stop: threading.Event = threading.Event()

    # -- limits and table ---------------------------------------------------------

    def limit(self, stop: threading.Event, deadline: float, node_limit: float) -> None:
        """Search under ``stop``, until ``deadline`` (``time.perf_counter``;
        infinite: none) and ``node_limit`` nodes counted (infinite: none)."""
        self.stop = stop
        self.timed = deadline != float("inf")
        self.deadline = deadline if self.timed else 0.0
        self.node_limit = int(node_limit) if node_limit < NO_NODE_LIMIT else NO_NODE_LIMIT

    def check(self) -> None:
        """Raise SearchAborted if a limit is reached."""
        if self.stop.is_set() or self.nodes > self.node_limit:
            raise SearchAborted
        if self.timed and time.perf_counter() > self.deadline:
            raise SearchAborted

    def clear(self) -> None:
        """Forget what the table holds."""
        self.table = new_table(self.table_size)

    def entries(self) -> int:
        """The table's slots in use."""
        if not COMPILED:
            return len(self.table) - cast("list[i64]", self.table).count(0)
        used: i64 = 0
        for entry in self.table:
            if entry != 0:
                used += 1
        return used

    # -- rules on bitboards ----------------------------------------------------------

    def winning_cells(self, stones: i64, mask: i64) -> i64:
        """The empty cells (playable or not) where the owner of ``stones``
        completes four in a row. Every shift left moves bits at most one
        direction step above the board, so nothing passes bit 63.

        For each direction ``s`` (along a row, and the two diagonals), a
        cell ``x`` completes four with three stones at x+s, x+2s, x+3s; at
        x-s, x+s, x+2s; at x-2s, x-s, x+s; or at x-3s, x-2s, x-s (with
        ``near`` the stones one step back and ``pair`` the stones with
        another one step on). Unrolled: this is much of a node's work."""
        # Vertical: only the cell right above three (gravity leaves no gap).
        pair = stones & (stones >> 1)
        found = (pair & (stones >> 2)) << 3
        shift = self.step  # along a row
        twice = shift + shift
        near = stones >> shift
        pair = stones & near
        pair_near = pair >> shift
        found |= (
            (pair_near & (near >> twice))
            | ((stones << shift) & pair_near)
            | ((pair << twice) & near)
            | ((pair & (near >> shift)) << (twice + shift))
        )
        shift = self.step - 1  # a diagonal down to the right
        twice = shift + shift
        near = stones >> shift
        pair = stones & near
        pair_near = pair >> shift
        found |= (
            (pair_near & (near >> twice))
            | ((stones << shift) & pair_near)
            | ((pair << twice) & near)
            | ((pair & (near >> shift)) << (twice + shift))
        )
        shift = self.step + 1  # a diagonal up to the right
        twice = shift + shift
        near = stones >> shift
        pair = stones & near
        pair_near = pair >> shift
        found |= (
            (pair_near & (near >> twice))
            | ((stones << shift) & pair_near)
            | ((pair << twice) & near)
            | ((pair & (near >> shift)) << (twice + shift))
        )
        return found & (self.board_mask ^ mask)

    def can_win_now(self, current: i64, mask: i64) -> bool:
        """Whether the side to move completes four with its next stone."""
        playable = (mask + self.bottom) & self.board_mask
        return (self.winning_cells(current, mask) & playable) != 0

    def safe_moves(self, mask: i64, opponent_wins: i64) -> i64:
        """The moves of the side to move that do not lose at once, given the
        opponent's winning cells (``opponent_wins``, as :meth:`winning_cells`
        gives them): the block of its one playable threat if it has one, else
        any move, and never right under one of its winning cells. None (0)
        where it has two playable threats or no other move is left."""
        possible = (mask + self.bottom) & self.board_mask
        forced = possible & opponent_wins
        if forced != 0:
            if (forced & (forced - 1)) != 0:
                return 0
            possible = forced
        return possible & ~(opponent_wins >> 1)

    # -- the search --------------------------------------------------------------------

    def negamax(self, current: i64, mask: i64, stones: i64, alpha: i64, beta: i64) -> i64:
        """The value of a position where the side to move cannot win at once,
        within ``alpha < beta``: exact inside the window, else a bound on the
        side it failed (fail-hard)."""
        return self.search(current, mask, stones, alpha, beta, -1)

    def search(
        self, current: i64, mask: i64, stones: i64, alpha: i64, beta: i64, opponent_wins: i64
    ) -> i64:
        """:meth:`negamax`, told the opponent's winning cells (``opponent_wins``,
        as :meth:`winning_cells` gives them; -1: not known): a node has
        worked them out for the first move it tries when it ordered its
        moves, so that child need not."""
        self.nodes += 1
        if (self.nodes & CHECK_MASK) == 0:
            self.check()
        cells = self.cells
        # The table first: a bound it holds may end the search at once.
        high = (cells - 1 - stones) // 2  # we cannot win with this stone
        key = current + mask
        table = self.table
        slot = (key % self.buckets) * 2
        entry = table[slot]
        if entry == 0 or (entry >> KEY_SHIFT) != key:
            entry = table[slot + 1]
        if entry != 0 and (entry >> KEY_SHIFT) == key:
            code = entry & 0xFF
            value = (code >> 1) - VALUE_OFFSET
            if code & 1:
                if alpha < value:
                    alpha = value
                    if alpha >= beta:
                        return alpha
            elif value < high:
                high = value
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        # The follow-up's bound, where it can hold (its own parity test,
        # made here to spare the call at the other half of the nodes).
        if beta > -1 and ((cells - stones) & 1) == 0:
            high = self.claimeven_bound(current, mask, stones)
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
        if opponent_wins < 0:
            opponent_wins = self.winning_cells(current ^ mask, mask)
        moves = self.safe_moves(mask, opponent_wins)
        if moves == 0:
            return -((cells - stones) // 2)  # lost at the opponent's next move
        if stones >= cells - 2:
            return 0  # our move, then its last one, which cannot win
        low = -((cells - 2 - stones) // 2)  # it cannot win with its next move
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha

        # The children's entries first, far enough from the end
        # (LOOKUP_EMPTIES): one whose value is known to fail high ends the
        # search here, one known to fail low is left out. Columns go centre
        # first, then outwards, the left before the right.
        column = self.column
        step = self.step
        count = self.cols
        order = self.packed_order
        next_current = current ^ mask
        buckets = self.buckets
        for index in range(count if cells - stones > LOOKUP_EMPTIES else 0):
            col = (order >> (PACK_BITS * index)) & PACK_MASK
            move = moves & (column << (col * step))
            if move == 0:
                continue
            child_key = next_current + (mask | move)
            child_slot = (child_key % buckets) * 2
            entry = table[child_slot]
            if entry == 0 or (entry >> KEY_SHIFT) != child_key:
                entry = table[child_slot + 1]
                if entry == 0 or (entry >> KEY_SHIFT) != child_key:
                    continue
            score = VALUE_OFFSET - ((entry & 0xFF) >> 1)  # our side of its value
            if entry & 1:
                if score <= alpha:
                    moves ^= move  # the child is worth at least -score to it
            elif score >= beta:
                self.store(slot, key, stones, ((score + VALUE_OFFSET) << 1) | 1)
                self.cut_move = move
                self.cut_stones = stones
                return score
        if moves == 0:
            self.store(slot, key, stones, (alpha + VALUE_OFFSET) << 1)
            return alpha

        # Order by the winning cells a move creates (15 counting as many),
        # then centre first: an insertion sort, stable (the column order
        # breaks ties), of columns and their ranks packed in two integers;
        # the first move's child is told the cells (a list would box them,
        # which costs the compiled build more than it saves).
        sorted_columns: i64 = 0
        ranks: i64 = 0
        found: i64 = 0
        first_wins: i64 = -1  # the cells of the move ranked first
        if (moves & (moves - 1)) == 0:  # one move: nothing to order
            score = -self.negamax(next_current, mask | moves, stones + 1, -beta, -alpha)
            if score >= beta:
                self.store(slot, key, stones, ((score + VALUE_OFFSET) << 1) | 1)
                self.cut_move = moves
                self.cut_stones = stones
                return score
            if score > alpha:
                alpha = score
        else:
            for index in range(count):
                col = (order >> (PACK_BITS * index)) & PACK_MASK
                move = moves & (column << (col * step))
                if move != 0:
                    wins = self.winning_cells(current | move, mask | move)
                    score = bit_count(wins)
                    if score > PACK_MASK:
                        score = PACK_MASK
                    place = found
                    while place > 0 and ((ranks >> (PACK_BITS * (place - 1))) & PACK_MASK) < score:
                        place -= 1
                    shift = PACK_BITS * place
                    below = (1 << shift) - 1
                    sorted_columns = (
                        (sorted_columns & below) | ((sorted_columns & ~below) << PACK_BITS)
                    ) | (col << shift)
                    ranks = ((ranks & below) | ((ranks & ~below) << PACK_BITS)) | (score << shift)
                    found += 1
                    if place == 0:
                        first_wins = wins

        for place in range(found):
            move = moves & (
                column << (((sorted_columns >> (PACK_BITS * place)) & PACK_MASK) * step)
            )
            score = -self.search(next_current, mask | move, stones + 1, -beta, -alpha, first_wins)
            first_wins = -1
            if score >= beta:
                self.store(slot, key, stones, ((score + VALUE_OFFSET) << 1) | 1)
                self.cut_move = move
                self.cut_stones = stones
                return score
            if score > alpha:
                alpha = score
        self.store(slot, key, stones, (alpha + VALUE_OFFSET) << 1)
        return alpha

    def claimeven_bound(self, current: i64, mask: i64, stones: i64) -> i64:
        """An upper bound on the value of a position from the side to move,
        by the other side's follow-up (Allis's claimeven): 0 where the side
        to move cannot win, -1 where it loses, else the cells of the board
        (no bound).

        The empty cells of each column pair up from the bottom, but for the
        lowest of a column with an odd number of them (the odd columns):
        those are left over. Where the side to move has an even number of
        odd columns (so an even number of empty cells: ``stones`` says),
        the other side answers a move on a pair's lower cell by its upper
        one, and a move on a left-over cell by another left-over cell. The
        side to move then gets only lower cells and left-over ones, the
        other side every upper cell. If no four fits the side to move's
        stones and those cells, it cannot win; if a four also fits the other
        side's stones and the upper cells, the other side wins.
        """
        if ((self.cells - stones) & 1) != 0:
            return self.cells
        empty = self.board_mask ^ mask
        playable = (mask + self.bottom) & self.board_mask
        above = empty & ~self.bottom  # no shift lands on a bottom cell but across
        skipping = spread = playable  # the empty cells 0, 2, 4... above the lowest
        for _ in range((self.rows - 1) // 2):
            spread = (spread << 2) & above
            skipping |= spread
        top = skipping & self.top_row  # the top cells of the odd columns
        odd = (top << 1) - (top >> (self.rows - 1))
        # Even columns: lower cells; odd ones: the left-over cell, the pairs' lower cells.
        mover_cells = (skipping & ~odd) | (playable & odd) | ((skipping << 1) & odd & empty)
        if has_four(current | mover_cells, self.step):
            return self.cells
        if has_four((current ^ mask) | (empty & ~mover_cells), self.step):
            return -1
        return 0

    def store(self, slot: i64, key: i64, stones: i64, code: i64) -> None:
        """Keep ``code`` (a value and its kind of bound) for the position
        ``key`` with ``stones`` stones in the two entries at ``slot``."""
        table = self.table
        entry = (key << KEY_SHIFT) | (stones << CODE_BITS) | code
        first = table[slot]
        kept = (first >> CODE_BITS) & 63
        if first == 0 or (first >> KEY_SHIFT) == key or kept >= stones or kept < self.root_stones:
            table[slot] = entry
        else:
            table[slot + 1] = entry

    def proving_move(self, current: i64, mask: i64, stones: i64, alpha: i64, beta: i64) -> i64:
        """:meth:`negamax` of a position, for a move that proves it at
        least ``beta``: where the search fails high (returns ``beta`` or
        more) by a move of its own, that move (one bit), else 0; the
        value found is in :attr:`proved`."""
        self.cut_stones = -1
        self.proved = self.negamax(current, mask, stones, alpha, beta)
        if self.proved >= beta and self.cut_stones == stones:
            return self.cut_move
        return 0

    def value(self, current: i64, mask: i64, stones: i64) -> i64:
        """The exact value of a position (not over), by null-window
        narrowing: each test halves the range, leaning toward the draw.
        Also keeps in :attr:`best_move` a move of that value (one bit)
        where the narrowing proved one on its way, else 0 (a win at once,
        or the value the least there is, which any move keeps)."""
        self.best_move = 0
        if self.can_win_now(current, mask):
            return (self.cells + 1 - stones) // 2
        low = -((self.cells - stones) // 2)
        high = (self.cells + 1 - stones) // 2
        while low < high:
            middle = low + (high - low) // 2
            if middle <= 0 and half(low) < middle:
                middle = half(low)
            elif middle >= 0 and half(high) > middle:
                middle = half(high)
            move = self.proving_move(current, mask, stones, middle, middle + 1)
            found = self.proved
            if found <= middle:
                high = found
            else:
                low = found
                self.best_move = move
        return low

    def outcome(self, current: i64, mask: i64, stones: i64) -> i64:
        """The result of a position (not over) with best play, from the side
        to move: 1 a win, 0 a draw, -1 a loss (a weak solve: the null-window
        tests around the draw alone, far cheaper than the exact value)."""
        if self.can_win_now(current, mask):
            return 1
        if self.negamax(current, mask, stones, 0, 1) > 0:
            return 1
        return 0 if self.negamax(current, mask, stones, -1, 0) > -1 else -1

    def is_at_most(self, current: i64, mask: i64, stones: i64, bound: i64) -> bool:
        """Whether the position's value is ``bound`` or less (one null-window test)."""
        if self.can_win_now(current, mask):
            return (self.cells + 1 - stones) // 2 <= bound
        return self.negamax(current, mask, stones, bound, bound + 1) <= bound

    def moves_in_order(self, mask: i64) -> list[i64]:
        """The moves playable on ``mask``, centre first (one bit each)."""
        possible = (mask + self.bottom) & self.board_mask
        moves: list[i64] = []
        for col in self.order:
            move = possible & self.columns[col]
            if move != 0:
                moves.append(move)
        return moves


@final
class ConnectFourGuess:
    """The heuristic search on the bitboards of ``solver``'s board shape,
    when a proof is out of reach: a depth-bounded alpha-beta on the moves
    the solver plays, with a heuristic at its leaves that knows who a
    threat's row favours; its nodes count into the solver's, under the
    solver's limits. No table."""

    def __init__(self, solver: ConnectFourSolver) -> None:
        self.solver = solver
        rows, cols, step = int(solver.rows), int(solver.cols), int(solver.step)
        column, bottom = int(solver.column), int(solver.bottom)
        # The first player's rows (1st, 3rd, ... from the bottom) and the
        # second's; each cell's weight, the lines of four through it, as
        # masks of the cells of each weight.
        odd = sum(1 << height for height in range(0, rows, 2))
        self.odd_rows: i64 = bottom * odd
        self.even_rows: i64 = bottom * (column ^ odd)
        weights: dict[int, int] = {}
        for col in range(cols):
            for height in range(rows):
                weight = cell_lines(rows, cols, col, height)
                weights[weight] = weights.get(weight, 0) | (1 << (col * step + height))
        self.weights: list[i64] = list(weights)
        self.weight_masks: list[i64] = [weights[weight] for weight in weights]

    def evaluate(self, current: i64, mask: i64, stones: i64) -> i64:
        """The heuristic value of a position from the side to move: threats
        (more on their owner's rows), who the zugzwang at the end favours
        (:meth:`zugzwang`), then stones by the lines through their cells."""
        opponent = current ^ mask
        mine = self.solver.winning_cells(current, mask)
        theirs = self.solver.winning_cells(opponent, mask)
        first = (stones & 1) == 0  # the side to move moved first
        my_rows = self.odd_rows if first else self.even_rows
        their_rows = self.even_rows if first else self.odd_rows
        value = THREAT_VALUE * (bit_count(mine) - bit_count(theirs)) + GOOD_THREAT_VALUE * (
            bit_count(mine & my_rows) - bit_count(theirs & their_rows)
        )
        index = 0
        for cells in self.weight_masks:
            value += self.weights[index] * (
                bit_count(current & cells) - bit_count(opponent & cells)
            )
            index += 1
        if first:
            return value + ZUGZWANG_VALUE * self.zugzwang(mine, theirs)
        return value - ZUGZWANG_VALUE * self.zugzwang(theirs, mine)

    def zugzwang(self, first: i64, second: i64) -> i64:
        """Who the threats favour when the board fills, given each player's
        winning cells (``first``'s and ``second``'s): 1 the first player,
        -1 the second, 0 neither. Only the lowest threat of a column counts
        (the one above is blocked first). A column whose lowest threat is
        the first player's on an odd row (1st, 3rd, 5th from the bottom)
        favours the first player, even against the second's even threats
        elsewhere; else one whose lowest threat is the second player's on
        an even row favours the second (Allis's rules of thumb: in the
        zugzwang at the end, the second player can claim every even cell,
        the first every odd one)."""
        second_even = False
        for cells in self.solver.columns:
            firsts = first & cells
            seconds = second & cells
            lowest_first = firsts & -firsts
            lowest_second = seconds & -seconds
            if firsts != 0 and (seconds == 0 or lowest_first <= lowest_second):
                if (lowest_first & self.odd_rows) != 0:
                    return 1
            elif seconds != 0 and (lowest_second & self.even_rows) != 0:
                second_even = True
        return -1 if second_even else 0

    def guess(
        self, current: i64, mask: i64, stones: i64, depth: i64, alpha: i64, beta: i64
    ) -> i64:
        """The heuristic value of a position where the side to move cannot win
        at once, searched ``depth`` more moves (a forced move does not count),
        with alpha-beta (fail-hard): the moves, losses and draws as
        :meth:`ConnectFourSolver.negamax` sees them, :meth:`evaluate` at the leaves; the table
        is not used."""
        solver = self.solver
        solver.nodes += 1
        if (solver.nodes & CHECK_MASK) == 0:
            solver.check()
        cells = solver.cells
        moves = solver.safe_moves(mask, solver.winning_cells(current ^ mask, mask))
        if moves == 0:
            return stones + 2 - GUESS_WIN  # its winning stone the (stones + 2)-th
        if stones >= cells - 2:
            return 0
        if (moves & (moves - 1)) != 0:
            if depth <= 0:
                return self.evaluate(current, mask, stones)
            depth -= 1
        next_current = current ^ mask
        for move in self.ordered(current, mask, moves):
            score = -self.guess(next_current, mask | move, stones + 1, depth, -beta, -alpha)
            if score >= beta:
                return score
            if score > alpha:
                alpha = score
        return alpha

    def ordered(self, current: i64, mask: i64, moves: i64) -> list[i64]:
        """``moves`` (one bit each) by the winning cells they create, then
        centre first."""
        solver = self.solver
        ordered: list[i64] = []
        scores: list[i64] = []
        columns = solver.columns
        for col in solver.order:
            move = moves & columns[col]
            if move != 0:
                score = bit_count(solver.winning_cells(current | move, mask | move))
                index = len(ordered)
                ordered.append(move)
                scores.append(score)
                while index > 0 and scores[index - 1] < score:
                    ordered[index] = ordered[index - 1]
                    scores[index] = scores[index - 1]
                    index -= 1
                ordered[index] = move
                scores[index] = score
        return ordered
