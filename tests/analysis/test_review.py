"""Game review: every move of every reachable 3x3 position judged as an
independent plain minimax would judge it; wording; approximate boards."""

from __future__ import annotations

import re
import threading

import pytest
from conftest import examples, sample
from hypothesis import given, settings
from hypothesis import strategies as st
from variant_reference import move_values, open_3x3

from ttt_gui.analysis.forced_wins import ThreatProver
from ttt_gui.analysis.review import (
    HEURISTIC_MARGIN,
    GameReview,
    Mark,
    ReviewStopped,
    judge,
    review_game,
    review_move,
)
from ttt_gui.analysis.values import Clause, Value
from ttt_gui.board import Board, IllegalMoveError, Player
from ttt_gui.engine import UNMEASURED_WIN, WIN, Engine, Limit


def expected_mark(values: dict[int, int], move: int) -> Mark:
    """The mark by the definition, from minimax values: best keeps the value;
    a different sign (win, draw, loss) is a mistake; else an inaccuracy."""
    best = max(values.values())
    if values[move] == best:
        return Mark.BEST
    sign = (values[move] > 0) - (values[move] < 0)
    best_sign = (best > 0) - (best < 0)
    return Mark.MISTAKE if sign != best_sign else Mark.INACCURACY


# -- exhaustive 3x3 check ------------------------------------------------------------


def test_every_move_of_every_3x3_position_is_marked_as_minimax_says(exhaustive: bool) -> None:
    """Every move of the 4,520 open positions with --slow, else those of a
    fixed 600 of the positions."""
    boards = tuple(open_3x3())
    assert len(boards) == 4520
    assert sum(len(board.legal_moves()) for board in boards) == 16167
    engine = Engine(randomize=False)
    found = dict.fromkeys(Mark, 0)
    for board in sample(boards, 600, exhaustive=exhaustive):
        values = move_values(board)
        analysis = engine.evaluate_moves(board)
        for move in board.legal_moves():
            reviewed = review_move(board.move_count + 1, board, move, analysis)
            expected = expected_mark(values, move)
            assert reviewed.mark is expected, (str(board), move)
            best = max(values.values())
            better = {cell for cell, value in values.items() if value == best}
            assert set(reviewed.better) == (set() if expected is Mark.BEST else better)
            assert reviewed.played_score == values[move]
            assert reviewed.is_proven
            found[expected] += 1
    # Every kind of mark occurs, so none of the comparisons above is vacuous.
    assert all(found.values()), found


@settings(max_examples=examples(60, 20), deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_game_review_marks_each_move_as_its_position_would(random: object) -> None:
    board = Board.empty(3)
    moves = []
    while not board.is_over:
        move = random.choice(board.legal_moves())  # type: ignore[attr-defined]
        moves.append(move)
        board = board.play(move)
    review = review_game(Board.empty(3), moves, Engine())
    assert [reviewed.move for reviewed in review.moves] == moves
    assert [reviewed.number for reviewed in review.moves] == list(range(1, len(moves) + 1))
    position = Board.empty(3)
    for reviewed in review.moves:
        assert reviewed.board == position
        assert reviewed.mark is expected_mark(move_values(position), reviewed.move)
        position = position.play(reviewed.move)
    assert review.is_exact


# -- words -----------------------------------------------------------------------------


def test_a_mistake_says_the_value_before_and_after_and_the_better_moves() -> None:
    # X a1, O b1 (loses: X takes the centre and forks), as the example.
    review = review_game(Board.empty(3), [0, 1, 4], Engine())
    x_move, o_move, _ = review.moves
    assert x_move.mark is Mark.BEST and x_move.change == "a draw"
    assert o_move.mark is Mark.MISTAKE
    assert o_move.change == "was a draw, now X wins in 3 moves"
    assert o_move.better_coordinates == ("b2",)
    assert o_move.blunder_note() == "move 2: b1 lost the draw"


def test_the_summary_counts_each_side_and_names_the_mistakes() -> None:
    review = review_game(Board.empty(3), [0, 1, 4, 7, 8], Engine())
    assert review.summary() == (
        "X: 3 best, 0 inaccuracies, 0 mistakes; "
        "O: 0 best, 1 inaccuracy, 1 mistake (move 2: b1 lost the draw)"
    )


def test_an_inaccuracy_is_a_slower_win_or_a_faster_loss() -> None:
    # X wins at once on c1; a1 wins too, but two moves later.
    review = review_game(Board.parse(".../..x/oox"), [0], Engine())
    (reviewed,) = review.moves
    assert reviewed.mark is Mark.INACCURACY
    assert reviewed.change == "X could win in 1 move, now X wins in 2 moves"
    assert review.summary() == "X: 0 best, 1 inaccuracy, 0 mistakes"
    # Against a loss, holding out less long is an inaccuracy too (O b3 below).
    review = review_game(Board.empty(3), [0, 1, 4, 7], Engine())
    assert review.moves[-1].mark is Mark.INACCURACY
    assert review.moves[-1].change == "X could win in 2 moves, now X wins in 1 move"


def test_the_value_before_and_after_is_a_whole_clause_for_each_reading() -> None:
    before, after = Clause.BEFORE, Clause.AFTER
    assert Value(WIN - 1, True).words(Player.X, before) == "X could win in 1 move"
    assert Value(-(WIN - 1), True).words(Player.X, before) == "O could win in 1 move"
    assert Value(0, True).words(Player.X, before) == "was a draw"
    assert Value(30, False).words(Player.O, before) == "O was better"
    assert Value(5, False).words(Player.O, before) == "O was slightly better"
    assert Value(-300, False).words(Player.O, before) == "X was winning"
    assert Value(1, False).words(Player.O, before) == "was about even"
    assert Value(1, False).words(Player.X, after) == "now about even"
    assert Value(-30, False).words(Player.X, after) == "now O is better"
    assert Value(-(WIN - 4), True).words(Player.X, after) == "now O wins in 2 moves"
    assert Value(0, True).words(Player.X, after) == "now a draw"


#: An engine score in words: a sign and digits, or the "about" sign.
RAW_SCORE = re.compile(r"≈|[+-]\d")


def test_no_value_in_words_carries_an_engine_score() -> None:
    for score in (*range(-300, 301, 7), 2, -2, WIN - 3, -(WIN - 4)):
        for exact in (False, True):
            value = Value(score, exact)
            for mover in Player:
                words = (
                    value.words(mover),
                    value.phrase(mover),
                    value.words(mover, Clause.BEFORE),
                    value.words(mover, Clause.AFTER),
                )
                assert not any(RAW_SCORE.search(text) for text in words), (score, words)
    # A review on a board too large to solve: every line of it in words.
    start = Board.parse("XOOXO/X..XX/O.OXO/XXXOX/XOOO.", 4)
    review = review_game(start, [start.parse_coordinate("c2")], Engine(), limit=Limit(depth=1))
    texts = [move.change for move in review.moves] + [review.summary()]
    assert not any(RAW_SCORE.search(text) for text in texts), texts


def test_a_review_of_no_moves_says_so() -> None:
    assert GameReview(Board.empty(3), ()).summary() == "No moves to review"


def test_a_review_from_a_start_position_numbers_moves_from_there() -> None:
    start = Board.parse("x../.o./...")
    review = review_game(start, [8, 2], Engine())
    assert [move.number for move in review.moves] == [3, 4]
    assert [move.player for move in review.moves] == [Player.X, Player.O]


def test_an_illegal_move_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        review_game(Board.empty(3), [4, 4], Engine())


def test_a_stopped_review_raises_review_stopped() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewStopped):
        review_game(Board.empty(3), [4], Engine(), stop=stop)


def test_progress_is_reported_after_each_move() -> None:
    seen: list[tuple[int, int]] = []
    review_game(
        Board.empty(3), [4, 0, 8], Engine(), progress=lambda done, all: seen.append((done, all))
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]


# -- boards too large to solve -------------------------------------------------------------


def test_heuristic_values_never_make_a_mistake() -> None:
    assert judge(300, -300, exact=False) is Mark.INACCURACY
    assert judge(30, 30 - HEURISTIC_MARGIN + 1, exact=False) is Mark.BEST
    assert judge(30, 30 - HEURISTIC_MARGIN, exact=False) is Mark.INACCURACY
    # A proven win given up for a heuristic value: not proven to change the outcome.
    assert judge(WIN - 5, 10, exact=False) is Mark.INACCURACY
    # A heuristic 0 is no proven draw, so a proven loss against it is a mistake...
    assert judge(0, -(WIN - 4), exact=False) is Mark.MISTAKE
    # ...but in an exact analysis 0 is a draw and a loss against a loss is not.
    assert judge(-(WIN - 6), -(WIN - 2), exact=False) is Mark.INACCURACY
    # A proven win given up for a draw proven on its own is a mistake.
    assert judge(WIN - 5, 0, exact=False, played_proven=True) is Mark.MISTAKE
    assert judge(WIN - 5, 0, exact=False) is Mark.INACCURACY
    # A win (or loss) whose distance is unmeasured is no slower than a measured one.
    assert judge(WIN - 5, UNMEASURED_WIN, exact=True) is Mark.BEST
    assert judge(-UNMEASURED_WIN, -(WIN - 4), exact=True) is Mark.BEST
    assert judge(WIN - 5, WIN - 9, exact=True) is Mark.INACCURACY
    assert judge(UNMEASURED_WIN, 0, exact=True) is Mark.MISTAKE


def test_an_approximate_review_words_a_proven_draw_thrown_away_as_one() -> None:
    """4x4, four in a row, searched to depth 3: c3, a1 and a3 are draws the
    search proved, d2 a proven loss; one move stays unproven."""
    start = Board.parse("..XX/OXX./.O.O/XOOX", 4)
    engine, limit = Engine(randomize=False), Limit(depth=3)
    (lost,) = review_game(start, [start.parse_coordinate("d2")], engine, limit=limit).moves
    assert not lost.exact and lost.best_is_exact
    assert lost.mark is Mark.MISTAKE
    assert lost.change.startswith("was a draw, now X wins in ")
    assert lost.blunder_note() == "move 12: d2 lost the draw"
    assert judge(0, -(WIN - 4), exact=False, best_proven=True) is Mark.MISTAKE
    assert judge(0, -30, exact=False, best_proven=True) is Mark.INACCURACY


def test_an_approximate_review_marks_a_win_given_up_for_a_proven_draw() -> None:
    """5x5, four in a row, searched to depth 2: O wins at e5, and c2 is a
    draw its search proved (every line from it reaches the game's end)."""
    start = Board.parse("XOOXO/X..XX/O.OXO/XXXOX/XOOO.", 4)
    engine, limit = Engine(randomize=False), Limit(depth=2)
    (drawn,) = review_game(start, [start.parse_coordinate("c2")], engine, limit=limit).moves
    assert not drawn.exact and drawn.is_exact(drawn.move)
    assert drawn.mark is Mark.MISTAKE and drawn.is_proven
    assert drawn.change.startswith("O could win in ") and drawn.change.endswith(", now a draw")
    assert drawn.blunder_note() == "move 22: c2 lost the win"


def test_an_approximate_review_marks_a_mistake_only_where_the_loss_is_proven() -> None:
    # 7x7, five in a row: X has an open three on row 4 (b4 c4 d4, a4 and e4
    # empty, f4 too). O must stop it; a far corner lets X make an open four.
    start = Board.parse("......./......./......./.XXX.../......./..O..../....O..")
    engine, limit = Engine(randomize=False), Limit(depth=4)
    review = review_game(start, [48], engine, limit=limit)
    (corner,) = review.moves
    assert not corner.exact and corner.depth == 4
    assert corner.mark is Mark.MISTAKE
    assert ", now X wins in " in corner.change
    assert set(corner.better_coordinates) <= {"a4", "e4", "f4"}
    assert review.summary().endswith(" other values searched 4 moves ahead")
    # A block keeps the game open: at worst a heuristic difference, never a mistake.
    blocked = review_game(start, [start.parse_coordinate("e4")], engine, limit=limit).moves[0]
    assert blocked.mark is not Mark.MISTAKE


# -- Gomoku boards: forced wins by threats -------------------------------------------------


#: 15x15, five in a row, O to move (rows count from the top). X's d8 e8 f8
#: is closed at c8; g8 would make it a four and the column g8 . g10 g11 a
#: three at once (a four-three).
FOUR_THREE = Board.parse(
    "/".join(
        ["..............."] * 6
        + [".......O.......", "..OXXX.........", ".....O.........", "......X........"]
        + ["......X........", ".......O......."]
        + ["..............."] * 3
    ),
    win_length=5,
)


def test_a_gomoku_review_marks_the_move_that_lets_a_four_three_through() -> None:
    """O plays far away; X's four-three (g8, then g9 an open four) wins.
    A depth-2 search sees no loss there; the threat searches do."""
    start = FOUR_THREE
    names = ("a1", "g8", "h8", "g9", "g7", "g12")
    moves = [start.parse_coordinate(name) for name in names]
    review = review_game(start, moves, Engine(randomize=False), limit=Limit(depth=2))
    far, *rest = review.moves
    assert far.mark is Mark.MISTAKE
    assert far.change.endswith(", now X wins in 3 moves"), far.change
    (hold,) = far.better
    prover = ThreatProver(start.geometry)
    assert hold != far.move and prover.win(start.play(hold)) is None
    assert far.blunder_note() == "move 10: a1 lost the game"
    # Lost from then on: the other moves are best, their value the win named.
    assert [move.mark for move in rest] == [Mark.BEST] * 5
    assert rest[0].change == "X wins in 3 moves" and rest[1].change == "X wins in 2 moves"
    assert review.summary().startswith(
        "O: 2 best, 0 inaccuracies, 1 mistake (move 10: a1 lost the game); X: 3 best"
    ) or review.summary().startswith("X: 3 best, 0 inaccuracies, 0 mistakes; O: 2 best")
    assert " — losses proven by threats, other values searched " in review.summary()


def test_a_gomoku_review_does_not_blame_a_move_that_blocks_the_threat() -> None:
    start = FOUR_THREE
    review = review_game(start, [start.parse_coordinate("g8")], Engine(randomize=False))
    (block,) = review.moves
    assert block.mark is Mark.BEST and not block.better


def test_a_gomoku_review_marks_a_forced_win_not_played_an_inaccuracy() -> None:
    start = FOUR_THREE.play(FOUR_THREE.parse_coordinate("a1"))  # X to move wins by g8
    moves = [start.parse_coordinate(name) for name in ("o15", "g8")]
    review = review_game(start, moves, Engine(randomize=False), limit=Limit(depth=2))
    elsewhere, block = review.moves
    assert elsewhere.mark is Mark.INACCURACY
    assert elsewhere.change.startswith("X could win in 3 moves, now ")
    assert elsewhere.better_coordinates == ("g8",)
    assert block.mark is Mark.BEST
