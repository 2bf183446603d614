"""The window's command line: its usage names the commands without a window,
the board options start any board the New game page can, their bad values
are usage errors, and the help speaks of the levels as the window shows them.
Through the parser and ``main``; no window is opened."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from catalogues import speaking

from ttt_gui.board import Player
from ttt_gui.cli import analyse, pbrain
from ttt_gui.cli.main import build_parser, main, names_a_game, settings_for_run
from ttt_gui.config import BOARD_CHOICES, GameConfig, Shape
from ttt_gui.storage.settings import Settings


def run_settings(*arguments: str, saved: GameConfig | None = None) -> GameConfig:
    """The game of this run: ``arguments`` over the saved ``saved``."""
    args: argparse.Namespace = build_parser().parse_args(list(arguments))
    return settings_for_run(args, Settings(saved or GameConfig())).game


def shape_arguments(shape: Shape) -> list[str]:
    """The options that ask for ``shape``, as a person would type them."""
    arguments = ["--rows", str(shape.rows), "--cols", str(shape.cols)]
    arguments += ["--win-length", str(shape.win_length)]
    rules = (("--gravity", shape.gravity), ("--misere", shape.misere), ("--exact", shape.exact))
    return arguments + [option for option, is_on in rules if is_on]


def usage_of(text: str) -> str:
    """The usage lines at the top of a help text."""
    return text.split("\n\n", 1)[0]


def help_of(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*arguments, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


def option_help(text: str, option: str) -> str:
    """The help of ``option`` in a help text: its line and those under it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(option))
    block = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith(" " * 8) or line.lstrip().startswith("-"):
            break
        block.append(line)
    return " ".join(part.strip() for part in block)


# -- the usage ----------------------------------------------------------------------------


def test_the_usage_names_the_commands_without_a_window(capsys: pytest.CaptureFixture[str]) -> None:
    usage = usage_of(help_of(capsys))
    assert usage.startswith("usage: ttt-gui [-h]")
    for command in ("analyse", "review", "pbrain", "puzzle"):
        assert command in usage
    assert usage.splitlines()[-1] == "       ttt-gui {analyse,review,pbrain,puzzle} ..."


def test_a_usage_error_shows_the_commands_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--settings", str(tmp_path / "settings.json"), "--bogus"])
    assert exited.value.code == 2
    assert "ttt-gui {analyse,review,pbrain,puzzle} ..." in capsys.readouterr().err


def test_the_level_is_every_computer_s_in_a_watched_game_too() -> None:
    saved = GameConfig(x_level="easy", o_level="medium")
    game = run_settings("--mode", "watch", "--level", "strongest", saved=saved)
    assert (game.level, game.x_level, game.o_level) == ("strongest",) * 3
    assert [level.name for level in map(game.level_for, Player) if level] == ["strongest"] * 2


# -- the board options --------------------------------------------------------------------


@pytest.mark.parametrize("shape", BOARD_CHOICES, ids=lambda shape: shape.label)
def test_every_board_of_the_new_game_page_starts_from_the_command_line(shape: Shape) -> None:
    assert run_settings(*shape_arguments(shape)).shape == shape


@pytest.mark.parametrize(
    ("arguments", "shape"),
    [
        (["--rows", "6", "--cols", "7", "--gravity"], Shape(6, 7, 4, gravity=True)),
        (["--size", "3", "--misere"], Shape(3, 3, 3, misere=True)),
        (["--size", "15", "--exact"], Shape(15, 15, 5, exact=True)),
        (["--rows", "4", "--cols", "5", "--gravity", "--misere"], Shape(4, 5, 4, True, True)),
        (["--rows", "3", "--cols", "9", "--win-length", "3"], Shape(3, 9, 3)),
    ],
)
def test_the_board_options_give_a_board_of_their_sides_and_rules(
    arguments: list[str], shape: Shape
) -> None:
    assert run_settings(*arguments).shape == shape


CONNECT_FOUR = GameConfig().with_shape(Shape(6, 7, 4, gravity=True))


def test_a_side_not_given_is_the_saved_boards() -> None:
    assert run_settings("--rows", "5", saved=CONNECT_FOUR).shape[:2] == (5, 7)


def test_a_rule_not_given_is_off() -> None:
    assert run_settings("--win-length", "3", saved=CONNECT_FOUR).shape == Shape(6, 7, 3)
    assert run_settings("--exact", saved=CONNECT_FOUR).shape == Shape(6, 7, 4, exact=True)


def test_a_rule_alone_keeps_the_saved_sides_and_win_length() -> None:
    saved = GameConfig().with_shape(Shape(5, 6, 3))
    assert run_settings("--gravity", saved=saved).shape == Shape(5, 6, 3, gravity=True)


def test_without_board_options_the_saved_board_stays() -> None:
    assert run_settings("--level", "hard", saved=CONNECT_FOUR).shape == CONNECT_FOUR.shape


@pytest.mark.parametrize(
    "arguments",
    [["--rows", "6"], ["--cols", "7"], ["--gravity"], ["--misere"], ["--exact"], ["--size", "4"]],
)
def test_a_board_option_asks_for_a_new_game_instead_of_the_kept_one(arguments: list[str]) -> None:
    assert names_a_game(build_parser().parse_args(arguments))


def test_options_of_the_window_alone_resume_the_kept_game() -> None:
    assert not names_a_game(build_parser().parse_args(["--theme", "dark"]))


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--rows", "2"], "argument --rows: 2 is out of range (3 to 15)"),
        (["--cols", "16"], "argument --cols: 16 is out of range (3 to 15)"),
        (["--rows", "six"], "argument --rows: 'six' is not a whole number"),
        (["--gravity", "--exact"], "--exact goes with neither --gravity nor --misere"),
        (["--misere", "--exact"], "--exact goes with neither --gravity nor --misere"),
        (["--rows", "3", "--cols", "4", "--win-length", "5"], "--win-length 5 is longer"),
        (["--rows", "3", "--cols", "3", "--depth", "10"], "--depth 10 is more than the 9 cells"),
    ],
)
def test_bad_board_values_exit_2_with_the_usage_and_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], named: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--settings", str(tmp_path / "settings.json"), *arguments])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: ttt-gui")
    assert error.splitlines()[-1].startswith("ttt-gui: error:")
    assert named in error.splitlines()[-1]
    assert "Traceback" not in error
    assert list(tmp_path.iterdir()) == [], "a usage error writes no settings"


# -- the help's words -----------------------------------------------------------------------


def test_the_level_help_names_the_levels_as_the_window_shows_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = option_help(help_of(capsys), "--level")
    assert words.startswith("--level {easy,medium,hard,strongest}")
    # In English the menus' names are the values: each is said once.
    assert "strength: easy, medium, hard, strongest;" in words
    assert "strongest plays as Perfect" in words


def test_the_level_help_in_another_language_shows_its_labels_and_keeps_the_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = Catalog(locale="eo")
    for english, esperanto in [
        ("Easy", "Facila"),
        ("Medium", "Meza"),
        ("Hard", "Malfacila"),
        ("Strongest", "Plej forta"),
        ("Perfect", "Perfekta"),
    ]:
        catalogue.add(english, esperanto, context="level")
    with speaking(tmp_path, "eo", catalogue, monkeypatch):
        words = option_help(help_of(capsys, "--language", "eo"), "--level")
    assert words.startswith("--level {easy,medium,hard,strongest}")
    # Each value as it is typed, beside the name the menus give it.
    assert "easy (Facila), medium (Meza), hard (Malfacila), strongest (Plej forta)" in words
    assert "Perfekta" in words


@pytest.mark.parametrize("command", [*analyse.COMMANDS, pbrain.COMMAND])
def test_the_commands_without_a_window_do_not_offer_to_set_its_language(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    words = option_help(help_of(capsys, command), "--language")
    assert "window" not in words
    assert "the language of these messages" in words


def test_the_windows_language_option_speaks_of_the_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "the language of the window" in option_help(help_of(capsys), "--language")
