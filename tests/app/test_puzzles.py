"""Game › Puzzles through the presenter: a puzzle shown with whose move it is
and the win promised, the person's moves judged by the exact engine, the
longest defence played, solved or failed said and rated, the solution and a
hint's area marked, the player's own game untouched."""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

import pytest
from fakes import Rig, make_presenter

from ttt_gui.analysis.puzzles import Puzzle, PuzzleJudge, PuzzleKind, daily_puzzle, puzzle_set
from ttt_gui.app.jobs import JobKind
from ttt_gui.app.ports import Cue
from ttt_gui.app.puzzle_play import hint_area, puzzle_kind
from ttt_gui.board import Board
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import Role

TODAY = datetime.date(2026, 11, 29)
#: X to move: c1 wins at once; b2 wins too, but a move later; a3 throws the win away.
QUICK = Puzzle(
    "small-9001",
    PuzzleKind.SMALL,
    Board.parse("XX./O.O/..."),
    frozenset({2}),
    1,
    1500.0,
    "made for the test",
)


def start(rig: Rig, *puzzles: Puzzle) -> Puzzle:
    """Game › Puzzles on ``rig``, from ``puzzles`` if given (the first is today's)."""
    if puzzles:
        rig.presenter.puzzles.load = lambda kind: puzzles
        rig.presenter.puzzles.daily = lambda kind, day: puzzles[0]
    rig.presenter.commands.run("puzzles")
    rig.settle()
    puzzle = rig.presenter.puzzles.puzzle
    assert puzzle is not None
    return puzzle


def solve(rig: Rig, puzzle: Puzzle) -> list[str]:
    """Play a fastest winning move at each turn until the game ends; the turn field after each."""
    judge, turns = PuzzleJudge(puzzle), []
    while not rig.board.is_over:
        rig.presenter.commands.run("play", min(judge.winning_moves(rig.board)))
        rig.settle()
        turns.append(rig.presenter.view().turn)
    return turns


def test_puzzles_shows_todays_puzzle_with_the_side_to_move_and_the_win_promised() -> None:
    rig = make_presenter(today=TODAY)
    puzzle = start(rig)
    assert puzzle == daily_puzzle(PuzzleKind.SMALL, TODAY)
    view = rig.presenter.view()
    side = puzzle.attacker.value
    moves = puzzle.distance
    assert view.turn == f"{side} to play and win in {moves} move{'s' if moves > 1 else ''}"
    assert rig.board == puzzle.board
    assert view.title.startswith("Noxo — Today's puzzle, on ")
    assert f"rated {round(puzzle.rating):,}" in view.title
    assert view.note == view.title.removeprefix("Noxo — "), "the message line names the puzzle"
    assert view.status == f"{view.turn}  {view.note}"
    assert view.scores == "Your puzzle rating: 1,500   Streak: 0 days"
    assert {"puzzle_retry", "puzzle_solution", "leave_puzzles"}.isdisjoint(view.disabled)


def test_solving_the_puzzle_is_said_with_the_new_rating_and_saved() -> None:
    rig = make_presenter(today=TODAY)
    puzzle = start(rig)
    turns = solve(rig, puzzle)
    view = rig.presenter.view()
    assert turns[-1] == f"Puzzle solved: {puzzle.attacker.value} wins."
    record = rig.presenter.settings.puzzles
    rating = record.rating("small").rating
    assert rating > 1500
    change = round(rating - 1500)
    assert view.note == f"Puzzle solved. Your puzzle rating: {round(rating):,} (+{change})."
    assert view.scores == f"Your puzzle rating: {round(rating):,} (+{change})   Streak: 1 day"
    assert [(a.puzzle, a.day, a.solved) for a in record.attempts] == [(puzzle.id, TODAY, True)]
    saved = Settings.from_json(rig.store.saved[-1]).puzzles
    assert saved.attempts == record.attempts
    assert saved.rating("small").rating == pytest.approx(rating, abs=0.01)
    assert view.scores.endswith("Streak: 1 day")
    assert rig.sounds.take()[-1] is Cue.WIN


def test_the_computer_answers_with_the_longest_defence() -> None:
    rig = make_presenter(today=TODAY)
    puzzle = next(
        p for p in puzzle_set(PuzzleKind.SMALL) if p.board.cells == 9 and p.distance >= 2
    )
    start(rig, puzzle)
    judge = PuzzleJudge(puzzle)
    move = min(puzzle.winning)
    rig.presenter.commands.run("play", move)
    assert rig.presenter.view().turn == "O to play: the computer defends…".replace(
        "O", puzzle.attacker.other.value
    )
    rig.settle()
    after = puzzle.board.play(move)

    def lasting(reply: int) -> int:
        """The attacker's moves still needed after ``reply``, against best defence."""
        board = after.play(reply)
        if board.is_over:
            return 0
        return min(
            1 + left
            for attack in board.legal_moves()
            if (left := judge.verdict(board.play(attack)).moves_left) is not None
        )

    played = rig.session.history.moves[-1]
    assert lasting(played) == max(lasting(reply) for reply in after.legal_moves())
    assert lasting(played) == puzzle.distance - 1


def test_a_move_that_throws_the_win_away_is_said_at_once_and_fails_the_puzzle() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("play", 6)  # a3
    rig.settle()
    view = rig.presenter.view()
    assert view.turn == "Puzzle failed: O holds."
    assert view.offers_next_puzzle and not view.offers_play_again
    assert view.note == "O now holds: after a3 the win is gone."
    assert view.scores.startswith("Your puzzle rating: 1,3") and "(−1" in view.scores
    assert rig.sounds.take() == [Cue.MOVE, Cue.LOSS]
    rig.presenter.commands.run("play", 8)
    assert rig.presenter.view().note == "This puzzle is over: Ctrl+P for the next one."
    assert not rig.presenter.settings.puzzles.attempts[-1].solved


def test_a_win_slower_than_promised_fails_with_its_own_words() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("play", 4)  # b2 wins too, a move later
    rig.settle()
    view = rig.presenter.view()
    assert view.note == "After b2 X still wins, but too slowly for this puzzle."
    assert view.turn == "Puzzle failed: O holds."


def test_show_solution_goes_back_to_the_mistake_and_marks_the_winning_moves() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("play", 6)
    rig.settle()
    rig.presenter.commands.run("puzzle_solution")
    rig.settle()
    view = rig.presenter.view()
    assert rig.board == QUICK.board
    assert view.marked == (2,) and view.marks_solution
    assert view.note == "The winning move: c1."
    rig.presenter.commands.run("play", 2)  # played on after the solution: unrated
    rig.settle()
    assert rig.presenter.view().turn == "Puzzle solved: X wins."
    assert rig.presenter.view().offers_next_puzzle
    assert rig.presenter.settings.puzzles.count == 1


def test_show_solution_before_any_move_gives_up_and_rates_it_failed() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("puzzle_solution")
    rig.settle()
    record = rig.presenter.settings.puzzles
    assert [a.solved for a in record.attempts] == [False]
    assert rig.presenter.view().marked == (2,)


def test_retry_plays_it_again_and_rates_only_the_first_try() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("play", 6)
    rig.settle()
    failed = rig.presenter.settings.puzzles
    rig.presenter.commands.run("puzzle_retry")
    rig.settle()
    assert rig.board == QUICK.board
    assert rig.presenter.view().note == (
        "Again from the start: only the first try counts for your rating."
    )
    solve(rig, QUICK)
    assert rig.presenter.settings.puzzles == failed
    assert rig.presenter.view().note == "Puzzle solved."


@pytest.mark.parametrize("puzzle", [QUICK, *puzzle_set(PuzzleKind.SMALL)[:3]], ids=str)
def test_a_hint_marks_an_area_around_a_winning_move_not_the_cell(puzzle: Puzzle) -> None:
    rig = make_presenter(today=TODAY)
    start(rig, puzzle)
    rig.presenter.commands.run("hint")
    rig.settle()
    view = rig.presenter.view()
    assert len(view.marked) >= 3 and not view.marks_solution
    assert set(view.marked) & puzzle.winning
    empty = [cell for cell in view.marked if puzzle.board[cell] is None]
    assert len(empty) >= 2, "the area does not give the cell away"
    assert view.note == "The winning move is in the marked area."


def test_a_hint_later_in_the_puzzle_is_searched_on_the_worker() -> None:
    rig = make_presenter(today=TODAY)
    puzzle = next(p for p in puzzle_set(PuzzleKind.SMALL) if p.distance >= 2)
    start(rig, puzzle)
    rig.presenter.commands.run("play", min(puzzle.winning))
    rig.settle()
    rig.presenter.commands.run("hint")
    assert rig.presenter.view().note == "Looking for a hint…"
    rig.settle()
    judge = PuzzleJudge(puzzle)
    assert set(rig.presenter.view().marked) & judge.winning_moves(rig.board)


def test_the_area_of_a_hint_under_gravity_is_the_columns_around_the_move() -> None:
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
    area = hint_area(board, frozenset({3 + 5 * 7}))
    assert sorted({cell % 7 for cell in area}) == [2, 3, 4]
    assert len(area) == 18
    corner = hint_area(Board.empty(rows=15, cols=15, win_length=5), frozenset({0}))
    assert sorted(corner) == [0, 1, 2, 15, 16, 17, 30, 31, 32]


def test_the_players_own_game_and_scores_are_untouched_and_return_on_leaving() -> None:
    settings = Settings(game=GameConfig(rows=4, cols=4, win_length=4, level="hard"))
    rig = make_presenter(settings, today=TODAY)
    rig.presenter.commands.run("play", 5)
    rig.settle()
    own, scores = settings.game, dict(settings.scores)
    rig.dialogs.confirm_answer = False
    rig.presenter.commands.run("puzzles")
    assert rig.dialogs.names() == ["confirm"] and not rig.session.is_puzzle
    rig.dialogs.confirm_answer = True
    start(rig, QUICK)
    rig.presenter.commands.run("play", 2)
    rig.settle()
    assert settings.game == own and settings.scores == scores
    assert rig.presenter.kept.quit_question() is None, "a puzzle is never an unfinished game"
    rig.presenter.commands.run("leave_puzzles")
    rig.settle()
    view = rig.presenter.view()
    assert rig.session.config == own and not rig.session.is_puzzle
    assert rig.board == own.empty_board()
    assert "puzzle" not in view.scores and {"puzzle_retry", "leave_puzzles"} <= view.disabled


def test_play_again_leaves_the_puzzle_too() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("new_game")
    rig.settle()
    assert rig.presenter.puzzles.view() is None
    assert rig.presenter.view().turn == "Your turn (X)"


def test_undo_and_the_analysis_give_nothing_away_in_a_puzzle() -> None:
    rig = make_presenter(today=TODAY)
    rig.presenter.settings.analysis = True
    puzzle = next(p for p in puzzle_set(PuzzleKind.SMALL) if p.distance >= 2)
    start(rig, puzzle)
    assert rig.session.analysis is None
    rig.presenter.commands.run("play", min(puzzle.winning))
    rig.settle()
    assert {"undo", "redo"} <= rig.presenter.view().disabled
    assert all(tag.kind is JobKind.PUZZLE for tag in rig.runner.started)  # type: ignore[attr-defined]


def test_the_next_puzzle_is_another_near_the_rating() -> None:
    rig = make_presenter(today=TODAY)
    first = start(rig)
    seen = {first.id}
    for _ in range(3):
        rig.presenter.commands.run("puzzles")
        rig.settle()
        puzzle = rig.presenter.puzzles.puzzle
        assert puzzle is not None and puzzle.id not in seen
        seen.add(puzzle.id)


@pytest.mark.parametrize(
    ("shape", "kind"),
    [
        (Shape(3, 3, 3), PuzzleKind.SMALL),
        (Shape(4, 4, 4), PuzzleKind.SMALL),
        (Shape(5, 5, 4), PuzzleKind.FIVE),
        (Shape(6, 7, 4, gravity=True), PuzzleKind.CONNECT_FOUR),
        (Shape(15, 15, 5), PuzzleKind.GOMOKU),
        (Shape(4, 4, 3, misere=True), PuzzleKind.MISERE),
    ],
)
def test_puzzles_are_of_the_kind_of_the_board_played(shape: Shape, kind: PuzzleKind) -> None:
    assert puzzle_kind(shape) is kind


def test_a_kind_without_puzzles_says_so() -> None:
    rig = make_presenter(today=TODAY)
    empty: Sequence[Puzzle] = ()
    rig.presenter.puzzles.load = lambda kind: empty
    rig.presenter.commands.run("puzzles")
    assert rig.presenter.view().note == "There are no puzzles for this board yet."
    assert not rig.session.is_puzzle


def test_the_streak_and_rating_show_in_the_puzzle_line_the_next_day() -> None:
    rig = make_presenter(today=TODAY)
    solve(rig, start(rig))
    settings = rig.presenter.settings
    later = make_presenter(settings, today=TODAY + datetime.timedelta(days=1))
    start(later)
    assert later.presenter.view().scores.endswith("Streak: 1 day")
    assert later.presenter.puzzles.puzzle == daily_puzzle(
        PuzzleKind.SMALL, TODAY + datetime.timedelta(days=1)
    )
    assert Mode.COMPUTER is later.session.config.mode


def test_the_statistics_show_the_rating_solved_puzzles_and_streak() -> None:
    rig = make_presenter(today=TODAY)
    solve(rig, start(rig))
    start(rig, QUICK)
    rig.presenter.commands.run("play", 6)
    rig.settle()
    rig.presenter.commands.run("show_statistics")
    name, (title, rows) = rig.dialogs.calls[-1]
    assert name == "show_table" and title == "Statistics"
    rating = round(rig.presenter.settings.puzzles.rating("small").rating)
    assert rows[-2:] == [
        ("Puzzles, 3×3 and 4×4", f"rating {rating:,}, 1 of 2 puzzles solved"),
        ("Puzzle streak", "1 day in a row"),
    ]


def test_the_marked_cells_are_painted_as_the_hint() -> None:
    rig = make_presenter(today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("hint")
    view = rig.presenter.view()
    assert {i for i, cell in enumerate(view.cells) if cell.background is Role.HINT} == set(
        view.marked
    )


def test_a_choice_made_in_a_puzzle_is_of_the_players_own_game() -> None:
    settings = Settings(game=GameConfig(rows=4, cols=4, win_length=4, level="hard"))
    rig = make_presenter(settings, today=TODAY)
    start(rig, QUICK)
    rig.presenter.commands.run("set_think_time", 2.0)
    assert settings.game == GameConfig(rows=4, cols=4, win_length=4, level="hard", think_time=2.0)
    assert rig.session.is_puzzle, "a think time does not change the game: the puzzle stays"
    rig.presenter.commands.run("set_level", "easy")  # a game against another level
    assert not rig.session.is_puzzle
    assert rig.session.config == settings.game and rig.board.cells == 16
    assert settings.game.level == "easy"
    start(rig, QUICK)
    rig.presenter.commands.run("new_game")
    assert rig.session.config == settings.game and not rig.session.is_puzzle


#: Puzzles of each set played through the presenter under --slow.
PRESENTER_SHARE = 30


@pytest.mark.slow
@pytest.mark.parametrize("kind", [kind for kind in PuzzleKind if kind is not PuzzleKind.GOMOKU])
def test_every_shipped_puzzle_is_solved_through_the_window_by_its_winning_moves(
    kind: PuzzleKind,
) -> None:
    """Puzzles of the set played through the presenter (a seeded sample of
    PRESENTER_SHARE: the proofs of every puzzle are tests/analysis's): the
    engine's fastest winning move at each turn solves each in exactly its
    distance, against the longest defence; its first wrong move (if any)
    fails it."""
    puzzles = list(puzzle_set(kind))
    for puzzle in random.Random(52).sample(puzzles, min(PRESENTER_SHARE, len(puzzles))):
        rig = make_presenter(today=TODAY)
        start(rig, puzzle)
        judge = PuzzleJudge(puzzle)
        moves = 0
        while not rig.board.is_over:
            winning = judge.winning_moves(rig.board)
            assert winning, puzzle.id
            rig.presenter.commands.run("play", min(winning))
            rig.settle()
            moves += 1
        assert rig.presenter.view().turn.startswith("Puzzle solved"), puzzle.id
        assert moves == puzzle.distance, puzzle.id
        wrong = [move for move in puzzle.board.legal_moves() if move not in puzzle.winning]
        if wrong:
            start(rig, puzzle)
            rig.presenter.commands.run("puzzle_retry")
            rig.presenter.commands.run("play", wrong[0])
            rig.settle()
            assert rig.presenter.view().turn.startswith("Puzzle failed"), puzzle.id


def test_a_misere_puzzle_ends_with_the_defenders_forced_line_played() -> None:
    puzzle = min(puzzle_set(PuzzleKind.MISERE), key=lambda p: (p.distance, p.board.cells))
    rig = make_presenter(today=TODAY)
    solve(rig, start(rig, puzzle))
    board = rig.board
    assert board.is_over and board.winner is puzzle.attacker
    assert board.turn is puzzle.attacker, "the defender made the last move, its losing line"
    assert rig.presenter.view().turn == f"Puzzle solved: {puzzle.attacker.value} wins."
    assert rig.sounds.take()[-1] is Cue.WIN
