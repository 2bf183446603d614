"""The search of freestyle Gomoku boards, on shapes: alpha-beta over the
few best moves by class, wins by continuous fours (VCF) at the root for
both sides, and an evaluation from the shapes; no Tk.

Scores are from the side to move, on the negamax's scale (a win in ``n``
plies from the root scores ``WIN - n``). At every node, from the classes
of :class:`~ttt_gui.engine.gomoku_board.GomokuBoard`:

* a five to make wins; two of the other side's fives to stop lose; one is
  stopped at once (the only move, searched without using up depth);
* an open four (or a double four) to make, the other side having no five,
  wins in three plies;
* against the other side's open four to make (its open three), the moves
  are its four-making cells (the defences) and our own fours;
* otherwise the moves are the best ``width`` by attack and defence value,
  the table's move and the killers first.

A win this search finds short of the game's end rests on moves left out,
so only a VCF (every defence tried: a four has one) is a proof; the root
reports its scores as not exact.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Final

from ttt_gui.engine.gomoku_board import GomokuBoard
from ttt_gui.engine.gomoku_shapes import (
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_FOUR_THREE,
    MAKES_OPEN_FOUR,
    MAKES_OPEN_THREE,
)
from ttt_gui.engine.negamax import INFINITY, MATE_THRESHOLD, WIN
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.transposition import EXACT, LOWER, UPPER

# -- Tune these to change how the search spends its nodes ----------------------------------

#: Moves searched at the root, and at other nodes by remaining depth (the last for deeper).
ROOT_WIDTH: Final = 20
WIDTHS: Final = (0, 8, 10, 12)
#: The evaluation weighs the side to move's shapes by this, the other's by 1 (in eighths).
TEMPO_EIGHTHS: Final = 10
#: A four-three to make, the other side having no four to make, is worth this at a leaf.
FOUR_THREE_LEAF: Final = 3_000
#: Table entries kept before the table is cleared.
TABLE_LIMIT: Final = 1_500_000
#: The root's VCF's depth (in the attacker's moves).
VCF_DEPTH: Final = 12

#: A cell fits this many bits (boards of up to 20 x 20).
CELL_BITS: Final = 9
CELL_MASK: Final = 511


class GomokuSearch:
    """A searcher of one board shape: its board, table and counts.

    Set ``deadline`` (``time.perf_counter``), ``node_limit`` and ``stop``
    before a search; a search past any raises SearchAborted. ``nodes``
    counts on across searches.
    """

    def __init__(self, rows: int, cols: int, exact: bool = False) -> None:
        self.board = GomokuBoard(rows, cols, exact)
        self.table: dict[int, tuple[int, int, int, int]] = {}  # hash -> depth, bound, score, move
        self.vcf_failed: dict[int, int] = {}  # (hash, attacker) -> depth that failed
        self.killers: list[int] = [-1] * 256
        self.nodes = 0
        self.node_limit: float = math.inf
        self.deadline: float = math.inf
        self.stop = threading.Event()

    # -- bounds -------------------------------------------------------------------------------

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0:
            if (
                self.stop.is_set()
                or self.nodes >= self.node_limit
                or time.perf_counter() >= self.deadline
            ):
                raise SearchAborted

    # -- setting up ---------------------------------------------------------------------------

    def set_position(self, x_cells: list[int], o_cells: list[int]) -> None:
        """Clear the board and put these stones on it."""
        board = self.board
        board.unwind(0)
        for cell in x_cells:
            board.play(cell, 0)
        for cell in o_cells:
            board.play(cell, 1)
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        if len(self.vcf_failed) > TABLE_LIMIT:
            self.vcf_failed.clear()

    # -- continuous fours -----------------------------------------------------------------------

    def vcf(self, attacker: int, depth: int) -> list[int]:
        """A win of ``attacker`` (to move) by fours, as its line of moves
        (the defender's forced replies between), within ``depth`` of its
        moves; [] if none is found. Where the defender has a four, the
        attacker's only move is its block, and only if that is a four too."""
        board = self.board
        defender = 1 - attacker
        self._count()
        if board.class_count(attacker, MAKES_FIVE):
            return [board.cells_of_class(attacker, MAKES_FIVE)[0]]
        stops = board.class_count(defender, MAKES_FIVE)
        if stops >= 2 or depth <= 0:
            return []
        if stops:
            stop_at = board.cells_of_class(defender, MAKES_FIVE)[0]
            if board.class_of(attacker, stop_at) < MAKES_FOUR:
                return []
            fours = [stop_at]
        elif board.class_count(attacker, MAKES_OPEN_FOUR):
            fours = board.cells_of_class(attacker, MAKES_OPEN_FOUR)[:1]
        elif not board.makes_four(attacker):
            return []
        else:
            fours = board.cells_of_class(attacker, MAKES_FOUR)
            fours.sort(key=lambda cell: -board.attack[board.codes[attacker * board.size + cell]])
        key = board.hash * 2 + attacker
        if self.vcf_failed.get(key, -1) >= depth:
            return []
        for move in fours:
            board.play(move, attacker)
            line: list[int] = []
            if board.class_count(attacker, MAKES_FIVE) >= 2:
                answer = self._any_reply(defender)  # an open or double four
                board.play(answer, defender)
                five = board.cells_of_class(attacker, MAKES_FIVE)
                board.undo(answer, defender)
                line = [answer, five[0]] if five else []
            elif (block := board.five_cell(attacker, move)) >= 0:
                board.play(block, defender)
                rest = self.vcf(attacker, depth - 1)
                board.undo(block, defender)
                line = [block, *rest] if rest else []
            board.undo(move, attacker)
            if line:
                return [move, *line]
        self.vcf_failed[key] = depth
        return []

    def _any_reply(self, side: int) -> int:
        """A move for ``side`` that stops one of the other side's fives."""
        board = self.board
        fives = board.cells_of_class(1 - side, MAKES_FIVE)
        if fives:
            return fives[0]
        return board.candidates()[0]

    # -- the negamax --------------------------------------------------------------------------

    def evaluate(self, side: int) -> int:
        """The heuristic value for ``side`` to move, from the shapes."""
        board = self.board
        other = 1 - side
        value = (board.totals[side] * TEMPO_EIGHTHS - board.totals[other] * 8) // 8
        if board.class_count(side, MAKES_FOUR_THREE) and not (
            board.class_count(other, MAKES_FOUR)
            or board.class_count(other, MAKES_FOUR_THREE)
            or board.class_count(other, MAKES_OPEN_FOUR)
        ):
            value += FOUR_THREE_LEAF
        return max(-MATE_THRESHOLD + 1, min(MATE_THRESHOLD - 1, value))

    def ordered(self, side: int, moves: list[int], first: int, ply: int) -> list[int]:
        """``moves`` best first: ``first`` (the table's), the killer, then by value."""
        board = self.board
        size, codes, attack, defence = board.size, board.codes, board.attack, board.defence
        other = (1 - side) * size
        mine = side * size
        # One integer a move sorts faster than a pair: the value, then the cell.
        keys = [
            (attack[codes[mine + move]] + defence[codes[other + move]]) << CELL_BITS | move
            for move in moves
        ]
        keys.sort(reverse=True)
        ordered = [key & CELL_MASK for key in keys]
        killer = self.killers[ply] if ply < len(self.killers) else -1
        if killer >= 0 and killer != first and killer in ordered:
            ordered.remove(killer)
            ordered.insert(0, killer)
        if first >= 0 and first in ordered:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    def moves_for(self, side: int) -> tuple[list[int], bool]:
        """The moves searched for ``side`` to move and whether they answer
        a threat (then all are searched).

        Against an open four to make (the other side's open three): its
        four-making cells and our fours. Against a four-three to make: its
        cells that make an open three or more (the four-three's cell, and
        those that block its four or its three) and our fours; the best
        ``width`` of them, as of any node."""
        board = self.board
        other = 1 - side
        if board.class_count(other, MAKES_OPEN_FOUR):
            ours = board.cells_of_class(side, MAKES_FOUR)
            return ours + [
                cell for cell in board.cells_of_class(other, MAKES_FOUR) if cell not in ours
            ], True
        if board.class_count(other, MAKES_FOUR_THREE):
            ours = board.cells_of_class(side, MAKES_FOUR)
            return ours + [
                cell for cell in board.cells_of_class(other, MAKES_OPEN_THREE) if cell not in ours
            ], False
        return board.candidates(), False

    def negamax(self, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``side`` to move, searched ``depth`` plies (forced
        replies free); from ``ply`` plies below the root."""
        self._count()
        board = self.board
        other = 1 - side
        if board.class_count(side, MAKES_FIVE):
            return WIN - ply - 1
        if board.empty_count == 0:
            return 0
        fives = board.class_count(other, MAKES_FIVE)
        if fives:
            if fives >= 2:
                return -(WIN - ply - 2)
            block = board.five_cell(other, board.history[-1] // 2)  # made by its last stone
            if block < 0:  # or there at the root
                block = board.cells_of_class(other, MAKES_FIVE)[0]
            board.play(block, side)
            score = -self.negamax(other, depth, -beta, -alpha, ply + 1)
            board.undo(block, side)
            return score
        if board.class_count(side, MAKES_OPEN_FOUR):
            return WIN - ply - 3
        if depth <= 0:
            return self.evaluate(side)
        key = board.hash
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, bound, stored, first = entry
            if stored_depth >= depth:
                score = (
                    stored - ply
                    if stored > MATE_THRESHOLD
                    else (stored + ply if stored < -MATE_THRESHOLD else stored)
                )
                if (
                    bound == EXACT
                    or (bound == LOWER and score >= beta)
                    or (bound == UPPER and score <= alpha)
                ):
                    return score
        moves, forced = self.moves_for(side)
        if not moves:
            return self.evaluate(side)
        moves = self.ordered(side, moves, first, ply)
        if not forced:
            width = WIDTHS[min(depth, len(WIDTHS) - 1)]
            moves = moves[:width]
        best, best_move = -INFINITY, moves[0]
        start_alpha = alpha
        for index, move in enumerate(moves):
            board.play(move, side)
            if index == 0:
                score = -self.negamax(other, depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self.negamax(other, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.negamax(other, depth - 1, -beta, -alpha, ply + 1)
            board.undo(move, side)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if ply < len(self.killers):
                            self.killers[ply] = move
                        break
        bound = LOWER if best >= beta else (UPPER if best <= start_alpha else EXACT)
        stored = (
            best + ply
            if best > MATE_THRESHOLD
            else (best - ply if best < -MATE_THRESHOLD else best)
        )
        self.table[key] = (depth, bound, stored, best_move)
        return best

    # -- the root -----------------------------------------------------------------------------

    def root_moves(self, side: int) -> list[int]:
        """The moves the root searches for ``side``, best first by value."""
        moves, forced = self.moves_for(side)
        board = self.board
        if board.class_count(1 - side, MAKES_FIVE):
            moves = board.cells_of_class(1 - side, MAKES_FIVE)[:1]
        elif board.class_count(side, MAKES_FIVE):
            moves = board.cells_of_class(side, MAKES_FIVE)[:1]
        ordered = self.ordered(side, moves, -1, 0)
        return ordered if forced else ordered[:ROOT_WIDTH]

    def search_root(
        self, side: int, moves: list[int], depth: int, scored: dict[int, int]
    ) -> list[int]:
        """Search each of ``moves`` to ``depth`` (their values into
        ``scored``, exact or a bound below the best) and return them best
        first."""
        board = self.board
        alpha = -INFINITY
        for index, move in enumerate(moves):
            board.play(move, side)
            if index == 0:
                score = -self.negamax(1 - side, depth - 1, -INFINITY, -alpha, 1)
            else:
                score = -self.negamax(1 - side, depth - 1, -alpha - 1, -alpha, 1)
                if score > alpha:
                    score = -self.negamax(1 - side, depth - 1, -INFINITY, -alpha, 1)
            board.undo(move, side)
            scored[move] = score
            alpha = max(alpha, score)
        return sorted(moves, key=lambda move: -scored[move])

    def line_from(self, side: int, move: int, plies: int) -> list[int]:
        """The principal variation after ``move``, from the table, at most ``plies`` long."""
        board = self.board
        line = [move]
        played = [(move, side)]
        board.play(move, side)
        turn = 1 - side
        while len(line) < plies:
            entry = self.table.get(board.hash)
            if entry is None:
                break
            reply = entry[3]
            if reply < 0 or board.cells[reply] != 0:
                break
            board.play(reply, turn)
            played.append((reply, turn))
            line.append(reply)
            turn = 1 - turn
        for cell, who in reversed(played):
            board.undo(cell, who)
        return line
