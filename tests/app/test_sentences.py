"""Sentences are written whole, with named placeholders, never glued from labels."""

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
    rig.presenter.reset_scores()
    name, arguments = rig.dialogs.calls[-1]
    assert name == "confirm"
    assert arguments[:2] == ("Reset scores", question)
