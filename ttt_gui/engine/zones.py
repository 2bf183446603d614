"""Draw proofs by relevance zones: whether a defender can stop an attacker
from ever completing a line, proven by a small search; no Tk.

The search is an AND/OR proof: where the attacker moves, every move must
fail; where the defender moves, one reply that holds is enough. Its leaves
are positions where the defender has a pairing (:mod:`ttt_gui.engine.pairing`),
where the attacker has no live line left, where the defender has won, and
the full board.

Each proof comes with a *zone*: cells such that the proof still holds when
the attacker gets extra marks on any empty cells outside it (and the zone
holds an empty cell of every line the attacker could still complete, so
those marks never complete one). A pairing's zone is its pairs. The zone
spares most of the attacker's moves: where the attacker is to move, the
defender first plays a *null-move* reply ``b`` as if the attacker had
passed; if the attacker still cannot win, with zone ``Z``, then every
attacker move ``a`` outside ``Z`` is answered by ``b``, reaching that
position with one more attacker mark outside ``Z``. Only the moves inside
``Z`` (and ``b``) are searched one by one. This is the relevance-zone
pruning of Hsu, Wei, Wu et al., who solved 7x7 with five in a row with it.

A proof found is always sound; failing to find one within its depth (the
defender's moves counted) proves nothing. The search is iterative deepening
over that depth, its answers kept by position (under the board's symmetries)
between depths. The premise needs free choice of cells and a game won by
completing a line, like the pairings': plain rules only.

>>> from ttt_gui.board import Board
>>> search = ZoneSearch(Board.empty(6, 5).geometry)
>>> search.holds(0, 0, attacker_to_move=True) is not None  # 6x6, five in a row
True
"""

from __future__ import annotations

import threading

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.pairing import find_pairing, pairing_applies
from ttt_gui.engine.state import SearchAborted, threats
from ttt_gui.engine.tables import tables_for
from ttt_gui.engine.threats import side_bits

#: Where the defender is to move, this many replies (best first) are first
#: tried for a pairing at once (7x7 with five in a row: 24% fewer positions
#: than with every reply), then this many searched to the full depth.
QUICK_REPLIES = 12
DEFENCE_WIDTH = 6
#: Null-move replies tried where the attacker is to move.
NULL_REPLIES = 3
#: The stop token and node limit are checked every this many positions + 1.
CHECK_MASK = 255


class ZoneSearch:
    """Draw proofs on one board shape, their answers kept between calls.

    ``node_limit`` bounds the positions visited over the search's life and
    ``stop`` ends it early; either raises :class:`SearchAborted`. Both may
    be changed between calls; the answers found so far are kept.
    """

    def __init__(
        self,
        geometry: Geometry,
        *,
        node_limit: int | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        if not pairing_applies(geometry):
            raise ValueError("zone proofs need plain rules: no gravity, no misère")
        self.geometry = geometry
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else float("inf")
        self.stop = stop if stop is not None else threading.Event()
        tables = tables_for(geometry)
        self._forward = tables.forward
        self._inverse = tables.inverse
        self._weights = tables.weights
        # (attacker, defender, attacker to move), canonical -> zone (canonical)
        # if proven, else the depth at which no proof was found.
        self._answers: dict[tuple[int, int, bool], tuple[bool, int]] = {}

    # -- public API ---------------------------------------------------------

    def holds(self, attacker: int, defender: int, attacker_to_move: bool) -> int | None:
        """The zone of a proof that the ``defender`` (bits of its marks) keeps
        the ``attacker`` from ever completing a line, or None if none was found
        before every depth up to the empty cells' was tried."""
        empty = (self.geometry.full & ~(attacker | defender)).bit_count()
        for depth in range(empty // 2 + 2):
            zone = self._prove(attacker, defender, attacker_to_move, depth)
            if zone is not None:
                return zone
        return None

    def defence(self, attacker: int, defender: int) -> int | None:
        """A move of the ``defender`` (to move) after which the attacker can
        never complete a line, or None if none was proven."""
        if self.holds(attacker, defender, attacker_to_move=False) is None:
            return None
        wins = threats(defender, attacker, self.geometry)
        if wins:  # completing its own line: nothing to prove
            return (wins & -wins).bit_length() - 1
        replies = self._defender_moves(attacker, defender)
        empty = self.geometry.full & ~(attacker | defender)
        if not replies and empty:  # the attacker has no line left: any move
            return (empty & -empty).bit_length() - 1
        for cell in replies:  # the reply the proof found, if it searched one
            if self._known(attacker, defender | 1 << cell, True) is not None:
                return cell
        for cell in replies:  # else (the defender had a pairing) one proven now
            if self.holds(attacker, defender | 1 << cell, attacker_to_move=True) is not None:
                return cell
        return None

    def proves_draw(self, board: Board) -> bool:
        """Whether the proofs show that neither side can complete a line in
        ``board`` against the other's best defence (False: no proof at any
        depth; a finished board: whether it is drawn). Raises as
        :meth:`draw_move` does."""
        if board.is_over:
            return board.winner is None
        mine, theirs = side_bits(board)
        return (
            self.holds(mine, theirs, attacker_to_move=True) is not None
            and self.holds(theirs, mine, attacker_to_move=False) is not None
        )

    def draw_move(self, board: Board) -> int | None:
        """A move for the side to move that keeps a proven draw, when
        :meth:`proves_draw`; else None. Raises :class:`SearchAborted` past
        the node limit or once the stop token is set."""
        if self.stop.is_set():
            raise SearchAborted
        if board.is_over or not self.proves_draw(board):
            return None
        mine, theirs = side_bits(board)
        return self.defence(theirs, mine)

    def draw_line(self, board: Board) -> tuple[int, ...]:
        """A line of play to the game's end in which each move keeps the
        proven draw (each found by :meth:`draw_move`), or as much of it as was
        proven: empty if the draw is not. Raises as :meth:`draw_move` does
        before the first move is found; after that a stop ends the line."""
        line: list[int] = []
        try:
            while not board.is_over:
                move = self.draw_move(board)
                if move is None:
                    break
                line.append(move)
                board = board.play(move)
        except SearchAborted:
            if not line:
                raise
        return tuple(line)

    # -- search -------------------------------------------------------------

    def _prove(
        self, attacker: int, defender: int, attacker_to_move: bool, depth: int
    ) -> int | None:
        key, symmetry = self._canonical(attacker, defender, attacker_to_move)
        known = self._answers.get(key)
        if known is not None:
            proven, value = known
            if proven:
                return self._map(self._inverse[symmetry], value)
            if value >= depth:
                return None
        self.nodes += 1
        if not self.nodes & CHECK_MASK and (self.stop.is_set() or self.nodes > self.node_limit):
            raise SearchAborted
        if attacker_to_move:
            zone = self._attacker_node(attacker, defender, depth)
        else:
            zone = self._defender_node(attacker, defender, depth)
        if zone is None:
            self._answers[key] = (False, depth)
        else:
            self._answers[key] = (True, self._map(self._forward[symmetry], zone))
        return zone

    def _known(self, attacker: int, defender: int, attacker_to_move: bool) -> int | None:
        """The zone of a proof already found for this position, if any."""
        key, symmetry = self._canonical(attacker, defender, attacker_to_move)
        known = self._answers.get(key)
        if known is None or not known[0]:
            return None
        return self._map(self._inverse[symmetry], known[1])

    def _attacker_node(self, attacker: int, defender: int, depth: int) -> int | None:
        if threats(attacker, defender, self.geometry) or self._completed(attacker):
            return None  # the attacker completes a line now
        if not self._live(defender):
            return 0
        empty = self.geometry.full & ~(attacker | defender)
        wins = threats(defender, attacker, self.geometry)
        # The defender completes a line next unless the attacker blocks it:
        # that rests on the attacker having no line to complete first, so the
        # zone keeps two empty cells of each of its lines.
        if wins & (wins - 1):  # two cells complete the defender's lines: one stays
            return self._hitting(attacker, defender, wins, 2)
        if wins:  # the attacker must block; any other move loses at once
            zone = self._prove(attacker | wins, defender, False, depth)
            return None if zone is None else self._hitting(attacker, defender, zone | wins, 2)
        zone = self._pairing_zone(attacker, defender)
        if zone is not None or depth <= 0:
            return zone
        # The null move: the defender replies first, as if the attacker passed.
        null_zone = None
        for cell in self._defender_moves(attacker, defender)[:NULL_REPLIES]:
            reply = 1 << cell
            found = self._prove(attacker, defender | reply, True, depth - 1)
            if found is not None:
                null_zone = found | reply
                break
        moves = empty if null_zone is None else empty & null_zone
        zone = 0
        symmetries = self._symmetries(attacker, defender)
        for cell in self._distinct(symmetries, self._attacker_moves(attacker, defender, moves)):
            found = self._prove(attacker | 1 << cell, defender, False, depth)
            if found is None:
                return None
            zone |= found | 1 << cell
        # A move left out as the image of one searched has the image of its
        # proof, and so of its zone.
        for cell_map in symmetries[1:]:
            zone |= self._map(cell_map, zone)
        return zone | (null_zone or 0)

    def _defender_node(self, attacker: int, defender: int, depth: int) -> int | None:
        if self._completed(attacker):
            return None
        wins = threats(defender, attacker, self.geometry)
        if wins:  # the defender completes a line and the game ends
            win = wins & -wins
            return self._hitting(attacker, defender | win, win)
        if not self._live(defender):
            return 0
        attacks = threats(attacker, defender, self.geometry)
        if attacks & (attacks - 1):
            return None  # two cells complete the attacker's lines: one stays
        if attacks:
            replies = [attacks.bit_length() - 1]
        else:
            zone = self._pairing_zone(attacker, defender)
            if zone is not None or depth <= 0:
                return zone
            replies = self._defender_moves(attacker, defender)
            for cell in replies[:QUICK_REPLIES]:  # a reply leaving a pairing ends it
                found = self._prove(attacker, defender | 1 << cell, True, 0)
                if found is not None:
                    return found | 1 << cell
            replies = replies[:DEFENCE_WIDTH]
        for cell in replies:
            found = self._prove(attacker, defender | 1 << cell, True, depth - 1)
            if found is not None:
                return found | 1 << cell
        return None

    # -- position facts -------------------------------------------------------

    def _completed(self, attacker: int) -> bool:
        """Whether the attacker has completed a line."""
        return any(line & attacker == line for line in self.geometry.lines)

    def _live(self, defender: int) -> bool:
        """Whether some line is free of the defender's marks."""
        return any(not line & defender for line in self.geometry.lines)

    def _hitting(self, attacker: int, defender: int, zone: int, cells: int = 1) -> int:
        """``zone`` grown to hold ``cells`` empty cells (or all there are) of
        every line the attacker could still complete, so marks outside it
        never complete one (with 2: never leave one a move from complete)."""
        empty = self.geometry.full & ~(attacker | defender)
        for line in self.geometry.lines:
            if not line & defender:
                rest = line & empty & ~zone
                for _ in range(cells - (line & zone & empty).bit_count()):
                    zone |= rest & -rest
                    rest &= rest - 1
        return zone

    def _pairing_zone(self, attacker: int, defender: int) -> int | None:
        """The cells of a pairing of the defender against the attacker, if any."""
        pairing = find_pairing(attacker, defender, self.geometry)
        if pairing is None:
            return None
        return sum(1 << first | 1 << second for first, second in pairing)

    def _by_gain(self, side: int, other: int, cells: int, own: int, blocked: int) -> list[int]:
        """``cells``, those where a mark of ``side`` adds most to its open lines
        (each weighed times ``own``) and takes most from the other's (times
        ``blocked``) first."""
        weights = self._weights
        values = [
            (0 if line & other else own * weights[(line & side).bit_count() + 1])
            + (0 if line & side else blocked * weights[(line & other).bit_count() + 1])
            for line in self.geometry.lines
        ]
        through = self.geometry.lines_through
        moves = [cell for cell in range(self.geometry.cells) if cells >> cell & 1]
        moves.sort(key=lambda cell: -sum(values[index] for index in through[cell]))
        return moves

    def _defender_moves(self, attacker: int, defender: int) -> list[int]:
        """The defender's replies worth trying, best first: the empty cells of
        the attacker's live lines (any other reply blocks nothing)."""
        empty = self.geometry.full & ~(attacker | defender)
        cells = 0
        for line in self.geometry.lines:
            if not line & defender:
                cells |= line & empty
        return self._by_gain(defender, attacker, cells, 5, 4)

    def _attacker_moves(self, attacker: int, defender: int, cells: int) -> list[int]:
        """The attacker's moves among ``cells``, the strongest first (so a
        failing proof fails soon)."""
        return self._by_gain(attacker, defender, cells, 2, 1)

    # -- symmetry -------------------------------------------------------------

    def _map(self, cell_map: tuple[int, ...], bits: int) -> int:
        mapped = 0
        while bits:
            low = bits & -bits
            mapped |= 1 << cell_map[low.bit_length() - 1]
            bits ^= low
        return mapped

    def _canonical(
        self, attacker: int, defender: int, attacker_to_move: bool
    ) -> tuple[tuple[int, int, bool], int]:
        """The position's key under the symmetry that makes it least, and that symmetry."""
        best: tuple[int, int, bool] | None = None
        chosen = 0
        for symmetry, cell_map in enumerate(self._forward):
            key = (self._map(cell_map, attacker), self._map(cell_map, defender), attacker_to_move)
            if best is None or key < best:
                best, chosen = key, symmetry
        assert best is not None
        return best, chosen

    def _symmetries(self, attacker: int, defender: int) -> list[tuple[int, ...]]:
        """The cell maps of the symmetries that keep the position, the identity first."""
        return [
            cell_map
            for cell_map in self._forward
            if self._map(cell_map, attacker) == attacker
            and self._map(cell_map, defender) == defender
        ]

    def _distinct(self, symmetries: list[tuple[int, ...]], moves: list[int]) -> list[int]:
        """``moves`` with one kept of those that ``symmetries`` make equivalent."""
        if len(symmetries) == 1:
            return moves
        seen: set[int] = set()
        distinct = []
        for cell in moves:
            image = min(cell_map[cell] for cell_map in symmetries)
            if image not in seen:
                seen.add(image)
                distinct.append(cell)
        return distinct


def prove_draw(
    board: Board, *, node_limit: int | None = None, stop: threading.Event | None = None
) -> int | None:
    """:meth:`ZoneSearch.draw_move` of a new search, or None when the rules
    are not plain (gravity or misère)."""
    if not pairing_applies(board.geometry):
        return None
    return ZoneSearch(board.geometry, node_limit=node_limit, stop=stop).draw_move(board)
