"""Tests of the relevance-zone draw proofs: every proof, and every zone,
against an independent plain AND/OR search over the cells (no pairings, no
zones, no symmetry) on random positions of small boards; the drawing move
against plain minimax."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from functools import cache

import pytest
from variant_reference import move_values, play_line, random_positions

import ttt_gui.engine.engine as engine_module
from ttt_gui.board import Board, Geometry, geometry
from ttt_gui.engine import Engine, Limit
from ttt_gui.engine.state import SearchAborted
from ttt_gui.engine.threats import side_bits
from ttt_gui.engine.zones import ZoneSearch, prove_draw


@cache
def completes_a_line(shape: Geometry, attacker: int, defender: int, to_move: bool) -> bool:
    """Whether ``attacker`` can complete a line whatever ``defender`` does, with
    ``to_move`` saying whose turn it is (the game ends at the first line)."""
    if any(line & attacker == line for line in shape.lines):
        return True
    if any(line & defender == line for line in shape.lines):
        return False
    empty = shape.full & ~(attacker | defender)
    cells = [cell for cell in range(shape.cells) if empty >> cell & 1]
    if to_move:
        return any(
            completes_a_line(shape, attacker | 1 << cell, defender, False) for cell in cells
        )
    return bool(cells) and all(
        completes_a_line(shape, attacker, defender | 1 << cell, True) for cell in cells
    )


def positions(
    shape: Geometry, count: int, least_marks: int, seed: int
) -> Iterator[tuple[int, int, bool]]:
    """``count`` (attacker, defender, attacker to move) from random games of
    ``least_marks`` or more moves (``random_positions``), either side as the
    attacker."""
    start = Board.empty(rows=shape.rows, cols=shape.cols, win_length=shape.win_length)
    rng = random.Random(seed)
    for board in random_positions(start, count, least_marks, seed):
        mover, other = side_bits(board)
        yield (mover, other, True) if rng.random() < 0.5 else (other, mover, False)


def extra_marks(zone: int, attacker: int, defender: int, shape: Geometry, seed: int) -> list[int]:
    """Attacker marks a zone allows: every empty cell outside it, and random subsets."""
    outside = shape.full & ~(attacker | defender | zone)
    cells = [cell for cell in range(shape.cells) if outside >> cell & 1]
    rng = random.Random(seed)
    subsets = [outside]
    for _ in range(3):
        subsets.append(sum(1 << cell for cell in cells if rng.random() < 0.5))
    return subsets


@pytest.mark.parametrize(
    ("rows", "cols", "win_length", "least_marks", "count"),
    [
        (3, 4, 3, 0, 300),
        # With --slow only (its plain search is the slowest by far); by
        # default 3x4 stands for three in a row.
        pytest.param(4, 4, 3, 3, 200, marks=pytest.mark.slow),
        (4, 4, 4, 4, 300),
        (5, 5, 4, 11, 40),
    ],
)
def test_every_proof_and_its_zone_hold_against_plain_search(
    rows: int, cols: int, win_length: int, least_marks: int, count: int, exhaustive: bool
) -> None:
    """``count`` positions with --slow, else the first tenth of them (at least 20)."""
    count = count if exhaustive else max(count // 10, 20)
    shape = geometry(rows, cols, win_length)
    search = ZoneSearch(shape)
    proven = winning = 0
    for index, (attacker, defender, to_move) in enumerate(
        positions(shape, count, least_marks, seed=rows * cols)
    ):
        zone = search.holds(attacker, defender, to_move)
        if zone is None:
            winning += completes_a_line(shape, attacker, defender, to_move)
            continue
        proven += 1
        assert zone & ~shape.full == 0
        for extra in extra_marks(zone, attacker, defender, shape, seed=index):
            assert not completes_a_line(shape, attacker | extra, defender, to_move), (
                f"{attacker:#x} {defender:#x} {to_move} zone {zone:#x} extra {extra:#x}"
            )
    # Proofs are found, and the sample holds wins a wrong proof would claim.
    assert proven >= count // 10
    assert winning >= count // 20
    completes_a_line.cache_clear()


@pytest.mark.parametrize(
    ("size", "win_length"),
    # 5x5 with --slow only: by default 4x4 stands for the boards the exact
    # analysis checks too (it takes a second on 5x5).
    [(4, 4), pytest.param(5, 4, marks=pytest.mark.slow), (6, 5)],
)
def test_a_draw_proven_from_the_empty_board_gives_a_drawing_move(
    size: int, win_length: int
) -> None:
    board = Board.empty(size, win_length)
    move = prove_draw(board)
    assert move is not None
    if size <= 5:  # the engine's exact analysis (itself checked against minimax)
        values = Engine().analyse(board)
        assert values[move] == max(values.values()) == 0


def test_the_drawing_move_keeps_the_draw_in_random_positions(exhaustive: bool) -> None:
    """120 positions with --slow, else the first 20 of them."""
    count = 120 if exhaustive else 20
    proven = 0
    for board in random_positions(Board.empty(4, 4), count, 6, seed=4):
        move = prove_draw(board)
        values = move_values(board)
        if move is not None:
            proven += 1
            assert values[move] == max(values.values()) == 0, board
    assert proven >= count // 6


def test_no_draw_is_proven_where_a_side_can_win() -> None:
    assert prove_draw(Board.empty(4, 3)) is None  # X wins


@pytest.mark.slow
def test_no_draw_is_proven_where_a_side_wins_only_deep_in_the_game() -> None:
    assert prove_draw(Board.empty(6, 4), node_limit=None) is None  # X wins in 11


def test_a_search_stops_at_its_node_limit_and_at_its_stop_token() -> None:
    with pytest.raises(SearchAborted):
        prove_draw(Board.empty(7, 5), node_limit=1_000)
    with pytest.raises(SearchAborted):
        stop = threading.Event()
        stop.set()
        prove_draw(Board.empty(7, 5), stop=stop)


def test_gravity_and_misere_are_refused() -> None:
    assert prove_draw(Board.empty(rows=5, cols=5, win_length=4, gravity=True)) is None
    with pytest.raises(ValueError, match="plain rules"):
        ZoneSearch(geometry(5, 5, 4, misere=True))


# -- in the engine's solves -------------------------------------------------------


@pytest.mark.slow  # a whole solve; the zone proofs are checked against plain search above
def test_a_solve_on_7x7_with_five_in_a_row_is_a_draw_proven_by_zones() -> None:
    board = Board.from_moves([24, 23, 16, 32], 7, 5)
    result = Engine(randomize=False).search(board)
    assert (result.score, result.exact, result.move) == (0, True, result.pv[0])
    end = play_line(board, result.pv)  # the whole line of play, to a full board
    assert end.is_over and end.winner is None and not end.empty_bits
    assert not Engine(randomize=False, baseline=True).search(board, Limit(nodes=20_000)).exact


def test_zone_draws_in_solves_agree_with_the_search(
    monkeypatch: pytest.MonkeyPatch, exhaustive: bool
) -> None:
    """12 positions with --slow (4 drawn by zones), else the first 11 (also 4)."""
    positions = random_positions(Board.empty(5, 4), 12 if exhaustive else 11, 4, seed=5)
    exact = [Engine(randomize=False).analyse(board) for board in positions]
    monkeypatch.setattr(engine_module, "ZONE_MIN_LENGTH", 4)  # 5x5 boards use them too
    monkeypatch.setattr(engine_module, "ZONE_MIN_EMPTY", 0)
    by_zones = 0
    for board, values in zip(positions, exact):
        engine = Engine(randomize=False)
        result = engine.search(board)
        by_zones += result.nodes < 50 * len(values) and result.score == 0
        assert result.exact and result.score == values[result.move] == max(values.values())
        if result.score == 0:
            end = play_line(board, result.pv)
            assert end.is_over and end.winner is None
    assert by_zones >= 3


def test_a_won_position_is_solved_before_the_zone_proofs_spend_long_failing() -> None:
    # X wins in 7; the proofs alone visit about 190,000 positions to fail here.
    board = Board.parse("..X..../......./..X.X../.....X./.O..X.O/O..O.../O......", win_length=5)
    result = Engine(randomize=False).search(board)
    assert (result.describe(), result.exact) == ("win in 7", True)
    assert result.nodes < engine_module.ZONE_FIRST_BUDGET
    end = play_line(board, result.pv)
    assert end.winner is board.turn and len(result.pv) == 7
