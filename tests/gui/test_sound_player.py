"""The sounds as files and as played, without a sound system: the WAV files
read back, the player chosen by a fake ``which``, players started by a fake
starter (never a real one), and the desktop's event-sounds setting read
through a fake command runner."""

from __future__ import annotations

import shutil
import subprocess
import wave
from array import array
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import eventually

from ttt_gui.app.ports import Cue
from ttt_gui.app.sounds import Silence
from ttt_gui.gui.sound_player import (
    MOST_PLAYING,
    CommandPlayer,
    SoundFiles,
    WindowsPlayer,
    player_command,
    start_quietly,
    system_player,
)
from ttt_gui.gui.sound_synthesis import PEAK, RATE
from ttt_gui.gui.system_look import system_allows_event_sounds

SHORT_CUES = (Cue.MOVE, Cue.LAND, Cue.REFUSED)
#: A sample this close to zero is silence (a 16-bit sample's full scale is 32767).
NEAR_ZERO = 0.01 * 32767


def which_of(*installed: str) -> object:
    return lambda program: f"/usr/bin/{program}" if program in installed else None


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> SoundFiles:
    prepared = SoundFiles(tmp_path_factory.mktemp("cache") / "sounds")
    prepared.prepare()
    return prepared


@pytest.mark.parametrize("cue", list(Cue))
def test_each_sound_is_short_soft_mono_audio_that_starts_and_ends_in_silence(
    files: SoundFiles, cue: Cue
) -> None:
    path = files.path(cue)
    assert path is not None and path.is_file()
    with wave.open(str(path), "rb") as reader:
        assert (reader.getnchannels(), reader.getsampwidth()) == (1, 2)
        assert reader.getframerate() == RATE
        seconds = reader.getnframes() / RATE
        samples = array("h", reader.readframes(reader.getnframes()))
    assert 0.05 <= seconds <= (0.3 if cue in SHORT_CUES else 1.0)
    loudest = max(abs(sample) for sample in samples)
    assert loudest >= 0.5 * PEAK * 32767, "not silent"
    assert loudest <= PEAK * 32767 + 1 < 32767, "modest, and never clipped"
    assert abs(samples[0]) <= 1 and abs(samples[-1]) <= 1, "no click at either end"
    edge = RATE // 2000  # the first and last half millisecond: a rise and a fall, no step
    assert all(abs(sample) < NEAR_ZERO for sample in (*samples[:edge], *samples[-edge:]))


def test_the_sounds_are_written_once_and_kept(files: SoundFiles) -> None:
    path = files.path(Cue.WIN)
    assert path is not None
    written = path.stat().st_mtime_ns
    again = SoundFiles(files.folder)
    again.prepare()
    assert again.path(Cue.WIN) == path and path.stat().st_mtime_ns == written
    assert sorted(p.name for p in files.folder.iterdir()) == sorted(
        files.file_of(cue).name for cue in Cue
    ), "no temporary file is left behind"


def test_a_folder_that_cannot_be_written_leaves_the_game_silent(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    files = SoundFiles(tmp_path / "file" / "sounds")
    files.prepare()
    assert files.path(Cue.MOVE) is None


@pytest.mark.parametrize(
    ("platform", "installed", "command"),
    [
        ("linux", ("aplay", "paplay", "pw-play"), ["/usr/bin/pw-play"]),
        ("linux", ("aplay", "paplay"), ["/usr/bin/paplay"]),
        ("linux", ("aplay",), ["/usr/bin/aplay", "-q"]),
        ("linux", (), None),
        ("freebsd14", ("aplay",), ["/usr/bin/aplay", "-q"]),
        ("darwin", ("afplay", "paplay"), ["/usr/bin/afplay"]),
        ("darwin", ("paplay",), None),
        ("win32", ("aplay",), None),
    ],
)
def test_the_first_player_found_is_chosen(
    platform: str, installed: tuple[str, ...], command: list[str] | None
) -> None:
    assert player_command(platform, which_of(*installed)) == command  # type: ignore[arg-type]


class FakeProcess:
    def __init__(self) -> None:
        self.ended = False

    def poll(self) -> int | None:
        return 0 if self.ended else None


class FakeStarter:
    """Records the commands it is asked to start; starts nothing."""

    def __init__(self, fail: bool = False) -> None:
        self.commands: list[list[str]] = []
        self.processes: list[FakeProcess] = []
        self.fail = fail

    def __call__(self, command: list[str]) -> subprocess.Popen[bytes]:
        self.commands.append(command)
        if self.fail:
            raise FileNotFoundError(2, "No such file or directory", command[0])
        process = FakeProcess()
        self.processes.append(process)
        return process  # type: ignore[return-value]


def test_a_cue_starts_the_player_with_its_file_and_ended_players_are_reaped(
    files: SoundFiles,
) -> None:
    starter = FakeStarter()
    player = CommandPlayer(["/usr/bin/paplay"], files, starter, reap_seconds=60)
    player.play(Cue.MOVE)
    player.wait_idle()
    assert starter.commands == [["/usr/bin/paplay", str(files.file_of(Cue.MOVE))]]
    assert len(player.running) == 1
    starter.processes[0].ended = True
    player.play(Cue.WIN)
    player.wait_idle()
    assert len(player.running) == 1 and player.running[0] is starter.processes[1]


def test_a_storm_of_cues_starts_only_a_few_players(files: SoundFiles) -> None:
    starter = FakeStarter()
    player = CommandPlayer(["aplay", "-q"], files, starter)
    for _ in range(MOST_PLAYING + 5):
        player.play(Cue.REFUSED)
    player.wait_idle()
    assert len(starter.commands) == MOST_PLAYING


def test_a_player_that_cannot_start_is_given_up_silently(files: SoundFiles) -> None:
    starter = FakeStarter(fail=True)
    player = CommandPlayer(["pw-play"], files, starter)
    player.play(Cue.MOVE)
    player.wait_idle()
    player.play(Cue.MOVE)
    player.wait_idle()
    assert len(starter.commands) == 1 and player.running == []


def test_a_cue_whose_file_is_not_ready_is_not_heard(tmp_path: Path) -> None:
    starter = FakeStarter()
    player = CommandPlayer(["pw-play"], SoundFiles(tmp_path), starter)
    player.play(Cue.MOVE)
    player.wait_idle()
    assert starter.commands == []


def test_a_real_player_program_is_started_and_reaped_without_a_further_cue(
    files: SoundFiles,
) -> None:
    """With a stand-in for the player that exits at once (the real ``true``):
    the process is started without a shell, and collected by the player's
    thread on its own (no zombie waits for the next cue)."""
    started: list[subprocess.Popen[bytes]] = []

    def start(command: list[str]) -> subprocess.Popen[bytes]:
        started.append(start_quietly(command))
        return started[-1]

    player = CommandPlayer([shutil.which("true") or "true"], files, start, reap_seconds=0.01)
    player.play(Cue.MOVE)
    player.wait_idle()
    (first,) = started
    assert eventually(lambda: first.returncode == 0 and first not in player.running)


def test_no_player_or_sound_turned_off_in_the_environment_is_silence(tmp_path: Path) -> None:
    assert isinstance(
        system_player(platform="linux", environ={}, which=which_of(), folder=tmp_path), Silence
    )
    turned_off = system_player(
        platform="linux",
        environ={"TTT_GUI_SOUND": "off"},
        which=which_of("pw-play"),
        folder=tmp_path,
    )
    assert isinstance(turned_off, Silence)
    assert not any(tmp_path.iterdir()), "no sound is made for nothing"
    chosen = system_player(platform="linux", environ={}, which=which_of("paplay"), folder=tmp_path)
    assert isinstance(chosen, CommandPlayer) and chosen.command == ["/usr/bin/paplay"]
    windows = system_player(platform="win32", environ={}, which=which_of(), folder=tmp_path)
    assert isinstance(windows, WindowsPlayer)


def answers(output: str | None) -> tuple[list[Sequence[str]], object]:
    asked: list[Sequence[str]] = []

    def run(command: Sequence[str]) -> str | None:
        asked.append(command)
        return output

    return asked, run


@pytest.mark.parametrize(
    ("output", "allowed"), [("false\n", False), ("true\n", True), (None, True), ("", True)]
)
def test_gnome_event_sounds_decide_the_default(output: str | None, allowed: bool) -> None:
    asked, run = answers(output)
    found = system_allows_event_sounds(
        platform="linux",
        run=run,  # type: ignore[arg-type]
        exists=lambda path: True,
        config_home=Path("/home/someone/.config"),
    )
    assert found is allowed
    assert asked == [["gsettings", "get", "org.gnome.desktop.sound", "event-sounds"]]


def test_without_gnome_settings_event_sounds_are_allowed_and_nothing_is_run() -> None:
    asked, run = answers("false\n")
    assert system_allows_event_sounds(
        platform="linux",
        run=run,  # type: ignore[arg-type]
        exists=lambda path: False,
        config_home=Path("/home/someone/.config"),
    )
    assert system_allows_event_sounds(platform="win32", run=run)  # type: ignore[arg-type]
    assert system_allows_event_sounds(platform="darwin", run=run)  # type: ignore[arg-type]
    assert asked == []
