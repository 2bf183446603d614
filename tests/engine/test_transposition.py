"""Tests of the transposition table's replacement scheme: a full table keeps
its most valuable entries instead of being cleared, stays bounded, and the
engine stays exact with a small table."""

from __future__ import annotations

import pytest
from variant_reference import mismatches, random_positions, reachable

from ttt_gui.board import Board
from ttt_gui.engine import Engine
from ttt_gui.engine.transposition import (
    EXACT,
    LOWER,
    UPPER,
    Entry,
    Table,
    lookup,
    make_room,
    prune,
    table_memory,
)

SOLVED = 1_000  # the depth of an entry proven to the game's end


def test_making_room_keeps_deep_entries_and_drops_shallow_ones() -> None:
    table: Table = {
        0b1: (SOLVED, LOWER, 0, 1),  # one mark: the most plies below it
        0b11: (SOLVED, UPPER, 0, 2),
        0b111_0000: (3, EXACT, 5, 3),  # three plies searched
        0b1111_0000: (1, EXACT, 5, 4),  # one ply searched
        0b1_1111_0000: (1, LOWER, 5, 5),
    }
    assert make_room(table, keep=3, cells=16, least_marks=0) == 2
    assert sorted(table) == [0b1, 0b11, 0b111_0000]


def test_at_equal_depth_an_exact_entry_beats_a_bound() -> None:
    table: Table = {0b101: (4, LOWER, 0, 1), 0b110: (4, EXACT, 0, 2)}
    make_room(table, keep=1, cells=16, least_marks=0)
    assert list(table) == [0b110]


def test_positions_the_game_has_left_behind_go_first() -> None:
    table: Table = {0b1: (SOLVED, EXACT, 0, 1), 0b111: (2, LOWER, 0, 2)}
    make_room(table, keep=1, cells=16, least_marks=2)
    assert list(table) == [0b111]


def test_an_entry_is_read_by_name() -> None:
    table: Table = {0b11: (SOLVED, LOWER, 7, 4)}
    assert lookup(table, 0b11) == Entry(depth=SOLVED, flag=LOWER, score=7, move=4)
    assert lookup(table, 0b1) is None


def test_prune_keeps_half_of_a_full_table_and_leaves_others_alone() -> None:
    table: Table = {key: (key % 7, LOWER, 0, 0) for key in range(1, 101)}
    assert prune(table, limit=100, cells=16, least_marks=0) == 0
    table[101] = (0, UPPER, 0, 0)
    assert prune(table, limit=100, cells=16, least_marks=0) == 51
    assert len(table) == 50
    assert min(Entry(*entry).depth for entry in table.values()) >= max(
        key % 7 for key in range(1, 102) if key not in table
    )


def test_a_small_table_stays_bounded_and_is_not_emptied() -> None:
    limit = 500
    engine = Engine(randomize=False, table_limit=limit, solver_table_limit=limit)
    board = Board.empty(rows=4, cols=5, win_length=4, gravity=True)
    assert engine.search(board).score == 0
    memory = engine.table_memory()
    # Checked every 256 positions, so it may overshoot by that many.
    assert 0 < memory.entries <= limit + 256
    assert memory.bytes > 0 and "entries" in memory.describe()


@pytest.mark.slow
def test_keeping_the_best_entries_costs_fewer_positions_than_clearing() -> None:
    # Under gravity pairings do not apply, so the table scheme is the difference.
    board = Board.empty(rows=4, cols=5, win_length=4, gravity=True)
    kept = Engine(randomize=False, table_limit=1_000, solver_table_limit=1_000).search(board)
    cleared = Engine(randomize=False, table_limit=1_000, baseline=True).search(board)
    assert kept.score == cleared.score == 0
    assert kept.nodes < cleared.nodes


def test_the_engine_stays_exact_with_a_tiny_table(exhaustive: bool) -> None:
    """Every 7th open 3x3 position and 15 of 4x4 gravity with --slow, else
    every 14th and the first 8."""
    engine = Engine(table_limit=40)
    step, count = (7, 15) if exhaustive else (14, 8)
    assert mismatches(reachable(Board.empty(3))[::step], engine) == []
    gravity = Board.empty(rows=4, cols=4, win_length=3, gravity=True)
    assert mismatches(random_positions(gravity, count, 2, seed=5), engine) == []


def test_memory_estimate_grows_with_the_table() -> None:
    engine = Engine(randomize=False)
    empty = engine.table_memory()
    engine.search(Board.empty(rows=4, cols=4, win_length=3, gravity=True))
    full = engine.table_memory()
    assert empty.entries == 0 and full.entries > 100
    assert full.bytes > empty.bytes + 50 * full.entries
    assert table_memory({}, {}).entries == 0


def test_a_solver_table_counts_its_slots_and_the_objects_of_a_list() -> None:
    memory = table_memory({}, {})
    # Native: 8 bytes a slot, used or not; a list: a pointer a slot and an
    # integer object each one in use.
    assert memory.with_solver_table(30, 100, native=True).bytes == memory.bytes + 800
    assert memory.with_solver_table(30, 100, native=False).bytes == memory.bytes + 800 + 30 * 40
    assert memory.with_solver_table(30, 100, native=True).entries == memory.entries + 30
