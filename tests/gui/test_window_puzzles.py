"""Game › Puzzles in a real window, as a new player meets it: Ctrl+P shows a
puzzle with whose move it is and the win promised, one solved by real clicks
and one by the digit keys, one failed and explained, the solution shown on
the board, and the rating on the score line."""

from __future__ import annotations

import re

from conftest import keys, move_pointer_away, real_click, sync, wait

from ttt_gui.analysis.puzzles import Puzzle, PuzzleJudge, PuzzleKind, puzzle_set
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import Role, palette

#: Puzzles on 3×3, where the digit keys play (1 is the top left cell).
SMALL = tuple(p for p in puzzle_set(PuzzleKind.SMALL) if p.board.cells == 9)


def turn(window: Window) -> str:
    return str(window.turn_field.turn_label.cget("text"))


def message(window: Window) -> str:
    return str(window.turn_field.message_label.cget("text"))


def open_puzzles(window: Window, puzzles: tuple[Puzzle, ...] = SMALL) -> Puzzle:
    """Ctrl+P, offering ``puzzles`` (today's is the first)."""
    part = window.presenter.puzzles
    part.load = lambda kind: puzzles
    part.daily = lambda kind, day: puzzles[0]
    before = part.puzzle
    keys(window.root, "ctrl+p")
    assert wait(window.root, lambda: part.puzzle is not None and part.puzzle is not before)
    assert part.puzzle is not None
    return part.puzzle


def attacker_to_move(window: Window, puzzle: Puzzle) -> bool:
    board = window.presenter.session.board
    return board.is_over or board.turn is puzzle.attacker


def test_puzzles_solved_by_mouse_and_by_keys_failed_and_rated(make_window) -> None:
    window: Window = make_window(Settings(GameConfig(mode=Mode.COMPUTER)))
    first = open_puzzles(window)
    side = first.attacker.value
    assert re.fullmatch(rf"{side} to play and win in {first.distance} moves?", turn(window))
    assert window.score_label.cget("text") == "Your puzzle rating: 1,500   Streak: 0 days"
    assert window.root.title().startswith("Noxo — Today's puzzle, on 3×3")
    judge = PuzzleJudge(first)
    session = window.presenter.session
    while not session.board.is_over:  # by mouse
        move = min(judge.winning_moves(session.board))
        real_click(window.board.cells[move])
        assert wait(window.root, lambda: attacker_to_move(window, first), 10)
    assert wait(window.root, lambda: turn(window) == f"Puzzle solved: {side} wins.")
    words = " ".join(message(window).split())  # as wrapped on the message line
    assert re.fullmatch(r"Puzzle solved\. Your puzzle rating: 1,\d{3} \(\+\d+\)\.", words)
    score = window.score_label.cget("text")
    assert re.fullmatch(r"Your puzzle rating: 1,\d{3} \(\+\d+\)   Streak: 1 day", score)

    second = open_puzzles(window, SMALL[1:])  # by keys: 1 to 9 in reading order
    judge = PuzzleJudge(second)
    while not session.board.is_over:
        move = min(judge.winning_moves(session.board))
        keys(window.root, str(move + 1))
        assert wait(window.root, lambda: attacker_to_move(window, second), 10)
    assert wait(window.root, lambda: turn(window).startswith("Puzzle solved"))

    part = window.presenter.puzzles  # the button beside the solved puzzle offers the next
    part.load = lambda kind: SMALL[2:3]
    assert window.turn_field.next_puzzle.winfo_ismapped()
    real_click(window.turn_field.next_puzzle)
    assert wait(window.root, lambda: part.puzzle is SMALL[2])
    assert not window.turn_field.next_puzzle.winfo_ismapped()
    third = SMALL[2]  # a move that throws the win away
    wrong = next(
        move
        for move in third.board.legal_moves()
        if judge_of(third).verdict(third.board.play(move)).moves_left is None
    )
    real_click(window.board.cells[wrong])
    cell = third.board.coordinate(wrong)
    defender = third.attacker.other.value
    assert wait(window.root, lambda: turn(window) == f"Puzzle failed: {defender} holds.", 10)
    words = " ".join(message(window).split())
    assert words == f"{defender} now holds: after {cell} the win is gone."
    assert "(−" in window.score_label.cget("text")
    keys(window.root, "ctrl+u")  # Show solution
    assert wait(window.root, lambda: session.board == third.board)
    hint = palette(window.theme_name())[Role.HINT]
    solution = sorted(third.winning)
    assert wait(window.root, lambda: all(cell_colour(window, c) == hint for c in solution))
    assert message(window).startswith("The winning move")
    move_pointer_away()
    sync(window.root)
    assert window.callback_errors == []


def judge_of(puzzle: Puzzle) -> PuzzleJudge:
    return PuzzleJudge(puzzle)


def cell_colour(window: Window, cell: int) -> str:
    return str(window.board.cells[cell].cget("background"))
