"""Tests of the negamax engine against an independent plain minimax, and its options.

Scores are from the side to move: a win in ``n`` plies is ``WIN - n``, a loss in
``n`` plies ``-(WIN - n)``, a draw 0.
"""

from __future__ import annotations

import dataclasses
import re
import threading
import time
from collections import Counter
from collections.abc import Callable

import pytest
from conftest import examples, sample
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from variant_reference import (
    EXHAUSTIVE,
    RANDOM,
    forces_win,
    forget_values,
    minimax,
    move_values,
    open_3x3,
    random_positions,
    winning_cells,
)

from ttt_gui.board import DEFAULT_WIN_LENGTH, MIN_SIZE, Board, Player
from ttt_gui.engine import (
    MATE_THRESHOLD,
    WIN,
    Engine,
    Limit,
    MoveAnalysis,
    SearchResult,
    describe_score,
)

SIZES = range(MIN_SIZE, 10)  # the square boards of the Board menu; variants: test_variants.py

# -- positions --------------------------------------------------------------------------


def assert_legal_line(board: Board, line: tuple[int, ...]) -> None:
    """Play ``line`` from ``board``; Board.play raises on any illegal move."""
    for move in line:
        board = board.play(move)


# -- exhaustive 3x3 comparison with minimax -------------------------------------------

#: How many of the 4,520 open 3x3 positions the default run checks (--slow: all).
SAMPLE_3X3 = 600


def open_3x3_sample(exhaustive: bool) -> list[Board]:
    """Every open 3x3 position with --slow, else the same fixed 600 of them."""
    return sample(tuple(open_3x3()), SAMPLE_3X3, exhaustive=exhaustive)


def test_minimax_knows_the_3x3_game_is_a_draw() -> None:
    """A check of the reference itself: every first move draws, and a mate counts plies."""
    assert move_values(Board.empty(3)) == dict.fromkeys(range(9), 0)
    assert move_values(Board.parse("XX./OO./...")) == {
        2: WIN - 1,
        5: 0,  # blocks O's row; O must then block c1 and it is a draw
        6: -(WIN - 2),
        7: -(WIN - 2),
        8: -(WIN - 2),
    }


def test_analyse_matches_minimax_everywhere_with_fresh_engines(exhaustive: bool) -> None:
    """Every open 3x3 position with --slow, else a fixed 600 of them."""
    mismatches = [
        (str(board), scores, expected)
        for board in open_3x3_sample(exhaustive)
        if (scores := Engine().analyse(board)) != (expected := move_values(board))
    ]
    assert not mismatches, mismatches[:5]


def test_analyse_matches_minimax_everywhere_with_one_shared_engine(exhaustive: bool) -> None:
    """The transposition table kept across thousands of searches stays correct
    (all 4,520 open positions with --slow, else a fixed 600 of them)."""
    assert len(tuple(open_3x3())) == 4520
    boards = open_3x3_sample(exhaustive)
    engine = Engine()
    for board in boards:
        assert engine.analyse(board) == move_values(board), str(board)
    # And in the reverse order, so entries from later positions are reused first.
    for board in reversed(boards):
        assert engine.analyse(board) == move_values(board), str(board)


def test_evaluate_moves_is_exact_at_unlimited_depth() -> None:
    board = Board.parse("X.O/.X./...")
    analysis = Engine().evaluate_moves(board)
    assert analysis.exact
    assert analysis.scores == move_values(board)
    best = max(analysis.scores.values())
    assert sorted(analysis.best) == sorted(m for m, s in analysis.scores.items() if s == best)


def check_search(board: Board, result: SearchResult) -> None:
    """The result is exact, scores the minimax value, and its pv is optimal play."""
    values = move_values(board)
    assert result.score == minimax(board), str(board)
    assert values[result.move] == result.score, str(board)
    assert result.exact
    assert result.pv[0] == result.move
    position = board
    for move in result.pv:  # every move of the line is legal and optimal
        here = move_values(position)
        assert here[move] == max(here.values()), (str(board), result.pv)
        position = position.play(move)


@pytest.mark.parametrize(
    "make_engine",
    [
        lambda: Engine(randomize=False),
        lambda: Engine(seed=7),
    ],
    ids=["deterministic", "randomized"],
)
def test_search_scores_the_minimax_value_with_fresh_engines(
    make_engine: Callable[[], Engine], exhaustive: bool
) -> None:
    """Every open 3x3 position with --slow, else a fixed 600 of them."""
    for board in open_3x3_sample(exhaustive):
        check_search(board, make_engine().search(board))


def test_search_with_a_shared_engine_agrees_with_fresh_engines(exhaustive: bool) -> None:
    """Every open 3x3 position with --slow, else a fixed 600 of them."""
    shared = Engine(seed=11)
    for board in open_3x3_sample(exhaustive):
        result = shared.search(board)
        check_search(board, result)
        assert result.score == Engine(randomize=False).search(board).score


@given(st.data())
@settings(max_examples=examples(60, 20), deadline=None)
def test_engine_matches_minimax_near_the_end_of_larger_games(data: st.DataObject) -> None:
    """Positions with at most 7 empty cells on 4x4 to 6x6, any win length."""
    size = data.draw(st.sampled_from([4, 5, 6]), label="size")
    win_length = data.draw(st.integers(MIN_SIZE, size), label="win_length")
    empties = data.draw(st.integers(1, 7), label="empties")
    order = data.draw(st.permutations(range(size * size)), label="order")
    board = Board.empty(size, win_length)
    for move in order[: size * size - empties]:
        if board.is_over:
            break
        board = board.play(move)
    assume(not board.is_over)
    values = move_values(board)
    assert Engine().analyse(board) == values
    result = Engine(seed=0).search(board)
    assert result.exact and result.score == max(values.values())
    assert values[result.move] == result.score
    # A depth limit that reaches every game end is exact too.
    limited = Engine(randomize=False).evaluate_moves(board, Limit(depth=empties))
    assert limited.exact and limited.scores == values


# -- moves proven in an analysis that is not ------------------------------------------

#: Boards on which approximate analyses are checked move by move.
PER_MOVE_BOARDS = {
    "4x4 k=3": {"size": 4, "win_length": 3},
    "4x4 k=4": {"size": 4, "win_length": 4},
    "4x4 gravity k=3": EXHAUSTIVE["4x4 gravity k=3"],
    "4x4 misere k=3": RANDOM["4x4 misere k=3"][0],
}


def check_proven_moves(board: Board, analyses: list[MoveAnalysis]) -> tuple[int, int]:
    """Assert that the moves each analysis of ``board`` marks proven score
    their minimax value; (moves proven, moves not) in the inexact ones."""
    values = move_values(board)
    proven = unproven = 0
    for analysis in analyses:
        wrong = {move: analysis.scores[move] for move in analysis.proven}
        wrong = {move: score for move, score in wrong.items() if score != values[move]}
        assert not wrong, f"{board!r} depth {analysis.depth}: {wrong} != {values}"
        if not analysis.exact:
            proven += len(analysis.proven)
            unproven += len(analysis.scores.keys() - analysis.proven)
    return proven, unproven


@pytest.mark.parametrize(
    "name",
    # 4x4 k=3 with --slow only: by default 4x4 k=4 stands for the plain rules.
    [
        pytest.param(name, marks=pytest.mark.slow)
        if name in ("4x4 k=3", "4x4 misere k=3")
        else name
        for name in PER_MOVE_BOARDS
    ],
)
def test_moves_an_approximate_analysis_calls_proven_score_their_minimax_value(
    name: str, exhaustive: bool
) -> None:
    """A move whose search reached every game end is in ``proven`` even when
    the analysis is not exact: at depths 1 to 4 on fresh engines, and with
    one engine (and its table) shared by every position at a node limit.
    40 positions with --slow, else the first 4 of them."""
    start = Board.empty(**PER_MOVE_BOARDS[name])
    shared = Engine(randomize=False)
    proven = unproven = 0
    count, least_proven, least_unproven = (40, 50, 20) if exhaustive else (4, 8, 2)
    for board in random_positions(start, count, 5, seed=5):
        analyses = [
            Engine(randomize=False).evaluate_moves(board, Limit(depth=depth))
            for depth in (1, 2, 3, 4)
        ]
        analyses.append(shared.evaluate_moves(board, Limit(nodes=300)))
        counts = check_proven_moves(board, analyses)
        proven, unproven = proven + counts[0], unproven + counts[1]
    forget_values()
    assert proven >= least_proven and unproven >= least_unproven, (proven, unproven)


@pytest.mark.parametrize(
    ("selective", "node_limits", "least"),
    [
        pytest.param(False, (300, 3000), 60, marks=pytest.mark.slow),
        (True, (300, 3000), 10),
    ],
    ids=["full-width", "selective"],
)
def test_losses_proven_by_a_bounded_search_have_their_exact_distance(
    selective: bool,
    node_limits: tuple[int, ...],
    least: int,
) -> None:
    """7x7 with five in a row (where the selective search narrows its moves):
    O must stop X's open three. The losses the analysis calls proven are
    checked by plain search: X forces the win within their distance, and
    not two plies sooner."""
    board = Board.parse("......./......./.o.o.../.xxx.../......./..o..../......x", 5)
    checked = 0
    for nodes in node_limits:
        engine = Engine(selective=selective)
        analysis = engine.evaluate_moves(board, Limit(nodes=nodes))
        assert not analysis.exact
        for move in analysis.proven:
            score, after = analysis.scores[move], board.play(move)
            assert score < -MATE_THRESHOLD, "only losses are proven here"
            plies = WIN + score - 1  # after O's move
            assert forces_win(after, Player.X, plies), board.coordinate(move)
            assert not forces_win(after, Player.X, plies - 2), board.coordinate(move)
            checked += 1
    forget_values()
    assert checked >= least, checked


# -- never loses ------------------------------------------------------------------------


def results_against_every_line(engine: Engine, side: Player) -> Counter[Player | None]:
    """Play ``engine`` as ``side`` against every possible sequence of opponent moves.

    Returns how many of those games each player won (None counts draws).
    """
    results: Counter[Player | None] = Counter()

    def walk(board: Board) -> None:
        if board.is_over:
            results[board.winner] += 1
        elif board.turn is side:
            walk(board.play(engine.search(board).move))
        else:
            for move in board.legal_moves():
                walk(board.play(move))

    walk(Board.empty(3))
    return results


@pytest.mark.parametrize("side", [Player.X, Player.O], ids=["as X", "as O"])
@pytest.mark.parametrize(
    "make_engine",
    [lambda: Engine(randomize=False), lambda: Engine(seed=2024)],
    ids=["deterministic", "randomized"],
)
def test_perfect_engine_never_loses(side: Player, make_engine: Callable[[], Engine]) -> None:
    results = results_against_every_line(make_engine(), side)
    assert results[side.other] == 0, results
    # Every first reply of the opponent was tried (at least one game each), and
    # some of the opponent's poor lines lose.
    assert sum(results.values()) >= 8
    assert results[side] > 0


# -- immediate wins ---------------------------------------------------------------------


def test_takes_every_immediate_win_on_3x3(exhaustive: bool) -> None:
    """All 2,358 positions with a win in one with --slow, else a fixed 800 of them."""
    with_a_win = [
        board
        for board in open_3x3()
        if any(board.play(move).winner is board.turn for move in board.legal_moves())
    ]
    assert len(with_a_win) == 2358
    shared = Engine(seed=5)
    for board in sample(with_a_win, 800, exhaustive=exhaustive):
        for engine in (Engine(randomize=False), shared):
            result = engine.search(board)
            assert board.play(result.move).winner is board.turn, str(board)
            assert result.score == WIN - 1
            assert result.describe() == "win in 1"


# -- fastest win ------------------------------------------------------------------------------


def test_prefers_the_win_in_one_to_slower_wins() -> None:
    """
        . . .
        . . X
        O O X     X to move.

    c1 (cell 2) completes the right column now. a1, a2 and b2 also win, but
    only in 3 plies (b2 threatens a1 and a2 at once), and b1 wins in 5: the
    engine must not dawdle.
    """
    board = Board.parse(".../..X/OOX")
    values = move_values(board)
    assert values[2] == WIN - 1
    assert {values[0], values[3], values[4]} == {WIN - 3}
    assert values[1] == WIN - 5
    assert Engine(randomize=False).search(board).move == 2
    for seed in range(100):
        result = Engine(seed=seed).search(board)
        assert (result.move, result.score) == (2, WIN - 1), seed


def test_prefers_the_fastest_fork() -> None:
    """
        . X .
        . . .
        O O X     X to move; there is no win at once.

    a1 or c1 (cells 0, 2) fork at once (two threats), winning in 3 plies; a2
    and c2 win only in 5 and b2 just draws. Every seed picks a fork.
    """
    board = Board.parse(".X./.../OOX")
    values = move_values(board)
    assert values == {0: WIN - 3, 2: WIN - 3, 3: WIN - 5, 5: WIN - 5, 4: 0}
    chosen = set()
    for seed in range(100):
        result = Engine(seed=seed).search(board)
        assert result.score == WIN - 3 and result.move in {0, 2}, seed
        chosen.add(result.move)
    assert chosen == {0, 2}  # both forks are played by some seed
    assert Engine(randomize=False).search(board).describe() == "win in 3"


def test_delays_a_forced_loss() -> None:
    """
        . . .
        . X .
        . O X     O to move.

    X threatens a1 (cell 0) on the diagonal. Blocking there only postpones the
    loss (X then forks with c1), but every other move loses at once: the
    engine blocks and reports a loss in 4, not 2.
    """
    board = Board.parse(".../.X./.OX")
    values = move_values(board)
    assert values[0] == -(WIN - 4)
    assert all(value == -(WIN - 2) for move, value in values.items() if move != 0)
    for engine in (Engine(randomize=False), Engine(seed=1)):
        result = engine.search(board)
        assert (result.move, result.score) == (0, -(WIN - 4))
        assert result.describe() == "loss in 4"


def test_blocks_to_hold_the_draw() -> None:
    """
        . . .
        . O .
        X O X     X to move: O threatens b1 (cell 1) down the middle column.

    Blocking at b1 holds the draw; anything else loses at once.
    """
    board = Board.parse(".../.O./XOX")
    result = Engine(seed=1).search(board)
    assert (result.move, result.score, result.describe()) == (1, 0, "draw")
    assert move_values(board) == {1: 0, 0: -(WIN - 2), 2: -(WIN - 2), 3: -(WIN - 2), 5: -(WIN - 2)}


# -- randomize ------------------------------------------------------------------------------


def first_moves(engine: Engine, games: int = 1) -> list[int]:
    return [engine.search(Board.empty(3)).move for _ in range(games)]


def test_randomized_engine_is_reproducible_per_seed(exhaustive: bool) -> None:
    """The first 200 open positions with five moves or more with --slow, else 100."""
    boards = [board for board in open_3x3() if len(board.legal_moves()) >= 5]
    boards = boards[: 200 if exhaustive else 100]
    for seed in (0, 1, 99):
        first, second = Engine(seed=seed), Engine(seed=seed)
        assert [first.search(b).move for b in boards] == [second.search(b).move for b in boards]


def test_randomized_engine_varies_with_the_seed_on_the_empty_board() -> None:
    """All nine first moves draw on 3x3, so each is a fair random choice."""
    assert set(Engine().analyse(Board.empty(3)).values()) == {0}
    moves = {Engine(seed=seed).search(Board.empty(3)).move for seed in range(200)}
    assert moves == set(range(9))
    # One engine also varies its choice from one search to the next.
    assert len(set(first_moves(Engine(seed=3), 40))) > 1


def test_deterministic_engine_always_plays_the_same_move(exhaustive: bool) -> None:
    """The first 200 open positions with five moves or more with --slow, else 100."""
    boards = [board for board in open_3x3() if len(board.legal_moves()) >= 5]
    boards = boards[: 200 if exhaustive else 100]
    expected = [Engine(randomize=False, seed=0).search(b).move for b in boards]
    for seed in (1, 2, None):
        engine = Engine(randomize=False, seed=seed)
        assert [engine.search(b).move for b in boards] == expected
        assert [engine.search(b).move for b in boards] == expected
    assert len(set(first_moves(Engine(randomize=False), 10))) == 1


# -- describe_score ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "exact", "words"),
    [
        (WIN - 1, True, "win in 1"),
        (WIN - 3, True, "win in 3"),
        (0, True, "draw"),
        (-(WIN - 2), True, "loss in 2"),
        (-(WIN - 7), False, "loss in 7"),  # a mate found by a shallow search is still proven
        (0, False, "about even"),
        (1, False, "about even"),
        (-1, False, "about even"),
        (12, False, "ahead (≈+12)"),
        (-12, False, "behind (≈-12)"),
    ],
)
def test_describe_score(score: int, exact: bool, words: str) -> None:
    assert describe_score(score, exact) == words


def test_heuristic_results_are_described_as_estimates() -> None:
    result = Engine(seed=0).search(Board.empty(7), Limit(depth=2))
    assert not result.exact
    assert abs(result.score) < MATE_THRESHOLD
    assert re.fullmatch(r"about even|ahead \(≈\+\d+\)|behind \(≈-\d+\)", result.describe())


# -- known results of larger games -------------------------------------------------------------


def test_4x4_three_in_a_row_is_a_first_player_win() -> None:
    """X needs three marks, so no win comes before ply 5; the engine finds it there."""
    result = Engine(table_limit=10**8).search(Board.empty(4, 3))
    assert result.exact
    assert result.score > MATE_THRESHOLD
    assert result.score == WIN - 5
    assert forces_win(Board.empty(4, 3).play(result.move), Player.X, 4)
    assert not forces_win(Board.empty(4, 3), Player.X, 4)


def test_4x4_four_in_a_row_is_a_draw() -> None:
    result = Engine(table_limit=10**8).search(Board.empty(4, 4))
    assert result.exact
    assert result.score == 0
    assert result.describe() == "draw"


# -- depth-limited search --------------------------------------------------------------------


@st.composite
def random_games(draw: st.DrawFn) -> tuple[Board, list[int]]:
    """An empty board of any size with its default win length, and a move order."""
    size = draw(st.sampled_from(SIZES))
    return Board.empty(size, DEFAULT_WIN_LENGTH[size]), draw(st.permutations(range(size**2)))


@given(random_games(), st.data())
@settings(max_examples=examples(60, 20), deadline=None)
def test_depth_limited_search_returns_a_legal_move(
    game: tuple[Board, list[int]], data: st.DataObject
) -> None:
    board, order = game
    length = data.draw(st.integers(0, len(order) - 1))
    for move in order[:length]:
        if board.play(move).is_over:
            break
        board = board.play(move)
    for depth in (1, 2, 3):
        result = Engine(seed=depth).search(board, Limit(depth=depth))
        assert result.move in board.legal_moves()
        assert 1 <= result.depth <= depth
        assert result.pv[0] == result.move
        assert_legal_line(board, result.pv)


def first_position(
    board: Board, order: list[int], wanted: Callable[[Board], bool]
) -> Board | None:
    """The first position of the game played in ``order`` where ``wanted`` holds."""
    for move in order:
        if board.is_over:
            return None
        if wanted(board):
            return board
        board = board.play(move)
    return None


def has_a_win(board: Board) -> bool:
    return bool(winning_cells(board, board.turn))


def faces_one_threat(board: Board) -> bool:
    return not has_a_win(board) and len(winning_cells(board, board.turn.other)) == 1


@given(random_games(), st.integers(0, 2**32 - 1))
@settings(max_examples=examples(80, 30), deadline=None)
def test_depth_one_takes_an_immediate_win(game: tuple[Board, list[int]], seed: int) -> None:
    board = first_position(*game, has_a_win)
    assume(board is not None)
    assert board is not None
    result = Engine(seed=seed).search(board, Limit(depth=1))
    assert result.move in winning_cells(board, board.turn)
    assert board.play(result.move).winner is board.turn
    assert result.score == WIN - 1


@given(random_games(), st.integers(0, 2**32 - 1))
@settings(max_examples=examples(80, 30), deadline=None)
def test_depth_one_blocks_a_single_threat(game: tuple[Board, list[int]], seed: int) -> None:
    board = first_position(*game, faces_one_threat)
    assume(board is not None)
    assert board is not None
    (threat,) = winning_cells(board, board.turn.other)
    assert Engine(seed=seed).search(board, Limit(depth=1)).move == threat
    assert Engine(randomize=False).search(board, Limit(depth=1)).move == threat


@pytest.mark.parametrize(
    ("text", "win", "block"),
    [
        # 3x3, X to move: a3 (cell 6) completes the left column; O's threat at
        # b1 does not matter.
        ("X../XO./.O.", 6, None),
        # 3x3, O to move: X threatens c1 (cell 2) along the top row.
        ("XX./.O./...", None, 2),
        # 5x5 (four in a row), X to move: X holds b2-c3-d4; a1 is taken by O,
        # so only e5 (cell 24) makes four.
        ("O...X/.X..O/..X../O..X./..O..", 24, None),
        # 5x5, O to move: X holds b3-c3-d3 with e3 shut; only a3 (cell 10) blocks.
        ("...../.O.../.XXXO/..O../.X...", None, 10),
        # 7x7 (five in a row), O to move: X holds four on the anti-diagonal from
        # g1 (the board edge); only c5 (cell 30) blocks.
        ("O.....X/...O.X./....X../...X.../......./.O.O.../......X", None, 30),
        # 9x9 (five in a row), X to move: X completes the top row at e1 (cell 4).
        (
            "XXXX...../OOOO...../........./........./........./"
            "........./........./........./.........",
            4,
            None,
        ),
        # 9x9, O to move: X holds e5-h5 with d5 shut; only i5 (cell 44) blocks.
        (
            "O.......O/........./........./........./...OXXXX./"
            "........./........./........./O.......X",
            None,
            44,
        ),
    ],
)
def test_depth_one_on_hand_drawn_positions(text: str, win: int | None, block: int | None) -> None:
    board = Board.parse(text)
    mover = board.turn
    if win is not None:
        assert winning_cells(board, mover) == {win}
    else:
        assert not winning_cells(board, mover)
        assert winning_cells(board, mover.other) == {block}
    for engine in (Engine(randomize=False), Engine(seed=3)):
        result = engine.search(board, Limit(depth=1))
        if win is not None:
            assert result.move == win
            assert board.play(result.move).winner is mover
        else:
            assert result.move == block


# -- time limit, stop, clear ---------------------------------------------------------------


def test_time_limited_search_on_9x9_returns_a_legal_move() -> None:
    board = Board.empty(9)
    result = Engine().search(board, Limit(time=0.2))
    assert result.move in board.legal_moves()
    assert result.depth >= 1
    assert not result.exact


def search_in_a_thread(
    engine: Engine, board: Board, stop: threading.Event | None = None
) -> tuple[threading.Thread, list[SearchResult]]:
    """Start ``engine.search(board, stop=stop)`` in a thread; its result lands in the list."""
    results: list[SearchResult] = []
    thread = threading.Thread(
        target=lambda: results.append(engine.search(board, stop=stop)), daemon=True
    )
    thread.start()
    return thread, results


def assert_stopped_early(
    thread: threading.Thread, results: list[SearchResult], board: Board
) -> None:
    """The search thread ends soon, with one legal move that is not proven."""
    thread.join(timeout=5)
    assert not thread.is_alive(), "the search did not stop"
    assert len(results) == 1
    assert results[0].move in board.legal_moves()
    assert not results[0].exact


def wait_until_searching(engine: Engine) -> None:
    """Wait until ``engine`` runs a search: it holds the search's stop token
    (a stop before that would be forgotten, as documented)."""
    end = time.monotonic() + 5
    while not engine.is_searching:
        assert time.monotonic() < end, "the search did not start"
        time.sleep(0.001)


def test_setting_the_stop_token_ends_a_running_search() -> None:
    board = Board.empty(7)  # far too large to solve: without the stop it runs on
    stop = threading.Event()
    engine = Engine(randomize=False)
    assert not engine.is_searching
    thread, results = search_in_a_thread(engine, board, stop)
    wait_until_searching(engine)
    stop.set()
    assert_stopped_early(thread, results, board)
    assert not engine.is_searching, "a search that ended is not running"


def test_engine_stop_ends_the_running_search() -> None:
    board = Board.empty(9)
    engine = Engine()
    thread, results = search_in_a_thread(engine, board)
    wait_until_searching(engine)
    engine.stop()
    assert_stopped_early(thread, results, board)


def test_engine_stop_with_no_search_running_is_forgotten() -> None:
    engine = Engine(randomize=False)
    engine.stop()
    result = engine.search(Board.from_moves([4]))
    assert result.exact and result.score == 0


def stopped_token() -> threading.Event:
    stop = threading.Event()
    stop.set()
    return stop


@pytest.mark.parametrize("size", [3, 7, 9])
def test_a_stop_token_set_before_the_search_returns_at_once(size: int) -> None:
    board = Board.empty(size)
    engine = Engine(randomize=False)
    result = engine.search(board, stop=stopped_token())
    assert result.nodes < 256  # less than one interval between checks of the token
    assert result.move in board.legal_moves()
    assert result.depth == 0 and not result.exact
    analysis = engine.evaluate_moves(board, stop=stopped_token())
    assert analysis.nodes < 256 and not analysis.exact
    assert set(engine.analyse(board, stop=stopped_token())) <= set(board.legal_moves())
    # The token belongs to those searches only: the next one runs to the end.
    if size == 3:
        assert engine.search(board).exact


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("XX./OO./...", 2),  # 3x3, X to move: c1 wins (O's threat at c2 does not matter)
        ("XX./.O./...", 2),  # 3x3, O to move: c1 blocks X's top row
        # 7x7, O to move: only c5 (cell 30) blocks X's four on the anti-diagonal.
        ("O.....X/...O.X./....X../...X.../......./.O.O.../......X", 30),
        # 9x9, X to move: e1 (cell 4) completes the top row.
        (
            "XXXX...../OOOO...../........./........./........./"
            "........./........./........./.........",
            4,
        ),
    ],
    ids=["win 3x3", "block 3x3", "block 7x7", "win 9x9"],
)
def test_a_search_stopped_before_it_starts_still_wins_or_blocks(text: str, move: int) -> None:
    board = Board.parse(text)
    engines = [(Engine(), Limit()), (Engine(seed=1), Limit())]
    engines.append((Engine(randomize=False), Limit(time=10.0)))
    for engine, limit in engines:
        result = engine.search(board, limit, stop=stopped_token())
        assert result.move == move
        assert result.nodes < 256


def test_clear_empties_the_table_and_keeps_results() -> None:
    board = Board.from_moves([4])
    fresh = Engine(randomize=False).search(board)
    engine = Engine(randomize=False)
    first = engine.search(board)
    again = engine.search(board)
    assert again.nodes < first.nodes  # the table answered
    engine.clear()
    cleared = engine.search(board)
    assert cleared.nodes == first.nodes == fresh.nodes  # searched from scratch again
    for result in (first, again, cleared):
        assert (result.move, result.score, result.exact) == (fresh.move, fresh.score, True)
    assert engine.analyse(board) == move_values(board)


# -- node budgets and scores within a margin ------------------------------------------------


def test_a_node_budget_bounds_the_search_the_same_way_every_time() -> None:
    board = Board.from_moves([40, 41, 31], 9, 5)
    results = [Engine(seed=1).search(board, Limit(nodes=3_000)) for _ in range(2)]
    assert results[0] == dataclasses.replace(results[1], elapsed=results[0].elapsed)
    first = results[0]
    assert 3_000 < first.nodes <= 3_000 + 256, "checked every 256 positions"
    assert not first.exact and first.depth >= 2
    bigger = Engine(seed=1).search(board, Limit(nodes=30_000))
    assert bigger.depth > first.depth


def test_a_tiny_node_budget_still_finishes_the_first_iteration() -> None:
    board = Board.parse("XX.../OOO../X..../...../.....", 4)
    result = Engine().search(board, Limit(nodes=1))
    assert result.move == 8 and result.depth >= 1, "the block, from a finished iteration"
    assert result.nodes <= 256


@pytest.mark.parametrize("margin", [0, 3, 40])
def test_moves_within_the_margin_are_scored_exactly(margin: int) -> None:
    for board in (Board.from_moves([4]), Board.from_moves([12, 6], 5, 4)):
        full = Engine().evaluate_moves(board, Limit(depth=3))
        windowed = Engine().evaluate_moves(board, Limit(depth=3), within=margin)
        best = max(full.scores.values())
        assert max(windowed.scores.values()) == best
        for move, score in windowed.scores.items():
            if score >= best - margin:
                assert score == full.scores[move], (str(board), move)
            else:
                assert full.scores[move] <= score, "an upper bound"
        close = {move for move, score in full.scores.items() if score >= best - margin}
        assert close <= set(windowed.scores)
        assert windowed.nodes <= full.nodes


# -- bad arguments -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"depth": 0}, "depth"),
        ({"depth": -3}, "depth"),
        ({"time": 0}, "time"),
        ({"time": -1.0}, "time"),
        ({"nodes": 0}, "nodes"),
    ],
)
def test_a_limit_rejects_bad_bounds(arguments: dict[str, float], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Limit(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["XXX/OO./...", "XOX/XOO/OXX"], ids=["won", "drawn"])
def test_searching_a_finished_board_raises(text: str) -> None:
    board = Board.parse(text)
    calls = [(Engine().search, Limit()), (Engine().analyse, Limit())]
    calls.append((Engine().evaluate_moves, Limit(depth=2)))
    for call, limit in calls:
        with pytest.raises(ValueError, match="over"):
            call(board, limit)
