"""What ``analyse``, ``review`` and the hint print of real positions on every
kind of board: values that name the side they favour, never an engine score
or a bare search depth."""

from __future__ import annotations

import re

import pytest

from ttt_gui.analysis.position import Analyst
from ttt_gui.analysis.review import review_game
from ttt_gui.app.game_words import hint_text
from ttt_gui.board import Board
from ttt_gui.cli.analyse import analysis_report, review_report
from ttt_gui.engine import Engine, Limit

#: A sign and digits (an engine score such as "+2" or "-30") or the "about" sign.
RAW_SCORE = re.compile(r"≈|(?<![\w/])[+-]\d")
#: Values that favour neither side, alone or as a review's clause.
EVEN = {
    "draw",
    "a draw",
    "about even",
    "was a draw",
    "was about even",
    "now a draw",
    "now about even",
}


def sides_named(text: str) -> set[str]:
    return set(re.findall(r"(?<![A-Za-z])[XO](?![A-Za-z])", text))


def assert_value_words(words: str) -> None:
    """A value, or a review's "before, after": each part even or naming a side."""
    for clause in words.split(", "):
        assert clause in EVEN or len(sides_named(clause)) == 1, words


#: (board kind, the position analysed, the moves of a game reviewed from the empty board).
BOARDS = {
    "3x3": (Board.parse("x../.o./..."), (4, 1, 0, 8, 2)),
    "5x5": (Board.parse("...../...../..x../...../.....", 4), (12, 6, 13, 11, 14)),
    "Connect Four": (
        Board.parse("/".join(["......."] * 5 + ["...x..."]), 4, gravity=True),
        (38, 37, 31, 39),
    ),
    "Gomoku": (
        Board.parse("/".join(["." * 15] * 7 + [".......xo......"] + ["." * 15] * 7), 5),
        (112, 113, 97, 127),
    ),
}


@pytest.fixture(params=list(BOARDS), scope="module")
def board_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


LIMIT = Limit(depth=2)


def test_analyse_names_the_side_of_every_value(board_kind: str) -> None:
    board, _ = BOARDS[board_kind]
    position = Analyst(Engine(randomize=False), LIMIT).analyse(board)
    first, *lines = analysis_report(position, False).splitlines()
    text = "\n".join([first, *lines])
    assert not RAW_SCORE.search(text) and "depth" not in text, text
    head, value = first.split(" to move: ")
    assert head.endswith(f"  {board.turn.value}")
    assert_value_words(value.removesuffix(" (approximate, searched 2 moves ahead)"))
    assert len(lines) == len(board.legal_moves())
    for line in lines:
        coordinate, words = line.split("  ", 1)
        assert board.parse_coordinate(coordinate) in board.legal_moves()
        assert_value_words(words)


def test_review_names_the_side_of_every_value(board_kind: str) -> None:
    board, moves = BOARDS[board_kind]
    start = Board.empty(board.win_length, rows=board.rows, cols=board.cols, gravity=board.gravity)
    review = review_game(start, moves, Engine(randomize=False), limit=LIMIT)
    *lines, summary = review_report(review, False).splitlines()
    text = "\n".join([*lines, summary])
    assert not RAW_SCORE.search(text) and "depth" not in text, text
    assert len(lines) == len(moves)
    for line, move in zip(lines, review.moves, strict=True):
        assert f" {move.player.value} {move.coordinate} " in line
        assert_value_words(move.change)
        assert move.change in line


def test_the_hint_names_the_side_of_its_value(board_kind: str) -> None:
    board, _ = BOARDS[board_kind]
    analysis = Engine(randomize=False).evaluate_moves(board, LIMIT)
    hint = hint_text(board, analysis)
    assert not RAW_SCORE.search(hint) and "depth" not in hint, hint
    found = re.fullmatch(r"Hint: ([a-o]\d+) \((.+)\)", hint)
    assert found is not None, hint
    assert board.parse_coordinate(found.group(1)) in analysis.best
    assert_value_words(found.group(2))
