"""How soon a move is heard, and what hearing it costs the window, as a table.

    python benchmarks/sound_latency.py [--moves 50] [--player COMMAND]

Plays ``--moves`` moves on 3×3 (two players; each move then undone) through
the presenter, as a click does, with the system's sound player (the first
of ``pw-play``, ``paplay``, ``aplay`` or ``afplay`` found) or ``--player``;
where none is found, the standard ``true`` stands in for it, so that the
figures are those of starting a process. Prints, median and worst:

- move to player: from the presenter's call for the move to the player's
  process started (``Popen`` returned, in the player's thread); target
  under 50 ms;
- play call: how long the play call holds the Tk thread (it hands the
  file to the player's thread);
- move without sound / with sound: the presenter's whole call, sound off and
  on: the board's repaint waits for this and nothing else.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttt_gui.app.ports import Cue  # noqa: E402
from ttt_gui.app.presenter import Presenter  # noqa: E402
from ttt_gui.config import GameConfig, Mode  # noqa: E402
from ttt_gui.gui.sound_player import (  # noqa: E402
    CommandPlayer,
    SoundFiles,
    player_command,
    start_quietly,
)
from ttt_gui.storage.settings import Settings  # noqa: E402

TARGET_MS = 50.0


class NoDialogs:
    """Dialogs no move asks for."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"a move asked the person something ({name})")


class TimedPlayer:
    """The system's player, noting when each play call began and ended and
    when its process had started."""

    def __init__(self, command: list[str], files: SoundFiles) -> None:
        self.started: list[float] = []
        self.calls: list[float] = []
        self.inner = CommandPlayer(command, files, self._start)

    def _start(self, command: list[str]) -> subprocess.Popen[bytes]:
        process = start_quietly(command)
        self.started.append(time.perf_counter())
        return process

    def play(self, cue: Cue) -> None:
        begun = time.perf_counter()
        self.inner.play(cue)
        self.calls.append(time.perf_counter() - begun)


def milliseconds(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.2f} {max(values) * 1000:8.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--player", help="the player command (default: the system's)")
    options = parser.parse_args()
    command = options.player.split() if options.player else player_command(sys.platform)
    stand_in = command is None
    if command is None:
        command = [shutil.which("true") or "true"]
    with tempfile.TemporaryDirectory() as folder:
        files = SoundFiles(Path(folder))
        files.prepare()
        player = TimedPlayer(command, files)
        settings = Settings(GameConfig(mode=Mode.HOTSEAT))
        dialogs: Any = NoDialogs()
        presenter = Presenter(settings, dialogs, sound_player=player)
        heard, silent, to_player = [], [], []
        for index in range(options.moves * 2):
            settings.sound = index % 2 == 0
            begun = time.perf_counter()
            presenter.moves.play(4)
            took = time.perf_counter() - begun
            player.inner.wait_idle()
            if settings.sound:
                heard.append(took)
                to_player.append(player.started[-1] - begun)
            else:
                silent.append(took)
            presenter.moves.undo()
            for process in player.inner.running:  # one move's sound at a time
                process.wait(timeout=10)
            player.inner.reap()
    name = " ".join(command) + (" (a stand-in: no sound player found)" if stand_in else "")
    print(f"player: {name}; {options.moves} moves each")
    print(f"{'':24} {'median':>8} {'worst':>8}  (ms)")
    print(f"{'move to player started':24} {milliseconds(to_player)}")
    print(f"{'play call (Tk thread)':24} {milliseconds(player.calls)}")
    print(f"{'move without sound':24} {milliseconds(silent)}")
    print(f"{'move with sound':24} {milliseconds(heard)}")
    within = max(to_player) * 1000 <= TARGET_MS
    print(f"every move heard within {TARGET_MS:g} ms: {'yes' if within else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
