"""The recursive negamax of :class:`ttt_gui.engine.engine.Engine`, its score scale
and its table-entry flags; no Tk.

Scores are from the side to move: a win in ``n`` plies scores ``WIN - n``,
a loss ``-(WIN - n)``, a draw 0; anything nearer 0 than ``MATE_THRESHOLD``
is a draw or a heuristic estimate.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from ttt_gui.board import Board, Geometry
from ttt_gui.engine.context import SearchContext
from ttt_gui.engine.leaf_fours import leaf_fours, leaf_fours_apply
from ttt_gui.engine.pairing import make_blocked, pairing_applies
from ttt_gui.engine.state import (
    Play,
    SearchAborted,
    StateTuple,
    leaf_value,
    make_play,
    root_candidates,
    root_state,
)
from ttt_gui.engine.tables import Tables
from ttt_gui.engine.threats import urgent_defences
from ttt_gui.engine.transposition import EXACT, LOWER, UPPER, Entry, Table, prune

# The table's vocabulary, used from here too.
__all__ = ["EXACT", "LOWER", "UPPER", "Entry", "Table"]

WIN: Final = 1_000_000
#: Scores above this (or below its negative) are proven wins (losses).
MATE_THRESHOLD: Final = WIN - 1_000
#: A win proven without its distance (the negative: such a loss), as the
#: opening book of Connect Four proves them: slower than any win that is
#: measured (no board has this many cells), faster than none.
UNMEASURED_WIN: Final = MATE_THRESHOLD + 1
INFINITY: Final = WIN + 1
UNLIMITED = 1_000  # a depth beyond any game's length: "search to the end"

#: Order moves positionally only where this many cells or more are empty.
ORDER_MIN_EMPTY = 4
#: Look for pairing draws (engine/pairing.py) only where this many cells or more
#: are empty and this many plies or more remain to search: elsewhere the
#: search itself is cheaper than the matching.
PAIRING_MIN_EMPTY = 8
PAIRING_MIN_DEPTH = 4
#: A selective search (Engine.selective) searches, at each node short of the
#: game's end, only the moves within this many cells of a mark ...
SELECTIVE_DISTANCE = 2
#: ... and of those only this many, the best by the positional ordering;
SELECTIVE_WIDTH = 10
#: nearer the horizon, with d plies to go, only FRONTIER_WIDTHS[d] (the
#: children of a node 1 ply short are valued statically, and the best of
#: those are among the first few by the ordering).
FRONTIER_WIDTHS = (0, 6, 8)
#: Late-move reductions, a history table and a null window at the root were
#: tried here and measured by matches at equal think time; none held its
#: ground at 1 s a move (the README has the figures), so none is kept.
Search = Callable[[StateTuple, int, int, int, int], int]


#: Selective search needs lines at least this long and boards at least this
#: large (smaller games are solved, or nearly, within the think time).
SELECTIVE_MIN_LENGTH = 5
SELECTIVE_MIN_CELLS = 49


def selective_applies(geometry: Geometry) -> bool:
    """Whether a selective search may narrow its moves on this board: plain
    rules (no gravity, no misère), five or more in a row, 49 cells or more."""
    return (
        not (geometry.gravity or geometry.misere)
        and geometry.win_length >= SELECTIVE_MIN_LENGTH
        and geometry.cells >= SELECTIVE_MIN_CELLS
    )


def move_gains(
    moves: list[int], line_gains: list[int], losing: int, geometry: Geometry
) -> dict[int, int]:
    """Per move, the positional gain that orders it: the sum of the
    ``line_gains`` (a state's, see :func:`ttt_gui.engine.state.line_gain`)
    of the lines through it; negated for the ``losing`` ones.

    The state keeps each line's gain as moves are played, so ordering a
    node's moves only adds them up: on Gomoku boards the compiled selective
    search visits about a sixth more nodes a second than when each ordering
    counted its lines' marks again (plain Python, a tenth fewer)."""
    lines_through = geometry.lines_through
    gains = {}
    for move in moves:
        gain = 0
        for index in lines_through[move]:
            gain += line_gains[index]
        gains[move] = -gain if losing >> move & 1 else gain
    return gains


def make_search(context: SearchContext, tables: Tables, play: Play) -> Search:
    """The recursive negamax, tables and ``context``'s fields bound as locals.

    ``search(state, depth, alpha, beta, ply)`` returns a fail-soft score
    from the side to move; mate scores count plies from the root. It counts
    its nodes and horizon hits into ``context`` and raises SearchAborted
    once the context's stop token is set, its deadline passes or its nodes
    pass its node limit.

    Its shortcuts hold for every variant: a playable cell that completes
    a line wins at once, two playable threats of the opponent lose in 2,
    one must be blocked, and a position where no line can be completed is
    a draw; a side against which the other has a pairing strategy cannot
    win (engine/pairing.py). Under gravity only playable threats count, and a
    block may open the cell above it to the opponent. Under misère completing
    a line loses, so only the dead-position draw applies (pairings need
    neither variant). On large boards moves far from every mark are not
    searched, and in a selective search only the most promising few short
    of the game's end; such a result is not exact, and a node that left
    moves out never stores its value as proven. The table's move (and in a
    selective search the ply's killer moves) are tried before the others
    are ordered, and outside the baseline later moves get a null window
    first (principal variation search): neither changes an exact value,
    though a killer may add a move to the few a selective search tries.
    """
    geometry = tables.geometry
    cells, full, cols, bottom = geometry.cells, geometry.full, geometry.cols, geometry.bottom
    gravity, misere = geometry.gravity, geometry.misere
    near = tables.near if tables.near_distance else None
    plain_leaf = not (gravity or misere)
    forward = tables.forward
    inverse = tables.inverse
    order = tables.order
    table = context.table
    table_limit = context.table_limit
    is_stopped = context.stop.is_set
    deadline = context.deadline
    node_limit = context.node_limit
    # The earliest loss after our move: the opponent's second move from
    # now, or under gravity its next one (our block may open a cell).
    first_loss = 2 if gravity else 4
    baseline = context.baseline
    blocked = (
        make_blocked(geometry, context.pairing_answers, table_limit)
        if pairing_applies(geometry) and not baseline
        else None
    )
    selective = context.selective
    near_marks = tables.near
    # A selective search looks for lines of fours at its leaves (engine/leaf_fours.py).
    fours = None
    if context.leaf_fours and selective and context.uses_threats and leaf_fours_apply(geometry):
        fours = leaf_fours(geometry)
    # Per ply, the latest moves that cut the search off: tried early in a
    # selective search only, as in a solve a killer that fails costs a whole
    # proof (6x6 with 4 in a row went from 1 s to unsolved in 25 s).
    killers = [[-1, -1] for _ in range(cells + 2)]

    def ordered_moves(
        side: int,
        me: int,
        opp: int,
        line_gains: list[int],
        playable: int,
        left: int,
        losing: int,
        width: int,
    ) -> list[int]:
        """The ``playable`` moves of a state (``side`` to move, holding
        ``me``, ``opp`` its opponent) best first: by lines strengthened plus
        lines blocked (the state's ``line_gains``), the
        ``losing`` ones (under misère) last; with a ``width``
        (0: all) only that many, the best."""
        moves = [c for c in order if playable >> c & 1]
        if left < ORDER_MIN_EMPTY:
            return moves
        gains = move_gains(moves, line_gains, losing, geometry)
        moves.sort(key=gains.__getitem__, reverse=True)
        if width and len(moves) > width:
            context.horizon_hits += 1
            del moves[width:]
        return moves

    def search(state: StateTuple, depth: int, alpha: int, beta: int, ply: int) -> int:
        # -- bounds: count the node; now and then check the limits and the table
        context.nodes += 1
        # The clock every 32 nodes (well under a ms alone, a few ms on a busy
        # machine: the reply stays within its think time); the stop token, the
        # node limit and the table every 256 (about every 2-10 ms), as the
        # levels' budgets and the tokens' callers assume.
        if not context.nodes & 31 and time.perf_counter() > deadline:
            raise SearchAborted
        if not context.nodes & 255:
            if is_stopped() or context.nodes > node_limit:
                raise SearchAborted
            if len(table) > table_limit:  # bounds memory; only costs re-search
                if baseline:
                    table.clear()
                else:
                    prune(table, table_limit, cells, context.root_marks)

        # -- game ends: wins and losses by threats, dead and full boards
        side, me, opp, my_threats, opp_threats, live_me, live_opp, eval_me, keys, gains = state
        occupied = me | opp
        if gravity:
            playable = ~occupied & full & ((occupied >> cols) | bottom)
            my_threats &= playable
            opp_threats &= playable
        else:
            playable = ~occupied & full
        losing = 0
        if misere:
            losing = my_threats  # cells that complete our own line
            opp_threats = 0
        elif my_threats:
            return WIN - ply - 1
        elif opp_threats & (opp_threats - 1):
            return ply + 2 - WIN
        if not (live_me or live_opp):
            return 0
        left = cells - occupied.bit_count()
        if not left:
            return 0

        # -- horizon: the heuristic value (or a win by fours just past it)
        if depth <= 0:
            context.horizon_hits += 1
            value = eval_me if plain_leaf else leaf_value(state, tables)
            if fours is None:
                return value
            if value < beta:  # a win would matter
                plies = fours.probe(me, opp, opp_threats.bit_length() - 1)
                if plies:
                    return WIN - ply - plies
            if opp_threats and value > alpha:  # a loss would: after the forced block,
                block = opp_threats.bit_length() - 1  # the other side's fours
                after = me | 1 << block
                made = fours.made(block, after, opp)
                if not made & (made - 1):  # (two fours of ours would win first)
                    plies = fours.probe(opp, after, made.bit_length() - 1)
                    if plies:
                        return ply + 1 + plies - WIN
            return value

        # -- bounds on the value: the earliest win and loss, pairing draws
        if misere:
            # We win when the opponent completes a line (its move after
            # ours at the earliest) and lose when we do (now at the earliest).
            high = WIN - ply - 2 if live_opp else 0
            low = ply + 1 - WIN if live_me else 0
        else:
            # No win before our second move from now (threats were handled).
            high = WIN - ply - 3 if live_me else 0
            low = ply + first_loss - WIN if live_opp else 0
        key = min(keys)
        if blocked is not None and left >= PAIRING_MIN_EMPTY and depth >= PAIRING_MIN_DEPTH:
            # A pairing of the other side caps a side's value at a draw.
            if high > 0 and beta > 0 and blocked(key << 1, me, opp):
                high = 0
            if low < 0 and alpha < 0 and blocked(key << 1 | 1, opp, me):
                low = 0
            if low >= high:
                return low
        if high <= alpha:
            return high
        if low >= beta:
            return low
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high

        # -- table probe: a stored value that settles the node, else its move
        symmetry = keys.index(key)
        entry = table.get(key)
        table_move = -1
        if entry is not None:
            entry_depth, flag, score, canonical_move = entry
            if score > MATE_THRESHOLD:
                score -= ply
            elif score < -MATE_THRESHOLD:
                score += ply
            if entry_depth >= depth and (
                flag == EXACT or (score >= beta if flag == LOWER else score <= alpha)
            ):
                if entry_depth < UNLIMITED:  # the entry rests on the heuristic
                    context.horizon_hits += 1
                return score
            table_move = inverse[symmetry][canonical_move]

        # -- move ordering: ``moves`` are tried first, in order; ``rest`` are
        # ordered by ordered_moves (``width``: only the best few) once those fail.
        hits_before = context.horizon_hits  # this node's own narrowing counts too
        if opp_threats:  # a single threat: the block is forced
            moves = [opp_threats.bit_length() - 1]
            rest, width = 0, 0  # no other move
        else:
            # Which moves: urgent defences and nearby moves where narrowed,
            # moves near the marks on large boards.
            narrowed = selective and depth < left
            urgent = urgent_defences(me, opp, geometry) if narrowed and depth > 1 else 0
            if urgent:
                playable &= urgent
            if narrowed or near is not None:
                distance = SELECTIVE_DISTANCE if narrowed else 0
                nearby = playable & near_marks(occupied, distance)
                if nearby != playable:
                    context.horizon_hits += 1  # not every move is searched
                    playable = nearby
            width = 0  # a narrowed node without urgent defences keeps a few
            if narrowed and not urgent:
                width = FRONTIER_WIDTHS[depth] if depth < len(FRONTIER_WIDTHS) else SELECTIVE_WIDTH
            # The table's move, then (selective) this ply's killers, are tried
            # before the costly ordering of the rest, which a cut-off among
            # them spares.
            rest = playable
            moves = []
            for candidate in (table_move, *killers[ply]) if selective else (table_move,):
                if candidate >= 0 and rest >> candidate & 1:
                    moves.append(candidate)
                    rest &= ~(1 << candidate)
            if baseline:  # today's engine: every move ordered at once
                moves += ordered_moves(side, me, opp, gains, rest, left, losing, width)
                rest = 0
        # -- (end of move ordering)

        # -- the moves: principal variation search, killers on a cut-off
        original_alpha = alpha
        best_score = -INFINITY
        best_move = -1
        index = 0
        while True:
            if index == len(moves):
                if not rest:
                    break
                moves = ordered_moves(side, me, opp, gains, rest, left, losing, width)
                rest = index = 0
                continue
            move = moves[index]
            index += 1
            if misere and losing >> move & 1:
                score = ply + 1 - WIN  # completing our own line loses
            else:
                child = play(state, move)
                if best_score == -INFINITY or baseline:
                    score = -search(child, depth - 1, -beta, -alpha, ply + 1)
                else:  # a null window first: does the move beat the best so far?
                    score = -search(child, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -search(child, depth - 1, -beta, -alpha, ply + 1)
            if score > best_score:
                best_score = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        slot = killers[ply]
                        if selective and slot[0] != move:
                            slot[1] = slot[0]
                            slot[0] = move
                        break

        # -- table store: the value as a bound or exact, proven if no horizon
        stored = best_score
        if stored > MATE_THRESHOLD:
            stored += ply
        elif stored < -MATE_THRESHOLD:
            stored -= ply
        if best_score <= original_alpha:
            flag = UPPER
        elif best_score >= beta:
            flag = LOWER
        else:
            flag = EXACT
        stored_depth = UNLIMITED if context.horizon_hits == hits_before else depth
        table[key] = (stored_depth, flag, stored, forward[symmetry][best_move])
        return best_score

    return search


class RootScores(NamedTuple):
    """The root's move ``scores``, the moves of the best score, and the moves
    whose scores rest on no heuristic value (searched to every game end)."""

    scores: dict[int, int]
    best: list[int]
    exact: frozenset[int]


def ranked_moves(root: RootScores) -> list[int]:
    """``root``'s best moves, then its other moves by score, best first (their
    scores may be upper bounds: still the best guess of their order)."""
    rest = [move for move in root.scores if move not in root.best]
    rest.sort(key=root.scores.__getitem__, reverse=True)
    return root.best + rest


def with_unfinished(root: RootScores, scored: dict[int, int], randomize: bool) -> RootScores:
    """``root``, the last finished iteration's scores, updated by those of the
    moves an unfinished deeper iteration ``scored``, and with its best moves
    (all of the best score with ``randomize``, else the first searched). That
    iteration searched ``root``'s best first, so a move it scored above that
    one scored its deeper value: the deeper search overturned the choice."""
    if not scored:
        return root
    top = max(scored.values())
    best = [move for move, score in scored.items() if score == top]
    return RootScores({**root.scores, **scored}, best if randomize else best[:1], root.exact)


def search_root(
    context: SearchContext,
    board: Board,
    tables: Tables,
    *,
    depth: int,
    all_moves: bool = False,
    preferred: Sequence[int] = (),
    margin: int = 0,
    refuted: frozenset[int] = frozenset(),
    randomize: bool = False,
    scored: dict[int, int] | None = None,
) -> RootScores:
    """Score the root moves at ``depth`` (those in ``refuted``, proven losses,
    last if at all), moves in ``preferred`` first.

    With ``all_moves`` every score is exact at this depth (and ``exact`` at
    any depth for the moves whose search met no horizon); otherwise only
    the best ones are (others are upper bounds), ties included with
    ``randomize``, and those within ``margin`` of the best. The scores go
    into ``scored`` (a new dict if None) as the moves are scored: after an
    abort it holds those scored so far.
    """
    play = make_play(tables)
    state = root_state(board, tables)
    search = make_search(context, tables, play)
    mine = state.my_threats
    at_once = 1 - WIN if board.misere else WIN - 1  # completing a line
    empty = board.empty_bits
    candidates = root_candidates(board, tables, all_moves)
    candidates = [c for c in candidates if c not in refuted] or candidates
    solving = depth >= empty.bit_count()
    if context.selective and not solving and not all_moves:
        area = tables.near(board.x_bits | board.o_bits, SELECTIVE_DISTANCE)
        nearby = [c for c in candidates if area >> c & 1]
        if len(nearby) < len(candidates):
            context.horizon_hits += 1
            candidates = nearby or candidates
    ordered = [c for c in preferred if c in candidates]
    ordered += [c for c in candidates if c not in ordered]
    scores: dict[int, int] = {} if scored is None else scored
    best_score = -INFINITY
    best: list[int] = []
    exact: set[int] = set()
    for move in ordered:
        hits = context.horizon_hits
        if mine >> move & 1:
            score = at_once
        else:
            child = play(state, move)
            if all_moves:
                alpha = -INFINITY
            elif randomize or margin:
                alpha = max(best_score - 1 - margin, -INFINITY)
            else:
                alpha = best_score

            def value(low: int, high: int, child: StateTuple = child) -> int:
                return -search(child, depth - 1, -high, -low, 1)

            if solving and alpha < 0:
                # Settle win/draw/loss with a narrow window first; only
                # wins (and losses that matter) need their exact distance.
                score = value(-1, 1)
                if score >= 1:
                    score = value(max(alpha, 0), INFINITY)
                elif score <= -1 and alpha < -1:
                    score = value(alpha, 0)
            else:
                score = value(alpha, INFINITY)
        scores[move] = score
        if all_moves and context.horizon_hits == hits:
            exact.add(move)
        if score > best_score:
            best_score, best = score, [move]
        elif score == best_score and (all_moves or randomize):
            best.append(move)  # else it may only be an upper bound equal to the best
    return RootScores(scores, best, frozenset(exact))
