"""``ttt-gui puzzle``: a puzzle printed, a line checked (solved, not yet,
slower, lost), bad input refused with status 2; a few whole processes
under --slow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import child_environment

from ttt_gui.analysis.puzzles import Puzzle, PuzzleJudge, PuzzleKind, puzzle_set
from ttt_gui.cli.main import main as program_main
from ttt_gui.cli.puzzle import check_line, main, show


def small_puzzle(distance: int) -> Puzzle:
    return next(
        p
        for p in puzzle_set(PuzzleKind.SMALL)
        if p.board.cells == 9 and p.distance == distance and len(p.winning) == 1
    )


def solution(puzzle: Puzzle) -> list[int]:
    """A whole solving line: the first winning move, the longest defence,
    a winning move, ... to the win."""
    judge = PuzzleJudge(puzzle)
    board, line = puzzle.board, []
    while True:
        move = min(judge.winning_moves(board))
        board = board.play(move)
        line.append(move)
        if judge.verdict(board).moves_left == 0:
            return line
        reply = judge.defence(board)
        board = board.play(reply)
        line.append(reply)


def names(puzzle: Puzzle, cells: list[int]) -> str:
    return " ".join(puzzle.board.coordinate(cell) for cell in cells)


def test_a_puzzle_is_shown_with_its_id_coordinates_task_and_rating() -> None:
    puzzle = small_puzzle(2)
    text = show(puzzle)
    lines = text.splitlines()
    assert lines[0] == puzzle.id
    assert lines[1].split() == ["a", "b", "c"]
    assert [line.split()[0] for line in lines[2:5]] == ["1", "2", "3"]
    assert f"{puzzle.attacker.value} to play and win in 2 moves." in text
    assert f"Rating: {round(puzzle.rating)}" in text


def test_a_whole_solving_line_solves_and_so_do_the_attacker_s_moves_alone() -> None:
    puzzle = small_puzzle(3)
    line = solution(puzzle)
    check = check_line(puzzle, line)
    assert check.solved and check.words == f"Solved: {names(puzzle, line)}"
    alone = line[::2]
    assert len(alone) == puzzle.distance
    assert check_line(puzzle, alone).solved


def test_a_line_that_stops_short_is_not_solved_yet() -> None:
    puzzle = small_puzzle(3)
    first = solution(puzzle)[:1]
    check = check_line(puzzle, first)
    assert not check.solved
    assert check.words.startswith("Not solved yet: after ") and "2 moves to win" in check.words


def test_a_move_that_throws_the_win_away_is_named() -> None:
    puzzle = small_puzzle(2)
    judge = PuzzleJudge(puzzle)
    wrong = next(
        move
        for move in puzzle.board.legal_moves()
        if judge.verdict(puzzle.board.play(move)).moves_left is None
    )
    check = check_line(puzzle, [wrong])
    name = puzzle.board.coordinate(wrong)
    player = puzzle.attacker.value
    assert not check.solved
    assert check.words == f"Not solved: after {name} {player} has no forced win any more."


def test_a_slower_win_fails_with_its_own_words() -> None:
    for puzzle in puzzle_set(PuzzleKind.SMALL):
        judge = PuzzleJudge(puzzle)
        slower = [
            move
            for move in puzzle.board.legal_moves()
            if (left := judge.verdict(puzzle.board.play(move)).moves_left) is not None
            and left > puzzle.distance - 1
        ]
        if slower:
            break
    check = check_line(puzzle, slower[:1])
    assert not check.solved and "still wins, but in" in check.words
    assert f"not {puzzle.distance}." in check.words


def test_a_connect_four_line_may_name_any_cell_of_a_column() -> None:
    puzzle = min(puzzle_set(PuzzleKind.CONNECT_FOUR), key=lambda p: (p.distance, p.id))
    top_row = [cell % puzzle.board.cols for cell in solution(puzzle)[::2]]
    assert check_line(puzzle, top_row).solved


def test_the_exit_status_says_solved_not_solved_or_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzle = small_puzzle(2)
    line = names(puzzle, solution(puzzle))
    assert main(["puzzle", "--id", puzzle.id, "--check", line]) == 0
    assert "Solved" in capsys.readouterr().out
    wrong = next(
        cell
        for cell in puzzle.board.legal_moves()
        if PuzzleJudge(puzzle).verdict(puzzle.board.play(cell)).moves_left is None
    )
    assert main(["puzzle", "--id", puzzle.id, "--check", puzzle.board.coordinate(wrong)]) == 1
    assert main(["puzzle", "--game", "small", "--daily", "--date", "2027-01-01"]) == 0
    assert main(["puzzle", "--game", "five"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    "arguments",
    [
        ["--id", "small-9999"],
        ["--game", "five", "--id", "small-0001"],
        ["--game", "chess"],
        [],
        ["--game", "small", "--daily", "--date", "2027-02-30"],
        ["--game", "small", "--date", "2027-02-03"],
        ["--game", "small", "--daily", "--id", "small-0001"],
        ["--id", "small-0001", "--check", "z9"],
        ["--id", "small-0001", "--check", " "],
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["puzzle", *arguments])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "error:" in error and "Traceback" not in error


def test_a_move_on_a_taken_cell_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = small_puzzle(2)
    taken = next(cell for cell in range(puzzle.board.cells) if puzzle.board[cell] is not None)
    with pytest.raises(SystemExit) as exit_info:
        main(["puzzle", "--id", puzzle.id, "--check", puzzle.board.coordinate(taken)])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert f"{puzzle.board.coordinate(taken)} is not a legal move there" in error


def test_the_program_runs_the_command_without_a_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzle = small_puzzle(2)
    assert program_main(["puzzle", "--id", puzzle.id]) == 0
    assert capsys.readouterr().out.startswith(puzzle.id)


@pytest.mark.slow
@pytest.mark.parametrize(("check", "status"), [("solve", 0), ("wrong", 1), ("z9", 2)])
def test_the_command_as_a_process(tmp_path: Path, check: str, status: int) -> None:
    puzzle = small_puzzle(2)
    if check == "solve":
        check = names(puzzle, solution(puzzle))
    elif check == "wrong":
        judge = PuzzleJudge(puzzle)
        check = puzzle.board.coordinate(
            next(
                cell
                for cell in puzzle.board.legal_moves()
                if judge.verdict(puzzle.board.play(cell)).moves_left is None
            )
        )
    environment = child_environment(tmp_path)
    environment.pop("DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-m", "ttt_gui", "puzzle", "--id", puzzle.id, "--check", check],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=environment,
    )
    assert done.returncode == status, done.stderr
    assert done.stdout.startswith(puzzle.id) or status == 2
