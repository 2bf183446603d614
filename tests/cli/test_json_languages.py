"""The JSON of ``analyse`` and ``review`` is the same in every language: the
keys and numbers do not move, only the words beside them are translated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogues import (
    TEST_LANGUAGE,
    compile_shipped_catalogues,
    compile_test_catalogue,
    shipped_languages,
)

from ttt_gui.analysis.position import Analyst
from ttt_gui.analysis.review import review_game
from ttt_gui.board import Board
from ttt_gui.cli.analyse import analysis_report, review_report
from ttt_gui.engine import Engine, Limit
from ttt_gui.words import LOCALE_DIR_VARIABLE, SOURCE_LANGUAGE, install_language

#: The keys whose values are words in the player's language (docs/json-schema.md).
WORD_KEYS = {"words", "proof_words", "summary"}
#: Positions whose analysis has every kind of value: wins and losses at
#: distances, draws, a finished game.
POSITIONS = ("xx./oo./...", "x../.o./...", "xxx/oo./...", "x.o/.x./o..")


@pytest.fixture(scope="module")
def locale_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("locale")
    compile_test_catalogue(folder)
    compile_shipped_catalogues(folder)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(LOCALE_DIR_VARIABLE, str(folder))
        yield folder
    install_language([])


def reports(language: str) -> list[dict[str, object]]:
    """The analyse JSON of :data:`POSITIONS` and a review's, in ``language``."""
    install_language([language])
    engine = Engine(randomize=False)
    found = [
        json.loads(analysis_report(Analyst(engine, Limit()).analyse(Board.parse(text)), True))
        for text in POSITIONS
    ]
    review = review_game(Board.parse(".../.../..."), (0, 4, 1, 3, 2), engine)
    found.append(json.loads(review_report(review, as_json=True)))
    return found


def without_words(value: object) -> object:
    """``value`` with every word value replaced by a marker."""
    if isinstance(value, dict):
        return {
            key: "<words>" if key in WORD_KEYS else without_words(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [without_words(item) for item in value]
    return value


def words_of(value: object) -> list[object]:
    if isinstance(value, dict):
        return [item if key in WORD_KEYS else words_of(item) for key, item in value.items()]
    if isinstance(value, list):
        return [words_of(item) for item in value]
    return []


@pytest.mark.parametrize("language", [TEST_LANGUAGE, *shipped_languages()])
def test_keys_and_numbers_are_the_same_in_every_language(
    locale_folder: Path, language: str
) -> None:
    english = reports(SOURCE_LANGUAGE)
    translated = reports(language)
    assert [without_words(report) for report in translated] == [
        without_words(report) for report in english
    ]
    if not language.startswith(SOURCE_LANGUAGE):
        assert words_of(translated) != words_of(english), "no word was translated"
