"""The player's puzzle record in the settings file: read back as written,
bounded, refused when malformed, and merged across windows as the scores are."""

from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path

import pytest

from ttt_gui.storage.puzzle_record import (
    MAX_ATTEMPTS,
    START,
    Attempt,
    PuzzleRecord,
    PuzzleRecordError,
    Rating,
    merge_records,
)
from ttt_gui.storage.settings import Settings, SettingsError, load, save
from ttt_gui.storage.settings_store import SettingsStore

DAY = date(2026, 11, 29)


def attempt(number: int, solved: bool = True, day: date = DAY) -> Attempt:
    return Attempt(f"small-{number:04d}", day, solved)


def test_the_record_is_saved_and_read_back_with_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    record = PuzzleRecord().with_attempt(attempt(1), "small", Rating(1620.5, 240.25, 0.059999))
    record = record.with_attempt(attempt(2, solved=False), "connect-four", Rating(1400, 300, 0.06))
    save(Settings(puzzles=record), path)
    assert load(path)[0].puzzles == record
    assert json.loads(path.read_text())["puzzles"]["attempts"][1] == "2026-11-29 small-0002 failed"


def test_a_player_who_never_tried_a_puzzle_has_no_record_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(), path)
    assert "puzzles" not in json.loads(path.read_text())
    assert load(path)[0].puzzles.rating("small") == START


def test_the_oldest_attempts_go_first_once_the_record_is_full() -> None:
    record = PuzzleRecord()
    for number in range(MAX_ATTEMPTS + 5):
        record = record.with_attempt(attempt(number), "small", START)
    assert len(record.attempts) == MAX_ATTEMPTS
    assert record.attempts[0].puzzle == "small-0005"
    assert record.count == MAX_ATTEMPTS + 5
    assert len(Settings(puzzles=record).to_json()) < 64 * 1024


@pytest.mark.parametrize(
    "puzzles",
    [
        [],
        {"attempts": ["2026-11-29 small-0001 won"]},
        {"attempts": ["2026-13-29 small-0001 solved"]},
        {"attempts": ["2026-11-29 Small/0001 solved"]},
        {"attempts": ["2026-11-29 small-0001 solved"] * (MAX_ATTEMPTS + 1)},
        {"ratings": {"small": [1500, 0, 0.06]}},
        {"ratings": {"small": [1500, 200]}},
        {"ratings": {"small": ["1500", 200, 0.06]}},
        {"ratings": {"small": [1e308 * 10, 200, 0.06]}},
        {"ratings": {"SMALL": [1500, 200, 0.06]}},
        {"count": -1},
        {"count": True},
    ],
)
def test_a_malformed_record_is_a_named_error(puzzles: object) -> None:
    with pytest.raises(PuzzleRecordError):
        PuzzleRecord.from_json_value(puzzles)
    text = json.dumps({"format": "ttt-gui settings", "puzzles": puzzles})
    with pytest.raises(SettingsError, match="puzzles"):
        Settings.from_json(text)


def test_a_malformed_record_sets_the_file_aside_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"format": "ttt-gui settings", "puzzles": {"count": "many"}}')
    settings, message, can_save = load(path)
    assert message is not None and "puzzles" in message
    assert settings.puzzles == PuzzleRecord() and can_save


def test_the_streak_counts_days_in_a_row_with_a_puzzle_solved() -> None:
    record = PuzzleRecord()
    for day, solved in [(24, True), (26, True), (27, False), (27, True), (28, True), (29, False)]:
        record = record.with_attempt(attempt(day, solved, date(2026, 11, day)), "small", START)
    assert record.streak(date(2026, 11, 29)) == 3, "today not solved yet: up to yesterday"
    assert record.streak(date(2026, 11, 28)) == 3
    assert record.streak(date(2026, 11, 30)) == 0
    assert record.streak(date(2026, 11, 27)) == 2
    assert record.solved() == {"small-0024", "small-0026", "small-0027", "small-0028"}


def test_two_windows_each_solve_a_puzzle_and_both_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save(Settings(theme="dark"), path)
    windows = []
    for _ in range(2):
        settings = load(path)[0]
        windows.append((SettingsStore(path, settings), copy.deepcopy(settings)))
    (first_store, first), (second_store, second) = windows
    first.puzzles = first.puzzles.with_attempt(attempt(1), "small", Rating(1600, 300, 0.06))
    second.puzzles = second.puzzles.with_attempt(
        attempt(2, solved=False), "small", Rating(1450, 300, 0.06)
    )
    second.puzzles = second.puzzles.with_attempt(attempt(3), "gomoku", Rating(1700, 290, 0.06))
    first_store.save(first)
    second_store.save(second)
    first_store.save(first)  # nothing new in the first: the second's attempts stay
    saved = load(path)[0].puzzles
    assert [item.puzzle for item in saved.attempts] == ["small-0001", "small-0002", "small-0003"]
    assert saved.count == 3
    assert saved.rating("small").rating == pytest.approx(1550)
    assert saved.rating("gomoku") == Rating(1700, 290, 0.06)


def test_a_window_alone_keeps_its_rating_exactly() -> None:
    mine = PuzzleRecord().with_attempt(attempt(1), "small", Rating(1612.3, 251.2, 0.0599))
    assert merge_records(PuzzleRecord(), PuzzleRecord(), mine) == mine
    assert merge_records(mine, mine, mine) == mine
