"""The presenter's parts on their own, each with a host that records what it
is asked: the host interfaces are all a part needs."""

from __future__ import annotations

import pytest
from fakes import FakeClock, FakeDialogs, FakeSoundPlayer, InlineRunner, make_presenter

from ttt_gui.app.actions import all_items
from ttt_gui.app.coach import Coach
from ttt_gui.app.commands import Commands
from ttt_gui.app.display import Display
from ttt_gui.app.game_setup import GameSetup
from ttt_gui.app.jobs import Job, JobKind, JobTag
from ttt_gui.app.moves import Moves
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import Session
from ttt_gui.app.sounds import Sounds
from ttt_gui.app.work import Work
from ttt_gui.config import GameConfig, Mode, Shape
from ttt_gui.storage.settings import Settings


class Host:
    """Records every call a part makes of its host."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []
        self.messages: list[str | None] = []

    def say(self, outcome: Refused | str | None) -> None:
        text = outcome.reason if isinstance(outcome, Refused) else outcome
        self.messages.append(text)
        self.calls.append(("say", text))

    def show_hint(self) -> None:
        self.calls.append(("show_hint", None))

    def show_history(self) -> None:
        self.calls.append(("show_history", None))

    def schedule(self) -> None:
        self.calls.append(("schedule", None))

    def report_error(self, error: BaseException) -> None:
        self.calls.append(("report_error", error))

    def stop_search(self) -> None:
        self.calls.append(("stop_search", None))

    def save_changed_scores(self) -> None:
        self.calls.append(("save_changed_scores", None))

    def save_settings(self) -> None:
        self.calls.append(("save_settings", None))

    def move_played(self) -> None:
        self.calls.append(("move_played", None))

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


class NoReviews:
    """The review side of the work, with no review ever wanted."""

    def wanted_job(self) -> tuple[JobTag, Job] | None:
        return None

    def is_stale(self, tag: JobTag) -> bool:
        return True

    def finish(self, tag: JobTag, result: object) -> None:
        raise AssertionError("no review was started")

    def progressed(self) -> bool:
        return False


def hotseat() -> Session:
    return Session(Settings(game=GameConfig(mode=Mode.HOTSEAT)))


def test_the_coach_asks_its_host_to_say_and_schedule() -> None:
    session, host = hotseat(), Host()
    coach = Coach(session, host)
    coach.hint()
    assert host.calls == [("say", "Looking for a hint…"), ("schedule", None)]
    host.calls.clear()
    coach.review_game()
    assert host.messages[-1] == "There are no moves to review yet."
    session.play(4)
    coach.review_game()
    assert host.names()[-3:] == ["show_history", "say", "schedule"]
    job = coach.wanted_job()
    assert job is not None and job[0].kind is JobKind.REVIEW
    assert coach.view().progress == (0, 1) and coach.can_stop


def test_the_setup_writes_the_game_into_the_settings_it_shares_with_the_session() -> None:
    settings = Settings(game=GameConfig(mode=Mode.HOTSEAT))
    session, host = Session(settings), Host()
    setup = GameSetup(session, settings, FakeDialogs(), host, host.stop_search)
    setup.set_board(Shape(4, 4, 3))
    assert settings.game.size == 4 and session.config is settings.game
    assert host.names() == ["stop_search", "say", "save_settings", "schedule"]


def test_the_display_calls_back_only_to_save_and_schedule() -> None:
    settings = Settings()
    session, calls = Session(settings), []
    display = Display(
        session,
        settings,
        FakeDialogs(),
        save_settings=lambda: calls.append("save"),
        schedule=lambda: calls.append("schedule"),
    )
    display.toggle_analysis()
    assert settings.analysis and session.analysis_wanted
    display.zoom_in()
    assert calls == ["save", "schedule", "save"]


def test_the_work_starts_what_is_wanted_on_its_next_tick() -> None:
    settings = Settings(game=GameConfig(mode=Mode.COMPUTER, level="easy"))
    session, host, runner = Session(settings), Host(), InlineRunner()
    work = Work(session, settings, host, NoReviews(), runner, FakeClock(), 0.0)
    session.play(4)
    work.want()
    assert work.is_working and runner.started == [], "nothing starts before the tick"
    assert work.tick()
    assert runner.started == [JobTag(JobKind.MOVE, 1)]
    assert session.board.move_count == 2 and host.names() == ["move_played"]
    assert not work.is_working


def test_the_board_commands_say_and_schedule_through_their_host() -> None:
    settings = Settings(game=GameConfig(mode=Mode.HOTSEAT))
    session, host = Session(settings), Host()
    sounds = Sounds(
        session,
        settings,
        FakeSoundPlayer(),
        FakeClock(),
        desktop_allows=False,
        save_settings=lambda: None,
    )
    moves = Moves(session, Coach(session, host), sounds, host)
    moves.play(4)
    assert host.names() == ["say", "save_changed_scores", "schedule"]
    host.calls.clear()
    moves.play(4)
    assert host.messages[-1] == "b2 is already taken." and host.names() == ["say", "schedule"]
    host.calls.clear()
    moves.undo()
    assert session.board.move_count == 0
    assert host.names() == ["say", "save_changed_scores", "schedule"]
    assert moves.play_digit(5) and session.board[4] is not None
    assert not moves.play_digit(0)


def test_every_command_of_the_window_has_one_handler() -> None:
    """The menus', the toolbar's, the board's, the New game page's and the
    system's commands all resolve in the presenter's table."""
    presenter = make_presenter().presenter
    sent_by_the_window = {item.action for item in all_items() if item.action} | {
        "play",
        "activate",
        "play_digit",
        "step",
        "go_to",
        "new_game",
        "quick_start",
        "open_game_file",
        "about",
        "quit",
        "set_level",
        "ask_custom_depth",
        "toggle_analysis",
        "page_choose",
        "page_start",
        "page_back",
        "page_key",
    }
    assert sent_by_the_window <= set(presenter.commands)
    for action, handler in presenter.commands.items():
        assert callable(handler), action


def test_two_parts_cannot_handle_the_same_command() -> None:
    with pytest.raises(ValueError, match="play"):
        Commands({"play": print}, {"play": print})
