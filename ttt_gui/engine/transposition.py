"""The engine's transposition table: its entry type, how it makes room when
full, and what it costs in memory; no Tk.

The table is a plain dict from a position key (X's cells, then O's above
them, in the canonical orientation) to a plain tuple, for speed: the search
stores and unpacks them as they are, code outside it reads them as
:class:`Entry` (:func:`lookup`). When it
grows past its limit, :func:`make_room` keeps the most valuable part instead
of clearing it all: an entry is worth what re-searching its position costs,
which grows with the plies still to play below it. So entries for positions
the game has already left behind (fewer marks than the position being
searched) go first, then the shallowest; among equals a proven value beats a
bound.

>>> table = {0b1: (1_000, EXACT, 0, 4), 0b111: (1_000, LOWER, 0, 5), 0b11: (2, EXACT, 3, 6)}
>>> make_room(table, keep=2, cells=9, least_marks=0)
1
>>> sorted(table)  # the entry with one ply to search was worth least
[1, 7]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from itertools import islice
from typing import Final, NamedTuple

#: Entries an engine's table keeps at most unless told otherwise (about
#: 150 MB when full).
DEFAULT_TABLE_LIMIT = 400_000
#: A list slot, and an entry of the Connect Four solver's table (an integer
#: object of up to 63 bits: 36 bytes, 40 as allocated), in bytes; a slot of
#: its table compiled (a native vector) holds the entry itself, 8 bytes.
POINTER_BYTES = 8
SOLVER_ENTRY_BYTES = 40
NATIVE_SLOT_BYTES = 8

#: The flag of an entry: its score is exact, a lower bound or an upper bound.
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2


class Entry(NamedTuple):
    """A table entry by name: the ``depth`` searched below it (UNLIMITED when
    its score rests on no heuristic value), its ``flag``, its ``score`` (mate
    scores counted from the entry's position) and the best ``move`` in the
    canonical orientation."""

    depth: int
    flag: int
    score: int
    move: int


#: An entry as the table holds it: the fields of :class:`Entry` in a plain
#: tuple (a NamedTuple's constructor would cost a call for every position).
StoredEntry = tuple[int, int, int, int]
#: A transposition table: position key -> entry.
Table = dict[int, StoredEntry]


def lookup(table: Table, key: int) -> Entry | None:
    """The entry of ``key`` by name, if the table holds one."""
    stored = table.get(key)
    return None if stored is None else Entry(*stored)


#: The share of its limit a full table keeps (the rest is dropped at once, so
#: the next pruning comes only after as many new entries).
KEEP_SHARE = 0.5
#: Entries sampled to estimate the memory of one.
MEMORY_SAMPLE = 200


@dataclass(frozen=True)
class TableMemory:
    """What an engine's tables hold: ``entries`` of the transposition table,
    ``pairing_answers`` remembered by the pairing test, and an estimate of
    their memory in bytes (the dicts and the objects they hold)."""

    entries: int
    pairing_answers: int
    bytes: int

    def describe(self) -> str:
        return (
            f"{self.entries:,} entries + {self.pairing_answers:,} pairing answers, "
            f"≈{self.bytes / 1e6:,.1f} MB"
        )

    def with_solver_table(self, used: int, slots: int, *, native: bool) -> TableMemory:
        """These figures plus a fixed-size solver table of ``slots`` slots
        with ``used`` in use: ``native``, a 64-bit integer a slot; else a
        list, a pointer a slot and an integer object each one in use."""
        if native:
            extra = slots * NATIVE_SLOT_BYTES
        else:
            extra = slots * POINTER_BYTES + used * SOLVER_ENTRY_BYTES
        return TableMemory(self.entries + used, self.pairing_answers, self.bytes + extra)


def worth(key: int, entry: StoredEntry, cells: int, least_marks: int) -> int:
    """How much an entry is worth keeping: twice the plies it saves searching
    (its depth, at most the empty cells), plus one for an exact score; 0 for
    a position with fewer marks than ``least_marks``, which play from the
    current position cannot reach."""
    marks = key.bit_count()
    if marks < least_marks:
        return 0
    depth, flag, _, _ = entry
    return 2 * min(depth, cells - marks) + (flag == EXACT)


def make_room(table: Table, keep: int, cells: int, least_marks: int) -> int:
    """Shrink ``table`` in place to at most ``keep`` entries, the most valuable
    by :func:`worth`; returns how many were dropped."""
    size = len(table)
    if size <= keep:
        return 0
    values = [worth(key, entry, cells, least_marks) for key, entry in table.items()]
    counts = [0] * (max(values) + 1)
    for value in values:
        counts[value] += 1
    threshold, kept = len(counts), 0  # keep every entry worth more than threshold ...
    while threshold > 0 and kept + counts[threshold - 1] <= keep:
        threshold -= 1
        kept += counts[threshold]
    room = keep - kept  # ... and this many worth exactly threshold - 1
    border = threshold - 1
    chosen = {
        key: entry for (key, entry), value in zip(table.items(), values) if value >= threshold
    }
    if room > 0 and border >= 0:
        items = (
            (key, entry) for (key, entry), value in zip(table.items(), values) if value == border
        )
        chosen.update(islice(items, room))
    table.clear()
    table.update(chosen)
    return size - len(table)


def prune(table: Table, limit: int, cells: int, least_marks: int) -> int:
    """Make room in a table grown past ``limit``: keep the best KEEP_SHARE of
    it (see :func:`make_room`); returns how many entries were dropped."""
    if len(table) <= limit:
        return 0
    return make_room(table, int(limit * KEEP_SHARE), cells, least_marks)


def table_memory(table: Table, answers: dict[int, bool]) -> TableMemory:
    """An estimate of the memory of a transposition table and a pairing cache:
    the dicts themselves plus their keys and entries, sizes measured on a
    sample (small ints and booleans are shared objects and cost nothing)."""

    def own_size(value: int) -> int:
        return 0 if -5 <= value <= 256 else sys.getsizeof(value)

    sample = list(islice(table.items(), MEMORY_SAMPLE))
    per_entry = 0.0
    if sample:
        per_entry = sum(
            sys.getsizeof(key) + sys.getsizeof(entry) + sum(own_size(part) for part in entry)
            for key, entry in sample
        ) / len(sample)
    keys = list(islice(answers, MEMORY_SAMPLE))
    per_answer = sum(map(sys.getsizeof, keys)) / len(keys) if keys else 0.0
    total = (
        sys.getsizeof(table)
        + sys.getsizeof(answers)
        + per_entry * len(table)
        + per_answer * len(answers)
    )
    return TableMemory(len(table), len(answers), int(total))
