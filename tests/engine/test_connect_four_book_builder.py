"""Tests of the opening book's builder (build/connect_four_book.py) on
positions late in the game, where the solver settles each reply at once:
its tree finds the solver's outcome and keeps it with its move, a drawn
position is kept drawn (where the solver's first move would lose it), and
the second player's book leaves out the first moves the first player's
progress proves won; a layer (every position with a number of stones)
holds each position once, the likeliest first, settles each with a move
that keeps its outcome, adds the won and drawn ones to a book, and goes on
from its progress or, that lost, from the book; the replies to the book's
moves are the positions after its won (or only its drawn) entries' moves,
settled and added the same way; a layer's worker leaves out a position it
settles within its fast nodes; a book named ``.gz`` is written compressed."""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import by_default
from scripts import load_script

from ttt_gui.board import Board
from ttt_gui.engine.connect_four_book import ConnectFourBook, shipped_text


@pytest.fixture(scope="module")
def book_script() -> ModuleType:
    return load_script("build/connect_four_book.py", "connect_four_book_script")


@pytest.fixture
def builder(book_script: ModuleType, tmp_path: Path) -> Any:
    """A builder with a small table that settles by the tree below 40 stones."""
    args = argparse.Namespace(
        solve_from=40, depth=40, fast_nodes=400_000, table=1 << 16, minutes=0
    )
    made = book_script.BookBuilder(args, "first", tmp_path / "settled-first.txt")
    made.solver.solver.limit(book_script.NEVER, float("inf"), float("inf"))
    return made


def late_games(
    book_script: ModuleType, count: int, seed: int, stones: tuple[int, int]
) -> Iterator[tuple[Board, str]]:
    """``count`` random positions with ``stones`` (least, most) stones, not
    over, where the side to move cannot win at once, each with the columns
    (1-7) played to reach it."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        board, columns = book_script.BookBuilder.board(""), ""
        for _ in range(rng.randint(*stones)):
            if board.is_over:
                break
            move = rng.choice(board.legal_moves())
            board, columns = board.play(move), columns + str(move % 7 + 1)
        if board.is_over or any(board.play(move).winner for move in board.legal_moves()):
            continue
        found += 1
        yield board, columns


def late_positions(
    book_script: ModuleType, count: int, seed: int, stones: tuple[int, int]
) -> Iterator[Board]:
    """The positions of :func:`late_games`."""
    return (board for board, _ in late_games(book_script, count, seed, stones))


def keyed(book_script: ModuleType, layer: list[str]) -> list[Any]:
    """A layer's positions as :func:`layer_positions` gives them, each
    reached by one move order."""
    return [
        book_script.LayerPosition(
            columns, book_script.position_key(*book_script.replay(columns))[0], 1
        )
        for columns in layer
    ]


def layer_args(tmp_path: Path, book: Path, **changes: Any) -> argparse.Namespace:
    """The command line of a layer of 30 stones (one worker, no fast
    positions, no time bound) added to ``book``, with ``changes``."""
    args = argparse.Namespace(
        work=str(tmp_path / "work"),
        layer=30,
        replies=None,
        fast_nodes=0,
        jobs=1,
        minutes=0,
        partial=False,
        output=str(book),
    )
    vars(args).update(changes)
    return args


def exact_value(builder: Any, board: Board) -> int:
    """The solver's exact value of ``board`` for the side to move (0: over, a draw)."""
    if board.is_over:
        return 0 if board.winner is None else -1
    solver = builder.solver
    current, mask, stones = solver.position(board)
    if solver.solver.can_win_now(current, mask):
        return 1
    return int(solver.solver.value(current, mask, stones))


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def test_the_tree_finds_the_solver_s_outcome_and_its_move_keeps_it(
    book_script: ModuleType, builder: Any
) -> None:
    outcomes = set()
    for board in late_positions(book_script, 6, seed=51, stones=(30, 34)):
        entry = builder.tree(board, "")
        value = sign(exact_value(builder, board))
        after = board.play(book_script.column_cell(board, entry.column))
        assert entry.outcome == value, repr(board)
        assert sign(-exact_value(builder, after)) == value, repr(board)
        outcomes.add(value)
    assert len(outcomes) > 1  # the positions were not all of one kind


#: Drawn positions (the columns played, 1-7) where the first move in the
#: solver's order, the centre's side first, loses the draw.
DRAWN = [
    "42531516234573446231472212",
    "7622247741171234264453512345",
    "21474362271711657443357473",
    "44462113617356222724573321635",
]


@pytest.mark.parametrize("columns", by_default(DRAWN, DRAWN[1], DRAWN[3]))
def test_a_drawn_position_is_kept_drawn_by_its_column(
    book_script: ModuleType, builder: Any, columns: str
) -> None:
    board = book_script.BookBuilder.board(columns)
    assert exact_value(builder, board) == 0
    column = builder.drawing_column(board)
    after = board.play(book_script.column_cell(board, column))
    assert exact_value(builder, after) == 0
    entry = builder.solve(board, columns)
    assert (entry.column, entry.outcome, entry.exact) == (column, 0, None)


@pytest.mark.parametrize(
    ("progress", "columns"),
    [
        ("- 3 1 -\n", {3}),  # the centre wins: its own mirror image
        ("- 2 1 -\n", {2, 4}),  # a win off the centre, and its mirror image
        ("- 3 0 -\n", set()),  # a draw leaves nothing out
        ("", set()),  # nothing settled yet
    ],
)
def test_the_second_player_s_book_leaves_out_first_moves_proven_won(
    book_script: ModuleType, tmp_path: Path, progress: str, columns: set[int]
) -> None:
    (tmp_path / "settled-first.txt").write_text(progress, encoding="utf-8")
    cells = book_script.won_first_moves(tmp_path)
    assert {cell % 7 for cell in cells} == columns


def test_a_layer_holds_each_position_once_up_to_its_mirror_the_likeliest_first(
    book_script: ModuleType,
) -> None:
    orders: dict[int, int] = {}
    for first in range(1, 8):
        for second in range(1, 8):
            for third in range(1, 8):
                current, mask = book_script.replay(f"{first}{second}{third}")
                key = book_script.position_key(current, mask)[0]
                orders[key] = orders.get(key, 0) + 1
    layer = book_script.layer_positions(3)
    keys = [book_script.position_key(*book_script.replay(p.columns))[0] for p in layer]
    assert keys == [position.key for position in layer]
    assert sorted(keys) == sorted(orders)  # every position once, one of each mirror pair
    counts = [orders[key] for key in keys]
    assert counts == [position.orders for position in layer]
    assert counts == sorted(counts, reverse=True)
    assert counts[0] > counts[-1]


def test_a_layer_s_position_is_settled_with_a_move_that_keeps_its_outcome(
    book_script: ModuleType, builder: Any
) -> None:
    outcomes = set()
    for board, columns in late_games(book_script, 8, seed=3, stones=(28, 34)):
        entry = book_script.settle_in_layer(builder.solver, columns)
        value = sign(exact_value(builder, board))
        assert entry.outcome == value, repr(board)
        outcomes.add(value)
        if value < 0:
            assert entry.column == -1  # lost: any move keeps that, none is kept
            continue
        after = board.play(book_script.column_cell(board, entry.column))
        assert sign(-exact_value(builder, after)) == value, repr(board)
    assert outcomes == {1, 0, -1}


def test_a_layer_adds_its_won_and_drawn_positions_to_a_book_and_goes_on_where_it_stopped(
    book_script: ModuleType, builder: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = list(late_games(book_script, 6, seed=3, stones=(28, 34)))
    boards, layer = [board for board, _ in games], [columns for _, columns in games]
    monkeypatch.setattr(book_script, "layer_positions", lambda stones: keyed(book_script, layer))
    monkeypatch.setattr(book_script, "LAYER_TABLE", 1 << 16)
    book = tmp_path / "book.txt"
    book.write_text("# a book\n- 4 win\n", encoding="utf-8")
    args = layer_args(tmp_path, book)
    assert book_script.add_layer(args) == 0
    lines = book.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["# a book", lines[1]] and lines[1].startswith("# --layer 30:")
    kept = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert kept.pop("-") == ["4", "win"]
    values = [sign(exact_value(builder, board)) for board in boards]
    assert set(values) == {1, 0, -1}  # won, drawn and lost positions in the layer
    for value, columns in zip(values, layer, strict=True):
        if value < 0:
            assert columns not in kept
        else:
            assert kept[columns][1] == ("win" if value > 0 else "draw")
    progress = tmp_path / "work" / "settled-layer-30.txt"
    assert len(progress.read_text(encoding="utf-8").splitlines()) == len(layer)
    assert book_script.add_layer(args) == 0  # all settled before: nothing to solve
    assert len(progress.read_text(encoding="utf-8").splitlines()) == len(layer)
    assert book.read_text(encoding="utf-8").splitlines() == lines
    progress.unlink()  # the progress lost: the book's positions are not settled again
    assert book_script.add_layer(args) == 0
    again = progress.read_text(encoding="utf-8").splitlines()
    assert sorted(line.split()[0] for line in again) == sorted(set(layer) - set(kept))
    assert book.read_text(encoding="utf-8").splitlines() == lines


def test_a_layer_goes_on_from_positions_settled_by_another_move_order(
    book_script: ModuleType,
    builder: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A progress file written when the layer reached its positions by
    other move orders (here their mirror images): none is settled again,
    the count says so, and the book gets the same entries."""
    layer = [columns for _, columns in late_games(book_script, 4, seed=5, stones=(28, 34))]
    monkeypatch.setattr(book_script, "layer_positions", lambda stones: keyed(book_script, layer))
    monkeypatch.setattr(book_script, "LAYER_TABLE", 1 << 16)
    book = tmp_path / "book.txt"
    book.write_text("# a book\n", encoding="utf-8")
    assert book_script.add_layer(layer_args(tmp_path, book)) == 0
    first = book.read_text(encoding="utf-8")
    progress = tmp_path / "work" / "settled-layer-30.txt"
    mirrored = []
    for line in progress.read_text(encoding="utf-8").splitlines():
        columns, column, outcome, exact = line.split()
        other = "".join(str(8 - int(name)) for name in columns)
        move = 6 - int(column) if int(column) >= 0 else -1  # -1: lost, no move kept
        mirrored.append(f"{other} {move} {outcome} {exact}")
    progress.write_text("".join(line + "\n" for line in mirrored), encoding="utf-8")
    book.write_text("# a book\n", encoding="utf-8")
    capsys.readouterr()
    assert book_script.add_layer(layer_args(tmp_path, book)) == 0
    assert progress.read_text(encoding="utf-8").splitlines() == mirrored  # none settled again
    assert f"{len(layer)} positions not in the book, {len(layer)} settled before." in (
        capsys.readouterr().out
    )
    again = ConnectFourBook.parse(book.read_text(encoding="utf-8"))
    assert dict(again.entries) == dict(ConnectFourBook.parse(first).entries)


def test_a_layer_stopped_by_its_minutes_writes_what_it_settled_and_then_goes_on(
    book_script: ModuleType, builder: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer = [columns for _, columns in late_games(book_script, 6, seed=3, stones=(28, 34))]
    monkeypatch.setattr(book_script, "layer_positions", lambda stones: keyed(book_script, layer))
    monkeypatch.setattr(book_script, "LAYER_TABLE", 1 << 16)
    monkeypatch.setattr(book_script, "LAYER_CHUNK", 1)
    book = tmp_path / "book.txt"
    book.write_text("# a book\n- 4 win\n", encoding="utf-8")
    args = layer_args(tmp_path, book, minutes=1e-9, partial=True)
    wait = concurrent.futures.wait

    def late_wait(*waited: Any, **how: Any) -> Any:
        time.sleep(0.5)  # the run's own thread late: its worker goes on
        return wait(*waited, **how)

    monkeypatch.setattr(concurrent.futures, "wait", late_wait)
    assert book_script.add_layer(args) == 3  # stopped at once
    monkeypatch.setattr(concurrent.futures, "wait", wait)
    progress = tmp_path / "work" / "settled-layer-30.txt"
    settled = progress.read_text(encoding="utf-8").splitlines()
    assert len(settled) == 2  # the two chunks given out before the deadline was seen
    lines = book.read_text(encoding="utf-8").splitlines()
    assert "partial" in lines[1]
    kept = {line.split()[0] for line in lines[2:]}
    assert kept == {"-"} | {line.split()[0] for line in settled if line.split()[1] != "-1"}
    args.minutes, args.partial = 0, False
    assert book_script.add_layer(args) == 0
    assert len(progress.read_text(encoding="utf-8").splitlines()) == len(layer)
    assert "complete" in book.read_text(encoding="utf-8").splitlines()[1]


def test_the_replies_follow_the_book_s_won_and_drawn_moves_the_likeliest_first(
    book_script: ModuleType,
) -> None:
    def key(columns: str) -> int:
        return int(book_script.position_key(*book_script.replay(columns))[0])

    book = book_script.ConnectFourBook.parse("- 4 win\n41 4 win\n42 1 loss\n53 3 draw\n")
    first = book_script.reply_positions(book_script.layer_positions(0), book)
    # 45 is the mirror image of 43 (46 and 47 of 42 and 41, in the book)
    assert [(p.columns, p.orders) for p in first] == [("43", 2), ("44", 1)]
    assert [p.key for p in first] == [key(p.columns) for p in first]
    second = book_script.reply_positions(book_script.layer_positions(2), book)
    expected = {key(f"414{reply}") for reply in range(1, 8)} | {
        key(f"533{reply}") for reply in range(1, 8)
    }
    assert {p.key for p in second} == expected  # none after 42, lost
    assert {p.columns[:3] for p in second} == {"414", "355"}  # 355 is 533's mirror image
    assert {p.orders for p in second} == {2}  # 41 and 47, 53 and 35 reach the parents
    drawn = book_script.reply_positions(
        book_script.layer_positions(2), book, book_script.REPLIES_TO["drawn"]
    )
    assert [p.key for p in drawn] == [p.key for p in second if p.columns.startswith("355")]


def test_the_book_s_parents_are_its_entries_as_the_layer_gives_them(
    book_script: ModuleType,
) -> None:
    """:func:`book_parents` reaches the book's entries of a layer without
    the layer: the same positions, least columns and orders, in its order."""
    text = shipped_text()
    book = ConnectFourBook.parse(text)
    for stones in (1, 4, 7):  # 1: the empty board's line ("-") is not one stone in
        layer = book_script.layer_positions(stones)
        parents = book_script.book_parents(text, stones)
        assert parents == [position for position in layer if position.key in book.entries]
        assert parents and (stones == 1 or len({position.orders for position in parents}) > 1)


def test_a_layer_worker_leaves_out_a_position_it_settles_within_its_fast_nodes(
    book_script: ModuleType, builder: Any
) -> None:
    quick = book_script.BoardSolver(6, 7, 1 << 16)
    fast = book_script.LayerWorker(builder.solver, quick, 10_000_000)
    few = book_script.LayerWorker(builder.solver, quick, 1)  # stops at its first check
    left_out = set()
    for board, columns in late_games(book_script, 8, seed=5, stones=(22, 26)):
        value = sign(exact_value(builder, board))
        assert fast.settle(columns) == book_script.Settled(columns, -1, value, None)
        entry = few.settle(columns)
        quick_outcome = book_script.fast_outcome(quick, board, 1)
        left_out.add(quick_outcome is not None)
        if quick_outcome is None:
            assert entry == book_script.settle_in_layer(builder.solver, columns)
        else:
            assert entry == book_script.Settled(columns, -1, value, None)
    assert left_out == {True, False}


def test_the_replies_to_a_book_s_moves_are_settled_and_added_to_it(
    book_script: ModuleType, builder: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parents = [columns for _, columns in late_games(book_script, 4, seed=7, stones=(28, 28))]
    entries = [book_script.settle_in_layer(builder.solver, columns) for columns in parents]
    kept = [entry for entry in entries if entry.column >= 0]
    assert kept
    monkeypatch.setattr(book_script, "LAYER_TABLE", 1 << 16)
    book = tmp_path / "book.txt"
    text = "# a book\n" + "".join(f"{e.columns} {e.book_move().text()}\n" for e in kept)
    book.write_text(text, encoding="utf-8")
    replies = book_script.reply_positions(
        book_script.book_parents(text, 28), book_script.ConnectFourBook.parse(text)
    )
    assert replies
    args = layer_args(tmp_path, book, replies="all")
    assert book_script.add_layer(args) == 0
    progress = tmp_path / "work" / "settled-replies-30.txt"
    assert len(progress.read_text(encoding="utf-8").splitlines()) == len(replies)
    lines = book.read_text(encoding="utf-8").splitlines()
    assert lines[1].startswith("# --layer 30 --replies:") and "complete" in lines[1]
    added = {line.split()[0]: line.split()[2] for line in lines[2:]}
    for entry in kept:
        assert added.pop(entry.columns) == entry.book_move().text().split()[1]
    for position in replies:
        board = book_script.BookBuilder.board(position.columns)
        value = sign(exact_value(builder, board))
        assert added.pop(position.columns, "loss") == ("win", "draw", "loss")[1 - value]
    assert not added


def test_a_book_whose_name_ends_in_gz_is_written_compressed_the_same_bytes_each_time(
    book_script: ModuleType, tmp_path: Path
) -> None:
    text = "# a book\n- 4 win\n43 3 draw\n"
    packed = tmp_path / "book.txt.gz"
    assert book_script.write_book(packed, text) == len(packed.read_bytes())
    first = packed.read_bytes()
    assert first[:2] == b"\x1f\x8b"  # gzip's magic number
    assert book_script.read_book(packed) == text
    book_script.write_book(packed, text)
    assert packed.read_bytes() == first  # no time stamp in it
    plain = tmp_path / "book.txt"
    book_script.write_book(plain, text)
    assert plain.read_text(encoding="utf-8") == book_script.read_book(plain) == text
