"""Settings persistence: JSON round-trip, validation, atomic writes, corrupt files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ttt_gui.settings import Settings, SettingsError, load, save


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    settings = Settings(mode="hotseat", size=5, win_length=4, theme="dark", zoom=1.5)
    settings.scores = {"hotseat:5x5:4": {"X": 2, "O": 1, "draw": 0}}
    save(settings, path)
    loaded, message, can_save = load(path)
    assert (loaded, message, can_save) == (settings, None, True)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"], "no temporary left"


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert load(tmp_path / "none.json") == (Settings(), None, True)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"[1, 2]",
        b'{"size": 12}',
        b'{"size": "3"}',
        b'{"size": 4, "win_length": 5}',
        b'{"depth": 0}',
        b'{"mode": "online"}',
        b'{"zoom": true}',
        b'{"scores": {"k": {"X": -1}}}',
        b'{"scores": []}',
        b"\xff\xfe\x00garbage",
        b"[" * 100000,
    ],
)
def test_bad_files_are_set_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, message, can_save = load(path)
    assert settings == Settings()
    assert message and "could not be read" in message and "kept as" in message
    assert can_save
    kept = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_huge_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window": "x" * 400_000}))
    _, message, _ = load(path)
    assert message and "larger than" in message


def test_unknown_keys_ignored_and_missing_keys_default() -> None:
    settings = Settings.from_json('{"size": 7, "future_option": 1}')
    assert settings.size == 7 and settings.win_length == 5


def test_validate_names_the_field() -> None:
    with pytest.raises(SettingsError, match="theme"):
        Settings.from_json('{"theme": "neon"}')
    assert issubclass(SettingsError, ValueError)


@pytest.mark.parametrize(
    "arguments",
    [
        ["--bogus"],
        ["--size", "12"],
        ["--size", "three"],
        ["--level", "godlike"],
        ["--mode", "online"],
        ["--play", "z"],
        ["--depth", "0"],
        ["--size", "3", "--win-length", "4"],
        ["--depth", "10"],
        ["--theme", "neon"],
    ],
)
def test_bad_command_line_exits_2_with_usage(arguments: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ttt_gui", *arguments], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 2
    assert result.stderr.startswith("usage: ttt-gui")
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("ttt-gui: error: ")


def test_version_and_help() -> None:
    from ttt_gui import __version__

    version = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--version"], capture_output=True, text=True, timeout=30
    )
    assert version.returncode == 0 and version.stdout.strip() == f"ttt-gui {__version__}"
    helped = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--help"], capture_output=True, text=True, timeout=30
    )
    assert helped.returncode == 0
    for option in ("--mode", "--play", "--level", "--depth", "--size", "--win-length", "--theme"):
        assert option in helped.stdout
