"""Saved-game files: round trip, replay through the rules, every kind of bad file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from catalogues import speaking
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_gui.board import Board, Player
from ttt_gui.config import LEVELS, GameConfig, Mode
from ttt_gui.storage.games import GameFileError, SavedGame, parse_game, read_game, write_game


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
    config = GameConfig(
        mode=draw(st.sampled_from(Mode)),
        human=draw(st.sampled_from(Player)),
        level=draw(st.sampled_from(list(LEVELS))),
        depth=draw(st.none() | st.integers(1, size * size)),
        rows=size,
        cols=size,
        win_length=win_length,
        think_time=draw(st.sampled_from([0.05, 0.5, 1.0, 2.5, 60.0])),
        x_level=draw(st.sampled_from(list(LEVELS))),
        o_level=draw(st.sampled_from(list(LEVELS))),
    )
    return SavedGame(config, tuple(moves))


@given(games())
@settings(max_examples=examples(100, 30))  # 100: hypothesis's own default
def test_round_trip(game: SavedGame) -> None:
    assert parse_game(game.to_json()) == game


def test_start_position_and_file_round_trip(tmp_path: Path) -> None:
    config = GameConfig(mode=Mode.COMPUTER, human=Player.O, depth=3)
    game = SavedGame(config, (1,), start="X.O/.X./..O")
    path = tmp_path / "g.ttt"
    write_game(path, game)
    assert read_game(path) == game
    assert json.loads(path.read_text())["moves"] == ["b1"]


def test_the_file_format_is_unchanged() -> None:
    game = SavedGame(GameConfig(rows=4, cols=4, win_length=3, level="hard"), (5, 0))
    data = json.loads(game.to_json())
    assert data["format"] == "ttt-gui game" and data["version"] == 1
    assert (data["size"], data["win_length"], data["moves"]) == (4, 3, ["b2", "a1"])
    assert (data["mode"], data["human"], data["level"], data["depth"]) == (
        "computer",
        "X",
        "hard",
        None,
    )
    assert "start" not in data and "config" not in data


def test_missing_fields_mean_what_they_meant_when_files_lacked_them() -> None:
    game = parse_game('{"format": "ttt-gui game", "version": 1, "size": 5, "moves": ["c3"]}')
    assert game.config == GameConfig(
        mode=Mode.HOTSEAT,
        rows=5,
        cols=5,
        win_length=4,
        level="strongest",
        x_level="strongest",
        o_level="strongest",
    )
    assert game.moves == (12,) and game.start is None


def test_files_written_before_the_think_time_was_saved_still_load() -> None:
    text = json.dumps(
        {
            "format": "ttt-gui game",
            "version": 1,
            "size": 3,
            "win_length": 3,
            "moves": ["b2"],
            "mode": "watch",
            "human": "X",
            "level": "perfect",
            "depth": None,
            "x_level": "easy",
            "o_level": "hard",
            "start": "X../.../..O",
        }
    )
    game = parse_game(text)
    assert game.config.mode is Mode.WATCH
    assert (game.config.x_level, game.config.o_level) == ("easy", "hard")
    assert game.start_board() == Board.parse("X../.../..O") and game.moves == (4,)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "chess", "version": 1, "size": 3}, "this file is not a saved game"),
        ({"version": 2, "size": 3, "moves": []}, "unsupported version"),
        ({"version": 1, "size": 16, "moves": []}, "out of range"),
        ({"version": 1, "size": 7, "rows": 2, "cols": 7, "moves": []}, "2 rows is out of range"),
        ({"version": 1, "size": 3, "gravity": "yes", "moves": []}, "true or false"),
        (
            {"version": 1, "size": 7, "rows": 6, "cols": 7, "gravity": True, "moves": ["a1"]},
            "impossible",
        ),
        ({"version": 1, "size": 3, "win_length": 4, "moves": []}, "does not fit"),
        ({"version": 1, "size": 3, "moves": [4]}, "not a cell"),
        ({"version": 1, "size": 3, "moves": ["a1", "a1"]}, "impossible"),
        ({"version": 1, "size": 3, "moves": ["a1", "a2", "b1", "b2", "c1", "c2"]}, "impossible"),
        ({"version": 1, "size": 3, "moves": [], "mode": "online"}, "unknown mode 'online'"),
        ({"version": 1, "size": 3, "moves": [], "human": "x"}, "unknown side 'x'"),
        ({"version": 1, "size": 3, "moves": [], "level": "godlike"}, "unknown level 'godlike'"),
        ({"version": 1, "size": 3, "moves": [], "o_level": "Perfect"}, "level 'Perfect' for O"),
        ({"version": 1, "size": 3, "moves": [], "mode": 1}, "'mode' should be str"),
        ({"version": 1, "size": 3, "moves": [], "think_time": 61}, "think time 61"),
        ({"version": 1, "size": 3, "moves": [], "think_time": 10**400}, "think time"),
        ({"version": 1, "size": 3, "moves": [], "think_time": "1"}, "should be a number"),
        ({"version": 1, "moves": []}, "'size' should be int, not None"),
        ({"version": 1, "size": 10**2200, "moves": []}, "board size"),
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
    with pytest.raises(GameFileError, match="this file is not a saved game"):
        parse_game("[" * 30_000)
    with pytest.raises(GameFileError, match="larger than"):
        parse_game(" " * 100_000)
    assert issubclass(GameFileError, ValueError)


@pytest.fixture
def translated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A catalogue whose words put the field last, installed; English after."""
    catalog = Catalog(locale="eo")
    catalog.add("{field} has an invalid value: {value}", "nevalida valoro {value} de {field}")
    catalog.add("unknown mode {value}", "nekonata reĝimo {value}")
    with speaking(tmp_path, "eo", catalog, monkeypatch):
        yield


def test_a_bad_field_is_named_from_the_error_not_from_its_words(translated: None) -> None:
    data = {"format": "ttt-gui game", "version": 1, "size": 3, "moves": [], "mode": "online"}
    with pytest.raises(GameFileError, match="^nekonata reĝimo 'online'$"):
        parse_game(json.dumps(data))
