"""The game's sounds, made here from sine tones: no sound files to license.

Each cue is a few notes, each note a sine with two soft overtones under an
envelope that rises over a few milliseconds, decays, and falls to silence by
a raised cosine, so that no sound starts or ends with a click. The result is
a mono 16-bit WAV (the standard library's :mod:`wave`), at most
:data:`PEAK` of full scale.
"""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from dataclasses import dataclass

from ttt_gui.app.sounds import Cue

# -- Tune these: the sounds' notes, loudness and format ----------------------------------

#: Part of the files' names: raise it when a sound changes, so it is written anew.
SOUND_VERSION = 1
RATE = 22_050
#: The loudest a sound gets, as a share of full scale (modest: a game, not an alarm).
PEAK = 0.3
#: Rise and fall of every note (s): long enough that nothing clicks.
ATTACK = 0.006
RELEASE = 0.03


@dataclass(frozen=True)
class Note:
    """A tone from ``start`` (s) for ``length`` (s): ``pitch`` Hz, gliding to
    ``glide`` Hz (None: steady), dying away ``decay`` times per second, at
    ``level`` (1: the loudest note)."""

    start: float
    length: float
    pitch: float
    glide: float | None = None
    decay: float = 6.0
    level: float = 1.0


#: The notes of each cue; each sound's length is its last note's end.
NOTES: dict[Cue, tuple[Note, ...]] = {
    # A short wooden tock.
    Cue.MOVE: (Note(0.0, 0.09, 880.0, 740.0, decay=30.0),),
    # A disc settling: a low knock that drops in pitch.
    Cue.LAND: (Note(0.0, 0.16, 300.0, 170.0, decay=18.0),),
    # Two low, short blips: not that.
    Cue.REFUSED: (
        Note(0.0, 0.09, 233.0, decay=12.0, level=0.8),
        Note(0.11, 0.11, 196.0, decay=12.0, level=0.8),
    ),
    # A rising major arpeggio (C E G C).
    Cue.WIN: (
        Note(0.0, 0.16, 523.3, level=0.7),
        Note(0.11, 0.16, 659.3, level=0.7),
        Note(0.22, 0.16, 784.0, level=0.75),
        Note(0.33, 0.55, 1046.5, decay=4.0, level=0.8),
    ),
    # A falling minor line (G E♭ C).
    Cue.LOSS: (
        Note(0.0, 0.2, 392.0, level=0.7),
        Note(0.18, 0.2, 311.1, level=0.7),
        Note(0.36, 0.5, 261.6, 246.9, decay=4.0, level=0.75),
    ),
    # Two even notes, neither up nor down.
    Cue.DRAW: (
        Note(0.0, 0.22, 587.3, level=0.7),
        Note(0.2, 0.35, 587.3, decay=5.0, level=0.7),
    ),
}

#: Overtones over each note's pitch: (multiple, share), for a rounder tone.
OVERTONES = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))


def _envelope(time: float, note: Note) -> float:
    if time < ATTACK:
        rise = 0.5 - 0.5 * math.cos(math.pi * time / ATTACK)
    else:
        rise = 1.0
    left = note.length - time
    fall = 0.5 - 0.5 * math.cos(math.pi * left / RELEASE) if left < RELEASE else 1.0
    return rise * fall * math.exp(-note.decay * time)


def samples(cue: Cue) -> list[float]:
    """The cue's samples at :data:`RATE`, between -:data:`PEAK` and :data:`PEAK`."""
    notes = NOTES[cue]
    length = max(note.start + note.length for note in notes)
    mixed = [0.0] * (round(length * RATE) + 1)
    for note in notes:
        first = round(note.start * RATE)
        count = min(round(note.length * RATE), len(mixed) - first)
        glide = note.pitch if note.glide is None else note.glide
        phase = 0.0
        for index in range(count):
            time = index / RATE
            pitch = note.pitch + (glide - note.pitch) * time / note.length
            phase += 2 * math.pi * pitch / RATE
            tone = sum(share * math.sin(multiple * phase) for multiple, share in OVERTONES)
            mixed[first + index] += note.level * _envelope(time, note) * tone
    loudest = max(abs(value) for value in mixed) or 1.0
    return [PEAK * value / loudest for value in mixed]


def wav_bytes(cue: Cue) -> bytes:
    """The cue as a mono 16-bit WAV file's bytes."""
    frames = array("h", (round(value * 32767) for value in samples(cue)))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(RATE)
        if sys.byteorder == "big":  # WAV's samples are little-endian
            frames.byteswap()
        writer.writeframes(frames.tobytes())
    return buffer.getvalue()
