"""Every value in words says whose side it favours, on the scale of the
board's engine, in English and in the shipped languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import compile_shipped_catalogues

from ttt_gui.analysis.values import (
    CONNECT_FOUR_SCALE,
    DEFAULT_SCALE,
    GOMOKU_SCALE,
    Clause,
    Scale,
    Value,
    scale_of,
)
from ttt_gui.board import Player, geometry
from ttt_gui.engine import UNMEASURED_WIN, WIN
from ttt_gui.words import LOCALE_DIR_VARIABLE, install_language

#: One score of every kind from the mover's side, with whom it favours
#: ("mover", "other" or None) and whether it is proven (a draw only then).
KINDS = {
    "a proven win": (WIN - 5, True, "mover"),
    "a proven loss": (-(WIN - 4), True, "other"),
    "a proven draw": (0, True, None),
    "a win proven without its distance": (UNMEASURED_WIN, True, "mover"),
    "a loss proven without its distance": (-UNMEASURED_WIN, True, "other"),
    "about even": (1, False, None),
    "slightly better": (DEFAULT_SCALE.slightly, False, "mover"),
    "slightly worse": (-DEFAULT_SCALE.slightly, False, "other"),
    "better": (DEFAULT_SCALE.better, False, "mover"),
    "worse": (-DEFAULT_SCALE.better, False, "other"),
    "winning": (DEFAULT_SCALE.winning, False, "mover"),
    "losing": (-DEFAULT_SCALE.winning, False, "other"),
}

#: An engine score in words: a sign and digits, or the "about" sign.
RAW_SCORE = re.compile(r"≈|(?<!\w)[+-]\d")


def sides_named(text: str) -> set[str]:
    """The players a text names, as a word of their own (X or O)."""
    return set(re.findall(r"(?<![A-Za-z])[XO](?![A-Za-z])", text))


def assert_names_the_favoured_side(language: str) -> None:
    for kind, (score, exact, favoured) in KINDS.items():
        value = Value(score, exact)
        for mover in Player:
            side = {"mover": mover, "other": mover.other, None: None}[favoured]
            for clause in Clause:
                words = value.words(mover, clause)
                named = {side.value} if side is not None else set()
                assert sides_named(words) == named, (language, kind, mover, clause, words)
                assert not RAW_SCORE.search(words), (language, kind, words)


def test_every_kind_of_value_names_the_side_it_favours_for_either_mover() -> None:
    assert_names_the_favoured_side("en")


@pytest.mark.parametrize(
    ("score", "exact", "mover", "expected"),
    [
        (WIN - 5, True, Player.X, "X wins in 3 moves"),
        (-(WIN - 4), True, Player.X, "O wins in 2 moves"),
        (-(WIN - 2), True, Player.O, "X wins in 1 move"),
        (0, True, Player.O, "draw"),
        (UNMEASURED_WIN, True, Player.O, "O wins with best play"),
        (-UNMEASURED_WIN, True, Player.O, "X wins with best play"),
        (1, False, Player.O, "about even"),
        (3, False, Player.X, "X is slightly better"),
        (-3, False, Player.X, "O is slightly better"),
        (20, False, Player.O, "O is better"),
        (-20, False, Player.O, "X is better"),
        (60, False, Player.X, "X is winning"),
        (-60, False, Player.X, "O is winning"),
    ],
)
def test_the_words_of_each_kind_of_value(
    score: int, exact: bool, mover: Player, expected: str
) -> None:
    assert Value(score, exact).words(mover) == expected


def test_the_words_before_and_after_a_move_name_the_side_too() -> None:
    before, after = Clause.BEFORE, Clause.AFTER
    assert Value(-(WIN - 4), True).words(Player.O, before) == "X could win in 2 moves"
    assert Value(WIN - 1, True).words(Player.O, after) == "now O wins in 1 move"
    assert Value(-3, False).words(Player.X, before) == "O was slightly better"
    assert Value(60, False).words(Player.O, before) == "O was winning"
    assert Value(-20, False).words(Player.O, after) == "now X is better"
    assert Value(0, False).words(Player.X, before) == "was about even"
    assert Value(0, True).words(Player.X, after) == "now a draw"
    unmeasured = Value(-UNMEASURED_WIN, True)
    assert unmeasured.words(Player.O, before) == "X could win with best play"
    assert unmeasured.words(Player.X, after) == "now O wins with best play"


def test_each_game_kind_reads_estimates_on_its_engine_s_scale() -> None:
    assert scale_of(geometry(6, 7, 4, True)) == CONNECT_FOUR_SCALE
    assert scale_of(geometry(15, 15, 5)) == GOMOKU_SCALE
    # m,n,k: a line one mark short of the win (4 ** (k - 2)) is "better".
    assert scale_of(geometry(5, 5, 4)) == Scale(slightly=2, better=16, winning=48)
    assert scale_of(geometry(3, 3, 3)) == Scale(slightly=2, better=4, winning=12)
    assert scale_of(geometry(7, 7, 5)).better == 64
    assert scale_of(geometry(5, 5, 4, False, True)).better == 16, "misère counts lines too"
    # The same score reads differently where the engine scores on another scale.
    assert Value(30, False, scale_of(geometry(5, 5, 4))).words(Player.X) == "X is better"
    assert Value(30, False, GOMOKU_SCALE).words(Player.X) == "X is slightly better"
    assert Value(5, False, GOMOKU_SCALE).words(Player.X) == "about even"
    assert Value(200, False, GOMOKU_SCALE).words(Player.O) == "O is winning"
    assert Value(-20, False, CONNECT_FOUR_SCALE).words(Player.X) == "O is better"


def test_every_scale_steps_up() -> None:
    scales = [CONNECT_FOUR_SCALE, GOMOKU_SCALE, DEFAULT_SCALE]
    scales += [scale_of(geometry(size, size, k)) for size, k in ((3, 3), (5, 4), (8, 5))]
    for scale in scales:
        assert 0 < scale.slightly < scale.better < scale.winning, scale


def test_proven_values_ignore_the_scale() -> None:
    for scale in (CONNECT_FOUR_SCALE, GOMOKU_SCALE):
        assert Value(WIN - 3, True, scale).words(Player.O) == "O wins in 2 moves"
        assert Value(0, True, scale).words(Player.O) == "draw"


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The shipped catalogues, compiled into a locale folder of the tests'."""
    folder = compile_shipped_catalogues(Path(tmp_path_factory.mktemp("locale")))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(LOCALE_DIR_VARIABLE, str(folder))
        yield
    install_language([])


@pytest.mark.parametrize("language", ["de", "ja"])
def test_translated_values_keep_the_side_they_favour(shipped: None, language: str) -> None:
    english = {
        (score, exact, clause): Value(score, exact).words(Player.X, clause)
        for score, exact, _ in KINDS.values()
        for clause in Clause
    }
    assert install_language([language]).code == language
    assert_names_the_favoured_side(language)
    translated = {key: Value(key[0], key[1]).words(Player.X, key[2]) for key in english}
    assert all(translated[key] != english[key] for key in english), "every one translated"


def test_german_and_japanese_words_for_an_estimate(shipped: None) -> None:
    install_language(["de"])
    assert Value(20, False).words(Player.O) == "O steht besser"
    assert Value(-(WIN - 4), True).words(Player.O, Clause.AFTER) == "jetzt gewinnt X in 2 Zügen"
    install_language(["ja"])
    assert Value(-3, False).words(Player.X) == "O がやや有利"
    assert Value(60, False).words(Player.X, Clause.BEFORE) == "元は X が勝勢"
    assert Value(-UNMEASURED_WIN, True).words(Player.X) == "O が最善手で勝ち"
    assert Value(UNMEASURED_WIN, True).short(Player.X) == "勝"
    install_language(["de"])
    assert Value(UNMEASURED_WIN, True).words(Player.O) == "O gewinnt bei bestem Spiel"
