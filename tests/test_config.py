"""The configuration's limits: the window plays boards up to 15x15 while the
rules (and ``ttt-gui pbrain``) go on to 20x20."""

from __future__ import annotations

import pytest

from ttt_gui.board import MAX_SIZE, Board, InvalidShapeError
from ttt_gui.config import MAX_WINDOW_SIZE, ConfigError, GameConfig, Shape, check_window_shape


def test_the_window_plays_boards_up_to_15_a_side() -> None:
    assert (MAX_WINDOW_SIZE, MAX_SIZE) == (15, 20)
    assert GameConfig.from_dict({"size": 15}).rows == 15
    assert Shape(15, 15, 5).is_valid and not Shape(16, 16, 5).is_valid
    assert not Shape(20, 20, 5).is_valid
    Board.empty(20)  # a board the rules play, but not the window


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"size": 16}, "'size'"),
        ({"rows": 16, "cols": 15, "win_length": 5}, "'rows'"),
        ({"rows": 15, "cols": 20, "win_length": 5}, "'cols'"),
    ],
)
def test_a_configuration_larger_than_the_window_is_refused(
    data: dict[str, int], field: str
) -> None:
    with pytest.raises(ConfigError, match=field):
        GameConfig.from_dict(data)


@pytest.mark.parametrize(
    ("rows", "cols", "words"),
    [
        (16, 16, "board size 16 is out of range (3 to 15)"),
        (2, 2, "board size 2 is out of range (3 to 15)"),
        (20, 15, "20 rows is out of range (3 to 15)"),
        (15, 16, "16 columns is out of range (3 to 15)"),
    ],
)
def test_the_window_names_its_own_sides_in_errors(rows: int, cols: int, words: str) -> None:
    with pytest.raises(InvalidShapeError) as error:
        check_window_shape(rows, cols, 5)
    assert str(error.value) == words
