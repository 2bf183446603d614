"""A value's words, short forms and colour come from its score, never from words."""

from __future__ import annotations

from ttt_gui.analysis.values import Outcome, Reading, Value, legend, moves_of
from ttt_gui.app.view_state import score_tone
from ttt_gui.board import Player
from ttt_gui.engine import UNMEASURED_WIN, WIN
from ttt_gui.theme import Role


def test_distances_count_the_winner_s_own_moves() -> None:
    assert Value(WIN - 1, True).words(Player.X) == "X wins in 1 move"
    assert Value(WIN - 3, True).words(Player.X) == "X wins in 2 moves"
    assert Value(-(WIN - 2), True).words(Player.O) == "X wins in 1 move"
    assert Value(-(WIN - 6), True).words(Player.O) == "X wins in 3 moves"
    assert Value(WIN - 5, True).phrase(Player.X) == "X wins in 3 moves"
    # A loss names the winner, in the winner's own moves.
    assert Value(-(WIN - 6), True).phrase(Player.X) == "O wins in 3 moves"
    assert [moves_of(plies) for plies in range(1, 8)] == [1, 1, 2, 2, 3, 3, 4]


def test_an_estimate_names_the_side_it_favours() -> None:
    assert Value(40, False).phrase(Player.O) == "O is better"
    assert Value(-5, False).phrase(Player.O) == "X is slightly better"
    assert Value(1, False).phrase(Player.X) == "about even"
    assert Value(0, True).phrase(Player.X) == "a draw"
    assert Value(0, True).words(Player.X) == "draw"


def test_the_plies_stay_a_number() -> None:
    value = Value(-(WIN - 6), False)
    assert (value.outcome, value.plies, value.moves) == (Outcome.LOSS, 6, 3)
    assert Value(30, False).plies is None
    # A win or loss proven without its distance has none, and says so.
    for score in (UNMEASURED_WIN, -UNMEASURED_WIN):
        value = Value(score, True)
        assert (value.plies, value.moves, value.advantage) == (None, None, 0)
    assert Value(-UNMEASURED_WIN, True).outcome is Outcome.LOSS
    assert Value(-UNMEASURED_WIN, True).words(Player.X) == "O wins with best play"


def test_short_forms_and_tones_come_from_the_value() -> None:
    assert [Value(score, True).short(Player.X) for score in (WIN - 3, 0, -(WIN - 4))] == [
        "W2",
        "=",
        "L2",
    ]
    assert [Value(score, True).short(Player.O) for score in (UNMEASURED_WIN, -UNMEASURED_WIN)] == [
        "W",
        "L",
    ]
    assert [Value(score, False).short(Player.X) for score in (1, 3, 30, 300, -300)] == [
        "≈",
        "X+",
        "X++",
        "X+++",
        "O+++",
    ]
    assert [score_tone(score, False) for score in (0, 1, 3, -3)] == [
        Role.EVEN,
        Role.EVEN,
        Role.GOOD,
        Role.BAD,
    ]
    assert score_tone(0, True) is Role.EVEN


def test_the_legend_explains_every_short_form() -> None:
    text = legend()
    for short in ("W2", "L2", "=", "≈", "X+", "X++", "X+++", "O+"):
        assert short in text


def test_a_reading_names_the_proven_outcome_or_the_estimate_s_side() -> None:
    readings = [Value(score, exact).reading for score, exact in ((WIN - 1, False), (0, True))]
    assert readings == [Reading.WIN, Reading.DRAW]
    estimates = [Value(score, False).reading for score in (-1, 1, 2, -2, -(WIN - 2))]
    # On the scale of four in a row (the default): 2 is the least advantage.
    assert estimates == [Reading.EVEN, Reading.EVEN, Reading.AHEAD, Reading.BEHIND, Reading.LOSS]


def test_the_legend_names_the_short_forms_it_explains() -> None:
    assert legend().startswith("W2: win in 2 moves, L2: loss in 2 moves, =: draw")
