"""Saved-game files: round trip, replay through the rules, every kind of bad file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttt_gui.board import Board
from ttt_gui.games import GameFileError, SavedGame, parse_game, read_game, write_game


@st.composite
def games(draw) -> SavedGame:
    size = draw(st.integers(3, 9))
    win_length = draw(st.integers(3, size))
    board = Board.empty(size, win_length)
    moves = []
    for _ in range(draw(st.integers(0, size * size))):
        legal = board.legal_moves()
        if not legal:
            break
        move = draw(st.sampled_from(legal))
        board = board.play(move)
        moves.append(move)
    mode = draw(st.sampled_from(["hotseat", "computer", "watch"]))
    return SavedGame(size, win_length, tuple(moves), mode=mode)


@given(games())
def test_round_trip(game: SavedGame) -> None:
    assert parse_game(game.to_json()) == game


def test_start_position_and_file_round_trip(tmp_path: Path) -> None:
    game = SavedGame(3, 3, (1,), start="X.O/.X./..O", mode="computer", human="O", depth=3)
    path = tmp_path / "g.ttt"
    write_game(path, game)
    assert read_game(path) == game
    assert json.loads(path.read_text())["moves"] == ["b1"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "chess", "version": 1, "size": 3}, "not a saved tic-tac-toe game"),
        ({"version": 2, "size": 3, "moves": []}, "unsupported version"),
        ({"version": 1, "size": 10, "moves": []}, "out of range"),
        ({"version": 1, "size": 3, "win_length": 4, "moves": []}, "does not fit"),
        ({"version": 1, "size": 3, "moves": [4]}, "not a cell"),
        ({"version": 1, "size": 3, "moves": ["a1", "a1"]}, "impossible"),
        ({"version": 1, "size": 3, "moves": ["a1", "a2", "b1", "b2", "c1", "c2"]}, "impossible"),
        ({"version": 1, "size": 3, "moves": [], "mode": "online"}, "unknown mode"),
        ({"version": 1, "size": 3, "moves": [], "depth": 99}, "depth 99"),
        ({"version": 1, "size": 3, "moves": [], "depth": True}, "'depth' should be int"),
        ({"version": 1, "size": 3, "moves": [], "start": "xxx/ooo/..."}, "bad start"),
        (
            {"version": 1, "size": 4, "win_length": 3, "moves": [], "start": "x../.../..."},
            "does not match",
        ),
        ({"version": 1, "size": 3, "moves": {"a": 1}}, "'moves' should be list"),
    ],
)
def test_bad_games_name_the_problem(data: dict, message: str) -> None:
    data = {"format": "ttt-gui game", "moves": [], **data}
    with pytest.raises(GameFileError, match=message):
        parse_game(json.dumps(data))


def test_deeply_nested_and_huge_inputs_are_refused() -> None:
    with pytest.raises(GameFileError, match="not valid JSON"):
        parse_game("[" * 30_000)
    with pytest.raises(GameFileError, match="larger than"):
        parse_game(" " * 100_000)
    assert issubclass(GameFileError, ValueError)
