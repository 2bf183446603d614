"""The shipped puzzles and their judge: the puzzles proven by the engine's
exact searches (a seeded sample by default, more under --slow: see
proven_share; every one with TTT_GUI_ALL_PUZZLES=1), the judge checked
against an independent plain search on small boards, and malformed data
refused by name."""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import os
import random
import threading

import pytest
from conftest import sample

from ttt_gui.analysis.puzzle_threats import ThreatJudge
from ttt_gui.analysis.puzzles import (
    MalformedPuzzleError,
    Puzzle,
    PuzzleJudge,
    PuzzleKind,
    UnknownPuzzleError,
    all_puzzles,
    attacker_moves,
    daily_puzzle,
    position_key,
    puzzle_by_id,
    puzzle_set,
    read_puzzles,
)
from ttt_gui.board import Board
from ttt_gui.engine import COMPILED, MATE_THRESHOLD, WIN, Engine, Limit
from ttt_gui.engine.state import SearchAborted

#: The distances (the attacker's moves) each set may hold.
DISTANCES = {
    PuzzleKind.SMALL: range(2, 5),
    PuzzleKind.FIVE: range(2, 7),
    PuzzleKind.CONNECT_FOUR: range(3, 11),
    PuzzleKind.GOMOKU: range(3, 10),
    PuzzleKind.MISERE: range(2, 8),
}


# -- An independent plain search for small boards ------------------------------------------


@functools.cache
def plain_score(board: Board) -> int:
    """The exact score of ``board`` from the side to move by plain negamax
    over every move (no pruning, no table but this cache): a win in n plies
    ``WIN - n``, a loss in n ``-(WIN - n)``, a draw 0."""
    if board.is_over:
        if board.winner is None:
            return 0
        return WIN if board.winner is board.turn else -WIN
    best = -WIN - 1
    for move in board.legal_moves():
        score = -plain_score(board.play(move))
        score = score - 1 if score > 0 else score + 1 if score < 0 else 0
        best = max(best, score)
    return best


def plain_moves_left(board: Board, attacker: object) -> int | None:
    """The attacker's moves still needed at ``board`` after its move, by the
    plain search (the defender to move, or the game over)."""
    if board.is_over:
        return 0 if board.winner is attacker else None
    score = plain_score(board)
    return (WIN + score) // 2 if score < -MATE_THRESHOLD else None


def three_by_three(kind: PuzzleKind) -> list[Puzzle]:
    return [puzzle for puzzle in puzzle_set(kind) if puzzle.board.cells == 9]


# -- The sets ---------------------------------------------------------------------------


def test_every_set_loads_with_unique_ids_named_after_its_kind() -> None:
    puzzles = all_puzzles()
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    for kind in PuzzleKind:
        for puzzle in puzzle_set(kind):
            assert puzzle.kind is kind and puzzle.id.startswith(f"{kind.value}-")
            assert puzzle.distance in DISTANCES[kind]
            assert puzzle.winning and puzzle.winning <= set(puzzle.board.legal_moves())
            assert 0 < puzzle.rating < 4000 and puzzle.source


def test_no_two_puzzles_are_the_same_position_up_to_symmetry() -> None:
    keys = [position_key(puzzle.board) for puzzle in all_puzzles()]
    assert len(set(keys)) == len(keys)


def test_the_sets_play_the_boards_their_names_promise() -> None:
    shapes = {
        PuzzleKind.SMALL: {(3, 3, 3, ()), (4, 4, 4, ())},
        PuzzleKind.FIVE: {(5, 5, 4, ())},
        PuzzleKind.CONNECT_FOUR: {(6, 7, 4, ("gravity",))},
        PuzzleKind.GOMOKU: {(15, 15, 5, ())},
    }
    for kind, allowed in shapes.items():
        for puzzle in puzzle_set(kind):
            board = puzzle.board
            assert (board.rows, board.cols, board.win_length, board.rule_names) in allowed
    assert all(puzzle.board.misere for puzzle in puzzle_set(PuzzleKind.MISERE))


def test_a_puzzle_is_found_by_its_id_and_an_unknown_id_is_refused() -> None:
    puzzle = puzzle_set(PuzzleKind.FIVE)[3]
    assert puzzle_by_id(puzzle.id) is puzzle
    for unknown in ("five-9999", "nothing", ""):
        with pytest.raises(UnknownPuzzleError):
            puzzle_by_id(unknown)
    assert issubclass(UnknownPuzzleError, ValueError)


def test_the_daily_puzzle_is_the_same_all_day_and_changes_with_the_date() -> None:
    day = datetime.date(2027, 3, 14)
    for kind in PuzzleKind:
        if not puzzle_set(kind):
            continue
        assert daily_puzzle(kind, day) is daily_puzzle(kind, datetime.date(2027, 3, 14))
        assert daily_puzzle(kind, day) in puzzle_set(kind)
    days = [day + datetime.timedelta(days=n) for n in range(10)]
    assert len({daily_puzzle(PuzzleKind.SMALL, d).id for d in days}) > 1


# -- Every puzzle proven -----------------------------------------------------------------


def assert_proven(puzzle: Puzzle) -> None:
    """Every stored winning move wins in the stored distance against every
    defence, and no other first move wins as fast: by the engine's exact
    search of every move (the Connect Four solver on 7x6), on Gomoku by the
    threat searches the puzzle is measured by."""
    board, judge = puzzle.board, PuzzleJudge(puzzle)
    if puzzle.kind is PuzzleKind.GOMOKU:
        assert judge.winning_moves(board) == puzzle.winning
        for move in puzzle.winning:
            assert judge.verdict(board.play(move)).moves_left == puzzle.distance - 1
        faster = PuzzleJudge(dataclasses.replace(puzzle, distance=puzzle.distance - 1))
        assert not faster.winning_moves(board)
        return
    analysis = Engine(randomize=False).evaluate_moves(board, Limit())
    assert analysis.exact
    best = max(analysis.scores.values())
    assert best > MATE_THRESHOLD and attacker_moves(WIN - best) == puzzle.distance
    assert {move for move, score in analysis.scores.items() if score == best} == puzzle.winning
    for move in puzzle.winning:
        assert judge.verdict(board.play(move)).moves_left == puzzle.distance - 1


def sampled(kind: PuzzleKind, size: int, *, exhaustive: bool) -> list[Puzzle]:
    """A seeded sample of the set's puzzles, the shortest wins by default
    (cheap), all of them when ``exhaustive``."""
    puzzles = list(puzzle_set(kind))
    if not exhaustive:
        puzzles = [p for p in puzzles if p.distance <= min(q.distance for q in puzzles) + 1]
    return sample(puzzles, size, exhaustive=exhaustive, seed=52)


def fewest_threats(puzzles: list[Puzzle]) -> Puzzle:
    """The Gomoku puzzle with the fewest fours and threes to search (the
    cheapest to prove), of the shortest wins."""
    shortest = min(puzzle.distance for puzzle in puzzles)
    return min(
        (puzzle for puzzle in puzzles if puzzle.distance == shortest),
        key=lambda p: (len(ThreatJudge(p.board.geometry).candidates(p.board)), p.id),
    )


@pytest.mark.parametrize("kind", list(PuzzleKind))
def test_a_sample_of_each_set_is_proven(kind: PuzzleKind) -> None:
    if kind is PuzzleKind.GOMOKU:
        assert_proven(fewest_threats(list(puzzle_set(kind))))
        return
    size = 1 if kind is PuzzleKind.CONNECT_FOUR else 3
    for puzzle in sampled(kind, size, exhaustive=False):
        assert_proven(puzzle)


#: The slow run's proofs in parts, so that its workers share them.
PARTS = 4
#: The plain build's share of each set under --slow (its searches are several
#: times slower, and its run is the developer's).
PLAIN_SHARE = 24
#: The compiled build's share of the Gomoku set (its proofs cost about 1.2 s
#: each, the other sets' a few milliseconds): it proves every other set whole.
COMPILED_GOMOKU_SHARE = 64
#: Set to 1, every puzzle is proven on either build (after the sets are made).
ALL_PUZZLES = os.environ.get("TTT_GUI_ALL_PUZZLES") == "1"


def proven_share(kind: PuzzleKind) -> list[Puzzle]:
    """The puzzles of ``kind`` the slow run proves: a seeded share, or all."""
    puzzles = list(puzzle_set(kind))
    if ALL_PUZZLES or (COMPILED and kind is not PuzzleKind.GOMOKU):
        return puzzles
    share = COMPILED_GOMOKU_SHARE if COMPILED else PLAIN_SHARE
    return random.Random(52).sample(puzzles, min(share, len(puzzles)))


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "part"), [(k, p) for k in PuzzleKind for p in range(PARTS)])
def test_every_puzzle_is_proven(kind: PuzzleKind, part: int) -> None:
    """Every puzzle but Gomoku's on the compiled build (its exactness run)
    and a seeded share of Gomoku's; a seeded PLAIN_SHARE of each set on the
    plain one; every puzzle with TTT_GUI_ALL_PUZZLES=1."""
    for puzzle in proven_share(kind)[part::PARTS]:
        assert_proven(puzzle)


# -- The judge ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [PuzzleKind.SMALL, PuzzleKind.MISERE])
def test_the_verdict_of_every_first_move_is_the_plain_search_s(kind: PuzzleKind) -> None:
    for puzzle in sample(three_by_three(kind), 3, exhaustive=False, seed=1):
        judge = PuzzleJudge(puzzle)
        for move in puzzle.board.legal_moves():
            after = puzzle.board.play(move)
            expected = plain_moves_left(after, puzzle.attacker)
            assert judge.verdict(after).moves_left == expected
            if move in puzzle.winning:
                assert expected == puzzle.distance - 1
            else:  # a wrong move: no win, or a slower one
                assert expected is None or expected > puzzle.distance - 1


@pytest.mark.parametrize("kind", [PuzzleKind.SMALL, PuzzleKind.MISERE])
def test_the_defence_is_the_longest_lasting_reply(kind: PuzzleKind) -> None:
    for puzzle in sample(three_by_three(kind), 3, exhaustive=False, seed=2):
        judge = PuzzleJudge(puzzle)
        after = puzzle.board.play(min(puzzle.winning))
        reply = judge.defence(after)
        lasting = {move: plain_score(after.play(move)) for move in after.legal_moves()}
        # The defender's reply leaves the attacker the lowest score: the slowest win.
        assert lasting[reply] == min(lasting.values())


def test_the_winning_moves_keep_the_promise_that_is_left() -> None:
    puzzle = next(p for p in three_by_three(PuzzleKind.SMALL) if p.distance >= 2)
    judge = PuzzleJudge(puzzle)
    assert judge.winning_moves(puzzle.board) == puzzle.winning
    after = puzzle.board.play(min(puzzle.winning))
    later = after.play(judge.defence(after))
    expected = {
        move
        for move in later.legal_moves()
        if (left := plain_moves_left(later.play(move), puzzle.attacker)) is not None
        and left <= puzzle.distance - 2
    }
    assert judge.winning_moves(later) == expected and expected


def test_a_slower_win_and_a_lost_win_are_told_apart_on_connect_four() -> None:
    puzzle = min(puzzle_set(PuzzleKind.CONNECT_FOUR), key=lambda p: p.distance)
    judge = PuzzleJudge(puzzle)
    scores = judge.scores(puzzle.board)
    for move, score in scores.items():
        left = judge.verdict(puzzle.board.play(move)).moves_left
        if score > MATE_THRESHOLD:
            assert left == attacker_moves(WIN - score) - 1
        else:
            assert left is None


def test_a_gomoku_judge_tells_a_lost_win_from_a_kept_one() -> None:
    puzzle = min(puzzle_set(PuzzleKind.GOMOKU), key=lambda p: (p.distance, p.id))
    judge = PuzzleJudge(puzzle)
    move = min(puzzle.winning)
    after = puzzle.board.play(move)
    assert judge.verdict(after).moves_left == puzzle.distance - 1
    reply = judge.defence(after)
    assert judge.winning_moves(after.play(reply))
    far = next(cell for cell in puzzle.board.legal_moves() if cell not in puzzle.winning)
    assert judge.verdict(puzzle.board.play(far)).moves_left is None


def test_a_set_stop_token_ends_the_judge_s_search() -> None:
    puzzle = max(puzzle_set(PuzzleKind.FIVE), key=lambda p: p.distance)
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchAborted):
        PuzzleJudge(puzzle).verdict(puzzle.board.play(min(puzzle.winning)), stop)


# -- Malformed data ----------------------------------------------------------------------


def data(*entries: object, **changes: object) -> str:
    return json.dumps({"format": 1, "kind": "small", "puzzles": list(entries), **changes})


GOOD = {
    "id": "small-0001",
    "board": "XX./OO./...",
    "winning": ["c1"],
    "distance": 1,
    "rating": 900,
    "source": "a test",
}


def test_a_well_formed_file_is_read() -> None:
    (puzzle,) = read_puzzles(data(GOOD), PuzzleKind.SMALL)
    assert puzzle.winning == {2} and puzzle.attacker.value == "X" and puzzle.rating == 900.0


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        data(GOOD, format=2),
        data(GOOD, kind="five"),
        data({**GOOD, "board": "XX./OO"}),
        data({**GOOD, "board": "XXX/OO./..."}),
        data({**GOOD, "winning": ["z9"]}),
        data({**GOOD, "winning": ["a1"]}),
        data({**GOOD, "winning": []}),
        data({**GOOD, "distance": 0}),
        data({**GOOD, "distance": "2"}),
        data({**GOOD, "rating": None}),
        data({key: value for key, value in GOOD.items() if key != "id"}),
        data(GOOD, GOOD),
        data("a puzzle"),
    ],
)
def test_a_malformed_file_raises_a_named_value_error(text: str) -> None:
    with pytest.raises(MalformedPuzzleError, match="my.json"):
        read_puzzles(text, PuzzleKind.SMALL, name="my.json")
    assert issubclass(MalformedPuzzleError, ValueError)


def test_random_damage_never_escapes_as_another_error() -> None:
    text = data(GOOD)
    chooser = random.Random(52)
    for _ in range(200):
        index = chooser.randrange(len(text))
        damaged = text[:index] + chooser.choice('{}[]",:0aX./') + text[index + 1 :]
        try:
            read_puzzles(damaged, PuzzleKind.SMALL)
        except MalformedPuzzleError:
            pass
