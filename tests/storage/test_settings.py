"""Settings persistence: JSON round-trip, validation, atomic writes, corrupt files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ttt_gui.board import Player
from ttt_gui.config import GameConfig, Mode
from ttt_gui.storage.settings import FORMAT, Settings, SettingsError, load, save

#: The fields of a game's variant, written since rectangles and rules arrived.
VARIANT = ("rows", "cols", "gravity", "misere", "exact")
#: A settings file as written before the format marker existed.
OLD_FILE = {
    "analysis": True,
    "depth": None,
    "history": False,
    "human": "O",
    "level": "hard",
    "mode": "computer",
    "o_level": "easy",
    "scores": {"computer:4x4:4": {"X": 1, "O": 0, "draw": 2}},
    "size": 4,
    "theme": "dark",
    "think_time": 2.0,
    "watch_delay": 100,
    "win_length": 4,
    "window": "640x480",
    "x_level": "perfect",
    "zoom": 1.25,
}


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    game = GameConfig(mode=Mode.HOTSEAT, rows=5, cols=5, win_length=4)
    settings = Settings(game, theme="dark", zoom=1.5)
    settings.scores = {"hotseat:5x5:4": {"X": 2, "O": 1, "draw": 0}}
    save(settings, path)
    loaded, message, can_save = load(path)
    assert (loaded, message, can_save) == (settings, None, True)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"], "no temporary left"


def test_the_file_is_one_flat_object_with_a_format_marker() -> None:
    data = json.loads(Settings(GameConfig(rows=4, cols=4, win_length=3)).to_json())
    assert data["format"] == FORMAT
    assert (data["size"], data["win_length"], data["mode"], data["zoom"]) == (
        4,
        3,
        "computer",
        1.0,
    )
    assert "game" not in data
    assert set(data) == {
        "format",
        "scores_format",
        "coordinates",
        "alternate",
        "motion",
        "sound",
        "toolbar",
        "language",
        "folder",
        "recent",
        *OLD_FILE,
        *VARIANT,
    }


def test_files_written_before_the_format_marker_still_load() -> None:
    settings = Settings.from_json(json.dumps(OLD_FILE))
    assert settings.game == GameConfig(
        mode=Mode.COMPUTER,
        human=Player.O,
        level="hard",
        rows=4,
        cols=4,
        win_length=4,
        think_time=2.0,
        x_level="strongest",
        o_level="easy",
    )
    assert (settings.theme, settings.zoom, settings.window) == ("dark", 1.25, "640x480")
    assert (settings.watch_delay, settings.analysis, settings.history) == (100, True, False)
    # The old match of every level on 4×4 is now the match against the level chosen.
    assert settings.scores == {"computer:4x4:4 at hard": {"X": 1, "O": 0, "draw": 2}}


def test_old_score_entries_become_matches_per_opponent_and_statistics_keep_their_keys() -> None:
    old = {
        "computer:3x3:3": {"you": 2, "computer": 1},
        "computer:3x3:3 vs hard": {"you": 7},
        "watch:5x5:4": {"X": 3},
        "hotseat:3x3:3": {"O": 4},
    }
    text = json.dumps({"format": FORMAT, "level": "easy", "x_level": "hard", "scores": old})
    settings = Settings.from_json(text)
    assert settings.scores == {
        "computer:3x3:3 at easy": {"you": 2, "computer": 1},
        "computer:3x3:3 vs hard": {"you": 7},
        "watch:5x5:4 at hard/medium": {"X": 3},
        "hotseat:3x3:3": {"O": 4},
    }
    assert Settings.from_json(settings.to_json()).scores == settings.scores, "migrated once"


def test_a_file_of_another_format_is_refused() -> None:
    with pytest.raises(SettingsError, match="not a settings file"):
        Settings.from_json('{"format": "ttt-gui game", "size": 3}')


def test_settings_hold_the_game_configuration_they_are_given() -> None:
    game = GameConfig(mode=Mode.WATCH, x_level="easy")
    settings = Settings(game)
    assert settings.game is game
    assert Settings().game == GameConfig()
    assert Settings().scores is not Settings().scores


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert load(tmp_path / "none.json") == (Settings(), None, True)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"[1, 2]",
        b'{"size": 16}',
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
    text = '{"format": "ttt-gui settings", "size": 7, "future_option": 1, "game": 3}'
    settings = Settings.from_json(text)
    assert settings.game.size == 7 and settings.game.win_length == 5
    assert settings.theme == "system" and settings.scores == {}


@pytest.mark.parametrize(
    "text",
    [
        '{"size": 7, "future_option": 1}',  # no marker and a key settings never had
        '{"format": "ttt-gui game", "version": 1, "size": 3, "moves": []}',
        '{"name": "package", "version": "1.0"}',
    ],
)
def test_json_that_is_not_settings_is_refused(text: str) -> None:
    with pytest.raises(SettingsError, match="not a settings file"):
        Settings.from_json(text)


def test_settings_written_before_the_format_marker_still_load() -> None:
    settings = Settings.from_json('{"size": 5, "theme": "dark", "scores": {}}')
    assert (settings.game.size, settings.theme) == (5, "dark")


def test_a_file_without_the_marker_loads_only_as_the_app_s_own(tmp_path: Path) -> None:
    """The app's own file may have been written before the marker; a file the
    person named (``set_aside_bad`` False) must carry it, and is left as it is."""
    path = tmp_path / "settings.json"
    contents = b'{"size": 5, "theme": "dark", "scores": {}}'
    path.write_bytes(contents)
    with pytest.raises(SettingsError, match="not a ttt-gui settings file"):
        load(path, set_aside_bad=False)
    assert path.read_bytes() == contents
    settings, message, can_save = load(path)
    assert (settings.game.size, settings.theme, message, can_save) == (5, "dark", None, True)
    save(settings, path)
    assert load(path, set_aside_bad=False)[0] == settings, "written with the marker"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('{"theme": "neon"}', "theme"),
        ('{"level": "godlike"}', "level"),
        ('{"mode": "online"}', "mode"),
        ('{"think_time": 1' + "0" * 400 + "}", "think_time"),
        ('{"watch_delay": 5001}', "watch_delay"),
        ('{"window": "big"}', "window"),
    ],
)
def test_validate_names_the_field(text: str, name: str) -> None:
    with pytest.raises(SettingsError, match=f"^setting '{name}' has an invalid value: "):
        Settings.from_json(text)
    assert issubclass(SettingsError, ValueError)


#: Bad command lines run as a process; main() refuses each of them in this
#: process too (tests/cli/test_cli.py, tests/system/test_robustness.py).
BAD_COMMAND_LINES = [
    ["--bogus"],
    ["--size", "16"],
    ["--size", "three"],
    ["--level", "godlike"],
    ["--mode", "online"],
    ["--play", "z"],
    ["--depth", "0"],
    ["--size", "3", "--win-length", "4"],
    ["--depth", "10"],
    ["--theme", "neon"],
]


@pytest.mark.parametrize(
    "arguments",
    # By default every third of them as a process, all of them under --slow.
    [
        arguments if index % 3 == 0 else pytest.param(arguments, marks=pytest.mark.slow)
        for index, arguments in enumerate(BAD_COMMAND_LINES)
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
    from ttt_gui.engine import COMPILED

    version = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--version"], capture_output=True, text=True, timeout=30
    )
    engine = "compiled" if COMPILED else "pure Python"
    expected = f"ttt-gui {__version__}\nengine: {engine}"
    assert version.returncode == 0 and version.stdout.strip() == expected
    helped = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "--help"], capture_output=True, text=True, timeout=30
    )
    assert helped.returncode == 0
    for option in ("--mode", "--play", "--level", "--depth", "--size", "--win-length", "--theme"):
        assert option in helped.stdout


def test_a_linked_settings_file_that_is_not_settings_is_left_where_it_is(
    tmp_path: Path,
) -> None:
    """Config files kept as links (a dotfiles tool): a link whose file is not
    settings is neither moved aside nor written through."""
    documents = tmp_path / "Documents"
    documents.mkdir()
    notes = documents / "notes.txt"
    notes.write_bytes(b"my notes, not settings")
    config = tmp_path / "config"
    config.mkdir()
    link = config / "settings.json"
    link.symlink_to(notes)
    settings, message, can_save = load(link)
    assert settings == Settings() and message is not None and not can_save
    assert link.is_symlink() and notes.read_bytes() == b"my notes, not settings"
    assert list(config.iterdir()) == [link] and list(documents.iterdir()) == [notes]
