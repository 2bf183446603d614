"""Sound in the real window, with a fake player: real clicks are heard, a
disc is heard when its fall is seen to end, and View › Sound turns it off
(saved). What is played when is tested without Tk in tests/app/test_sounds.py."""

from __future__ import annotations

from conftest import invoke, real_click, wait
from fakes import FakeSoundPlayer

from ttt_gui.app.ports import Cue
from ttt_gui.config import GameConfig, Mode
from ttt_gui.gui.window import Window
from ttt_gui.storage.settings import Settings, load


def listen(window: Window) -> FakeSoundPlayer:
    player = FakeSoundPlayer()
    window.presenter.sounds.player = player
    return player


def test_clicks_are_heard_and_view_sound_turns_them_off_for_good(
    make_window, settings_path
) -> None:
    window = make_window(Settings(GameConfig(mode=Mode.HOTSEAT)))
    player = listen(window)
    real_click(window.board.cells[4])
    assert wait(window.root, lambda: player.cues == [Cue.MOVE])
    real_click(window.board.cells[4])  # taken
    assert wait(window.root, lambda: player.cues == [Cue.MOVE, Cue.REFUSED])

    invoke(window, "toggle_sound")
    assert window.menubar.variables["sound"].get() is False
    real_click(window.board.cells[0])
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 2)
    window.root.update()
    assert player.cues == [Cue.MOVE, Cue.REFUSED]
    assert load(settings_path)[0].sound is False


def test_a_disc_is_heard_as_its_fall_ends_on_screen(make_window) -> None:
    config = GameConfig(mode=Mode.HOTSEAT, rows=6, cols=7, win_length=4, gravity=True)
    window = make_window(Settings(config))
    player = listen(window)
    window.board.motion.enabled = True  # as on a desktop that lets things move
    real_click(window.board.cells[3])
    assert wait(window.root, lambda: window.presenter.session.board.move_count == 1)
    window.root.update()
    assert player.cues == [] and window.board.motion.is_running, "falling, silent"
    assert wait(window.root, lambda: player.cues == [Cue.LAND]), "heard as it lands"
