"""The player's puzzle record, kept with the settings: the rating of each
kind of puzzle and the last attempts; no Tk.

A rating per kind (small boards, 5×5, Connect Four, Gomoku, misère), not one
overall: the kinds are different games, a player strong at one may be new to
another, and each kind's puzzles are rated among themselves. The streak is
counted as chess sites count their puzzle streak: the days in a row, up to
today (or up to yesterday, while today's is still to come), on each of
which the player solved at least one puzzle. It is worked out from the
attempts, which are kept, newest last, up to :data:`MAX_ATTEMPTS`; the
oldest go first. The record merges across windows as the scores do
(:func:`merge_records`): each window's new attempts are added to the file's
and its rating changes applied to the file's rating.

In the settings file it is one JSON object::

    "puzzles": {"attempts": ["2026-11-29 small-0003 solved", ...],
                "count": 12, "ratings": {"small": [1532.4, 180.2, 0.06]}}

>>> record = PuzzleRecord().with_attempt(
...     Attempt("small-0003", date(2026, 11, 28), solved=True), "small", Rating(1600, 250, 0.06))
>>> PuzzleRecord.from_json_value(record.to_json_value()) == record
True
>>> record.streak(date(2026, 11, 29)), record.streak(date(2026, 11, 30))
(1, 0)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, timedelta

from ttt_gui.words import gettext

#: Attempts kept (the oldest are dropped); the streak is counted within them.
MAX_ATTEMPTS = 400
#: Kinds of puzzle a record holds a rating for, at most.
MAX_KINDS = 16
#: A puzzle's id, and a kind's, as the record keeps them.
PUZZLE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,47}", re.ASCII)
KIND = re.compile(r"[a-z][a-z-]{0,23}", re.ASCII)
#: The deviation a rating may have, at most (a new player's).
MAX_DEVIATION = 350.0


class PuzzleRecordError(ValueError):
    """A settings file's puzzle record that is not one; the message says what is wrong."""


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale, its deviation and its volatility
    (see :mod:`ttt_gui.app.puzzle_rating`)."""

    rating: float
    deviation: float
    volatility: float


#: A new player's rating: Glicko-2's defaults.
START = Rating(1500.0, 350.0, 0.06)


@dataclass(frozen=True)
class Attempt:
    """One attempt at a puzzle: its id, the day, and whether it was solved."""

    puzzle: str
    day: date
    solved: bool

    def to_text(self) -> str:
        return f"{self.day.isoformat()} {self.puzzle} {'solved' if self.solved else 'failed'}"

    @classmethod
    def from_text(cls, text: object) -> Attempt:
        """Raises PuzzleRecordError for anything but ``to_text``'s form."""
        parts = text.split(" ") if isinstance(text, str) and len(text) <= 80 else []
        if len(parts) != 3 or parts[2] not in ("solved", "failed"):
            raise _invalid("attempts", text)
        day_text, puzzle, result = parts
        if PUZZLE_ID.fullmatch(puzzle) is None:
            raise _invalid("attempts", text)
        try:
            day = date.fromisoformat(day_text)
        except ValueError:
            raise _invalid("attempts", text) from None
        return cls(puzzle, day, result == "solved")


def _invalid(part: str, value: object) -> PuzzleRecordError:
    # TRANSLATORS: {part} is the name of a part of the puzzle record as the file
    # writes it ('attempts'); {value} the value found.
    message = gettext("the puzzle record's {part} is not valid: {value}")
    return PuzzleRecordError(message.format(part=part, value=repr(value)[:60]))


@dataclass(frozen=True)
class PuzzleRecord:
    """The ratings by kind (pairs of kind and rating, in the kinds' order),
    the attempts kept (oldest first) and the count of every attempt this
    record has seen (which tells a window's new attempts from those it read,
    when windows merge)."""

    ratings: tuple[tuple[str, Rating], ...] = ()
    attempts: tuple[Attempt, ...] = ()
    count: int = 0

    def rating(self, kind: str) -> Rating:
        """The player's rating at ``kind``'s puzzles (a new player's if none yet)."""
        return dict(self.ratings).get(kind, START)

    def with_attempt(self, attempt: Attempt, kind: str, rating: Rating) -> PuzzleRecord:
        """The record with ``attempt`` added and ``kind``'s rating now ``rating``."""
        ratings = dict(self.ratings)
        ratings[kind] = rating
        attempts = (*self.attempts, attempt)[-MAX_ATTEMPTS:]
        return PuzzleRecord(_sorted(ratings), attempts, self.count + 1)

    def solved(self) -> frozenset[str]:
        """The ids of the puzzles solved (among the attempts kept)."""
        return frozenset(attempt.puzzle for attempt in self.attempts if attempt.solved)

    def streak(self, today: date) -> int:
        """Days in a row, up to ``today`` or yesterday, with a puzzle solved."""
        days = {attempt.day for attempt in self.attempts if attempt.solved}
        day = today if today in days else today - timedelta(days=1)
        length = 0
        while day in days:
            length += 1
            day -= timedelta(days=1)
        return length

    def to_json_value(self) -> dict[str, object]:
        return {
            "attempts": [attempt.to_text() for attempt in self.attempts],
            "count": self.count,
            "ratings": {  # unrounded: what is read back is what was written
                kind: [value.rating, value.deviation, value.volatility]
                for kind, value in self.ratings
            },
        }

    @classmethod
    def from_json_value(cls, data: object) -> PuzzleRecord:
        """The record a settings file holds; raises PuzzleRecordError for
        anything else (its parts checked: at most :data:`MAX_ATTEMPTS`
        attempts and :data:`MAX_KINDS` ratings, each a finite rating, a
        deviation from 0 to :data:`MAX_DEVIATION`, a volatility from 0 to 1)."""
        if not isinstance(data, dict):
            raise _invalid("puzzles", data)
        attempts_data = data.get("attempts", [])
        if not isinstance(attempts_data, list) or len(attempts_data) > MAX_ATTEMPTS:
            raise _invalid("attempts", attempts_data)
        attempts = tuple(Attempt.from_text(text) for text in attempts_data)
        count = data.get("count", len(attempts))
        if type(count) is not int or not len(attempts) <= count < 10**12:
            raise _invalid("count", count)
        ratings_data = data.get("ratings", {})
        if not isinstance(ratings_data, dict) or len(ratings_data) > MAX_KINDS:
            raise _invalid("ratings", ratings_data)
        ratings = {}
        for kind, value in ratings_data.items():
            if (
                not isinstance(kind, str)
                or KIND.fullmatch(kind) is None
                or not isinstance(value, list)
                or len(value) != 3
                or not all(type(number) in (int, float) for number in value)
            ):
                raise _invalid("ratings", {kind: value})
            rating = Rating(*(float(number) for number in value))
            if not (
                math.isfinite(rating.rating)
                and abs(rating.rating) < 10**5
                and 0 < rating.deviation <= MAX_DEVIATION
                and 0 < rating.volatility < 1
            ):
                raise _invalid("ratings", {kind: value})
            ratings[kind] = rating
        return cls(_sorted(ratings), attempts, count)


def _sorted(ratings: dict[str, Rating]) -> tuple[tuple[str, Rating], ...]:
    return tuple(sorted(ratings.items()))


def merge_records(
    on_file: PuzzleRecord, baseline: PuzzleRecord, current: PuzzleRecord
) -> PuzzleRecord:
    """``on_file`` with the attempts ``current`` made since ``baseline``
    added after the file's, and each kind's rating moved by as much as
    ``current`` moved it from ``baseline`` (the deviation kept within its
    bounds); the kinds this window did not play keep the file's ratings.

    >>> one = PuzzleRecord().with_attempt(Attempt("small-1", date(2026, 1, 1), True), "small",
    ...                                   Rating(1600, 300, 0.06))
    >>> two = PuzzleRecord().with_attempt(Attempt("small-2", date(2026, 1, 1), False), "small",
    ...                                   Rating(1450, 300, 0.06))
    >>> merged = merge_records(one, PuzzleRecord(), two)
    >>> [attempt.puzzle for attempt in merged.attempts], merged.count
    (['small-1', 'small-2'], 2)
    >>> merged.rating("small")
    Rating(rating=1550.0, deviation=250.0, volatility=0.06)
    """
    new = max(0, current.count - baseline.count)
    if new == 0 and current.ratings == baseline.ratings:
        return on_file
    added = current.attempts[len(current.attempts) - min(new, len(current.attempts)) :]
    ratings = dict(on_file.ratings)
    for kind, after in current.ratings:
        before = baseline.rating(kind)
        if after == before:
            continue
        there = on_file.rating(kind)
        if there == before:
            ratings[kind] = after
            continue
        deviation = there.deviation + after.deviation - before.deviation
        volatility = there.volatility + after.volatility - before.volatility
        ratings[kind] = Rating(
            there.rating + after.rating - before.rating,
            min(max(deviation, 1.0), MAX_DEVIATION),
            min(max(volatility, 0.0001), 0.9),
        )
    attempts = (*on_file.attempts, *added)[-MAX_ATTEMPTS:]
    return PuzzleRecord(_sorted(ratings), attempts, on_file.count + new)
