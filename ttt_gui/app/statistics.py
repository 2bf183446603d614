"""The statistics of every finished game, and of the puzzles, in words; no Tk.

Each finished game counts for good under its mode, board and opponent
(:attr:`~ttt_gui.config.GameConfig.statistics_key`), apart from the score
line's match, which a reset zeroes. :func:`statistics_rows` turns those
entries into the rows of the Statistics table: against the computer per level
(won, drawn and lost, then split by the side the person played), computer vs
computer per pair of levels and two players per board (X's wins, O's, draws).
Entries an older version wrote without the side split show the totals only.
:func:`puzzle_rows` adds the puzzle rating of each kind played, with the
puzzles solved, and the streak.
"""

from __future__ import annotations

from datetime import date

from ttt_gui.config import (
    LEVEL_ALIASES,
    LEVELS,
    LEVELS_SEPARATOR,
    STATISTICS_SEPARATOR,
    Mode,
    statistics_labels,
)
from ttt_gui.storage.puzzle_record import PuzzleRecord
from ttt_gui.storage.settings import Scores
from ttt_gui.words import gettext, gettext_noop, ngettext, pgettext

#: The kinds of puzzle in words, by their ids (in the order of the table).
PUZZLE_KINDS = {
    # TRANSLATORS: the kind of puzzles played on the small boards.
    "small": gettext_noop("3×3 and 4×4"),
    "five": gettext_noop("5×5, four in a row"),
    "connect-four": gettext_noop("Connect Four"),
    "gomoku": gettext_noop("Gomoku"),
    # TRANSLATORS: the kind of puzzles played under the misère rule.
    "misere": gettext_noop("Misère boards"),
}

#: The order of the modes in the table.
_MODE_ORDER = (Mode.COMPUTER, Mode.WATCH, Mode.HOTSEAT)
#: The count labels of a game against the computer, and of the others.
_PERSON_RESULTS = ("you", "draw", "computer")
_SIDE_RESULTS = ("X", "O", "draw")


def _level_words(name: str, board_key: str) -> str:
    """A level's name in words on the board of ``board_key`` (as the menus say it)."""
    labels = statistics_labels(f"{board_key}{STATISTICS_SEPARATOR}{name}")
    return labels[1] if labels is not None else name


def _person_words(counts: dict[str, int], suffix: str = "") -> str:
    won, drawn, lost = (counts.get(f"{label}{suffix}", 0) for label in _PERSON_RESULTS)
    return gettext("won {won}, drawn {drawn}, lost {lost}").format(won=won, drawn=drawn, lost=lost)


def _computer_words(counts: dict[str, int]) -> str:
    """Against the computer: the totals, then by side where the file has them."""
    words = _person_words(counts)
    sides = [
        gettext("as {side}: {results}").format(
            side=side, results=_person_words(counts, f":{side}")
        )
        for side in ("X", "O")
        if any(counts.get(f"{label}:{side}", 0) for label in _PERSON_RESULTS)
    ]
    if not sides:
        return words
    # TRANSLATORS: the results against the computer ("won 2, drawn 1, lost 0"), then
    # by side ("as X: won 2, drawn 0, lost 0; as O: ...").
    return gettext("{totals} ({by_side})").format(totals=words, by_side="; ".join(sides))


def _sides_words(counts: dict[str, int]) -> str:
    x, o, drawn = (counts.get(label, 0) for label in _SIDE_RESULTS)
    return gettext("X won {x}, O won {o}, drawn {drawn}").format(x=x, o=o, drawn=drawn)


def statistics_rows(scores: Scores) -> list[tuple[str, str]]:
    """The Statistics table: (whom against and on which board, the results
    in words), e.g. ``('Hard, 3×3 (3 in a row)', 'won 2, drawn 1, lost 4
    (as X: won 2, drawn 1, lost 0; as O: won 0, drawn 0, lost 4)')``; against
    the computer first, by board (fewest cells first), then level (the
    ladder's order); then computer vs computer; then two players. Only the
    statistics entries count (not the matches); a level's old and new ids add
    up. Rows are grouped and ordered by the keys' ids, never by their words."""
    totals: dict[tuple[Mode, str, str], dict[str, int]] = {}
    for key, counts in scores.items():
        mode_text = key.partition(":")[0]
        if statistics_labels(key) is None or mode_text not in {mode.value for mode in Mode}:
            continue
        if not any(counts.values()):
            continue
        board_key, _, opponent = key.partition(STATISTICS_SEPARATOR)
        opponent = LEVELS_SEPARATOR.join(
            LEVEL_ALIASES.get(name, name) for name in opponent.split(LEVELS_SEPARATOR)
        )
        total = totals.setdefault((Mode(mode_text), board_key, opponent), {})
        for label, count in counts.items():
            total[label] = total.get(label, 0) + count

    def order(row: tuple[Mode, str, str]) -> tuple[int, int, str, int, str]:
        mode, board_key, opponent = row
        ladder = list(LEVELS)
        rank = ladder.index(opponent) if opponent in ladder else len(ladder)
        return _MODE_ORDER.index(mode), _cells(board_key), board_key, rank, opponent

    rows = []
    for mode, board_key, opponent in sorted(totals, key=order):
        counts = totals[(mode, board_key, opponent)]
        labels = statistics_labels(f"{board_key}{STATISTICS_SEPARATOR}{opponent}")
        board, level = labels if labels is not None else (board_key, opponent)
        if mode is Mode.WATCH:
            x_level, _, o_level = opponent.partition(LEVELS_SEPARATOR)
            # TRANSLATORS: computer vs computer: the levels X and O played at.
            level = gettext("X {x_level} vs O {o_level}").format(
                x_level=_level_words(x_level, board_key), o_level=_level_words(o_level, board_key)
            )
        elif mode is Mode.HOTSEAT:
            level = gettext("Two players")
        elif (depth := _depth(opponent)) is not None:
            level = gettext("depth {depth}").format(depth=depth)
        words = _computer_words(counts) if mode is Mode.COMPUTER else _sides_words(counts)
        # TRANSLATORS: a row of the Statistics: whom against ("Hard", "Two players") and
        # on which board ("3×3 (3 in a row)").
        rows.append((gettext("{opponent}, {board}").format(opponent=level, board=board), words))
    return rows


def _depth(opponent: str) -> int | None:
    """The depth of a custom strength's id (``'depth 5'``: 5), None for another id."""
    prefix, _, number = opponent.partition(" ")
    if prefix == "depth" and number.isascii() and number.isdigit() and len(number) <= 4:
        return int(number)
    return None


def _cells(board_key: str) -> int:
    """The cells of the board a score key names (``'computer:7x6:4'``: 42),
    for the table's order; a key that names none goes after every board."""
    columns, _, rows = board_key.partition(":")[2].partition(":")[0].partition("x")
    if all(n.isascii() and n.isdigit() and len(n) <= 4 for n in (columns, rows)):
        return int(columns) * int(rows)
    return 10**8


def rating_words(value: float) -> str:
    """A puzzle rating in words: rounded, thousands grouped as the language
    groups them (``'1,532'``)."""
    # TRANSLATORS: the thousands separator of numbers such as 1,532 (a dot in German).
    return f"{round(value):,}".replace(",", pgettext("thousands separator", ","))


def puzzle_rows(record: PuzzleRecord, today: date) -> list[tuple[str, str]]:
    """The Statistics rows of the puzzles: each kind played, its rating and
    the puzzles solved of those tried (among the attempts kept), then the
    streak (days in a row with a puzzle solved); none before the first try."""
    if not record.attempts:
        return []
    rows = []
    for kind, words in PUZZLE_KINDS.items():
        tried = [a for a in record.attempts if a.puzzle.startswith(f"{kind}-")]
        if not tried:
            continue
        solved = sum(attempt.solved for attempt in tried)
        # TRANSLATORS: a row of the Statistics: {kind} is a kind of puzzle ("Connect Four").
        label = gettext("Puzzles, {kind}").format(kind=gettext(words))
        # TRANSLATORS: {rating} is the player's puzzle rating ("1,532").
        value = ngettext(
            "rating {rating}, {solved} of {tried} puzzle solved",
            "rating {rating}, {solved} of {tried} puzzles solved",
            len(tried),
        ).format(rating=rating_words(record.rating(kind).rating), solved=solved, tried=len(tried))
        rows.append((label, value))
    days = record.streak(today)
    streak = ngettext("{days} day in a row", "{days} days in a row", days).format(days=days)
    rows.append((gettext("Puzzle streak"), streak))
    return rows
