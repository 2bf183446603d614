"""One window's share of a settings file that other windows use too; no Tk.

Any number of windows (processes) may run on one settings file. Each window
keeps a *baseline*: its settings as they were when it last read or wrote the
file. Saving takes the file's lock, reads the file as it is now, applies what
this window changed since its baseline (and adds the games it finished since
to the scores), writes the result atomically and makes the window's settings
its new baseline. So a window never writes back what it merely loaded: no
window's changes or finished games are lost, whatever the order in which the
windows save and close, and options given for one run are never saved unless
the person changes them. The keys this version does not know are the file's,
kept as they are.

>>> base = Settings(scores={"hotseat:3x3:3": {"X": 1}})
>>> on_file = Settings(theme="dark", scores={"hotseat:3x3:3": {"X": 2}})
>>> mine = Settings(zoom=1.5, scores={"hotseat:3x3:3": {"X": 2, "O": 1}})
>>> merged = merge(on_file, base, mine)
>>> merged.theme, merged.zoom, merged.scores
('dark', 1.5, {'hotseat:3x3:3': {'X': 3, 'O': 1}})
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from ttt_gui.config import ConfigError, GameConfig
from ttt_gui.config.setups import remember
from ttt_gui.storage.files import locked, resolve_link
from ttt_gui.storage.puzzle_record import merge_records
from ttt_gui.storage.settings import Scores, Settings, SettingsError, read_settings, save
from ttt_gui.words import gettext

#: Longest wait (s) of a waiting save for another window to let go of the lock.
LOCK_TIMEOUT = 5.0


def merge(on_file: Settings, baseline: Settings, current: Settings) -> Settings:
    """``on_file`` with what changed from ``baseline`` to ``current``.

    A setting (or game field) that ``current`` changed takes its new value;
    every other one keeps the file's. Scores add up: each tally on file gains
    the difference between ``current`` and ``baseline`` (never going below
    zero), so each finished game is counted once and a reset takes away only
    the games this window had seen; the tallies that changed move to the end
    (the most recently played). If the changed game fields do not fit the
    file's (a win length longer than the board), ``current``'s whole game is
    taken. The puzzle attempts add up too, and the ratings move by as much
    as this window moved them (:func:`~ttt_gui.storage.puzzle_record.merge_records`). The keys this
    version does not know are ``on_file``'s."""
    game_changes = _changed_fields(baseline.game, current.game)
    try:
        game = dataclasses.replace(on_file.game, **game_changes)
    except ConfigError:
        game = current.game
    display_changes = _changed_fields(
        baseline, current, skip=("game", "scores", "recent", "puzzles", "extra")
    )
    scores = _add_scores(on_file.scores, baseline.scores, current.scores)
    recent = _add_recent(on_file.recent, baseline.recent, current.recent)
    puzzles = merge_records(on_file.puzzles, baseline.puzzles, current.puzzles)
    return dataclasses.replace(
        on_file, game=game, scores=scores, recent=recent, puzzles=puzzles, **display_changes
    )


def _add_recent(
    on_file: tuple[GameConfig, ...],
    baseline: tuple[GameConfig, ...],
    current: tuple[GameConfig, ...],
) -> tuple[GameConfig, ...]:
    """The file's recent setups with those ``current`` started since
    ``baseline`` in front, in the order started: the setups other windows
    started meanwhile stay, behind this window's.

    The setups started are the shortest head of ``current`` after which
    ``current`` goes on as ``baseline`` without them.

    >>> a, b, c, d = (GameConfig(rows=size, cols=size) for size in (3, 4, 5, 6))
    >>> _add_recent((d, a, b), (a, b, c), (a, c, b)) == (a, c, d)
    True
    """
    if current == baseline:
        return on_file
    for count in range(len(current) + 1):
        started = current[:count]
        rest = tuple(setup for setup in baseline if setup not in started)
        if current[count:] == rest[: len(current) - count]:
            break
    recent = on_file
    for setup in reversed(started):
        recent = remember(recent, setup)
    return recent


def _changed_fields(before: Any, after: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        field.name: getattr(after, field.name)
        for field in dataclasses.fields(after)
        if field.name not in skip and getattr(after, field.name) != getattr(before, field.name)
    }


def _add_scores(on_file: Scores, baseline: Scores, current: Scores) -> Scores:
    merged = copy.deepcopy(on_file)
    for key in set(baseline) | set(current):
        before, after = baseline.get(key, {}), current.get(key, {})
        for label in set(before) | set(after):
            difference = after.get(label, 0) - before.get(label, 0)
            if difference:
                tally = merged.pop(key, {})
                tally[label] = max(0, tally.get(label, 0) + difference)
                merged[key] = tally
    return merged


class SettingsStore:
    """Saves one window's settings into a file other windows may share.

    ``baseline`` is what the window starts with: the file's settings with any
    options for this run applied. ``path`` None (or ``can_write`` False) keeps
    nothing. :meth:`save` raises OSError (SettingsError, a ValueError, when
    the file now holds something that is not settings: it is left as it is).
    A save waits up to ``lock_timeout`` seconds for another window to let go
    of the file's lock, or not at all with ``wait`` False.
    """

    def __init__(
        self,
        path: Path | None,
        baseline: Settings,
        *,
        can_write: bool = True,
        lock_timeout: float = LOCK_TIMEOUT,
    ) -> None:
        self.path = path if can_write else None
        self.lock_timeout = lock_timeout
        self._baseline = copy.deepcopy(baseline)

    def save(self, current: Settings, *, wait: bool = True) -> None:
        """Merge what changed since the last save into the file, under its lock.

        Raises LockTimeoutError, having changed nothing, if another window
        holds the lock: at once with ``wait`` False, else after
        ``lock_timeout`` seconds. The changes are then merged by a later save."""
        if self.path is None:
            return
        target = resolve_link(self.path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with locked(target, timeout=self.lock_timeout if wait else 0.0):
            try:
                on_file = read_settings(target)
            except FileNotFoundError:
                on_file = Settings()
            except SettingsError as error:
                # TRANSLATORS: {name} is the settings file's name; {problem} what is wrong.
                message = gettext(
                    "{name} no longer holds settings ({problem}); it was left as it is"
                )
                raise SettingsError(message.format(name=self.path.name, problem=error)) from None
            save(merge(on_file, self._baseline, current), self.path)
        self._baseline = copy.deepcopy(current)

    def __call__(self, current: Settings, *, wait: bool = True) -> None:
        self.save(current, wait=wait)
