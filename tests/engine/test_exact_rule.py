"""The exact rule (standard Gomoku): exactly ``win_length`` in a row wins, an
overline does not; in the rules, and in the engine, whose analysis equals an
independent plain minimax (tests/variant_reference.py) on small boards.

The random positions of the exact variants are checked with the others in
tests/engine/test_variants.py (RANDOM); here the rules, the threats the
search keeps up to date, and every reachable position of one rectangle
(a sample without --slow).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from variant_reference import EXHAUSTIVE, has_line, mismatches, random_positions, reachable

from ttt_gui.board import Board, Player
from ttt_gui.engine import WIN, Engine, Limit
from ttt_gui.engine.state import make_play, root_state, threats
from ttt_gui.engine.tables import tables_for

# -- the rule -------------------------------------------------------------------------


def test_an_overline_does_not_win_but_exactly_five_does() -> None:
    board = Board.parse(
        "XXXX.X.../........./OOOO...../......O../........./"
        "........./........./........./.........",
        exact=True,
    )
    six = board.play(4)  # X makes six in a row: no win, play goes on
    assert not six.is_over
    assert six.play(2 * 9 + 4).winner is Player.O  # O's exact five
    freestyle = Board.parse(str(board), win_length=5)
    assert freestyle.play(4).winner is Player.X


def test_filling_a_gap_wins_only_when_the_run_is_exactly_five() -> None:
    rows = "/OOOO...../........./O......../........./........./........./........./........."
    assert not Board.parse("XXX.XX..." + rows, exact=True).play(3).is_over
    rows = "/OOO....../........./O......../........./........./........./........./........."
    assert Board.parse("XX.XX...." + rows, exact=True).play(2).winner is Player.X


def test_the_rule_reads_and_writes_as_a_word() -> None:
    board = Board.empty(9, exact=True).play(40)
    assert board.to_text() == "........./........./........./........./....X..../" + (
        "........./........./........./......... exact"
    )
    assert Board.from_text(board.to_text()) == board
    assert repr(board).endswith("win_length=5, exact=True)")
    assert eval(repr(board)) == board  # noqa: S307 - the repr is Board.parse(...)


def test_the_rule_is_a_different_board_for_the_engine_and_the_tables() -> None:
    plain, exact = Board.empty(9), Board.empty(9, exact=True)
    assert plain != exact and plain.geometry is not exact.geometry
    assert tables_for(exact.geometry).geometry.exact


def boards_of_random_games(start: Board, games: int, seed: int) -> set[Board]:
    """Every board met in ``games`` random games from ``start``, the
    finished ones among them."""
    rng = random.Random(seed)
    seen = {start}
    for _ in range(games):
        board = start
        while not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
            seen.add(board)
    return seen


def every_board(start: Board) -> set[Board]:
    """Every board reachable from ``start``, the finished ones among them."""
    seen = {start}
    stack = [start]
    while stack:
        board = stack.pop()
        for move in board.legal_moves():
            child = board.play(move)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


@pytest.mark.parametrize(
    "exhaustive", [pytest.param(True, marks=pytest.mark.slow), False], ids=["all", "sample"]
)
def test_the_rules_wins_equal_an_independent_scan_of_runs(
    exhaustive: bool, request: pytest.FixtureRequest
) -> None:
    """On 4 rows x 3 columns, exact k=3: every reachable board under --slow,
    else those of random games (1,500 of them in a --slow run, 500 by default)."""
    start = Board.empty(**EXHAUSTIVE["4 rows x 3 cols exact k=3"])
    games = 1_500 if request.config.getoption("--slow") else 500
    seen = every_board(start) if exhaustive else boards_of_random_games(start, games, seed=4)
    overlines = 0
    for board in seen:
        for player in Player:
            assert (board.winner is player) == has_line(board, player), board
        if not board.is_over and dataclasses.replace(board, exact=False).is_over:
            overlines += 1
    assert overlines > 0  # the variant does reach positions the rule decides


# -- the engine -------------------------------------------------------------------------


def test_threats_kept_by_each_move_equal_threats_counted_afresh() -> None:
    """Along random games on the largest board, the search's incremental
    threats equal those counted from scratch: the exact rule drops a threat
    when a mark beyond a line's end makes it an overline's."""
    rng = random.Random(7)
    for game in range(6):
        board = Board.empty(15, exact=True)
        # Play densely in a small square so that lines and overlines form.
        area = [row * 15 + col for row in range(4, 11) for col in range(4, 11)]
        tables = tables_for(board.geometry)
        play = make_play(tables)
        state = root_state(board, tables)
        while not board.is_over:
            moves = [move for move in area if board[move] is None]
            if not moves:
                break
            move = rng.choice(moves)
            if state[3] >> move & 1:  # the side to move's threats: a win
                break  # the search never plays past it
            state = play(state, move)
            board = board.play(move)
            _, me, opp, my_threats, opp_threats, *_ = state
            assert my_threats == threats(me, opp, board.geometry), (game, board)
            assert opp_threats == threats(opp, me, board.geometry), (game, board)


@pytest.mark.parametrize(
    "exhaustive", [pytest.param(True, marks=pytest.mark.slow), False], ids=["all", "sample"]
)
def test_analysis_equals_minimax_on_every_reachable_exact_position(
    exhaustive: bool, request: pytest.FixtureRequest
) -> None:
    """Every reachable position under --slow, else those of random games (the
    first 100 of them in a --slow run, 30 by default)."""
    start = Board.empty(**EXHAUSTIVE["4 rows x 3 cols exact k=3"])
    if exhaustive:
        positions = reachable(start)
    else:  # the positions of random games: enumerating all takes seconds
        count = 100 if request.config.getoption("--slow") else 30
        positions = random_positions(start, count, 3, seed=6)
    assert not mismatches(positions)


def test_the_engine_takes_an_exact_five_and_not_an_overline() -> None:
    board = Board.parse(
        "........./........./XXXX.X.../........./XXXX...../"
        "........./OOOO...../O.O.O.O../..O......",
        exact=True,
    )
    result = Engine(randomize=False).search(board, Limit(depth=3))
    assert result.move == 4 * 9 + 4 and result.score == WIN - 1


def test_the_engine_does_not_block_an_overline() -> None:
    """O's only "threat" would make six in a row: X is free to win itself."""
    board = Board.parse(
        "........./........./OOOO.O.../........./.XXX...../"
        "........./X......../......X../.........",
        exact=True,
    )
    assert board.turn is Player.X
    result = Engine(randomize=False).search(board, Limit(depth=5))
    assert (result.move, result.score) == (4 * 9 + 4, WIN - 3)  # an open four
    freestyle = Board.parse(str(board), win_length=5)
    assert Engine(randomize=False).search(freestyle, Limit(depth=5)).move == 2 * 9 + 4
