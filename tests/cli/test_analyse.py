"""``ttt-gui analyse`` and ``ttt-gui review``, run as a person runs them: in a
child process, without a display."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from conftest import cpu_seconds, eventually
from test_cli import child_environment
from variant_reference import move_values
from variant_reference import move_values as reference_values

from ttt_gui.analysis.position import Analyst
from ttt_gui.analysis.review import review_game
from ttt_gui.board import Board
from ttt_gui.cli.analyse import analysis_report, review_report
from ttt_gui.config import GameConfig
from ttt_gui.engine import Engine, Limit
from ttt_gui.storage.games import SavedGame, write_game
from ttt_gui.words import DOMAIN, LOCALE_DIR_VARIABLE, install_language


def run(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m ttt_gui ARGUMENTS`` with no display at all."""
    environment = child_environment(home)
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-m", "ttt_gui", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=home,
        env=environment,
    )


def saved(path: Path, moves: tuple[int, ...], **config: object) -> Path:
    write_game(path, SavedGame(GameConfig.from_dict({"mode": "hotseat", **config}), moves))
    return path


# -- analyse -----------------------------------------------------------------------------


def test_analyse_prints_the_value_then_every_move_best_first(tmp_path: Path) -> None:
    board = Board.parse("x.o/.x./...")
    done = run(tmp_path, "analyse", "x.o/.x./...")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    first, *lines = done.stdout.splitlines()
    assert first == "X.O/.X./...  O to move: draw"
    assert lines == [
        "c3  draw",
        "b1  X wins in 1 move",
        "a2  X wins in 1 move",
        "c2  X wins in 1 move",
        "a3  X wins in 1 move",
        "b3  X wins in 1 move",
    ]
    values = move_values(board)  # the order is the reference's, best first
    expected = sorted(values.items(), key=lambda item: (-item[1], item[0]))
    assert [line.split()[0] for line in lines] == [board.coordinate(move) for move, _ in expected]


def test_analyse_json_is_one_object_with_every_move(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "XX./OO./...", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["position"] == "XX./OO./..."
    assert data["side_to_move"] == "X"
    assert (data["words"], data["exact"], data["win_length"]) == ("X wins in 1 move", True, 3)
    values = move_values(Board.parse("XX./OO./..."))
    assert data["score"] == max(values.values())
    assert [move["coordinate"] for move in data["moves"]] == ["c1", "c2", "a3", "b3", "c3"]
    assert [move["score"] for move in data["moves"]] == sorted(values.values(), reverse=True)
    assert data["moves"][1] == {
        "coordinate": "c2",
        "cell": 5,
        "score": 0,
        "outcome": "draw",
        "plies": None,
        "words": "draw",
        "exact": True,
    }


@pytest.mark.slow  # a whole process and a solve; the engine's tests prove the same
def test_analyse_names_a_draw_proven_by_a_pairing_strategy(tmp_path: Path) -> None:
    empty = "...../...../...../...../....."
    done = run(tmp_path, "analyse", empty, "--win-length", "5")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"{empty}  X to move: draw: pairing strategy"
    data = json.loads(run(tmp_path, "analyse", empty, "--win-length", "5", "--json").stdout)
    assert (data["words"], data["proof"]) == ("draw", "pairing")
    assert (data["outcome"], data["proof_words"]) == ("draw", "pairing strategy")
    plain = json.loads(run(tmp_path, "analyse", "x.o/.x./...", "--json").stdout)
    assert plain["proof"] is None
    assert "pairing" not in run(tmp_path, "analyse", "x.o/.x./...").stdout


def test_analyse_takes_rows_one_per_line_and_a_win_length(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "x...\n.o..\n....\n....", "--win-length", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["position"], data["win_length"]) == ("X.../.O../..../....", 3)
    assert len(data["moves"]) == 14


def test_analyse_to_a_depth_says_it_is_approximate(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "...../...../..x../...../.....", "--depth", "2")
    assert done.returncode == 0, done.stderr
    first, *lines = done.stdout.splitlines()
    assert first.startswith("...../...../..X../...../.....  O to move: ")
    assert first.endswith("(approximate, searched 2 moves ahead)")
    assert len(lines) == 24
    data = json.loads(
        run(tmp_path, "analyse", "...../...../..x../...../.....", "--depth", "2", "--json").stdout
    )
    assert (data["exact"], data["depth"]) == (False, 2)
    assert not any(move["exact"] for move in data["moves"])


def test_an_approximate_analysis_words_the_moves_it_proved_as_exact(tmp_path: Path) -> None:
    """4x4, four in a row, to depth 2: the moves on column d are searched to
    every game end (draws); the others are not."""
    position = "OXOO/X.X./.OX./.OX."
    done = run(tmp_path, "analyse", position, "--depth", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exact"] is False
    exact = {move["coordinate"]: move["words"] for move in data["moves"] if move["exact"]}
    assert exact == {"d2": "draw", "d3": "draw", "d4": "draw"}
    assert len(data["moves"]) == 6
    text = run(tmp_path, "analyse", position, "--depth", "2").stdout.splitlines()
    assert "d2  draw" in text and not any(line.startswith("b2  draw") for line in text)


@pytest.mark.slow  # a whole process and a solve; the engine's tests prove the same
def test_analyse_proves_moves_drawn_by_relevance_zones_after_its_search(tmp_path: Path) -> None:
    """7x7, five in a row, six marks: far from the game's end for the search,
    but relevance zones prove every move a draw, so the analysis is exact."""
    position = "......./......./..xoo../..o.x../...x.../......./......."
    done = run(tmp_path, "analyse", position, "--think-time", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["words"], data["exact"]) == ("draw", True)
    assert len(data["moves"]) == 43
    assert all(move["words"] == "draw" and move["exact"] for move in data["moves"])
    # To a fixed depth the answer stays the search's alone, the same everywhere.
    done = run(tmp_path, "analyse", position, "--depth", "2", "--json")
    assert json.loads(done.stdout)["exact"] is False


def test_analyse_of_a_finished_game_says_who_won(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "xxx/oo./...")
    assert (done.returncode, done.stdout) == (0, "XXX/OO./...  game over: X has won\n")
    data = json.loads(run(tmp_path, "analyse", "xox/xoo/oxx", "--json").stdout)
    assert (data["words"], data["moves"]) == ("draw", [])


@pytest.mark.parametrize(
    ("position", "options", "rules"),
    [
        ("x.o/.x./...", ["--misere"], "misère"),
        ("..../..../x.../xo.o", ["--win-length", "3", "--gravity"], "gravity"),
        ("..../..../x.../xo.o", ["--win-length", "3", "--gravity", "--misere"], "gravity, misère"),
    ],
)
def test_analyse_plays_by_the_variant_s_rules(
    tmp_path: Path, position: str, options: list[str], rules: str
) -> None:
    printed = {
        "misère": [
            "X.O/.X./...  (misère)  O to move: O wins in 3 moves",
            *(f"{cell}  O wins in 3 moves" for cell in ("b1", "a2", "c2", "a3", "b3")),
            "c3  draw",
        ],
        "gravity": [
            "..../..../X.../XO.O  (gravity)  X to move: X wins in 1 move",
            "a2  X wins in 1 move",
            "c4  X wins in 3 moves",
            "b3  O wins in 1 move",
            "d3  O wins in 1 move",
        ],
        "gravity, misère": [
            "..../..../X.../XO.O  (gravity, misère)  X to move: O wins in 5 moves",
            "b3  O wins in 5 moves",
            "d3  O wins in 5 moves",
            "c4  O wins in 5 moves",
            "a2  O wins in 1 move",
        ],
    }[rules]
    board = Board.parse(
        position,
        win_length=3,
        gravity="--gravity" in options,
        misere="--misere" in options,
    )
    done = run(tmp_path, "analyse", position, *options)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == printed
    values = reference_values(board)  # the order is the reference's, best first
    expected = sorted(values.items(), key=lambda item: (-item[1], item[0]))
    assert [line.split()[0] for line in printed[1:]] == [
        board.coordinate(move) for move, _ in expected
    ]
    data = json.loads(run(tmp_path, "analyse", position, *options, "--json").stdout)
    assert (data["gravity"], data["misere"]) == (board.gravity, board.misere)
    assert {move["coordinate"] for move in data["moves"]} == {
        board.coordinate(move) for move in board.legal_moves()
    }


def test_analyse_of_misere_is_not_the_plain_game(tmp_path: Path) -> None:
    """X to move can complete a line: a win in 1 move in the plain game, a move to
    avoid under misère."""
    plain = json.loads(run(tmp_path, "analyse", "xx./oo./...", "--json").stdout)
    misere = json.loads(run(tmp_path, "analyse", "xx./oo./...", "--misere", "--json").stdout)
    assert plain["moves"][0] == {
        "coordinate": "c1",
        "cell": 2,
        "score": plain["score"],
        "outcome": "win",
        "plies": 1,
        "words": "X wins in 1 move",
        "exact": True,
    }
    assert [m["words"] for m in misere["moves"] if m["coordinate"] == "c1"] == ["O wins in 1 move"]
    assert misere["words"] != "X wins in 1 move"


@pytest.mark.slow  # a whole process and a solve; the engine's tests prove the same
def test_analyse_under_the_exact_rule_does_not_count_an_overline(tmp_path: Path) -> None:
    """X's d1 makes five in a row where four win: a win in 1 move in the plain
    game; under the exact rule no win, and O's four on row 2 comes next."""
    position = "xxx.x/ooo../o..../...../....."
    options = ("--win-length", "4", "--depth", "2", "--json")
    plain = json.loads(run(tmp_path, "analyse", position, *options).stdout)
    done = run(tmp_path, "analyse", position, "--exact", *options)
    assert done.returncode == 0, done.stderr
    exact = json.loads(done.stdout)
    assert (plain["exact_rule"], exact["exact_rule"]) == (False, True)
    assert plain["moves"][0]["coordinate"] == "d1" and plain["moves"][0]["outcome"] == "win"
    assert exact["moves"][0]["coordinate"] == "d2"
    assert {move["coordinate"]: move["outcome"] for move in exact["moves"]}["d1"] == "loss"
    text = run(tmp_path, "analyse", position, "--exact", "--win-length", "4", "--depth", "2")
    assert text.stdout.startswith("XXX.X/OOO../O..../...../.....  (exactly 4 in a row wins)")


def test_an_estimate_names_the_side_it_favours_and_no_engine_score() -> None:
    """Connect Four searched 4 plies deep: heuristic values only, each worded
    "X is better", "O is slightly better" or "about even", never in points."""
    board = Board.parse("......./......./......./......./......./...x...", gravity=True)
    analyst = Analyst(Engine(randomize=False), Limit(depth=4))
    lines = analysis_report(analyst.analyse(board), False).splitlines()
    assert lines[0].startswith(str(board) + "  (gravity)  O to move: ")
    assert lines[0].endswith(" (approximate, searched 4 moves ahead)")
    words = [line.split("  ", 1)[1] for line in lines[1:]]
    estimate = re.compile(r"about even|[XO] is (slightly better|better|winning)")
    assert all(estimate.fullmatch(word) for word in words), words
    data = json.loads(analysis_report(analyst.analyse(board), True))
    assert not any(re.search(r"≈|[+-]\d", move["words"]) for move in data["moves"])


def test_analyse_under_gravity_refuses_a_floating_mark(tmp_path: Path) -> None:
    done = run(tmp_path, "analyse", "x../.../..o", "--gravity")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("ttt-gui analyse: error: bad position")
    assert len(done.stderr.splitlines()) == 1


#: Bad positions, refused as a process: by default two of them, all under
#: --slow (the board's own tests refuse each kind in this process).
BAD_POSITIONS = [
    ("xx/..", "rows"),
    ("x.q/.../...", "unknown character 'q'"),
    ("xxx/.../...", "impossible counts"),
    ("xxx/ooo/...", "both players have a line"),
    ("x.../..../..../...", "row 4 has 3 cells"),
]


@pytest.mark.parametrize(
    ("position", "named"),
    [
        case if index in (0, 3) else pytest.param(*case, marks=pytest.mark.slow)
        for index, case in enumerate(BAD_POSITIONS)
    ],
)
def test_a_bad_position_exits_2_with_one_line(tmp_path: Path, position: str, named: str) -> None:
    done = run(tmp_path, "analyse", position)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("ttt-gui analyse: error: bad position")
    assert named in done.stderr


#: Bad command lines of the commands, each run as a process. By default one
#: of each kind (a value out of range, an unknown option, options that do
#: not go together, a command without its argument); all of them under --slow.
BAD_OPTIONS = [
    (["analyse", "x../.../...", "--depth", "0"], "--depth 0 is out of range (1 to 9"),
    (["analyse", "x../.../...", "--depth", "ten"], "--depth"),
    (["analyse", "x../.../...", "--win-length", "16"], "--win-length 16"),
    (["analyse", "x../.../...", "--win-length", "4"], "win length 4 is out of range"),
    (["analyse", "x../.../...", "--think-time", "0"], "--think-time 0 is out of range"),
    (["analyse", "x../.../...", "--bogus"], "unrecognized arguments: --bogus"),
    (
        ["analyse", "..../..../..../....", "--exact", "--gravity"],
        "--exact goes with neither --gravity nor --misere",
    ),
    (["analyse"], "POSITION"),
    (["review"], "FILE.ttt"),
]


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        case if index in (0, 5, 6, 8) else pytest.param(*case, marks=pytest.mark.slow)
        for index, case in enumerate(BAD_OPTIONS)
    ],
)
def test_a_bad_option_exits_2_with_the_usage(
    tmp_path: Path, arguments: list[str], named: str
) -> None:
    done = run(tmp_path, *arguments)
    assert done.returncode == 2
    assert done.stdout == ""
    assert named in done.stderr.splitlines()[-1]
    assert (
        done.stderr.startswith(f"usage: ttt-gui {arguments[0]}") or "bad position" in done.stderr
    )


# -- review ------------------------------------------------------------------------------


def test_review_prints_every_move_marked_and_the_summary(tmp_path: Path) -> None:
    path = saved(tmp_path / "game.ttt", (0, 1, 4, 7, 8))
    done = run(tmp_path, "review", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "  1. X a1  best        a draw",
        "  2. O b1  mistake     was a draw, now X wins in 3 moves; better: b2",
        "  3. X b2  best        X wins in 3 moves",
        "  4. O b3  inaccuracy  X could win in 2 moves, now X wins in 1 move; better: c3",
        "  5. X c3  best        X wins in 1 move",
        "X: 3 best, 0 inaccuracies, 0 mistakes; "
        "O: 0 best, 1 inaccuracy, 1 mistake (move 2: b1 lost the draw)",
    ]


def test_review_json_lists_marks_values_and_better_moves(tmp_path: Path) -> None:
    path = saved(tmp_path / "game.ttt", (0, 1, 4, 7, 8))
    data = json.loads(run(tmp_path, "review", str(path), "--json").stdout)
    assert data["exact"] is True
    assert (data["gravity"], data["misere"], data["exact_rule"]) == (False, False, False)
    assert [move["mark"] for move in data["moves"]] == [
        "best",
        "mistake",
        "best",
        "inaccuracy",
        "best",
    ]
    second = data["moves"][1]
    assert (second["number"], second["player"], second["coordinate"]) == (2, "O", "b1")
    assert (second["better"], second["best_score"]) == (["b2"], 0)
    assert second["words"] == "was a draw, now X wins in 3 moves"
    assert data["summary"].startswith("X: 3 best")


@pytest.fixture
def translated_marks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A catalogue naming two of a review's marks, installed; English after."""
    catalog = Catalog(locale="eo")
    catalog.add("best", "plej bona", context="review mark")
    catalog.add("mistake", "eraro", context="review mark")
    target = tmp_path / "locale" / "eo" / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setenv(LOCALE_DIR_VARIABLE, str(tmp_path / "locale"))
    install_language(["eo"])
    yield
    install_language([])


def test_review_text_names_the_marks_in_the_player_s_language_and_json_keeps_ids(
    translated_marks: None,
) -> None:
    review = review_game(Board.empty(3), [0, 1], Engine(randomize=False))
    lines = review_report(review, False).splitlines()
    assert lines[0] == "  1. X a1  plej bona  a draw"
    assert lines[1].startswith("  2. O b1  eraro      was a draw, now X wins in 3 moves")
    data = json.loads(review_report(review, True))
    assert [move["mark"] for move in data["moves"]] == ["best", "mistake"]


def test_review_of_a_large_board_is_approximate_to_the_depth_asked(tmp_path: Path) -> None:
    path = saved(tmp_path / "big.ttt", (24, 25, 17), size=7, win_length=5)
    done = run(tmp_path, "review", str(path), "--depth", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    # Five in a row on 7x7: losses by threats, the other values estimates.
    assert lines[-1].endswith(" other values searched 2 moves ahead")
    assert " mistake " not in done.stdout  # nothing is proven lost this early


@pytest.mark.parametrize(
    ("content", "named"),
    [
        (None, "cannot be read"),
        ("hello", "not a saved game"),
        ('{"format": "ttt-gui game", "version": 1, "size": 3, "moves": ["a1", "a1"]}', "move 2"),
    ],
)
def test_a_bad_file_exits_2_with_one_line(tmp_path: Path, content: str | None, named: str) -> None:
    path = tmp_path / "game.ttt"
    if content is not None:
        path.write_text(content)
    done = run(tmp_path, "review", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("ttt-gui review: error: ")
    assert named in done.stderr


# -- the window's command line is unchanged ------------------------------------------------


def test_the_commands_never_load_tk(tmp_path: Path) -> None:
    code = (
        "import sys; from ttt_gui.cli.main import main; "
        "status = main(['analyse', 'x../.../...']); "
        "print('tkinter' in sys.modules, status)"
    )
    environment = child_environment(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "False 0"


def test_the_window_help_names_the_commands(tmp_path: Path) -> None:
    done = run(tmp_path, "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "analyse POSITION" in text and "review FILE.ttt" in text
    assert "--level" in done.stdout


def test_ctrl_c_stops_a_long_analysis_quietly(tmp_path: Path) -> None:
    environment = child_environment(tmp_path)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ttt_gui",
            "analyse",
            "/".join(["." * 9] * 9),
            "--think-time",
            "60",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    # Searching (so Ctrl+C lands where the command handles it): it has used far
    # more processor time than starting takes (about 0.1 s).
    assert eventually(lambda: cpu_seconds(process.pid) > 0.5, 30), "no search"
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=20)
    assert (process.returncode, stdout, stderr) == (130, "", "")


def test_output_to_a_reader_that_left_ends_quietly(tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # as ``| head`` does once it has read enough
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ttt_gui", "analyse", "x../.../..."],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env=child_environment(tmp_path),
        )
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


# -- a translator's broken catalogue never ends a command ----------------------------------


def broken_catalogue_environment(home: Path, catalogue: bytes) -> dict[str, str]:
    """The environment of a child speaking the language ``xx``, whose only
    catalogue, in the translator's folder, holds ``catalogue``."""
    folder = home / "locale"
    target = folder / "xx" / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(catalogue)
    environment = child_environment(home)
    environment.pop("DISPLAY", None)
    environment[LOCALE_DIR_VARIABLE] = str(folder)
    environment["LANGUAGE"] = "xx"
    return environment


def test_an_empty_catalogue_leaves_the_command_in_english(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "analyse", "xo./.x./..."],
        capture_output=True,
        text=True,
        timeout=60,
        env=broken_catalogue_environment(tmp_path, b""),
    )
    assert done.returncode == 0, done.stderr
    assert "O to move: X wins in 2 moves" in done.stdout
    assert "Traceback" not in done.stderr
    [said] = done.stderr.splitlines()
    assert "ttt_gui.mo" in said and "cannot be read" in said


def test_a_misspelt_placeholder_shows_that_message_in_english(tmp_path: Path) -> None:
    catalogue = Catalog(locale="de")
    catalogue.add(
        "{position}  {player} to move: {value}", "{position}  {player} zieht: {nopevalue}"
    )
    catalogue.add(
        ("{player} wins in {moves} move", "{player} wins in {moves} moves"),
        ("{player} gewinnt in {moves} Zug", "{player} gewinnt in {moves} Zügen"),
    )
    mo = tmp_path / "built.mo"
    with mo.open("wb") as file:
        write_mo(file, catalogue)
    done = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "analyse", "xo./.x./..."],
        capture_output=True,
        text=True,
        timeout=60,
        env=broken_catalogue_environment(tmp_path, mo.read_bytes()),
    )
    assert done.returncode == 0, done.stderr
    first, *moves = done.stdout.splitlines()
    assert first.endswith("O to move: X gewinnt in 2 Zügen"), "the English sentence alone"
    assert "c1  X gewinnt in 1 Zug" in moves, "the other messages translated"
    assert "Traceback" not in done.stderr
    [said] = done.stderr.splitlines()
    assert "'{position}  {player} to move: {value}'" in said


# -- Ctrl+C in the first instants -------------------------------------------------------------

#: Runs ``python -m ttt_gui ARGUMENTS`` after saying "ready" on standard output,
#: the instant the program's own code begins (Python's start is done).
READY_THEN_RUN = """
import os, runpy, sys
os.write(sys.stdout.fileno(), b"ready\\n")
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("milliseconds", [10, 15, 20, 25, 30, 35, 40])
def test_ctrl_c_in_the_first_instants_ends_quietly(tmp_path: Path, milliseconds: int) -> None:
    """Ctrl+C 10 to 40 ms after the program's code begins (loading, reading
    the options, starting the search): status 130, nothing on stderr."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            READY_THEN_RUN,
            "analyse",
            "/".join(["." * 9] * 9),
            "--think-time",
            "60",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_environment(tmp_path),
    )
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    time.sleep(milliseconds / 1000)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert (process.returncode, stdout, stderr) == (130, b"", b"")


#: Runs ``python -m ttt_gui analyse x../.../...`` with Ctrl+C arriving at one
#: chosen point: inside a finaliser's callback while the entry point or the
#: rest of the program loads, while the command builds its parser, inside a
#: finaliser's callback while the command imports a module, or after the
#: command's end.
CTRL_C_AT = """
import atexit, gc, os, runpy, signal, sys, weakref

where = sys.argv.pop(1)

def ctrl_c(*_):
    os.kill(os.getpid(), signal.SIGINT)

if where == "parser":
    import ttt_gui.cli.analyse as analyse
    build_parser = analyse.build_parser
    def interrupted_build():
        ctrl_c()
        return build_parser()
    analyse.build_parser = interrupted_build
elif where in ("entry callback", "callback"):
    module = "ttt_gui.cli.start" if where == "entry callback" else "ttt_gui.engine"
    class Loading:
        pass
    loading = Loading()
    keep = weakref.ref(loading, ctrl_c)
    import importlib.abc
    class DropOnImport(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            global loading
            if name == module:
                loading = None  # the callback runs now, as the module loads
            return None
    sys.meta_path.insert(0, DropOnImport())
elif where == "command callback":
    import importlib.abc
    import ttt_gui.cli.analyse as analyse
    report = analyse.analysis_report
    class Loading:
        pass
    holder = [Loading()]
    keep = weakref.ref(holder[0], ctrl_c)
    class DropOnImport(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "module_the_command_imports":
                holder.clear()  # the callback runs now, in the middle of the import
            return None
    sys.meta_path.insert(0, DropOnImport())
    def importing_report(*arguments, **keywords):
        try:
            import module_the_command_imports
        except ImportError:
            pass
        return report(*arguments, **keywords)
    analyse.analysis_report = importing_report
elif where == "end":
    atexit.register(ctrl_c)
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    "where", ["entry callback", "callback", "parser", "command callback", "end"]
)
def test_ctrl_c_at_any_point_of_a_command_ends_it_quietly(tmp_path: Path, where: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CTRL_C_AT, where, "analyse", "x../.../..."],
        capture_output=True,
        text=True,
        timeout=60,
        env=child_environment(tmp_path),
    )
    assert done.returncode == 130
    assert done.stderr == ""
