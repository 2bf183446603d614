"""The questions and help the game gives: whole sentences naming what they
change, sensible first answers, a legend for the short analysis words."""

from __future__ import annotations

import pytest
from fakes import make_presenter


@pytest.mark.parametrize(
    "options, question",
    [
        (
            {"mode": "computer", "size": 15, "level": "hard"},
            "Set the scores against the computer (Hard) on Gomoku (15×15, 5 in a row) to zero?",
        ),
        (
            {"mode": "watch", "x_level": "easy", "o_level": "strongest"},
            "Set the scores of X (Easy) against O (Perfect) on 3×3 (3 in a row) to zero?",
        ),
        ({"mode": "hotseat"}, "Set the scores of two players on 3×3 (3 in a row) to zero?"),
    ],
)
def test_the_reset_question_is_a_whole_sentence_naming_the_match(
    options: dict[str, object], question: str
) -> None:
    rig = make_presenter(**options)
    rig.dialogs.confirm_answer = False
    rig.presenter.setup.reset_scores()
    name, arguments = rig.dialogs.calls[-1]
    assert name == "confirm"
    assert arguments[:2] == ("Reset scores", question)


@pytest.mark.parametrize(
    "options, suggested",
    [
        ({"size": 15, "level": "strongest"}, 4),
        ({"size": 3, "level": "strongest"}, 9),
        ({"size": 15, "level": "hard"}, 3),
    ],
)
def test_custom_depth_suggests_a_depth_that_plays_in_time(
    options: dict[str, object], suggested: int
) -> None:
    rig = make_presenter(mode="computer", **options)
    rig.presenter.setup.ask_custom_depth()
    name, (title, _prompt, initial, minimum, maximum) = rig.dialogs.calls[-1]
    assert (name, title, initial, minimum) == ("ask_integer", "Custom depth", suggested, 1)
    assert maximum == rig.board.cells


def test_how_to_play_explains_the_short_analysis_words() -> None:
    rig = make_presenter(mode="computer", size=15)
    rig.presenter.display.how_to_play()
    name, (title, text) = rig.dialogs.calls[-1]
    assert (name, title) == ("show_text", "How to play")
    for short, meaning in (("W2", "win in 2 moves"), ("L2", "loss in 2 moves"), ("=", "draw")):
        assert f"{short}: {meaning}" in text
    assert "≈: about even" in text and "X+, X++, X+++: X is slightly better" in text
    assert "O+" in text
