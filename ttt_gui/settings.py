"""Settings and scores that persist across runs, as JSON; no Tk.

The file is one flat JSON object: the fields of :class:`~ttt_gui.config.GameConfig`
next to the display settings and the scores, with a ``"format"`` marker.
It is written atomically (see :mod:`ttt_gui.files`). A file that cannot be
read is renamed aside and reported, never overwritten.

>>> settings = Settings.from_json('{"size": 5, "theme": "dark"}')
>>> settings.game.win_length, settings.theme
(4, 'dark')
>>> Settings.from_json(settings.to_json()) == settings
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttt_gui.config import (
    MAX_WATCH_DELAY,
    ConfigError,
    GameConfig,
    is_int,
    is_number,
    short_repr,
    shorten,
)
from ttt_gui.files import read_limited, set_aside, write_atomically
from ttt_gui.theme import DEFAULT_THEME, THEMES

#: The value of the ``"format"`` key; files without the key are read too.
FORMAT = "ttt-gui settings"
#: Settings files larger than this are not read.
MAX_FILE_BYTES = 256 * 1024
MIN_ZOOM, MAX_ZOOM = 0.5, 3.0
WINDOW_SIZE = re.compile(r"[0-9]{1,5}x[0-9]{1,5}", re.ASCII)
#: The display settings stored next to the game's fields, in file order.
_DISPLAY_KEYS = (
    "theme",
    "zoom",
    "window",
    "watch_delay",
    "analysis",
    "history",
    "coordinates",
    "alternate",
    "folder",
    "scores",
)


class SettingsError(ValueError):
    """A settings file that is not valid settings JSON; the message names the setting."""


@dataclass
class Settings:
    """Everything that persists: the game to play, how the window looks, the scores."""

    game: GameConfig = GameConfig()
    theme: str = DEFAULT_THEME
    zoom: float = 1.0
    window: str = ""
    watch_delay: int = 400
    analysis: bool = False
    history: bool = False
    #: Row and column labels on the board; None: shown from 4x4 up.
    coordinates: bool | None = None
    #: Against the computer, the person's side changes after every finished game.
    alternate: bool = False
    #: The folder of the last game saved or opened ("" before the first).
    folder: str = ""
    scores: dict[str, dict[str, int]] = field(default_factory=dict)

    def validate(self) -> None:
        """Raise SettingsError naming the first setting out of range (of any type)."""
        checks: list[tuple[str, Callable[[], bool]]] = [
            ("game", lambda: isinstance(self.game, GameConfig)),
            ("theme", lambda: isinstance(self.theme, str) and self.theme in THEMES),
            ("zoom", lambda: is_number(self.zoom) and MIN_ZOOM <= self.zoom <= MAX_ZOOM),
            (
                "window",
                lambda: (
                    isinstance(self.window, str)
                    and (not self.window or WINDOW_SIZE.fullmatch(self.window) is not None)
                ),
            ),
            (
                "watch_delay",
                lambda: is_int(self.watch_delay) and 0 <= self.watch_delay <= MAX_WATCH_DELAY,
            ),
            ("analysis", lambda: isinstance(self.analysis, bool)),
            ("history", lambda: isinstance(self.history, bool)),
            (
                "coordinates",
                lambda: self.coordinates is None or isinstance(self.coordinates, bool),
            ),
            ("alternate", lambda: isinstance(self.alternate, bool)),
            ("folder", lambda: isinstance(self.folder, str) and len(self.folder) <= 4096),
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
        if data.get("format", FORMAT) != FORMAT:
            raise SettingsError(f"not a settings file (format {short_repr(data['format'])})")
        try:
            game = GameConfig.from_dict(data)
        except ConfigError as error:
            raise SettingsError(f"setting {error}") from None
        except OverflowError:  # an integer think time too large for a float
            value = short_repr(data.get("think_time"))
            raise SettingsError(f"setting 'think_time' has an invalid value: {value}") from None
        display = {key: data[key] for key in _DISPLAY_KEYS if key in data}
        settings = cls(game=game, **display)
        settings.validate()
        return settings

    def to_json(self) -> str:
        """The flat JSON object read back by :meth:`from_json`."""
        data: dict[str, Any] = {"format": FORMAT, **self.game.to_dict()}
        data.update((key, getattr(self, key)) for key in _DISPLAY_KEYS)
        return json.dumps(data, indent=2, sort_keys=True) + "\n"


def _valid_scores(scores: object) -> bool:
    return (
        isinstance(scores, dict)
        and len(scores) <= 1000
        and all(
            isinstance(key, str)
            and isinstance(counts, dict)
            and all(
                isinstance(label, str) and is_int(count) and 0 <= count < 10**9
                for label, count in counts.items()
            )
            for key, counts in scores.items()
        )
    )


def default_path() -> Path:
    """The settings file in the user's config folder (platformdirs)."""
    from platformdirs import user_config_path

    return user_config_path("ttt-gui", appauthor=False) / "settings.json"


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


def save(settings: Settings, path: Path) -> None:
    """Write ``settings`` to ``path`` atomically; raises OSError on failure."""
    write_atomically(path, settings.to_json())
