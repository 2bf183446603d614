"""Every message the presenter can show, collected by driving it through its
situations (Tk-free): the turn line and the message line of each game end,
hint, analysis and proving, review summary and reviewed move, refused move,
resume message and more, in the language installed."""

from __future__ import annotations

from pathlib import Path

from fakes import (
    FakeClock,
    FakeDialogs,
    InlineRunner,
    Rig,
    TickingClock,
    keep_game,
    make_presenter,
)

from ttt_gui.app.presenter import Presenter
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame

#: 3×3, hot seat: O's second move (b1) loses, X wins with a fork.
X_WINS_AFTER_A_MISTAKE = (4, 1, 0, 8, 6, 3, 2)
#: 3×3, hot seat: O wins.
O_WINS = (0, 3, 1, 4, 8, 5)
#: 3×3, hot seat: a draw.
DRAW = (4, 0, 8, 2, 1, 7, 6, 3, 5)


#: A turn line: the turn (or result), the rule's reminder, whether Play again shows.
TurnLine = tuple[str, str, bool]


class Collected:
    """The turn lines and notes shown so far, each with the situation that
    showed it first."""

    def __init__(self) -> None:
        self.turns: dict[TurnLine, str] = {}
        self.notes: dict[str, str] = {}

    def look(self, presenter: Presenter, situation: str) -> None:
        view = presenter.view()
        if view.turn:
            self.turns.setdefault((view.turn, view.rule, view.offers_play_again), situation)
        if view.note:
            self.notes.setdefault(view.note, situation)


def _play(rig: Rig, moves: tuple[int, ...], collected: Collected, situation: str) -> None:
    for move in moves:
        rig.presenter.moves.play(move)
        rig.settle()
        collected.look(rig.presenter, situation)


def _reviewed_game(collected: Collected, moves: tuple[int, ...], situation: str) -> None:
    rig = make_presenter(mode="hotseat")
    _play(rig, moves, collected, situation)
    rig.presenter.coach.review_game()
    rig.settle()
    collected.look(rig.presenter, f"{situation}, reviewed")
    for index in range(1, len(moves) + 1):
        rig.presenter.moves.go_to(index)
        collected.look(rig.presenter, f"{situation}, reviewed move {index}")
    rig.presenter.coach.stop_review()
    collected.look(rig.presenter, f"{situation}, back from the review")


def _resumed(collected: Collected, folder: Path, kept: int) -> None:
    for index in range(kept):
        keep_game(folder, f"game{index}", (index,), index + 1)
    presenter = Presenter(
        Settings(game=GameConfig(mode=Mode.HOTSEAT)),
        FakeDialogs(),
        clock=FakeClock(),
        runner=InlineRunner(),
        computer_pause=0,
        unfinished=UnfinishedGame(folder),
        resume=True,
    )
    collected.look(presenter, f"resumed with {kept} kept")
    presenter.kept.resume_kept()
    collected.look(presenter, "resume asked")
    presenter.work.close()


def presenter_messages(folder: Path) -> Collected:
    """What the presenter shows in its situations; ``folder`` holds the kept
    games of the resume messages."""
    collected = Collected()
    # Game ends, hot seat and against the computer, reviewed.
    _reviewed_game(collected, X_WINS_AFTER_A_MISTAKE, "X wins after a mistake")
    _reviewed_game(collected, O_WINS, "O wins")
    _reviewed_game(collected, DRAW, "draw")
    rig = make_presenter(mode="hotseat")
    _play(rig, O_WINS, collected, "hot seat")
    rig.presenter.moves.play(2)  # a move after the end
    collected.look(rig.presenter, "a move after the end")
    rig.presenter.new_game_page.play_again()
    _play(rig, (4,), collected, "hot seat")
    rig.presenter.moves.play(4)  # a taken cell
    collected.look(rig.presenter, "a taken cell")
    rig.presenter.moves.undo()
    rig.presenter.moves.undo()
    collected.look(rig.presenter, "nothing to undo")
    rig.presenter.coach.review_game()
    collected.look(rig.presenter, "nothing to review")
    for level in ("easy", "perfect"):
        rig = make_presenter(mode="computer", level=level)
        _play(rig, (0, 1, 2, 3, 5, 6, 7, 8), collected, f"against the computer, {level}")
        rig.presenter.coach.review_game()
        rig.settle()
        collected.look(rig.presenter, f"against the computer, {level}, reviewed")
    watch = make_presenter(mode="watch")
    watch.settle()
    collected.look(watch.presenter, "computer vs computer")
    # Hints on boards large and small, and the analysis proving (where it is quick).
    for shape in (Shape(3, 3, 3), Shape(6, 7, 4, gravity=True), Shape(9, 9, 5), Shape(5, 5, 4)):
        rig = make_presenter(mode="hotseat", think_time=0.05)
        rig.presenter.setup.set_board(shape)
        rig.settle()
        name = f"{shape.rows}×{shape.cols}"
        _play(rig, (shape.cols // 2,), collected, name)
        rig.presenter.coach.hint()
        rig.settle()
        collected.look(rig.presenter, f"{name}, hint")
        if shape.rows * shape.cols > 25:
            continue
        rig.session.engines.prover.clock = TickingClock(0.005)
        rig.presenter.display.toggle_analysis()
        for _ in range(3):
            rig.presenter.tick()
            rig.clock.advance(10)
            collected.look(rig.presenter, f"{name}, analysis")
        rig.presenter.display.toggle_analysis()
    for shape in (Shape(3, 3, 3, misere=True), Shape(6, 7, 4, gravity=True)):
        rig = make_presenter(mode="hotseat")
        rig.presenter.setup.set_board(shape)
        moves = (0, 1, 3, 4, 6) if not shape.gravity else (0, 1, 0, 1, 0, 1, 0)
        _play(rig, moves, collected, f"{shape.rows}×{shape.cols}, played out")
    # The resume messages.
    for kept in (1, 2, 3):
        _resumed(collected, folder / f"kept{kept}", kept)
    return collected
