"""The Gomoku board of small integers against the line bit sets the rest of
the engine uses: the same fives and fours on random positions, the same
counts after any play and undo, and wins by fours that hold move by move."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ttt_gui.board import Board, geometry
from ttt_gui.engine import MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.gomoku_board import GomokuBoard
from ttt_gui.engine.gomoku_search import GomokuSearch
from ttt_gui.engine.gomoku_shapes import (
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_FOUR_THREE,
    MAKES_OPEN_FOUR,
    MAKES_OPEN_THREE,
)
from ttt_gui.engine.state import threats
from ttt_gui.engine.threats import side_bits

TACTICS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "tactics.txt"
SHAPES = [(15, 15), (20, 20), (11, 17)]


def random_stones(rows: int, cols: int, count: int, seed: int) -> list[int]:
    randoms = random.Random(seed)
    return randoms.sample(range(rows * cols), count)


def filled(rows: int, cols: int, stones: list[int], exact: bool = False) -> GomokuBoard:
    board = GomokuBoard(rows, cols, exact)
    for index, cell in enumerate(stones):
        board.play(cell, index % 2)
    return board


def bits(stones: list[int], side: int) -> int:
    return sum(1 << cell for cell in stones[side::2])


def completions(
    mine: int, other: int, shape_rows: int, shape_cols: int, exact: bool = False
) -> int:
    """The empty cells where ``mine`` makes five, by the line bit sets."""
    shape = geometry(shape_rows, shape_cols, 5, exact=exact)
    return threats(mine, other, shape) & ~(mine | other) & shape.full


def completions_through(
    cell: int, mine: int, other: int, rows: int, cols: int, exact: bool
) -> int:
    """The empty cells where ``mine`` makes five on a line through ``cell``
    (under ``exact``, no longer line)."""
    shape = geometry(rows, cols, 5, exact=exact)
    found = 0
    for index in shape.lines_through[cell]:
        mask = shape.lines[index]
        guard = shape.guards[index] if exact else 0
        if not (mask & other or guard & mine) and (mask & mine).bit_count() == 4:
            found |= mask & ~mine
    return found


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_fives_and_fours_are_those_of_the_line_bit_sets(
    rows: int, cols: int, exact: bool, exhaustive: bool
) -> None:
    for seed in range(12 if exhaustive else 3):
        stones = random_stones(rows, cols, 30 + 10 * seed, seed)
        board = filled(rows, cols, stones, exact)
        for side in (0, 1):
            mine, other = bits(stones, side), bits(stones, 1 - side)
            fives = completions(mine, other, rows, cols, exact)
            for cell in range(rows * cols):
                if board.cells[cell]:
                    continue
                kind = board.class_of(side, cell)
                assert (kind == MAKES_FIVE) == bool(fives >> cell & 1), (seed, side, cell)
                if kind == MAKES_FIVE:
                    continue
                after = completions_through(cell, mine | 1 << cell, other, rows, cols, exact)
                assert (kind >= MAKES_FOUR) == bool(after), (seed, side, cell)
                if after.bit_count() >= 2:
                    assert kind == MAKES_OPEN_FOUR, (seed, side, cell)


@pytest.mark.parametrize("exact", [False, True])
def test_play_and_undo_leave_what_a_fresh_board_reads(exact: bool) -> None:
    randoms = random.Random(5)
    board = GomokuBoard(15, 15, exact)
    stones: list[int] = []
    for _ in range(400):
        if stones and randoms.random() < 0.4:
            board.undo(stones[-1], (len(stones) - 1) % 2)
            stones.pop()
        elif len(stones) < 120:
            cell = randoms.choice([c for c in range(225) if c not in stones])
            board.play(cell, len(stones) % 2)
            stones.append(cell)
    fresh = filled(15, 15, stones, exact)
    assert board.codes == fresh.codes
    assert board.shapes == fresh.shapes
    assert board.counts == fresh.counts
    assert board.totals == fresh.totals
    assert board.near == fresh.near
    assert board.hash == fresh.hash
    board.unwind(0)
    empty = GomokuBoard(15, 15, exact)
    assert board.codes == empty.codes and board.shapes == empty.shapes
    assert board.counts == empty.counts and board.totals == empty.totals
    assert board.hash == 0 and board.trail == [] and board.marks == []


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


def test_an_overline_wins_freestyle_only() -> None:
    # X to move: x x x x . x in row 7; filling the gap makes six in a row.
    text = "/".join(
        "...oxxxx.x....." if row == 7 else ("oo..o.o........" if row == 0 else "." * 15)
        for row in range(15)
    )
    gap = 7 * 15 + 8
    freestyle = Board.parse(text, win_length=5)
    standard = Board.parse(text, win_length=5, exact=True)
    played = Engine(selective=True, seed=1).search(freestyle, Limit(nodes=2_000))
    assert (played.move, played.score) == (gap, WIN - 1)
    played = Engine(selective=True, seed=1).search(standard, Limit(nodes=2_000))
    assert played.score < MATE_THRESHOLD


def test_against_a_four_three_to_make_the_moves_are_its_defences_and_our_fours() -> None:
    # O to move. X makes a four-three on (7, 7): row 7 (x x . x) and column 7 (x x).
    search = GomokuSearch(15, 15)
    x_cells = [7 * 15 + 4, 7 * 15 + 5, 7 * 15 + 8, 5 * 15 + 7, 6 * 15 + 7, 0]
    o_cells = [7 * 15 + 3, 3 * 15 + 3, 3 * 15 + 4, 3 * 15 + 5, 14 * 15 + 14]
    search.set_position(x_cells, o_cells)
    assert search.board.class_of(0, 7 * 15 + 7) == MAKES_FOUR_THREE
    moves, forced = search.moves_for(1)
    assert not forced and 7 * 15 + 7 in moves
    ours = set(search.board.cells_of_class(1, MAKES_FOUR))
    assert ours and ours <= set(moves)
    for move in moves:
        assert move in ours or search.board.class_of(0, move) >= MAKES_OPEN_THREE
