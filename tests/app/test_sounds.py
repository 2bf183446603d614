"""What the game is heard to do, through the presenter with a fake player:
each move's cue, the disc landing at the end of its fall, the game's end from
the person's side, refused moves, and View › Sound saved over the desktop's
default."""

from __future__ import annotations

import pytest
from fakes import Rig, make_presenter

from ttt_gui.app.actions import ItemKind, all_items
from ttt_gui.app.motion import DROP_SECONDS
from ttt_gui.app.ports import Cue
from ttt_gui.app.sounds import OUTCOME_GAP
from ttt_gui.storage.settings import Settings

CONNECT_FOUR = {"mode": "hotseat", "rows": 6, "cols": 7, "win_length": 4, "gravity": True}
#: X a-top, O b-middle, X b-top, O middle: X to move, and X completes the top row at 2.
X_TO_WIN = (0, 3, 1, 4)
#: Eight moves of 3×3 after which X's move 3 fills the board with no line.
X_TO_DRAW = (0, 4, 8, 1, 7, 6, 2, 5)


def heard_later(rig: Rig, seconds: float) -> list[Cue]:
    """The cues played once ``seconds`` have passed."""
    rig.clock.advance(seconds)
    rig.presenter.tick()
    return rig.sounds.take()


def test_a_move_on_3x3_is_heard_at_once_and_undo_and_redo_are_not() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    assert rig.sounds.take() == [Cue.MOVE]
    rig.presenter.moves.undo()
    rig.presenter.moves.redo()
    rig.presenter.moves.go_to(0)
    assert rig.sounds.take() == []


def test_a_disc_is_heard_when_it_lands_at_the_end_of_its_fall() -> None:
    rig = make_presenter(**CONNECT_FOUR)
    rig.presenter.moves.play(3)  # the top of column d: it falls through all six rows
    assert rig.sounds.take() == [], "nothing is heard while the disc falls"
    assert rig.presenter.is_working, "the window keeps ticking until the disc lands"
    assert heard_later(rig, DROP_SECONDS / 2) == []
    assert heard_later(rig, DROP_SECONDS / 2) == [Cue.LAND]
    assert not rig.presenter.sounds.is_pending


def test_a_disc_lands_at_once_where_nothing_falls() -> None:
    rig = make_presenter(**CONNECT_FOUR)
    rig.presenter.display.toggle_motion()
    rig.presenter.moves.play(3)
    assert rig.sounds.take() == [Cue.LAND]
    rig.presenter.display.toggle_motion()
    rig.presenter.sounds.system_motion = lambda: False  # the desktop asks for less motion
    rig.presenter.moves.play(3)
    assert rig.sounds.take() == [Cue.LAND]


def test_a_landing_is_not_heard_once_the_game_has_left_its_position() -> None:
    rig = make_presenter(**CONNECT_FOUR)
    rig.presenter.moves.play(3)
    rig.presenter.new_game_page.play_again()
    assert heard_later(rig, 1.0) == []


def test_a_win_between_two_players_is_heard_in_place_of_the_winning_move() -> None:
    rig = make_presenter(mode="hotseat")
    rig.session.replay(rig.session.config, None, X_TO_WIN)
    rig.presenter.moves.play(2)
    assert rig.sounds.take() == [Cue.WIN]
    assert not rig.presenter.sounds.is_pending, "nothing is left to play later"


def test_a_draw_is_heard_as_a_draw() -> None:
    rig = make_presenter(mode="hotseat")
    rig.session.replay(rig.session.config, None, X_TO_DRAW)
    rig.presenter.moves.play(3)
    assert rig.sounds.take() == [Cue.DRAW]


def test_a_winning_disc_is_heard_landing_then_the_win() -> None:
    rig = make_presenter(**CONNECT_FOUR)
    rig.session.replay(rig.session.config, None, (38, 31, 39, 32, 40, 33))  # X: d1 e1 f1
    rig.presenter.moves.play(6)  # X drops into g1: four in a row
    assert rig.sounds.take() == []
    assert rig.presenter.sounds.is_pending  # a fall into the bottom row: DROP_SECONDS
    assert heard_later(rig, DROP_SECONDS) == [Cue.LAND]
    assert heard_later(rig, OUTCOME_GAP) == [Cue.WIN]


def test_against_the_computer_the_persons_win_and_loss_are_heard_as_theirs() -> None:
    rig = make_presenter(mode="computer", human="X", level="strongest")
    rig.session.replay(rig.session.config, None, X_TO_WIN)
    rig.presenter.moves.play(2)
    assert rig.sounds.take() == [Cue.WIN]

    rig.session.replay(rig.session.config, None, (*X_TO_WIN, 8))  # O to move wins at 5
    rig.presenter.schedule()
    rig.settle(step=0.05)
    assert rig.session.board.winner is not None
    assert rig.sounds.take() == [Cue.LOSS]


def test_completing_a_line_in_misere_is_heard_as_the_persons_loss() -> None:
    rig = make_presenter(mode="computer", human="X", misere=True)
    rig.session.replay(rig.session.config, None, X_TO_WIN)
    rig.presenter.moves.play(2)  # X completes the top row, and so loses
    assert rig.session.board.winner is not None
    assert rig.sounds.take() == [Cue.LOSS]


def test_with_the_computer_on_both_sides_a_win_is_heard_as_a_win() -> None:
    rig = make_presenter(mode="watch", x_level="strongest", o_level="easy")
    rig.session.replay(rig.session.config, None, X_TO_WIN)
    rig.presenter.moves.play_pause()
    rig.settle(step=0.05)
    assert rig.session.board.winner is not None
    assert rig.sounds.take() == [Cue.WIN]


def test_refused_moves_are_heard() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.moves.play(4)
    rig.presenter.moves.play(4)  # taken
    assert rig.sounds.take() == [Cue.MOVE, Cue.REFUSED]

    rig = make_presenter(**CONNECT_FOUR)
    rig.presenter.display.toggle_motion()
    for _ in range(6):
        rig.presenter.moves.play(3)
    rig.sounds.take()
    rig.presenter.moves.play(3)  # the column is full
    assert rig.sounds.take() == [Cue.REFUSED]

    rig = make_presenter(mode="computer", human="O")
    rig.presenter.moves.play(4)  # while the computer thinks of its first move
    assert rig.sounds.take() == [Cue.REFUSED]


def test_sound_follows_the_desktop_until_the_person_chooses_and_the_choice_is_saved() -> None:
    quiet = make_presenter(mode="hotseat", desktop_sounds=False)
    assert quiet.presenter.view().flags["sound"] is False
    quiet.presenter.moves.play(4)
    assert quiet.sounds.take() == []

    quiet.presenter.sounds.toggle()
    assert quiet.presenter.view().flags["sound"] is True
    quiet.presenter.moves.play(0)
    assert quiet.sounds.take() == [Cue.MOVE]
    saved = Settings.from_json(quiet.store.saved[-1])
    assert saved.sound is True

    # The person's choice wins over the desktop's, at the next start too.
    heard = make_presenter(saved, desktop_sounds=False)
    heard.presenter.moves.play(4)
    assert heard.sounds.take() == [Cue.MOVE]


def test_turning_sound_off_is_saved_and_silences_what_was_due() -> None:
    rig = make_presenter(**CONNECT_FOUR)
    assert rig.presenter.view().flags["sound"] is True, "on where the desktop allows"
    rig.presenter.moves.play(3)
    rig.presenter.sounds.toggle()
    assert heard_later(rig, 1.0) == []
    rig.presenter.moves.play(3)
    rig.presenter.moves.play(3)
    assert heard_later(rig, 1.0) == []
    assert Settings.from_json(rig.store.saved[-1]).sound is False
    assert make_presenter(Settings.from_json(rig.store.saved[-1])).presenter.sounds.is_on is False


@pytest.mark.parametrize("text", ['{"sound": null}', '{"sound": false}', '{"sound": true}'])
def test_the_sound_setting_is_read_back_as_written(text: str) -> None:
    settings = Settings.from_json(text)
    assert Settings.from_json(settings.to_json()).sound == settings.sound


def test_a_sound_setting_that_is_not_a_choice_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="sound"):
        Settings.from_json('{"sound": "loud"}')


def test_view_sound_is_a_check_item_of_the_action_table() -> None:
    (item,) = [item for item in all_items() if item.action == "toggle_sound"]
    assert item.kind is ItemKind.CHECK and item.group == "sound"
