"""The Gomoku board of small integers against the line bit sets the rest of
the engine uses: the same fives and fours on random positions, the same
counts after any play and undo, and wins by fours that hold move by move."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ttt_gui.board import Board, geometry
from ttt_gui.engine.gomoku_board import GomokuBoard
from ttt_gui.engine.gomoku_search import GomokuSearch
from ttt_gui.engine.gomoku_shapes import MAKES_FIVE, MAKES_FOUR, MAKES_OPEN_FOUR
from ttt_gui.engine.state import threats
from ttt_gui.engine.threats import side_bits

TACTICS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "tactics.txt"
SHAPES = [(15, 15), (20, 20), (11, 17)]


def random_stones(rows: int, cols: int, count: int, seed: int) -> list[int]:
    randoms = random.Random(seed)
    return randoms.sample(range(rows * cols), count)


def filled(rows: int, cols: int, stones: list[int]) -> GomokuBoard:
    board = GomokuBoard(rows, cols)
    for index, cell in enumerate(stones):
        board.play(cell, index % 2)
    return board


def bits(stones: list[int], side: int) -> int:
    return sum(1 << cell for cell in stones[side::2])


def completions(mine: int, other: int, shape_rows: int, shape_cols: int) -> int:
    """The empty cells where ``mine`` makes five, by the line bit sets."""
    shape = geometry(shape_rows, shape_cols, 5)
    return threats(mine, other, shape) & ~(mine | other) & shape.full


def completions_through(cell: int, mine: int, other: int, rows: int, cols: int) -> int:
    """The empty cells where ``mine`` makes five on a line through ``cell``."""
    shape = geometry(rows, cols, 5)
    found = 0
    for index in shape.lines_through[cell]:
        mask = shape.lines[index]
        if not mask & other and (mask & mine).bit_count() == 4:
            found |= mask & ~mine
    return found


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_fives_and_fours_are_those_of_the_line_bit_sets(
    rows: int, cols: int, exhaustive: bool
) -> None:
    for seed in range(12 if exhaustive else 3):
        stones = random_stones(rows, cols, 30 + 10 * seed, seed)
        board = filled(rows, cols, stones)
        for side in (0, 1):
            mine, other = bits(stones, side), bits(stones, 1 - side)
            fives = completions(mine, other, rows, cols)
            for cell in range(rows * cols):
                if board.cells[cell]:
                    continue
                kind = board.class_of(side, cell)
                assert (kind == MAKES_FIVE) == bool(fives >> cell & 1), (seed, side, cell)
                if kind == MAKES_FIVE:
                    continue
                after = completions_through(cell, mine | 1 << cell, other, rows, cols)
                assert (kind >= MAKES_FOUR) == bool(after), (seed, side, cell)
                if after.bit_count() >= 2:
                    assert kind == MAKES_OPEN_FOUR, (seed, side, cell)


def test_play_and_undo_leave_what_a_fresh_board_reads() -> None:
    randoms = random.Random(5)
    board = GomokuBoard(15, 15)
    stones: list[int] = []
    for _ in range(400):
        if stones and randoms.random() < 0.4:
            board.undo(stones[-1], (len(stones) - 1) % 2)
            stones.pop()
        elif len(stones) < 120:
            cell = randoms.choice([c for c in range(225) if c not in stones])
            board.play(cell, len(stones) % 2)
            stones.append(cell)
    fresh = filled(15, 15, stones)
    assert board.codes == fresh.codes
    assert board.counts == fresh.counts
    assert board.totals == fresh.totals
    assert board.near == fresh.near
    assert board.hash == fresh.hash
    board.unwind(0)
    assert board.codes == GomokuBoard(15, 15).codes and board.hash == 0


def tactics_wins(exhaustive: bool) -> list[Board]:
    boards = []
    for line in TACTICS.read_text(encoding="utf-8").splitlines():
        kind, text, _ = line.split()
        if kind == "win":
            boards.append(Board.from_text(text))
    return boards if exhaustive else boards[:6]


def test_each_win_by_fours_found_holds_against_every_defence(exhaustive: bool) -> None:
    for board in tactics_wins(exhaustive):
        search = GomokuSearch(board.rows, board.cols)
        x_cells = [cell for cell in range(board.cells) if board.x_bits >> cell & 1]
        o_cells = [cell for cell in range(board.cells) if board.o_bits >> cell & 1]
        search.set_position(x_cells, o_cells)
        attacker = 0 if board.move_count % 2 == 0 else 1
        line = search.vcf(attacker, 12)
        assert line, board
        for index, move in enumerate(line):
            board = board.play(move)
            if index % 2 == 1 or board.is_over:
                continue
            attack, defence = side_bits(board)[::-1]  # the defender is to move
            assert not completions(defence, attack, board.rows, board.cols), "no five to answer"
            fives = completions(attack, defence, board.rows, board.cols)
            assert fives, "every move of the attacker is a four"
            if fives.bit_count() == 1:
                assert line[index + 1] == fives.bit_length() - 1, "the only defence"
        assert board.winner is not None and board.winner.value == "xo"[attacker].upper()
