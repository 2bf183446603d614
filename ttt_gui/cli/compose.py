"""The composition root of one window: the desktop opened, the presenter
built with what it needs from the world (dialogs, storage, sound, the crash
log), and the window put on it. Only this module knows all of them; the
window paints the presenter it is given."""

from __future__ import annotations

from ttt_gui.app.ports import SaveSettings
from ttt_gui.app.presenter import Presenter
from ttt_gui.gui.window import Window, open_desktop
from ttt_gui.storage.crash_log import CrashLog
from ttt_gui.storage.settings import Settings
from ttt_gui.storage.unfinished import UnfinishedGame


def launch(
    settings: Settings,
    save_settings: SaveSettings | None,
    message: str | None,
    unfinished: UnfinishedGame | None = None,
    resume: bool = False,
    crash_log: CrashLog | None = None,
    sound: bool = True,
) -> Window | None:
    """Open the game window; None (after saying why on stderr) if there is no
    display. ``unfinished`` keeps the game the person was playing when the
    window closes; with ``resume`` the kept one is played on at once;
    ``crash_log`` is where unexpected errors are written down; without
    ``sound`` the window is never heard (the smoke test)."""
    desktop = open_desktop(settings.theme, sound=sound)
    if desktop is None:
        return None
    presenter = Presenter(
        settings,
        desktop.dialogs,
        save_settings=save_settings,
        message=message,
        unfinished=unfinished,
        resume=resume,
        keys=desktop.keys,
        crash_log=crash_log,
        sound_player=desktop.sound_player,
        desktop_sounds=desktop.desktop_sounds,
    )
    return Window(desktop.root, presenter, look=desktop.look, probe_colours=desktop.probe_colours)
