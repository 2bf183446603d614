"""What the settings writer writes, the reader reads back: the scores never
outgrow the reader's limits, and the keys of a later version are kept."""

from __future__ import annotations

import copy
import dataclasses
import json
import tempfile
from pathlib import Path

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.settings import (
    MAX_COUNT,
    MAX_FILE_BYTES,
    MAX_SCORE_ENTRIES,
    Settings,
    load,
    save,
)
from ttt_gui.storage.settings_store import SettingsStore
from ttt_gui.theme import THEMES

#: What a later version writes: a key of its own and one this version's reader
#: has never seen the like of.
LATER_KEYS = {"haptics": True, "volume": {"music": 0.5, "effects": [1, 2]}}


def finish_game(settings: Settings, config: GameConfig, label: str) -> None:
    """Count a game as the session does: the match's score and the
    statistics (two entries, one for two players' games on a board)."""
    for key in dict.fromkeys((config.match_key, config.statistics_key)):
        tally = settings.scores.setdefault(key, {})
        tally[label] = tally.get(label, 0) + 1


def open_window(path: Path) -> tuple[SettingsStore, Settings]:
    loaded, message, can_save = load(path)
    assert message is None, message
    return SettingsStore(path, loaded, can_write=can_save), copy.deepcopy(loaded)


def full_scores(count: int) -> dict[str, dict[str, int]]:
    return {f"hotseat:board {index}": {"X": 1, "O": 0, "draw": 0} for index in range(count)}


# -- item: the scores never outgrow what the reader accepts -----------------------------


def test_a_game_on_a_new_board_at_the_score_limit_is_read_back(tmp_path: Path) -> None:
    """At the limit, one more finished game (two entries against the computer)
    used to write a file the next start set aside with every score."""
    path = tmp_path / "settings.json"
    save(Settings(scores=full_scores(MAX_SCORE_ENTRIES - 1)), path)
    store, window = open_window(path)
    config = GameConfig(mode=Mode.COMPUTER, rows=5, cols=5, win_length=4, level="hard")
    finish_game(window, config, "you")
    store.save(window)
    loaded, message, _ = load(path)
    assert message is None
    assert not list(tmp_path.glob("*corrupt*")), "nothing set aside"
    assert len(loaded.scores) == MAX_SCORE_ENTRIES
    assert loaded.scores[config.match_key] == {"you": 1}
    assert loaded.scores[str(config.statistics_key)] == {"you": 1}
    # The least recently played entry made room; the others are all kept.
    assert "hotseat:board 0" not in loaded.scores and "hotseat:board 1" in loaded.scores


def test_the_game_just_played_moves_its_scores_last_and_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(scores=full_scores(MAX_SCORE_ENTRIES)), path)
    store, window = open_window(path)
    config = GameConfig(mode=Mode.HOTSEAT, rows=3, cols=3, win_length=3)
    window.scores["hotseat:board 0"]["X"] += 1  # the oldest entry is played again
    finish_game(window, config, "O")
    store.save(window)
    loaded = load(path)[0]
    assert set(list(loaded.scores)[-3:]) == {
        "hotseat:board 0",
        config.match_key,
        config.statistics_key,
    }
    assert loaded.scores["hotseat:board 0"]["X"] == 2
    assert "hotseat:board 1" not in loaded.scores and len(loaded.scores) == MAX_SCORE_ENTRIES


def test_scores_too_large_for_the_file_leave_out_the_oldest(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    scores = {f"{index:04d}:{'k' * 400}": {"X": index} for index in range(900)}
    save(Settings(scores=scores, extra=dict(LATER_KEYS)), path)
    assert path.stat().st_size <= MAX_FILE_BYTES
    loaded, message, _ = load(path)
    assert message is None
    kept = list(loaded.scores)
    assert kept == list(scores)[-len(kept) :], "the most recently played are kept"
    assert len(kept) > 500 and loaded.extra == LATER_KEYS


def test_a_tally_stops_at_the_largest_count_the_reader_accepts(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(scores={"hotseat:3x3:3": {"X": MAX_COUNT + 1, "O": 2}}), path)
    loaded, message, _ = load(path)
    assert message is None
    assert loaded.scores == {"hotseat:3x3:3": {"X": MAX_COUNT, "O": 2}}


# -- item: a later version's keys are kept ------------------------------------------------


def later_version_file(path: Path, **settings_keys: object) -> None:
    data = json.loads(Settings().to_json())
    path.write_text(json.dumps({**data, **settings_keys, **LATER_KEYS}))


def test_keys_a_later_version_wrote_are_kept_through_a_change(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    later_version_file(path, theme="dark")
    store, window = open_window(path)
    store.save(dataclasses.replace(window, zoom=2.0))
    data = json.loads(path.read_text())
    assert {key: data.get(key) for key in LATER_KEYS} == LATER_KEYS
    assert (data["zoom"], data["theme"]) == (2.0, "dark")


def test_keys_a_later_version_wrote_while_this_window_ran_are_kept(tmp_path: Path) -> None:
    """Two versions sharing a config folder: this window opened the file before
    the later version added its keys, and saves after."""
    path = tmp_path / "settings.json"
    save(Settings(), path)
    store, window = open_window(path)
    later_version_file(path, theme="dark")
    finish_game(window, GameConfig(mode=Mode.HOTSEAT), "X")
    store.save(dataclasses.replace(window, zoom=1.5))
    data = json.loads(path.read_text())
    assert {key: data.get(key) for key in LATER_KEYS} == LATER_KEYS
    loaded = load(path)[0]
    assert (loaded.theme, loaded.zoom, loaded.scores) == (
        "dark",
        1.5,
        {"hotseat:3x3:3": {"X": 1}, "hotseat:3x3:3 vs people": {"X": 1}},
    )


# -- the round trip, property-based ----------------------------------------------------

CONFIGS = [
    GameConfig(mode=Mode.HOTSEAT),
    GameConfig(mode=Mode.COMPUTER, level="easy"),
    GameConfig(mode=Mode.COMPUTER, rows=4, cols=4, win_length=3, level="hard"),
    GameConfig(mode=Mode.COMPUTER, rows=6, cols=7, win_length=4, gravity=True),
    GameConfig(mode=Mode.WATCH, rows=5, cols=5, win_length=4, misere=True),
]

changes = st.one_of(
    st.tuples(st.just("theme"), st.sampled_from(sorted(THEMES))),
    st.tuples(st.just("zoom"), st.floats(0.5, 3.0, allow_nan=False)),
    st.tuples(st.just("window"), st.from_regex(r"[0-9]{1,5}x[0-9]{1,5}", fullmatch=True)),
    st.tuples(st.just("watch_delay"), st.integers(0, 5000)),
    st.tuples(st.just("analysis"), st.booleans()),
    st.tuples(st.just("coordinates"), st.none() | st.booleans()),
    st.tuples(st.just("folder"), st.text(max_size=40)),
    st.tuples(st.just("game"), st.sampled_from(CONFIGS)),
    st.tuples(st.just("finish"), st.sampled_from(["X", "O", "draw", "you", "computer"])),
    st.tuples(st.just("save"), st.none()),
)


@settings(max_examples=examples(60, 20), deadline=None)
@given(steps=st.lists(changes, max_size=25), later=st.booleans())
def test_changes_and_finished_games_read_back_after_every_save(
    steps: list[tuple[str, object]], later: bool
) -> None:
    """Any sequence of changes and finished games, saved now and then, reads
    back as the window holds it, a later version's keys included."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        if later:
            later_version_file(path)
        store, window = open_window(path)
        for name, value in steps:
            if name == "finish":
                finish_game(window, window.game, str(value))
            elif name == "save":
                store.save(window)
                assert load(path) == (window, None, True)
            elif name == "game":
                assert isinstance(value, GameConfig)
                window.game = value
            else:
                setattr(window, name, value)
        store.save(window)
        assert load(path) == (window, None, True)
        assert load(path)[0].extra == (LATER_KEYS if later else {})
