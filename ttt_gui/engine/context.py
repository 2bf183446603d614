"""What one search is given and what it counts; no Tk.

A caller bounds each search with a :class:`Limit` (none: an exact solve). The
engine turns it into a :class:`SearchContext` for that search: the bounds as
the negamax checks them, the engine's table it fills, its switches, and the
counts it keeps. A sub-search with a budget of its own (a proven line, a
solve tried in turns with the zone proofs) runs on a context derived from
the search's (:meth:`SearchContext.with_more_nodes`), never by changing the
engine.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field, replace

from ttt_gui.engine.transposition import DEFAULT_TABLE_LIMIT, Table


class InvalidLimitError(ValueError):
    """A :class:`Limit` with a bound out of range."""


@dataclass(frozen=True)
class Limit:
    """How far one search may go: ``time`` in seconds, ``depth`` in plies,
    ``nodes`` in positions visited (checked every 256); None is no bound of
    that kind, so ``Limit()`` asks for an exact solve.

    With ``time`` or ``nodes`` the search deepens iteratively and returns the
    best move of the deepest iteration it completed: a node limit alone gives
    the same move on any machine. Raises InvalidLimitError (a ValueError) for
    a depth below 1, or a time or node count that is not positive.

    >>> Limit(time=0.5).bounded, Limit(depth=3).bounded
    (True, False)
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.depth is not None and self.depth < 1:
            raise InvalidLimitError(f"depth must be at least 1 or None, not {self.depth}")
        if self.time is not None and not self.time > 0:
            raise InvalidLimitError(f"time must be positive or None, not {self.time}")
        if self.nodes is not None and self.nodes < 1:
            raise InvalidLimitError(f"nodes must be positive or None, not {self.nodes}")

    @property
    def bounded(self) -> bool:
        """Whether the search stops at a time or a node count (and so deepens)."""
        return self.time is not None or self.nodes is not None


@dataclass(slots=True, kw_only=True)
class SearchContext:
    """One search's state, read and counted into by the negamax
    (:func:`ttt_gui.engine.negamax.make_search`) and its root.

    Bounds: the search raises SearchAborted once ``stop`` is set, the clock
    passes ``deadline`` (``time.perf_counter``) or ``nodes`` passes
    ``node_limit``. It fills ``table`` (pruned past ``table_limit`` entries
    to keep those worth most to a position with ``root_marks`` marks) and the
    pairing test's ``pairing_answers``. Switches: ``baseline`` (the engine
    without its reach techniques), ``uses_threats`` (probe threats at the
    leaves), ``selective`` (narrow the moves), ``leaf_fours`` (with
    ``selective`` and ``uses_threats``, look for lines of fours at the
    leaves: :mod:`ttt_gui.engine.leaf_fours`). Counts: ``nodes`` visited and
    ``horizon_hits``, the times a value rested on the heuristic or on moves
    left out (none: the result is exact); and ``proof_line``, a line the
    search proved without the negamax (a VCF's, or a zone-proven draw's);
    ``principal_line``, the line a search of its own chose (Gomoku's shapes:
    :mod:`ttt_gui.engine.gomoku_path`), not a proof.
    """

    table: Table = field(default_factory=dict)
    pairing_answers: dict[int, bool] = field(default_factory=dict)
    table_limit: int = DEFAULT_TABLE_LIMIT
    stop: threading.Event = field(default_factory=threading.Event)
    deadline: float = math.inf
    node_limit: float = math.inf
    root_marks: int = 0
    baseline: bool = False
    uses_threats: bool = False
    selective: bool = False
    leaf_fours: bool = True
    nodes: int = 0
    horizon_hits: int = 0
    proof_line: tuple[int, ...] = ()
    principal_line: tuple[int, ...] = ()

    def with_more_nodes(self, nodes: int) -> SearchContext:
        """A context for a sub-search that may visit ``nodes`` more positions
        than this one has, with no deadline: the same table, switches and
        stop token, the node count going on from this one's and the horizon
        hits from 0. The caller adds its nodes back (:meth:`count_nodes`)."""
        return replace(self, node_limit=self.nodes + nodes, deadline=math.inf, horizon_hits=0)

    def count_nodes(self, sub_search: SearchContext) -> None:
        """Count as this search's the nodes of ``sub_search`` (from
        :meth:`with_more_nodes`)."""
        self.nodes = sub_search.nodes
