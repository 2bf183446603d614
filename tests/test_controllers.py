"""Modes, turn order, undo/redo, scores and the search worker, without Tk."""

from __future__ import annotations

import threading
import time

import pytest

from ttt_gui.board import Board, Player
from ttt_gui.controllers import Controller, GameConfig, GameHistory, Mode, SearchWorker
from ttt_gui.engine import Engine

HOTSEAT = GameConfig(mode=Mode.HOTSEAT)


def test_hot_seat_alternates_and_scores_a_win() -> None:
    controller = Controller(HOTSEAT)
    assert controller.status() == "X to move"
    for cell in (0, 3, 1, 4, 2):
        assert controller.play(cell)
    assert controller.status() == "X wins!"
    assert controller.tally() == {"X": 1, "O": 0, "draw": 0}
    assert not controller.play(5), "no move after the game is over"


def test_refused_moves_change_nothing() -> None:
    controller = Controller(HOTSEAT)
    controller.play(4)
    generation = controller.generation
    assert not controller.play(4)
    assert not controller.play(9)
    assert not controller.play(-1)
    assert str(controller.board) == ".../.X./..."
    assert controller.generation == generation


def test_computer_turn_and_stale_results() -> None:
    controller = Controller(GameConfig(mode=Mode.COMPUTER, human=Player.O))
    assert controller.is_computer_turn and controller.status() == "Computer is thinking…"
    assert not controller.play(4), "the human cannot move for the computer"
    stale = controller.generation
    controller.new_game()
    assert not controller.apply_computer_move(stale, 4)
    assert controller.apply_computer_move(controller.generation, 4)
    assert controller.status() == "Your move (O)"
    assert not controller.apply_computer_move(controller.generation, 0), "not its turn"


def test_undo_against_computer_returns_to_the_humans_turn() -> None:
    controller = Controller(GameConfig(mode=Mode.COMPUTER, human=Player.O))
    controller.apply_computer_move(controller.generation, 4)
    controller.play(0)
    controller.apply_computer_move(controller.generation, 8)
    assert controller.undo()
    assert str(controller.board) == ".../.X./..."
    assert not controller.can_undo, "the computer's opening cannot be taken back alone"
    assert controller.redo()
    assert str(controller.board) == "O../.X./..X"


def test_tally_follows_undo_and_redo_of_a_finished_game() -> None:
    controller = Controller(HOTSEAT)
    for cell in (0, 3, 1, 4, 2):
        controller.play(cell)
    controller.undo()
    assert controller.tally()["X"] == 0
    controller.redo()
    assert controller.tally()["X"] == 1
    controller.reset_scores()
    assert controller.tally() == {"X": 0, "O": 0, "draw": 0}


def test_scores_are_kept_per_mode_and_board() -> None:
    scores: dict = {}
    controller = Controller(HOTSEAT, scores)
    for cell in (0, 3, 1, 4, 2):
        controller.play(cell)
    controller.new_game(GameConfig(mode=Mode.HOTSEAT, size=4, win_length=4))
    assert controller.tally()["X"] == 0
    assert scores == {"hotseat:3x3:3": {"X": 1}}


def test_history_discards_the_redo_line_when_playing() -> None:
    history = GameHistory(Board.empty())
    for move in (4, 0, 8):
        history.play(move)
    history.go_to(1)
    history.play(2)
    assert history.moves == [4, 2]
    assert history.board == Board.from_moves([4, 2])
    with pytest.raises(IndexError):
        history.go_to(5)


def test_config_levels_and_time_limits() -> None:
    assert GameConfig(level="easy").max_depth == 1
    assert GameConfig(level="easy", depth=7).max_depth == 7
    assert GameConfig(size=3, win_length=3).time_limit is None
    assert GameConfig(size=9, win_length=5, think_time=2.0).time_limit == 2.0


def test_worker_delivers_tagged_results_and_cancels() -> None:
    worker = SearchWorker()
    engine = Engine(randomize=False)
    worker.start(engine, lambda: engine.search(Board.empty()), "first")
    deadline = time.monotonic() + 5
    results = []
    while not results and time.monotonic() < deadline:
        results = worker.poll()
        time.sleep(0.01)
    assert [tag for tag, _ in results] == ["first"]
    assert results[0][1].move == 4

    slow = Engine()
    worker.start(slow, lambda: slow.search(Board.empty(9, 5)), "slow")
    time.sleep(0.05)
    worker.cancel()
    assert not worker.is_busy
    assert worker.poll() == [], "a cancelled job's result is dropped"
    assert threading.active_count() >= 1


def test_worker_hands_back_exceptions() -> None:
    worker = SearchWorker()

    def fail() -> None:
        raise RuntimeError("broken search")

    worker.start(Engine(), fail, "bad")
    deadline = time.monotonic() + 5
    results = []
    while not results and time.monotonic() < deadline:
        results = worker.poll()
        time.sleep(0.01)
    assert isinstance(results[0][1], RuntimeError)
