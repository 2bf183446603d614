"""Tests of the pairing-strategy draw proofs: the finder against an independent
line-by-line check, and the engine using them against plain minimax
(tests/variant_reference.py), distances included."""

from __future__ import annotations

import random

import pytest
from variant_reference import mismatches, random_positions

from ttt_gui.board import Board, geometry
from ttt_gui.engine import Engine, Limit
from ttt_gui.engine.pairing import find_pairing, is_pairing, pairing_draw


def random_boards(rows: int, win_length: int, count: int, seed: int) -> list[Board]:
    return random_positions(Board.empty(rows, win_length), count, 2, seed)


def test_five_in_a_row_on_5x5_has_a_pairing_from_the_empty_board() -> None:
    shape = geometry(5, 5, 5)
    pairing = find_pairing(0, 0, shape)
    assert pairing is not None and len(pairing) == 12  # one pair per line
    assert is_pairing(pairing, 0, 0, shape)
    assert pairing_draw(Board.empty(5, 5))


@pytest.mark.parametrize(("size", "win_length"), [(3, 3), (4, 4), (5, 4), (6, 5)])
def test_no_pairing_where_the_lines_need_more_cells_than_the_board_has(
    size: int, win_length: int
) -> None:
    assert find_pairing(0, 0, geometry(size, size, win_length)) is None
    assert not pairing_draw(Board.empty(size, win_length))


def test_collinear_lines_share_one_pair_in_their_overlap() -> None:
    # Six in a row on 6x6 has 14 lines; 5 in a row has 32, but a row's two
    # lines overlap in 4 cells, so one pair blocks both: after X's first move
    # O has a reply after which its pairing stops X.
    board = Board.empty(6, 5).play(0)
    replies = [
        move
        for move in board.legal_moves()
        if find_pairing(board.play(move).x_bits, board.play(move).o_bits, board.geometry)
    ]
    assert replies
    after = board.play(replies[0])
    pairing = find_pairing(after.x_bits, after.o_bits, after.geometry)
    assert pairing is not None and is_pairing(pairing, after.x_bits, after.o_bits, after.geometry)
    assert len(pairing) < 32


def test_a_line_one_mark_from_complete_has_no_room_for_a_pair() -> None:
    board = Board.parse("xxxx./ooo../...../...../.....", win_length=5)
    assert find_pairing(board.x_bits, board.o_bits, board.geometry) is None
    assert not pairing_draw(board)


def test_is_pairing_rejects_shared_cells_and_unblocked_lines() -> None:
    shape = geometry(5, 5, 5)
    pairing = find_pairing(0, 0, shape)
    assert pairing is not None
    assert not is_pairing(pairing[1:], 0, 0, shape)  # a line left without a pair
    first, second = pairing[0]
    assert not is_pairing(((first, second), (second, first), *pairing[2:]), 0, 0, shape)
    assert not is_pairing(pairing, 1 << first, 0, shape)  # a pair on a marked cell


@pytest.mark.parametrize(("size", "win_length"), [(5, 4), (5, 5), (6, 5), (7, 5), (6, 6)])
def test_every_pairing_found_passes_the_line_by_line_check(size: int, win_length: int) -> None:
    found = 0
    rng = random.Random(size * 10 + win_length)
    board0 = Board.empty(size, win_length)
    for _ in range(300):
        board = board0
        for _ in range(rng.randint(0, size * size // 2)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        for attacker, defender in (
            (board.x_bits, board.o_bits),
            (board.o_bits, board.x_bits),
        ):
            pairing = find_pairing(attacker, defender, board.geometry)
            if pairing is not None:
                found += 1
                assert is_pairing(pairing, attacker, defender, board.geometry), board
    assert found > 10


def test_pairings_are_not_used_under_gravity_or_misere() -> None:
    assert not pairing_draw(Board.empty(rows=5, cols=5, win_length=5, gravity=True))
    assert not pairing_draw(Board.empty(size=5, win_length=5, misere=True))


# -- the engine -----------------------------------------------------------------------


def test_a_pairing_draw_is_proven_without_searching_the_game() -> None:
    board = Board.empty(5, 5)
    result = Engine(randomize=False).search(board)
    baseline = Engine(randomize=False, baseline=True)
    assert (result.score, result.exact) == (0, True)
    assert result.nodes < 100  # each root move's child is a pairing draw at once
    assert not baseline.search(board, Limit(nodes=2_000)).exact  # without pairings, unsolved


@pytest.mark.parametrize(
    ("size", "win_length", "least_marks", "count"),
    [(4, 4, 6, 30), (5, 5, 14, 12), (5, 4, 14, 12), (6, 6, 25, 6)],
)
def test_engine_with_pairings_matches_plain_minimax(
    size: int, win_length: int, least_marks: int, count: int, exhaustive: bool
) -> None:
    """``count`` positions with --slow, else the first sixth of them (at least 2)."""
    count = count if exhaustive else max(count // 6, 2)
    positions = random_positions(Board.empty(size, win_length), count, least_marks, seed=size)
    paired = [
        board
        for board in positions
        if find_pairing(board.x_bits, board.o_bits, board.geometry)
        or find_pairing(board.o_bits, board.x_bits, board.geometry)
        or any(
            find_pairing(child.x_bits, child.o_bits, child.geometry)
            or find_pairing(child.o_bits, child.x_bits, child.geometry)
            for child in map(board.play, board.legal_moves())
            if not child.is_over
        )
    ]
    assert paired  # the sample holds positions where pairings cut the search
    assert mismatches(positions) == []


def test_engine_with_and_without_pairings_agree_on_5x5_five_in_a_row() -> None:
    positions = random_boards(5, 5, 10, seed=7)
    with_pairings, without = Engine(), Engine(baseline=True)
    for board in positions:
        if board.empty_bits.bit_count() <= 14:
            assert with_pairings.analyse(board) == without.analyse(board), board
