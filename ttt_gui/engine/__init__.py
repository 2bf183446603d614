"""The engine: negamax with alpha-beta pruning for m,n,k games and its proofs.

Everything above this package uses the names exported here; the modules
below are the engine's own rooms. :data:`COMPILED` says whether the
engine's hot modules run compiled (by mypyc) or as plain Python:

=============================  ==========================================================
``engine``                     :class:`Engine`, its results and the root of a search
``context``                    a search's :class:`Limit` and its running context
``negamax``                    the recursive search, its score scale and table entries
``lines``                      a result's principal variation or proven line
``state``                      the search state, threats and heuristic of each variant
``tables``                     precomputed line and symmetry tables
``transposition``              the table's entries, replacement and memory
``threats``, ``vct``           threat-space search: continuous fours, then threes
``pairing``, ``zones``         pairing-strategy and relevance-zone draw proofs
``connect_four``               the exact solver of Connect Four bitboards (four in a row)
``connect_four_board_solver``  that solver through boards: cells, scores, lines
``connect_four_choice``        a bounded search's move short of a proof
``connect_four_path``          those as a part of the engine: the book, budgets
``gomoku_shapes``              Gomoku's shapes and cell classes, read from tables
``gomoku_board``               a Gomoku board of small integers per line, its shapes kept
``gomoku_search``              the search on those shapes: alpha-beta, VCF, evaluation
``gomoku_path``                that search as the engine plays freestyle Gomoku
``levels``                     how a level chooses its move from the values it sees
=============================  ==========================================================
"""

from ttt_gui.engine.connect_four import COMPILED
from ttt_gui.engine.context import InvalidLimitError, Limit
from ttt_gui.engine.engine import (
    MATE_THRESHOLD,
    UNMEASURED_WIN,
    WIN,
    Engine,
    MoveAnalysis,
    SearchResult,
    describe_score,
    is_mate_score,
    zones_apply,
)
from ttt_gui.engine.transposition import DEFAULT_TABLE_LIMIT

__all__ = [
    "COMPILED",
    "DEFAULT_TABLE_LIMIT",
    "MATE_THRESHOLD",
    "UNMEASURED_WIN",
    "WIN",
    "Engine",
    "InvalidLimitError",
    "Limit",
    "MoveAnalysis",
    "SearchResult",
    "describe_score",
    "is_mate_score",
    "zones_apply",
]
