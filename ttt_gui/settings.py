"""Settings and scores that persist across runs, as JSON; no Tk.

Files are written atomically (a temporary file in the same folder, then a
rename), so a crash leaves either the old or the new file. A file that
cannot be read is renamed aside and reported, never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ttt_gui.board import DEFAULT_WIN_LENGTH, MAX_SIZE, MIN_SIZE
from ttt_gui.engine import LEVELS

#: Settings files larger than this are not read.
MAX_FILE_BYTES = 256 * 1024
THINK_TIMES = (0.5, 1.0, 2.0, 5.0)
#: Pause between moves when the computer plays itself, in ms: name -> delay.
WATCH_SPEEDS = {"Slow": 1000, "Normal": 400, "Fast": 100, "Instant": 0}
THEMES = ("light", "dark")
MIN_ZOOM, MAX_ZOOM = 0.5, 3.0
WINDOW_SIZE = re.compile(r"[0-9]{1,5}x[0-9]{1,5}", re.ASCII)


class SettingsError(ValueError):
    """A settings file that is not valid settings JSON."""


@dataclass
class Settings:
    """Everything that persists; defaults are a 3x3 game against a perfect computer."""

    mode: str = "computer"
    human: str = "X"
    level: str = "perfect"
    depth: int | None = None
    size: int = 3
    win_length: int = 3
    think_time: float = 1.0
    theme: str = "light"
    zoom: float = 1.0
    window: str = ""
    x_level: str = "perfect"
    o_level: str = "perfect"
    watch_delay: int = 400
    analysis: bool = False
    history: bool = False
    scores: dict[str, dict[str, int]] = field(default_factory=dict)

    def validate(self) -> None:
        """Raise SettingsError naming the first field out of range (of any type)."""
        checks: list[tuple[str, Callable[[], bool]]] = [
            ("mode", lambda: self.mode in ("hotseat", "computer", "watch")),
            ("human", lambda: self.human in ("X", "O")),
            ("level", lambda: isinstance(self.level, str) and self.level in LEVELS),
            ("x_level", lambda: isinstance(self.x_level, str) and self.x_level in LEVELS),
            ("o_level", lambda: isinstance(self.o_level, str) and self.o_level in LEVELS),
            ("watch_delay", lambda: _is_int(self.watch_delay) and 0 <= self.watch_delay <= 5000),
            ("analysis", lambda: isinstance(self.analysis, bool)),
            ("history", lambda: isinstance(self.history, bool)),
            ("size", lambda: _is_int(self.size) and MIN_SIZE <= self.size <= MAX_SIZE),
            (
                "win_length",
                lambda: _is_int(self.win_length) and MIN_SIZE <= self.win_length <= self.size,
            ),
            (
                "depth",
                lambda: self.depth is None
                or (_is_int(self.depth) and 1 <= self.depth <= self.size * self.size),
            ),
            ("think_time", lambda: _is_number(self.think_time) and 0.05 <= self.think_time <= 60),
            ("theme", lambda: self.theme in THEMES),
            ("zoom", lambda: _is_number(self.zoom) and MIN_ZOOM <= self.zoom <= MAX_ZOOM),
            (
                "window",
                lambda: isinstance(self.window, str)
                and (not self.window or WINDOW_SIZE.fullmatch(self.window) is not None),
            ),
            ("scores", lambda: _valid_scores(self.scores)),
        ]
        for name, is_valid in checks:
            if not is_valid():
                value = short_repr(getattr(self, name))
                raise SettingsError(f"setting {name!r} has an invalid value: {value}")

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """Settings from JSON text; unknown keys are ignored, missing ones default.

        Raises SettingsError for anything that is not a valid settings object.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # also over-long integers
            raise SettingsError(f"not valid JSON ({str(error)[:80]})") from None
        if not isinstance(data, dict):
            raise SettingsError(f"expected a JSON object, found {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        settings = cls(**{key: value for key, value in data.items() if key in known})
        if "win_length" not in data and _is_int(settings.size):
            settings.win_length = DEFAULT_WIN_LENGTH.get(settings.size, 3)
        settings.validate()
        return settings

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True) + "\n"


def shorten(text: str, limit: int = 60) -> str:
    """``text``, cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_repr(value: Any) -> str:
    """``repr(value)``, short enough for a message."""
    try:
        return shorten(repr(value))
    except ValueError:  # an integer too long to print
        return f"a {type(value).__name__} too long to show"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _valid_scores(scores: Any) -> bool:
    return (
        isinstance(scores, dict)
        and len(scores) <= 1000
        and all(
            isinstance(key, str)
            and isinstance(counts, dict)
            and all(
                isinstance(label, str) and _is_int(count) and 0 <= count < 10**9
                for label, count in counts.items()
            )
            for key, counts in scores.items()
        )
    )


def default_path() -> Path:
    """The settings file in the user's config folder (platformdirs)."""
    from platformdirs import user_config_path

    return user_config_path("ttt-gui", appauthor=False) / "settings.json"


class NotAFileError(OSError):
    """A path that exists but is not a regular file (a folder, a pipe, a device)."""


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, which must hold at most ``limit``.

    Raises FileNotFoundError, NotAFileError, another OSError if it cannot be
    read, or ValueError if it is larger than ``limit``. Never blocks on a pipe
    and never reads more than ``limit + 1`` bytes.
    """
    if not path.name:
        raise NotAFileError(f"{str(path)!r} names no file")
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise NotAFileError(f"{path.name} is not a regular file")
    too_large = ValueError(f"the file is larger than {limit // 1024} KB")
    if info.st_size > limit:
        raise too_large
    with open(path, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise too_large
    return data


def load(path: Path) -> tuple[Settings, str | None, bool]:
    """Settings from ``path``, a message for the user if it was unusable, and
    whether ``path`` may be written.

    A missing file gives defaults silently. A file with bad contents is
    renamed aside (``settings.json.corrupt-<time>``) and defaults are used. A
    path that cannot be read, is not a regular file, or cannot be renamed is
    left alone and must not be written.
    """
    try:
        data = read_limited(path, MAX_FILE_BYTES)
        return Settings.from_json(data.decode("utf-8-sig")), None, True
    except FileNotFoundError:
        return Settings(), None, True
    except OSError as error:
        reason = error.strerror or str(error)
        message = (
            f"Settings file could not be read ({reason}); it was left as it is "
            "and settings will not be saved. Using defaults."
        )
        return Settings(), message, False
    except (ValueError, TypeError) as error:  # bad contents, UnicodeDecodeError included
        aside = set_aside(path)
        if aside is None:
            where = "; it was left as it is and settings will not be saved"
        else:
            where = f"; it was kept as {aside.name}"
        message = f"Settings file could not be read ({shorten(str(error), 120)}){where}."
        return Settings(), f"{message} Using defaults.", aside is not None


def set_aside(path: Path) -> Path | None:
    """Rename an unusable file so it is kept but not read again; None if that fails."""
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    counter = 1
    while aside.exists():
        aside = aside.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{counter}")
        counter += 1
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        _remove_stale_temporaries(path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _remove_stale_temporaries(path: Path, age: float = 60.0) -> None:
    """Delete temporary files of ``path`` left by writers that died mid-write."""
    now = time.time()
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > age:
                leftover.unlink()
        except OSError:
            pass


def save(settings: Settings, path: Path) -> None:
    """Write ``settings`` to ``path`` atomically; raises OSError on failure."""
    write_atomically(path, settings.to_json())
