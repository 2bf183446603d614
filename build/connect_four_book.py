"""Compute the opening book of Connect Four (7x6) with the engine's own
exact solver: ``ttt_gui/engine/connect_four_book.txt.gz`` (a book whose
path ends in ``.gz`` is read and written gzip-compressed, others as text).

    python build/connect_four_book.py --work DIR [--side first|second|both]
        [--solve-from N] [--depth N] [--fast-nodes N] [--table N]
        [--minutes M] [--partial] [--output PATH]
    python build/connect_four_book.py --work DIR --layer N [--replies [drawn]]
        [--fast-nodes N] [--jobs J] [--minutes M] [--partial] [--output PATH]
    python build/connect_four_book.py --verify BOOK [--table N]

The book follows one side (the first player, the second, or each in turn)
from the empty board. Where that side is to move it needs one move that
keeps the game's value; where the other side is, every reply is followed.
A position is left out, and nothing below it followed, where the solver
finds its best move within ``--fast-nodes`` nodes from an empty table:
there the strongest level finds it within a think time without a book.

How a position of ours is settled:

- with ``--solve-from`` stones or more: by the exact solver (a winning
  move where there is one, proven by null-window tests, its distance not
  known: several times cheaper than the fastest; in a drawn position the
  first move, centre first, that keeps the draw, by one null-window test
  a move; in a lost one the move that loses latest, by its exact value),
  then, up to ``--depth`` stones, each reply to that move in turn;
- with fewer: by a search over the book's own tree (alpha-beta on win,
  draw and loss), whose leaves are positions of the first kind or fast
  ones: its move keeps the value proven so, its distance not known.

With ``--layer N`` it adds to the book at ``--output`` every position
with N stones (whoever is to move, one of each mirror pair) that the side
to move wins or draws, with the move that keeps that, settled by two
null-window tests in ``--jobs`` worker processes, the positions likeliest
in a random game first: the positions a game that does not start from
the empty board, or leaves the book, may reach, and that the solver does
not settle within a think time. Its progress goes to
``DIR/settled-layer-N.txt``. With ``--replies`` as well, the layer is
only the positions that follow a book entry with N - 2 stones, won or
drawn, by the entry's move and any reply: where a player that follows the
book from a game begun elsewhere is to move again (progress in
``DIR/settled-replies-N.txt``); with ``--replies drawn``, only those that
follow a drawn entry (``DIR/settled-replies-drawn-N.txt``): a won position
the solver proves soon, a drawn one it must refute every move of. With
``--fast-nodes`` (none by default here), a position the solver settles
within that many nodes, as above, is left out.

Resumable: every position settled is appended to ``DIR/settled.txt`` as it
is settled, and read back by the next run, which goes on where the last
stopped (``--minutes`` stops a run after that long, cleanly). The progress
(positions settled, solves, the time) is shown as it goes. The book is
written when the run completes; a run stopped early writes nothing unless
``--partial`` asks for the book of what is settled (each of its entries
holds; some replies are not followed yet).

Run it on the compiled build (``TTT_GUI_COMPILE=1 pip install .``, then
this script with that environment's Python and ``-P``) for speed; both
builds compute the same book.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NamedTuple

from ttt_gui.board import Board
from ttt_gui.engine.connect_four import has_four
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_book import (
    BOOK_FILE,
    COLS,
    COLUMN_BITS,
    OUTCOME_WORDS,
    STEP,
    BookMove,
    ConnectFourBook,
    drop,
    entry_lines,
    mirror,
    position_key,
    replay,
)
from ttt_gui.engine.connect_four_choice import GuessSearch
from ttt_gui.engine.state import SearchAborted

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "ttt_gui" / "engine" / BOOK_FILE
#: The nodes within which a position the solver settles is left out.
FAST_NODES = 400_000
#: The heuristic search's depth that orders the moves tried in the tree.
ORDER_DEPTH = 6


def read_book(path: Path) -> str:
    """The text of the book at ``path`` (gzip-compressed if it ends in ``.gz``)."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def write_book(path: Path, text: str) -> int:
    """Write the book's ``text`` to ``path`` (gzip-compressed if it ends in
    ``.gz``, the same bytes for the same text); the bytes written."""
    data = text.encode("utf-8")
    if path.suffix == ".gz":
        data = gzip.compress(data, 9, mtime=0)
    path.write_bytes(data)
    return len(data)


class OutOfTime(Exception):
    """The run's minutes are up."""


def fast_outcome(quick: BoardSolver, board: Board, nodes: int) -> int | None:
    """The outcome of ``board`` if ``quick`` settles it within ``nodes``
    nodes from an empty table as the strongest level's search does (a
    proven winning move first, else the exact best move), else None."""
    quick.solver.clear()
    start = int(quick.solver.nodes)
    quick.solver.limit(NEVER, float("inf"), start + nodes)
    try:
        if quick.winning_move(board, set()) is not None:
            return 1
        scores, _ = quick.move_scores(board, all_moves=False, randomize=False)
    except SearchAborted:
        return None
    score = next(iter(scores.values()))
    return 1 if score > 0 else -1 if score < 0 else 0


@dataclass
class Settled:
    """A position of ours settled: its moves from the empty board (columns
    1-7), its move (column 0-6, -1 for a fast one: none kept), its outcome
    for the side to move (1, 0, -1), its exact value if solved exactly."""

    columns: str
    column: int
    outcome: int
    exact: int | None

    def line(self) -> str:
        """The line of the progress file."""
        exact = "-" if self.exact is None else str(self.exact)
        return f"{self.columns or '-'} {self.column} {self.outcome} {exact}"

    @classmethod
    def parse(cls, line: str) -> Settled:
        """A progress file's line."""
        columns, column, outcome, exact = line.split()
        return cls(
            "" if columns == "-" else columns,
            int(column),
            int(outcome),
            None if exact == "-" else int(exact),
        )

    def book_move(self) -> BookMove:
        """The book's entry."""
        if self.exact is not None:
            return BookMove(self.column, self.exact, True)
        return BookMove(self.column, self.outcome, False)


class BookBuilder:
    """The book of one side, its positions settled by the solver and the tree."""

    def __init__(self, args: argparse.Namespace, side: str, progress: Path) -> None:
        self.side = side
        self.solve_from: int = args.solve_from
        self.depth: int = args.depth
        self.fast_nodes: int = args.fast_nodes
        self.solver = BoardSolver(6, 7, args.table)
        self.quick = BoardSolver(6, 7, 2_000_000)
        self.deadline = time.monotonic() + 60 * args.minutes if args.minutes else float("inf")
        self.progress = progress
        self.settled: dict[int, Settled] = {}
        if progress.exists():
            for line in progress.read_text(encoding="utf-8").splitlines():
                entry = Settled.parse(line)
                self.settled[self.key(self.board(entry.columns))] = entry
        self.started = time.monotonic()
        self.solves = 0
        self.shown = 0.0
        self.followed: set[int] = set()  # positions whose replies this run settled

    @staticmethod
    def board(columns: str) -> Board:
        """The board after ``columns`` from the empty one."""
        board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
        for name in columns:
            board = board.play(column_cell(board, int(name) - 1))
        return board

    def key(self, board: Board) -> int:
        """The key a position shares with its mirror image."""
        current, mask, _ = self.solver.position(board)
        return position_key(current, mask)[0]

    def keep(self, key: int, entry: Settled) -> None:
        """Settle a position: remember it and append it to the progress file."""
        self.settled[key] = entry
        with self.progress.open("a", encoding="utf-8") as file:
            file.write(entry.line() + "\n")
        now = time.monotonic()
        if now - self.shown >= 5:
            self.shown = now
            kept = sum(1 for e in self.settled.values() if e.column >= 0)
            print(
                f"  {len(self.settled)} settled ({kept} in the book), {self.solves} exact"
                f" solves, {now - self.started:.0f} s; at {entry.columns or 'the start'}",
                flush=True,
            )

    def column_here(self, board: Board, entry: Settled) -> Settled:
        """``entry`` (settled at ``board`` or its mirror image) as seen on ``board``."""
        here = position_key(*self.solver.position(board)[:2])[1]
        there = position_key(*self.solver.position(self.board(entry.columns))[:2])[1]
        if here == there or entry.column < 0:
            return entry
        return Settled(entry.columns, 6 - entry.column, entry.outcome, entry.exact)

    def reachable(self) -> list[Settled]:
        """The entries a player following the book meets from the empty
        board, every reply of the other side followed (the book once the
        start is settled: no entry of a move the tree tried and left)."""
        found: dict[int, Settled] = {}

        def walk(board: Board) -> None:  # ours to move
            key = self.key(board)
            entry = self.settled.get(key)
            if entry is None or entry.column < 0 or key in found:
                return
            found[key] = entry
            after = board.play(column_cell(board, self.column_here(board, entry).column))
            if after.is_over:
                return
            for reply in after.legal_moves():
                position = after.play(reply)
                if not position.is_over:
                    walk(position)

        root = self.board("")
        if self.side == "first":
            walk(root)
        else:
            for move in root.legal_moves():
                walk(root.play(move))
        return list(found.values())

    def check_time(self) -> None:
        """Raise OutOfTime once the run's minutes are up."""
        if time.monotonic() > self.deadline:
            raise OutOfTime

    # -- the positions of ours ---------------------------------------------------

    def ours(self, board: Board, columns: str) -> int:
        """The outcome of ``board`` (ours to move, not over) for us, settled."""
        key = self.key(board)
        known = self.settled.get(key)
        if known is not None:
            if known.column >= 0 and key not in self.followed:
                self.follow(board, columns, self.column_here(board, known))
            return known.outcome
        self.check_time()
        fast = self.fast(board)
        if fast is not None:
            self.keep(key, Settled(columns, -1, fast, None))
            return fast
        if board.move_count >= self.solve_from:
            entry = self.solve(board, columns)
            self.keep(key, entry)
            self.follow(board, columns, entry)
            return entry.outcome
        entry = self.tree(board, columns)
        self.keep(key, entry)
        return entry.outcome

    def fast(self, board: Board) -> int | None:
        """The outcome of ``board`` if the solver settles it within the fast
        nodes (see :func:`fast_outcome`), else None."""
        return fast_outcome(self.quick, board, self.fast_nodes)

    def solve(self, board: Board, columns: str) -> Settled:
        """The position settled by the exact solver: a winning move where
        there is one (found by null-window tests, its distance not known),
        else the best move by exact value (a draw kept, a loss latest)."""
        solver = self.solver
        solver.solver.limit(NEVER, float("inf"), float("inf"))
        self.solves += 1
        winning = solver.winning_move(board, set())
        if winning is not None:
            return Settled(columns, winning[0] % 7, 1, None)
        current, mask, stones = solver.position(board)
        if solver.solver.outcome(current, mask, stones) == 0:
            return Settled(columns, self.drawing_column(board), 0, None)
        _, best = solver.move_scores(board, all_moves=False, randomize=False)
        value = solver.solver.value(current, mask, stones)
        outcome = 1 if value > 0 else -1 if value < 0 else 0
        return Settled(columns, best[0] % 7, outcome, value)

    def drawing_column(self, board: Board) -> int:
        """A column that keeps the draw of ``board`` (drawn, ours to move): the
        first, centre first, after which the other side cannot win (one
        null-window test a move, where the best move's exact value costs
        several: a draw is a draw however it is kept)."""
        current, mask, stones = self.solver.position(board)
        move = self.solver.keeping_move(current, mask, stones, 0)
        if move == 0:
            raise AssertionError("a drawn position has a move that keeps the draw")
        return self.solver.cell_of(move) % 7

    def follow(self, board: Board, columns: str, entry: Settled) -> None:
        """Settle every reply to the book's move of ``board`` up to the depth."""
        self.followed.add(self.key(board))
        if board.move_count + 2 > self.depth:
            return
        after = board.play(column_cell(board, entry.column))
        if after.is_over:
            return
        for reply in after.legal_moves():
            position = after.play(reply)
            if not position.is_over:
                self.ours(position, columns + str(entry.column + 1) + str(reply % 7 + 1))

    def tree(self, board: Board, columns: str) -> Settled:
        """The position settled by alpha-beta over the book's tree: our
        moves in the heuristic's order, each against every reply."""
        best, chosen = -2, -1
        for move in self.order(board):
            after = board.play(move)
            name = columns + str(move % 7 + 1)
            if after.winner is not None:  # a win: nothing is better
                return Settled(columns, move % 7, 1, None)
            worst = 2
            for reply in self.order(after):
                position = after.play(reply)
                value = (
                    (-1 if position.winner is not None else 0)
                    if position.is_over
                    else self.ours(position, name + str(reply % 7 + 1))
                )
                worst = min(worst, value)
                if worst <= best or worst < 0:
                    break  # no better than a move before it, or lost: no worse to find
            if worst > best:
                best, chosen = worst, move
                if best == 1:
                    break
        return Settled(columns, chosen % 7, best, None)

    def order(self, board: Board) -> list[int]:
        """The moves of ``board`` (not over), the heuristic's best first."""
        guess = GuessSearch(self.solver, board)
        self.solver.solver.limit(NEVER, float("inf"), float("inf"))
        while guess.depth < ORDER_DEPTH and not guess.done:
            guess.deepen()
        ordered = [self.solver.cell_of(move) for move in guess.order]
        return ordered + [move for move in board.legal_moves() if move not in ordered]


# -- a layer: every position with a number of stones ------------------------------

#: Positions a layer's worker settles at a time.
LAYER_CHUNK = 8
#: The table of a layer's worker, in entries: two fit in the shared cache.
LAYER_TABLE = 1_000_000


#: The outcomes of the book entries whose replies ``--replies`` follows.
WON_OR_DRAWN: Final = frozenset({1, 0})
REPLIES_TO: Final = {"all": WON_OR_DRAWN, "drawn": frozenset({0})}


class LayerPosition(NamedTuple):
    """A position of a layer: the columns (1-7) of a game that reaches it,
    its key (:func:`position_key`) and how many move orders from the empty
    board reach it or its mirror image (its weight in a random game)."""

    columns: str
    key: int
    orders: int


def ranked(found: dict[int, tuple[str, int]]) -> list[LayerPosition]:
    """Positions by key, each with its columns and orders, the most orders
    first, then by the columns."""
    positions = [LayerPosition(columns, key, orders) for key, (columns, orders) in found.items()]
    return sorted(positions, key=lambda position: (-position.orders, position.columns))


def merge(found: dict[int, tuple[str, int]], key: int, columns: str, orders: int) -> None:
    """Count ``orders`` more for the position ``key``, keeping its least columns."""
    known = found.get(key)
    found[key] = (
        (columns, orders) if known is None else (min(known[0], columns), known[1] + orders)
    )


def layer_positions(stones: int) -> list[LayerPosition]:
    """Every position with ``stones`` stones not over, one of each mirror
    pair: the likeliest in a random game first (the most move orders reach
    it), then by the columns."""
    frontier: dict[int, tuple[str, int]] = {0: ("", 1)}
    for _ in range(stones):
        reached: dict[int, tuple[str, int]] = {}
        for columns, orders in frontier.values():
            current, mask = replay(columns)
            for col in range(7):
                move = drop(mask, col)
                if move == 0 or has_four(current | move, STEP):
                    continue
                key = position_key(current ^ mask, mask | move)[0]
                merge(reached, key, columns + str(col + 1), orders)
        frontier = reached
    return ranked(frontier)


def move_orders(
    current: int, mask: int, known: dict[tuple[int, int], tuple[int, str]]
) -> tuple[int, str]:
    """How many move orders from the empty board reach the position
    (``current``: the side to move's stones, ``mask``: all stones; not
    over, so no order passes a four), and the least of them (columns 1-7;
    none where no order does), the positions on the way kept in ``known``:
    each order ends by a stone on top of a column of the side that moved
    last."""
    if mask == 0:
        return 1, ""
    found = known.get((current, mask))
    if found is not None:
        return found
    moved = current ^ mask  # the stones of the side that moved last
    count, least = 0, ""
    for col in range(COLS):
        column = mask & (COLUMN_BITS << (col * STEP))
        top = 1 << (column.bit_length() - 1) if column else 0
        if top & moved:
            before, columns = move_orders(moved ^ top, mask ^ top, known)
            if before:  # else no order reaches the position before
                count += before
                columns += str(col + 1)
                least = columns if not least else min(least, columns)
    known[(current, mask)] = count, least
    return count, least


def book_parents(text: str, stones: int) -> list[LayerPosition]:
    """The positions of the book ``text``'s entries with ``stones`` stones
    as :func:`layer_positions` gives them (the least columns and the
    orders of the position and its mirror image, ranked alike), without
    going through every position of the layer."""
    known: dict[tuple[int, int], tuple[int, str]] = {}
    found: dict[int, tuple[str, int]] = {}
    for _, columns, _, _ in entry_lines(text):
        if len(columns) != stones:
            continue
        current, mask = replay(columns)
        key, _ = position_key(current, mask)
        if key in found:
            continue
        orders, least = move_orders(current, mask, known)
        mirrored = mirror(current), mirror(mask)
        if mirrored != (current, mask):
            mirror_orders, mirror_least = move_orders(*mirrored, known)
            orders, least = orders + mirror_orders, min(least, mirror_least)
        found[key] = least, orders
    return ranked(found)


def reply_positions(
    parents: list[LayerPosition], book: ConnectFourBook, outcomes: frozenset[int] = WON_OR_DRAWN
) -> list[LayerPosition]:
    """Every position that follows one of ``parents`` whose book entry has
    one of ``outcomes`` (for the side to move: 1 won, 0 drawn) by the
    book's move and any reply, not over and not in the book, one of each
    mirror pair: where a player of the book's side is to move again. The
    likeliest first (the most move orders reach its parents, each reply
    weighing alike), then by the columns."""
    found: dict[int, tuple[str, int]] = {}
    for parent in parents:
        current, mask = replay(parent.columns)
        entry = book.lookup(current, mask)
        if entry is None or entry.outcome not in outcomes:
            continue
        move = drop(mask, entry.column)
        if has_four(current | move, STEP):
            continue
        current, mask = current ^ mask, mask | move
        columns = parent.columns + str(entry.column + 1)
        for col in range(7):
            reply = drop(mask, col)
            if reply == 0 or has_four(current | reply, STEP):
                continue
            key = position_key(current ^ mask, mask | reply)[0]
            if key not in book.entries:
                merge(found, key, columns + str(col + 1), parent.orders)
    return ranked(found)


def settle_in_layer(solver: BoardSolver, columns: str) -> Settled:
    """The position after ``columns`` settled by two null-window tests:
    won, with the move that proved it; drawn, with a move that keeps the
    draw; lost, with no move (any keeps that). Each move is checked by one
    more test of the position after it before it is trusted."""
    current, mask, stones = solver.position(BookBuilder.board(columns))
    raw = solver.solver
    raw.root_stones = stones
    if raw.can_win_now(current, mask):
        wins = raw.winning_cells(current, mask) & (mask + raw.bottom)
        return Settled(columns, solver.cell_of(wins & -wins) % 7, 1, None)
    for outcome in (1, 0):
        move = raw.proving_move(current, mask, stones, outcome - 1, outcome)
        if raw.proved < outcome:
            continue
        if move == 0:  # proven from the table at the root: find the move
            move = solver.keeping_move(current, mask, stones, outcome)
        if move == 0 or not raw.is_at_most(current ^ mask, mask | move, stones + 1, -outcome):
            raise AssertionError(f"{columns}: the proving move does not keep {outcome}")
        return Settled(columns, solver.cell_of(move) % 7, outcome, None)
    return Settled(columns, -1, -1, None)


@dataclass
class LayerWorker:
    """A layer's worker process's solvers: ``solver`` settles positions;
    ``quick``, with a small table, first tries each within ``fast_nodes``
    nodes (0: not tried), and one it settles so is left out."""

    solver: BoardSolver
    quick: BoardSolver
    fast_nodes: int

    def settle(self, columns: str) -> Settled:
        """The position after ``columns`` settled (:func:`settle_in_layer`),
        or, if fast, its outcome with no move."""
        if self.fast_nodes:
            outcome = fast_outcome(self.quick, BookBuilder.board(columns), self.fast_nodes)
            if outcome is not None:
                return Settled(columns, -1, outcome, None)
        return settle_in_layer(self.solver, columns)


#: The worker process's solvers (see :func:`start_worker`).
WORKER: list[LayerWorker] = []
#: The table of a layer worker's fast tries, in entries.
QUICK_TABLE = 1 << 18


def start_worker(table: int, fast_nodes: int) -> None:
    """Make the solvers of a layer's worker process."""
    solver = BoardSolver(6, 7, table)
    solver.solver.limit(NEVER, float("inf"), float("inf"))
    WORKER.append(LayerWorker(solver, BoardSolver(6, 7, QUICK_TABLE), fast_nodes))


def settle_chunk(chunk: list[str]) -> list[str]:
    """Progress lines of positions settled in a worker (see :class:`LayerWorker`)."""
    return [WORKER[0].settle(columns).line() for columns in chunk]


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    """``items`` in runs of ``size``, in order."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def settle_layer(
    layer: list[LayerPosition],
    progress: Path,
    jobs: int,
    fast_nodes: int,
    deadline: float,
    known: set[int],
) -> tuple[list[Settled], bool]:
    """Settle every position of ``layer`` in ``jobs`` worker processes
    (:class:`LayerWorker`, with ``fast_nodes``), in its order, but those
    whose keys are ``known``, appending each to the
    file ``progress`` (read back first: a run goes on where the last
    stopped, a position settled there by another move order or as its
    mirror image included). The entries settled whose keys are not
    ``known``, in the layer's order (each with the move order it was
    settled by), and whether no position is left (none is unless the
    deadline, on ``time.monotonic``, came first)."""
    lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
    settled = {
        position_key(*replay(entry.columns))[0]: entry for entry in map(Settled.parse, lines)
    }
    positions = [
        position for position in layer if position.key in settled or position.key not in known
    ]
    key_of = {position.columns: position.key for position in positions}
    todo = [position.columns for position in positions if position.key not in settled]
    count = len(positions) - len(todo)  # the layer's positions settled
    print(f"{len(positions)} positions not in the book, {count} settled before.")
    started = shown = time.monotonic()
    stopped = False
    with (
        concurrent.futures.ProcessPoolExecutor(
            jobs, initializer=start_worker, initargs=(LAYER_TABLE, fast_nodes)
        ) as pool,
        progress.open("a", encoding="utf-8") as file,
    ):
        waiting = chunks(todo, LAYER_CHUNK)
        running: set[concurrent.futures.Future[list[str]]] = set()
        while True:
            # Two chunks a worker in flight, none given out past the deadline.
            while not stopped and len(running) < 2 * jobs:
                chunk = next(waiting, None)
                if chunk is None:
                    break
                running.add(pool.submit(settle_chunk, chunk))
            if not running:
                break
            done, running = concurrent.futures.wait(
                running, timeout=5, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                for line in future.result():
                    file.write(line + "\n")
                    entry = Settled.parse(line)
                    settled[key_of[entry.columns]] = entry
                    count += 1
            file.flush()
            now = time.monotonic()
            stopped = stopped or now > deadline
            if now - shown >= 30 or not running:
                shown = now
                print(
                    f"  {count} of {len(positions)} settled, {now - started:.0f} s this run",
                    flush=True,
                )
    found = [position.key for position in positions if position.key in settled]
    new = [settled[key] for key in found if key not in known]
    return new, len(found) == len(positions)


def column_cell(board: Board, col: int) -> int:
    """The cell a stone dropped in column ``col`` lands on."""
    return next(cell for cell in board.legal_moves() if cell % board.cols == col)


#: A stop token never set: the builder's searches have no bound but its minutes.
NEVER = threading.Event()


def won_first_moves(work: Path) -> set[int]:
    """The first moves (cells) the first player's settled progress in
    ``work`` proves won for it, and their mirror images. The second player
    is lost after them: any move keeps that value, and no book move could
    do better than the strongest level's own, so its book leaves them out."""
    progress = work / "settled-first.txt"
    lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
    starts = [entry for entry in map(Settled.parse, lines) if not entry.columns]
    if not starts or starts[-1].outcome != 1:
        return set()
    root, column = BookBuilder.board(""), starts[-1].column
    return {column_cell(root, column), column_cell(root, 6 - column)}


def build(args: argparse.Namespace) -> int:
    """Run the builder; 0 when the book is complete and written, 3 when stopped."""
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    sides = ["first", "second"] if args.side == "both" else [args.side]
    entries: list[Settled] = []
    complete = True
    for side in sides:
        builder = BookBuilder(args, side, work / f"settled-{side}.txt")
        print(f"The {side} player's book: {len(builder.settled)} positions settled before.")
        root = BookBuilder.board("")
        try:
            if side == "first":
                outcome = builder.ours(root, "")
            else:
                lost = won_first_moves(work)
                if lost:
                    names = ", ".join(str(move % 7 + 1) for move in sorted(lost))
                    print(f"Left out: after {names} the first player's book wins.")
                outcomes = [
                    -1 if move in lost else builder.ours(root.play(move), str(move % 7 + 1))
                    for move in builder.order(root)
                ]
                outcome = min(outcomes)
        except OutOfTime:
            print(f"Stopped after {args.minutes} minutes; run again to go on.")
            complete = False
            outcome = None
        words = {value: word for word, value in OUTCOME_WORDS.items()}
        if side == "first" and builder.key(BookBuilder.board("")) not in builder.settled:
            kept = [entry for entry in builder.settled.values() if entry.column >= 0]
        else:  # the entries a player following the book meets (after the
            # first moves settled, for the second player)
            kept = builder.reachable()
        result = "not proven yet" if outcome is None else f"a {words[outcome]} for it"
        print(
            f"The {side} player's book: {len(kept)} positions; the start is {result};"
            f" {time.monotonic() - builder.started:.0f} s this run."
        )
        entries += kept
        if not complete:
            break
    if not (complete or args.partial):
        return 3
    state = "complete" if complete else "partial: every entry holds, not every reply is followed"
    lines = [
        "# The opening book of Connect Four on 7x6, computed by build/connect_four_book.py",
        f"# (--side {args.side} --solve-from {args.solve_from} --depth {args.depth}"
        f" --fast-nodes {args.fast_nodes}); {state}.",
        "# A line: the moves from the empty board, the book's move, its value (see",
        "# ttt_gui/engine/connect_four_book.py).",
    ]
    lines += sorted(
        f"{entry.columns or '-'} {entry.book_move().text()}"
        for entry in {id(e): e for e in entries}.values()
    )
    text = "\n".join(lines) + "\n"
    ConnectFourBook.parse(text)  # a check: the book reads back
    written = write_book(Path(args.output), text)
    print(
        f"Wrote {args.output}: {len(lines) - 4} entries,"
        f" {len(text.encode())} bytes of text, {written} in the file."
    )
    return 0 if complete else 3


def add_layer(args: argparse.Namespace) -> int:
    """Settle the layer of ``--layer`` stones (with ``--replies``, only the
    positions after a book entry with two fewer, its move and any reply)
    and add its won and drawn positions to the book at ``--output`` (those
    it has not already got: a book written from part of a layer is where
    the next run goes on, with the lost positions to settle again if the
    progress is gone); 0 when the layer is complete, 3 when stopped (the
    book is written only with ``--partial``, then with what is settled)."""
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else float("inf")
    output = Path(args.output)
    text = read_book(output)
    book = ConnectFourBook.parse(text)
    if args.replies:
        drawn = args.replies == "drawn"
        parents = book_parents(text, args.layer - 2)
        layer = reply_positions(parents, book, REPLIES_TO[args.replies])
        name = "replies-drawn" if drawn else "replies"
        mark = f"# --layer {args.layer} --replies{' drawn' if drawn else ''}:"
        entries = "a drawn book entry's" if drawn else "a book entry's"
        what = f"every position with {args.layer} stones after {entries} move and any reply"
        print(f"The replies to the book's entries with {args.layer - 2} stones:", end=" ")
    else:
        layer = layer_positions(args.layer)
        name, mark = "layer", f"# --layer {args.layer}:"
        what = f"every position with {args.layer} stones"
        print(f"The layer of {args.layer} stones:", end=" ")
    progress = work / f"settled-{name}-{args.layer}.txt"
    settled, complete = settle_layer(
        layer, progress, args.jobs, args.fast_nodes, deadline, set(book.entries)
    )
    if not complete:
        print(f"Stopped after {args.minutes} minutes; run again to go on.")
        if not args.partial:
            return 3
    lines = [line for line in text.splitlines() if not line.startswith(mark)]
    header = sum(1 for line in lines if line.startswith("#"))
    added = [
        f"{entry.columns} {entry.book_move().text()}" for entry in settled if entry.column >= 0
    ]
    state = "complete" if complete else "partial: every entry holds, not every position is in"
    if args.fast_nodes:
        what += f" that the solver does not settle within {args.fast_nodes} nodes,"
    note = f"{mark} {what} won or drawn for the side to move ({state})."
    body = sorted(lines[header:] + added)
    text = "\n".join([*lines[:header], note, *body]) + "\n"
    ConnectFourBook.parse(text)  # a check: the book reads back
    written = write_book(output, text)
    print(
        f"Wrote {output}: {len(added)} entries added, {len(body)} in all,"
        f" {len(text.encode())} bytes of text, {written} in the file."
    )
    return 0 if complete else 3


def verify(path: Path, table: int) -> int:
    """Replay every entry of the book at ``path`` through the exact solver
    (one table for all): its move keeps the value it claims (an outcome by
    weak solves, an exact value by exact ones), and that value is the
    position's. 0 when every entry holds, 1 otherwise."""
    text = read_book(path)
    ConnectFourBook.parse(text)
    solver = BoardSolver(6, 7, table)
    solver.solver.limit(NEVER, float("inf"), float("inf"))
    entries = [fields[1:] for fields in entry_lines(text)]
    started, wrong = time.monotonic(), 0
    for number, (columns, column, value) in enumerate(
        sorted(entries, key=lambda e: -len(e[0])), 1
    ):
        board = BookBuilder.board(columns)
        after = board.play(column_cell(board, int(column) - 1))
        if after.winner is not None:
            holds = value in ("win", "1") or value.isdigit()
        elif value == "win":
            current, mask, stones = solver.position(after)
            holds = solver.solver.is_at_most(current, mask, stones, -1)
        elif value in OUTCOME_WORDS:  # an outcome alone: weak solves
            current, mask, stones = solver.position(board)
            outcome = solver.solver.outcome(current, mask, stones)
            current, mask, stones = solver.position(after)
            child = 0 if after.is_over else -solver.solver.outcome(current, mask, stones)
            holds = outcome == child == OUTCOME_WORDS[value]
        else:
            current, mask, stones = solver.position(board)
            exact = solver.solver.value(current, mask, stones)
            current, mask, stones = solver.position(after)
            child = -solver.solver.value(current, mask, stones) if not after.is_over else 0
            holds = child == exact == int(value)
        if not holds:
            wrong += 1
            print(f"  WRONG: {columns or '-'} {column} {value}", flush=True)
        if number % 25 == 0 or number == len(entries):
            print(
                f"  {number} of {len(entries)} entries, {time.monotonic() - started:.0f} s",
                flush=True,
            )
    print(
        f"{len(entries) - wrong} of {len(entries)} entries hold;"
        f" {time.monotonic() - started:.0f} s."
    )
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", help="the folder of the progress files")
    parser.add_argument(
        "--verify", metavar="BOOK", help="replay every entry of BOOK through the solver instead"
    )
    parser.add_argument("--side", choices=("first", "second", "both"), default="both")
    parser.add_argument("--solve-from", type=int, default=6)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument(
        "--fast-nodes",
        type=int,
        help=f"leave out positions settled within this many nodes ({FAST_NODES}; 0 with --layer)",
    )
    parser.add_argument("--table", type=int, default=16_000_000)
    parser.add_argument("--minutes", type=float, default=0.0)
    parser.add_argument("--output", default=str(OUTPUT))
    parser.add_argument(
        "--partial", action="store_true", help="write the book of what is settled when stopped"
    )
    parser.add_argument(
        "--layer", type=int, help="add every won or drawn position with this many stones instead"
    )
    parser.add_argument(
        "--replies",
        nargs="?",
        const="all",
        choices=sorted(REPLIES_TO),
        help="with --layer: only the replies to the book's moves two stones before"
        " (all: of its won and drawn entries; drawn: of its drawn ones)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="the layer's worker processes")
    args = parser.parse_args(argv)
    if args.fast_nodes is None:
        args.fast_nodes = 0 if args.layer is not None else FAST_NODES
    if args.verify:
        return verify(Path(args.verify), args.table)
    if not args.work:
        parser.error("--work is needed to compute a book")
    if args.layer is not None:
        if not 1 <= args.layer <= 41 or args.jobs < 1:
            parser.error("--layer needs 1 to 41 stones and --jobs at least 1")
        if args.replies and args.layer < 2:
            parser.error("--replies needs a --layer of 2 stones or more")
        return add_layer(args)
    if args.replies:
        parser.error("--replies goes with --layer")
    return build(args)


if __name__ == "__main__":
    sys.exit(main())
