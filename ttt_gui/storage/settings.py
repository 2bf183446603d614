"""Settings and scores that persist across runs, as JSON; no Tk.

The file is one flat JSON object: the fields of :class:`~ttt_gui.config.GameConfig`
next to the display settings and the scores, with a ``"format"`` marker. Keys
this version does not know (a later version wrote them) are kept as they are.
It is written atomically (see :mod:`ttt_gui.storage.files`). A file that cannot be
read is renamed aside and reported, never overwritten. What is written is always
read back: the scores are trimmed, the least recently played first, to the
limits the reader sets (:data:`MAX_SCORE_ENTRIES`, :data:`MAX_FILE_BYTES`).

>>> settings = Settings.from_json('{"size": 5, "theme": "dark"}')
>>> settings.game.win_length, settings.theme
(4, 'dark')
>>> Settings.from_json(settings.to_json()) == settings
True
>>> Settings.from_json('{"format": "ttt-gui settings", "haptics": true}').extra
{'haptics': True}
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttt_gui.config import (
    MATCH_SEPARATOR,
    MAX_WATCH_DELAY,
    STATISTICS_SEPARATOR,
    ConfigError,
    GameConfig,
    Mode,
    is_int,
    is_number,
    short_repr,
    shorten,
)
from ttt_gui.config.setups import RECENT_SETUPS, setup_from_dict, setup_of, setup_to_dict
from ttt_gui.storage.files import read_limited, set_aside, write_atomically
from ttt_gui.storage.puzzle_record import PuzzleRecord, PuzzleRecordError
from ttt_gui.theme import DEFAULT_THEME, THEMES
from ttt_gui.words import gettext

#: The value of the ``"format"`` key, the marker of a ttt-gui settings file. Files
#: without the key (written before it existed) are read where the app keeps its own.
FORMAT = "ttt-gui settings"
#: The ``"scores_format"`` written: 2 keeps the score line's match per
#: opponent (``"computer:3x3:3 at hard"``); files without it (1) kept one
#: match per mode and board, every level mixed (see :func:`migrate_scores`).
SCORES_FORMAT = 2
#: Settings files larger than this are not read (nor written).
MAX_FILE_BYTES = 256 * 1024
#: Score entries a file holds at most: one per mode and board, one more per level
#: against the computer. Older ones are dropped on writing, never refused on reading.
MAX_SCORE_ENTRIES = 1000
#: A tally is kept below this (it stops counting there).
MAX_COUNT = 10**9 - 1
MAX_FOLDER_LENGTH = 4096
MIN_ZOOM, MAX_ZOOM = 0.5, 3.0
WINDOW_SIZE = re.compile(r"[0-9]{1,5}x[0-9]{1,5}", re.ASCII)
#: A language setting: "de", "pt_BR", "zh_Hans_CN", "sr@latin".
LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8}){0,3}(?:@[A-Za-z0-9]{1,8})?")
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
    "motion",
    "sound",
    "toolbar",
    "language",
    "folder",
    "scores",
)


#: Finished games per score key (mode and board), then per result label.
Scores = dict[str, dict[str, int]]


class SettingsError(ValueError):
    """A settings file that is not valid settings JSON; the message names the setting."""

    @classmethod
    def invalid(cls, field: str, value: str) -> SettingsError:
        """The error of setting ``field`` (its id, as the file names it) holding
        ``value`` (its text, or what is wrong with it)."""
        # TRANSLATORS: {field} is a setting's name as the file writes it ('theme');
        # {value} the value found, or what is wrong with it.
        message = gettext("setting {field} has an invalid value: {value}")
        return cls(message.format(field=repr(field), value=value))


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
    #: Marks drop, appear and lines draw through with motion (unless the
    #: system asks for reduced motion).
    motion: bool = True
    #: Moves and the game's end are heard (View › Sound); None: as the
    #: desktop's event sounds are, until the person chooses.
    sound: bool | None = None
    #: The toolbar is shown (View › Toolbar).
    toolbar: bool = True
    #: The language the window speaks, a code such as "de" or "pt_BR"; "" for
    #: the system's (a language without a catalogue falls back to it too).
    language: str = ""
    #: The folder of the last game saved or opened ("" before the first).
    folder: str = ""
    #: In the order last played (the least recently played first).
    scores: Scores = field(default_factory=dict)
    #: The last different setups started, the most recent first (see
    #: :mod:`ttt_gui.config.setups`), offered as one-click starts.
    recent: tuple[GameConfig, ...] = ()
    #: The puzzle ratings and attempts (see :mod:`ttt_gui.storage.puzzle_record`).
    puzzles: PuzzleRecord = field(default_factory=PuzzleRecord)
    #: The keys of the file this version does not know (a later version wrote
    #: them), with their values as read: written back as they are.
    extra: dict[str, Any] = field(default_factory=dict)

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
            ("motion", lambda: isinstance(self.motion, bool)),
            ("sound", lambda: self.sound is None or isinstance(self.sound, bool)),
            ("toolbar", lambda: isinstance(self.toolbar, bool)),
            (
                "language",
                lambda: (
                    isinstance(self.language, str)
                    and (not self.language or LANGUAGE_CODE.fullmatch(self.language) is not None)
                ),
            ),
            (
                "folder",
                lambda: isinstance(self.folder, str) and len(self.folder) <= MAX_FOLDER_LENGTH,
            ),
            ("scores", lambda: _valid_scores(self.scores)),
            (
                "recent",
                lambda: (
                    isinstance(self.recent, tuple)
                    and len(self.recent) <= RECENT_SETUPS
                    and all(
                        isinstance(setup, GameConfig) and setup == setup_of(setup)
                        for setup in self.recent
                    )
                ),
            ),
            ("puzzles", lambda: isinstance(self.puzzles, PuzzleRecord)),
            ("extra", lambda: isinstance(self.extra, dict) and not set(self.extra) & _KNOWN_KEYS),
        ]
        for name, is_valid in checks:
            if not is_valid():
                raise SettingsError.invalid(name, short_repr(getattr(self, name)))

    @classmethod
    def from_json(cls, text: str, *, require_marker: bool = False) -> Settings:
        """Settings from JSON text; missing keys default.

        A file with the ``"format"`` marker may hold keys this version does not
        know (a later version wrote it): they are kept in :attr:`extra`. One
        without the marker (written before there was one) must hold settings
        keys only, so that no other JSON file is taken for settings and
        rewritten; with ``require_marker`` it is refused too. Raises
        SettingsError for anything that is not a valid settings object.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # also over-long integers
            # TRANSLATORS: {detail} is the JSON reader's own (English) account of the error.
            message = gettext("not valid JSON ({detail})")
            raise SettingsError(message.format(detail=str(error)[:80])) from None
        if not isinstance(data, dict):
            # TRANSLATORS: {kind} is a Python type name such as "list": keep it as it is.
            message = gettext("expected a JSON object, found {kind}")
            raise SettingsError(message.format(kind=type(data).__name__))
        if "format" in data:
            if data["format"] != FORMAT:
                # TRANSLATORS: {format} is the format name the file gives itself.
                message = gettext("not a settings file (format {format})")
                raise SettingsError(message.format(format=short_repr(data["format"])))
        elif require_marker:
            # TRANSLATORS: {marker} is the line a settings file holds: keep it as it is.
            message = gettext("not a ttt-gui settings file (no {marker} in it)")
            raise SettingsError(message.format(marker=f'"format": "{FORMAT}"'))
        else:
            unknown = sorted(set(data) - _KNOWN_KEYS)
            if unknown:
                # TRANSLATORS: {keys} are the names the file holds that settings do not have.
                message = gettext("not a settings file (it holds {keys})")
                raise SettingsError(message.format(keys=shorten(repr(unknown), 60)))
        try:
            game = GameConfig.from_dict(data)
        except ConfigError as error:
            raise SettingsError.invalid(error.field, error.value) from None
        except OverflowError:  # an integer think time too large for a float
            value = short_repr(data.get("think_time"))
            raise SettingsError.invalid("think_time", value) from None
        display = {key: data[key] for key in _DISPLAY_KEYS if key in data}
        extra = {key: value for key, value in data.items() if key not in _MARKED_KEYS}
        recent = _read_recent(data["recent"]) if "recent" in data else ()
        try:
            puzzles = PuzzleRecord.from_json_value(data.get("puzzles", {}))
        except PuzzleRecordError as error:
            raise SettingsError.invalid("puzzles", str(error)) from None
        settings = cls(game=game, **display, recent=recent, puzzles=puzzles, extra=extra)
        settings.validate()
        scores_format = data.get("scores_format", 1)
        if is_int(scores_format) and scores_format < SCORES_FORMAT:
            settings.scores = migrate_scores(settings.scores, game)
        return settings

    def to_json(self) -> str:
        """The flat JSON object :meth:`from_json` reads back, always within the
        reader's limits: beyond :data:`MAX_SCORE_ENTRIES` entries or
        :data:`MAX_FILE_BYTES`, the least recently played scores are left out
        (and, were that not enough, the keys kept in :attr:`extra`); tallies
        stop at :data:`MAX_COUNT`; a folder name too long to keep is left out."""
        scores = {
            key: {label: max(0, min(count, MAX_COUNT)) for label, count in counts.items()}
            for key, counts in list(self.scores.items())[-MAX_SCORE_ENTRIES:]
        }
        extra = self.extra
        text = self._encode(scores, extra)
        while len(text) > MAX_FILE_BYTES and (scores or extra):
            if scores:
                _drop_oldest(scores, len(text) - MAX_FILE_BYTES)
            else:
                extra = {}
            text = self._encode(scores, extra)
        return text

    def _encode(self, scores: Scores, extra: dict[str, Any]) -> str:
        """The file's text (ASCII, so its length is its size in bytes): the keys
        sorted, the scores in the order last played, other values as they are."""
        data: dict[str, Any] = {
            **extra,
            "format": FORMAT,
            "scores_format": SCORES_FORMAT,
            **self.game.to_dict(),
        }
        data.update((key, getattr(self, key)) for key in _DISPLAY_KEYS)
        data["scores"] = scores
        data["recent"] = [setup_to_dict(setup) for setup in self.recent]
        if self.puzzles != PuzzleRecord():  # no key until the first puzzle
            data["puzzles"] = self.puzzles.to_json_value()
        if len(self.folder) > MAX_FOLDER_LENGTH:
            data["folder"] = ""
        return json.dumps({key: data[key] for key in sorted(data)}, indent=2) + "\n"


def _drop_oldest(scores: Scores, excess: int) -> None:
    """Remove the first (least recently played) entries of ``scores`` until
    about ``excess`` characters are gone, at least one."""
    while scores:
        key = next(iter(scores))
        excess -= len(json.dumps({key: scores.pop(key)}))
        if excess <= 0:
            return


def _valid_scores(scores: object) -> bool:
    return (
        isinstance(scores, dict)
        and len(scores) <= MAX_SCORE_ENTRIES
        and all(
            isinstance(key, str)
            and isinstance(counts, dict)
            and all(
                isinstance(label, str) and is_int(count) and 0 <= count <= MAX_COUNT
                for label, count in counts.items()
            )
            for key, counts in scores.items()
        )
    )


def migrate_scores(scores: Scores, game: GameConfig) -> Scores:
    """Scores of an older file (no ``"scores_format"``), in this version's
    keys. It kept one match per mode and board, every level mixed
    (``"computer:3x3:3"``); each such entry against the computer, or of
    computer vs computer, becomes the match against the opponent the file
    had chosen (its game's level, or levels), the likeliest one. The
    statistics per level (``"… vs hard"``) and two players' matches keep
    their keys; the order (last played last) stays.

    >>> migrate_scores({"computer:3x3:3": {"you": 2}, "computer:3x3:3 vs hard": {"you": 5}},
    ...                GameConfig(level="hard"))
    {'computer:3x3:3 at hard': {'you': 2}, 'computer:3x3:3 vs hard': {'you': 5}}
    """
    migrated: Scores = {}
    for key, counts in scores.items():
        mode = key.partition(":")[0]
        old_match = STATISTICS_SEPARATOR not in key and MATCH_SEPARATOR not in key
        if old_match and mode in (Mode.COMPUTER.value, Mode.WATCH.value):
            opponent = dataclasses.replace(game, mode=Mode(mode)).opponent
            key = f"{key}{MATCH_SEPARATOR}{opponent}"
        merged = migrated.setdefault(key, {})
        for label, count in counts.items():
            merged[label] = min(merged.get(label, 0) + count, MAX_COUNT)
    return migrated


_KNOWN_KEYS = (
    frozenset(GameConfig().to_dict())
    | frozenset(_DISPLAY_KEYS)
    | {"scores_format", "recent", "puzzles"}
)


def _read_recent(data: object) -> tuple[GameConfig, ...]:
    """The recent setups of a file's ``"recent"``, each once. Raises
    SettingsError for anything but a list of at most
    :data:`~ttt_gui.config.setups.RECENT_SETUPS` setups."""
    if not isinstance(data, list) or len(data) > RECENT_SETUPS:
        raise SettingsError.invalid("recent", short_repr(data))
    recent: list[GameConfig] = []
    for entry in data:
        setup = setup_from_dict(entry)
        if setup is None:
            raise SettingsError.invalid("recent", short_repr(data))
        if setup not in recent:
            recent.append(setup)
    return tuple(recent)


_MARKED_KEYS = _KNOWN_KEYS | {"format"}


def read_settings(path: Path, *, require_marker: bool = False) -> Settings:
    """The settings in the file ``path`` (see :meth:`Settings.from_json`).

    Raises FileNotFoundError, another OSError if it cannot be read (see
    :func:`~ttt_gui.storage.files.read_limited`), or SettingsError for contents that
    are not settings."""
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except ValueError as error:  # larger than the limit
        raise SettingsError(str(error)) from None
    try:
        return Settings.from_json(data.decode("utf-8-sig"), require_marker=require_marker)
    except UnicodeDecodeError as error:
        # TRANSLATORS: {reason} is the decoder's own (English) account of the bad bytes.
        message = gettext("not UTF-8 text ({reason})")
        raise SettingsError(message.format(reason=error.reason)) from None


def default_path() -> Path:
    """The settings file in the user's config folder (platformdirs)."""
    from platformdirs import user_config_path

    return user_config_path("ttt-gui", appauthor=False) / "settings.json"


def load(path: Path, *, set_aside_bad: bool = True) -> tuple[Settings, str | None, bool]:
    """Settings from ``path``, a message for the user if it was unusable, and
    whether ``path`` may be written.

    A missing file gives defaults silently. A path that cannot be read or is
    not a regular file is left alone and must not be written. A file whose
    contents are not settings is renamed aside (``settings.json.corrupt-<time>``,
    for the app's own file in its own folder) and defaults are used; with
    ``set_aside_bad`` False (a file the person named) the file must carry the
    ``"format"`` marker, and SettingsError is raised instead for anything else:
    the file is left as it is, byte for byte.
    """
    try:
        return read_settings(path, require_marker=not set_aside_bad), None, True
    except FileNotFoundError:
        return Settings(), None, True
    except OSError as error:
        reason = error.strerror or str(error)
        return Settings(), _left_as_it_is(path.name, reason), False
    except (SettingsError, TypeError) as error:
        if not set_aside_bad:
            raise SettingsError(str(error)) from None
        aside = set_aside(path)
        reason = shorten(str(error), 120)
        if aside is None:
            return Settings(), _left_as_it_is(path.name, reason), False
        # TRANSLATORS: {reason} says what is wrong with the file; {aside} is the name
        # the file was renamed to, so that it is not lost.
        message = gettext(
            "The settings file {name} could not be read ({reason}); it was kept as {aside}. "
            "Using defaults."
        )
        return Settings(), message.format(name=path.name, reason=reason, aside=aside.name), True


def _left_as_it_is(name: str, reason: str) -> str:
    """The message of a settings file that could not be read and is left alone."""
    # TRANSLATORS: {reason} says why the file could not be read.
    message = gettext(
        "The settings file {name} could not be read ({reason}); it was left as it is "
        "and settings will not be saved. Using defaults."
    )
    return message.format(name=name, reason=reason)


def save(settings: Settings, path: Path) -> None:
    """Write ``settings`` to ``path`` atomically; raises OSError on failure."""
    write_atomically(path, settings.to_json())
