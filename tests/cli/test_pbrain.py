"""``ttt-gui pbrain``: the Gomocup protocol, line by line and as a whole process."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import cpu_seconds, eventually
from test_cli import child_environment

from ttt_gui.board import MAX_SIZE, Board, Player
from ttt_gui.cli import pbrain
from ttt_gui.cli.pbrain import (
    DEFAULT_TURN_TIME,
    MIN_THINK_TIME,
    Brain,
    TimeControl,
    table_limit_for,
)
from ttt_gui.engine import DEFAULT_TABLE_LIMIT, Engine

NODES = 300  # a small search per move: these tests check the protocol, not the play


class Manager:
    """Sends lines to a brain and keeps its answers."""

    def __init__(self, nodes: int | None = NODES) -> None:
        self.replies: list[str] = []
        self.brain = Brain(self.replies.append, engine=Engine(selective=True, seed=1), nodes=nodes)

    def send(self, *lines: str) -> list[str]:
        """The answers to ``lines``, in order."""
        start = len(self.replies)
        for line in lines:
            self.brain.handle(line)
        return self.replies[start:]


def cell_of(reply: str, board: Board) -> int:
    x, y = (int(part) for part in reply.split(","))
    assert 0 <= x < board.cols and 0 <= y < board.rows
    return y * board.cols + x


# -- the game ----------------------------------------------------------------------------


def test_start_answers_ok_and_begin_plays_a_move_on_the_empty_board() -> None:
    manager = Manager()
    assert manager.send("START 15") == ["OK"]
    (move,) = manager.send("BEGIN")
    board = manager.brain.board
    assert board is not None and board.move_count == 1
    assert board[cell_of(move, board)] is Player.X


def test_turn_plays_the_opponents_stone_then_answers_on_an_empty_cell() -> None:
    manager = Manager()
    manager.send("START 15")
    (move,) = manager.send("TURN 7,7")
    board = manager.brain.board
    assert board is not None and board.move_count == 2
    assert board[7 * 15 + 7] is Player.X
    assert board[cell_of(move, board)] is Player.O


def test_the_brain_completes_its_five_and_blocks_the_opponents_four() -> None:
    manager = Manager()
    manager.send("START 15")
    winning = ["BOARD", *(f"{x},3,1" for x in range(4)), *(f"{x},9,2" for x in range(4)), "DONE"]
    assert manager.send(*winning) == ["4,3"]
    blocking = ["BOARD", "0,0,1", "14,14,1", "9,9,1", *(f"{x},5,2" for x in range(2, 6)), "DONE"]
    assert manager.send(*blocking)[0] in ("1,5", "6,5")


def test_board_with_more_opponent_stones_makes_the_brain_second() -> None:
    manager = Manager()
    manager.send("START 15")
    (move,) = manager.send("BOARD", "7,7,2", "DONE")
    board = manager.brain.board
    assert board is not None
    assert board[7 * 15 + 7] is Player.X and board[cell_of(move, board)] is Player.O


def test_takeback_removes_the_last_stone_and_restart_empties_the_board() -> None:
    manager = Manager()
    manager.send("START 10")
    (move,) = manager.send("TURN 5,5")
    assert manager.send(f"TAKEBACK {move}") == ["OK"]
    board = manager.brain.board
    assert board is not None and board.move_count == 1
    assert manager.send("RESTART") == ["OK"]
    assert manager.brain.board == Board.empty(10, 5)


def test_rectangular_start_is_columns_then_rows() -> None:
    manager = Manager()
    assert manager.send("RECTSTART 12,8") == ["OK"]
    board = manager.brain.board
    assert board is not None and (board.cols, board.rows) == (12, 8)


def test_about_names_the_brain_on_one_line() -> None:
    (about,) = Manager().send("ABOUT")
    assert about.startswith('name="ttt-gui", version="')


def test_end_finishes_without_an_answer() -> None:
    manager = Manager()
    assert manager.send("END") == []
    assert manager.brain.finished


def test_commands_are_read_in_any_case_and_blank_lines_are_ignored() -> None:
    manager = Manager()
    assert manager.send("", "  start 9  ", "   ") == ["OK"]


# -- bad input: an answer, and the brain goes on ------------------------------------------


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (["BEGIN"], "START comes first"),
        (["TURN 1,1"], "START comes first"),
        (["START 21"], "unsupported size 21x21 (from 5 to 20)"),
        (["RECTSTART 20,21"], "unsupported size 20x21"),
        (["START 4"], "unsupported size"),
        (["START fifteen"], "expected 1 numbers"),
        (["START 15", "TURN 15,0"], "15,0 is off the board (15x15)"),
        (["START 15", "TURN 1;1"], "expected 2 numbers"),
        (["START 15", "TURN -1,2"], "expected 2 numbers"),
        (["START 15", "TURN 7,7", "TURN 7,7"], "7,7 is taken"),
        (["START 20", "TURN 20,3"], "20,3 is off the board (20x20)"),
        (["START 20", "TURN 3,20"], "3,20 is off the board (20x20)"),
        (["START 15", "TAKEBACK 15,1"], "15,1 is off the board"),
        (["START 15", "TAKEBACK 3,3"], "no stone on 3,3"),
        (["START 15", "INFO timeout_turn soon"], "needs a whole number"),
        (["START 15", "INFO timeout_turn --5"], "needs a whole number, not '--5'"),
        (["START 15", "DONE"], "DONE without BOARD"),
        (["START 15", "BOARD", "1,1,1", "1,1,2", "DONE"], "two stones on 1,1"),
        (["START 15", "BOARD", "1,1,1", "2,2,1", "DONE"], "not this brain's turn"),
        (["START 15", "BOARD", "1,1,3", "DONE"], "is not 1 (own) or 2"),
        (["START 15", "BOARD", "1,1", "DONE"], "expected 3 numbers"),
        (
            [
                "START 15",
                "BOARD",
                *(f"{x},0,2" for x in range(5)),
                *(f"{x},2,1" for x in range(4)),
                "DONE",
            ],
            "the game is over",
        ),
    ],
)
def test_bad_input_gets_an_error_with_its_reason(lines: list[str], reason: str) -> None:
    manager = Manager()
    replies = manager.send(*lines)
    assert replies[-1].startswith("ERROR ")
    assert reason in replies[-1]


def test_after_an_error_the_brain_plays_on() -> None:
    manager = Manager()
    manager.send("START 15", "TURN 7,7")
    before = manager.brain.board
    assert manager.send("TURN 7,7")[0].startswith("ERROR")
    assert manager.brain.board == before
    (move,) = manager.send("TURN 0,0")
    assert not move.startswith("ERROR")


#: A number int() refuses to read (it reads at most 4,300 digits).
HUGE = "7" * 5000


@pytest.mark.parametrize(
    "lines",
    [
        [f"START {HUGE}"],
        [f"RECTSTART {HUGE},15"],
        [f"RECTSTART 15,{HUGE}"],
        ["START 15", f"TURN {HUGE},1"],
        ["START 15", f"TURN 1,{HUGE}"],
        ["START 15", "TURN 7,7", f"TAKEBACK {HUGE},7"],
        ["START 15", "BOARD", f"{HUGE},1,1", "DONE"],
        ["START 15", "BOARD", f"1,1,{HUGE}", "DONE"],
        ["START 15", f"INFO timeout_turn {HUGE}"],
        ["START 15", f"INFO rule -{HUGE}"],
    ],
)
def test_a_number_of_thousands_of_digits_gets_an_error_and_the_brain_plays_on(
    lines: list[str],
) -> None:
    manager = Manager()
    replies = manager.send(*lines)
    assert replies[-1] == "ERROR a number of 5000 digits is out of range (at most 18)" or (
        replies[-1].startswith("ERROR INFO ") and "5000 digits is out of range" in replies[-1]
    )
    assert HUGE not in replies[-1]  # the reason, not an echo of the whole line
    assert manager.send("START 15") == ["OK"]
    (move,) = manager.send("TURN 7,7")
    assert not move.startswith("ERROR")


def test_leading_zeros_do_not_count_as_digits() -> None:
    manager = Manager()
    assert manager.send(f"START {'0' * 5000}15") == ["OK"]
    board = manager.brain.board
    assert board is not None and board.rows == 15


@pytest.mark.parametrize("key", ["timeout_turn", "timeout_match", "time_left", "max_memory"])
def test_an_info_value_past_a_floats_range_gets_an_error_and_changes_nothing(key: str) -> None:
    manager = Manager()
    manager.send("START 15", "INFO timeout_turn 2000", "INFO max_memory 83886080")
    clock, table_limit = manager.brain.clock, manager.brain.engine.table_limit
    (reply,) = manager.send(f"INFO {key} 1{'0' * 400}")
    assert reply == f"ERROR INFO {key}: a number of 401 digits is out of range (at most 18)"
    assert manager.brain.clock == clock and manager.brain.engine.table_limit == table_limit
    (move,) = manager.send("TURN 7,7")
    assert not move.startswith("ERROR")


def test_the_largest_numbers_read_are_taken_as_they_are() -> None:
    manager = Manager()
    manager.send("START 15", "INFO timeout_turn 0", "INFO time_left 999999999999999999")
    assert manager.brain.clock.left == 999999999999999.999
    assert manager.send("INFO max_memory 999999999999999999") == []
    assert manager.brain.engine.table_limit == DEFAULT_TABLE_LIMIT


def test_an_illegal_turn_is_named_by_the_coordinates_given() -> None:
    manager = Manager()
    manager.send("START 20")
    (move,) = manager.send("TURN 7,7")
    assert manager.send("TURN 7,7") == ["ERROR 7,7 is taken"]
    assert manager.send(f"TURN {move}") == [f"ERROR {move} is taken"]
    assert manager.send("TURN 20,3") == ["ERROR 20,3 is off the board (20x20)"]
    assert manager.send("TURN 007,7") == ["ERROR 7,7 is taken"]  # the number, as read


def test_a_long_unknown_command_is_answered_without_all_of_it() -> None:
    (reply,) = Manager().send("X" * 10_000)
    assert reply.startswith("UNKNOWN command 'XXX") and len(reply) < 100


def test_an_unknown_command_is_answered_unknown() -> None:
    assert Manager().send("SWAP2BOARD") == ["UNKNOWN command 'SWAP2BOARD'"]


def test_a_rule_not_played_is_said_in_a_message() -> None:
    manager = Manager()
    manager.send("START 15")
    assert manager.send("INFO rule 4")[0].startswith("MESSAGE ")
    assert manager.send("INFO rule 0") == []
    assert manager.send("INFO rule 1") == []


OVERLINE_THREAT = ["0,9,2", "1,9,2", "2,9,2", "3,9,2", "5,9,2"]  # .... then one more
OWN_STONES = ["0,0,1", "14,0,1", "7,14,1", "14,14,1"]


SIX_IN_A_ROW = ["0,9,2", "1,9,2", "2,9,2", "3,9,2", "4,9,2", "5,9,2"]
SCATTERED = ["0,0,1", "14,0,1", "7,14,1", "14,14,1", "0,14,1", "7,0,1"]


def test_under_rule_1_six_in_a_row_does_not_end_the_game() -> None:
    manager = Manager()
    manager.send("INFO rule 1", "START 15")
    board = manager.brain.board
    assert board is not None and board.exact
    (move,) = manager.send("BOARD", *SIX_IN_A_ROW, *SCATTERED, "DONE")
    assert not move.startswith("ERROR")
    manager.send("INFO rule 0")
    (refused,) = manager.send("BOARD", *SIX_IN_A_ROW, *SCATTERED, "DONE")
    assert refused == "ERROR the game is over"


def test_without_rule_1_six_in_a_row_wins() -> None:
    manager = Manager()
    manager.send("START 15")
    (move,) = manager.send("BOARD", *OVERLINE_THREAT, *OWN_STONES, "DONE")
    assert move == "4,9"  # the block of five or more


def test_the_rule_changes_the_board_of_a_game_under_way() -> None:
    manager = Manager()
    manager.send("START 15", "TURN 7,7")
    manager.send("INFO rule 1")
    board = manager.brain.board
    assert board is not None and board.exact and board.move_count == 2


# -- boards up to Gomocup's 20x20 -----------------------------------------------------------


def test_every_board_from_5_to_20_a_side_is_accepted() -> None:
    manager = Manager()
    assert MAX_SIZE == 20
    for size in range(5, 21):
        assert manager.send(f"START {size}") == ["OK"]
    for cols in range(5, 21):
        for rows in range(5, 21):
            assert manager.send(f"RECTSTART {cols},{rows}") == ["OK"]
            board = manager.brain.board
            assert board is not None and (board.cols, board.rows) == (cols, rows)


def test_a_game_on_20x20_is_answered_with_legal_moves() -> None:
    """The brain begins on Gomocup's freestyle board, then answers a manager
    that plays the last empty cell each turn (far corner first: t20, the
    bottom right) with moves on empty cells, until it has five."""
    manager = Manager()
    assert manager.send("START 20") == ["OK"]
    board = Board.empty(20, 5)
    (reply,) = manager.send("BEGIN")
    while True:
        board = board.play(cell_of(reply, board))  # raises for an illegal move
        assert manager.brain.board == board
        if board.is_over:
            break
        ours = max(board.legal_moves())
        board = board.play(ours)
        (reply,) = manager.send(f"TURN {ours % 20},{ours // 20}")
    assert board.winner is Player.X and board[399] is Player.O
    assert board.coordinate(399) == "t20"


def test_a_20x20_position_is_read_and_answered() -> None:
    manager = Manager()
    manager.send("START 20")
    own = [f"{x},{x},1" for x in range(15, 19)]  # four on the diagonal to t20
    winning = ["BOARD", *own, "14,14,2", "0,0,2", "5,9,2", "9,5,2", "DONE"]
    assert manager.send(*winning) == ["19,19"]


# -- time and memory ----------------------------------------------------------------------


def test_think_time_is_a_share_of_the_turn_and_of_the_match_time_left() -> None:
    assert TimeControl().think_time() == pytest.approx(DEFAULT_TURN_TIME * 0.85 - 0.05)
    assert TimeControl(turn=2.0).think_time() == pytest.approx(1.65)
    assert TimeControl(turn=0.0).think_time() == MIN_THINK_TIME
    assert TimeControl(turn=30.0, match=180.0, left=40.0).think_time() == pytest.approx(1.95)
    assert TimeControl(turn=30.0, match=0.0, left=40.0).think_time() == pytest.approx(25.45)


def test_info_sets_the_clock_in_milliseconds_and_the_table_by_memory() -> None:
    manager = Manager()
    assert (
        manager.send(
            "INFO timeout_turn 2000",
            "INFO timeout_match 60000",
            "INFO time_left 10000",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder /tmp",
        )
        == []
    )
    assert manager.brain.clock == TimeControl(turn=2.0, match=60.0, left=10.0)
    assert manager.brain.limit().time == pytest.approx(0.45)
    assert manager.brain.engine.table_limit == 83886080 // 2 // 375
    assert table_limit_for(0) == DEFAULT_TABLE_LIMIT


def test_a_move_keeps_to_the_turn_time() -> None:
    manager = Manager(nodes=None)
    manager.send("START 15", "INFO timeout_turn 300")
    started = time.perf_counter()
    (move,) = manager.send("TURN 7,7")
    assert not move.startswith("ERROR")
    assert time.perf_counter() - started < 0.3 * 1.5  # a loaded test machine's slack


# -- the whole process ---------------------------------------------------------------------


def test_the_process_plays_a_short_game_through_pipes(tmp_path: Path) -> None:
    """A manager's game: the brain moves first, the manager plays on the
    first empty cell of the top row each turn, until someone has five."""
    child = subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "pbrain", "--nodes", "400", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
        cwd=tmp_path,
        env={**child_environment(tmp_path), "DISPLAY": ""},
    )
    assert child.stdin is not None and child.stdout is not None

    def tell(line: str) -> None:
        assert child.stdin is not None
        child.stdin.write(line + "\n")
        child.stdin.flush()

    def ask(line: str) -> str:
        assert child.stdout is not None
        tell(line)
        return child.stdout.readline().strip()

    try:
        assert ask("START 9") == "OK"
        tell("INFO timeout_turn 200")  # no answer: the next line is ABOUT's
        assert ask("ABOUT").startswith("name=")  # the INFO's silence did not shift answers
        board = Board.empty(9, 5)
        reply = ask("BEGIN")
        while True:
            board = board.play(cell_of(reply, board))
            if board.is_over:
                break
            ours = min(cell for cell in board.legal_moves())
            board = board.play(ours)
            if board.is_over:
                break
            reply = ask(f"TURN {ours % 9},{ours // 9}")
        assert board.winner is Player.X  # the brain beats a manager that fills the top row
        assert ask("FOO").startswith("UNKNOWN")
        tell("END")
        assert child.wait(timeout=30) == 0
        assert child.stderr is not None and child.stderr.read() == ""
        assert not (tmp_path / "config").exists()  # no settings read or written
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def launch_brain(tmp_path: Path, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ttt_gui", "pbrain", *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
        cwd=tmp_path,
        env={**child_environment(tmp_path), "DISPLAY": ""},
    )


def test_ctrl_c_mid_search_ends_the_brain_quietly(tmp_path: Path) -> None:
    """START 15, then a TURN the brain would think about for 25 s: Ctrl+C once
    it is searching (it has used more processor time than starting takes)."""
    child = launch_brain(tmp_path)
    try:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write("START 15\n")
        child.stdin.flush()
        assert child.stdout.readline() == "OK\n"
        child.stdin.write("INFO timeout_turn 30000\nTURN 9,9\n")
        child.stdin.flush()
        assert eventually(lambda: cpu_seconds(child.pid) > 0.8, 30), "no search"
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=20)
        assert (child.returncode, stdout, stderr) == (130, "", "")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_a_manager_that_goes_away_mid_search_ends_the_brain_quietly(tmp_path: Path) -> None:
    """The manager closes both pipes as soon as it has sent a TURN (the brain
    thinks for about 0.8 s): the answer finds no reader (a broken pipe)."""
    child = launch_brain(tmp_path)
    try:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write("START 15\n")
        child.stdin.flush()
        assert child.stdout.readline() == "OK\n"
        child.stdin.write("INFO timeout_turn 1000\nTURN 9,9\n")
        child.stdin.flush()
        child.stdout.close()
        child.stdin.close()
        assert child.wait(timeout=60) == 141
        assert child.stderr is not None and child.stderr.read() == ""
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_the_end_of_the_input_mid_search_ends_the_brain_after_its_answer(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "pbrain", "--nodes", "300"],
        input="START 15\nTURN 9,9\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**child_environment(tmp_path), "DISPLAY": ""},
    )
    assert (done.returncode, done.stderr) == (0, "")
    ok, move = done.stdout.splitlines()
    assert ok == "OK" and cell_of(move, Board.empty(15, 5)) != 9 * 15 + 9


def test_bytes_the_input_cannot_decode_are_a_bad_line_not_a_crash(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "pbrain", "--nodes", "300"],
        input=b"\xff\xfeSTART 15\nSTART 15\nTURN \xe4\xb8\xad,\xff\nTURN 7,7\nEND\n",
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
        env={**child_environment(tmp_path), "DISPLAY": "", "PYTHONIOENCODING": "ascii"},
    )
    assert (done.returncode, done.stderr) == (0, b"")
    unknown, ok, error, move = done.stdout.decode("ascii").splitlines()
    assert unknown.startswith("UNKNOWN command") and ok == "OK"
    # Each byte ASCII cannot read is a replacement character, written escaped.
    unreadable = "\\ufffd"
    expected = f"ERROR expected 2 numbers separated by commas, not '{unreadable * 3},{unreadable}'"
    assert error == expected
    assert not move.startswith("ERROR")


#: Runs ``python -m ttt_gui`` with a Ctrl+C (the signal numbered by the first
#: argument) while the entry point itself is imported, before the handlers
#: that end the program quietly are set.
SIGNAL_WHILE_STARTING = """
import importlib.abc, os, runpy, sys

class SignalOnImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "ttt_gui.cli.start":
            os.kill(os.getpid(), int(sys.argv.pop(1)))
        return None

sys.meta_path.insert(0, SignalOnImport())
runpy.run_module("ttt_gui", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_in_the_first_instant_of_the_brain_ends_it_quietly(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_WHILE_STARTING, str(int(signal.SIGINT)), "pbrain"],
        input="START 15\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=child_environment(tmp_path),
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")


def test_ctrl_c_while_reading_the_manager_returns_the_interrupted_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupted:
        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    try:
        status = pbrain.main(["pbrain"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C went through the brain")
    assert status == 130
    assert capsys.readouterr() == ("", "")
