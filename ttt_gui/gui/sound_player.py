"""Playing the game's sounds through what the system has, never blocking.

The sounds (:mod:`ttt_gui.gui.sound_synthesis`) are written once as WAV files
to the user's cache folder, in a thread of their own at the first start, so
the window never waits for them; a cue whose file is not ready yet is not
heard. Then each is played:

- Windows: ``winsound.PlaySound`` with ``SND_ASYNC`` (it returns at once).
- macOS: ``afplay``.
- Elsewhere: the first of PipeWire's ``pw-play``, PulseAudio's ``paplay``
  and ALSA's ``aplay`` found on the PATH.

A player program is started with no shell, its output discarded, by a
thread of the player's own (the window's thread only hands it the file),
which reaps each player that has ended within a second (none is left a
zombie). Where there is no player, or one
cannot be started, nothing is heard and nothing is said: sound is never
worth an error message.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ttt_gui.app.ports import Cue, SoundPlayer
from ttt_gui.app.sounds import Silence
from ttt_gui.gui.sound_synthesis import SOUND_VERSION, wav_bytes

#: The players tried on Linux and the BSDs, in order: the command before the file's name.
LINUX_PLAYERS: tuple[tuple[str, ...], ...] = (("pw-play",), ("paplay",), ("aplay", "-q"))
MACOS_PLAYERS: tuple[tuple[str, ...], ...] = (("afplay",),)
#: Players still running beyond this many: a new cue is not heard (a storm of clicks).
MOST_PLAYING = 4
#: How often (s) the players that ended are reaped while some play.
REAP_SECONDS = 1.0
#: Set to ``off`` in the environment, no sound is played (test runs, kiosks).
SOUND_VARIABLE = "TTT_GUI_SOUND"

#: Finds a program on the PATH (None: not there), as :func:`shutil.which` does.
Which = Callable[[str], str | None]


def player_command(platform: str, which: Which = shutil.which) -> list[str] | None:
    """The command that plays a WAV file given after it on ``platform``, with
    the player's full path; None on Windows (see :class:`WindowsPlayer`) or
    where no player is found."""
    if platform == "win32":
        return None
    candidates = MACOS_PLAYERS if platform == "darwin" else LINUX_PLAYERS
    for program, *options in candidates:
        found = which(program)
        if found is not None:
            return [found, *options]
    return None


def cache_folder() -> Path:
    """Where the sounds are written: the user's cache folder (platformdirs)."""
    from platformdirs import user_cache_path

    return user_cache_path("ttt-gui", appauthor=False) / "sounds"


class SoundFiles:
    """The cues' WAV files in ``folder``, written by :meth:`prepare` where
    missing; :meth:`path` gives a cue's file once it is there."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._ready: dict[Cue, Path] = {}
        self._lock = threading.Lock()

    def file_of(self, cue: Cue) -> Path:
        """Where ``cue``'s file is (named after the sounds' version, so a
        changed sound is written anew)."""
        return self.folder / f"{cue.value}-{SOUND_VERSION}.wav"

    def path(self, cue: Cue) -> Path | None:
        """``cue``'s file if it is written; None if not (yet)."""
        with self._lock:
            return self._ready.get(cue)

    def prepare(self) -> None:
        """Write every cue's file that is missing (each through a temporary
        file, so a player never reads half of one); a cue that cannot be
        written stays silent. Never raises for a file system's refusal."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        for cue in Cue:
            target = self.file_of(cue)
            try:
                if not target.is_file() or target.stat().st_size <= 44:  # a header alone
                    _write(target, wav_bytes(cue))
            except OSError:
                continue
            with self._lock:
                self._ready[cue] = target

    def prepare_in_background(self) -> None:
        """:meth:`prepare` in a thread of its own (the first start makes the
        sounds, which takes a moment)."""
        threading.Thread(target=self.prepare, name="sounds", daemon=True).start()


def _write(target: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


#: Starts a process, as :class:`subprocess.Popen` does (tests pass a fake).
Starter = Callable[[list[str]], "subprocess.Popen[bytes]"]


def start_quietly(command: list[str]) -> subprocess.Popen[bytes]:
    """Start ``command`` with no shell, no input and its output discarded."""
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
    )


class CommandPlayer:
    """Plays each cue by starting ``command`` with the cue's file from
    ``files`` after it, in a thread of its own (started with the player, so
    that no cue waits for it), which reaps the players that ended every
    ``reap_seconds`` while some play."""

    def __init__(
        self,
        command: Sequence[str],
        files: SoundFiles,
        start: Starter = start_quietly,
        reap_seconds: float = REAP_SECONDS,
    ) -> None:
        self.command = list(command)
        self.files = files
        self.start = start
        self.reap_seconds = reap_seconds
        #: The players started and not yet seen to end (the player's thread's own).
        self.running: list[subprocess.Popen[bytes]] = []
        self.is_broken = False
        self._queue: queue.Queue[Path] = queue.Queue()
        threading.Thread(target=self._serve, name="sound player", daemon=True).start()

    def play(self, cue: Cue) -> None:
        """Have ``cue`` started and return at once; silently nothing if its
        file is not ready, too many play still, or the player cannot be
        started (then it is not tried again)."""
        path = self.files.path(cue)
        if path is None or self.is_broken:
            return
        self._queue.put(path)

    def wait_idle(self) -> None:
        """Wait until every cue asked for is started, or given up."""
        self._queue.join()

    def _serve(self) -> None:
        while True:
            try:
                path = self._queue.get(timeout=self.reap_seconds if self.running else None)
            except queue.Empty:
                self.reap()
                continue
            try:
                self.reap()
                if not self.is_broken and len(self.running) < MOST_PLAYING:
                    self.running.append(self.start([*self.command, str(path)]))
            except (OSError, subprocess.SubprocessError):
                self.is_broken = True
            finally:
                self._queue.task_done()

    def reap(self) -> None:
        """Collect the players that have ended (so none is left a zombie)."""
        self.running = [process for process in self.running if process.poll() is None]


class WindowsPlayer:
    """Plays each cue with ``winsound`` (asynchronously: it returns at once;
    a new cue cuts the one still playing, as Windows' own sounds do)."""

    def __init__(self, files: SoundFiles) -> None:
        self.files = files

    def play(self, cue: Cue) -> None:
        path = self.files.path(cue)
        if path is None or sys.platform != "win32":
            return
        import winsound

        flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
        try:
            winsound.PlaySound(str(path), flags)
        except RuntimeError:  # no sound device
            pass


def system_player(
    *,
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
    which: Which = shutil.which,
    folder: Path | None = None,
) -> SoundPlayer:
    """The player of this system, its files being prepared in the background;
    :class:`Silence` where there is none or ``TTT_GUI_SOUND`` is ``off``."""
    environ = os.environ if environ is None else environ
    if environ.get(SOUND_VARIABLE, "").lower() == "off":
        return Silence()
    command = player_command(platform, which)
    if command is None and platform != "win32":
        return Silence()
    try:
        files = SoundFiles(folder if folder is not None else cache_folder())
    except Exception:  # noqa: BLE001 - no cache folder to be had: no sound, no error
        return Silence()
    files.prepare_in_background()
    return WindowsPlayer(files) if command is None else CommandPlayer(command, files)
