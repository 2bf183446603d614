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
cell loses); bounds come from the moves left; the table has a fixed size,
two entries a slot: the first keeps the entry with the fewest stones (the
most work below it) unless the game has left it behind, the second takes
whatever the first does not; moves are ordered by the winning cells they
create, then centre first.

Values inside the solver are in half-moves to the end, from the side to
move: a win whose last stone is the game's ``T``-th scores
``(cells + 2 - T) // 2``, a loss the negative of the winner's score, a draw
0 (as in Pascal Pons's solver). :meth:`ConnectFourSolver.move_scores`
turns them into the engine's scale (:mod:`ttt_gui.engine.negamax`): a win
in ``n`` plies ``WIN - n``, a loss ``-(WIN - n)``.

This module is compiled by mypyc in the compiled build (native 64-bit
integers where :data:`i64` is written) and runs as it is otherwise.

>>> from ttt_gui.board import Board
>>> solver = ConnectFourSolver(4, 5, 10_000)
>>> board = Board.empty(rows=4, cols=5, win_length=4, gravity=True)
>>> solver.move_scores(board, all_moves=False, randomize=False)
({17: 0}, [17])
"""

from __future__ import annotations

import math
import threading
import time
from typing import Final, final

from mypy_extensions import i64

from ttt_gui.board import Board, Geometry, Player
from ttt_gui.engine.context import Limit, SearchContext
from ttt_gui.engine.negamax import WIN
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.transposition import TableMemory

#: The limits (stop token, clock, node limit) are checked every this many + 1 nodes.
CHECK_MASK: Final = 4095
#: A table entry packs the position's key, its stones (STONE_BITS bits) and
#: its value and kind of bound (CODE_BITS bits) into one integer.
CODE_BITS: Final = 8
STONE_BITS: Final = 6
KEY_SHIFT: Final = CODE_BITS + STONE_BITS
VALUE_OFFSET: Final = 64
#: A node limit beyond any search.
NO_NODE_LIMIT: Final = 4_611_686_018_427_387_904
#: A proven line may take this many nodes at least (else as many as its search).
LINE_MIN_NODES: Final = 20_000
#: A bounded search's first try to solve may visit this many nodes; each
#: next one twice as many, and at least as many as the solver visits in
#: SOLVE_SHARE times the time the heuristic search has taken so far.
FIRST_BUDGET: Final = 5_000.0
SOLVE_SHARE: Final = 3.0
#: The children's table entries are looked at where at least this many cells
#: are empty (nearer the end a child's search costs about as much).
ETC_EMPTY: Final = 10


#: Whether this module runs compiled: then it is an extension module (a
#: frozen executable's plain modules end in ``.pyc``, a source's in ``.py``).
COMPILED: Final = __file__.endswith((".so", ".pyd"))


def connect_four_applies(geometry: Geometry) -> bool:
    """Whether the Connect Four path solves ``geometry``: gravity, four in a
    row, normal rules, and a bitboard (a sentinel row included) whose table
    entries fit 64 bits."""
    step = geometry.rows + 1
    return (
        geometry.gravity
        and not geometry.misere
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
        self.columns: list[i64] = [column << (col * step) for col in range(cols)]
        # Centre first, then outwards, the left before the right.
        self.order: list[i64] = [
            cols // 2 + (1 - 2 * (index % 2)) * ((index + 1) // 2) for index in range(cols)
        ]
        self.buckets: i64 = max(table_size // 2, 1)
        self.table_size: i64 = 2 * self.buckets
        self.table: list[i64] = [0] * self.table_size
        self.root_stones: i64 = 0  # entries with fewer stones are left behind
        self.nodes: i64 = 0
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

    def entries(self) -> int:
        """The table's slots in use."""
        return len(self.table) - self.table.count(0)

    # -- rules on bitboards ----------------------------------------------------------

    def winning_cells(self, stones: i64, mask: i64) -> i64:
        """The empty cells (playable or not) where the owner of ``stones``
        completes four in a row. Every shift left moves bits at most one
        direction step above the board, so nothing passes bit 63.

        For each direction ``s`` (along a row, and the two diagonals), a
        cell ``x`` completes four with three stones at x+s, x+2s, x+3s; at
        x-s, x+s, x+2s; at x-2s, x-s, x+s; or at x-3s, x-2s, x-s. Unrolled:
        this is most of a node's work."""
        # Vertical: only the cell right above three (gravity leaves no gap).
        pair = stones & (stones >> 1)
        found = (pair & (stones >> 2)) << 3
        shift = self.step  # along a row
        pair = stones & (stones >> shift)
        found |= (pair >> shift) & (stones >> (3 * shift))
        found |= (stones << shift) & (pair >> shift)
        found |= (pair << (2 * shift)) & (stones >> shift)
        found |= (pair & (stones >> (2 * shift))) << (3 * shift)
        shift = self.step - 1  # a diagonal down to the right
        pair = stones & (stones >> shift)
        found |= (pair >> shift) & (stones >> (3 * shift))
        found |= (stones << shift) & (pair >> shift)
        found |= (pair << (2 * shift)) & (stones >> shift)
        found |= (pair & (stones >> (2 * shift))) << (3 * shift)
        shift = self.step + 1  # a diagonal up to the right
        pair = stones & (stones >> shift)
        found |= (pair >> shift) & (stones >> (3 * shift))
        found |= (stones << shift) & (pair >> shift)
        found |= (pair << (2 * shift)) & (stones >> shift)
        found |= (pair & (stones >> (2 * shift))) << (3 * shift)
        return found & (self.board_mask ^ mask)

    def can_win_now(self, current: i64, mask: i64) -> bool:
        """Whether the side to move completes four with its next stone."""
        playable = (mask + self.bottom) & self.board_mask
        return (self.winning_cells(current, mask) & playable) != 0

    # -- the search --------------------------------------------------------------------

    def negamax(self, current: i64, mask: i64, stones: i64, alpha: i64, beta: i64) -> i64:
        """The value of a position where the side to move cannot win at once,
        within ``alpha < beta``: exact inside the window, else a bound on the
        side it failed (fail-hard)."""
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
        board_mask = self.board_mask
        possible = (mask + self.bottom) & board_mask
        opponent_wins = self.winning_cells(current ^ mask, mask)
        forced = possible & opponent_wins
        if forced != 0:
            if (forced & (forced - 1)) != 0:
                return -((cells - stones) // 2)  # two threats: lost at the next move
            possible = forced
        moves = possible & ~(opponent_wins >> 1)  # never right under its winning cell
        if moves == 0:
            return -((cells - stones) // 2)
        if stones >= cells - 2:
            return 0  # our move, then its last one, which cannot win
        low = -((cells - 2 - stones) // 2)  # it cannot win with its next move
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha

        # The children's entries first: one whose value is known to fail
        # high ends the search here, one known to fail low is left out.
        columns = self.columns
        next_current = current ^ mask
        buckets = self.buckets
        for col in self.order:
            move = moves & columns[col]
            if move == 0 or stones >= self.cells - ETC_EMPTY:
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
                return score
        if moves == 0:
            self.store(slot, key, stones, (alpha + VALUE_OFFSET) << 1)
            return alpha

        # Order by the winning cells a move creates, then centre first
        # (an insertion sort, stable: the column order breaks ties).
        ordered: list[i64] = []
        scores: list[i64] = []
        if (moves & (moves - 1)) == 0:
            ordered.append(moves)  # one move: nothing to order
        else:
            for col in self.order:
                move = moves & columns[col]
                if move != 0:
                    score = bit_count(self.winning_cells(current | move, mask | move))
                    index = len(ordered)
                    ordered.append(move)
                    scores.append(score)
                    while index > 0 and scores[index - 1] < score:
                        ordered[index] = ordered[index - 1]
                        scores[index] = scores[index - 1]
                        index -= 1
                    ordered[index] = move
                    scores[index] = score

        for move in ordered:
            score = -self.negamax(next_current, mask | move, stones + 1, -beta, -alpha)
            if score >= beta:
                self.store(slot, key, stones, ((score + VALUE_OFFSET) << 1) | 1)
                return score
            if score > alpha:
                alpha = score
        self.store(slot, key, stones, (alpha + VALUE_OFFSET) << 1)
        return alpha

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

    def value(self, current: i64, mask: i64, stones: i64) -> i64:
        """The exact value of a position (not over), by null-window
        narrowing: each test halves the range, leaning toward the draw."""
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
            found = self.negamax(current, mask, stones, middle, middle + 1)
            if found <= middle:
                high = found
            else:
                low = found
        return low

    def is_at_most(self, current: i64, mask: i64, stones: i64, bound: i64) -> bool:
        """Whether the position's value is ``bound`` or less (one null-window test)."""
        if self.can_win_now(current, mask):
            return (self.cells + 1 - stones) // 2 <= bound
        return self.negamax(current, mask, stones, bound, bound + 1) <= bound

    # -- boards and the engine's scale ----------------------------------------------

    def position(self, board: Board) -> tuple[i64, i64, i64]:
        """(current, mask, stones) of ``board``."""
        current: i64 = 0
        mask: i64 = 0
        mine = Player.X if board.turn is Player.X else Player.O
        for cell in range(board.cells):
            player = board[cell]
            if player is None:
                continue
            bit = self.bit_of(cell)
            mask |= bit
            if player is mine:
                current |= bit
        return current, mask, board.move_count

    def bit_of(self, cell: int) -> i64:
        """The bitboard bit of a board cell (rows numbered from the top)."""
        row, col = divmod(cell, int(self.cols))
        return 1 << (col * int(self.step) + int(self.rows) - 1 - row)

    def cell_of(self, move: i64) -> int:
        """The board cell of a one-bit move."""
        index = 0
        while (move >> index) != 1:
            index += 1
        col, height = divmod(index, int(self.step))
        return (int(self.rows) - 1 - height) * int(self.cols) + col

    def distance_score(self, value: i64, stones: i64) -> int:
        """A solver ``value`` at a position with ``stones`` stones on the
        engine's scale, from the same side, plies counted from there."""
        if value == 0:
            return 0
        winner_score = value if value > 0 else -value
        # The winner moves at the odd plies from here when it is to move.
        parity = (stones + 1) % 2 if value > 0 else stones % 2
        last = self.cells + 2 - 2 * winner_score
        if last % 2 != parity:
            last -= 1
        plies = int(last - stones)
        return WIN - plies if value > 0 else plies - WIN

    def move_scores(
        self, board: Board, *, all_moves: bool, randomize: bool
    ) -> tuple[dict[int, int], list[int]]:
        """The exact scores of the moves of ``board`` (not over) on the
        engine's scale and the best moves in the column order: every move's
        with ``all_moves``, else the best move's (all the best with
        ``randomize``). Raises SearchAborted at a limit."""
        current, mask, stones = self.position(board)
        self.root_stones = stones
        legal: list[i64] = []
        possible = (mask + self.bottom) & self.board_mask
        for col in self.order:
            move = possible & self.columns[col]
            if move != 0:
                legal.append(move)
        wins = self.winning_cells(current, mask) & possible
        scores: dict[int, int] = {}
        if all_moves:
            for move in legal:
                if move & wins:
                    scores[self.cell_of(move)] = WIN - 1
                else:
                    child = self.value(current ^ mask, mask | move, stones + 1)
                    # One ply further from the end than the child's score.
                    farther = 1 if child > 0 else -1 if child < 0 else 0
                    scores[self.cell_of(move)] = farther - self.distance_score(child, stones + 1)
            top = max(scores.values())
            return scores, [self.cell_of(m) for m in legal if scores[self.cell_of(m)] == top]
        if wins != 0:
            best = [self.cell_of(move) for move in legal if move & wins]
            return dict.fromkeys(best, WIN - 1), best
        value = self.value(current, mask, stones)
        score = self.distance_score(value, stones)
        best = []
        for move in legal:
            # A move is best when its position is worth -value to the opponent.
            if self.is_at_most(current ^ mask, mask | move, stones + 1, -value):
                best.append(self.cell_of(move))
                if not randomize:
                    break
        return dict.fromkeys(best, score), best

    def line(self, board: Board, move: int, score: int) -> tuple[int, ...]:
        """The line of perfect play from ``board`` that starts with ``move``,
        scored ``score`` (exact), to the game's end; shorter, still right as
        far as it goes, if a limit is reached."""
        line = [move]
        position = board.play(move)
        try:
            value: i64 = 0
            if not position.is_over:
                current, mask, stones = self.position(position)
                value = self.value(current, mask, stones)
            while not position.is_over:
                current, mask, stones = self.position(position)
                wins = self.winning_cells(current, mask)
                possible = (mask + self.bottom) & self.board_mask
                chosen = -1
                for col in self.order:
                    step = possible & self.columns[col]
                    if step == 0:
                        continue
                    if step & wins or self.is_at_most(
                        current ^ mask, mask | step, stones + 1, -value
                    ):
                        chosen = self.cell_of(step)
                        break
                if chosen < 0:
                    break
                line.append(chosen)
                position = position.play(chosen)
                value = -value  # the best move's position is worth -value to the other side
        except SearchAborted:
            pass
        return tuple(line)


# -- the engine's part ---------------------------------------------------------------


class ConnectFourPath:
    """The Connect Four path as a part of the engine: the solver of the
    board shape searched (none where :func:`connect_four_applies` fails or
    the path is off), with a table of ``table_limit`` entries, and the node
    budget of the search running. A search with a time or node bound tries
    to solve before each depth of the engine's heuristic search, with
    budgets doubling from FIRST_BUDGET, and at least SOLVE_SHARE times the
    time the heuristic search took (whose depths cost ever more); one
    without a bound solves outright."""

    def __init__(self, table_limit: int) -> None:
        self.table_limit = table_limit
        self.solver: ConnectFourSolver | None = None
        self.budget = FIRST_BUDGET
        self.solving_seconds = 0.0  # this search's, and its nodes:
        self.solving_nodes = 0
        self.other_seconds = 0.0  # the heuristic search's so far
        self.resumed: float | None = None  # when the heuristic search resumed

    def prepare(self, geometry: Geometry, *, enabled: bool) -> None:
        """Make ready for searches on ``geometry`` (a new shape: a new table)."""
        self.solver = None
        if enabled and connect_four_applies(geometry):
            self.solver = ConnectFourSolver(geometry.rows, geometry.cols, self.table_limit)

    def clear(self) -> None:
        """Forget what the table holds."""
        if self.solver is not None:
            self.solver.table = [0] * self.solver.table_size

    def memory(self, memory: TableMemory) -> TableMemory:
        """``memory`` (the engine's other tables) with the solver's table."""
        if self.solver is None:
            return memory
        return memory.with_solver_table(self.solver.entries(), int(self.solver.table_size))

    def start(self, limit: Limit) -> bool:
        """Whether a search within ``limit`` goes by this path (not one to a
        fixed depth); sets its first budget."""
        self.budget = FIRST_BUDGET if limit.bounded else math.inf
        self.solving_seconds = self.other_seconds = 0.0
        self.solving_nodes = 0
        self.resumed = None
        return self.solver is not None and limit.depth is None

    def solve(
        self, board: Board, context: SearchContext, *, all_moves: bool, randomize: bool
    ) -> tuple[dict[int, int], list[int]] | None:
        """The exact (scores, best moves) of ``board``, as
        :meth:`ConnectFourSolver.move_scores` gives them, if found within the
        budget (doubled for the next try) and ``context``'s limits; else
        None. The nodes count into ``context``."""
        solver = self.solver
        assert solver is not None, "solve only where start() said so"
        now = time.perf_counter()
        if self.resumed is not None:
            self.other_seconds += now - self.resumed
        budget = self.budget
        if self.solving_seconds > 0:
            speed = self.solving_nodes / self.solving_seconds
            budget = max(budget, speed * SOLVE_SHARE * self.other_seconds)
        self.budget *= 2
        started = int(solver.nodes)
        budget = min(context.node_limit, context.nodes + budget) - context.nodes
        solver.limit(context.stop, context.deadline, started + budget)
        try:
            return solver.move_scores(board, all_moves=all_moves, randomize=randomize)
        except SearchAborted:
            return None
        finally:
            context.nodes += int(solver.nodes) - started
            self.solving_nodes += int(solver.nodes) - started
            self.resumed = time.perf_counter()
            self.solving_seconds += self.resumed - now

    def line(self, board: Board, move: int, score: int, context: SearchContext) -> tuple[int, ...]:
        """The line of perfect play from ``board`` after ``move`` (scored
        ``score``, exact), within max(LINE_MIN_NODES, the search's nodes) more
        nodes; its nodes count into ``context``. Empty off the path."""
        solver = self.solver
        if solver is None:
            return ()
        started = int(solver.nodes)
        solver.limit(context.stop, math.inf, started + max(LINE_MIN_NODES, context.nodes))
        try:
            return solver.line(board, move, score)
        finally:
            context.nodes += int(solver.nodes) - started
