"""The choices' labels are words in the player's language; the ids that
settings and saved games keep stay English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from catalogues import compile_shipped_catalogues, shipped_languages, speaking

from ttt_gui.config import (
    BOARD_CHOICES,
    LEVELS,
    PRESETS,
    WATCH_SPEEDS,
    GameConfig,
    Mode,
    Shape,
    speed_label,
)
from ttt_gui.theme import THEMES, theme_label
from ttt_gui.words import LOCALE_DIR_VARIABLE, install_language


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A few of the labels in German, installed; English after."""
    catalog = Catalog(locale="de")
    catalog.add("Connect Four", "Vier gewinnt")
    catalog.add(
        ("{name} ({cols}×{rows}, {count} in a row)", "{name} ({cols}×{rows}, {count} in a row)"),
        ("{name} ({cols}×{rows}, {count} in einer Reihe)",) * 2,
    )
    catalog.add("Hard", "Schwer", context="level")
    catalog.add("Two players", "Zwei Spieler")
    catalog.add("Fast", "Schnell")
    catalog.add("Dark theme", "Dunkles Farbschema")
    with speaking(tmp_path, "de", catalog, monkeypatch):
        yield


def test_labels_are_translated_where_shown_and_ids_stay_english(german: None) -> None:
    connect_four = Shape(6, 7, 4, gravity=True)
    assert connect_four.label == "Vier gewinnt (7×6, 4 in einer Reihe)"
    assert PRESETS[connect_four] == "Connect Four"
    assert LEVELS["hard"].label() == "Schwer"
    assert Mode.HOTSEAT.label == "Zwei Spieler" and Mode.HOTSEAT.value == "hotseat"
    assert speed_label("Fast") == "Schnell" and WATCH_SPEEDS["Fast"] == 100
    assert theme_label("dark") == "Dunkles Farbschema"
    config = GameConfig(level="hard")
    assert config.to_dict()["level"] == "hard" and config.level_name() == "Schwer"


def test_every_choice_has_an_english_label() -> None:
    assert [level.label() for level in LEVELS.values()] == ["Easy", "Medium", "Hard", "Perfect"]
    assert LEVELS["strongest"].label(solved=False) == "Strongest"
    assert [theme_label(name) for name in THEMES][0] == "System theme"
    assert GameConfig(depth=5).level_name() == "depth 5"
    assert GameConfig(mode=Mode.WATCH, x_level="easy").player_name(GameConfig().human) == (
        "X (Easy)"
    )


@pytest.fixture(scope="module")
def shipped_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogues, compiled into a locale folder."""
    return compile_shipped_catalogues(tmp_path_factory.mktemp("shipped") / "locale")


@pytest.mark.parametrize("language", ["en", *shipped_languages()])
def test_no_two_entries_of_the_board_list_read_the_same(
    language: str, shipped_locale: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gomoku and Standard Gomoku are told apart in every language (the
    standard rule's "exactly five")."""
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(shipped_locale))
    install_language([language])
    try:
        labels = [choice.label for choice in BOARD_CHOICES]
        assert len(set(labels)) == len(labels), (language, labels)
    finally:
        install_language([])
