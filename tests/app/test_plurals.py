"""Counts in words go through one place, shaped as ngettext, never ``count == 1`` by hand."""

from __future__ import annotations

from ttt_gui.analysis.review import Mark
from ttt_gui.app.game_words import review_progress_text
from ttt_gui.words import ngettext


def test_the_review_progress_counts_moves_in_the_singular_and_plural() -> None:
    assert review_progress_text(0, 1, "Esc") == "Reviewing the game… 0 of 1 move (Esc stops)"
    assert review_progress_text(2, 7, "Esc") == "Reviewing the game… 2 of 7 moves (Esc stops)"


def test_marks_are_counted_in_the_singular_and_plural() -> None:
    assert [Mark.MISTAKE.counted(n) for n in (0, 1, 2)] == [
        "0 mistakes",
        "1 mistake",
        "2 mistakes",
    ]
    assert Mark.INACCURACY.counted(3) == "3 inaccuracies"


def test_ngettext_chooses_the_form_and_leaves_the_placeholders_to_the_caller() -> None:
    forms = ("{count} game is kept.", "{count} games are kept.")
    assert [ngettext(*forms, n).format(count=n) for n in (1, 2)] == [
        "1 game is kept.",
        "2 games are kept.",
    ]
